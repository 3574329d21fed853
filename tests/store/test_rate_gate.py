"""The shared rate gate: turns handed out one interval apart across gates (as across
replicas) on one store, never waiting past the cap, and still pacing when the store is down.

Sleeps are recorded, not slept (no timed assertions)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from returns.result import Failure, Success

from webdistill.adapters.store.disk import DiskStore
from webdistill.adapters.store.gate import RateGate
from webdistill.adapters.store.redis import RedisStore
from webdistill.adapters.store.resilient import ResilientStore
from webdistill.kernel.store import Store


class Sleeps:
    def __init__(self) -> None:
        self.waits: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


@pytest.fixture(params=["disk", "redis"])
async def shared(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[list[Store]]:
    """Two handles on one shared store, as two replicas would hold."""
    if request.param == "disk":
        stores: list[Store] = [DiskStore(str(tmp_path / "s"), 1 << 20) for _ in range(2)]
    else:
        url = request.getfixturevalue("redis_url")
        stores = [RedisStore(url), RedisStore(url)]
    yield stores
    for store in stores:
        await store.close()


async def test_two_replicas_share_one_pace(shared: list[Store]) -> None:
    name = f"duckduckgo-{uuid.uuid4().hex}"
    sleeps = Sleeps()
    gates = [RateGate(store, name, 2.0, max_wait_s=30, sleep=sleeps) for store in shared]
    for index in range(4):
        assert isinstance(await gates[index % 2].turn(), Success)
    assert sleeps.waits[0] > 0  # the second caller (on the other replica) waited
    assert len(sleeps.waits) == 3
    for number, wait in enumerate(sleeps.waits, start=1):
        assert 2.0 * number - 1.0 < wait <= 2.0 * number


async def test_a_turn_past_the_cap_is_refused_not_waited(shared: list[Store]) -> None:
    name = f"gate-{uuid.uuid4().hex}"
    sleeps = Sleeps()
    gate = RateGate(shared[0], name, 5.0, max_wait_s=6, sleep=sleeps)
    assert await gate.turn() == Success(0.0)
    assert isinstance(await gate.turn(), Success)
    refused = await gate.turn()
    assert isinstance(refused, Failure) and refused.failure() > 6
    assert len(sleeps.waits) == 1


async def test_pacing_goes_on_in_process_when_the_store_is_down() -> None:
    down = ResilientStore(RedisStore("redis://127.0.0.1:9/0"))
    sleeps = Sleeps()
    gate = RateGate(down, "duckduckgo", 1.5, sleep=sleeps)
    assert isinstance(await gate.turn(), Success)
    assert isinstance(await gate.turn(), Success)
    assert gate.shared_last is False
    assert len(sleeps.waits) == 1 and 0.5 < sleeps.waits[0] <= 1.5
    await down.close()
