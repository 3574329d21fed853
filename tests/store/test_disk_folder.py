"""The disk store on a machine shared with other users: its folder and files are ours alone.

- The folder (`store-v1` under `WEB_CACHE_DIR`) is created 0700; the database and its
  `-wal` / `-shm` are 0600 from their creation, checked while the store runs, under a
  permissive umask (022, the common default, and 000).
- A folder owned by another user, writable by its group or by everyone, or a symlink is
  refused: every call answers a `Failure` naming the folder, its owner and what to do, and
  nothing in it is read or written. The toolkit then downloads, with a notice that carries
  neither the absolute path nor a user name (it goes to the model); the operator's log
  names the folder's full path.
- Inside the folder no symlink is followed (a database, `-wal` or `-shm` that is one is
  refused, its target untouched); files of ours left with a wider mode (a database left
  0644 by an earlier release, while it still runs) are tightened to 0600; a file of
  another user is refused.

"Another user" is uid 65534 (`nobody`): the tests run as root, which may give files away;
elsewhere the tests needing it are skipped.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import stat
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from returns.result import Failure, Success

from tests.store.pages import CountingSite, counting_site
from webdistill import Config, build
from webdistill.adapters.store.choice import open_store
from webdistill.adapters.store.disk import DiskStore
from webdistill.adapters.store.disk_db import FILE_NAME

NOBODY = 65534
as_root = pytest.mark.skipif(os.geteuid() != 0, reason="giving a file away needs root")


@pytest.fixture
async def site() -> AsyncIterator[CountingSite]:
    async with counting_site() as running:
        yield running


@pytest.fixture(params=[0o022, 0o000], ids=["umask-022", "umask-000"])
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    old = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def _config(cache_dir: Path) -> Config:
    return Config(
        allow_http=True, trusted_addresses=("127.0.0.1",), cache="disk",
        cache_dir=str(cache_dir), max_content_chars=5000,
    )  # fmt: skip


def _chown_tree(folder: Path, uid: int) -> None:
    for path in (folder, *folder.iterdir()):
        os.chown(path, uid, uid, follow_symlinks=False)


async def _refusals(store: DiskStore) -> list[str]:
    """The reasons of a read, a write and a count, each of which must fail."""
    reasons = []
    for answer in (await store.get("k"), await store.put("k", b"v", 60), await store.incr("n", 60)):
        assert isinstance(answer, Failure), answer
        reasons.append(answer.failure().reason)
    return reasons


# -- modes from creation ---------------------------------------------------------------------


async def test_the_folder_and_every_file_are_ours_alone_while_the_store_runs(
    tmp_path: Path, umask: int
) -> None:
    cache = tmp_path / "cache"
    store = open_store("disk", str(cache), 1 << 20)
    assert await store.put("k", b"v", 60) == Success(None)
    assert await store.get("k") == Success(b"v")  # (reads map the -shm too)
    folder = cache / "store-v1"
    files = [folder / (FILE_NAME + suffix) for suffix in ("", "-wal", "-shm")]
    try:
        assert _mode(folder) == 0o700
        for path in files:  # stat while the store holds them open
            assert path.exists(), path
            assert _mode(path) == 0o600, f"{path.name} is {oct(_mode(path))}"
        assert _mode(cache) & 0o077 == 0  # the cache folder it made too
    finally:
        await store.close()


async def test_a_database_and_wal_left_0644_by_an_earlier_release_are_tightened(
    tmp_path: Path, umask: int
) -> None:
    folder = tmp_path / "store-v1"
    store = DiskStore(str(folder), 1 << 20)
    assert await store.put("k", b"v", 60) == Success(None)
    await store.close()
    # An earlier release, still running, holds the file open in WAL mode, all of it 0644.
    older = sqlite3.connect(str(folder / FILE_NAME))
    older.execute("SELECT count(*) FROM entries").fetchone()
    files = [folder / (FILE_NAME + suffix) for suffix in ("", "-wal", "-shm")]
    for path in files:
        os.chmod(path, 0o644)
    store = DiskStore(str(folder), 1 << 20)
    try:
        assert await store.get("k") == Success(b"v")
        assert await store.put("k2", b"v2", 60) == Success(None)
        for path in files:
            assert _mode(path) == 0o600, f"{path.name} is {oct(_mode(path))}"
    finally:
        await store.close()
        older.close()


async def test_a_folder_of_ours_readable_by_others_is_tightened(tmp_path: Path) -> None:
    folder = tmp_path / "store-v1"
    folder.mkdir()
    os.chmod(folder, 0o755)
    store = DiskStore(str(folder), 1 << 20)
    assert await store.put("k", b"v", 60) == Success(None)
    await store.close()
    assert _mode(folder) == 0o700


# -- the folder refused ---------------------------------------------------------------------


def _assert_refused_folder(reason: str, tmp_path: Path, why: str) -> None:
    assert "store-v1" in reason and why in reason, reason
    assert "WEB_CACHE_DIR" in reason and "remove" in reason, reason
    assert str(tmp_path) not in reason  # seen by the model: no absolute path


@as_root
async def test_a_folder_owned_by_another_user_is_refused_and_left_alone(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "cache" / "store-v1"
    planted = DiskStore(str(folder), 1 << 20)  # another user's store, holding a page
    assert await planted.put("k", b"a page planted by another user", 600) == Success(None)
    await planted.close()
    _chown_tree(folder, NOBODY)
    before = {path.name: path.read_bytes() for path in folder.iterdir()}
    store = DiskStore(str(folder), 1 << 20)
    with caplog.at_level(logging.WARNING, logger="webdistill.store"):
        reasons = await _refusals(store)
    await store.close()
    for reason in reasons:
        _assert_refused_folder(reason, tmp_path, f"uid {NOBODY}")
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == before
    assert os.lstat(folder).st_uid == NOBODY
    # The operator's log names the folder in full, and its owner.
    logged = " ".join(record.getMessage() for record in caplog.records)
    assert str(folder) in logged and f"uid {NOBODY}" in logged


@pytest.mark.parametrize("mode", [0o770, 0o777, 0o1777, 0o720, 0o702], ids=oct)
async def test_a_folder_writable_by_others_is_refused(tmp_path: Path, mode: int) -> None:
    folder = tmp_path / "store-v1"
    folder.mkdir()
    os.chmod(folder, mode)
    store = DiskStore(str(folder), 1 << 20)
    for reason in await _refusals(store):
        _assert_refused_folder(reason, tmp_path, "writable")
    await store.close()
    assert list(folder.iterdir()) == []
    assert _mode(folder) == mode


async def test_a_folder_that_is_a_symlink_is_refused_and_not_followed(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.mkdir(mode=0o700)  # ours, and 0700: the link alone is refused
    (tmp_path / "cache").mkdir()
    folder = tmp_path / "cache" / "store-v1"
    folder.symlink_to(target)
    store = DiskStore(str(folder), 1 << 20)
    for reason in await _refusals(store):
        _assert_refused_folder(reason, tmp_path, "symbolic link")
    await store.close()
    assert list(target.iterdir()) == []
    assert folder.is_symlink()


@as_root
async def test_the_toolkit_downloads_past_a_foreign_store_and_the_notice_hides_the_path(
    tmp_path: Path, site: CountingSite
) -> None:
    cache = tmp_path / "cache"
    url = f"{site.base}/long"
    async with build(_config(cache)) as toolkit:
        assert (await toolkit.fetch({"url": url})).unwrap()[0].page is not None
    assert site.count("/long") == 1
    _chown_tree(cache / "store-v1", NOBODY)  # now it is another user's, holding the page
    async with build(_config(cache)) as toolkit:
        outcome = (await toolkit.fetch({"url": url})).unwrap()[0]
    assert site.count("/long") == 2  # not served from the other user's store
    page = outcome.page
    assert page is not None and "Paragraph 0:" in page.content
    assert page.notice is not None and "store-v1" in page.notice, page.notice
    assert str(tmp_path) not in page.notice  # (the path names the local user)
    assert outcome.response_id is None


# -- files inside the folder ----------------------------------------------------------------


@pytest.mark.parametrize("suffix", ["", "-wal", "-shm"], ids=["database", "wal", "shm"])
@pytest.mark.parametrize("dangling", [False, True], ids=["to-a-file", "dangling"])
async def test_a_symlink_inside_the_folder_is_refused_and_its_target_untouched(
    tmp_path: Path, suffix: str, dangling: bool
) -> None:
    folder = tmp_path / "store-v1"
    store = DiskStore(str(folder), 1 << 20)
    assert await store.put("k", b"v", 60) == Success(None)
    await store.close()  # (closing the last connection removes the -wal and -shm)
    target = tmp_path / "elsewhere" / "target"
    target.parent.mkdir()
    name = FILE_NAME + suffix
    if not dangling and not suffix:
        os.replace(folder / FILE_NAME, target)  # a whole store, elsewhere
    elif not dangling:
        target.write_bytes(b"")
    link = folder / name
    link.unlink(missing_ok=True)
    link.symlink_to(target)
    before = target.read_bytes() if not dangling else None
    store = DiskStore(str(folder), 1 << 20)
    reasons = await _refusals(store)
    await store.close()
    for reason in reasons:
        assert name in reason and "symbolic link" in reason, reason
        assert str(tmp_path) not in reason
    assert link.is_symlink()
    if dangling:
        assert not target.exists()
    else:
        assert target.read_bytes() == before


@as_root
@pytest.mark.parametrize("suffix", ["", "-wal"], ids=["database", "wal"])
async def test_a_file_of_another_user_inside_the_folder_is_refused(
    tmp_path: Path, suffix: str
) -> None:
    folder = tmp_path / "store-v1"
    store = DiskStore(str(folder), 1 << 20)
    assert await store.put("k", b"v", 60) == Success(None)
    await store.close()
    path = folder / (FILE_NAME + suffix)
    if suffix:
        path.write_bytes(b"")
    os.chown(path, NOBODY, NOBODY)
    before = path.read_bytes()
    store = DiskStore(str(folder), 1 << 20)
    reasons = await _refusals(store)
    await store.close()
    for reason in reasons:
        assert path.name in reason and f"uid {NOBODY}" in reason and "remove" in reason
        assert str(tmp_path) not in reason
    assert path.read_bytes() == before and os.lstat(path).st_uid == NOBODY


async def test_a_refused_folder_put_right_is_used_again(tmp_path: Path) -> None:
    folder = tmp_path / "store-v1"
    folder.mkdir()
    os.chmod(folder, 0o777)
    store = DiskStore(str(folder), 1 << 20)
    assert isinstance(await store.put("k", b"v", 60), Failure)
    os.chmod(folder, 0o700)  # the operator checked it and put it right
    assert await store.put("k", b"v", 60) == Success(None)
    assert await store.get("k") == Success(b"v")
    await store.close()
