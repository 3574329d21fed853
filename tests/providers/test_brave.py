"""Brave Search against a local server: parsing, parameters, limits and every error status."""

from __future__ import annotations

import pytest

from tests.providers.fake_provider import Canned, FakeProvider, json_answer, settings_for
from webdistill.adapters.providers.brave import parse_brave
from webdistill.adapters.providers.registry import SearchProviders
from webdistill.kernel import ErrorCode, SearchQuery

ROUTE = ("GET", "/res/v1/web/search")
KEY = "BSA-secret-key-0123456789"


async def run(canned: Canned, query: SearchQuery, **fields: object):
    server = FakeProvider({ROUTE: canned})
    async with server.running() as base:
        settings = settings_for(base, provider="brave", brave_api_key=KEY, **fields)
        async with SearchProviders(settings) as providers:
            result = await providers.search(query)
    return result, server


async def test_success_is_parsed_field_by_field() -> None:
    result, server = await run(
        json_answer("brave", "success.json"), SearchQuery("rust borrow checker")
    )
    batch = result.unwrap()
    assert batch.provider == "brave"
    assert batch.rows == (
        {
            "title": "References and Borrowing - The Rust Book",
            "url": "https://book.rust-lang.example/ch04-02-references-and-borrowing.html",
            "snippet": (
                "A reference is like a pointer & it is guaranteed to point to a valid value."
            ),
            "published": "2024-06-01T10:20:30",
        },
        {
            "title": "Fighting the borrow checker",
            "url": "https://blog.ferris.example/posts/borrowck?utm_source=brave&utm_medium=search",
            "snippet": "Lifetimes, non-lexical lifetimes and common errors explained.",
            "published": "3 days ago",
        },
        {
            "title": "E0502 explained",
            "url": "https://errors.rust.example/E0502",
            "snippet": "Cannot borrow as mutable because it is also borrowed as immutable.",
        },
    )
    seen = server.seen[0]
    assert seen.headers["x-subscription-token"] == KEY
    assert seen.query == {"q": "rust borrow checker", "count": "5", "text_decorations": "false"}


async def test_time_range_maps_to_freshness() -> None:
    _, server = await run(
        json_answer("brave", "empty-list.json"), SearchQuery("q", time_range="month")
    )
    assert server.seen[0].query["freshness"] == "pm"


@pytest.mark.parametrize(
    ("asked", "sent", "kept"), [(1, "1", 1), (2, "2", 2), (50, "20", 3), (100, "20", 3)]
)
async def test_count_respects_the_maximum_of_20_and_rows_are_sliced(
    asked: int, sent: str, kept: int
) -> None:
    result, server = await run(
        json_answer("brave", "success.json"), SearchQuery("q", max_results=asked)
    )
    assert server.seen[0].query["count"] == sent
    # No cut here: the kernel filters the rows, then cuts them to max_results (#26).
    assert len(result.unwrap().rows) >= kept


@pytest.mark.parametrize("name", ["empty-no-web.json", "empty-null-web.json", "empty-list.json"])
async def test_every_empty_shape_is_success_with_no_rows(name: str) -> None:
    result, _ = await run(json_answer("brave", name), SearchQuery("qqqzzzxxx"))
    assert result.unwrap().rows == ()


@pytest.mark.parametrize(
    ("name", "status"),
    [
        ("error-422-bad-token.json", 422),
        ("error-422-missing-token.json", 422),
        ("error-404-subscription.json", 404),
    ],
)
async def test_bad_or_missing_key_is_auth_failed_naming_the_variable(
    name: str, status: int
) -> None:
    result, _ = await run(json_answer("brave", name, status=status), SearchQuery("q"))
    error = result.failure()
    assert error.code == ErrorCode.PROVIDER_AUTH_FAILED
    assert "BRAVE_API_KEY" in error.message
    assert not error.retryable


@pytest.mark.parametrize("status", [401, 403])
async def test_401_and_403_are_auth_failed(status: int) -> None:
    canned = Canned(status=status, body=b'{"message": "Unauthorized"}')
    result, _ = await run(canned, SearchQuery("q"))
    assert result.failure().code == ErrorCode.PROVIDER_AUTH_FAILED


async def test_validation_error_is_not_an_auth_failure() -> None:
    result, _ = await run(
        json_answer("brave", "error-422-validation-array.json", status=422), SearchQuery("q")
    )
    error = result.failure()
    assert error.code == ErrorCode.PROVIDER_UNAVAILABLE
    assert not error.retryable
    assert (
        "at most 400 characters" in error.detail["web_text"]
        or "Unable to validate" in error.detail["web_text"]
    )


async def test_rate_limit_takes_the_wait_from_the_per_second_window() -> None:
    canned = json_answer(
        "brave",
        "error-429-rate.json",
        status=429,
        **{"X-RateLimit-Remaining": "0, 1500", "X-RateLimit-Reset": "1, 1209600"},
    )
    result, _ = await run(canned, SearchQuery("q"))
    error = result.failure()
    assert error.code == ErrorCode.PROVIDER_RATE_LIMITED
    assert error.retryable
    assert error.detail["retry_after"] == "1"


async def test_exhausted_quota_takes_the_wait_from_the_monthly_window() -> None:
    canned = json_answer(
        "brave",
        "error-429-quota.json",
        status=429,
        **{"X-RateLimit-Remaining": "1, 0", "X-RateLimit-Reset": "1, 86400"},
    )
    result, _ = await run(canned, SearchQuery("q"))
    error = result.failure()
    assert error.code == ErrorCode.PROVIDER_RATE_LIMITED
    assert error.detail["retry_after"] == "86400"
    assert "quota" in error.detail["web_text"]


async def test_explicit_retry_after_header_wins() -> None:
    canned = json_answer(
        "brave",
        "error-429-rate.json",
        status=429,
        **{"Retry-After": "7", "X-RateLimit-Reset": "1, 5"},
    )
    result, _ = await run(canned, SearchQuery("q"))
    assert result.failure().detail["retry_after"] == "7"


@pytest.mark.parametrize("status", [500, 502, 503])
async def test_server_errors_are_unavailable(status: int) -> None:
    result, _ = await run(
        Canned(status=status, body=b"<html>oops</html>", content_type="text/html"), SearchQuery("q")
    )
    error = result.failure()
    assert error.code == ErrorCode.PROVIDER_UNAVAILABLE
    assert error.retryable


@pytest.mark.parametrize(
    "body", [b"<html>not json</html>", b'{"web": {"results": {"a": 1}}}', b"[1, 2]", b""]
)
async def test_unparseable_or_misshapen_body_is_invalid_backend_data(body: bytes) -> None:
    result, _ = await run(Canned(status=200, body=body), SearchQuery("q"))
    assert result.failure().code == ErrorCode.INVALID_BACKEND_DATA


async def test_a_server_that_never_answers_times_out() -> None:
    result, _ = await run(Canned(hang=True), SearchQuery("q"), timeout_s=0.3)
    error = result.failure()
    assert error.code == ErrorCode.TIMEOUT
    assert error.retryable


async def test_the_key_never_appears_in_errors_even_when_echoed() -> None:
    echo = Canned(status=401, body=('{"message": "token ' + KEY + ' is not valid"}').encode())
    result, _ = await run(echo, SearchQuery("q"))
    error = result.failure()
    assert KEY not in error.message
    assert all(KEY not in value for value in error.detail.values())
    assert "***" in error.detail["web_text"]


def test_unknown_item_shapes_become_empty_strings() -> None:
    body = (
        b'{"web": {"results": [{"title": 3, "url": null, "description": ["x"], '
        b'"page_age": 5}, "junk"]}}'
    )
    rows = parse_brave(200, {}, body).unwrap()
    assert rows == (
        {"title": "", "url": "", "snippet": ""},
        {"title": "", "url": "", "snippet": ""},
    )
