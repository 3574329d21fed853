"""`StoredResults`: the kernel's `ResultStore` over a `Store`, bounded per scope.

Each result is kept for `ttl_s` under a fresh unguessable id (`secrets`, 144 bits) and its
scope (the MCP session on a shared server): the key is derived from both, so another session
asking for the id misses, exactly like an unknown id. At most `max_results` are kept per
scope, oldest dropped first (a ring of slots counted with `incr`, so it holds across
processes), and each holds at most `max_chars` characters of page content (cut beyond).
Entries are versioned JSON (see `codec`); an unreadable one reads as NOT_FOUND.
"""

from __future__ import annotations

import secrets
from typing import Any

import cattrs
from returns.result import Failure, Result, Success

from webdistill.adapters.store import codec
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import FetchOutcome, SearchOutcome
from webdistill.kernel.results import StoredResult, ToolName, bound_outcomes, not_found
from webdistill.kernel.store import Store

RESULT_TTL_S = 3600.0
ID_PREFIX = "r_"

_converter = cattrs.Converter()


def _identity(scope: str, response_id: str) -> str:
    return f"{scope}\x00{response_id}"


class StoredResults:
    """Implements `ResultStore` on a `Store`."""

    def __init__(
        self, store: Store, *, max_results: int, max_chars: int, ttl_s: float = RESULT_TTL_S
    ) -> None:
        self._store = store
        self._max_results = max(1, max_results)
        self._max_chars = max_chars
        self._ttl_s = ttl_s

    async def save(
        self,
        tool: ToolName,
        outcomes: tuple[SearchOutcome, ...] | tuple[FetchOutcome, ...],
        scope: str,
    ) -> Result[str, WebError]:
        response_id = ID_PREFIX + secrets.token_urlsafe(18)
        bounded = bound_outcomes(outcomes, self._max_chars)
        data = {"tool": tool, "outcomes": _converter.unstructure(bounded)}
        identity = _identity(scope, response_id)
        entry = codec.encode("result", identity, data)
        if entry is None:
            return Failure(_unavailable("the result could not be encoded"))
        kept = await self._store.put(codec.key("result", identity), entry, self._ttl_s)
        if not isinstance(kept, Success):
            return Failure(_unavailable(kept.failure().reason))
        await self._make_room(scope, response_id)
        return Success(response_id)

    async def _make_room(self, scope: str, response_id: str) -> None:
        """Put the id in the scope's next ring slot, dropping the result that was there."""
        counted = await self._store.incr(codec.key("result-count", scope), self._ttl_s)
        if not isinstance(counted, Success):
            return
        slot = codec.key("result-slot", f"{scope}\x00{counted.unwrap() % self._max_results}")
        old = await self._store.get(slot)
        if isinstance(old, Success) and old.unwrap():
            evicted = old.unwrap().decode("ascii", "replace")
            if evicted != response_id:
                await self._store.delete(codec.key("result", _identity(scope, evicted)))
        await self._store.put(slot, response_id.encode("ascii"), self._ttl_s)

    async def load(self, response_id: str, scope: str) -> Result[StoredResult, WebError]:
        identity = _identity(scope, response_id)
        found = await self._store.get(codec.key("result", identity))
        if not isinstance(found, Success):
            return Failure(_unavailable(found.failure().reason))
        data: Any = codec.decode("result", identity, found.unwrap())
        if not isinstance(data, dict) or data.get("tool") not in ("web_search", "web_fetch"):
            return Failure(not_found(response_id))
        tool: ToolName = data["tool"]
        kind = SearchOutcome if tool == "web_search" else FetchOutcome
        try:
            outcomes = _converter.structure(data.get("outcomes"), tuple[kind, ...])  # type: ignore[valid-type]
        except (cattrs.BaseValidationError, TypeError, ValueError, KeyError):
            return Failure(not_found(response_id))
        if tool == "web_search":
            return Success(StoredResult(response_id, tool, searches=outcomes))
        return Success(StoredResult(response_id, tool, pages=outcomes))


def _unavailable(reason: str) -> WebError:
    return WebError.of(
        ErrorCode.NOT_FOUND,
        f"The result store is unavailable ({reason}), so stored results cannot be read now. "
        "Call web_search or web_fetch again.",
        retryable=True,
    )
