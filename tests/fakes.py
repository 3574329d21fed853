"""Hand-written fakes of the kernel's ports: a scripted backend and a recording compressor."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from returns.result import Failure, Result, Success

from webdistill.kernel import ErrorCode, FetchRequest, SearchQuery, WebError

SearchAnswer = Sequence[object] | WebError
FetchAnswer = object | WebError


class FakeBackend:
    """Answers queries and URLs from tables; records every call it receives.

    A table value that is a `WebError` becomes a `Failure`; anything else a `Success`.
    An unknown query answers `Success(())`; an unknown URL a NETWORK_ERROR.
    """

    def __init__(
        self,
        searches: Mapping[str, SearchAnswer] | None = None,
        pages: Mapping[str, FetchAnswer] | None = None,
    ) -> None:
        self.searches = dict(searches or {})
        self.pages = dict(pages or {})
        self.search_calls: list[SearchQuery] = []
        self.extract_calls: list[FetchRequest] = []

    async def search(self, query: SearchQuery) -> Result[Sequence[object], WebError]:
        self.search_calls.append(query)
        answer = self.searches.get(query.query, ())
        if isinstance(answer, WebError):
            return Failure(answer)
        return Success(answer)

    async def extract(self, request: FetchRequest) -> Result[object, WebError]:
        self.extract_calls.append(request)
        if request.url not in self.pages:
            return Failure(WebError.of(ErrorCode.NETWORK_ERROR, f"fake: no page for {request.url}"))
        answer = self.pages[request.url]
        if isinstance(answer, WebError):
            return Failure(answer)
        return Success(answer)


class RecordingCompressor:
    """A compressor that keeps the first `keep` characters and records its calls."""

    label = "fake:recording"

    def __init__(self, keep: int = 100, error: WebError | None = None) -> None:
        self.keep = keep
        self.error = error
        self.calls: list[tuple[str, str]] = []

    async def __call__(self, text: str, instruction: str) -> Result[str, WebError]:
        self.calls.append((text, instruction))
        if self.error is not None:
            return Failure(self.error)
        return Success(text[: self.keep])


def page_row(url: str, content: str, **fields: object) -> dict[str, object]:
    """A backend `extract` row as a mapping (the shape adapters answer with)."""
    return {"url": url, "content": content, "content_type": "text/html", **fields}
