"""The disk store's own file: what it does with files it did not write, and its bound.

- The diskcache `cache.db` earlier releases kept in the same folder is ignored (never read,
  never written), through the store and through the toolkit.
- A file under our name that is not a store of this layout (another program's SQLite
  database, a later release's layout, garbage bytes) is refused with a `Failure` saying
  what to do (without the absolute path, which the operator's log names), and left as it
  was; the toolkit still fetches, with a notice.
- Several processes writing at once under a small bound: the file stays sound, the byte
  total kept by the triggers is exact and within the bound, every kept value is whole.
- A hit's time of use, written later (with the next write, or at close), still decides
  eviction; a value bigger than the whole bound is not kept.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from returns.result import Failure, Success

from tests.store.pages import CountingSite, counting_site
from tests.store.test_disk_batching import _hold_write_lock
from webdistill import Config, build
from webdistill.adapters.store.disk import DiskStore
from webdistill.adapters.store.disk_db import (
    APPLICATION_ID,
    ENTRY_OVERHEAD,
    FILE_NAME,
    MAX_TOUCHES,
)


@pytest.fixture
async def site() -> AsyncIterator[CountingSite]:
    async with counting_site() as running:
        yield running


def _old_diskcache_file(folder: Path, key: str) -> None:
    """A `cache.db` in diskcache's layout (diskcache 5.6 core.py) holding `key`."""
    folder.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(str(folder / "cache.db"))
    con.execute("CREATE TABLE Settings (key TEXT NOT NULL UNIQUE, value)")
    con.execute(
        "CREATE TABLE Cache (rowid INTEGER PRIMARY KEY, key BLOB, raw INTEGER, "
        "store_time REAL, expire_time REAL, access_time REAL, access_count INTEGER DEFAULT 0, "
        "tag BLOB, size INTEGER DEFAULT 0, mode INTEGER DEFAULT 0, filename TEXT, value BLOB)"
    )
    con.execute(
        "INSERT INTO Cache (key, raw, store_time, expire_time, access_time, mode, value) "
        "VALUES (?, 1, 0, NULL, 0, 1, ?)",
        (key, b"an entry of the old store"),
    )
    con.commit()
    con.close()


def _config(folder: Path) -> Config:
    return Config(
        allow_http=True, trusted_addresses=("127.0.0.1",), cache="disk", cache_dir=str(folder),
        max_content_chars=5000,
    )  # fmt: skip


async def test_an_old_diskcache_store_in_the_folder_is_ignored(
    tmp_path: Path, site: CountingSite
) -> None:
    folder = tmp_path / "store"
    _old_diskcache_file(folder, "k")
    before = (folder / "cache.db").read_bytes()
    store = DiskStore(str(folder), 1 << 20)
    assert await store.get("k") == Success(None)
    assert await store.put("k", b"new", 60) == Success(None)
    assert await store.get("k") == Success(b"new")
    await store.close()
    assert (folder / "cache.db").read_bytes() == before

    _old_diskcache_file(tmp_path / "cache" / "store-v1", "k")  # where the toolkit looks
    for _ in range(2):
        async with build(_config(tmp_path / "cache")) as toolkit:
            outcome = (await toolkit.fetch({"url": f"{site.base}/long"})).unwrap()[0]
        assert outcome.page is not None and outcome.page.notice is None
    assert site.count("/long") == 1  # the second toolkit found the page in the new file


def _foreign(path: Path) -> None:
    con = sqlite3.connect(str(path))
    con.execute("CREATE TABLE notes (text TEXT)")
    con.execute("INSERT INTO notes VALUES ('mine')")
    con.commit()
    con.close()


def _later_layout(path: Path) -> None:
    con = sqlite3.connect(str(path))
    con.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    con.execute("PRAGMA user_version = 99")
    con.execute("CREATE TABLE entries (key TEXT PRIMARY KEY, other BLOB)")
    con.commit()
    con.close()


@pytest.mark.parametrize("plant", [_foreign, _later_layout], ids=["foreign", "later-layout"])
async def test_a_file_of_another_layout_under_our_name_is_refused_and_left_alone(
    tmp_path: Path, plant: object, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "store"
    folder.mkdir()
    path = folder / FILE_NAME
    plant(path)  # type: ignore[operator]
    before = path.read_bytes()
    store = DiskStore(str(folder), 1 << 20)
    with caplog.at_level(logging.WARNING, logger="webdistill.store"):
        answers = [await store.get("k"), await store.put("k", b"v", 60), await store.incr("n", 60)]
    for answer in answers:
        assert isinstance(answer, Failure)
        assert "not a webdistill store" in answer.failure().reason
        assert f"delete the file {FILE_NAME}" in answer.failure().reason
        assert str(tmp_path) not in answer.failure().reason  # (shown to the model)
    assert [f"{path} is damaged" in record.getMessage() for record in caplog.records] == [True]
    await store.close()
    assert path.read_bytes() == before


async def test_a_damaged_file_answers_failure_and_fetching_carries_on_with_a_notice(
    tmp_path: Path, site: CountingSite
) -> None:
    folder = tmp_path / "cache" / "store-v1"
    folder.mkdir(parents=True)
    (folder / FILE_NAME).write_bytes(b"this was a database once " * 400)
    store = DiskStore(str(folder), 1 << 20)
    answer = await store.put("k", b"v", 60)
    assert isinstance(answer, Failure)
    assert "DatabaseError" in answer.failure().reason
    assert f"delete the file {FILE_NAME} of the store folder store-v1" in answer.failure().reason
    await store.close()

    async with build(_config(tmp_path / "cache")) as toolkit:
        outcome = (await toolkit.fetch({"url": f"{site.base}/long"})).unwrap()[0]
    assert outcome.page is not None and "Paragraph 0:" in outcome.page.content
    assert outcome.page.notice is not None and "store" in outcome.page.notice
    assert str(tmp_path) not in outcome.page.notice
    assert outcome.response_id is None  # nothing could be stored, so no id


WRITER = """
import asyncio, sys
from webdistill.adapters.store.disk import DiskStore

async def main(folder, name):
    store = DiskStore(folder, 256 * 1024)
    for n in range(40):
        value = (f"{name}-{n}:".encode() * 1000)[:8000]
        while not (await store.put(f"{name}-{n}", value, 600)).map(lambda _: True).value_or(False):
            await asyncio.sleep(0.01)  # a busy store answers Failure: try again
        await store.get(f"{name}-{n // 2}")  # some hits, whose times are written later
    await store.close()

asyncio.run(main(sys.argv[1], sys.argv[2]))
"""


async def test_several_processes_writing_under_a_small_bound_keep_the_file_sound(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "store"
    processes = [
        await asyncio.create_subprocess_exec(sys.executable, "-c", WRITER, str(folder), f"p{i}")
        for i in range(3)
    ]
    for process in processes:
        assert await asyncio.wait_for(process.wait(), 60) == 0
    con = sqlite3.connect(str(folder / FILE_NAME))
    assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    total = con.execute("SELECT bytes FROM total").fetchone()[0]
    rows = con.execute("SELECT key, size, value FROM entries").fetchall()
    con.close()
    assert total == sum(size for _, size, _ in rows) <= 256 * 1024
    assert len(rows) >= 20  # eviction went down to 90 % of the bound, not further
    for key, size, value in rows:
        assert value == (f"{key}:".encode() * 1000)[:8000]
        assert size == len(key) + len(value) + ENTRY_OVERHEAD


async def test_a_hit_written_at_close_still_decides_eviction(tmp_path: Path) -> None:
    folder = str(tmp_path / "store")
    value = b"v" * 10_000  # four of these pass the bound, three do not
    store = DiskStore(folder, 40_000)
    for key in ("a", "b", "c"):
        await store.put(key, value, 600)
    assert await store.get("a") == Success(value)  # "b" is now the least recently used
    await store.close()  # the hit's time is written here (no write came after it)
    store = DiskStore(folder, 40_000)
    await store.put("d", value, 600)
    assert await store.get("b") == Success(None)
    for key in ("a", "c", "d"):
        assert await store.get(key) == Success(value)
    await store.close()


async def test_a_value_bigger_than_the_bound_is_not_kept(tmp_path: Path) -> None:
    store = DiskStore(str(tmp_path / "store"), 40_000)
    await store.put("small", b"s", 600)
    await store.put("k", b"old", 600)
    assert await store.put("k", b"x" * 50_000, 600) == Success(None)
    assert await store.get("k") == Success(None)  # not the old value either
    assert await store.get("small") == Success(b"s")
    await store.close()


#: When key "k0" was last used, as the file says.
_USED_K0 = "SELECT used FROM entries WHERE key = 'k0'"


async def _store_of_touchable_keys(
    folder: Path,
) -> tuple[DiskStore, list[str], sqlite3.Connection, float]:
    """A store holding as many keys as hits' times may wait (k0, k1...), a connection of
    its own to the file, and when k0 was last used."""
    store = DiskStore(str(folder), 1 << 20)
    keys = [f"k{n}" for n in range(MAX_TOUCHES)]
    for key in keys:
        await store.put(key, b"v", 600)
    con = sqlite3.connect(str(folder / FILE_NAME))
    return store, keys, con, con.execute(_USED_K0).fetchone()[0]


async def test_many_hits_write_their_times_without_waiting_for_a_write(tmp_path: Path) -> None:
    store, keys, con, stamped = await _store_of_touchable_keys(tmp_path / "store")
    query = _USED_K0
    for key in keys[:-1]:
        assert await store.get(key) == Success(b"v")
    assert con.execute(query).fetchone()[0] == stamped  # the hits wait for a write
    assert await store.get(keys[-1]) == Success(b"v")  # as many as may wait: written now
    assert con.execute(query).fetchone()[0] > stamped
    con.close()
    await store.close()


async def test_hits_whose_times_cannot_be_written_are_dropped_not_retried(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "store"
    store, keys, con, stamped = await _store_of_touchable_keys(folder)
    query = _USED_K0
    held = _hold_write_lock(folder, 1.4)  # past the busy timeout: the times cannot be written
    await asyncio.to_thread(held.wait)
    for key in keys:  # the last one tries to write them, waits, fails, still answers
        assert await store.get(key) == Success(b"v")
    await asyncio.sleep(1.5)  # the other connection lets go
    assert await store.put("after", b"ok", 60) == Success(None)  # no hit's time waits now
    assert con.execute(query).fetchone()[0] == stamped
    con.close()
    await store.close()
