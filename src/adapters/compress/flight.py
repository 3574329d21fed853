"""Single flight: identical concurrent calls share one running task (in-process only).

Two agents fetching the same long page with the same focus at once must not pay for two
model compressions. The first caller starts the work as a task; later callers with the same
key await that same task. A caller that is cancelled only stops waiting: the task goes on
for the others, and is cancelled only when no caller is left. A raise in the task reaches
every caller. Nothing is remembered once the task is done (caching is the caller's business).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

_V = TypeVar("_V")


class _Flight(Generic[_V]):
    def __init__(self, task: asyncio.Task[_V]) -> None:
        self.task = task
        self.waiters = 0


class SingleFlight(Generic[_V]):
    """`await flight.run(key, call)`: at most one `call()` running per key at a time."""

    def __init__(self) -> None:
        self._running: dict[Hashable, _Flight[_V]] = {}

    def in_flight(self) -> int:
        """How many keys have work running now."""
        return len(self._running)

    def _forget(self, key: Hashable, flight: _Flight[_V]) -> None:
        if self._running.get(key) is flight:
            del self._running[key]

    async def run(self, key: Hashable, call: Callable[[], Awaitable[_V]]) -> _V:
        flight = self._running.get(key)
        if flight is None:
            flight = _Flight(asyncio.ensure_future(call()))
            self._running[key] = flight
            started = flight

            def forget(_done: asyncio.Task[_V]) -> None:
                self._forget(key, started)

            flight.task.add_done_callback(forget)
        flight.waiters += 1
        try:
            return await asyncio.shield(flight.task)
        finally:
            flight.waiters -= 1
            if flight.waiters == 0 and not flight.task.done():
                self._forget(key, flight)  # a newcomer starts afresh, not on a dying task
                flight.task.cancel()
