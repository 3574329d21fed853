"""End to end on the 1,152 real dev pages: `toolkit.fetch` of every page, this checkout against
another, alternating (issue 33: "nothing slower end to end").

The pages of the shared extraction benchmark (`../shared/bench/extraction/data`, read in
place: benchmark input, never copied into the repository) are served by an aiohttp server in
a child process on 127.0.0.1 (`text/html`, no charset: the page's own bytes decide). Each side
is a fresh process of that side's virtualenv (A = `--before`, e.g. /work/main/.venv; B = this
one) that builds the toolkit with default settings (disk store in a new folder, robots.txt
not asked: the server has none to give) and fetches every page once through
`toolkit.fetch`, `--concurrency` at a time, at URLs no earlier round used (of one length on
both sides: links resolved against them are part of the Markdown). The sides alternate, the
order swapped every round. Per side, the median over rounds of: wall time of the fetches
(the toolkit already open), the CPU of the side's process and of its extraction processes
(its descendants, read from /proc before the toolkit closes: Linux), pages answered with
text, and the characters of Markdown returned. Without the shared data it says so and exits
0. Nothing leaves the machine.

    .venv/bin/python bench/end_to_end.py --before /work/main/.venv [--rounds 3]
        [--concurrency 8] [--limit N] [--data PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def find_data(explicit: str | None) -> Path | None:
    """The benchmark's data folder, or None when it is not on this machine."""
    if explicit:
        return Path(explicit) if Path(explicit).is_dir() else None
    for base in (HERE.parent, *HERE.parent.parents):
        candidate = base.parent / "shared" / "bench" / "extraction" / "data"
        if candidate.is_dir():
            return candidate
    return None


def page_paths(data: Path, limit: int | None) -> list[str]:
    """`dataset/pages/id.html` of every page, sorted."""
    found = sorted(str(path.relative_to(data)) for path in data.glob("*/pages/*.html"))
    return found[:limit] if limit else found


def serve(data: str, port_file: str) -> None:
    """The child process: serve `data`'s pages on 127.0.0.1 until killed."""
    from aiohttp import web

    root = Path(data).resolve()
    served = {str(path.relative_to(root)) for path in root.glob("*/pages/*.html")}

    async def page(request: web.Request) -> web.Response:
        name = request.match_info["path"]
        if name not in served:
            raise web.HTTPNotFound()
        body = await asyncio.to_thread((root / name).read_bytes)
        return web.Response(body=body, content_type="text/html")

    async def run() -> None:
        app = web.Application()
        app.router.add_get("/{path:.+}", page)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        site = web.SockSite(runner, listener)
        await site.start()
        port = str(listener.getsockname()[1])
        await asyncio.to_thread(Path(port_file).write_text, port)
        await asyncio.Event().wait()

    asyncio.run(run())


def _descendants_cpu_s(root: int) -> float:
    """User + system CPU of `root`'s living descendants (Linux /proc)."""
    children: dict[int, list[int]] = {}
    times: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(entry)
        children.setdefault(int(fields[1]), []).append(pid)
        times[pid] = (int(fields[11]) + int(fields[12])) / tick
    total, todo = 0.0, list(children.get(root, []))
    while todo:
        pid = todo.pop()
        total += times.get(pid, 0.0)
        todo.extend(children.get(pid, []))
    return total


async def side(base: str, paths: list[str], tag: str, concurrency: int) -> dict[str, float]:
    """One side's run, in that side's interpreter: every page through `toolkit.fetch`."""
    from webdistill import build
    from webdistill.config import Config

    config = Config.from_env()
    gate = asyncio.Semaphore(concurrency)
    answered, chars = 0, 0

    async with build(config) as toolkit:
        await toolkit.fetch({"url": f"{base}/{paths[0]}?warm={tag}"})  # compose, start the pool

        async def one(path: str) -> None:
            nonlocal answered, chars
            async with gate:
                fetched = await toolkit.fetch({"url": f"{base}/{path}?round={tag}"})
            for outcome in fetched.value_or(()):
                if outcome.page is not None and outcome.page.content:
                    answered += 1
                    chars += len(outcome.page.content)

        cpu = time.process_time()
        pool_cpu = _descendants_cpu_s(os.getpid())
        start = time.perf_counter()
        await asyncio.gather(*(one(path) for path in paths))
        wall = time.perf_counter() - start
        cpu = time.process_time() - cpu
        pool_cpu = _descendants_cpu_s(os.getpid()) - pool_cpu
    return {"wall": wall, "cpu": cpu, "pool_cpu": pool_cpu, "answered": answered, "chars": chars}


def run_side(
    python: Path, base: str, pages_file: str, tag: str, args: argparse.Namespace
) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="webdistill-e2e-") as cache:
        env = {k: v for k, v in os.environ.items() if not k.startswith("WEB_")}
        env.update(
            WEB_ALLOW_HTTP="true",
            WEB_TRUSTED_ADDRESSES="127.0.0.1",
            WEB_RESPECT_ROBOTS="false",
            WEB_CACHE_DIR=cache,
        )
        argv = [str(python), __file__, "--side", base, "--pages-file", pages_file, "--tag", tag]
        argv += ["--concurrency", str(args.concurrency)]
        ran = subprocess.run(argv, capture_output=True, text=True, env=env, check=False)
    if ran.returncode != 0:
        raise RuntimeError(f"{python} failed:\n{ran.stderr[-3000:]}")
    return dict(json.loads(ran.stdout.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", help="the other checkout's virtualenv")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--limit", type=int, help="only the first N pages")
    parser.add_argument("--data", help="the benchmark's data folder (default: ../shared/...)")
    parser.add_argument("--side", help=argparse.SUPPRESS)  # (a side's own process: base URL)
    parser.add_argument("--pages-file", help=argparse.SUPPRESS)
    parser.add_argument("--tag", help=argparse.SUPPRESS)
    parser.add_argument("--serve", help=argparse.SUPPRESS)  # (the server process: port file)
    args = parser.parse_args()
    if args.serve:
        serve(args.data, args.serve)
        return
    if args.side:
        paths = Path(args.pages_file).read_text().split()
        print(json.dumps(asyncio.run(side(args.side, paths, args.tag, args.concurrency))))
        return
    data = find_data(args.data)
    if data is None:
        print("end_to_end: the shared benchmark pages are not here (../shared/bench/extraction/"
              "data, or --data PATH): nothing to measure.")  # fmt: skip
        return
    if not args.before:
        parser.error("--before VENV is needed (the checkout to compare with)")
    measure(args, data)


def measure(args: argparse.Namespace, data: Path) -> None:
    sides = {"before": Path(args.before) / "bin" / "python", "after": Path(sys.executable)}
    paths = page_paths(data, args.limit)
    with tempfile.TemporaryDirectory(prefix="webdistill-e2e-") as folder:
        pages_file, port_file = str(Path(folder) / "pages"), str(Path(folder) / "port")
        Path(pages_file).write_text("\n".join(paths))
        argv = [sys.executable, __file__, "--serve", port_file, "--data", str(data)]
        server = subprocess.Popen(argv)
        try:
            while not Path(port_file).is_file() or not Path(port_file).read_text():
                if server.poll() is not None:
                    raise RuntimeError("the page server did not start")
                time.sleep(0.1)
            base = f"http://127.0.0.1:{Path(port_file).read_text()}"
            results: dict[str, list[dict[str, float]]] = {name: [] for name in sides}
            for number in range(args.rounds):
                order = ["before", "after"] if number % 2 == 0 else ["after", "before"]
                for name in order:
                    row = run_side(sides[name], base, pages_file, f"{number}{name[0]}", args)
                    results[name].append(row)
                    print(f"  round {number + 1} {name:<6} {_row(row)}", flush=True)
        finally:
            server.kill()
            server.wait()
    report(results, len(paths), args)


def _row(row: dict[str, float]) -> str:
    return (
        f"wall {row['wall']:7.2f} s  cpu {row['cpu']:7.2f} s  pool cpu {row['pool_cpu']:7.2f} s"
        f"  answered {row['answered']:5.0f}  chars {row['chars']:11,.0f}"
    )


def report(
    results: dict[str, list[dict[str, float]]], pages: int, args: argparse.Namespace
) -> None:
    print(
        f"{pages} pages through toolkit.fetch, {args.concurrency} at a time, median of "
        f"{args.rounds} alternated rounds (loadavg {os.getloadavg()[0]:.1f})"
    )
    medians = {
        name: {key: statistics.median(row[key] for row in rows) for key in rows[0]}
        for name, rows in results.items()
    }
    for name, row in medians.items():
        print(f"  {name:<6} {_row(row)}")
    before, after = medians["before"], medians["after"]
    for key in ("wall", "cpu", "pool_cpu"):
        if before[key]:
            print(f"  after/before {key:<9} {after[key] / before[key]:.2f}x")


if __name__ == "__main__":
    main()
