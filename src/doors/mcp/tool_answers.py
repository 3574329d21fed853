"""What a tool call answers, as plain data: the MCP result's text, its structured form and
whether it is a tool error. It imports nothing of the MCP SDK, so that the first call of a
stdio server can be answered while the SDK is still loading (early_call.py); the SDK server
(server.py) wraps the same answer in its `CallToolResult`.

A request the kernel refuses, or a batch whose every query / URL failed, is a tool error; a
batch where only some items failed is a result, each failed item carrying its code and
message. With fencing on (the default) the text is the only form: no structured content,
which clients may hand to the model as it is (see server.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any, NamedTuple, Protocol

from returns.result import Result, Success

from webdistill.config import Config
from webdistill.doors.render import error_text, fetch_to_text, search_to_text, to_jsonable
from webdistill.doors.render_results import id_line, stored_to_jsonable, stored_to_text
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import FetchOutcome, SearchOutcome
from webdistill.kernel.results import StoredResult


class ToolkitLike(Protocol):
    """What the server needs of `webdistill.compose.Toolkit` (tests pass a kernel-only one)."""

    @property
    def config(self) -> Config: ...

    async def search(
        self, raw: object, *, scope: str = ""
    ) -> Result[tuple[SearchOutcome, ...], WebError]: ...

    async def fetch(
        self, raw: object, *, scope: str = ""
    ) -> Result[tuple[FetchOutcome, ...], WebError]: ...

    async def get_result(
        self, raw: object, *, scope: str = ""
    ) -> Result[StoredResult, WebError]: ...

    def schemas(self) -> list[dict[str, Any]]: ...


class ToolAnswer(NamedTuple):
    """One tool call's MCP result: `text` for the model, `structured` (None when fenced), and
    `is_error`."""

    text: str
    structured: dict[str, Any] | None
    is_error: bool


def _structured(fence: bool, data: dict[str, Any]) -> dict[str, Any] | None:
    """Structured content only when nothing is fenced: it would carry web text unfenced."""
    return None if fence else data


def _error_answer(error: WebError, fence: bool) -> ToolAnswer:
    return ToolAnswer(error_text(error), _structured(fence, {"error": error.to_dict()}), True)


def _outcomes_answer(
    text: str, outcomes: Sequence[SearchOutcome] | Sequence[FetchOutcome], fence: bool
) -> ToolAnswer:
    failed = [outcome.error for outcome in outcomes if outcome.error is not None]
    structured: dict[str, Any] = {"results": to_jsonable(tuple(outcomes))}
    line = id_line(outcomes)
    if line:
        text = f"{text}\n\n{line}"
        structured["response_id"] = outcomes[0].response_id
    # a tool error only when nothing worked
    return ToolAnswer(
        text, _structured(fence, structured), bool(outcomes) and len(failed) == len(outcomes)
    )


async def _search(toolkit: ToolkitLike, raw: object, fence: bool, scope: str) -> ToolAnswer:
    searched: Result[tuple[SearchOutcome, ...], WebError] = await toolkit.search(raw, scope=scope)
    if not isinstance(searched, Success):
        return _error_answer(searched.failure(), fence)
    hits = searched.unwrap()
    return _outcomes_answer(search_to_text(hits, fence=fence), hits, fence)


async def _fetch(toolkit: ToolkitLike, raw: object, fence: bool, scope: str) -> ToolAnswer:
    fetched: Result[tuple[FetchOutcome, ...], WebError] = await toolkit.fetch(raw, scope=scope)
    if not isinstance(fetched, Success):
        return _error_answer(fetched.failure(), fence)
    pages = fetched.unwrap()
    return _outcomes_answer(fetch_to_text(pages, fence=fence), pages, fence)


async def _get_result(toolkit: ToolkitLike, raw: object, fence: bool, scope: str) -> ToolAnswer:
    got: Result[StoredResult, WebError] = await toolkit.get_result(raw, scope=scope)
    if not isinstance(got, Success):
        return _error_answer(got.failure(), fence)
    stored = got.unwrap()
    outcomes = stored.searches if stored.tool == "web_search" else stored.pages
    failed = [outcome.error for outcome in outcomes if outcome.error is not None]
    return ToolAnswer(
        stored_to_text(stored, fence=fence),
        _structured(fence, stored_to_jsonable(stored)),
        bool(outcomes) and len(failed) == len(outcomes),
    )


#: (toolkit, arguments, fence, scope): `scope` is the MCP session the results belong to.
ToolCall = Callable[[ToolkitLike, object, bool, str], Awaitable[ToolAnswer]]

#: Tool name -> what runs it (a new tool: its schema in `toolkit.schemas()` and a row here).
TOOL_CALLS: dict[str, ToolCall] = {
    "web_search": _search,
    "web_fetch": _fetch,
    "web_get_result": _get_result,
}
