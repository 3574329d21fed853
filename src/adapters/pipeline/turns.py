"""Turns per host: at most `WEB_PER_HOST` page reads of one origin download at once.

The guarded client's connector bounds the connections to a host (aiohttp's
`limit_per_host`, the polite bound, unchanged). A page read that finds them all busy would
wait inside the connector, holding one of the `WEB_CONCURRENCY` slots (so a page of another
host, whose connections are free, waits behind it), and aiohttp arms a timer for every such
waiter (its connect timeout covers the wait). `DeadlineBackend` (deadline.py) therefore
takes a turn of the page's origin first, then its slot: a page read waits once, in a queue
of its host, on one future and no timer, and holds no slot while it waits.

A turn is given back when the page's download is over (`end_host_turn`, called by the
backend once the body is read: the connection is back in the pool), so the next page of
that host downloads while this one is being extracted, as with the connector alone; at the
latest when the page read ends. A redirect to another host, robots.txt, a Markdown
alternate or a rendered page's requests take no turn: the connector's own bound covers them.
"""

from __future__ import annotations

import asyncio
from collections import deque
from contextvars import ContextVar, Token
from urllib.parse import urlsplit


def host_key(url: str) -> str:
    """The origin a turn is for (scheme and network location: a host's port is its own)."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


class Turn:
    """One page read's turn at a host; `give_back` once (later calls do nothing)."""

    __slots__ = ("_key", "_turns")

    def __init__(self, turns: HostTurns | None, key: str) -> None:
        self._turns = turns
        self._key = key

    def give_back(self) -> None:
        turns, self._turns = self._turns, None
        if turns is not None:
            turns.release(self._key)


class HostTurns:
    """At most `limit` turns per host at once; the others wait first come, first served."""

    def __init__(self, limit: int) -> None:
        self._limit = max(1, limit)
        self._held: dict[str, int] = {}
        self._waiting: dict[str, deque[asyncio.Future[None]]] = {}

    def held(self, key: str) -> int:
        """Turns of `key` taken and not given back."""
        return self._held.get(key, 0)

    async def take(self, key: str) -> Turn:
        """A turn at `key`, once one is free (and every earlier asker has had theirs)."""
        held = self._held.get(key, 0)
        if held < self._limit and key not in self._waiting:
            self._held[key] = held + 1
            return Turn(self, key)
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        queue = self._waiting.setdefault(key, deque())
        queue.append(waiter)
        try:
            await waiter  # `release` hands its turn over: the count stays as it is
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self.release(key)  # handed over, then cancelled before it could run
            elif waiter in queue:
                queue.remove(waiter)
                if not queue and self._waiting.get(key) is queue:
                    del self._waiting[key]
            raise
        return Turn(self, key)

    def release(self, key: str) -> None:
        """Give one turn of `key` back: to the first waiter still waiting, else free it."""
        queue = self._waiting.get(key)
        while queue:
            waiter = queue.popleft()
            if not queue:
                del self._waiting[key]
            if not waiter.done():
                waiter.set_result(None)
                return
        held = self._held.get(key, 0) - 1
        if held > 0:
            self._held[key] = held
        else:
            self._held.pop(key, None)


_TURN: ContextVar[Turn | None] = ContextVar("webdistill_host_turn", default=None)


def hold_turn(turn: Turn | None) -> Token[Turn | None]:
    """Make `turn` the running page read's (the token undoes it: `drop_turn`)."""
    return _TURN.set(turn)


def drop_turn(token: Token[Turn | None]) -> None:
    """Undo `hold_turn` (the turn itself is given back by its taker)."""
    _TURN.reset(token)


def end_host_turn() -> None:
    """The running page read's download is over: its turn at the host passes on."""
    turn = _TURN.get()
    if turn is not None:
        turn.give_back()
