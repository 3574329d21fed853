"""SearXNG against a local server (a SearXNG on localhost is a normal, trusted setup)."""

from __future__ import annotations

import pytest

from tests.providers.fake_provider import Canned, FakeProvider, fixture, json_answer, settings_for
from webdistill.adapters.providers.registry import SearchProviders
from webdistill.adapters.providers.searxng import endpoint
from webdistill.adapters.providers.settings import ProviderSettings
from webdistill.kernel import ErrorCode, SearchQuery

ROUTE = ("GET", "/search")

ROWS = (
    {
        "title": "References and Borrowing",
        "url": "https://book.rust-lang.example/ch04-02.html",
        "snippet": "A reference is like a pointer.",
        "score": 4.5,
    },
    {
        "title": "Fighting the borrow checker",
        "url": "https://blog.ferris.example/posts/borrowck?utm_source=searx",
        "snippet": "Non-lexical lifetimes explained.",
        "score": 1.25,
        "published": "2024-09-09T00:00:00",
    },
    {
        "title": "E0502 explained",
        "url": "https://errors.rust.example/E0502",
        "snippet": "",
        "score": 0.5,
    },
    {
        "title": "Borrowck question",
        "url": "https://forum.rust.example/t/borrowck",
        "snippet": "Help with a borrow error.",
        "score": 0.25,
    },
)


async def run(
    canned: Canned, query: SearchQuery | None = None, *, suffix: str = "", **fields: object
):
    server = FakeProvider({ROUTE: canned})
    async with server.running() as base:
        settings = ProviderSettings(provider="searxng", searxng_url=base + suffix, **fields)  # type: ignore[arg-type]
        async with SearchProviders(settings) as providers:
            result = await providers.search(
                query or SearchQuery("rust borrow checker", max_results=10)
            )
    return result, server


async def test_success_is_parsed_field_by_field() -> None:
    result, server = await run(json_answer("searxng", "success.json"))
    batch = result.unwrap()
    assert batch.provider == "searxng"
    assert batch.rows == ROWS
    seen = server.seen[0]
    assert seen.query == {"q": "rust borrow checker", "format": "json", "pageno": "1"}
    assert "text/html" in seen.headers["accept"]
    assert seen.headers["accept-language"]
    assert not seen.headers["user-agent"].lower().startswith(("python", "aiohttp"))


async def test_default_limit_is_five_and_rows_are_sliced_client_side() -> None:
    result, _ = await run(json_answer("searxng", "success.json"), SearchQuery("q"))
    assert len(result.unwrap().rows) == 4
    result, _ = await run(json_answer("searxng", "success.json"), SearchQuery("q", max_results=2))
    # No cut here: the kernel filters the rows, then cuts them to max_results (#26).
    assert result.unwrap().rows[:2] == ROWS[:2]


async def test_time_range_is_passed_through() -> None:
    _, server = await run(json_answer("searxng", "empty.json"), SearchQuery("q", time_range="week"))
    assert server.seen[0].query["time_range"] == "week"


@pytest.mark.parametrize("suffix", ["", "/", "/search", "/search/"])
async def test_searxng_url_may_be_the_root_or_the_search_endpoint(suffix: str) -> None:
    result, server = await run(json_answer("searxng", "empty.json"), suffix=suffix)
    assert result.unwrap().rows == ()
    assert server.seen[0].path == "/search"


async def test_empty_result_is_success_with_no_rows() -> None:
    result, _ = await run(json_answer("searxng", "empty.json"))
    assert result.unwrap().rows == ()


async def test_empty_result_with_failing_engines_is_unavailable() -> None:
    result, _ = await run(json_answer("searxng", "engines-failed.json"))
    error = result.failure()
    assert error.code == ErrorCode.PROVIDER_UNAVAILABLE
    assert "google: CAPTCHA" in error.detail["web_text"]


async def test_403_says_exactly_which_setting_enables_json() -> None:
    canned = Canned(status=403, body=fixture("searxng", "error-403.html"), content_type="text/html")
    result, _ = await run(canned)
    error = result.failure()
    assert error.code == ErrorCode.PROVIDER_AUTH_FAILED
    assert "formats: [html, json]" in error.message
    assert "settings.yml" in error.message
    assert error.detail["setting"] == "search.formats"


async def test_429_from_the_limiter_is_rate_limited() -> None:
    canned = Canned(status=429, body=fixture("searxng", "error-429.txt"), content_type="text/html")
    result, _ = await run(canned)
    assert result.failure().code == ErrorCode.PROVIDER_RATE_LIMITED


async def test_400_quotes_searxng_s_own_message() -> None:
    result, _ = await run(json_answer("searxng", "error-400.json", status=400))
    error = result.failure()
    assert error.code == ErrorCode.PROVIDER_UNAVAILABLE
    assert "time_range" in error.detail["web_text"]


@pytest.mark.parametrize("status", [500, 502])
async def test_5xx_is_unavailable(status: int) -> None:
    result, _ = await run(Canned(status=status, body=b'{"error": "search error"}'))
    assert result.failure().code == ErrorCode.PROVIDER_UNAVAILABLE


async def test_a_redirect_is_not_followed_and_explained() -> None:
    result, server = await run(Canned(status=302, headers={"Location": "/"}))
    error = result.failure()
    assert error.code == ErrorCode.PROVIDER_UNAVAILABLE
    assert "SEARXNG_URL" in error.message
    assert len(server.seen) == 1


@pytest.mark.parametrize(
    "body", [fixture("searxng", "start-page.html"), b"", b"[]", b'{"results": 3}']
)
async def test_a_body_that_is_not_the_json_api_is_invalid_backend_data(body: bytes) -> None:
    result, _ = await run(Canned(status=200, body=body, content_type="text/html"))
    error = result.failure()
    assert error.code == ErrorCode.INVALID_BACKEND_DATA


async def test_a_server_that_never_answers_times_out() -> None:
    result, _ = await run(Canned(hang=True), timeout_s=0.3)
    assert result.failure().code == ErrorCode.TIMEOUT


async def test_basic_auth_credentials_in_searxng_url_stay_out_of_errors() -> None:
    server = FakeProvider({ROUTE: Canned(status=500, body=b"boom pw-s3cret boom")})
    async with server.running() as base:
        url = base.replace("http://", "http://admin:pw-s3cret@")
        async with SearchProviders(
            ProviderSettings(provider="searxng", searxng_url=url)
        ) as providers:
            result = await providers.search(SearchQuery("q"))
    error = result.failure()
    assert "pw-s3cret" not in error.message
    assert server.seen[0].headers["authorization"].startswith("Basic ")


def test_endpoint_appends_search_to_the_instance_root() -> None:
    assert (
        endpoint(ProviderSettings(searxng_url="http://127.0.0.1:8888/"))
        == "http://127.0.0.1:8888/search"
    )


async def test_an_unusable_searxng_url_is_not_configured() -> None:
    async with SearchProviders(
        ProviderSettings(provider="searxng", searxng_url="not a url")
    ) as providers:
        result = await providers.search(SearchQuery("q"))
    assert result.failure().code == ErrorCode.PROVIDER_NOT_CONFIGURED


async def test_auto_uses_searxng_before_duckduckgo_and_falls_through_its_rate_limit() -> None:
    server = FakeProvider(
        {
            ROUTE: Canned(status=429, body=b"Too Many Requests", content_type="text/plain"),
            ("POST", "/html/"): Canned(
                body=fixture("duckduckgo", "html-empty.html"), content_type="text/html"
            ),
        }
    )
    async with server.running() as base:
        settings = settings_for(base, "duckduckgo", searxng_url=base)
        async with SearchProviders(settings) as providers:
            result = await providers.search(SearchQuery("q"))
    batch = result.unwrap()
    assert batch.provider == "duckduckgo"
    assert batch.skipped[0].startswith("searxng: PROVIDER_RATE_LIMITED")
    assert [seen.path for seen in server.seen] == ["/search", "/html/"]
