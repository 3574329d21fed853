"""DuckDuckGo pacing: a minimum interval between requests, a back-off after a challenge."""

from __future__ import annotations

from tests.providers.fake_provider import FakeProvider, html_answer, settings_for
from webdistill.adapters.providers.pacing import IntervalPacer
from webdistill.adapters.providers.registry import SearchProviders
from webdistill.kernel import ErrorCode, SearchQuery


class FakeTime:
    """A clock that only moves when the pacer sleeps (or the test advances it)."""

    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(round(seconds, 3))
        self.now += seconds


async def test_requests_are_spaced_by_the_minimum_interval() -> None:
    time = FakeTime()
    pacer = IntervalPacer(2.0, 60.0, clock=time.clock, sleep=time.sleep)
    assert [await pacer.wait() for _ in range(3)] == [0.0, 0.0, 0.0]
    assert time.slept == [2.0, 2.0]


async def test_a_challenge_starts_a_doubling_backoff_that_results_clear() -> None:
    time = FakeTime()
    pacer = IntervalPacer(0.0, 30.0, clock=time.clock, sleep=time.sleep)
    await pacer.penalise()
    assert await pacer.wait() == 30.0
    time.now += 31
    assert await pacer.wait() == 0.0
    await pacer.penalise()
    assert await pacer.wait() == 60.0  # the second block in a row doubles it
    await pacer.cleared()
    assert await pacer.wait() == 0.0


async def test_after_a_challenge_duckduckgo_is_not_asked_until_the_backoff_ends() -> None:
    challenge = html_answer("duckduckgo", "challenge.html", status=202)
    server = FakeProvider({("POST", "/html/"): challenge, ("POST", "/lite/"): challenge})
    async with server.running() as base:
        settings = settings_for(base, provider="duckduckgo", ddg_backoff_s=120.0)
        async with SearchProviders(settings) as providers:
            first = (await providers.search(SearchQuery("q"))).failure()
            second = (await providers.search(SearchQuery("q2"))).failure()
    assert first.code == second.code == ErrorCode.PROVIDER_RATE_LIMITED
    assert [seen.path for seen in server.seen] == ["/html/", "/lite/"]  # the second: none
    assert 0 < int(second.detail["retry_after"]) <= 120
    assert "WEB_DDG_BACKOFF_MS" in second.message
