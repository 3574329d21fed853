"""The client's one timer for its fetches' total timeouts (watch.py).

Each watched task is cancelled once its own deadline comes, never another's: a later
deadline is not cut short by an earlier one, an earlier deadline entered after a later one
re-arms the timer (else it would wait for the later one: the 2 s guards below would fail),
and a task that left is never cancelled.
"""

from __future__ import annotations

import asyncio

from webdistill.adapters.http.watch import Watch


async def _watched(watch: Watch, seconds: float, log: list[str], name: str) -> None:
    ticket = watch.enter(seconds)
    try:
        await asyncio.sleep(30)
    except asyncio.CancelledError:
        assert ticket.fired
        assert ticket.uncancel() == 0
        log.append(name)
    finally:
        watch.leave(ticket)


async def test_each_task_is_cancelled_at_its_own_deadline_in_order() -> None:
    watch = Watch(asyncio.get_running_loop())
    log: list[str] = []
    async with asyncio.timeout(2):
        late = asyncio.create_task(_watched(watch, 0.3, log, "late"))
        early = asyncio.create_task(_watched(watch, 0.05, log, "early"))
        await early
        assert log == ["early"] and not late.done()
        await late
    assert log == ["early", "late"]
    watch.close()


async def test_a_shorter_deadline_after_a_longer_one_rearms_the_timer() -> None:
    watch = Watch(asyncio.get_running_loop())
    log: list[str] = []
    long = asyncio.create_task(_watched(watch, 20, log, "long"))
    await asyncio.sleep(0)
    async with asyncio.timeout(2):
        await _watched(watch, 0.05, log, "short")
    assert log == ["short"] and not long.done()
    long.cancel()
    await asyncio.gather(long, return_exceptions=True)
    watch.close()


async def test_a_task_that_left_is_not_cancelled() -> None:
    watch = Watch(asyncio.get_running_loop())
    ticket = watch.enter(0.05)
    watch.leave(ticket)
    await asyncio.sleep(0.15)  # past the deadline: the timer fires and finds nobody due
    assert not ticket.fired
    other = watch.enter(0.05)  # and the watch still works afterwards
    try:
        async with asyncio.timeout(2):
            await asyncio.sleep(30)
    except asyncio.CancelledError:
        assert other.fired and other.uncancel() == 0
    finally:
        watch.leave(other)
    watch.close()
