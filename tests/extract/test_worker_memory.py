"""A page-reading worker's memory is bounded (WEB_EXTRACT_MEMORY_MB): TOO_LARGE, never half-read.

The pool watches each busy worker's resident memory and kills one that goes past the limit;
a failed allocation inside the worker (a burst past its hard address-space limit) is
answered the same way, and the worker is retired. Through the composed toolkit: a hostile
page whose reading needs far more than the limit (half a million one-word paragraphs, the
shape of bench/hostile_html.py's case) is TOO_LARGE with a limit of 128 MiB and read with the
default. Before the watch, a worker limited from inside saw libxml2 fail to allocate, report
a vague parse error, and the page came back silently empty.
"""

from __future__ import annotations

from aiohttp import web

from tests.extract.memory_hogs import answer_pid, fail_to_allocate, grow_resident
from tests.servers import serve
from webdistill import Config, ErrorCode, build
from webdistill.adapters.extract.pool import ExtractionPool

HOSTILE = ("<html><body>" + "<p>word</p>" * 475_000 + "</body></html>").encode()


async def test_a_worker_past_its_resident_limit_is_killed_and_the_body_is_too_large() -> None:
    pool = ExtractionPool(1, memory_mb=128)
    try:
        result = await pool.run(grow_resident, b"64", None, None)  # 1 GiB, 16 MiB at a time
        error = result.failure()
        assert error.code is ErrorCode.TOO_LARGE
        assert "WEB_EXTRACT_MEMORY_MB" in error.message and error.detail["memory_mb"] == "128"
        small = await pool.run(grow_resident, b"1", None, None)  # a fresh worker reads on
        assert small.unwrap().title == "1"
    finally:
        pool.close()


async def test_a_failed_allocation_is_too_large_and_retires_the_worker() -> None:
    pool = ExtractionPool(1, memory_mb=256)
    try:
        first = (await pool.run(answer_pid, b"", None, None)).unwrap().title
        error = (await pool.run(fail_to_allocate, b"", None, None)).failure()
        assert error.code is ErrorCode.TOO_LARGE and error.detail["reason"] == "memory"
        second = (await pool.run(answer_pid, b"", None, None)).unwrap().title
        assert second != first
    finally:
        pool.close()


async def test_without_a_limit_the_worker_reads_what_it_needs() -> None:
    pool = ExtractionPool(1)
    try:
        assert (await pool.run(grow_resident, b"12", None, None)).unwrap().title == "12"
    finally:
        pool.close()


def _config(**changes: object) -> Config:
    return Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache="off",
                  fetch_timeout_ms=60_000, **changes)  # type: ignore[arg-type]  # fmt: skip


async def test_a_page_too_costly_to_read_within_the_limit_is_too_large_through_the_tool() -> None:
    async def page(request: web.Request) -> web.Response:
        return web.Response(body=HOSTILE, content_type="text/html")

    app = web.Application()
    app.router.add_get("/", page)
    async with serve(app) as base:
        async with build(_config(extract_memory_mb=128)) as toolkit:
            (limited,) = (await toolkit.fetch({"url": base + "/"})).unwrap()
        async with build(_config()) as toolkit:
            (default,) = (await toolkit.fetch({"url": base + "/"})).unwrap()
    assert limited.error is not None and limited.error.code is ErrorCode.TOO_LARGE
    assert default.error is None and default.page is not None
    assert default.page.total_chars > 100_000
