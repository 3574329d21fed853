"""DuckDuckGo against a local server: HTML endpoint, lite fallback, ads, redirects, challenge."""

from __future__ import annotations

from urllib.parse import parse_qs

from returns.pipeline import is_successful

from tests.providers.fake_provider import Canned, FakeProvider, fixture, html_answer, settings_for
from webdistill.adapters.providers.duckduckgo_parse import (
    is_ad_link,
    parse_duckduckgo_html,
    parse_duckduckgo_lite,
    unwrap_link,
)
from webdistill.adapters.providers.registry import SearchProviders
from webdistill.kernel import ErrorCode, RowBatch, SearchQuery

HTML = ("POST", "/html/")
LITE = ("POST", "/lite/")

EXPECTED_HTML_ROWS = (
    {
        "title": "References and Borrowing",
        "url": "https://book.rust-lang.example/ch04-02.html?utm_source=ddg&lang=en",
        "snippet": "A reference is like a pointer & is always valid.",
    },
    {
        "title": "Fighting the borrow checker",
        "url": "https://blog.ferris.example/posts/borrowck",
        "snippet": "Non-lexical lifetimes, explained.",
    },
    {
        "title": "E0502 — cannot borrow as mutable",
        "url": "https://errors.rust.example/E0502",
        "snippet": "",
    },
)


async def run(routes: dict[tuple[str, str], Canned], query: SearchQuery, **fields: object):
    server = FakeProvider(routes)
    async with server.running() as base:
        settings = settings_for(base, provider="duckduckgo", **fields)
        async with SearchProviders(settings) as providers:
            result = await providers.search(query)
    return result, server


async def test_html_results_are_parsed_field_by_field_skipping_ads() -> None:
    result, server = await run(
        {HTML: html_answer("duckduckgo", "html-success.html")},
        SearchQuery("rust borrow checker", max_results=10),
    )
    batch = result.unwrap()
    assert isinstance(batch, RowBatch)
    assert batch.provider == "duckduckgo"
    assert batch.rows == EXPECTED_HTML_ROWS
    assert batch.skipped == ()
    assert [seen.path for seen in server.seen] == ["/html/"]


async def test_request_is_a_browser_like_form_post() -> None:
    _, server = await run(
        {HTML: html_answer("duckduckgo", "html-success.html")},
        SearchQuery("rust borrow checker", time_range="week"),
    )
    seen = server.seen[0]
    form = {
        key: values[0]
        for key, values in parse_qs(seen.body.decode(), keep_blank_values=True).items()
    }
    assert form["q"] == "rust borrow checker"
    assert form["df"] == "w"
    assert form["b"] == ""
    assert seen.headers["user-agent"].startswith("Mozilla/5.0")
    assert "aiohttp" not in seen.headers["user-agent"].lower()
    assert seen.headers["content-type"].startswith("application/x-www-form-urlencoded")
    assert seen.headers["sec-fetch-mode"] == "navigate"


async def test_configured_user_agent_wins() -> None:
    _, server = await run(
        {HTML: html_answer("duckduckgo", "html-empty.html")},
        SearchQuery("q"),
        user_agent="MyAgent/1",
    )
    assert server.seen[0].headers["user-agent"] == "MyAgent/1"


async def test_default_limit_is_five_and_max_results_slices() -> None:
    result, _ = await run(
        {HTML: html_answer("duckduckgo", "html-success.html")}, SearchQuery("q", max_results=2)
    )
    # No cut here: the kernel filters the rows, then cuts them to max_results (#26).
    assert result.unwrap().rows[:2] == EXPECTED_HTML_ROWS[:2]


async def test_empty_results_page_is_success_with_no_rows_and_no_fallback() -> None:
    result, server = await run(
        {HTML: html_answer("duckduckgo", "html-empty.html")}, SearchQuery("qqqzzzxxx")
    )
    assert result.unwrap().rows == ()
    assert len(server.seen) == 1


async def test_challenge_on_html_falls_back_to_lite_and_records_it() -> None:
    result, server = await run(
        {
            HTML: html_answer("duckduckgo", "challenge.html", status=202),
            LITE: html_answer("duckduckgo", "lite-success.html"),
        },
        SearchQuery("rust borrow checker"),
    )
    batch = result.unwrap()
    assert batch.provider == "duckduckgo"
    assert batch.rows == (
        {
            "title": "References and Borrowing",
            "url": "https://book.rust-lang.example/ch04-02.html",
            "snippet": "A reference is like a pointer.",
        },
        {
            "title": "E0502 explained",
            "url": "https://errors.rust.example/E0502",
            "snippet": "Cannot borrow as mutable.",
        },
    )
    assert len(batch.skipped) == 1
    assert "PROVIDER_RATE_LIMITED" in batch.skipped[0]
    assert "lite" in batch.skipped[0]
    assert [seen.path for seen in server.seen] == ["/html/", "/lite/"]


async def test_challenge_everywhere_is_rate_limited_not_empty() -> None:
    result, _ = await run(
        {
            HTML: html_answer("duckduckgo", "challenge.html", status=202),
            LITE: html_answer("duckduckgo", "challenge.html", status=200),
        },
        SearchQuery("q"),
    )
    error = result.failure()
    assert error.code == ErrorCode.PROVIDER_RATE_LIMITED
    assert error.retryable
    assert "lite_endpoint" in error.detail


async def test_blocked_html_and_empty_lite_is_rate_limited_not_a_silent_empty_list() -> None:
    result, _ = await run(
        {
            HTML: html_answer("duckduckgo", "challenge.html", status=200),
            LITE: html_answer("duckduckgo", "lite-empty.html"),
        },
        SearchQuery("q"),
    )
    assert result.failure().code == ErrorCode.PROVIDER_RATE_LIMITED


async def test_lite_empty_after_a_broken_html_page_is_empty_success() -> None:
    result, _ = await run(
        {
            HTML: html_answer("duckduckgo", "not-results.html"),
            LITE: html_answer("duckduckgo", "lite-empty.html"),
        },
        SearchQuery("q"),
    )
    batch = result.unwrap()
    assert batch.rows == ()
    assert "INVALID_BACKEND_DATA" in batch.skipped[0]


async def test_429_with_retry_after_is_rate_limited() -> None:
    busy = Canned(
        status=429, body=b"slow down", content_type="text/plain", headers={"Retry-After": "30"}
    )
    result, _ = await run({HTML: busy, LITE: busy}, SearchQuery("q"))
    error = result.failure()
    assert error.code == ErrorCode.PROVIDER_RATE_LIMITED
    assert error.detail["retry_after"] == "30"


async def test_server_errors_are_unavailable() -> None:
    down = Canned(status=503, body=b"<html>down</html>", content_type="text/html")
    result, _ = await run({HTML: down, LITE: down}, SearchQuery("q"))
    assert result.failure().code == ErrorCode.PROVIDER_UNAVAILABLE


async def test_a_page_that_is_not_a_results_page_is_invalid_backend_data() -> None:
    page = html_answer("duckduckgo", "not-results.html")
    result, _ = await run({HTML: page, LITE: page}, SearchQuery("q"))
    assert result.failure().code == ErrorCode.INVALID_BACKEND_DATA


async def test_a_server_that_never_answers_times_out_without_trying_lite() -> None:
    result, server = await run(
        {HTML: Canned(hang=True), LITE: html_answer("duckduckgo", "lite-success.html")},
        SearchQuery("q"),
        timeout_s=0.3,
    )
    error = result.failure()
    assert error.code == ErrorCode.TIMEOUT
    assert [seen.path for seen in server.seen] == ["/html/"]


def test_challenge_is_detected_with_status_200_too() -> None:
    body = fixture("duckduckgo", "challenge.html")
    for status in (200, 202):
        assert (
            parse_duckduckgo_html(status, {}, body).failure().code
            == ErrorCode.PROVIDER_RATE_LIMITED
        )
        assert (
            parse_duckduckgo_lite(status, {}, body).failure().code
            == ErrorCode.PROVIDER_RATE_LIMITED
        )


def test_403_from_duckduckgo_is_a_block_not_an_auth_failure() -> None:
    assert parse_duckduckgo_html(403, {}, b"").failure().code == ErrorCode.PROVIDER_RATE_LIMITED


def test_empty_and_garbage_bodies() -> None:
    assert parse_duckduckgo_html(200, {}, b"").failure().code == ErrorCode.INVALID_BACKEND_DATA
    assert (
        parse_duckduckgo_lite(200, {}, b"\x00\xff\xfe").failure().code
        == ErrorCode.INVALID_BACKEND_DATA
    )
    assert is_successful(parse_duckduckgo_lite(200, {}, b"<p>No more results.</p>"))


def test_unwrap_link() -> None:
    assert (
        unwrap_link("//duckduckgo.com/l/?uddg=https%3A%2F%2Fa.example%2Fx%3Fy%3D1&rut=z")
        == "https://a.example/x?y=1"
    )
    assert (
        unwrap_link("https://duckduckgo.com/l/?uddg=https%3A%2F%2Fb.example%2F")
        == "https://b.example/"
    )
    assert unwrap_link("https://c.example/page") == "https://c.example/page"
    assert unwrap_link("//d.example/p") == "https://d.example/p"
    assert unwrap_link("//duckduckgo.com/l/?rut=only") == ""
    assert unwrap_link("http://[::1") == ""


def test_a_result_that_mentions_the_challenge_words_is_not_a_challenge() -> None:
    page = fixture("duckduckgo", "html-success.html").replace(
        b"Non-lexical lifetimes, explained.",
        b"How DuckDuckGo shows anomaly-modal and challenge-form: bots use DuckDuckGo too",
    )
    rows = parse_duckduckgo_html(200, {}, page).unwrap()
    assert len(rows) == 3
    assert "anomaly-modal" in str(rows[1]["snippet"])


def test_lookalike_hosts_are_not_unwrapped_or_treated_as_ads() -> None:
    assert unwrap_link("https://evilduckduckgo.com/l/?uddg=https%3A%2F%2Fx.example") == (
        "https://evilduckduckgo.com/l/?uddg=https%3A%2F%2Fx.example"
    )
    assert not is_ad_link("https://notduckduckgo.com/y.js?ad=1")
    assert is_ad_link("https://duckduckgo.com/y.js?ad=1")


async def test_lite_fallback_stays_on_an_overridden_endpoint() -> None:
    server = FakeProvider(
        {
            HTML: html_answer("duckduckgo", "challenge.html", status=202),
            LITE: html_answer("duckduckgo", "lite-success.html"),
        }
    )
    async with server.running() as base:
        settings = settings_for(base, "duckduckgo", provider="duckduckgo")
        assert "duckduckgo_lite" not in settings.base_urls
        async with SearchProviders(settings) as providers:
            result = await providers.search(SearchQuery("rust borrow checker"))
    assert len(result.unwrap().rows) == 2
    assert [seen.path for seen in server.seen] == ["/html/", "/lite/"]
