"""Two versions of the guarded client in ONE process, alternating: what a change saves per fetch.

`bench/fetch_overhead.py` run once per version, in two processes, cannot resolve a change of
a few microseconds on a shared machine (each process lands on its own CPU state). Here both
versions fetch from one loopback server (a 66-byte text/plain page, distinct URLs, warm
keep-alive connections), each through its own client, in blocks of `--block`, the order of
the sides rotating after every block (A B C / B C A / C A B: each side in each place equally
often, never twice in a row; turning the order instead, A B C / C B A, lets the end sides run
twice in a row on warm caches, which measured ~3-6 us/fetch cheaper for them). The reference
is the new client's own aiohttp session used directly (fetch_overhead's "aiohttp as
configured"). `--nonet` gives both clients an in-memory stand-in session (less noise; the
reference is then aiohttp's own URL step). Printed: CPU and wall per fetch, each side's CPU
over the reference, and the new side's CPU minus the old one (same-round median [min-max]).

The old version is a package directory named `webdistill`, e.g. from a commit:
    mkdir -p /tmp/old && git archive <commit> src | tar -x -C /tmp/old
    mv /tmp/old/src /tmp/old/webdistill
Without `--old` the checkout is loaded twice: an A/A run shows the bench's own spread (on a
loaded 2-core machine the median moved by up to ~4 us).

    .venv/bin/python bench/client_ab.py [--old /tmp/old] [--nonet] [--fetches 200]
        [--rounds 25] [--block 20]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from aiohttp import web
from bench.client_python_cost import BODY, _Session
from bench.http_loopback import forbid_non_loopback, start_server
from yarl import URL

Fetch = Callable[[int, int], Awaitable[None]]


def load(path: str | None) -> tuple[Any, Any, Any]:
    """(GuardedClient, http_settings, Config) of the `webdistill` under `path` (None: this
    checkout's, as installed), imported afresh: the modules of an earlier load are dropped
    from `sys.modules` (their objects keep working)."""
    for name in [n for n in sys.modules if n == "webdistill" or n.startswith("webdistill.")]:
        del sys.modules[name]
    if path is not None:
        sys.path.insert(0, path)
    try:
        import webdistill
        from webdistill.adapters.http.client import GuardedClient
        from webdistill.compose import http_settings
    finally:
        if path is not None:
            sys.path.remove(path)
    return GuardedClient, http_settings, webdistill.Config


def make_app() -> web.Application:
    async def page(request: web.Request) -> web.Response:
        return web.Response(body=BODY, content_type="text/plain")

    app = web.Application()
    app.router.add_get("/{n}", page)
    return app


async def main(old: str | None, *, nonet: bool, fetches: int, rounds: int, block: int) -> None:
    loaded = {"old": load(old), "new": load(None)}
    base, server = ("http://127.0.0.1:4000", None) if nonet else start_server(make_app)
    clients = {}
    try:
        for side in ("old", "new"):
            client_class, http_settings, config = loaded[side]
            settings = http_settings(config(allow_http=True, trusted_addresses=("127.0.0.1",)))
            clients[side] = await client_class(settings).__aenter__()
        real = {side: client._session for side, client in clients.items()}
        stand_in = _Session()
        reference_session = clients["new"]._session

        async def reference(start: int, count: int) -> None:
            for n in range(start, start + count):
                if nonet:
                    async with stand_in.get(URL(f"{base}/{n}")) as response:
                        assert await response.read() == BODY
                else:
                    get = reference_session.get(f"{base}/{n}", allow_redirects=False)
                    async with get as response:
                        assert await response.read() == BODY

        def fetching(client: Any) -> Fetch:
            async def run(start: int, count: int) -> None:
                for n in range(start, start + count):
                    assert (await client.get(f"{base}/{n}")).unwrap().body == BODY

            return run

        if nonet:
            for client in clients.values():
                client._session = stand_in
        sides: list[tuple[str, Fetch]] = [("reference", reference)]
        sides += [(f"{side} client", fetching(clients[side])) for side in ("old", "new")]
        cpu: dict[str, list[float]] = {name: [] for name, _ in sides}
        wall: dict[str, list[float]] = {name: [] for name, _ in sides}
        start = 0
        for _, run in sides:  # warm-up: connections, memos, code paths
            await run(start, 100)
            start += 100
        for _ in range(rounds):
            used = dict.fromkeys(cpu, 0.0)
            took = dict.fromkeys(cpu, 0.0)
            for _ in range(0, fetches, block):
                for name, run in sides:
                    wall_before, cpu_before = time.perf_counter(), time.process_time()
                    await run(start, block)
                    used[name] += time.process_time() - cpu_before
                    took[name] += time.perf_counter() - wall_before
                    start += block
                sides.append(sides.pop(0))  # rotate: A B C, B C A, C A B (see the docstring)
            for name, values in cpu.items():
                values.append(used[name] / fetches)
                wall[name].append(took[name] / fetches)
        for side, client in clients.items():
            client._session = real[side]
    finally:
        for client in clients.values():
            await client.close()
        if server is not None:
            server.terminate()
    report(cpu, wall, old=old, nonet=nonet, fetches=fetches, rounds=rounds)


def report(cpu: dict[str, list[float]], wall: dict[str, list[float]], *, old: str | None,
           nonet: bool, fetches: int, rounds: int) -> None:  # fmt: skip
    """Per side: CPU and wall medians, CPU over the reference; then new minus old."""
    print(f"{'no network' if nonet else 'loopback'}, old={old or 'this checkout (A/A)'}, "
          f"fetches={fetches} rounds={rounds} loadavg={os.getloadavg()[0]:.2f}")  # fmt: skip
    reference = cpu["reference"]
    for name, values in cpu.items():
        over = statistics.median(v - r for v, r in zip(values, reference, strict=True))
        print(f"  {name:12s} CPU {statistics.median(values) * 1e6:6.1f} us  wall "
              f"{statistics.median(wall[name]) * 1e6:6.1f} us  CPU over the reference "
              f"{over * 1e6:+6.1f} us")  # fmt: skip
    change = [n - o for n, o in zip(cpu["new client"], cpu["old client"], strict=True)]
    print(
        f"  new client minus old client, CPU per fetch: {statistics.median(change) * 1e6:+.1f}"
        f" us [{min(change) * 1e6:+.1f}..{max(change) * 1e6:+.1f}] (same-round differences)"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--old", help="directory holding the old `webdistill` package")
    parser.add_argument("--nonet", action="store_true", help="in-memory stand-in, no server")
    parser.add_argument("--fetches", type=int, default=200, help="per side and round")
    parser.add_argument("--rounds", type=int, default=25)
    parser.add_argument("--block", type=int, default=20, help="fetches before the order turns")
    args = parser.parse_args()
    forbid_non_loopback()
    block = max(1, args.block)
    fetches = max(block, args.fetches // block * block)
    asyncio.run(main(args.old, nonet=args.nonet, fetches=fetches, rounds=args.rounds, block=block))
