"""Fixed per-fetch cost on a tiny body: raw aiohttp vs the guarded client vs `toolkit.fetch`.

A loopback server (child process) answers a 70-byte HTML page (`--body html`, the default:
the HTML reader runs in the extraction worker pool) or a 70-byte plain-text page (`--body
text`: read inline, extract/inline.py, so the machinery's own fixed cost shows). Each side
fetches N distinct URLs (so no cache hit), one at a time (the fixed cost, not throughput),
and the sides
alternate in the same run, A B C / C B A..., so drift in the machine's load cancels. Prints
the median wall time and this process's CPU time per fetch, and their ratios to raw aiohttp
(goals: client <= 1.10x, whole tool <= 1.3x). On a loaded machine wall time is mostly waiting
for a core: read the CPU column then (work done in the extraction pool's processes is not in
it). `--cache` picks the store `toolkit.fetch` runs with (default off: the fixed cost of
the fetch itself; `memory` / `disk` add the store's own cost); `--results N` keeps N results
per caller for web_get_result (default 0 here; the default configuration keeps 100, so
`--cache disk --results 100` is what a user gets out of the box).

    .venv/bin/python bench/fetch_overhead.py [--fetches 300] [--rounds 7] [--cache off]
        [--body html|text] [--results 0]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiohttp
from aiohttp import web
from bench.http_loopback import forbid_non_loopback, start_server

from webdistill import Config, build
from webdistill.adapters.http.client import GuardedClient
from webdistill.compose import http_settings

HTML = b"<html><head><title>t</title></head><body><p>hello</p></body></html>"
TEXT = b"hello: a tiny plain-text page, about as long as the HTML one here\n"
TINY = HTML
CONTENT_TYPE = "text/html"


def make_app() -> web.Application:
    body, content_type = TINY, CONTENT_TYPE  # read at start: the child imports this module

    async def page(request: web.Request) -> web.Response:
        return web.Response(body=body, content_type=content_type)

    app = web.Application()
    app.router.add_get("/{n}", page)
    return app


Side = Callable[[str, int, int], Awaitable[float]]


async def raw(base: str, start: int, fetches: int) -> float:
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{base}/warm") as response:
            await response.read()
        began = time.perf_counter()
        for n in range(start, start + fetches):
            async with session.get(f"{base}/{n}") as response:
                body = await response.read()
            assert body == TINY
        return (time.perf_counter() - began) / fetches


def _config(cache: str, folder: str, results: int) -> Config:
    return Config(
        allow_http=True, trusted_addresses=("127.0.0.1",), cache=cache, cache_dir=folder,
        max_stored_results=results,
    )  # fmt: skip


async def client(base: str, start: int, fetches: int, config: Config) -> float:
    async with GuardedClient(http_settings(config)) as guarded:
        (await guarded.get(f"{base}/warm")).unwrap()
        began = time.perf_counter()
        for n in range(start, start + fetches):
            assert (await guarded.get(f"{base}/{n}")).unwrap().body == TINY
        return (time.perf_counter() - began) / fetches


async def tool(base: str, start: int, fetches: int, config: Config) -> float:
    async with build(config) as toolkit:
        (await toolkit.fetch({"url": f"{base}/warm"})).unwrap()
        began = time.perf_counter()
        for n in range(start, start + fetches):
            outcome = (await toolkit.fetch({"url": f"{base}/{n}"})).unwrap()[0]
            assert outcome.page is not None and "hello" in outcome.page.content, outcome
        return (time.perf_counter() - began) / fetches


async def main(fetches: int, rounds: int, cache: str, results: int) -> None:
    base, server = start_server(make_app)
    folder = tempfile.mkdtemp(prefix="webdistill-bench-")
    config = _config(cache, folder, results)
    sides: list[tuple[str, Side]] = [
        ("raw aiohttp", raw),
        ("GuardedClient", lambda b, s, n: client(b, s, n, config)),
        (f"toolkit ({cache}, {results} kept)", lambda b, s, n: tool(b, s, n, config)),
    ]
    times: dict[str, list[float]] = {name: [] for name, _ in sides}
    cpu: dict[str, list[float]] = {name: [] for name, _ in sides}
    start = 0
    try:
        for _name, run in sides:  # warm-up
            await run(base, start, 20)
            start += 20
        for _ in range(rounds):
            for name, run in sides:
                before = time.process_time()
                times[name].append(await run(base, start, fetches))
                cpu[name].append((time.process_time() - before) / fetches)
                start += fetches
            sides.reverse()
    finally:
        server.terminate()
    print(f"fetches={fetches} rounds={rounds} cpus={os.cpu_count()} "
          f"loadavg={os.getloadavg()[0]:.2f}")  # fmt: skip
    base_time = statistics.median(times["raw aiohttp"])
    base_cpu = statistics.median(cpu["raw aiohttp"])
    for name, values in times.items():
        median, used = statistics.median(values), statistics.median(cpu[name])
        print(f"{name:28s}: wall {median * 1e6:6.0f} us/fetch ({median / base_time:4.2f}x)  "
              f"CPU {used * 1e6:6.0f} us/fetch ({used / base_cpu:4.2f}x)")  # fmt: skip


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--fetches", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--cache", default="off", choices=("off", "memory", "disk"))
    parser.add_argument("--body", default="html", choices=("html", "text"))
    parser.add_argument(
        "--results", type=int, default=0, help="WEB_MAX_STORED_RESULTS (the default keeps 100)"
    )
    args = parser.parse_args()
    if args.body == "text":
        TINY, CONTENT_TYPE = TEXT, "text/plain"
    forbid_non_loopback()
    asyncio.run(main(args.fetches, args.rounds, args.cache, args.results))
