"""Does waiting for a connection slot cost CPU? `toolkit.fetch` CPU per request, one origin.

A loopback server (child process) adds 50 ms to every request (bench/tool_throughput.py's),
so 4 connections per host (WEB_PER_HOST=4, the default) hold ~75 requests/s. Four sides,
alternating in one run (the order rotated every round), each fetching `--fetches` distinct
URLs through a fresh toolkit (cache off):

- defaults (WEB_CONCURRENCY=8, WEB_PER_HOST=4) with 64 callers: most callers wait for a slot;
- 64/64 with 64 callers: nobody waits, ~3x the requests per second;
- 64/64 with 4 callers: nobody waits, and the rate is the defaults' (~65/s);
- defaults with 4 callers: the same rate, nobody waits for a slot.

Printed: median CPU per request (user and system, `resource.getrusage`), requests/s and
voluntary context switches per request. If slot waiting cost CPU, "defaults, 64 callers"
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

from bench.http_loopback import forbid_non_loopback, start_server
from bench.tool_throughput import _callers, _config, slow_app

from webdistill.compose import build

#: (label, WEB_CONCURRENCY, WEB_PER_HOST, callers)
SIDES = (
    ("defaults 8/4, 64 callers", 8, 4, 64),
    ("64/64, 64 callers", 64, 64, 64),
    ("64/64, 4 callers", 64, 64, 4),
    ("defaults 8/4, 4 callers", 8, 4, 4),
)


async def side(
    base: str, first: int, fetches: int, limits: tuple[int, int, int]
) -> tuple[float, ...]:
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
    user = (after.ru_utime - before.ru_utime) / fetches * 1e6
    system = (after.ru_stime - before.ru_stime) / fetches * 1e6
    switches = (after.ru_nvcsw - before.ru_nvcsw) / fetches
    return user + system, rate, switches


async def main(fetches: int, rounds: int) -> None:
    base, server = start_server(slow_app)
    results: dict[str, list[tuple[float, ...]]] = {label: [] for label, *_ in SIDES}
    first = 0
    try:
        for number in range(rounds):
            shift = number % len(SIDES)
            for label, web_concurrency, per_host, callers in SIDES[shift:] + SIDES[:shift]:
                limits = (web_concurrency, per_host, callers)
                results[label].append(await side(base, first, fetches, limits))
                first += fetches + 1
    finally:
        server.terminate()
    print(f"{fetches} fetches per side, median of {rounds} alternated rounds")
    medians = {}
    for label, rows in results.items():
        cpu, rate, switches = (statistics.median(column) for column in zip(*rows, strict=True))
        medians[label] = cpu
        print(f"  {label:<26} CPU {cpu:6.0f} us/request  {rate:5.0f} req/s  "
              f"{switches:4.2f} sleeps/request")  # fmt: skip
    waiting, busy, idle = (medians[label] for label, *_ in SIDES[:3])
    print(f"defaults / 64-64 at 64 callers: {waiting / busy:.2f}x (goal <= 1.2)")
    print(f"defaults at 64 callers / 64-64 at the same rate (4 callers): {waiting / idle:.2f}x")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fetches", type=int, default=240)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    forbid_non_loopback()
    asyncio.run(main(args.fetches, args.rounds))
