"""What saving one result costs the disk store: two store calls (count, then put the slot,
as before) against one (`put_in_ring`, one transaction and one trip to the store thread).

Both sides run on one `DiskStore` in a fresh folder, 800-byte entries, alternating A B / B A
per round; prints the median CPU time of this process (the store thread included) per saved
result and the spread over rounds.

    .venv/bin/python bench/result_save.py [--saves 200] [--rounds 7]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable

from webdistill.adapters.store.disk import DiskStore


async def main(saves: int, rounds: int) -> None:
    store = DiskStore(tempfile.mkdtemp(prefix="webdistill-bench-"), 256 << 20)
    value = b"x" * 800
    await store.get("warm")

    async def two_calls() -> None:
        count = (await store.incr("count-a", 600)).unwrap()
        (await store.put(f"slot-a:{count % 100}", value, 600)).unwrap()

    async def one_call() -> None:
        (await store.put_in_ring("count-b", 100, "slot-b:", value, 600)).unwrap()

    sides: list[tuple[str, Callable[[], Awaitable[None]]]] = [
        ("incr + put (two calls)", two_calls),
        ("put_in_ring (one call)", one_call),
    ]
    cpu: dict[str, list[float]] = {name: [] for name, _ in sides}
    for _ in range(rounds):
        for name, save in sides:
            began = time.process_time()
            for _ in range(saves):
                await save()
            cpu[name].append((time.process_time() - began) / saves)
        sides.reverse()
    await store.close()
    for name, values in cpu.items():
        print(f"{name:24s} CPU {statistics.median(values) * 1e6:5.0f} us per saved result "
              f"[{min(values) * 1e6:.0f}-{max(values) * 1e6:.0f}]")  # fmt: skip


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--saves", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    asyncio.run(main(args.saves, args.rounds))
