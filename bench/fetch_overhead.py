"""Fixed per-fetch cost on a tiny body, layer by layer: raw aiohttp, the guarded client's
aiohttp session on its own, the guarded client, `toolkit.fetch`.

A loopback server (child process) answers a 70-byte HTML page (`--body html`, the default:
so small that the HTML reader runs inline, extract/inline.py; its work is in the CPU column)
or a 70-byte plain-text page (`--body text`: read inline too, so the machinery's own fixed
cost shows). Every side
is opened once (its connection warm, as in steady use) and fetches distinct URLs (so no cache
hit), one at a time (the fixed cost, not throughput). The sides alternate in the same run:
each round gives every side `--fetches` fetches in blocks of `--block` (20), the order
rotated after every block (A B C D / B C D A / ...: each side in each place equally often,
never twice in a row; turning the order instead let the end sides run twice in a row on
warm caches, measured ~3-6 us/fetch cheaper for them), so drift in the machine's load
cancels within a round.
Printed per side: the median over rounds of the wall time and of this process's CPU time
per fetch, their ratios to raw aiohttp (goals: client <= 1.10x, whole tool <= 1.3x), and
the spread of the same-round ratios (min-max over rounds); then what each layer adds (CPU).
The layers: "aiohttp as configured" is the GuardedClient's own session (its connector with
the guarded socket factory, its headers, no decompression) used directly: what the client's
aiohttp configuration costs; "GuardedClient" adds the URL policy, the total timeout, the
concurrency slot, the wall/size checks and the bounded body read.
On a loaded machine wall time is mostly waiting for a core: read the CPU column then (work
done in the extraction pool's processes, for bodies not read inline, is not in it).
`--cache` picks the store `toolkit.fetch` runs with (default off: the fixed cost of the
fetch itself; `memory` / `disk` add the store's own cost); `--results N` keeps N results
per caller for web_get_result (default 0 here; the default configuration keeps 100, so `--cache disk
--results 100` is what a user gets out of the box); `--no-tool` leaves the toolkit out
(the client's layers only).

    .venv/bin/python bench/fetch_overhead.py [--fetches 300] [--rounds 7] [--cache off]
        [--body html|text] [--results 0] [--no-tool] [--block 20]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
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


#: A side: fetch URLs `start .. start + count - 1` of `base`, one at a time.
Fetch = Callable[[int, int], Awaitable[None]]


def _config(cache: str, folder: str, results: int) -> Config:
    return Config(
        allow_http=True, trusted_addresses=("127.0.0.1",), cache=cache, cache_dir=folder,
        max_stored_results=results,
    )  # fmt: skip


async def open_sides(
    base: str, config: Config, stack: contextlib.AsyncExitStack, *, tool: bool
) -> list[tuple[str, Fetch]]:
    """Every side, opened once and warmed (one fetch each) on `stack`."""
    session = await stack.enter_async_context(aiohttp.ClientSession())
    guarded = await stack.enter_async_context(GuardedClient(http_settings(config)))
    configured = guarded._ensure_session()[0]  # the client's own aiohttp session

    async def raw(start: int, count: int) -> None:
        for n in range(start, start + count):
            async with session.get(f"{base}/{n}") as response:
                body = await response.read()
            assert body == TINY

    async def as_configured(start: int, count: int) -> None:
        for n in range(start, start + count):
            async with configured.get(f"{base}/{n}", allow_redirects=False) as response:
                body = await response.read()
            assert body == TINY

    async def client(start: int, count: int) -> None:
        for n in range(start, start + count):
            assert (await guarded.get(f"{base}/{n}")).unwrap().body == TINY

    sides: list[tuple[str, Fetch]] = [
        ("raw aiohttp", raw),
        ("aiohttp as configured", as_configured),
        ("GuardedClient", client),
    ]
    if tool:
        toolkit = await stack.enter_async_context(build(config))

        async def whole(start: int, count: int) -> None:
            for n in range(start, start + count):
                outcome = (await toolkit.fetch({"url": f"{base}/{n}"})).unwrap()[0]
                assert outcome.page is not None and "hello" in outcome.page.content, outcome

        label = f"toolkit ({config.cache}, {config.max_stored_results} kept)"
        sides.append((label, whole))
    return sides


async def main(
    fetches: int, rounds: int, cache: str, results: int, *, tool: bool, block: int
) -> None:
    base, server = start_server(make_app)
    folder = tempfile.mkdtemp(prefix="webdistill-bench-")
    config = _config(cache, folder, results)
    start = 1_000_000  # URLs /1000000...: never the warm-up's
    try:
        async with contextlib.AsyncExitStack() as stack:
            sides = await open_sides(base, config, stack, tool=tool)
            names = [name for name, _ in sides]
            times: dict[str, list[float]] = {name: [] for name in names}
            cpu: dict[str, list[float]] = {name: [] for name in names}
            for n, (_name, run) in enumerate(sides):  # warm-up: a connection, code paths
                await run(n * 50, 50)
            for _ in range(rounds):
                # A round's fetches per side come in blocks of `block`, the sides' order
                # rotated after each block (A B C D B C D A ...): the sides of one round
                # share the same stretch of time, so the machine's drift cancels in it.
                wall = dict.fromkeys(names, 0.0)
                used = dict.fromkeys(names, 0.0)
                done = 0
                while done < fetches:
                    count = min(block, fetches - done)
                    for name, run in sides:
                        wall_before, cpu_before = time.perf_counter(), time.process_time()
                        await run(start, count)
                        wall[name] += time.perf_counter() - wall_before
                        used[name] += time.process_time() - cpu_before
                        start += count
                    sides.append(sides.pop(0))
                    done += count
                for name in names:
                    times[name].append(wall[name] / fetches)
                    cpu[name].append(used[name] / fetches)
    finally:
        server.terminate()
    report(names, times, cpu, fetches, rounds)


def _paired(values: list[float], base: list[float]) -> str:
    """The same-round ratios to raw aiohttp: their median [min-max]."""
    ratios = [value / reference for value, reference in zip(values, base, strict=True)]
    return f"{statistics.median(ratios):4.2f}x [{min(ratios):4.2f}-{max(ratios):4.2f}]"


def report(
    names: list[str],
    times: dict[str, list[float]],
    cpu: dict[str, list[float]],
    fetches: int,
    rounds: int,
) -> None:
    """Medians per side, ratios to raw aiohttp with their same-round spread, layer costs."""
    print(f"fetches={fetches} rounds={rounds} cpus={os.cpu_count()} "
          f"loadavg={os.getloadavg()[0]:.2f}  (median per fetch, then ratio to raw aiohttp: "
          "of the medians; same-round median [min-max])")  # fmt: skip
    raw_wall, raw_cpu = times[names[0]], cpu[names[0]]
    base_time, base_cpu = statistics.median(raw_wall), statistics.median(raw_cpu)
    for name in names:
        median, used = statistics.median(times[name]), statistics.median(cpu[name])
        print(f"{name:28s}: wall {median * 1e6:5.0f} us ({median / base_time:4.2f}x; "
              f"{_paired(times[name], raw_wall)})  CPU {used * 1e6:5.0f} us "
              f"({used / base_cpu:4.2f}x; {_paired(cpu[name], raw_cpu)})")  # fmt: skip
    print("CPU each layer adds (median of same-round differences):")
    for lower, upper in itertools.pairwise(names):
        added = statistics.median(a - b for a, b in zip(cpu[upper], cpu[lower], strict=True))
        print(f"  {upper:28s} over {lower:24s}: {added * 1e6:+6.0f} us/fetch")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--fetches", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--cache", default="off", choices=("off", "memory", "disk"))
    parser.add_argument("--body", default="html", choices=("html", "text"))
    parser.add_argument(
        "--results", type=int, default=0, help="WEB_MAX_STORED_RESULTS (the default keeps 100)"
    )
    parser.add_argument(
        "--no-tool", action="store_true", help="leave toolkit.fetch out (the client's layers)"
    )
    parser.add_argument(
        "--block", type=int, default=20, help="fetches per side before the order turns"
    )
    args = parser.parse_args()
    if args.body == "text":
        TINY, CONTENT_TYPE = TEXT, "text/plain"
    forbid_non_loopback()
    block = max(1, args.block)
    tool = not args.no_tool
    asyncio.run(main(args.fetches, args.rounds, args.cache, args.results, tool=tool, block=block))
