"""Opt-in robots.txt (WEB_RESPECT_ROBOTS): a `WebBackend` decorator that checks before reading.

RFC 9309 semantics: a 2xx robots.txt is parsed (with `protego`, first 500 KiB); 4xx means
no rules (allowed) except 429, which like 5xx or an unreachable server means complete
disallow. robots.txt is fetched through the same guarded client as pages (so the SSRF policy
applies to it too), once per origin: answers are cached per origin with a TTL (failures for
at most a minute), the cache is bounded (least recently used origins go first), and
concurrent reads of one origin share one fetch. That fetch runs in a task of its own, timed
by the client's total timeout (not by the deadline of the read that started it), and is
cancelled as soon as no read waits for it any more (their deadlines fired, the toolkit
closed): a robots.txt that never answers holds no connection past the reads that wanted
it. Search passes straight through. The verdicts (`RobotsRules`) are asked of every hop the
read makes (redirect targets, a markdown alternate: `http.hop_check`) and of every request a
rendered page makes (the browser's guard), not only of the URL asked for.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol
from urllib.parse import urlsplit

import attrs
from protego import Protego
from returns.result import Failure, Result, Success

from webdistill.adapters.http.hop_check import HOP_CHECK, checking
from webdistill.adapters.pipeline.deadline import outside_deadline
from webdistill.adapters.pipeline.turns import hold_turn
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import FetchRequest, SearchQuery
from webdistill.kernel.own_text import name, own, site
from webdistill.kernel.ports import WebBackend

#: RFC 9309 asks crawlers to parse at least 500 kibibytes.
MAX_ROBOTS_BYTES = 500 * 1024
#: How long an unreachable robots.txt (5xx, network error) is remembered as "disallow".
FAILURE_TTL_S = 60.0


class RobotsResponse(Protocol):
    """What the gate reads from the client's answer (`HttpResponse` has these)."""

    @property
    def status(self) -> int: ...

    @property
    def body(self) -> bytes: ...


class RobotsClient(Protocol):
    """The guarded client's `get`, as the gate uses it."""

    async def get(
        self, url: str, *, headers: Mapping[str, str] | None = None
    ) -> Result[RobotsResponse, WebError]: ...


class _Load:
    """One origin's robots.txt download under way, and how many reads wait for it."""

    __slots__ = ("task", "waiting")

    def __init__(self, task: asyncio.Future[_Rules]) -> None:
        self.task = task
        self.waiting = 0


@attrs.frozen
class _Rules:
    """One origin's verdict: parsed rules, or allow/disallow everything."""

    parser: Protego | None
    allow_all: bool
    expires: float

    def allows(self, url: str, user_agent: str) -> bool:
        if self.parser is None:
            return self.allow_all
        return bool(self.parser.can_fetch(url, user_agent))


def origin_of(url: str) -> str:
    """`scheme://host[:port]` of `url` (lower-cased, no credentials)."""
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    if ":" in host:
        host = f"[{host}]"
    try:
        port = f":{parts.port}" if parts.port is not None else ""
    except ValueError:  # the kernel vetted the URL; keep whatever port text it has
        port = ":" + parts.netloc.rpartition(":")[2]
    return f"{parts.scheme.lower()}://{host}{port}"


class RobotsRules:
    """The robots.txt verdicts of origins for `user_agent`: fetched once per origin through
    `client`, cached (see the module docstring). Shared by the gate (pages) and the local
    browser (the documents a rendered page loads in its frames)."""

    def __init__(
        self,
        client: RobotsClient,
        user_agent: str,
        *,
        ttl_s: float = 3600,
        max_origins: int = 1024,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._client = client
        self.user_agent = user_agent
        self._ttl_s = ttl_s
        self._max_origins = max(1, max_origins)
        self._clock = clock
        self._cache: OrderedDict[str, _Rules] = OrderedDict()
        self._loading: dict[str, _Load] = {}

    async def refusal(self, url: str) -> WebError | None:
        """None when `url` may be read; else why not (BLOCKED_URL)."""
        origin = origin_of(url)
        rules = await self._rules_for(origin)
        if isinstance(rules, WebError):
            return rules
        if rules.allows(url, self.user_agent):
            return None
        return WebError.of(
            ErrorCode.BLOCKED_URL,
            own(
                "The robots.txt of {} disallows this page for {} "
                "(or could not be read, which counts as disallowed). Respecting robots.txt "
                "is on (WEB_RESPECT_ROBOTS); use another source for this information.",
                site(origin),
                name(self.user_agent, "our user agent"),
            ),
            reason="robots.txt",
            origin=origin,
        )

    async def _rules_for(self, origin: str) -> _Rules | WebError:
        cached = self._cache.get(origin)
        if cached is not None and cached.expires > self._clock():
            self._cache.move_to_end(origin)
            return cached
        load = self._loading.get(origin)
        if load is None:
            load = self._loading[origin] = _Load(asyncio.ensure_future(self._load(origin)))
            load.task.add_done_callback(lambda _: self._forget(origin, load))
        load.waiting += 1
        try:
            return await asyncio.shield(load.task)
        except _PolicyRefusal as refusal:
            return refusal.error
        finally:
            load.waiting -= 1
            if not load.waiting and not load.task.done():  # nobody waits for it any more
                self._forget(origin, load)  # (a read coming now starts a new one)
                load.task.cancel()

    def _forget(self, origin: str, load: _Load) -> None:
        if self._loading.get(origin) is load:
            del self._loading[origin]

    async def _load(self, origin: str) -> _Rules:
        HOP_CHECK.set(None)  # (this task's own context) robots.txt itself is not vetted by it
        hold_turn(None)  # nor does a redirect of robots.txt hand on the page's turn (turns.py)
        # nor is it timed by the deadline of the read that happened to start it (it may
        # outlive that read, for the others waiting): the client's own total timeout.
        outside_deadline()
        url = f"{origin}/robots.txt"
        try:
            answer = await self._client.get(url, headers={"User-Agent": self.user_agent})
        except Exception as exc:
            logging.getLogger("webdistill").error("robots.txt fetch raised", exc_info=exc)
            reason = own("internal error ({})", name(type(exc).__name__))
            answer = Failure(
                WebError.of(ErrorCode.INTERNAL_ERROR, own("{}/robots.txt: {}", site(url), reason))
            )
        rules = self._verdict(answer)
        self._cache[origin] = rules
        self._cache.move_to_end(origin)
        while len(self._cache) > self._max_origins:
            self._cache.popitem(last=False)
        return rules

    def _verdict(self, answer: Result[RobotsResponse, WebError]) -> _Rules:
        now = self._clock()
        if isinstance(answer, Success):
            response = answer.unwrap()
            text = bytes(response.body[:MAX_ROBOTS_BYTES]).decode("utf-8", "replace")
            try:
                parser = Protego.parse(text)
            except Exception:  # noqa: BLE001 - a robots.txt protego cannot read has no rules
                return _Rules(None, allow_all=True, expires=now + self._ttl_s)
            return _Rules(parser, allow_all=True, expires=now + self._ttl_s)
        error = answer.failure()
        if error.code is ErrorCode.BLOCKED_URL:
            raise _PolicyRefusal(error)
        status = _status_of(error)
        if status is not None and 400 <= status < 500 and status != 429:
            return _Rules(None, allow_all=True, expires=now + self._ttl_s)
        return _Rules(None, allow_all=False, expires=now + min(self._ttl_s, FAILURE_TTL_S))


class RobotsGate:
    """A `WebBackend` that refuses pages the origin's robots.txt disallows (`rules`)."""

    def __init__(self, inner: WebBackend, rules: RobotsRules) -> None:
        self._inner = inner
        self.rules = rules

    async def search(self, query: SearchQuery) -> Result[Sequence[object], WebError]:
        return await self._inner.search(query)

    async def extract(self, request: FetchRequest) -> Result[object, WebError]:
        refusal = await self.rules.refusal(request.url)
        if refusal is not None:
            return Failure(refusal)
        with checking(self.rules.refusal):  # every redirect hop too, and each alternate's
            return await self._inner.extract(request)


class _PolicyRefusal(Exception):
    """The robots.txt URL itself was refused by the URL policy: report that, cache nothing."""

    def __init__(self, error: WebError) -> None:
        super().__init__(error.message)
        self.error = error


def _status_of(error: WebError) -> int | None:
    if error.code is not ErrorCode.HTTP_ERROR:
        return None
    try:
        return int(error.detail.get("status", ""))
    except ValueError:
        return None
