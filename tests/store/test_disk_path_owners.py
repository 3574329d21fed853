"""The path to the disk store's folder: `WEB_CACHE_DIR` and every folder above it are the
user's alone (or root's), or the store is not used.

Source: an attack on issue 25 item 3 (tests/attack/test_store_parent_race.py). `prepare`
checked `store-v1` through a descriptor, but SQLite then opens
`<WEB_CACHE_DIR>/store-v1/entries-v1.sqlite3` (and later `-wal`/`-shm`) *by path*. Another
user who may rename entries in WEB_CACHE_DIR (theirs, or world-writable without the sticky
bit; e.g. a shared `/tmp/webdistill-cache` they created first, or a symlinked parent
pointing into their folder) swapped our `store-v1` with a folder of theirs between the check
and SQLite's open (renameat2 RENAME_EXCHANGE in a loop, as uid 65534): our pages were then
written into their file (they read them), and their planted pages were served as ours
(2,270 opens in 10 s: 1 planted page served, 1 of ours written into their file). Nothing
checked WEB_CACHE_DIR or its ancestors.

Now, as OpenSSH's StrictModes: WEB_CACHE_DIR is resolved to its real path, every folder
from it up to `/` must belong to the user or root and be writable by nobody else unless it
has the sticky bit (as `/tmp`), else every call is refused with a `StoreError` naming
WEB_CACHE_DIR or "a folder on the path to" it, the owner and what to do (no absolute path:
the model reads it); the operator's log names the folder in full. SQLite opens the real
path. The swap test is deterministic after the fix (the refusal comes before any race) and
bounded (a 2 s loop; the swapper is killed).

"Another user" is uid 65534 (`nobody`): the tests giving a folder away run as root; the
swapper runs as nobody through `setpriv`. Elsewhere they are skipped.
"""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import sqlite3
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from returns.result import Failure, Success

from tests.store.pages import CountingSite, counting_site
from webdistill import Config, build
from webdistill.adapters.store.disk import DiskStore
from webdistill.adapters.store.disk_db import FILE_NAME, Database

NOBODY = 65534
SWAPPER = r"""
import ctypes, sys, time
libc = ctypes.CDLL(None, use_errno=True)
a, b = (sys.argv[1] + "/store-v1").encode(), (sys.argv[1] + "/evil").encode()
end = time.time() + float(sys.argv[2])
while time.time() < end:
    libc.renameat2(-100, a, -100, b, 2)  # RENAME_EXCHANGE
"""
as_root = pytest.mark.skipif(os.geteuid() != 0, reason="acting as nobody needs root")


@pytest.fixture
def shared() -> Iterator[Path]:
    """WEB_CACHE_DIR, ours for now (0755 under a 0755 folder of ours, not in tmp_path:
    the swapper, as nobody, must reach it)."""
    base = Path(tempfile.mkdtemp(prefix="wd-shared-"))
    os.chmod(base, 0o755)
    cache = base / "cache"
    cache.mkdir(mode=0o755)
    yield cache
    shutil.rmtree(base, ignore_errors=True)


def _give_away(path: Path, mode: int) -> None:
    os.chown(path, NOBODY, NOBODY, follow_symlinks=False)
    if not path.is_symlink():
        os.chmod(path, mode)


def _assert_refused(reason: str, where: str, why: str, *paths: Path) -> None:
    assert reason.startswith(where) and why in reason, reason
    assert "so the disk store is not used" in reason and "set WEB_CACHE_DIR" in reason, reason
    for path in paths:  # seen by the model: no absolute path
        assert str(path) not in reason, reason


@as_root
async def test_a_store_folder_swapped_by_another_user_is_never_opened(shared: Path) -> None:
    folder = shared / "store-v1"
    ours = DiskStore(str(folder), 1 << 24)
    assert isinstance(await ours.put("warm", b"x", 60), Success)  # our folder, 0700
    await ours.close()
    # the other user's folder: a store file of theirs with a planted page, writable by all
    evil = shared / "evil"
    planted = DiskStore(str(evil), 1 << 24)
    assert isinstance(await planted.put("page", b"PLANTED-BY-NOBODY", 3600), Success)
    await planted.close()
    for path in evil.iterdir():
        _give_away(path, 0o666)
    _give_away(evil, 0o777)
    # WEB_CACHE_DIR is now the other user's, 0777 (as a shared /tmp/webdistill-cache they
    # made first): they may rename our store-v1 at will
    _give_away(shared, 0o777)

    swapper = await asyncio.create_subprocess_exec(
        "setpriv", "--reuid", str(NOBODY), "--regid", str(NOBODY), "--clear-groups",
        sys.executable, "-c", SWAPPER, str(shared), "30",
    )  # fmt: skip
    served_planted = opens = 0
    answers = []
    try:
        deadline = time.monotonic() + 2  # (a bound on the work, not a timed assertion)
        while time.monotonic() < deadline:
            opens += 1
            store = DiskStore(str(folder), 1 << 24)
            got = await store.get("page")
            if isinstance(got, Success) and got.unwrap() == b"PLANTED-BY-NOBODY":
                served_planted += 1
            answers += [got, await store.put(f"mine-{opens}", b"OUR-PRIVATE-PAGE", 3600)]
            await store.close()
    finally:
        swapper.kill()
        await swapper.wait()

    # whichever of the two folders now sits where: look into the one owned by nobody
    theirs = next(p for p in (shared / "store-v1", shared / "evil") if p.stat().st_uid == NOBODY)
    leaked = b"".join(p.read_bytes() for p in theirs.iterdir() if p.is_file())
    con = sqlite3.connect(theirs / FILE_NAME)
    rows = con.execute("SELECT count(*) FROM entries WHERE key LIKE 'mine-%'").fetchone()[0]
    con.close()
    assert (served_planted, rows, b"OUR-PRIVATE-PAGE" in leaked) == (0, 0, False), (
        f"{opens} opens: a page planted by uid {NOBODY} served as ours {served_planted} times; "
        f"{rows} of our pages written into a file owned by uid {NOBODY}"
    )
    assert opens > 0 and all(isinstance(answer, Failure) for answer in answers)
    for answer in answers:  # every open refused before SQLite opened anything
        _assert_refused(answer.failure().reason, "WEB_CACHE_DIR", f"uid {NOBODY}", shared)


@as_root
async def test_a_cache_dir_of_another_user_reached_through_their_symlink_is_refused(
    shared: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The root cause, deterministic: a WEB_CACHE_DIR of another user's (0777, reached
    through their symlink) was accepted with no notice nor warning, though that user may
    rename our `store-v1` away at will."""
    _give_away(shared, 0o777)
    link_parent = shared.parent / "link"
    os.symlink(shared, link_parent)
    _give_away(link_parent, 0)
    store = DiskStore(str(link_parent / "store-v1"), 1 << 24)
    with caplog.at_level(logging.WARNING, logger="webdistill.store"):
        answer = await store.put("k", b"v", 60)
    await store.close()
    assert isinstance(answer, Failure), (
        "store-v1 inside a folder owned and writable by uid 65534 (through their symlink) "
        "was used without a refusal or a notice"
    )
    _assert_refused(answer.failure().reason, "WEB_CACHE_DIR", f"uid {NOBODY}", shared.parent)
    assert os.listdir(shared) == []  # nothing made in their folder
    # The operator's log names the real folder in full, its owner and this process's user.
    logged = " ".join(record.getMessage() for record in caplog.records)
    assert f"{shared} belongs to nobody (uid {NOBODY})" in logged, logged
    assert "this process runs as root (uid 0)" in logged


@pytest.fixture
async def site() -> AsyncIterator[CountingSite]:
    async with counting_site() as running:
        yield running


@as_root
async def test_the_toolkit_downloads_past_it_with_a_notice_that_hides_the_path(
    shared: Path, site: CountingSite
) -> None:
    """A refused store is not used, as before: pages are downloaded, with a notice."""
    _give_away(shared, 0o777)
    config = Config(
        allow_http=True, trusted_addresses=("127.0.0.1",), cache="disk",
        cache_dir=str(shared), max_content_chars=5000,
    )  # fmt: skip
    url = f"{site.base}/long"
    for _ in range(2):
        async with build(config) as toolkit:
            outcome = (await toolkit.fetch({"url": url})).unwrap()[0]
        page = outcome.page
        assert page is not None and "Paragraph 0:" in page.content
        assert page.notice is not None and "WEB_CACHE_DIR" in page.notice, page.notice
        assert str(shared.parent) not in page.notice
    assert site.count("/long") == 2  # nothing kept: each fetch downloads
    assert os.listdir(shared) == []


@as_root
async def test_a_folder_above_it_owned_by_another_user_is_refused(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    above = tmp_path / "theirs"
    cache = above / "mine" / "cache"  # ours, 0700, but in a folder they own (0755)
    cache.mkdir(parents=True, mode=0o700)
    _give_away(above, 0o755)
    store = DiskStore(str(cache / "store-v1"), 1 << 24)
    with caplog.at_level(logging.WARNING, logger="webdistill.store"):
        answer = await store.put("k", b"v", 60)
    await store.close()
    assert isinstance(answer, Failure)
    reason = answer.failure().reason
    _assert_refused(reason, "a folder on the path to WEB_CACHE_DIR", f"uid {NOBODY}", tmp_path)
    assert list(cache.iterdir()) == []
    told = f"{above}, on the path to WEB_CACHE_DIR ({cache}), belongs to nobody (uid {NOBODY})"
    assert told in caplog.text, caplog.text


@pytest.mark.parametrize("mode", [0o777, 0o770, 0o757, 0o775], ids=oct)
@pytest.mark.parametrize("which", ["cache-dir", "above"])
async def test_a_folder_on_the_path_writable_by_others_without_sticky_bit_is_refused(
    tmp_path: Path, mode: int, which: str
) -> None:
    cache = tmp_path / "shared" / "cache"
    cache.mkdir(parents=True, mode=0o700)
    os.chmod(cache if which == "cache-dir" else cache.parent, mode)
    store = DiskStore(str(cache / "store-v1"), 1 << 24)
    answers = [await store.get("k"), await store.put("k", b"v", 60)]
    await store.close()
    where = "WEB_CACHE_DIR" if which == "cache-dir" else "a folder on the path to WEB_CACHE_DIR"
    who = "everyone" if mode & 0o002 else "its group"
    for answer in answers:
        assert isinstance(answer, Failure), answer
        reason = answer.failure().reason
        _assert_refused(reason, where, f"writable by {who} without the sticky bit", tmp_path)
        assert "chmod go-w" in reason
    assert list(cache.iterdir()) == []


@pytest.mark.parametrize("mode", [0o1777, 0o1770], ids=oct)
async def test_a_sticky_folder_on_the_path_like_tmp_is_accepted(tmp_path: Path, mode: int) -> None:
    """Others may add entries to a sticky folder, not rename or remove ours."""
    shared = tmp_path / "tmp-like"
    shared.mkdir()
    os.chmod(shared, mode)
    store = DiskStore(str(shared / "cache" / "store-v1"), 1 << 24)
    assert await store.put("k", b"v", 60) == Success(None)
    assert await store.get("k") == Success(b"v")
    await store.close()


async def test_a_symlinked_cache_dir_of_ours_is_opened_by_its_real_path(tmp_path: Path) -> None:
    """A cache moved to another disk, WEB_CACHE_DIR a link to it: used, and SQLite opens the
    real path (the link re-pointed afterwards changes nothing)."""
    real = tmp_path / "disk2" / "cache"
    real.mkdir(parents=True)
    link = tmp_path / "cache-link"
    link.symlink_to(real)
    store = DiskStore(str(link / "store-v1"), 1 << 24)
    assert await store.put("k", b"v", 60) == Success(None)
    await store.close()
    assert (real / "store-v1" / FILE_NAME).is_file()
    db = Database(str(link / "store-v1"), 1 << 24, 1)
    try:
        assert db.path == str(real / "store-v1" / FILE_NAME)
        elsewhere = tmp_path / "elsewhere"
        elsewhere.mkdir()
        link.unlink()
        link.symlink_to(elsewhere)  # re-pointed while the database is open
        db.put("k2", b"v2", 60)
        assert db.get("k") == b"v" and db.get("k2") == b"v2"
        assert list(elsewhere.iterdir()) == []
    finally:
        db.close()
