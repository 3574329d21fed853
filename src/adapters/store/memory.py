"""`MemoryStore`: the store inside this process, bounded in bytes, LRU with per-entry TTLs.

What `WEB_CACHE=memory` gives: nothing outlives the process and nothing is shared, exactly the
behaviour before stores existed. Everything is synchronous dict work, so it never blocks.

Besides the `Store` port (bytes under string keys), it keeps Python objects as they are
under tuple keys (`recall`, `keep`, `keep_in_ring`): the page cache and the stored results
use that here, since an entry no other process or release ever reads needs no encoding,
hashing or `Result`. Both kinds share one LRU and one byte bound (an object counts its
`footprint`); tuple keys never meet the port's string keys.
"""

from __future__ import annotations

import operator
import sys
import time
import types
import typing
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping

import attrs
from returns.result import Result, Success

from webdistill.kernel.store import StoreError

Clock = Callable[[], float]

#: Bytes counted per entry on top of its key and value (dict slots, floats...).
ENTRY_OVERHEAD = 128
#: Bytes counted per object (attrs instance, tuple, mapping) inside a kept value.
OBJECT_OVERHEAD = 64


def footprint(value: object) -> int:
    """Roughly the bytes `value` holds: its strings and bytes as Python keeps them, and a
    fixed cost per object, through attrs instances, tuples, lists and mappings."""
    kind = type(value)
    if kind is str or kind is bytes:
        return sys.getsizeof(value)
    if value is None or kind is bool or kind is int or kind is float:
        return 16
    if isinstance(value, tuple | list):
        return OBJECT_OVERHEAD + sum(footprint(item) for item in value)
    fields = getattr(kind, "__attrs_attrs__", None)
    if fields is not None:
        return OBJECT_OVERHEAD + sum(footprint(getattr(value, field.name)) for field in fields)
    if isinstance(value, Mapping):
        return OBJECT_OVERHEAD + sum(footprint(k) + footprint(v) for k, v in value.items())
    return OBJECT_OVERHEAD  # an enum member, a number of another type...


@attrs.frozen
class _Shape:
    """Where a flat attrs class keeps its text: the getter of its `str` / `str | None`
    fields, its tuple fields, and the fixed cost of the object and its other fields."""

    texts: Callable[[object], tuple[object, ...]]
    tuples: tuple[str, ...]
    fixed: int


_SCALARS = {int, float, bool, type(None)}
_shapes: dict[type, _Shape | None] = {}


def _shape_of(kind: type) -> _Shape | None:
    """The class's `_Shape`, or None when a field holds anything but text, tuples and
    numbers (or its annotations cannot be read)."""
    try:
        hints = typing.get_type_hints(kind)
    except Exception:  # noqa: BLE001 - unreadable annotations: the general walk instead
        return None
    texts: list[str] = []
    tuples: list[str] = []
    for field in attrs.fields(kind):
        hint = hints.get(field.name)
        union = set(typing.get_args(hint)) if typing.get_origin(hint) in _UNIONS else {hint}
        if union <= {str, type(None)} and str in union:
            texts.append(field.name)
        elif typing.get_origin(hint) is tuple:
            tuples.append(field.name)
        elif not union <= _SCALARS:
            return None
    if len(texts) < 2:  # (one name: the getter would not answer a tuple)
        return None
    getter = operator.attrgetter(*texts)
    fixed = OBJECT_OVERHEAD + 16 * len(attrs.fields(kind))
    return _Shape(getter, tuple(tuples), fixed)


_UNIONS = {typing.Union, types.UnionType}


def flat_footprint(value: object) -> int:
    """`footprint` of an attrs instance of a flat class (text, tuples of short strings,
    numbers: a page), a few times cheaper: its text as Python keeps it, a fixed cost per
    field and per tuple item. A field not of its declared type, or another class: the
    general `footprint`."""
    kind = type(value)
    try:
        shape = _shapes[kind]
    except KeyError:
        shape = _shapes[kind] = _shape_of(kind) if attrs.has(kind) else None
    if shape is None:
        return footprint(value)
    try:
        size = shape.fixed + sum(map(str.__sizeof__, filter(None, shape.texts(value))))
        for name in shape.tuples:
            size += OBJECT_OVERHEAD * len(getattr(value, name))
    except TypeError:  # a field holds something else than declared
        return footprint(value)
    return size


class MemoryStore:
    """A byte-bounded LRU of (value, expiry, size); `clock` is injectable for tests."""

    label = "memory"
    shared = False

    def __init__(self, max_bytes: int, clock: Clock = time.monotonic) -> None:
        self._max_bytes = max_bytes
        self._clock = clock
        self._entries: OrderedDict[Hashable, tuple[object, float, int]] = OrderedDict()
        self._size = 0
        self._turns: dict[str, float] = {}

    def _live(self, key: Hashable) -> object | None:
        entry = self._entries.get(key)
        if entry is None:
            return None
        if entry[1] <= self._clock():
            self._drop(key)
            return None
        self._entries.move_to_end(key)
        return entry[0]

    def _drop(self, key: Hashable) -> None:
        self._size -= self._entries.pop(key)[2]

    def _set(self, key: Hashable, value: object, ttl_s: float, size: int) -> None:
        if key in self._entries:
            self._drop(key)
        if size > self._max_bytes:
            return
        self._entries[key] = (value, self._clock() + ttl_s, size)
        self._size += size
        while self._size > self._max_bytes:
            self._drop(next(iter(self._entries)))

    def _put(self, key: str, value: bytes, ttl_s: float) -> None:
        self._set(key, value, ttl_s, len(key) + len(value) + ENTRY_OVERHEAD)

    def _get(self, key: str) -> bytes | None:
        value = self._live(key)
        return value if isinstance(value, bytes) else None

    async def get(self, key: str) -> Result[bytes | None, StoreError]:
        return Success(self._get(key))

    async def put(self, key: str, value: bytes, ttl_s: float) -> Result[None, StoreError]:
        self._put(key, value, ttl_s)
        return Success(None)

    async def add(self, key: str, value: bytes, ttl_s: float) -> Result[bool, StoreError]:
        if self._get(key) is not None:
            return Success(False)
        self._put(key, value, ttl_s)
        return Success(True)

    async def delete(self, key: str) -> Result[None, StoreError]:
        if key in self._entries:
            self._drop(key)
        return Success(None)

    def _count(self, key: str, ttl_s: float) -> int:
        current = self._get(key)
        value = (int(current) if current is not None and current.isdigit() else 0) + 1
        self._put(key, str(value).encode(), ttl_s)
        return value

    async def incr(self, key: str, ttl_s: float) -> Result[int, StoreError]:
        return Success(self._count(key, ttl_s))

    async def put_in_ring(
        self, counter: str, slots: int, prefix: str, value: bytes, ttl_s: float
    ) -> Result[int, StoreError]:
        slot = self._count(counter, ttl_s) % max(1, slots)  # never yields: atomic
        self._put(f"{prefix}{slot}", value, ttl_s)
        return Success(slot)

    # -- objects as they are, under tuple keys (not part of the Store port) ----------------

    def recall(self, key: tuple[Hashable, ...]) -> object | None:
        """The object kept under `key`, or None (absent or expired)."""
        return self._live(key)

    def keep(self, key: tuple[Hashable, ...], value: object, size: int, ttl_s: float) -> None:
        """Keep `value` (immutable: it is handed out as it is) under `key`, counting `size`
        bytes (see `footprint`) plus the entry's own."""
        self._set(key, value, ttl_s, size + ENTRY_OVERHEAD)

    def keep_in_ring(
        self,
        counter: tuple[Hashable, ...],
        slots: int,
        prefix: tuple[Hashable, ...],
        value: object,
        *,
        size: int,
        ttl_s: float,
    ) -> int:
        """`put_in_ring` for objects: count `counter` up (from 1, living `ttl_s` from its last
        count) and keep `value` under `prefix + (slot,)`, the count modulo `slots`."""
        now = self._clock()
        entry = self._entries.get(counter)
        if entry is not None and entry[1] > now and type(entry[0]) is int:
            count = entry[0] + 1  # counted up in place: the same size, most recently used
            self._entries[counter] = (count, now + ttl_s, entry[2])
            self._entries.move_to_end(counter)
        else:
            count = 1
            self._set(counter, count, ttl_s, ENTRY_OVERHEAD)
        slot = count % max(1, slots)
        self.keep((*prefix, slot), value, size, ttl_s)
        return slot

    async def pace(self, key: str, interval_s: float) -> Result[float, StoreError]:
        now = self._clock()
        turn = max(now, self._turns.get(key, now))
        self._turns[key] = turn + interval_s
        if len(self._turns) > 1024:  # forget gates long past
            self._turns = {k: t for k, t in self._turns.items() if t > now}
        return Success(turn - now)

    async def close(self) -> None:
        self._entries.clear()
        self._size = 0
