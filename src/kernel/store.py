"""The Store port: where results outlive one call (and, on disk or Redis, one process).

A `Store` holds opaque bytes under string keys, each with a time to live. Adapters live in
`webdistill.adapters.store` (memory, disk, redis). Every method answers a `Result`: a store
that is down, full or corrupt answers `Failure(StoreError)`, and callers degrade (fetch
again, skip the shared lock) instead of failing the user's call.

`add` writes only when the key is absent (a short lock); `incr` counts; `put_in_ring`
counts and writes the value into the slot the count picks, at once (one round trip, one
transaction: a stored result costs one store call); `pace` reserves the next turn of a
shared rate gate and answers how long the caller must wait before going.
Keys and values are versioned by the callers (see `adapters/store/codec.py`).
"""

from __future__ import annotations

from typing import Protocol

import attrs
from returns.result import Result

from webdistill.kernel.own_text import OwnText


@attrs.frozen
class StoreError:
    """Why the store could not answer (unreachable, full, timed out...), for a notice: the
    adapter's own words (`own_text`), never a server's reply (which the adapter logs)."""

    reason: OwnText


class Store(Protocol):
    """Bytes under keys with TTLs, bounded, possibly shared with other processes."""

    @property
    def label(self) -> str:
        """Where the store lives, safe to show to the model (no password, no local path):
        "memory", "disk", a Redis URL without its password..."""
        ...

    @property
    def shared(self) -> bool:
        """True when other processes see the same entries (disk, Redis)."""
        ...

    async def get(self, key: str) -> Result[bytes | None, StoreError]: ...

    async def put(self, key: str, value: bytes, ttl_s: float) -> Result[None, StoreError]: ...

    async def add(self, key: str, value: bytes, ttl_s: float) -> Result[bool, StoreError]: ...

    async def delete(self, key: str) -> Result[None, StoreError]: ...

    async def incr(self, key: str, ttl_s: float) -> Result[int, StoreError]: ...

    async def pace(self, key: str, interval_s: float) -> Result[float, StoreError]: ...

    async def put_in_ring(
        self, counter: str, slots: int, prefix: str, value: bytes, ttl_s: float
    ) -> Result[int, StoreError]:
        """Count `counter` up by one (as `incr`) and put `value` under `prefix` + the slot
        (the count modulo `slots`, as decimal digits), both with `ttl_s`, as one operation;
        answers the slot."""
        ...

    async def close(self) -> None: ...
