"""`StoredResults`: the kernel's `ResultStore` over a `Store`, bounded per scope.

Each result is kept for `ttl_s` under a fresh unguessable id (144 random bits from the OS) and its
scope (the MCP session on a shared server). At most `max_results` are kept per scope, oldest
dropped first, in one store call per result (`put_in_ring`): a counter shared by every
process picks the next of the scope's `max_results` slots and the result is written into
that slot, replacing the one written `max_results` results ago, in one transaction (disk) or
one script (Redis). The id names its slot and random part (`r_<slot>_<random>`) and the
entry holds the random part and scope it was written for, so an id whose slot was written
again, an id moved to another slot, an id of another session and a made-up id all read as
NOT_FOUND alike (on a memory store too, where the outcomes are kept as objects, not encoded:
nothing outside this process reads them). A `capability_scope(ring)` keeps its results in
that ring's slots and its ids end with `.<ring>`: they are read in the ring they name, by any
capability scope (the id is the capability), never by a session scope, and a session's ids
are never read by a capability scope. The id is handed out only after the entry is
stored, so any process that shares the store finds it at once. Each result holds at most
`max_chars` characters of page content (cut beyond). Entries are versioned JSON (see
`codec`); an unreadable one reads as NOT_FOUND.
"""

from __future__ import annotations

import base64
import os
import re
import sys
from collections.abc import Iterator
from typing import Any

import attrs
import cattrs
from returns.result import Failure, Result, Success

from webdistill.adapters.store import closed, codec
from webdistill.adapters.store.memory import (
    OBJECT_OVERHEAD,
    MemoryStore,
    flat_footprint,
    footprint,
)
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import FetchOutcome, SearchOutcome
from webdistill.kernel.own_text import WEB_TEXT, own
from webdistill.kernel.results import (
    CAPABILITY_PREFIX,
    StoredResult,
    ToolName,
    bound_outcomes,
    not_found,
)
from webdistill.kernel.store import Store

RESULT_TTL_S = 3600.0
ID_PREFIX = "r_"

_converter = cattrs.Converter()
#: How many scopes' hashed keys are remembered (then forgotten all at once).
SCOPE_KEYS_KEPT = 1024


@attrs.frozen
class _Kept:
    """A result as a memory store keeps it: the id's random part, the tool, the outcomes
    (already cut to `max_chars`)."""

    token: str
    tool: ToolName
    outcomes: tuple[SearchOutcome, ...] | tuple[FetchOutcome, ...]


class _Tokens:
    """The ids' random parts: what `secrets.token_urlsafe(18)` answers (144 bits from the OS,
    24 URL-safe characters), drawn 256 at a time (one `os.urandom` and one base64 pass
    instead of one each). Handing one out is one C-level `next` (atomic under the GIL, so
    threads never share one); a forked child forgets the parent's and draws its own."""

    BATCH = 256

    def __init__(self) -> None:
        self._left: Iterator[str] = iter(())

    def take(self) -> str:
        try:
            return next(self._left)
        except StopIteration:
            drawn = base64.urlsafe_b64encode(os.urandom(18 * self.BATCH)).decode("ascii")
            self._left = iter([drawn[at : at + 24] for at in range(0, len(drawn), 24)])
            return next(self._left)

    def forget(self) -> None:
        self._left = iter(())


_tokens = _Tokens()
if hasattr(os, "register_at_fork"):  # POSIX (no fork elsewhere)
    os.register_at_fork(after_in_child=_tokens.forget)


def _identity(scope: str, token: str) -> str:
    return f"{scope}\x00{token}"


def _slot_prefix(scope: str) -> str:
    """The keys of the scope's slots are this followed by the slot number."""
    return codec.key("result-ring", scope) + ":"


_ID = re.compile(re.escape(ID_PREFIX) + r"(\d{1,9})_([A-Za-z0-9_-]{24})(?:\.([A-Za-z0-9]{1,32}))?")
_RING = re.compile(r"[A-Za-z0-9]{1,32}")


def _parts(response_id: str) -> tuple[int, str, str | None] | None:
    """The slot, random part and ring (capability ids only) an id names, or None when it is
    not an id this store hands out."""
    match = _ID.fullmatch(response_id)
    return (int(match.group(1)), match.group(2), match.group(3)) if match else None


def _ring_of(scope: str) -> str | None:
    """The ring a capability scope names (None for any other scope)."""
    return scope[len(CAPABILITY_PREFIX) :] if scope.startswith(CAPABILITY_PREFIX) else None


def _reading_scope(scope: str, ring: str | None) -> str | None:
    """Where an id with `ring` is kept, read from `scope`: its own ring for a capability
    scope, `scope` itself for the others; None when the id is not of the caller's kind."""
    if _ring_of(scope) is None:
        return scope if ring is None else None
    return CAPABILITY_PREFIX + ring if ring is not None else None


class StoredResults:
    """Implements `ResultStore` on a `Store`."""

    def __init__(
        self,
        store: Store,
        *,
        max_results: int,
        max_chars: int,
        ttl_s: float = RESULT_TTL_S,
        others_write: frozenset[str] | None = None,
    ) -> None:
        """`others_write`: the store can be written by other programs (Redis); its entries
        are then read back in closed forms (`closed.py`), names only from this set."""
        self._store = store
        self._others_write = others_write
        #: A memory store keeps results as objects (no other process or release reads it).
        self._memory = store if isinstance(store, MemoryStore) else None
        self._scope_keys: dict[str, tuple[str, str]] = {}
        self._max_results = max(1, max_results)
        self._max_chars = max_chars
        self._ttl_s = ttl_s

    def _keys(self, scope: str) -> tuple[str, str]:
        """The scope's counter key and slot-key prefix (hashed once per scope)."""
        keys = self._scope_keys.get(scope)
        if keys is None:
            if len(self._scope_keys) >= SCOPE_KEYS_KEPT:
                self._scope_keys.clear()
            keys = (codec.key("result-count", scope), _slot_prefix(scope))
            self._scope_keys[scope] = keys
        return keys

    async def save(
        self,
        tool: ToolName,
        outcomes: tuple[SearchOutcome, ...] | tuple[FetchOutcome, ...],
        scope: str,
    ) -> Result[str, WebError]:
        token = _tokens.take()
        ring = _ring_of(scope)
        if ring is not None and not _RING.fullmatch(ring):
            return Failure(_unavailable("the caller's ring name is not valid"))
        suffix = "" if ring is None else f".{ring}"
        bounded = bound_outcomes(outcomes, self._max_chars)
        memory = self._memory
        if memory is not None:  # kept as it is: frozen outcomes, what `load` would rebuild
            size = len(scope) + _footprint(bounded)
            kept = _Kept(token, tool, bounded)
            slot = memory.keep_in_ring(
                ("result-count", scope), self._max_results, ("result", scope), kept,
                size=size, ttl_s=self._ttl_s,
            )  # fmt: skip
            return Success(f"{ID_PREFIX}{slot}_{token}{suffix}")
        data = {"tool": tool, "outcomes": _converter.unstructure(bounded)}
        entry = codec.encode("result", _identity(scope, token), data)
        if entry is None:
            return Failure(_unavailable("the result could not be encoded"))
        counter, prefix = self._keys(scope)
        placed = await self._store.put_in_ring(
            counter, self._max_results, prefix, entry, self._ttl_s
        )
        if not isinstance(placed, Success):
            return Failure(_unavailable(placed.failure().reason))
        return Success(f"{ID_PREFIX}{placed.unwrap()}_{token}{suffix}")

    async def load(self, response_id: str, scope: str) -> Result[StoredResult, WebError]:
        parts = _parts(response_id)
        if parts is None:
            return Failure(not_found(response_id))
        slot, token, ring = parts
        kept_in = _reading_scope(scope, ring)
        if kept_in is None:
            return Failure(not_found(response_id))
        scope = kept_in
        if self._memory is not None:
            kept = self._memory.recall(("result", scope, slot))
            if not isinstance(kept, _Kept) or kept.token != token:
                return Failure(not_found(response_id))
            if kept.tool == "web_search":
                return Success(StoredResult(response_id, kept.tool, searches=kept.outcomes))  # type: ignore[arg-type]
            return Success(StoredResult(response_id, kept.tool, pages=kept.outcomes))  # type: ignore[arg-type]
        identity = _identity(scope, token)
        found = await self._store.get(f"{self._keys(scope)[1]}{slot}")
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
        names = self._others_write
        if names is not None:
            if tool == "web_search":
                outcomes = tuple(closed.closed_search(o, names) for o in outcomes)
            else:
                outcomes = tuple(closed.closed_fetch(o, names) for o in outcomes)
        if tool == "web_search":
            return Success(StoredResult(response_id, tool, searches=outcomes))
        return Success(StoredResult(response_id, tool, pages=outcomes))


def _footprint(outcomes: tuple[SearchOutcome, ...] | tuple[FetchOutcome, ...]) -> int:
    """What the outcomes hold in memory (see `memory.footprint`), pages the cheap way."""
    total = OBJECT_OVERHEAD
    for outcome in outcomes:
        if type(outcome) is not FetchOutcome:
            total += footprint(outcome)
            continue
        total += OBJECT_OVERHEAD + sys.getsizeof(outcome.url)
        if outcome.page is not None:
            total += flat_footprint(outcome.page)
        if outcome.error is not None:
            total += footprint(outcome.error)
    return total


def _unavailable(reason: str) -> WebError:
    """The store's reason can quote its server (a Redis error): it goes to the fenced
    `WEB_TEXT` detail."""
    return WebError.of(
        ErrorCode.NOT_FOUND,
        own(
            "The result store is unavailable (its reason is in the details), so stored "
            "results cannot be read now. Call web_search or web_fetch again."
        ),
        retryable=True,
        **{WEB_TEXT: f"the result store: {reason}"},
    )
