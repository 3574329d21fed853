"""The Store contract, one suite run against all three adapters: memory, disk, Redis.

Redis is a real redis-server (tests/store/redis_server.py), never a mock. Keys are unique per
test, so the one session-wide server needs no flushing.
"""

from __future__ import annotations

import asyncio
import sys
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from returns.result import Success

from tests.store.redis_server import redis_server
from webdistill.adapters.store.disk import DiskStore
from webdistill.adapters.store.memory import MemoryStore
from webdistill.adapters.store.redis import RedisStore
from webdistill.kernel.store import Store

KINDS = ("memory", "disk", "redis")


@pytest.fixture(params=KINDS)
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    built: Store
    if request.param == "memory":
        built = MemoryStore(8 * 1024 * 1024)
    elif request.param == "disk":
        built = DiskStore(str(tmp_path / "store"), 8 * 1024 * 1024)
    else:
        built = RedisStore(request.getfixturevalue("redis_url"))
    try:
        yield built
    finally:
        await built.close()


@pytest.fixture
def key() -> str:
    return f"test:{uuid.uuid4().hex}"


async def test_a_missing_key_is_none(store: Store, key: str) -> None:
    assert await store.get(key) == Success(None)


async def test_put_then_get_round_trips_bytes_and_overwrites(store: Store, key: str) -> None:
    assert isinstance(await store.put(key, b"\x00first\xff", 60), Success)
    assert await store.get(key) == Success(b"\x00first\xff")
    await store.put(key, b"second", 60)
    assert await store.get(key) == Success(b"second")


async def test_large_values_round_trip(store: Store, key: str) -> None:
    value = bytes(range(256)) * 2048  # 512 KiB: diskcache keeps it in a file, not a row
    await store.put(key, value, 60)
    assert await store.get(key) == Success(value)


async def test_entries_expire_after_their_ttl(store: Store, key: str) -> None:
    await store.put(key, b"short-lived", 0.2)
    await store.put(key + ":long", b"long-lived", 60)
    await asyncio.sleep(0.4)
    assert await store.get(key) == Success(None)
    assert await store.get(key + ":long") == Success(b"long-lived")


async def test_add_writes_only_when_absent(store: Store, key: str) -> None:
    assert await store.add(key, b"mine", 60) == Success(True)
    assert await store.add(key, b"yours", 60) == Success(False)
    assert await store.get(key) == Success(b"mine")
    await store.delete(key)
    assert await store.add(key, b"yours", 60) == Success(True)


async def test_an_expired_lock_can_be_taken_again(store: Store, key: str) -> None:
    assert await store.add(key, b"holder", 0.2) == Success(True)
    await asyncio.sleep(0.4)
    assert await store.add(key, b"next", 60) == Success(True)


async def test_delete_of_a_missing_key_is_fine(store: Store, key: str) -> None:
    assert isinstance(await store.delete(key), Success)


async def test_incr_counts_from_one(store: Store, key: str) -> None:
    counts = [(await store.incr(key, 60)).unwrap() for _ in range(3)]
    assert counts == [1, 2, 3]


async def test_put_in_ring_counts_and_writes_the_slot_the_count_picks(
    store: Store, key: str
) -> None:
    prefix = key + ":slot:"
    assert (await store.incr(key, 60)).unwrap() == 1  # the same counter as incr
    slots = [(await store.put_in_ring(key, 3, prefix, f"v{n}".encode(), 60)).unwrap()
             for n in range(4)]  # fmt: skip
    assert slots == [2, 0, 1, 2]  # counts 2, 3, 4, 5 modulo 3
    assert (await store.get(prefix + "0")).unwrap() == b"v1"
    assert (await store.get(prefix + "1")).unwrap() == b"v2"
    assert (await store.get(prefix + "2")).unwrap() == b"v3"  # written over v0
    assert (await store.incr(key, 60)).unwrap() == 6


async def test_put_in_ring_entries_expire(store: Store, key: str) -> None:
    slot = (await store.put_in_ring(key, 10, key + ":", b"gone soon", 0.2)).unwrap()
    assert (await store.get(f"{key}:{slot}")).unwrap() == b"gone soon"
    await asyncio.sleep(0.5)
    assert (await store.get(f"{key}:{slot}")).unwrap() is None


async def test_a_counter_lives_its_ttl_from_its_last_count_then_counts_from_one(
    store: Store, key: str
) -> None:
    assert (await store.incr(key, 0.4)).unwrap() == 1
    await asyncio.sleep(0.25)
    assert (await store.put_in_ring(key, 10, key + ":", b"x", 0.4)).unwrap() == 2
    await asyncio.sleep(0.25)  # 0.5 s after the first count, 0.25 s after the last
    assert (await store.incr(key, 0.2)).unwrap() == 3
    await asyncio.sleep(0.4)
    assert (await store.incr(key, 60)).unwrap() == 1
    assert (await store.put_in_ring(key, 10, key + ":", b"y", 60)).unwrap() == 2


async def test_pace_hands_out_turns_one_interval_apart(store: Store, key: str) -> None:
    waits = [(await store.pace(key, 5.0)).unwrap() for _ in range(3)]
    assert waits[0] == 0
    assert 4.0 < waits[1] <= 5.0  # the second caller waits out (about) one interval
    assert 9.0 < waits[2] <= 10.0
    assert (await store.pace(key + ":other", 5.0)).unwrap() == 0  # gates are per key


async def test_labels_say_where_the_store_lives_without_secrets(tmp_path: Path) -> None:
    assert MemoryStore(1024).label == "memory"
    assert DiskStore(str(tmp_path), 1024 * 1024).label == "disk"  # (the path names the user)
    redis = RedisStore("redis://user:s3cret@127.0.0.1:1/0")
    assert "s3cret" not in redis.label and "127.0.0.1:1" in redis.label
    await redis.close()


# -- bounded in bytes, least recently used goes first ---------------------------------------

BOUND = 2 * 1024 * 1024
CHUNK = 100 * 1024


@pytest.fixture(scope="module")
def lru_redis_url() -> Iterator[str]:
    """A Redis bounded like the README's deployment advice (maxmemory + allkeys-lru)."""
    with redis_server("--maxmemory", "4mb", "--maxmemory-policy", "allkeys-lru") as url:
        yield url


@pytest.fixture(params=KINDS)
async def bounded_store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    built: Store
    if request.param == "memory":
        built = MemoryStore(BOUND)
    elif request.param == "disk":
        built = DiskStore(str(tmp_path / "store"), BOUND)
    else:
        built = RedisStore(request.getfixturevalue("lru_redis_url"))
    try:
        yield built
    finally:
        await built.close()


async def test_the_store_stays_bounded_and_evicts_the_least_recently_used(
    bounded_store: Store, key: str
) -> None:
    # Redis's LRU is sampled on a one-second clock: within one second which key goes is
    # random, so only the bound (and that old entries went) is checked there.
    exact_lru = not isinstance(bounded_store, RedisStore)
    await bounded_store.put(f"{key}:hot", b"h" * CHUNK, 600)
    await bounded_store.put(f"{key}:cold", b"c" * CHUNK, 600)
    for index in range(80):  # 8 MB through a 2-4 MB store
        hot = (await bounded_store.get(f"{key}:hot")).unwrap()  # keep it in use
        assert hot is not None or not exact_lru
        await bounded_store.put(f"{key}:{index}", bytes([index]) * CHUNK, 600)
    kept = [(await bounded_store.get(f"{key}:{index}")).unwrap() is not None for index in range(80)]
    assert kept[-1] and not all(kept[:10])
    assert sum(kept) * CHUNK <= 4 * 1024 * 1024
    if exact_lru:
        assert not kept[0]
        assert (await bounded_store.get(f"{key}:cold")).unwrap() is None
        assert (await bounded_store.get(f"{key}:hot")).unwrap() == b"h" * CHUNK


# -- several processes at once ----------------------------------------------------------------

COUNTER = """
import asyncio, sys
from webdistill.adapters.store.disk import DiskStore
from webdistill.adapters.store.redis import RedisStore

async def main(where, key):
    store = RedisStore(where) if where.startswith("redis") else DiskStore(where, 8 << 20)
    for n in range(40):
        if sys.argv[3] == "ring":
            value = f"{sys.argv[4]}-{n}".encode()
            call = lambda: store.put_in_ring(key, 1000, key + ":", value, 60)
        else:
            call = lambda: store.incr(key, 60)
        while not (await call()).map(lambda n: True).value_or(False):
            await asyncio.sleep(0.01)  # a busy store answers Failure: try again
    await store.close()

asyncio.run(main(sys.argv[1], sys.argv[2]))
"""


@pytest.mark.parametrize("kind", ["disk", "redis"])
async def test_shared_stores_count_right_with_several_processes_at_once(
    kind: str, key: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    where = str(tmp_path / "store") if kind == "disk" else request.getfixturevalue("redis_url")
    processes = [
        await asyncio.create_subprocess_exec(sys.executable, "-c", COUNTER, where, key, "incr")
        for _ in range(3)
    ]
    for process in processes:
        assert await asyncio.wait_for(process.wait(), 60) == 0
    store: Store = DiskStore(where, 8 << 20) if kind == "disk" else RedisStore(where)
    try:
        assert (await store.incr(key, 60)).unwrap() == 3 * 40 + 1
    finally:
        await store.close()


@pytest.mark.parametrize("kind", ["disk", "redis"])
async def test_put_in_ring_gives_every_writer_its_own_slot_with_several_processes(
    kind: str, key: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    where = str(tmp_path / "store") if kind == "disk" else request.getfixturevalue("redis_url")
    processes = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-c", COUNTER, where, key, "ring", f"p{i}"
        )
        for i in range(3)
    ]
    for process in processes:
        assert await asyncio.wait_for(process.wait(), 60) == 0
    store: Store = DiskStore(where, 8 << 20) if kind == "disk" else RedisStore(where)
    try:
        found = {(await store.get(f"{key}:{slot}")).unwrap() for slot in range(1, 121)}
        assert found == {f"p{i}-{n}".encode() for i in range(3) for n in range(40)}
        assert (await store.incr(key, 60)).unwrap() == 3 * 40 + 1
    finally:
        await store.close()
