"""Waiting for a host costs nothing (issue 33): a page read whose host has no free connection
waits in its host's queue (adapters/pipeline/turns.py), holding no slot and arming no timer.

Composed toolkits against real servers on 127.0.0.1 (two ports: two hosts), and
`DeadlineBackend` over a hand-written fake backend for when a turn passes on.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from typing import Any

import attrs
import pytest
from aiohttp import web
from returns.result import Result, Success

from tests.servers import serve
from webdistill import Config, build
from webdistill.adapters.pipeline.deadline import DeadlineBackend
from webdistill.adapters.pipeline.turns import HostTurns, end_host_turn, host_key
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import FetchRequest, SearchQuery

PAGE = b"<html><head><title>t</title></head><body><p>a page to read</p></body></html>"


@attrs.define
class Held:
    """A server whose pages answer only once `go` is set; `arrived` lists the requests
    (`came` is set at the first)."""

    base: str
    go: asyncio.Event
    came: asyncio.Event
    arrived: list[str]


def held_app(go: asyncio.Event, came: asyncio.Event, arrived: list[str]) -> web.Application:
    async def page(request: web.Request) -> web.Response:
        arrived.append(request.path)
        came.set()
        await go.wait()
        return web.Response(body=PAGE, content_type="text/html")

    app = web.Application()
    app.router.add_get("/{n}", page)
    return app


def quick_app() -> web.Application:
    async def page(request: web.Request) -> web.Response:
        return web.Response(body=PAGE, content_type="text/html")

    app = web.Application()
    app.router.add_get("/{n}", page)
    return app


@pytest.fixture
async def held() -> AsyncIterator[Held]:
    go, came, arrived = asyncio.Event(), asyncio.Event(), []
    async with serve(held_app(go, came, arrived)) as base:
        yield Held(base, go, came, arrived)
        go.set()


def config(**changes: Any) -> Config:
    return attrs.evolve(
        Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache="off"), **changes
    )


async def settle() -> None:
    """Let every runnable task run until it waits for something outside this loop turn."""
    for _ in range(50):
        await asyncio.sleep(0)


async def test_a_page_waiting_for_its_host_holds_no_slot(held: Held) -> None:
    # Two slots, one connection per host. Host A's first page is held by its server; its
    # second page must wait for A's connection, and that wait must not take the last slot:
    # a page of host B (free) is read while A's first page is still held. (Before: A's
    # second page took the slot and waited in aiohttp's connector; B waited for A's first
    # page to end, here at its 3 s deadline, and the assertion below failed.)
    async with serve(quick_app()) as other:
        settings = config(concurrency=2, per_host=1, fetch_timeout_ms=3000)
        async with build(settings) as toolkit:
            first = asyncio.create_task(toolkit.fetch({"url": f"{held.base}/1"}))
            await held.came.wait()
            second = asyncio.create_task(toolkit.fetch({"url": f"{held.base}/2"}))
            await settle()
            outcome = (await toolkit.fetch({"url": f"{other}/b"})).unwrap()[0]
            assert outcome.page is not None, outcome.error
            assert not first.done(), "host B's page waited for host A's held page"
            held.go.set()
            for task in (first, second):
                read = (await task).unwrap()[0]
                assert read.page is not None, read.error


class CountedTimers:
    """Counts the timers armed on the running loop (its `call_at`) while installed."""

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.armed = 0
        original = self.loop.call_at

        def call_at(*args: Any, **kwargs: Any) -> asyncio.TimerHandle:
            self.armed += 1
            return original(*args, **kwargs)

        self.loop.call_at = call_at  # type: ignore[method-assign]

    def close(self) -> None:
        del self.loop.call_at


async def test_pages_queued_for_a_host_arm_no_timer(held: Held) -> None:
    # Eight slots, one connection: pages 2..6 of the host wait for its connection. Waiting
    # arms nothing (before: aiohttp armed its connect timeout for each page waiting inside
    # the connector, 5 timers here).
    async with build(config(concurrency=8, per_host=1)) as toolkit:
        first = asyncio.create_task(toolkit.fetch({"url": f"{held.base}/1"}))
        await held.came.wait()
        await settle()
        timers = CountedTimers()
        try:
            queued = [
                asyncio.create_task(toolkit.fetch({"url": f"{held.base}/{n}"})) for n in range(2, 7)
            ]
            await settle()
        finally:
            timers.close()
        assert timers.armed == 0
        assert len(held.arrived) == 1
        held.go.set()
        for task in (first, *queued):
            read = (await task).unwrap()[0]
            assert read.page is not None, read.error


class Downloads:
    """A fake backend: a page read 'downloads' (ends its host turn when `downloaded` is
    set), then 'extracts' until `extracted` is set."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.downloaded = asyncio.Event()
        self.extracted = asyncio.Event()

    async def search(self, query: SearchQuery) -> Result[Sequence[object], WebError]:
        return Success(())

    async def extract(self, request: FetchRequest) -> Result[object, WebError]:
        self.started.append(request.url)
        await self.downloaded.wait()
        end_host_turn()
        await self.extracted.wait()
        return Success(request.url)


async def test_the_host_turn_passes_on_when_the_download_ends() -> None:
    inner = Downloads()
    backend = DeadlineBackend(inner, timeout_s=30, concurrency=4, per_host=1)
    first = asyncio.create_task(backend.extract(FetchRequest(url="https://a.example/1")))
    second = asyncio.create_task(backend.extract(FetchRequest(url="https://a.example/2")))
    other = asyncio.create_task(backend.extract(FetchRequest(url="https://b.example/1")))
    await settle()
    assert inner.started == ["https://a.example/1", "https://b.example/1"]
    inner.downloaded.set()  # a.example/1 is now being extracted: its host is free
    await settle()
    assert inner.started[-1] == "https://a.example/2"
    inner.extracted.set()
    assert [(await task).unwrap() for task in (first, second, other)] == [
        "https://a.example/1",
        "https://a.example/2",
        "https://b.example/1",
    ]


async def test_turns_are_first_come_first_served_and_counted() -> None:
    turns = HostTurns(2)
    key = host_key("https://a.example:8443/x?y")
    assert key == "https://a.example:8443"
    one, two = await turns.take(key), await turns.take(key)
    order: list[int] = []

    async def waiter(number: int) -> None:
        turn = await turns.take(key)
        order.append(number)
        turn.give_back()

    tasks = [asyncio.create_task(waiter(n)) for n in range(3)]
    await settle()
    assert order == [] and turns.held(key) == 2
    tasks[1].cancel()  # a waiter that gives up takes no turn
    one.give_back()
    one.give_back()  # a second give-back of one turn does nothing
    await settle()
    two.give_back()
    await asyncio.gather(tasks[0], tasks[2])
    assert order == [0, 2]
    assert turns.held(key) == 0


async def test_a_turn_handed_to_a_cancelled_waiter_passes_on() -> None:
    turns = HostTurns(1)
    first = await turns.take("k")
    late = asyncio.create_task(turns.take("k"))
    after = asyncio.create_task(turns.take("k"))
    await settle()
    first.give_back()  # handed to `late`...
    late.cancel()  # ...which is cancelled before it runs: the turn goes on to `after`
    await asyncio.gather(late, return_exceptions=True)
    (await after).give_back()
    assert turns.held("k") == 0
