"""Attack (issue 25 item 3): WEB_CACHE_DIR controlled by another local user.

`prepare` checks `store-v1` through a descriptor, but SQLite then opens
`<WEB_CACHE_DIR>/store-v1/entries-v1.sqlite3` (and later `-wal`/`-shm`) *by path*.
Another user who may rename entries in WEB_CACHE_DIR (theirs, or world-writable without
the sticky bit; e.g. a shared `/tmp/webdistill-cache` they created first, or a symlinked
parent pointing into their folder) swaps our `store-v1` with a folder of theirs between the
check and SQLite's open (renameat2 RENAME_EXCHANGE in a loop, as uid 65534): our pages are
then written into their file (they read them), and their planted pages are served as ours.
Nothing checks WEB_CACHE_DIR or its ancestors; the README promises the store is "the
user's alone" on a shared machine without naming this limit.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from returns.result import Success

from webdistill.adapters.store.disk import DiskStore
from webdistill.adapters.store.disk_db import FILE_NAME

NOBODY = 65534
SWAPPER = r'''
import ctypes, sys, time
libc = ctypes.CDLL(None, use_errno=True)
a, b = (sys.argv[1] + "/store-v1").encode(), (sys.argv[1] + "/evil").encode()
end = time.time() + float(sys.argv[2])
while time.time() < end:
    libc.renameat2(-100, a, -100, b, 2)  # RENAME_EXCHANGE
'''

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="needs root to act as nobody")


@pytest.fixture
def shared() -> Path:
    base = Path(tempfile.mkdtemp(prefix="wd-shared-"))
    os.chmod(base, 0o755)
    cache = base / "cache"  # WEB_CACHE_DIR, created first by the other user, 0777
    cache.mkdir()
    os.chown(cache, NOBODY, NOBODY)
    os.chmod(cache, 0o777)
    yield cache
    shutil.rmtree(base, ignore_errors=True)


async def test_swapped_store_folder_reads_and_plants(shared: Path) -> None:
    folder = shared / "store-v1"
    ours = DiskStore(str(folder), 1 << 24)
    assert isinstance(await ours.put("warm", b"x", 60), Success)  # our folder, 0700
    await ours.close()

    # the other user's folder: a store file of theirs with a planted page, writable by all
    evil = shared / "evil"
    evil.mkdir()
    planted = DiskStore(str(evil), 1 << 24)
    assert isinstance(await planted.put("page", b"PLANTED-BY-NOBODY", 3600), Success)
    await planted.close()
    for path in evil.iterdir():
        os.chmod(path, 0o666)
        os.chown(path, NOBODY, NOBODY)
    os.chmod(evil, 0o777)
    os.chown(evil, NOBODY, NOBODY)

    swapper = subprocess.Popen(
        ["setpriv", "--reuid", str(NOBODY), "--regid", str(NOBODY), "--clear-groups",
         sys.executable, "-c", SWAPPER, str(shared), "20"],
    )  # fmt: skip
    served_planted = 0
    try:
        deadline = time.monotonic() + 10
        i = 0
        while time.monotonic() < deadline:
            i += 1
            store = DiskStore(str(folder), 1 << 24)
            got = await store.get("page")
            if isinstance(got, Success) and got.unwrap() == b"PLANTED-BY-NOBODY":
                served_planted += 1
            await store.put(f"mine-{i}", b"OUR-PRIVATE-PAGE", 3600)
            await store.close()
    finally:
        swapper.kill()
        swapper.wait()

    # whichever of the two folders now sits where: look into the one owned by nobody
    theirs = next(p for p in (shared / "store-v1", shared / "evil") if p.stat().st_uid == NOBODY)
    leaked = b"".join(p.read_bytes() for p in theirs.iterdir() if p.is_file())
    con = sqlite3.connect(theirs / FILE_NAME)
    rows = con.execute("SELECT count(*) FROM entries WHERE key LIKE 'mine-%'").fetchone()[0]
    con.close()
    assert (served_planted, rows, b"OUR-PRIVATE-PAGE" in leaked) == (0, 0, False), (
        f"{i} opens: a page planted by uid {NOBODY} served as ours {served_planted} times; "
        f"{rows} of our pages written into a file owned by uid {NOBODY}"
    )


async def test_cache_dir_owned_by_another_user_is_used_silently(shared: Path) -> None:
    """The root cause, deterministic: a WEB_CACHE_DIR of another user's (0777, or reached
    through their symlink) is accepted with no notice nor warning, though that user may
    rename our `store-v1` away at will."""
    link_parent = shared.parent / "link"
    os.symlink(shared, link_parent)
    os.lchown(link_parent, NOBODY, NOBODY)
    store = DiskStore(str(link_parent / "store-v1"), 1 << 24)
    answer = await store.put("k", b"v", 60)
    await store.close()
    assert not isinstance(answer, Success), (
        "store-v1 inside a folder owned and writable by uid 65534 (through their symlink) "
        "was used without a refusal or a notice"
    )
