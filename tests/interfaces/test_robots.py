"""RobotsGate: RFC 9309 verdicts, per-origin caching, and pass-through of search."""

from __future__ import annotations

import asyncio

from returns.result import Failure, Success

from tests.fakes import FakeBackend, page_row
from tests.interfaces.fake_client import FakeClient
from webdistill.adapters.pipeline.robots import RobotsGate, RobotsRules, origin_of
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import FetchRequest, SearchQuery

UA = "webdistill/0.1"
ROBOTS = b"User-agent: webdistill\nDisallow: /private\n\nUser-agent: *\nDisallow: /\n"
SITE = "https://site.example"


def _backend(*urls: str) -> FakeBackend:
    return FakeBackend(pages={url: page_row(url, "content of " + url) for url in urls})


def _gate_of(inner: object, client: object, user_agent: str, **kw: object) -> RobotsGate:
    return RobotsGate(inner, RobotsRules(client, user_agent, **kw))  # type: ignore[arg-type]


def _gate(routes: dict[str, bytes | int | WebError], *urls: str, **kw: float) -> RobotsGate:
    return _gate_of(_backend(*urls), FakeClient(routes), UA, **kw)  # type: ignore[arg-type]


async def test_allowed_page_reaches_the_backend() -> None:
    backend = _backend(f"{SITE}/public")
    client = FakeClient({f"{SITE}/robots.txt": ROBOTS})
    gate = _gate_of(backend, client, UA)
    answer = await gate.extract(FetchRequest(url=f"{SITE}/public"))
    assert isinstance(answer, Success)
    assert [r.url for r in backend.extract_calls] == [f"{SITE}/public"]
    assert client.calls[0] == (f"{SITE}/robots.txt", {"User-Agent": UA})


async def test_disallowed_page_is_blocked_before_the_backend() -> None:
    backend = _backend(f"{SITE}/private/a")
    gate = _gate_of(backend, FakeClient({f"{SITE}/robots.txt": ROBOTS}), UA)
    answer = await gate.extract(FetchRequest(url=f"{SITE}/private/a"))
    assert isinstance(answer, Failure)
    error = answer.failure()
    assert error.code is ErrorCode.BLOCKED_URL
    assert f"robots.txt of {SITE} disallows" in error.message
    assert UA in error.message
    assert backend.extract_calls == []


async def test_rules_for_other_agents_do_not_apply() -> None:
    gate = _gate_of(
        _backend(f"{SITE}/x"), FakeClient({f"{SITE}/robots.txt": ROBOTS}), "OtherBot/1.0"
    )
    answer = await gate.extract(FetchRequest(url=f"{SITE}/x"))
    assert isinstance(answer, Failure)  # "*" disallows everything for OtherBot
    gate_ok = _gate_of(_backend(f"{SITE}/x"), FakeClient({f"{SITE}/robots.txt": ROBOTS}), UA)
    assert isinstance(await gate_ok.extract(FetchRequest(url=f"{SITE}/x")), Success)


async def test_4xx_robots_means_allowed() -> None:
    for status in (401, 403, 404, 410):
        gate = _gate({f"{SITE}/robots.txt": status}, f"{SITE}/any")
        answer = await gate.extract(FetchRequest(url=f"{SITE}/any"))
        assert isinstance(answer, Success), status


async def test_5xx_429_and_unreachable_robots_mean_disallowed() -> None:
    for route in (500, 503, 429, WebError.of(ErrorCode.TIMEOUT, "slow"), None):
        routes = {} if route is None else {f"{SITE}/robots.txt": route}
        gate = _gate(routes, f"{SITE}/any")  # type: ignore[arg-type]
        answer = await gate.extract(FetchRequest(url=f"{SITE}/any"))
        assert isinstance(answer, Failure), route
        assert answer.failure().code is ErrorCode.BLOCKED_URL


async def test_a_refused_robots_url_reports_the_policy_error() -> None:
    refusal = WebError.of(ErrorCode.BLOCKED_URL, "private address")
    gate = _gate({f"{SITE}/robots.txt": refusal}, f"{SITE}/any")
    answer = await gate.extract(FetchRequest(url=f"{SITE}/any"))
    assert isinstance(answer, Failure)
    assert answer.failure() == refusal


async def test_one_robots_fetch_per_origin_even_concurrently() -> None:
    urls = [f"{SITE}/page{i}" for i in range(5)] + ["https://other.example/p"]
    client = FakeClient(
        {f"{SITE}/robots.txt": ROBOTS, "https://other.example/robots.txt": b""}, delay=0.01
    )
    gate = _gate_of(_backend(*urls), client, UA)
    answers = await asyncio.gather(*(gate.extract(FetchRequest(url=u)) for u in urls))
    assert all(isinstance(a, Success) for a in answers)
    again = await gate.extract(FetchRequest(url=f"{SITE}/page1"))
    assert isinstance(again, Success)
    fetched = sorted(url for url, _ in client.calls)
    assert fetched == ["https://other.example/robots.txt", f"{SITE}/robots.txt"]


async def test_cache_expires_after_ttl_and_stays_bounded() -> None:
    now = [0.0]
    client = FakeClient({f"https://s{i}.example/robots.txt": b"" for i in range(3)})
    urls = [f"https://s{i}.example/p" for i in range(3)]
    gate = _gate_of(_backend(*urls), client, UA, ttl_s=10, max_origins=2, clock=lambda: now[0])
    await gate.extract(FetchRequest(url=urls[0]))
    await gate.extract(FetchRequest(url=urls[0]))
    assert len(client.calls) == 1
    now[0] = 11.0
    await gate.extract(FetchRequest(url=urls[0]))
    assert len(client.calls) == 2  # expired -> fetched again
    await gate.extract(FetchRequest(url=urls[1]))
    await gate.extract(FetchRequest(url=urls[2]))  # evicts s0 (least recently used)
    await gate.extract(FetchRequest(url=urls[0]))
    assert [u for u, _ in client.calls].count("https://s0.example/robots.txt") == 3


async def test_search_passes_through() -> None:
    backend = FakeBackend(searches={"q": [{"title": "t", "url": "https://a.example/"}]})
    client = FakeClient({})
    gate = _gate_of(backend, client, UA)
    answer = await gate.search(SearchQuery(query="q"))
    assert isinstance(answer, Success)
    assert backend.search_calls == [SearchQuery(query="q")]
    assert client.calls == []


def test_origin_of_drops_path_credentials_and_keeps_port() -> None:
    assert origin_of("https://user:pw@Site.Example:8443/a?b#c") == "https://site.example:8443"
    assert origin_of("http://[::1]:8080/x") == "http://[::1]:8080"
    assert origin_of("https://site.example/") == "https://site.example"
