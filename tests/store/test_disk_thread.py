"""The disk store's one thread: calls run in order, a cancelled caller leaves the others
working, and a closed store opens again on its next call (what a toolkit reopened does)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from returns.result import Success

from webdistill.adapters.store.disk import DiskStore


async def test_calls_survive_a_cancelled_caller_and_a_reopen(tmp_path: Path) -> None:
    store = DiskStore(str(tmp_path / "store"), 1 << 20)
    puts = [asyncio.ensure_future(store.put(f"k{i}", b"v%d" % i, 60)) for i in range(20)]
    puts[5].cancel()  # its write may or may not happen; nobody waits for it
    await asyncio.gather(*puts, return_exceptions=True)
    assert await store.get("k19") == Success(b"v19")
    await store.close()
    assert await store.get("k0") == Success(b"v0")  # reopened on demand
    assert await store.incr("n", 60) == Success(1)
    await store.close()
    await store.close()  # twice is harmless
