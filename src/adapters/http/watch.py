"""The total timeouts of a client's fetches, kept on one timer instead of one per fetch.

Every `GuardedClient.get` outside a page read's deadline has a total timeout. Arming an
asyncio timer per fetch (`asyncio.timeout`) costs, every fetch, a timer object, a heap push,
a cancellation and the heap clean-up after it. `Watch` keeps each fetch's deadline in a
dict and ONE loop timer armed at or before the earliest of them. When the timer fires,
every fetch whose deadline has come is cancelled (its task, exactly as `asyncio.timeout`
cancels it: the fetch turns that cancellation into TIMEOUT, see client.py) and the timer is
armed again at the earliest deadline left.

Invariant: while a fetch is watched, the timer is armed no later than its deadline, so no
deadline fires late (beyond the loop's clock resolution, like any asyncio timer). A fetch
that ends simply leaves the dict; the timer is not moved back for it (it then fires once
at a time nobody is due, and re-arms for whoever is left).
"""

from __future__ import annotations

import asyncio
import math
import time


class Ticket:
    """One watched fetch: its task, deadline (loop time), whether the watch cancelled it,
    and whether that was for a close (`Watch.cancel_all`) rather than the deadline.

    `cancelling` is the task's count of cancellation requests when it was watched, so that
    a cancellation from elsewhere is told apart from the watch's own (as `asyncio.timeout`
    does)."""

    __slots__ = ("cancelling", "closed", "fired", "task", "when")

    def __init__(self, task: asyncio.Task[object], when: float) -> None:
        self.task = task
        self.when = when
        self.cancelling = task.cancelling()
        self.fired = False
        self.closed = False

    def uncancel(self) -> int:
        """Take back the watch's cancellation (once); the task's remaining request count."""
        self.fired = False
        return self.task.uncancel()

    def took_back(self) -> bool:
        """Handling a cancellation of the watched task: whether it is the watch's own and
        nobody else's (then it is taken back: the wait's owner answers TIMEOUT or the closed
        error); False means the caller's own cancellation, to be raised on."""
        return self.fired and self.uncancel() <= self.cancelling


class Watch:
    """Deadlines of the fetches running on one event loop, under one timer."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self._watched: dict[Ticket, None] = {}
        self._handle: asyncio.TimerHandle | None = None
        self._armed = math.inf
        # The loop runs a timer once its time is within the clock's resolution: so do we.
        self._resolution = time.get_clock_info("monotonic").resolution

    def on(self, loop: asyncio.AbstractEventLoop) -> bool:
        """Whether this watch times fetches on `loop` (a new loop needs a new watch)."""
        return loop is self._loop

    def enter(self, seconds: float) -> Ticket:
        """Watch the running task: cancel it `seconds` from now unless it `leave`s first."""
        task = asyncio.current_task()
        if task is None:
            raise RuntimeError("a total timeout needs a running task")
        when = self._loop.time() + seconds
        ticket = Ticket(task, when)
        self._watched[ticket] = None
        if when < self._armed:
            self._arm(when)
        return ticket

    def leave(self, ticket: Ticket) -> None:
        """Stop watching `ticket` (its fetch ended, however); a cancellation of the watch's
        that came too late to be seen (the wait had ended) is taken back."""
        self._watched.pop(ticket, None)
        if ticket.fired:
            ticket.uncancel()

    def close(self) -> None:
        """Disarm the timer and forget every ticket (the client is closing)."""
        if self._handle is not None:
            self._handle.cancel()
        self._handle, self._armed = None, math.inf
        self._watched.clear()

    def cancel_all(self) -> None:
        """Cancel every watched fetch now, its ticket `fired` and `closed` (what it runs in
        is closing: the fetch turns that cancellation into its closed error), and disarm."""
        watched = list(self._watched)
        self.close()
        for ticket in watched:
            ticket.fired = ticket.closed = True
            ticket.task.cancel()

    def _arm(self, when: float) -> None:
        if self._handle is not None:
            self._handle.cancel()
        self._armed = when
        self._handle = self._loop.call_at(when, self._fire)

    def _fire(self) -> None:
        self._handle, self._armed = None, math.inf
        due = self._loop.time() + self._resolution
        nearest = math.inf
        for ticket in list(self._watched):
            if ticket.when < due:
                del self._watched[ticket]
                ticket.fired = True
                ticket.task.cancel()
            elif ticket.when < nearest:
                nearest = ticket.when
        if nearest < math.inf:
            self._arm(nearest)
