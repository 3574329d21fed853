"""Where the CPU of a request goes, at the default limits and at 64/64: counts and a profile.

The same loopback server as bench/slot_wait_cpu.py (+50 ms per request), which here also
counts the TCP connections it accepted. For each side (see SIDES: the toolkit, cache off,
and raw aiohttp with the same connection limits, at ~75 and ~750 requests/s), `--fetches`
distinct URLs through a fresh toolkit or session, and per request:

- CPU (user + system, `resource.getrusage`), voluntary context switches;
- event-loop wake-ups (calls of the selector's `select`), of them the ones that found nothing
  ready (a timer woke the loop), callbacks scheduled (`call_soon`), of them task steps (a
  task started or resumed: a task switch), timers armed (`call_at`/`call_later`), futures
  (`create_future`) and tasks (`create_task`) created, jobs sent to a thread
  (`run_in_executor`) and to an extraction worker (a frame sent on its socket: one round
  trip to another process);
- connections the server accepted (a keep-alive connection serves many requests).

With `--probe`, after every select that may have slept, a fixed piece of work (reading
bench/tool_throughput.py's page with `extract_html`, what every request does) is timed in
CPU time of the loop's thread, then timed again at once: "probe cold" is the first time,
"probe warm" the second (medians). The gap is what the same work costs more just after
the process woke (caches the other processes on the cores used meanwhile); this mode adds
that work to the CPU per request, so read its CPU column only against itself.

With `--profile`, the side also runs under cProfile and its top functions by own time are
printed, timed in CPU time of the loop's thread (cProfile slows everything about 2x: read
the proportions, not the times).

    .venv/bin/python bench/slot_wait_profile.py [--fetches 240] [--rounds 3] [--probe]
        [--profile]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import io
import pstats
import resource
import statistics
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiohttp
import attrs
from aiohttp import web
from bench.http_loopback import forbid_non_loopback, start_server
from bench.tool_throughput import DELAY_S, PAGE, _callers, _config

from webdistill import extract_html
from webdistill.compose import build

#: (kind, short label, WEB_CONCURRENCY, WEB_PER_HOST, callers)
SIDES = (
    ("toolkit", "tk 8/4 x64", 8, 4, 64),
    ("toolkit", "tk 64 x64", 64, 64, 64),
    ("toolkit", "tk 64 x4", 64, 64, 4),
    ("raw aiohttp", "raw 8/4 x64", 8, 4, 64),
    ("raw aiohttp", "raw 64 x64", 64, 64, 64),
    ("raw aiohttp", "raw 64 x4", 64, 64, 4),
)


def counting_app() -> web.Application:
    """bench/tool_throughput.py's slow page, plus `/_connections`: connections accepted."""
    seen: set[int] = set()

    async def page(request: web.Request) -> web.Response:
        seen.add(id(request.transport))
        await asyncio.sleep(DELAY_S)
        return web.Response(body=PAGE, content_type="text/html")

    async def connections(request: web.Request) -> web.Response:
        return web.Response(text=str(len(seen)))

    app = web.Application()
    app.router.add_get("/_connections", connections)
    app.router.add_get("/{n}", page)
    return app


async def server_connections(base: str) -> int:
    async with aiohttp.ClientSession() as session, session.get(f"{base}/_connections") as reply:
        return int(await reply.text())


class LoopCounts:
    """Counts wake-ups, callbacks, timers and thread jobs of the running loop while on."""

    def __init__(self, loop: asyncio.AbstractEventLoop, probe: bool = False) -> None:
        self.counts: Counter[str] = Counter()
        self.probes: list[tuple[float, float]] = []  # (cold, warm) CPU seconds
        self.on = False
        selector = loop._selector  # type: ignore[attr-defined]
        counts = self.counts
        patched: list[tuple[object, str, Callable[..., Any]]] = []

        def wrap(owner: object, name: str, key: str, select: bool = False) -> None:
            original = getattr(owner, name)

            def counted(*args: Any, **kwargs: Any) -> Any:
                result = original(*args, **kwargs)
                if self.on:
                    counts[key] += 1
                    if select and (args[0] if args else kwargs.get("timeout")) != 0:
                        counts["sleeps"] += 1  # a select that may block (0: a poll)
                        if not result:
                            counts["timer wake-ups"] += 1  # woke by its timeout
                        if probe:
                            self.probes.append((_probe(), _probe()))
                return result

            setattr(owner, name, counted)
            patched.append((owner, name, original))

        wrap(selector, "select", "selects", select=True)
        wrap(loop, "call_soon", "call_soon")
        wrap(loop, "call_at", "timers")
        wrap(loop, "run_in_executor", "thread jobs")
        wrap(loop, "create_future", "futures")
        wrap(loop, "create_task", "tasks")
        wrap(loop, "sock_sendall", "worker jobs")  # extract/pool.py: one frame a job
        # A task resumes through a callback the loop runs: its step (a new task, or one that
        # yielded) or its wake-up (a future it awaited is done). Both are `call_soon`s.
        call_soon = loop.call_soon

        def soon(callback: Any, *args: Any, **kwargs: Any) -> Any:
            if self.on and _resumes_task(callback):
                counts["task steps"] += 1
            return call_soon(callback, *args, **kwargs)

        loop.call_soon = soon  # type: ignore[method-assign,assignment]
        patched.append((loop, "call_soon", call_soon))
        self._patched = patched

    def close(self) -> None:
        for owner, name, _ in reversed(self._patched):
            if name in vars(owner):
                delattr(owner, name)


def _resumes_task(callback: object) -> bool:
    """A task's step or wake-up (C or Python tasks), not a plain callback."""
    if type(callback).__name__ == "TaskStepMethWrapper":
        return True
    owner = getattr(callback, "__self__", None)
    return isinstance(owner, asyncio.Task)


def _probe() -> float:
    began = time.thread_time()
    extract_html(PAGE)
    return time.thread_time() - began


@contextlib.asynccontextmanager
async def fetcher(
    kind: str, base: str, web_concurrency: int, per_host: int
) -> AsyncIterator[Callable[[str], Awaitable[None]]]:
    """What fetches one URL: `toolkit.fetch` (cache off), or raw aiohttp with the same
    connection limits (the control: reads the body, nothing else); warmed by one fetch."""
    if kind == "raw aiohttp":
        connector = aiohttp.TCPConnector(limit=web_concurrency, limit_per_host=per_host)
        async with aiohttp.ClientSession(connector=connector) as session:

            async def raw(url: str) -> None:
                async with session.get(url) as response:
                    assert await response.read() == PAGE

            await raw(f"{base}/warm")
            yield raw
        return
    settings = argparse.Namespace(
        cache="off", results=0, web_concurrency=web_concurrency, per_host=per_host
    )
    async with build(_config(settings)) as toolkit:

        async def tool(url: str) -> None:
            outcome = (await toolkit.fetch({"url": url})).unwrap()[0]
            assert outcome.page is not None, outcome.error

        await tool(f"{base}/warm")
        yield tool


async def side(
    base: str, first: int, fetches: int, limits: tuple[str, int, int, int], options: Options
) -> tuple[dict[str, float], pstats.Stats | None]:
    profile = options.profile
    kind, web_concurrency, per_host, callers = limits
    counts = LoopCounts(asyncio.get_running_loop(), options.probe)
    # Timed in CPU time of this thread: a wait costs what it costs the CPU, not its length.
    profiler = cProfile.Profile(time.thread_time) if profile else None
    try:
        async with fetcher(kind, base, web_concurrency, per_host) as one:
            urls = [f"{base}/{n}" for n in range(first, first + fetches)]
            opened = await server_connections(base)
            before = resource.getrusage(resource.RUSAGE_SELF)
            counts.on = True
            if profiler is not None:
                profiler.enable()
            rate = await _callers(callers, urls, one)
            if profiler is not None:
                profiler.disable()
            counts.on = False
            after = resource.getrusage(resource.RUSAGE_SELF)
            opened = await server_connections(base) - opened - 1  # the count's own
    finally:
        counts.close()
    row = {
        "user us": (after.ru_utime - before.ru_utime) / fetches * 1e6,
        "system us": (after.ru_stime - before.ru_stime) / fetches * 1e6,
        "req/s": rate,
        "ctx switches": (after.ru_nvcsw - before.ru_nvcsw) / fetches,
        "connections": opened / fetches,
    }
    for key in COUNTED:
        row[key] = counts.counts[key] / fetches
    if counts.probes:
        row["probe cold us"] = statistics.median(cold for cold, _ in counts.probes) * 1e6
        row["probe warm us"] = statistics.median(warm for _, warm in counts.probes) * 1e6
    stats = pstats.Stats(profiler) if profiler is not None else None
    return row, stats


#: Loop events counted per request (see LoopCounts).
COUNTED = (
    "selects", "sleeps", "timer wake-ups", "call_soon", "task steps", "timers", "futures",
    "tasks", "thread jobs", "worker jobs",
)  # fmt: skip


@attrs.frozen
class Options:
    profile: bool = False
    probe: bool = False


async def main(fetches: int, rounds: int, options: Options) -> None:
    base, server = start_server(counting_app)
    rows: dict[str, list[dict[str, float]]] = {label: [] for _, label, *_ in SIDES}
    profiles: dict[str, pstats.Stats] = {}
    first = 0
    try:
        for number in range(rounds):
            shift = number % len(SIDES)
            for kind, label, web_concurrency, per_host, callers in SIDES[shift:] + SIDES[:shift]:
                limits = (kind, web_concurrency, per_host, callers)
                row, stats = await side(base, first, fetches, limits, options)
                rows[label].append(row)
                if stats is not None:
                    if label in profiles:
                        profiles[label].add(stats)
                    else:
                        profiles[label] = stats
                first += fetches + 1
    finally:
        server.terminate()
    print(f"{fetches} fetches per side, medians of {rounds} alternated rounds, per request:")
    labels = list(rows)
    print(f"  {'':<16}" + "".join(f"{label:>12}" for label in labels))
    for key in rows[labels[0]][0]:
        medians = [statistics.median(row[key] for row in rows[label]) for label in labels]
        print(f"  {key:<16}" + "".join(f"{value:12.2f}" for value in medians))
    print("  (" + "; ".join(f"{label}: {kind}, {c}/{h}, {n} callers"
                           for kind, label, c, h, n in SIDES) + ")")  # fmt: skip
    for label, stats in profiles.items():
        out = io.StringIO()
        stats.stream = out  # type: ignore[attr-defined]
        stats.sort_stats("tottime").print_stats(25)
        print(f"\n=== {label}: top functions by own time (cProfile) ===")
        print("\n".join(out.getvalue().splitlines()[4:]))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fetches", type=int, default=240)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--probe", action="store_true")
    args = parser.parse_args()
    forbid_non_loopback()
    asyncio.run(main(args.fetches, args.rounds, Options(args.profile, args.probe)))
