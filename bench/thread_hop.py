"""What one hand-off to a thread and back costs here: the floor under the disk store's calls.

The disk store does all its I/O on its own thread (never on the event loop), so each of its
calls costs at least one hand-off there and back; a fetch that misses makes three (look-up,
page put, result save). Measured alternately in one run (A B C D / D C B A ...), per call,
median CPU of this process (both threads) and wall:
- `thread ping-pong`: two plain threads passing a token through two `queue.SimpleQueue`s
  (no event loop: the operating system's own wake-up cost, both ways);
- `run_in_executor`: asyncio's own hand-off, a no-op on a one-thread pool;
- `DiskStore no-op`: the disk store's hand-off (its queue, its eventfd answer), no SQLite;
- `DiskStore get (miss)`: a real look-up that finds nothing.
On a machine where the two threads land on different cores, the wake-ups dominate.

    .venv/bin/python bench/thread_hop.py [--calls 2000] [--rounds 7]
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import queue
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webdistill.adapters.store.disk import DiskStore


def _ping_pong(calls: int) -> None:
    there: queue.SimpleQueue[int | None] = queue.SimpleQueue()
    back: queue.SimpleQueue[int] = queue.SimpleQueue()

    def echo() -> None:
        while (token := there.get()) is not None:
            back.put(token)

    thread = threading.Thread(target=echo)
    thread.start()
    for n in range(calls):
        there.put(n)
        back.get()
    there.put(None)
    thread.join()


async def main(calls: int, rounds: int) -> None:
    loop = asyncio.get_running_loop()
    pool = concurrent.futures.ThreadPoolExecutor(1)
    store = DiskStore(tempfile.mkdtemp(prefix="webdistill-bench-"), 64 << 20)
    keys = iter(range(10**9))

    async def ping_pong(count: int) -> None:
        _ping_pong(count)

    async def executor(count: int) -> None:
        for _ in range(count):
            await loop.run_in_executor(pool, int)

    async def store_noop(count: int) -> None:
        for _ in range(count):
            await store._submit(int, "read")

    async def store_get(count: int) -> None:
        for _ in range(count):
            await store.get(f"absent {next(keys)}")

    sides: list[tuple[str, Callable[[int], Awaitable[None]]]] = [
        ("thread ping-pong", ping_pong),
        ("run_in_executor", executor),
        ("DiskStore no-op", store_noop),
        ("DiskStore get (miss)", store_get),
    ]
    cpu: dict[str, list[float]] = {name: [] for name, _ in sides}
    wall: dict[str, list[float]] = {name: [] for name, _ in sides}
    for _, run in sides:
        await run(200)  # warm: threads started, the file open
    for _ in range(rounds):
        for name, run in sides:
            wall_before, cpu_before = time.perf_counter(), time.process_time()
            await run(calls)
            wall[name].append((time.perf_counter() - wall_before) / calls)
            cpu[name].append((time.process_time() - cpu_before) / calls)
        sides.reverse()
    await store.close()
    pool.shutdown()
    print(f"calls={calls} rounds={rounds}: median per call (a hand-off there and back)")
    for name, used in cpu.items():
        print(f"  {name:22s} CPU {statistics.median(used) * 1e6:6.1f} us   "
              f"wall {statistics.median(wall[name]) * 1e6:6.1f} us")  # fmt: skip


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=7)
    arguments = parser.parse_args()
    asyncio.run(main(arguments.calls, arguments.rounds))
