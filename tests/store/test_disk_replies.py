"""Answers from the disk store's thread reach their loop (disk_replies.py): one store used
from many loops in turn keeps one descriptor per live loop, a call racing the store's close
still gets its answer, and a loop that cannot watch a descriptor is answered through its
self-pipe."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from returns.result import Success

from webdistill.adapters.store.disk import DiskStore


def _open_descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


async def _round_trip(store: DiskStore, n: int) -> None:
    assert await store.put(f"k{n}", b"v%d" % n, 60) == Success(None)
    assert await store.get(f"k{n}") == Success(b"v%d" % n)


def test_one_store_used_from_many_loops_keeps_one_descriptor_per_live_loop(
    tmp_path: Path,
) -> None:
    store = DiskStore(str(tmp_path / "store"), 1 << 20)
    asyncio.run(_round_trip(store, 0))  # the database and the thread exist from here on
    before = _open_descriptors()
    for n in range(1, 40):
        asyncio.run(_round_trip(store, n))
    assert _open_descriptors() <= before + 2
    asyncio.run(store.close())


async def test_a_call_racing_the_close_still_gets_its_answer(tmp_path: Path) -> None:
    store = DiskStore(str(tmp_path / "store"), 1 << 20)
    await store.put("warm", b"up", 60)
    for n in range(20):
        answers = await asyncio.wait_for(
            asyncio.gather(store.close(), store.put(f"k{n}", b"v", 60), store.get("warm")), 10
        )
        assert answers[1:] == [Success(None), Success(b"up")]
    await store.close()


class _NoReaders(asyncio.SelectorEventLoop):
    """A loop that cannot watch descriptors (as Windows' proactor loop)."""

    def add_reader(self, fd: Any, callback: Callable[..., object], *args: Any) -> None:
        raise NotImplementedError


def test_a_loop_that_cannot_watch_descriptors_is_answered_through_its_self_pipe(
    tmp_path: Path,
) -> None:
    store = DiskStore(str(tmp_path / "store"), 1 << 20)
    loop = _NoReaders()
    try:
        loop.run_until_complete(_round_trip(store, 1))
        loop.run_until_complete(store.close())
    finally:
        loop.close()
