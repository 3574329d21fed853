"""Does waiting for a connection slot cost CPU? `toolkit.fetch` CPU per request, one origin.

A loopback server (child process) adds 50 ms to every request (bench/tool_throughput.py's),
so 4 connections per host (WEB_PER_HOST=4, the default) hold ~75 requests/s. Four sides, each
fetching `--fetches` distinct URLs through a fresh toolkit (cache off):

- defaults (WEB_CONCURRENCY=8, WEB_PER_HOST=4) with 64 callers: most callers wait for a slot;
- 64/64 with 64 callers: nobody waits, ~10x the requests per second;
- 64/64 with 4 callers: nobody waits, and the rate is the defaults' (~75/s);
- defaults with 4 callers: the same rate, nobody waits for a slot;

and, the control, the same four through raw aiohttp (`aiohttp.ClientSession` whose connector
has the same limits, `limit=WEB_CONCURRENCY`, `limit_per_host=WEB_PER_HOST`, fetching the
same server's URLs and reading each body, nothing else): if raw aiohttp pays the same ratio
between ~75 and ~750 requests/s, the excess is the platform's (a process that sleeps between
requests), not the toolkit's.

All eight sides alternate in one run (the order rotated every round). Printed: median CPU
per request (user and system, `resource.getrusage`), requests/s and voluntary context
switches per request, and both ratios. If slot waiting cost CPU, "defaults, 64 callers"
would cost more than "64/64, 4 callers"; what it costs more than "64/64, 64 callers" is
what a process that sleeps between requests pays (cold caches, one wake-up per request).

    .venv/bin/python bench/slot_wait_cpu.py [--fetches 240] [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiohttp
from bench.http_loopback import forbid_non_loopback, start_server
from bench.tool_throughput import PAGE, _callers, _config, slow_app

from webdistill.compose import build

#: (label, WEB_CONCURRENCY, WEB_PER_HOST, callers)
LIMITS = (
    ("defaults 8/4, 64 callers", 8, 4, 64),
    ("64/64, 64 callers", 64, 64, 64),
    ("64/64, 4 callers", 64, 64, 4),
    ("defaults 8/4, 4 callers", 8, 4, 4),
)
#: (kind, label, WEB_CONCURRENCY, WEB_PER_HOST, callers): each limit through both
KINDS = ("toolkit", "raw aiohttp")
SIDES: tuple[tuple[str, str, int, int, int], ...] = tuple(
    (kind, label, web_concurrency, per_host, callers)
    for kind in KINDS
    for label, web_concurrency, per_host, callers in LIMITS
)


async def side(
    base: str, first: int, fetches: int, limits: tuple[int, int, int]
) -> tuple[float, ...]:
    """`toolkit.fetch` of `fetches` URLs: (CPU us, requests/s, sleeps) per request."""
    web_concurrency, per_host, callers = limits
    settings = argparse.Namespace(
        cache="off", results=0, web_concurrency=web_concurrency, per_host=per_host
    )
    async with build(_config(settings)) as toolkit:
        await toolkit.fetch({"url": f"{base}/warm"})  # the connections and the reader, warm
        urls = [f"{base}/{n}" for n in range(first, first + fetches)]

        async def one(url: str) -> None:
            outcome = (await toolkit.fetch({"url": url})).unwrap()[0]
            assert outcome.page is not None, outcome.error

        before = resource.getrusage(resource.RUSAGE_SELF)
        rate = await _callers(callers, urls, one)
        after = resource.getrusage(resource.RUSAGE_SELF)
    return _per_request(before, after, fetches, rate)


async def raw_side(
    base: str, first: int, fetches: int, limits: tuple[int, int, int]
) -> tuple[float, ...]:
    """The same through raw aiohttp with the same connection limits (the control)."""
    web_concurrency, per_host, callers = limits
    connector = aiohttp.TCPConnector(limit=web_concurrency, limit_per_host=per_host)
    async with aiohttp.ClientSession(connector=connector) as session:
        async with session.get(f"{base}/warm") as response:  # a connection, warm
            await response.read()
        urls = [f"{base}/{n}" for n in range(first, first + fetches)]

        async def one(url: str) -> None:
            async with session.get(url) as response:
                assert await response.read() == PAGE

        before = resource.getrusage(resource.RUSAGE_SELF)
        rate = await _callers(callers, urls, one)
        after = resource.getrusage(resource.RUSAGE_SELF)
    return _per_request(before, after, fetches, rate)


def _per_request(
    before: resource.struct_rusage, after: resource.struct_rusage, fetches: int, rate: float
) -> tuple[float, ...]:
    user = (after.ru_utime - before.ru_utime) / fetches * 1e6
    system = (after.ru_stime - before.ru_stime) / fetches * 1e6
    switches = (after.ru_nvcsw - before.ru_nvcsw) / fetches
    return user + system, rate, switches


async def main(fetches: int, rounds: int) -> None:
    base, server = start_server(slow_app)
    results: dict[tuple[str, str], list[tuple[float, ...]]] = {
        (kind, label): [] for kind, label, *_ in SIDES
    }
    first = 0
    try:
        for number in range(rounds):
            shift = number % len(SIDES)
            for kind, label, web_concurrency, per_host, callers in SIDES[shift:] + SIDES[:shift]:
                limits = (web_concurrency, per_host, callers)
                run = side if kind == "toolkit" else raw_side
                results[kind, label].append(await run(base, first, fetches, limits))
                first += fetches + 1
    finally:
        server.terminate()
    print(f"{fetches} fetches per side, median of {rounds} alternated rounds")
    medians = {}
    for (kind, label), rows in results.items():
        cpu, rate, switches = (statistics.median(column) for column in zip(*rows, strict=True))
        medians[kind, label] = cpu
        print(f"  {kind:<12}{label:<26} CPU {cpu:6.0f} us/request  {rate:5.0f} req/s  "
              f"{switches:4.2f} sleeps/request")  # fmt: skip
    for kind in KINDS:
        waiting, busy, idle = (medians[kind, label] for label, *_ in LIMITS[:3])
        print(f"{kind}: defaults / 64-64 at 64 callers: {waiting / busy:.2f}x"
              f"{' (goal <= 1.2)' if kind == 'toolkit' else ''}; defaults at 64 callers / "
              f"64-64 at the same rate (4 callers): {waiting / idle:.2f}x")  # fmt: skip


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fetches", type=int, default=240)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    forbid_non_loopback()
    asyncio.run(main(args.fetches, args.rounds))
