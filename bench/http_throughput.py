"""Throughput of the guarded client against plain aiohttp, on a loopback server.

Fetches N small pages with concurrency C through GuardedClient and through a plain aiohttp
session (same connection limits), alternating rounds in the same run (and which side goes
first in a round); prints the median time of each and their ratio (goal: guarded / plain <=
1.10). Client CPU is this process's CPU time (`time.process_time`, not 10 ms ticks).

    .venv/bin/python bench/http_throughput.py [--pages 500] [--concurrency 8] [--rounds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiohttp
from aiohttp import web
from bench.http_loopback import forbid_non_loopback, start_server

from webdistill.adapters.http.client import GuardedClient
from webdistill.adapters.http.settings import HttpSettings
from webdistill.kernel.urls import UrlPolicy

PAGE = (
    "<html><head><title>t</title></head><body>" + "<p>hello world</p>" * 100 + "</body></html>"
).encode()


def make_app() -> web.Application:
    async def page(request: web.Request) -> web.Response:
        return web.Response(body=PAGE, content_type="text/html")

    app = web.Application()
    app.router.add_get("/{n}", page)
    return app


async def guarded(base: str, pages: int, concurrency: int) -> float:
    settings = HttpSettings(
        policy=UrlPolicy(allow_http=True, trusted_addresses=("127.0.0.1",)),
        concurrency=concurrency,
        per_host_connections=concurrency,
    )
    async with GuardedClient(settings) as client:
        started = time.perf_counter()
        results = await asyncio.gather(*(client.get(f"{base}/{i}") for i in range(pages)))
        elapsed = time.perf_counter() - started
    assert all(r.unwrap().body == PAGE for r in results)
    return elapsed


async def plain(base: str, pages: int, concurrency: int) -> float:
    connector = aiohttp.TCPConnector(limit=concurrency, limit_per_host=concurrency)
    slots = asyncio.Semaphore(concurrency)

    async def one(session: aiohttp.ClientSession, url: str) -> bytes:
        async with slots, session.get(url) as response:
            return await response.read()

    async with aiohttp.ClientSession(connector=connector) as session:
        started = time.perf_counter()
        bodies = await asyncio.gather(*(one(session, f"{base}/{i}") for i in range(pages)))
        elapsed = time.perf_counter() - started
    assert all(body == PAGE for body in bodies)
    return elapsed


async def main(pages: int, concurrency: int, rounds: int) -> None:
    base, server = start_server(make_app)
    try:
        await plain(base, 50, concurrency)  # warm-up
        await guarded(base, 50, concurrency)
        times: dict[str, list[float]] = {"plain": [], "guarded": []}
        cpu: dict[str, list[float]] = {"plain": [], "guarded": []}
        order = [("plain", plain), ("guarded", guarded)]
        for _ in range(rounds):
            for name, run in order:
                before = time.process_time()
                times[name].append(await run(base, pages, concurrency))
                cpu[name].append(time.process_time() - before)
            order.reverse()  # alternate who goes first, so drift in the machine's load cancels
    finally:
        server.terminate()
    p, g = statistics.median(times["plain"]), statistics.median(times["guarded"])
    cpu_p, cpu_g = statistics.median(cpu["plain"]), statistics.median(cpu["guarded"])
    print(f"pages={pages} concurrency={concurrency} rounds={rounds} cpus={os.cpu_count()} "
          f"loadavg={os.getloadavg()[0]:.2f}")  # fmt: skip
    for name, wall, used in (("plain aiohttp", p, cpu_p), ("GuardedClient", g, cpu_g)):
        print(f"{name:14s}: median wall {wall * 1000:7.1f} ms ({pages / wall:5.0f} pages/s), "
              f"client CPU {used * 1e6 / pages:5.0f} us/page")  # fmt: skip
    best = min(times["guarded"]) / min(times["plain"])
    print(f"ratio guarded/plain = {g / p:.3f} median, {best:.3f} best-of-rounds  (goal <= 1.10)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pages", type=int, default=500)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    forbid_non_loopback()
    asyncio.run(main(args.pages, args.concurrency, args.rounds))
