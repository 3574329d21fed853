"""The browser's memory is counted by proportional set size: pages its processes share count once.

Chromium forks its renderers from a zygote, so most of each process's resident pages are
shared; summing RSS counted them once per process (a fresh browser summed ~360 MiB) and a
modest `WEB_BROWSER_MEMORY_MB` restarted an idle browser. The shape here is the same: a
parent touches a shared mapping, a forked child touches it too.
"""

from __future__ import annotations

import mmap
import os
import sys

import pytest

from webdistill.adapters.render.process import resident_bytes

SIZE = 64 * 1024 * 1024


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_shared_pages_count_once() -> None:
    shared = mmap.mmap(-1, SIZE, flags=mmap.MAP_SHARED)
    for offset in range(0, SIZE, mmap.PAGESIZE):
        shared[offset] = 1
    ready_r, ready_w = os.pipe()
    done_r, done_w = os.pipe()
    child = os.fork()
    if child == 0:  # touch every shared page, then wait to be measured
        total = 0
        for offset in range(0, SIZE, mmap.PAGESIZE):
            total += shared[offset]
        os.write(ready_w, b"x")
        os.read(done_r, 1)
        os._exit(0 if total else 1)
    try:
        assert os.read(ready_r, 1) == b"x"
        both = resident_bytes([os.getpid(), child])
        summed_rss = sum(_rss(pid) for pid in (os.getpid(), child))
        # Summed RSS counts the 64 MiB twice; PSS splits it between the two processes.
        assert both <= summed_rss - SIZE // 2
    finally:
        os.write(done_w, b"x")
        os.waitpid(child, 0)
        shared.close()
        for fd in (ready_r, ready_w, done_r, done_w):
            os.close(fd)


def _rss(pid: int) -> int:
    with open(f"/proc/{pid}/statm", encoding="ascii") as handle:
        return int(handle.read().split()[1]) * mmap.PAGESIZE


def test_a_gone_process_counts_nothing() -> None:
    assert resident_bytes([2**22 + 12345]) == 0
