"""`ReaderFallback`: a `WebBackend` decorator that asks a hosted reader when reading locally
cannot work (opt-in: WEB_READER).

When the reader is used:
- the caller asked (`prefer_reader: true`): the reader first; if it fails, the local
  reading, with a notice saying the reader failed and why;
- the local reading came back flagged `needs_javascript` or `challenge`, or as an HTML page
  with less than `TOO_SHORT_CHARS` characters, or failed with a bot wall
  (`detail.reason = "challenge"`): the reader is asked, and its page replaces the local one
  when the local page was flagged, or else when it holds more text; otherwise the local
  result stands, with a notice.

Never for a URL the kernel's policy refused (those never reach a backend), nor for one
whose host is not public (`AddressGate`: private, loopback, trusted or local-only names
stay local whatever WEB_ALLOW_PRIVATE_NETWORK says). A page made by a reader says so in
`reader` and in its notice. With no reader configured, `prefer_reader` only adds a notice.
It wraps the deadline-bounded local backend and shares its one total time: the page read
(WEB_FETCH_TIMEOUT_MS, or the call's shorter `timeout_ms`) covers the local reading and the
reader together. The reader gets what is left of it (and at most WEB_READER_TIMEOUT_MS, its
own timeout); with `prefer_reader`, the local reading after a failed reader gets what the
reader left. When nothing is left the reader is not asked, and the local result stands
with a notice saying so.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, Protocol

import attrs
from returns.result import Failure, Result, Success

from webdistill.adapters.http.walls import wall_from_body
from webdistill.adapters.pipeline.deadline import deadline_error
from webdistill.adapters.readers.base import Reader, ReaderPage
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import FetchedPage, FetchRequest, SearchQuery
from webdistill.kernel.own_text import WEB_TEXT, OwnText, name, own, sentences, words
from webdistill.kernel.ports import WebBackend

TOO_SHORT_CHARS = 200
_HTML = frozenset({"text/html", "application/xhtml+xml"})
_TRIGGER_FLAGS = ("challenge", "needs_javascript")


class Gate(Protocol):
    async def refusal(self, url: str) -> OwnText | None: ...


@attrs.frozen
class _NotRead:
    """Why the hosted reader gave no page: our sentence, and what the reader service wrote
    (its error body: shown only inside the fence, in the error's details), if anything."""

    note: OwnText
    said: str | None = None


def _trigger(page: FetchedPage) -> OwnText | None:
    """Why the local reading of `page` calls for the reader, or None."""
    for flag in _TRIGGER_FLAGS:
        if flag in page.flags:
            if flag == "challenge":
                return words("the site answered with a bot challenge")
            return words("the page needs JavaScript")
    if page.content_type in _HTML and len(page.content.strip()) < TOO_SHORT_CHARS:
        return words("the page's own text is too short")
    return None


class ReaderFallback:
    """Wraps a backend; see the module docstring for when `reader` is asked."""

    def __init__(
        self,
        inner: WebBackend,
        reader: Reader | None,
        gate: Gate,
        *,
        timeout_s: float | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        """`timeout_s`: the page read's total time (WEB_FETCH_TIMEOUT_MS), shared by the
        local reading and the reader; None: the reader has only its own timeout. `clock`:
        seconds, monotonic (the event loop's time by default)."""
        self._inner = inner
        self._reader = reader
        self._gate = gate
        self._timeout_s = timeout_s
        self._clock = clock

    async def search(self, query: SearchQuery) -> Result[Sequence[object], WebError]:
        return await self._inner.search(query)

    def extract(self, request: FetchRequest) -> Coroutine[Any, Any, Result[object, WebError]]:
        """The page read (awaited by the caller); with no reader and none preferred, the
        local backend's own read, handed on as it is (no coroutine of ours around it)."""
        if self._reader is None and not request.prefer_reader:
            return self._inner.extract(request)
        return self._extract(request)

    def _now(self) -> float:
        return self._clock() if self._clock is not None else asyncio.get_running_loop().time()

    def _total_s(self, request: FetchRequest) -> float | None:
        total = self._timeout_s
        if total is not None and request.timeout_ms is not None:
            total = min(total, request.timeout_ms / 1000)
        return total

    async def _extract(self, request: FetchRequest) -> Result[object, WebError]:
        reader = self._reader
        total = self._total_s(request)
        started = self._now()

        def left() -> float | None:
            return None if total is None else total - (self._now() - started)

        if request.prefer_reader:
            if reader is None:
                note = words("prefer_reader was asked but no hosted reader is configured "
                             "(WEB_READER); this is webdistill's own reading.")  # fmt: skip
                return _noted(await self._inner.extract(request), _NotRead(note))
            asked = words("the caller asked for it")
            read = await self._via_reader(reader, request.url, asked, left())
            if isinstance(read, Success):
                return read
            rest = left()
            if rest is not None and total is not None:
                if rest <= 0:
                    return _noted(Failure(deadline_error(request.url, total)), read.failure())
                request = attrs.evolve(request, timeout_ms=max(1, int(rest * 1000)))
            return _noted(await self._inner.extract(request), read.failure())
        local = await self._inner.extract(request)
        if reader is None:
            return local
        if isinstance(local, Success):
            page = local.unwrap()
            why = _trigger(page) if isinstance(page, FetchedPage) else None
            if why is None or not isinstance(page, FetchedPage):
                return local
            read = await self._via_reader(reader, page.url, why, left())
            flagged = any(flag in page.flags for flag in _TRIGGER_FLAGS)
            if isinstance(read, Success) and (
                flagged or len(read.unwrap().content) > len(page.content)
            ):
                return read  # a flagged page's own text is not the article: any text wins
            if isinstance(read, Success):
                label = name(reader.label, "the hosted reader")
                return _noted(
                    local, _NotRead(own("The hosted reader {} found no more text.", label))
                )
            return _noted(local, read.failure())
        error = local.failure()
        if error.detail.get("reason") != "challenge":
            return local
        wall = words("the site answered with a bot wall")
        read = await self._via_reader(reader, request.url, wall, left())
        if isinstance(read, Success):
            return read
        return _noted(local, read.failure())

    async def _via_reader(
        self, reader: Reader, url: str, why: OwnText, left_s: float | None
    ) -> Result[FetchedPage, _NotRead]:
        """The reader's page, asked within `left_s` seconds (None: its own timeout only)."""
        label = name(reader.label, "the hosted reader")
        if left_s is not None and left_s <= 0:
            late = own(
                "No time was left to ask the hosted reader {} within the page's time "
                "(WEB_FETCH_TIMEOUT_MS).",
                label,
            )
            return Failure(_NotRead(late))
        try:
            async with asyncio.timeout(left_s):
                refusal = await self._gate.refusal(url)
                if refusal is not None:
                    note = own("The URL was not sent to the hosted reader {}: {}.", label, refusal)
                    return Failure(_NotRead(note))
                answer = await reader.read(url)
        except TimeoutError:
            late = own(
                "The hosted reader {} did not answer within what was left of the page's time "
                "(WEB_FETCH_TIMEOUT_MS).",
                label,
            )
            return Failure(_NotRead(late))
        if not isinstance(answer, Success):
            failed = answer.failure()
            said = failed.detail.get(WEB_TEXT)
            note = own("The hosted reader {} failed: {}", label, failed.message)
            return Failure(_NotRead(note, f"{reader.label}: {said}" if said else None))
        read: ReaderPage = answer.unwrap()
        if not read.content:
            return Failure(_NotRead(own("The hosted reader {} returned no text.", label)))
        sample = f"<title>{read.title}</title>{read.content[:2000]}"
        if len(read.content) < 2000 and wall_from_body(sample.encode()):
            return Failure(_NotRead(own("The hosted reader {} met the bot wall too.", label)))
        notice = own("This page was read by the hosted reader {} from its own servers ({}), "
                     "not by webdistill.", label, why)  # fmt: skip
        return Success(
            FetchedPage(
                url=url,
                content=read.content,
                title=read.title,
                content_type="text/markdown",
                published=read.published,
                notice=notice,
                reader=reader.name,
            )
        )


def _noted(result: Result[object, WebError], why: _NotRead) -> Result[object, WebError]:
    """`result` with the note added to its page's notice (or to its error's message, what the
    reader service wrote joining the error's fenced details). A page's notice stands outside
    the fence and has no fenced part: there the reader's own words are left out (the note
    says it failed, and how, in our words)."""
    if isinstance(result, Success):
        page = result.unwrap()
        if isinstance(page, FetchedPage):
            return Success(attrs.evolve(page, notice=sentences(page.notice, why.note)))
        return result
    error = result.failure()
    message = sentences(error.message, why.note) or error.message
    detail = dict(error.detail)
    if why.said:
        earlier = detail.get(WEB_TEXT)
        detail[WEB_TEXT] = f"{earlier}\n{why.said}" if earlier else why.said
    return Failure(attrs.evolve(error, message=message, detail=detail))
