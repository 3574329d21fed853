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
latest when the page read ends; or as soon as the page's first host answered with a
redirect to another host (`leave_host`, called by the client): the turn is for the host being
talked to. A redirect to another host, robots.txt, a Markdown alternate or a rendered page's
requests take no turn: the connector's own bound covers them.

The wait for a turn counts against the page read's deadline (deadline.py), as the wait in
the connector did. `close` (the toolkit closing) ends every wait: `take` answers None, and
the page read fails with `http.errors.closed_error` instead of going on to the site.
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

    __slots__ = ("_turns", "key")

    def __init__(self, turns: HostTurns | None, key: str) -> None:
        self._turns = turns
        self.key = key

    def give_back(self) -> None:
        turns, self._turns = self._turns, None
        if turns is not None:
            turns.release(self.key)


class HostTurns:
    """At most `limit` turns per host at once; the others wait first come, first served."""

    def __init__(self, limit: int) -> None:
        self._limit = max(1, limit)
        self._held: dict[str, int] = {}
        #: Each waiter's future: True once handed a turn, False when the turns close.
        self._waiting: dict[str, deque[asyncio.Future[bool]]] = {}
        self._closed = False

    def held(self, key: str) -> int:
        """Turns of `key` taken and not given back."""
        return self._held.get(key, 0)

    def take_now(self, key: str) -> Turn | None:
        """A turn at `key` if one is free now and nobody waits for one (else None: `take`)."""
        held = self._held.get(key, 0)
        if held < self._limit and key not in self._waiting and not self._closed:
            self._held[key] = held + 1
            return Turn(self, key)
        return None

    async def take(self, key: str) -> Turn | None:
        """A turn at `key`, once one is free (and every earlier asker has had theirs);
        None when the turns are (or get) closed while waiting."""
        turn = self.take_now(key)
        if turn is not None or self._closed:
            return turn
        waiter: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        queue = self._waiting.setdefault(key, deque())
        queue.append(waiter)
        try:
            handed = await waiter  # `release` hands its turn over: the count stays as it is
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled() and waiter.result():
                self.release(key)  # handed over, then cancelled before it could run
            elif waiter in queue:
                queue.remove(waiter)
                if not queue and self._waiting.get(key) is queue:
                    del self._waiting[key]
            raise
        return Turn(self, key) if handed else None

    def close(self) -> None:
        """End every wait (each `take` answers None) and every later one; turns held stay
        held until given back."""
        self._closed = True
        waiting, self._waiting = self._waiting, {}
        for queue in waiting.values():
            for waiter in queue:
                if not waiter.done():
                    waiter.set_result(False)

    def release(self, key: str) -> None:
        """Give one turn of `key` back: to the first waiter still waiting, else free it."""
        queue = self._waiting.get(key)
        while queue:
            waiter = queue.popleft()
            if not queue:
                del self._waiting[key]
            if not waiter.done():
                waiter.set_result(True)
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


def leave_host(url: str) -> None:
    """The running page read now talks to `url`'s host (a redirect): unless that is the
    host of its turn, the turn passes on."""
    turn = _TURN.get()
    if turn is not None and turn.key != host_key(url):
        turn.give_back()
