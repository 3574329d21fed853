"""One process scales: `toolkit.fetch` throughput against a slow server, and its memory bound.

`throughput`: a loopback server (child process) adds 50 ms to every request and answers a
small HTML page. N distinct URLs are fetched by C concurrent callers, through raw aiohttp
with the toolkit's connection limits (a session whose connector has `limit=WEB_CONCURRENCY`,
`limit_per_host=WEB_PER_HOST`: the same parallelism, so the ratio is what the toolkit's own
work costs) and through `toolkit.fetch` (WEB_CONCURRENCY and WEB_PER_HOST as given;
`--cache` / `--results` pick the store, default off: `--cache disk --results 100` is what a
user gets out of the box), sides alternating A B / B A; prints the
median requests per second of each and their ratio. With WEB_CONCURRENCY=64 and
WEB_PER_HOST=64 the tool should follow raw aiohttp up to 64 at once (64 / 50 ms = 1280 req/s
at most).

`memory`: 100 callers fetch 100 distinct 4 MiB plain-text pages at once through
`toolkit.fetch`; a sampler reads the resident memory of this process and of every process
under it (the extraction workers are grandchildren, under the fork server) every 20 ms and
prints the peak over the idle total. One slot (WEB_CONCURRENCY) covers download and
extraction, so the peak should follow WEB_CONCURRENCY, not the 100 callers.

    .venv/bin/python bench/tool_throughput.py throughput [--fetches 400] [--rounds 3]
        [--concurrency 8 32 128] [--web-concurrency 64] [--per-host 64]
        [--cache off|memory|disk] [--results 0]
    .venv/bin/python bench/tool_throughput.py memory [--web-concurrency 8]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiohttp
from aiohttp import web
from bench.http_loopback import forbid_non_loopback, start_server

from webdistill import Config, build

PAGE = b"<html><head><title>t</title></head><body><p>hello, slow world</p></body></html>"
BIG = (b"All work and no play makes Jack a dull boy.\n" * 100_000)[: 4 * 1024 * 1024]
DELAY_S = 0.05


def slow_app() -> web.Application:
    async def page(request: web.Request) -> web.Response:
        await asyncio.sleep(DELAY_S)
        return web.Response(body=PAGE, content_type="text/html")

    app = web.Application()
    app.router.add_get("/{n}", page)
    return app


def big_app() -> web.Application:
    async def page(request: web.Request) -> web.Response:
        return web.Response(body=BIG, content_type="text/plain")

    app = web.Application()
    app.router.add_get("/{n}", page)
    return app


def _config(args: argparse.Namespace) -> Config:
    return Config(
        allow_http=True, trusted_addresses=("127.0.0.1",), cache=args.cache,
        cache_dir=tempfile.mkdtemp(prefix="webdistill-bench-"), max_stored_results=args.results,
        concurrency=args.web_concurrency, per_host=args.per_host, fetch_timeout_ms=120_000,
    )  # fmt: skip


async def _callers(concurrency: int, urls: list[str], fetch_one: object) -> float:
    slots = asyncio.Semaphore(concurrency)

    async def one(url: str) -> None:
        async with slots:
            await fetch_one(url)  # type: ignore[operator]

    began = time.perf_counter()
    await asyncio.gather(*(one(url) for url in urls))
    return len(urls) / (time.perf_counter() - began)


async def raw_side(base: str, urls: list[str], concurrency: int, limits: Config) -> float:
    # The toolkit's own connection limits: with `limit=concurrency` (as this bench had until
    # issue 33), 128 callers got 128 connections against the toolkit's 64, twice the
    # parallelism to a server whose latency is fixed (aiohttp's default would be 100).
    connector = aiohttp.TCPConnector(limit=limits.concurrency, limit_per_host=limits.per_host)
    async with aiohttp.ClientSession(connector=connector) as session:

        async def fetch_one(url: str) -> None:
            async with session.get(url) as response:
                assert await response.read() == PAGE

        return await _callers(concurrency, urls, fetch_one)


async def tool_side(urls: list[str], concurrency: int, config: Config) -> float:
    async with build(config) as toolkit:
        await toolkit.fetch({"url": urls[0] + "?warm"})  # the worker pool starts lazily

        async def fetch_one(url: str) -> None:
            outcome = (await toolkit.fetch({"url": url})).unwrap()[0]
            assert outcome.page is not None, outcome.error

        return await _callers(concurrency, urls, fetch_one)


async def throughput(args: argparse.Namespace) -> None:
    base, server = start_server(slow_app)
    config = _config(args)
    start = 0
    try:
        print(f"cpus={os.cpu_count()} loadavg={os.getloadavg()[0]:.2f} server +{DELAY_S}s/request "
              f"WEB_CONCURRENCY={args.web_concurrency} WEB_PER_HOST={args.per_host} "
              f"WEB_CACHE={args.cache} WEB_MAX_STORED_RESULTS={args.results}")  # fmt: skip
        for concurrency in args.concurrency:
            rates: dict[str, list[float]] = {"raw aiohttp": [], "toolkit.fetch": []}
            order = list(rates)
            for _ in range(args.rounds):
                for side in order:
                    urls = [f"{base}/{n}" for n in range(start, start + args.fetches)]
                    start += args.fetches
                    if side == "raw aiohttp":
                        rates[side].append(await raw_side(base, urls, concurrency, config))
                    else:
                        rates[side].append(await tool_side(urls, concurrency, config))
                order.reverse()
            raw = statistics.median(rates["raw aiohttp"])
            tool = statistics.median(rates["toolkit.fetch"])
            print(f"concurrency {concurrency:4d}: raw aiohttp {raw:7.0f} req/s   toolkit.fetch "
                  f"{tool:7.0f} req/s   ({tool / raw:4.2f}x)")  # fmt: skip
    finally:
        server.terminate()


def _rss_kib(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def _tree_rss_kib(root: int, exclude: set[int]) -> int:
    """Resident KiB of `root` and every process under it (but not `exclude`)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parents[int(entry)] = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
    tree, frontier = {root}, [root]
    while frontier:
        parent = frontier.pop()
        for pid, ppid in parents.items():
            if ppid == parent and pid not in tree and pid not in exclude:
                tree.add(pid)
                frontier.append(pid)
    return sum(_rss_kib(pid) for pid in tree)


async def memory(args: argparse.Namespace) -> None:
    base, server = start_server(big_app)
    assert server.pid is not None
    exclude = {server.pid}
    config = _config(args)
    peak = 0
    stop = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not stop.is_set():
            peak = max(peak, _tree_rss_kib(os.getpid(), exclude))
            time.sleep(0.02)

    try:
        async with build(config) as toolkit:
            (await toolkit.fetch({"url": f"{base}/warm"})).unwrap()
            idle = _tree_rss_kib(os.getpid(), exclude)
            sampler = threading.Thread(target=sample, daemon=True)
            sampler.start()
            began = time.perf_counter()
            answers = await asyncio.gather(
                *(toolkit.fetch({"url": f"{base}/{n}"}) for n in range(args.pages))
            )
            elapsed = time.perf_counter() - began
            stop.set()
            sampler.join()
        ok = sum(1 for a in answers if a.unwrap()[0].page is not None)
        print(f"cpus={os.cpu_count()} loadavg={os.getloadavg()[0]:.2f} "
              f"WEB_CONCURRENCY={args.web_concurrency}: {args.pages} concurrent 4 MiB pages, "
              f"{ok} read, {elapsed:.1f} s; idle {idle / 1024:.0f} MB, peak +"
              f"{(peak - idle) / 1024:.0f} MB (this process + extraction workers)")  # fmt: skip
    finally:
        stop.set()
        server.terminate()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("mode", choices=("throughput", "memory"))
    parser.add_argument("--fetches", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[8, 32, 128])
    parser.add_argument("--web-concurrency", type=int, default=64)
    parser.add_argument("--per-host", type=int, default=64)
    parser.add_argument("--pages", type=int, default=100)
    parser.add_argument("--cache", default="off", choices=("off", "memory", "disk"))
    parser.add_argument("--results", type=int, default=0)
    arguments = parser.parse_args()
    forbid_non_loopback()
    asyncio.run(throughput(arguments) if arguments.mode == "throughput" else memory(arguments))
