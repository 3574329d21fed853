"""Rendering for stored results: the `web_get_result` answer and the `response_id` line.

Pure functions over the render module's own (`search_to_text`, `fetch_to_text`,
`to_jsonable`), so a result read back looks exactly like the call that made it.
"""

from __future__ import annotations

from collections.abc import Sequence

from webdistill.doors.render import (
    TOOL_MORE_HINT,
    MoreHint,
    fetch_to_text,
    search_to_text,
    to_jsonable,
)
from webdistill.kernel.model import FetchOutcome, SearchOutcome
from webdistill.kernel.results import StoredResult

TOOL_ID_HINT = "Response id: {id} (web_get_result returns this result again)"
CLI_ID_HINT = "Response id: {id} (webdistill get {id} shows this result again)"


def response_id_of(outcomes: Sequence[SearchOutcome] | Sequence[FetchOutcome]) -> str | None:
    """The call's `response_id` (every outcome carries the same), or None when not stored."""
    return outcomes[0].response_id if outcomes else None


def id_line(
    outcomes: Sequence[SearchOutcome] | Sequence[FetchOutcome], hint: str = TOOL_ID_HINT
) -> str | None:
    response_id = response_id_of(outcomes)
    return hint.format(id=response_id) if response_id else None


def stored_to_text(
    stored: StoredResult, *, fence: bool, more_hint: MoreHint = TOOL_MORE_HINT
) -> str:
    """The stored result as its tool rendered it, under a line naming where it comes from."""
    head = f"Stored {stored.tool} result {stored.response_id}:"
    if stored.tool == "web_search":
        body = search_to_text(stored.searches, fence=fence, more_hint=more_hint)
    else:
        body = fetch_to_text(stored.pages, fence=fence, more_hint=more_hint)
    return f"{head}\n\n{body}"


def stored_to_jsonable(stored: StoredResult) -> dict[str, object]:
    """`{"response_id", "tool", "results"}`: `results` as the original call answered them."""
    outcomes = stored.searches if stored.tool == "web_search" else stored.pages
    return {
        "response_id": stored.response_id,
        "tool": stored.tool,
        "results": to_jsonable(outcomes),
    }
