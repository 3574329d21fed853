"""Do the second paths earn their place? Each one against the general path, alternated in one run.

`fetch`: the 1,152 real dev pages of the shared extraction benchmark (`--data`, never copied
into the repository) served by a loopback server (child process), read end to end through
`toolkit.fetch` (cache off, `--callers` at once). The sides are the shipped code ("all on")
and the shipped code with one second path turned off in this process:

- `tiny_html off`: `extract/inline.py` never asks `tiny_html.read_tiny_html`;
- `fast_structure off`: `plain_mapping` / `exact_instance` always answer None (cattrs runs);
- `check_url memo off`: `kernel.urls.check_url` judges every URL afresh (memo bypassed).

The pages are cut into blocks of `--block`; every block is read by every side, each side with
URLs of its own (`?side=N`: no side finds another's verdict memoised), the order of the sides
rotated from block to block so load drift hits them alike. Printed per side: total wall time,
median per-block wall time, this process's CPU time (the second paths all run in this
process; extraction runs in the pool's workers), and the ratio to "all on".

`handshake`: `webdistill mcp` (the early `initialize` answer, `doors/mcp/handshake.py`) against
the SDK alone (`doors.mcp.serve_stdio`), `--clients` servers spawned at once (an MCP host
starting its servers), sides alternated per round: the medians over rounds and clients of the
time from spawn to the `initialize` answer and to the `tools/list` answer.

Measured 2026-11-26 on the 2-core shared machine (load average 10-11, so absolute times are
long; the sides alternate, so the ratios stand), before the paths found without gain were
removed (tiny_html, fast_structure, the check_url memo: their sides are now left out):

    fetch, 1,152 pages (none <= 512 bytes), blocks of 48, 8 callers, cache off:
    side                 wall s      x  median block s   cpu s      x
    all on               430.61  1.000          15.159    6.69  1.000
    tiny_html off        458.64  1.065          16.122    6.99  1.045   (never taken: A/A noise)
    fast_structure off   425.95  0.989          14.924    6.74  1.007
    check_url memo off   451.91  1.049          18.852    6.89  1.029
    handshake, medians (ms), 5 rounds:             initialize   tools/list
    1 client:  webdistill mcp (early initialize)         4784        17545
               SDK alone (serve_stdio)                  15036        15055
    4 clients: webdistill mcp (early initialize)        11138        37787
               SDK alone (serve_stdio)                  36515        36544

    .venv/bin/python bench/second_paths.py fetch [--data ../shared/bench/extraction/data]
        [--block 48] [--callers 8] [--limit N]
    .venv/bin/python bench/second_paths.py handshake [--rounds 7] [--clients 1 4]
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from aiohttp import web
from bench.http_loopback import forbid_non_loopback, start_server

from webdistill import Config, build


def _pages(data: Path | None, limit: int | None) -> list[Path]:
    if data is None:
        from bench.extraction import find_data

        data = find_data(None)
    pages = sorted(data.glob("*/pages/*.html"))
    return pages[:limit] if limit else pages


def pages_app(pages: list[Path]) -> Callable[[], web.Application]:
    def make() -> web.Application:
        bodies = [path.read_bytes() for path in pages]

        async def page(request: web.Request) -> web.Response:
            return web.Response(body=bodies[int(request.match_info["n"])], content_type="text/html")

        app = web.Application()
        app.router.add_get("/{n}", page)
        return app

    return make


#: Side -> the (module, attribute, value when off) it sets; a side whose attributes are gone
#: (the path was removed) is left out.
_SWITCHES: dict[str, list[tuple[str, str, object]]] = {
    "tiny_html off": [("webdistill.adapters.extract.inline", "read_tiny_html", None)],
    "fast_structure off": [
        ("webdistill.kernel.validate", "plain_mapping", None),
        ("webdistill.kernel.validate", "exact_instance", None),
        ("webdistill.kernel.tools", "exact_instance", None),
    ],
    "check_url memo off": [("webdistill.kernel.urls", "_MEMO_URL_CHARS", -1)],
}


def _none(*_: object, **__: object) -> None:
    return None


def _sides() -> dict[str, Callable[[bool], None]]:
    """Side name -> switch (True: the second path off, False: back on)."""
    sides: dict[str, Callable[[bool], None]] = {"all on": lambda off: None}
    for name, settings in _SWITCHES.items():
        modules = [importlib.import_module(module) for module, _, _ in settings]
        if not all(hasattr(m, attr) for m, (_, attr, _) in zip(modules, settings, strict=True)):
            print(f"({name}: that path is gone, side left out)")
            continue
        shipped = [getattr(m, attr) for m, (_, attr, _) in zip(modules, settings, strict=True)]

        def switch(off: bool, modules=modules, settings=settings, shipped=shipped) -> None:  # type: ignore[no-untyped-def]
            for module, (_, attr, value), kept in zip(modules, settings, shipped, strict=True):
                setattr(module, attr, (value if value is not None else _none) if off else kept)

        sides[name] = switch
    return sides


async def fetch_bench(args: argparse.Namespace) -> None:
    pages = _pages(Path(args.data) if args.data else None, args.limit)
    tiny = sum(1 for path in pages if path.stat().st_size <= 512)
    base, server = start_server(pages_app(pages))
    config = Config(
        allow_http=True, trusted_addresses=("127.0.0.1",), cache="off", max_stored_results=0,
        fetch_timeout_ms=120_000, max_response_bytes=64 * 1024 * 1024,
    )  # fmt: skip
    sides = _sides()
    names = list(sides)
    wall: dict[str, list[float]] = {name: [] for name in names}
    cpu: dict[str, float] = dict.fromkeys(names, 0.0)
    failed: dict[str, int] = dict.fromkeys(names, 0)
    print(f"cpus={os.cpu_count()} loadavg={os.getloadavg()[0]:.2f} pages={len(pages)} "
          f"(<= 512 bytes: {tiny}) block={args.block} callers={args.callers}")  # fmt: skip
    try:
        async with build(config) as toolkit:
            await toolkit.fetch({"url": f"{base}/0?warm"})  # the worker pool starts lazily
            slots = asyncio.Semaphore(args.callers)

            async def one(url: str, name: str) -> None:
                async with slots:
                    outcome = (await toolkit.fetch({"url": url})).unwrap()[0]
                    if outcome.page is None:
                        failed[name] += 1

            blocks = [
                range(i, min(i + args.block, len(pages))) for i in range(0, len(pages), args.block)
            ]
            for number, block in enumerate(blocks):
                shift = number % len(names)
                for name in names[shift:] + names[:shift]:
                    side = names.index(name)
                    sides[name](True)
                    try:
                        began, began_cpu = time.perf_counter(), time.process_time()
                        await asyncio.gather(*(one(f"{base}/{n}?side={side}", name) for n in block))
                        wall[name].append(time.perf_counter() - began)
                        cpu[name] += time.process_time() - began_cpu
                    finally:
                        sides[name](False)
    finally:
        server.terminate()
    base_total, base_cpu = sum(wall["all on"]), cpu["all on"]
    print(
        f"{'side':<20} {'wall s':>8} {'x':>6} {'median block s':>15} {'cpu s':>8} {'x':>6}  failed"
    )
    for name in names:
        total = sum(wall[name])
        print(f"{name:<20} {total:8.2f} {total / base_total:6.3f} "
              f"{statistics.median(wall[name]):15.3f} {cpu[name]:8.2f} "
              f"{cpu[name] / base_cpu:6.3f}  {failed[name]}")  # fmt: skip


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith("WEB_")}


SDK_ALONE = (
    "import sys; from webdistill.config import Config; "
    "from webdistill.doors.mcp.server import serve_stdio; sys.exit(serve_stdio(Config.from_env()))"
)


def _one_client(argv: list[str], out: list[tuple[float, float]]) -> None:
    start = time.perf_counter()
    process = subprocess.Popen(
        argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=_env()
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        info = {"name": "bench", "version": "0"}
        params = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": info}
        request = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params}
        process.stdin.write(json.dumps(request).encode() + b"\n")
        process.stdin.flush()
        assert "result" in json.loads(process.stdout.readline())
        initialized = time.perf_counter() - start
        process.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        process.stdin.write(b'{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n')
        process.stdin.flush()
        assert "result" in json.loads(process.stdout.readline())
        out.append((initialized * 1000, (time.perf_counter() - start) * 1000))
    finally:
        process.kill()
        process.wait()


def handshake_bench(args: argparse.Namespace) -> None:
    bin_dir = Path(sys.executable).parent
    sides = {
        "webdistill mcp (early initialize)": [str(bin_dir / "webdistill"), "mcp"],
        "SDK alone (serve_stdio)": [sys.executable, "-c", SDK_ALONE],
    }
    print(f"cpus={os.cpu_count()} loadavg={os.getloadavg()[0]:.2f} rounds={args.rounds}")
    for clients in args.clients:
        results: dict[str, list[tuple[float, float]]] = {name: [] for name in sides}
        order = list(sides)
        for _ in range(args.rounds):
            for name in order:
                threads = [
                    threading.Thread(target=_one_client, args=(sides[name], results[name]))
                    for _ in range(clients)
                ]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join()
            order.reverse()
        print(f"{clients} client(s) at once, medians (ms):")
        for name, values in results.items():
            init = statistics.median(v[0] for v in values)
            listed = statistics.median(v[1] for v in values)
            print(
                f"  {name:<36} initialize {init:7.0f}   tools/list {listed:7.0f}  (n={len(values)})"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    fetch = commands.add_parser("fetch")
    fetch.add_argument("--data", help="the benchmark's data folder (default: ../shared/...)")
    fetch.add_argument("--block", type=int, default=48)
    fetch.add_argument("--callers", type=int, default=8)
    fetch.add_argument("--limit", type=int, default=None)
    handshake = commands.add_parser("handshake")
    handshake.add_argument("--rounds", type=int, default=7)
    handshake.add_argument("--clients", type=int, nargs="+", default=[1, 4])
    args = parser.parse_args()
    forbid_non_loopback()
    if args.command == "fetch":
        asyncio.run(fetch_bench(args))
    else:
        handshake_bench(args)


if __name__ == "__main__":
    main()
