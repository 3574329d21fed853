"""DuckDuckGo pacing shared through the store: two pacers on one store (two replicas on one
Redis, two CLI calls on one disk store) keep one pace and one back-off; a store that goes
away hands pacing to the in-process pacer. Sleeps are recorded, not slept (no timing)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.store.redis_server import redis_server
from webdistill import Config
from webdistill.adapters.providers.pacing import IntervalPacer
from webdistill.adapters.store.disk import DiskStore
from webdistill.adapters.store.memory import MemoryStore
from webdistill.adapters.store.pacer import StorePacer
from webdistill.adapters.store.redis import RedisStore
from webdistill.adapters.store.resilient import ResilientStore
from webdistill.compose import duckduckgo_pacer
from webdistill.kernel.store import Store


class Sleeps:
    def __init__(self) -> None:
        self.waits: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


@pytest.fixture(params=["disk", "redis"])
async def two_handles(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[list[Store]]:
    """Two handles on one shared store, as two processes would hold."""
    if request.param == "disk":
        stores: list[Store] = [DiskStore(str(tmp_path / "s"), 1 << 20) for _ in range(2)]
    else:
        url = request.getfixturevalue("redis_url")
        stores = [RedisStore(url), RedisStore(url)]
    yield stores
    for store in stores:
        await store.close()


async def test_two_replicas_keep_one_pace(two_handles: list[Store]) -> None:
    name = f"duckduckgo-{uuid.uuid4().hex}"
    sleeps = Sleeps()
    pacers = [StorePacer(store, name, 2.0, 60.0, sleep=sleeps) for store in two_handles]
    for index in range(4):
        assert await pacers[index % 2].wait() == 0.0
    assert len(sleeps.waits) == 3  # every request after the first waited its turn
    for number, wait in enumerate(sleeps.waits, start=1):
        assert 2.0 * number - 1.0 < wait <= 2.0 * number


async def test_a_block_seen_by_one_replica_holds_the_other_back(two_handles: list[Store]) -> None:
    name = f"duckduckgo-{uuid.uuid4().hex}"
    one, two = (StorePacer(store, name, 0.0, 60.0, sleep=Sleeps()) for store in two_handles)
    await one.penalise()
    assert 50 < await two.wait() <= 60  # the other replica does not ask: it reports retry_after
    await one.penalise()
    assert 110 < await two.wait() <= 120  # the back-off doubles for everyone
    await two.cleared()
    assert await one.wait() == 0.0


async def test_a_turn_further_than_the_cap_is_reported_not_slept() -> None:
    sleeps = Sleeps()
    pacer = StorePacer(MemoryStore(1 << 20), "ddg", 10.0, 60.0, max_wait_s=15, sleep=sleeps)
    assert await pacer.wait() == 0.0
    assert await pacer.wait() == 0.0  # waited ~10 s
    assert await pacer.wait() > 15  # ~20 s away: the caller answers PROVIDER_RATE_LIMITED
    assert len(sleeps.waits) == 1


async def test_pacing_goes_on_in_process_while_the_store_is_down() -> None:
    with redis_server() as url:
        pass  # nothing listens there any more
    down = ResilientStore(RedisStore(url))
    local_sleeps = Sleeps()
    local = IntervalPacer(1.5, 60.0, sleep=local_sleeps)
    pacer = StorePacer(down, "duckduckgo", 1.5, 60.0, fallback=local, sleep=Sleeps())
    assert await pacer.wait() == 0.0
    assert await pacer.wait() == 0.0
    assert len(local_sleeps.waits) == 1 and 0.5 < local_sleeps.waits[0] <= 1.5
    await pacer.penalise()
    assert await pacer.wait() > 50  # the in-process back-off took over
    await down.close()


def test_the_composed_pacer_is_shared_only_with_a_shared_store(tmp_path: Path) -> None:
    config = Config(ddg_min_interval_ms=1500)
    assert duckduckgo_pacer(config, MemoryStore(1 << 20)) is None  # the in-process default
    assert isinstance(duckduckgo_pacer(config, DiskStore(str(tmp_path), 1 << 20)), StorePacer)
