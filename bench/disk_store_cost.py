"""What the disk store costs per fetch that misses: the look-up (a miss), the page put and the
result save (`put_in_ring`), as `toolkit.fetch` does them with the default configuration.

Compares this checkout's `DiskStore` with another release's (`--before`: the `src` folder
of an export, e.g. `git archive 4ba2650 src | tar -x -C /tmp/b`; its modules are loaded
under another package name, so both versions, with all their modules, run in one process),
each on its own fresh folder, alternating A B / B A per round; prints the median CPU (this
process, the store thread included) and wall time per fetch, their spread over rounds, and
the median of the same-round ratios after / before.

    .venv/bin/python bench/disk_store_cost.py --before /tmp/b/src \
        [--fetches 300] [--rounds 9] [--page-bytes 3000] [--concurrency 1]

`--concurrency C` splits the fetches between C callers at once (a server's load: their
writes queue together on the store thread).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import pathlib
import re
import statistics
import sys
import tempfile
import time
from typing import Any

from webdistill.adapters.store.disk import DiskStore


def _load(src: str) -> Any:
    """`DiskStore` of the package in `src`, copied as `webdistill_before` (imports renamed)."""
    root = pathlib.Path(tempfile.mkdtemp(prefix="wd-before-src-"))
    for path in pathlib.Path(src).rglob("*.py"):
        target = root / "webdistill_before" / path.relative_to(src)
        target.parent.mkdir(parents=True, exist_ok=True)
        text = re.sub(r"\bwebdistill\.", "webdistill_before.", path.read_text())
        target.write_text(text)
    sys.path.insert(0, str(root))
    return importlib.import_module("webdistill_before.adapters.store.disk").DiskStore


async def main(
    before: str, fetches: int, rounds: int, page_bytes: int, concurrency: int
) -> None:
    stores = {
        "before": _load(before)(tempfile.mkdtemp(prefix="wd-before-"), 256 << 20),
        "after": DiskStore(tempfile.mkdtemp(prefix="wd-after-"), 256 << 20),
    }
    page, result = b"p" * page_bytes, b"r" * (page_bytes + 400)
    for store in stores.values():
        await store.get("warm")
    cpu: dict[str, list[float]] = {name: [] for name in stores}
    wall: dict[str, list[float]] = {name: [] for name in stores}
    order = list(stores)
    serials = iter(range(1 << 62))

    async def caller(store: Any, count: int) -> None:
        for _ in range(count):
            key = f"webdistill:v1:page:{next(serials):064x}"
            assert (await store.get(key)).unwrap() is None
            (await store.put(key, page, 600)).unwrap()
            (await store.put_in_ring("count", 100, "ring:", result, 3600)).unwrap()

    for _ in range(rounds):
        for name in order:
            store = stores[name]
            began, began_wall = time.process_time(), time.perf_counter()
            await asyncio.gather(
                *(caller(store, fetches // concurrency) for _ in range(concurrency))
            )
            cpu[name].append((time.process_time() - began) / fetches)
            wall[name].append((time.perf_counter() - began_wall) / fetches)
        order.reverse()
    for store in stores.values():
        await store.close()
    for label, table in (("CPU", cpu), ("wall", wall)):
        for name, values in table.items():
            print(f"{name:7s} {label:4s} {statistics.median(values) * 1e6:6.0f} us per fetch "
                  f"[{min(values) * 1e6:.0f}-{max(values) * 1e6:.0f}]")  # fmt: skip
        ratios = [a / b for a, b in zip(table["after"], table["before"], strict=True)]
        print(f"after / before {label}: {statistics.median(ratios):.2f}x "
              f"[{min(ratios):.2f}-{max(ratios):.2f}]")  # fmt: skip


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--before", required=True, help="the src folder of the other release")
    parser.add_argument("--fetches", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--page-bytes", type=int, default=3000)
    parser.add_argument("--concurrency", type=int, default=1, help="callers at once")
    args = parser.parse_args()
    fetches = args.fetches - args.fetches % args.concurrency
    asyncio.run(main(args.before, fetches, args.rounds, args.page_bytes, args.concurrency))
