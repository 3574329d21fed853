"""Extraction runs on work that can be stopped, inside the fetch's one total deadline.

Hostile servers on 127.0.0.1 serve bodies that cost many seconds of CPU to read (a PDF page
of 8 MiB of text operators). The fetch answers TIMEOUT at its deadline, the worker doing the
reading is killed, and the event loop keeps serving meanwhile. robots.txt time counts against
the same deadline. No timed assertions: the deadline is what ends these tests.
"""

from __future__ import annotations

import asyncio
import os

from aiohttp import web

from tests.http.fakes_http import FakeResolver
from tests.http.hostile_bodies import heavy_pdf
from tests.servers import serve
from webdistill import Config, ErrorCode, build
from webdistill.adapters.extract.dispatch import extract_content
from webdistill.adapters.extract.pool import ExtractionPool

HEAVY = heavy_pdf(8)


def app(robots_delay_s: float = 0.0, page_delay_s: float = 0.0) -> web.Application:
    async def robots(request: web.Request) -> web.Response:
        await asyncio.sleep(robots_delay_s)
        return web.Response(text="User-agent: *\nAllow: /\n")

    async def pdf(request: web.Request) -> web.Response:
        return web.Response(body=HEAVY, content_type="application/pdf")

    async def slow_page(request: web.Request) -> web.Response:
        await asyncio.sleep(page_delay_s)
        return web.Response(text="<html><body><p>late but fine</p></body></html>",
                            content_type="text/html")  # fmt: skip

    application = web.Application()
    application.router.add_get("/robots.txt", robots)
    application.router.add_get("/heavy.pdf", pdf)
    application.router.add_get("/slow", slow_page)
    return application


def config(timeout_ms: int, **changes: object) -> Config:
    return Config(allow_http=True, trusted_addresses=("127.0.0.1",), fetch_timeout_ms=timeout_ms,
                  cache=False, **changes)  # type: ignore[arg-type]  # fmt: skip


async def test_a_costly_pdf_times_out_at_the_deadline_while_the_loop_keeps_serving() -> None:
    ticks = 0
    stop = asyncio.Event()

    async def ticker() -> None:
        nonlocal ticks
        while not stop.is_set():
            await asyncio.sleep(0.01)
            ticks += 1

    async with serve(app()) as base, build(config(1500), resolver=FakeResolver({})) as toolkit:
        ticking = asyncio.create_task(ticker())
        outcome = (await toolkit.fetch({"url": base + "/heavy.pdf"})).unwrap()[0]
        stop.set()
        await ticking
    assert outcome.error is not None and outcome.error.code is ErrorCode.TIMEOUT, outcome
    assert "in total" in outcome.error.message and "extraction" in outcome.error.message
    assert ticks >= 10  # the loop ran other work all along (the reading is in a worker)


async def test_robots_txt_time_counts_against_the_one_deadline() -> None:
    # robots.txt takes 0.8 s and the page 0.8 s: each within 1.2 s, together over it.
    slow = app(robots_delay_s=0.8, page_delay_s=0.8)
    cfg = config(1200, respect_robots=True)
    async with serve(slow) as base, build(cfg, resolver=FakeResolver({})) as toolkit:
        outcome = (await toolkit.fetch({"url": base + "/slow"})).unwrap()[0]
    assert outcome.error is not None and outcome.error.code is ErrorCode.TIMEOUT, outcome


async def test_a_cancelled_extraction_kills_its_worker_and_the_pool_replaces_it() -> None:
    pool = ExtractionPool(1)
    try:
        job = asyncio.ensure_future(pool.run(extract_content, HEAVY, "application/pdf", None))
        for _ in range(1000):  # until the worker has the body
            if pool.busy_pids():
                break
            await asyncio.sleep(0.01)
        (pid,) = pool.busy_pids()
        job.cancel()
        await asyncio.gather(job, return_exceptions=True)
        for _ in range(500):  # the kill is immediate; reaping takes a moment
            if not _alive(pid):
                break
            await asyncio.sleep(0.01)
        assert not _alive(pid)
        small = b"<html><body><p>the pool goes on reading</p></body></html>"
        answer = await pool.run(extract_content, small, "text/html", None)
        assert "goes on reading" in answer.unwrap().markdown
    finally:
        pool.close()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (killed, not yet reaped) counts as gone
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ", 1)[1][:1] != "Z"
    except OSError:
        return False
