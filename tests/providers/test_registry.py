"""Provider selection and `auto` fall-through, against local servers."""

from __future__ import annotations

import socket

import aiohttp

from tests.providers.conftest import _refuse_non_loopback
from tests.providers.fake_provider import (
    Canned,
    FakeProvider,
    html_answer,
    json_answer,
    settings_for,
)
from webdistill.adapters.providers.registry import SearchProviders
from webdistill.adapters.providers.selection import describe_providers, provider_chain
from webdistill.adapters.providers.settings import ProviderSettings
from webdistill.kernel import ErrorCode, SearchQuery

BRAVE = ("GET", "/res/v1/web/search")
DDG_HTML = ("POST", "/html/")
DDG_LITE = ("POST", "/lite/")
CHALLENGE = html_answer("duckduckgo", "challenge.html", status=202)


async def run(routes: dict[tuple[str, str], Canned], **fields: object):
    server = FakeProvider(routes)
    async with server.running() as base, SearchProviders(settings_for(base, **fields)) as providers:
        result = await providers.search(SearchQuery("rust borrow checker"))
    return result, server


def test_auto_order_is_keyed_then_searxng_then_duckduckgo() -> None:
    settings = ProviderSettings(
        serper_api_key="s", brave_api_key="b", exa_api_key="e", searxng_url="http://127.0.0.1:1"
    )
    assert provider_chain(settings).unwrap() == ("brave", "exa", "serper", "searxng", "duckduckgo")
    assert provider_chain(ProviderSettings()).unwrap() == ("duckduckgo",)
    assert provider_chain(ProviderSettings(tavily_api_key="  ")).unwrap() == ("duckduckgo",)


def test_a_named_provider_is_the_only_one_used() -> None:
    settings = ProviderSettings(provider="brave", brave_api_key="b", tavily_api_key="t")
    assert provider_chain(settings).unwrap() == ("brave",)
    assert provider_chain(ProviderSettings(provider=" DuckDuckGo ")).unwrap() == ("duckduckgo",)


def test_none_says_how_to_configure_a_provider() -> None:
    error = provider_chain(ProviderSettings(provider="none")).failure()
    assert error.code == ErrorCode.PROVIDER_NOT_CONFIGURED
    assert "WEB_SEARCH_PROVIDER" in error.message
    assert "BRAVE_API_KEY" in error.message


def test_a_keyed_provider_without_its_key_names_the_variable() -> None:
    for name, variable in [
        ("brave", "BRAVE_API_KEY"),
        ("tavily", "TAVILY_API_KEY"),
        ("exa", "EXA_API_KEY"),
        ("serper", "SERPER_API_KEY"),
        ("searxng", "SEARXNG_URL"),
    ]:
        error = provider_chain(ProviderSettings(provider=name)).failure()
        assert error.code == ErrorCode.PROVIDER_NOT_CONFIGURED
        assert variable in error.message
        assert error.detail["variable"] == variable


def test_an_unknown_provider_is_not_configured() -> None:
    error = provider_chain(ProviderSettings(provider="bing")).failure()
    assert error.code == ErrorCode.PROVIDER_NOT_CONFIGURED
    assert "duckduckgo" in error.message


async def test_auto_falls_through_a_rate_limited_provider_and_records_it() -> None:
    result, server = await run(
        {
            BRAVE: json_answer(
                "brave", "error-429-rate.json", status=429, **{"X-RateLimit-Reset": "1, 9"}
            ),
            DDG_HTML: html_answer("duckduckgo", "html-success.html"),
        },
        brave_api_key="b-key",
    )
    batch = result.unwrap()
    assert batch.provider == "duckduckgo"
    assert len(batch.rows) == 3
    assert len(batch.skipped) == 1
    assert batch.skipped[0].startswith("brave: PROVIDER_RATE_LIMITED")
    assert [seen.path for seen in server.seen] == ["/res/v1/web/search", "/html/"]


async def test_auto_falls_through_unavailable_and_timeout() -> None:
    result, _ = await run(
        {BRAVE: Canned(hang=True), DDG_HTML: html_answer("duckduckgo", "html-empty.html")},
        brave_api_key="b-key",
        timeout_s=0.3,
    )
    batch = result.unwrap()
    assert batch.provider == "duckduckgo"
    assert batch.skipped[0].startswith("brave: TIMEOUT")


async def test_auto_skips_a_refused_key_records_why_and_does_not_ask_it_again() -> None:
    server = FakeProvider(
        {
            BRAVE: json_answer("brave", "error-422-bad-token.json", status=422),
            DDG_HTML: html_answer("duckduckgo", "html-success.html"),
        }
    )
    async with server.running() as base:
        settings = settings_for(base, brave_api_key="b-key", ddg_min_interval_s=0.0)
        async with SearchProviders(settings) as providers:
            first = (await providers.search(SearchQuery("q"))).unwrap()
            second = (await providers.search(SearchQuery("other"))).unwrap()
    assert first.provider == second.provider == "duckduckgo"
    assert first.skipped[0].startswith("brave: PROVIDER_AUTH_FAILED")
    assert "BRAVE_API_KEY" in first.skipped[0]
    assert "not asked again" in second.skipped[0]
    assert [seen.path for seen in server.seen] == ["/res/v1/web/search", "/html/", "/html/"]


async def test_a_named_provider_still_stops_at_a_bad_key() -> None:
    result, server = await run(
        {
            BRAVE: json_answer("brave", "error-422-bad-token.json", status=422),
            DDG_HTML: html_answer("duckduckgo", "html-success.html"),
        },
        provider="brave",
        brave_api_key="b-key",
    )
    error = result.failure()
    assert error.code == ErrorCode.PROVIDER_AUTH_FAILED
    assert "BRAVE_API_KEY" in error.message
    assert [seen.path for seen in server.seen] == ["/res/v1/web/search"]


async def test_a_named_provider_does_not_fall_through_on_rate_limit() -> None:
    result, server = await run(
        {
            BRAVE: json_answer("brave", "error-429-rate.json", status=429),
            DDG_HTML: html_answer("duckduckgo", "html-success.html"),
        },
        provider="brave",
        brave_api_key="b-key",
    )
    assert result.failure().code == ErrorCode.PROVIDER_RATE_LIMITED
    assert len(server.seen) == 1


async def test_when_the_only_provider_fails_its_own_error_is_returned() -> None:
    result, _ = await run({DDG_HTML: CHALLENGE, DDG_LITE: CHALLENGE})
    error = result.failure()
    assert error.code == ErrorCode.PROVIDER_RATE_LIMITED
    assert error.detail["provider"] == "duckduckgo"


async def test_when_every_provider_fails_the_error_lists_each() -> None:
    result, _ = await run(
        {
            BRAVE: Canned(status=503, body=b"{}"),
            DDG_HTML: CHALLENGE,
            DDG_LITE: CHALLENGE,
        },
        brave_api_key="b-key",
    )
    error = result.failure()
    assert error.code == ErrorCode.PROVIDER_UNAVAILABLE
    assert error.retryable
    assert "brave: PROVIDER_UNAVAILABLE" in error.message
    assert "duckduckgo: PROVIDER_RATE_LIMITED" in error.message
    assert error.detail["brave"].startswith("PROVIDER_UNAVAILABLE")
    assert error.detail["duckduckgo"].startswith("PROVIDER_RATE_LIMITED")
    assert error.detail["providers"] == "brave, duckduckgo"


async def test_an_injected_session_is_not_closed_and_an_own_one_is() -> None:
    server = FakeProvider({DDG_HTML: html_answer("duckduckgo", "html-empty.html")})
    async with server.running() as base, aiohttp.ClientSession() as session:
        providers = SearchProviders(settings_for(base), session=session)
        assert (await providers.search(SearchQuery("q"))).unwrap().rows == ()
        await providers.close()
        assert not session.closed
        own = SearchProviders(settings_for(base))
        assert (await own.search(SearchQuery("q"))).unwrap().rows == ()
        created = own._session
        await own.close()
        assert created is not None and created.closed


def test_describe_providers() -> None:
    described = {
        name: (usable, why)
        for name, usable, why in describe_providers(ProviderSettings(brave_api_key="b"))
    }
    assert described["brave"][0] is True
    assert described["duckduckgo"][0] is True
    assert described["tavily"] == (False, "not configured: set TAVILY_API_KEY")
    assert described["searxng"] == (False, "not configured: set SEARXNG_URL")
    named = {
        name: usable
        for name, usable, _ in describe_providers(
            ProviderSettings(provider="duckduckgo", brave_api_key="b")
        )
    }
    assert named == {
        "brave": False,
        "tavily": False,
        "exa": False,
        "serper": False,
        "openserp": False,
        "searxng": False,
        "mcp": False,
        "duckduckgo": True,
    }


def test_keys_stay_out_of_settings_repr() -> None:
    text = repr(ProviderSettings(brave_api_key="sekrit", searxng_url="http://user:pw@127.0.0.1"))
    assert "sekrit" not in text
    assert "pw@" not in text


def test_the_loopback_guard_refuses_other_addresses() -> None:
    from tests.providers import conftest

    assert conftest._guard["active"]
    _refuse_non_loopback("socket.connect", (None, ("127.0.0.1", 80)))
    _refuse_non_loopback("socket.connect", (None, ("::1", 80, 0, 0)))
    for address in ("192.0.2.1", "10.0.0.1", "::ffff:10.0.0.1"):
        try:
            _refuse_non_loopback("socket.connect", (None, (address, 80)))
        except ConnectionRefusedError:
            continue
        raise AssertionError(f"{address} was not refused")


async def test_auto_walks_keyed_providers_in_order_and_records_each_skip() -> None:
    search = ("POST", "/search")
    tavily = FakeProvider({search: Canned(status=503, body=b"{}")})
    exa = FakeProvider({search: Canned(status=429, body=b"{}", headers={"Retry-After": "4"})})
    serper = FakeProvider({search: json_answer("serper", "success.json")})
    async with tavily.running() as t_url, exa.running() as e_url, serper.running() as s_url:
        settings = ProviderSettings(
            tavily_api_key="t",
            exa_api_key="e",
            serper_api_key="s",
            base_urls={"tavily": t_url, "exa": e_url, "serper": s_url},
        )
        async with SearchProviders(settings) as providers:
            batch = (await providers.search(SearchQuery("q"))).unwrap()
    assert batch.provider == "serper"
    assert len(batch.rows) == 3
    assert [entry.split(":")[0] for entry in batch.skipped] == ["tavily", "exa"]
    assert "PROVIDER_UNAVAILABLE" in batch.skipped[0]
    assert "PROVIDER_RATE_LIMITED" in batch.skipped[1]


async def test_an_auth_failure_at_the_end_of_auto_is_listed_with_the_others() -> None:
    search = ("POST", "/search")
    tavily = FakeProvider({search: Canned(status=500, body=b"{}")})
    exa = FakeProvider({search: json_answer("exa", "error-401.json", status=401)})
    async with tavily.running() as t_url, exa.running() as e_url:
        settings = ProviderSettings(
            tavily_api_key="t",
            exa_api_key="e",
            base_urls={"tavily": t_url, "exa": e_url},
            priority=("tavily", "exa"),
        )
        async with SearchProviders(settings) as providers:
            error = (await providers.search(SearchQuery("q"))).failure()
    assert error.code == ErrorCode.PROVIDER_UNAVAILABLE
    assert error.detail["providers"] == "tavily, exa"
    assert error.detail["tavily"].startswith("PROVIDER_UNAVAILABLE")
    assert error.detail["exa"].startswith("PROVIDER_AUTH_FAILED")
    assert "EXA_API_KEY" in error.detail["exa"]


async def test_every_failure_reports_the_shortest_known_wait() -> None:
    search = ("POST", "/search")
    tavily = FakeProvider({search: Canned(status=429, body=b"{}", headers={"Retry-After": "40"})})
    exa = FakeProvider({search: Canned(status=429, body=b"{}", headers={"Retry-After": "9"})})
    ddg = FakeProvider({DDG_HTML: CHALLENGE, DDG_LITE: CHALLENGE})
    async with tavily.running() as t_url, exa.running() as e_url, ddg.running() as d_url:
        settings = ProviderSettings(
            tavily_api_key="t",
            exa_api_key="e",
            base_urls={
                "tavily": t_url,
                "exa": e_url,
                "duckduckgo": d_url,
                "duckduckgo_lite": d_url,
            },
        )
        async with SearchProviders(settings) as providers:
            error = (await providers.search(SearchQuery("q"))).failure()
    assert error.code == ErrorCode.PROVIDER_UNAVAILABLE
    assert error.detail["retry_after"] == "9"
    assert error.detail["providers"] == "tavily, exa, duckduckgo"


def _closed_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_a_refused_connection_is_a_network_error_and_auto_moves_on() -> None:
    dead = f"http://127.0.0.1:{_closed_port()}"
    ddg = FakeProvider({DDG_HTML: html_answer("duckduckgo", "html-empty.html")})
    async with ddg.running() as d_url:
        settings = ProviderSettings(
            brave_api_key="b", base_urls={"brave": dead, "duckduckgo": d_url}
        )
        async with SearchProviders(settings) as providers:
            batch = (await providers.search(SearchQuery("q"))).unwrap()
        named = ProviderSettings(provider="brave", brave_api_key="b", base_urls={"brave": dead})
        async with SearchProviders(named) as providers:
            error = (await providers.search(SearchQuery("q"))).failure()
    assert batch.provider == "duckduckgo"
    assert batch.skipped[0].startswith("brave: NETWORK_ERROR")
    assert error.code == ErrorCode.NETWORK_ERROR
    assert error.retryable


async def test_a_closed_injected_session_is_an_error_not_an_exception() -> None:
    session = aiohttp.ClientSession()
    await session.close()
    dead = f"http://127.0.0.1:{_closed_port()}"
    settings = settings_for(dead, provider="duckduckgo")
    providers = SearchProviders(settings, session=session)
    error = (await providers.search(SearchQuery("q"))).failure()
    assert error.code == ErrorCode.NETWORK_ERROR
