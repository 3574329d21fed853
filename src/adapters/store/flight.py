"""Single-flight across processes: one of N replicas does the work, the others wait for it.

`shared_flight` looks the entry up; on a miss it takes a short lock in the store (`add` with
a TTL) and runs the call, stores the answer and drops the lock. A process that finds the lock
taken polls the store until the answer appears, the lock goes away (the holder failed:
failures are not shared, so it tries the lock itself), the lock's TTL has passed (the
holder died), or `ended` says this process is closing (the call then runs at once: closed,
it answers the closed error, and the close is not held up by another process's work).
When the store fails, the call simply runs: the store is an optimisation.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

import attrs
from returns.result import Success

from webdistill.kernel.store import Store, StoreError

_T = TypeVar("_T")

POLL_S = 0.05


@attrs.frozen
class Flown:
    """What `shared_flight` answers: the value, whether it came from the store, and why the
    store could not help (None when it answered)."""

    value: object
    cached: bool
    store_error: StoreError | None = None


async def shared_flight(
    store: Store,
    key: str,
    lock_ttl_s: float | None,
    *,
    lookup: Callable[[bytes | None], object | None],
    call: Callable[[], Awaitable[_T]],
    keep: Callable[[_T], Awaitable[StoreError | None]],
    ended: Callable[[], bool] | None = None,
) -> Flown:
    """`lookup` decodes an entry (None: miss); `call` does the work; `keep` stores its answer
    (and says why it could not: a full store). `lock_ttl_s=None`: no shared lock (a store
    only this machine's processes share: three fewer store calls a miss)."""
    lock = f"{key}:lock"
    deadline = time.monotonic() + (lock_ttl_s or 0.0)
    while True:
        found = await store.get(key)
        if not isinstance(found, Success):
            return Flown(await call(), cached=False, store_error=found.failure())
        value = lookup(found.unwrap())
        if value is not None:
            return Flown(value, cached=True)
        if lock_ttl_s is None:  # no shared lock asked: look up, work, keep
            answer = await call()
            return Flown(answer, cached=False, store_error=await keep(answer))
        token = secrets.token_bytes(8)
        taken = await store.add(lock, token, lock_ttl_s)
        if not isinstance(taken, Success) or taken.unwrap():
            try:
                answer = await call()
                error = await keep(answer)
            finally:
                if isinstance(taken, Success):
                    await _released(store, lock, token)
            if not isinstance(taken, Success):
                error = taken.failure()
            return Flown(answer, cached=False, store_error=error)
        while time.monotonic() < deadline:  # someone else is on it: wait for their answer
            if ended is not None and ended():
                return Flown(await call(), cached=False)
            await asyncio.sleep(POLL_S)
            holder = await store.get(lock)
            if not isinstance(holder, Success) or holder.unwrap() is None:
                break
        else:
            return Flown(await call(), cached=False)


#: Lock releases under way (a task holds a reference until it is done).
_RELEASING: set[asyncio.Future[None]] = set()


async def _released(store: Store, lock: str, token: bytes) -> None:
    """Drop the lock (`_release`) in a task of its own, waited for: a call cancelled by its
    caller (an MCP client's `notifications/cancelled`, under anyio's cancel scope, cancels
    every await of the clean-up too) still drops it, instead of leaving it to its TTL for
    every other process to wait out."""
    release = asyncio.ensure_future(_release(store, lock, token))
    _RELEASING.add(release)
    release.add_done_callback(_RELEASING.discard)
    await asyncio.shield(release)


async def _release(store: Store, lock: str, token: bytes) -> None:
    """Drop the lock if it is still ours (it may have expired and gone to someone else)."""
    holder = await store.get(lock)
    if isinstance(holder, Success) and holder.unwrap() == token:
        await store.delete(lock)
