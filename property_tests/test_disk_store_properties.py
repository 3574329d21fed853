"""The disk store answers every sequence of calls as the memory store does (below its bound,
before any TTL): the port's meaning is one, whichever adapter holds the bytes.

Each example runs its calls on keys of its own (a fresh prefix) in one disk store shared by
the examples (a folder of the test's own), and on a fresh memory store.
"""

from __future__ import annotations

import asyncio
import tempfile
import uuid

from hypothesis import given
from hypothesis import strategies as st

from webdistill.adapters.store.disk import DiskStore
from webdistill.adapters.store.memory import MemoryStore
from webdistill.kernel.store import Store

KEYS = st.sampled_from(["a", "b", "count", "slot:0", "slot:1", "slot:2"])
VALUES = st.one_of(
    st.binary(max_size=40), st.sampled_from([b"7", b"0", b"12", b"x1", b"", b"99999999999999999"])
)
CALLS = st.lists(
    st.one_of(
        st.tuples(st.just("get"), KEYS),
        st.tuples(st.just("put"), KEYS, VALUES),
        st.tuples(st.just("add"), KEYS, VALUES),
        st.tuples(st.just("delete"), KEYS),
        st.tuples(st.just("incr"), KEYS),
        st.tuples(st.just("ring"), KEYS, st.integers(0, 4), VALUES),
    ),
    max_size=25,
)


async def _answers(store: Store, prefix: str, calls: list[tuple[object, ...]]) -> list[object]:
    answers: list[object] = []
    for name, suffix, *rest in calls:
        key = f"{prefix}{suffix}"
        if name == "get":
            answer = await store.get(key)
        elif name == "put":
            answer = await store.put(key, rest[0], 600)  # type: ignore[arg-type]
        elif name == "add":
            answer = await store.add(key, rest[0], 600)  # type: ignore[arg-type]
        elif name == "delete":
            answer = await store.delete(key)
        elif name == "incr":
            answer = await store.incr(key, 600)
        else:
            slots, value = rest
            answer = await store.put_in_ring(key, slots, f"{prefix}slot:", value, 600)  # type: ignore[arg-type]
        answers.append(answer)
    return answers


_DISK = DiskStore(tempfile.mkdtemp(prefix="webdistill-property-"), 64 << 20)


@given(CALLS)
def test_disk_and_memory_stores_answer_alike(calls: list[tuple[object, ...]]) -> None:
    prefix = f"{uuid.uuid4().hex}:"

    async def both() -> tuple[list[object], list[object]]:
        disk = await _answers(_DISK, prefix, calls)
        memory = await _answers(MemoryStore(64 << 20), prefix, calls)
        return disk, memory

    disk, memory = asyncio.run(both())
    assert disk == memory
