"""`RedisStore`: the store shared by replicas, on Redis through the `redis` asyncio client.

Short socket timeouts: a Redis that is down or slow answers `Failure` within a second and the
caller fetches instead. Redis bounds its own memory (`maxmemory` with an LRU policy is the
recommended deployment); a full Redis refuses writes, which the caller treats like a miss.
`pace` is one Lua script on the server's clock, so every replica shares one queue of turns.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import redis.asyncio as aioredis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError
from returns.result import Failure, Result, Success

from webdistill.kernel.own_text import name, own
from webdistill.kernel.redaction import masked_url, without_secret
from webdistill.kernel.store import StoreError

_T = TypeVar("_T")

TIMEOUT_S = 1.0

#: KEYS[1] = the gate, ARGV[1] = interval in ms. Reserves the next turn; answers the wait in ms.
_PACE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local turn = tonumber(redis.call('GET', KEYS[1]) or '0')
if turn < now then turn = now end
local interval = tonumber(ARGV[1])
redis.call('SET', KEYS[1], tostring(turn + interval), 'PX', turn + interval - now + 60000)
return turn - now
"""

#: KEYS[1] = the counter; ARGV = slots, slot key prefix, TTL in ms, value. Counts, writes
#: the value into the slot the count picks, answers the slot. One round trip.
_PUT_IN_RING = """
local count = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
local slot = count % tonumber(ARGV[1])
redis.call('SET', ARGV[2] .. tostring(slot), ARGV[4], 'PX', ARGV[3])
return slot
"""

log = logging.getLogger(__name__)
#: redis-py errors whose text redis-py itself words (connecting, timing out); subclasses
#: such as AuthenticationError or BusyLoadingError carry the server's reply instead.
_CLIENT_WORDED = (RedisConnectionError, RedisTimeoutError)


class RedisStore:
    """Entries in one Redis (URL as `redis.from_url` reads it: redis://, rediss://, unix://)."""

    shared = True

    def __init__(self, url: str) -> None:
        self._label = masked_url(url)  # shown in notices and logs: no password
        self._client: Any = aioredis.Redis.from_url(
            url,
            socket_timeout=TIMEOUT_S,
            socket_connect_timeout=TIMEOUT_S,
            health_check_interval=30,
        )
        #: Scrubbed from error texts (redis-py's own messages name no password; defensive).
        self._password: str | None = self._client.connection_pool.connection_kwargs.get("password")
        self._pace_script: Any = self._client.register_script(_PACE)
        self._ring_script: Any = self._client.register_script(_PUT_IN_RING)

    @property
    def label(self) -> str:
        return self._label

    async def _run(self, call: Callable[[], Awaitable[_T]]) -> Result[_T, StoreError]:
        try:
            return Success(await call())
        except (RedisError, OSError, TimeoutError) as exc:
            said = without_secret(str(exc), self._password)
            kind = name(type(exc).__name__, "an error")
            # The reason is quoted by store notices outside the fence: our own words only.
            # redis-py's and the system's text (an address, an errno) is logged; so is the
            # server's own reply (an error text it chose).
            if type(exc) in _CLIENT_WORDED or not isinstance(exc, RedisError):
                log.warning("webdistill: the Redis store failed: %s: %s", type(exc).__name__, said)
                if isinstance(exc, RedisTimeoutError | TimeoutError):
                    why = own("{}: the Redis server did not answer in time (see the log)", kind)
                else:
                    why = own("{}: the Redis server could not be reached (see the log)", kind)
                return Failure(StoreError(why))
            log.warning("webdistill: the Redis server answered %s: %s", type(exc).__name__, said)
            return Failure(StoreError(own("{} from the Redis server (see the log)", kind)))

    async def get(self, key: str) -> Result[bytes | None, StoreError]:
        async def call() -> bytes | None:
            value = await self._client.get(key)
            return value if isinstance(value, bytes) else None

        return await self._run(call)

    async def put(self, key: str, value: bytes, ttl_s: float) -> Result[None, StoreError]:
        async def call() -> None:
            await self._client.set(key, value, px=max(1, int(ttl_s * 1000)))

        return await self._run(call)

    async def add(self, key: str, value: bytes, ttl_s: float) -> Result[bool, StoreError]:
        async def call() -> bool:
            return bool(await self._client.set(key, value, px=max(1, int(ttl_s * 1000)), nx=True))

        return await self._run(call)

    async def delete(self, key: str) -> Result[None, StoreError]:
        async def call() -> None:
            await self._client.delete(key)

        return await self._run(call)

    async def incr(self, key: str, ttl_s: float) -> Result[int, StoreError]:
        async def call() -> int:
            async with self._client.pipeline(transaction=True) as pipe:
                pipe.incr(key)
                pipe.pexpire(key, max(1, int(ttl_s * 1000)))
                value, _ = await pipe.execute()
            return int(value)

        return await self._run(call)

    async def pace(self, key: str, interval_s: float) -> Result[float, StoreError]:
        async def call() -> float:
            waited = await self._pace_script(keys=[key], args=[max(0, int(interval_s * 1000))])
            return int(waited) / 1000

        return await self._run(call)

    async def put_in_ring(
        self, counter: str, slots: int, prefix: str, value: bytes, ttl_s: float
    ) -> Result[int, StoreError]:
        async def call() -> int:
            ttl_ms = max(1, int(ttl_s * 1000))
            slot = await self._ring_script(
                keys=[counter], args=[max(1, slots), prefix, ttl_ms, value]
            )
            return int(slot)

        return await self._run(call)

    async def close(self) -> None:
        with contextlib.suppress(RedisError, OSError):
            await self._client.aclose()
