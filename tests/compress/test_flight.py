"""Single flight of identical concurrent compressions, and Retry-After parsing."""

from __future__ import annotations

import asyncio
import email.utils

import pytest

from webdistill.adapters.compress.flight import SingleFlight
from webdistill.adapters.compress.openai_chat import retry_after_s


class Work:
    """A call that waits for `release` and counts how often it started."""

    def __init__(self) -> None:
        self.started = 0
        self.cancelled = 0
        self.release = asyncio.Event()

    async def __call__(self) -> str:
        self.started += 1
        try:
            await self.release.wait()
        except asyncio.CancelledError:
            self.cancelled += 1
            raise
        return f"answer-{self.started}"


async def test_identical_concurrent_calls_share_one_run() -> None:
    flight: SingleFlight[str] = SingleFlight()
    work = Work()
    callers = [asyncio.ensure_future(flight.run("key", work)) for _ in range(3)]
    await asyncio.sleep(0)
    assert flight.in_flight() == 1
    work.release.set()
    assert await asyncio.gather(*callers) == ["answer-1"] * 3
    assert work.started == 1
    assert flight.in_flight() == 0
    assert await flight.run("key", work) == "answer-2"  # nothing is remembered afterwards


async def test_a_cancelled_caller_does_not_cancel_the_others() -> None:
    flight: SingleFlight[str] = SingleFlight()
    work = Work()
    first = asyncio.ensure_future(flight.run("key", work))
    second = asyncio.ensure_future(flight.run("key", work))
    await asyncio.sleep(0)
    first.cancel()
    await asyncio.sleep(0)
    assert work.cancelled == 0
    work.release.set()
    assert await second == "answer-1"
    with pytest.raises(asyncio.CancelledError):
        await first


async def test_the_work_stops_when_every_caller_left_and_a_newcomer_starts_afresh() -> None:
    flight: SingleFlight[str] = SingleFlight()
    work = Work()
    only = asyncio.ensure_future(flight.run("key", work))
    await asyncio.sleep(0)
    only.cancel()
    await asyncio.gather(only, return_exceptions=True)
    await asyncio.sleep(0)
    assert work.cancelled == 1
    work.release.set()
    assert await flight.run("key", work) == "answer-2"


async def test_a_raise_reaches_every_caller() -> None:
    flight: SingleFlight[str] = SingleFlight()
    gate = asyncio.Event()

    async def boom() -> str:
        await gate.wait()
        raise RuntimeError("bug")

    callers = [asyncio.ensure_future(flight.run("key", boom)) for _ in range(2)]
    await asyncio.sleep(0)
    gate.set()
    results = await asyncio.gather(*callers, return_exceptions=True)
    assert all(isinstance(result, RuntimeError) for result in results)


def test_retry_after_in_seconds_and_as_an_http_date() -> None:
    now = 1_700_000_000.0
    assert retry_after_s("7", now) == 7.0
    assert retry_after_s(email.utils.formatdate(now + 5, usegmt=True), now) == 5.0
    assert retry_after_s("Tue, 14 Nov 2023 22:13:25 GMT", now) == 5.0
    assert retry_after_s(email.utils.formatdate(now - 60, usegmt=True), now) == 0.0
    assert retry_after_s("Sunday, 06-Nov-94 08:49:37 GMT", now) == 0.0  # obsolete form, past
    for bad in ("", "soon", "-3", "1.5", "Tue, 99 Nov 2023 99:99:99 GMT"):
        assert retry_after_s(bad, now) is None
