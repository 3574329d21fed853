"""Tavily, Exa and Serper against a local server: the cases every keyed provider shares."""

from __future__ import annotations

import json

import attrs
import pytest

from tests.providers.fake_provider import Canned, FakeProvider, json_answer, settings_for
from webdistill.adapters.providers.registry import SearchProviders
from webdistill.kernel import ErrorCode, SearchQuery

KEY = "sk-live-SECRET-0123456789abcdef"


@attrs.frozen
class Spec:
    route: tuple[str, str]
    key_field: str
    key_header: str
    key_value: str
    variable: str
    rows: tuple[dict[str, object], ...]


SPECS = {
    "tavily": Spec(
        route=("POST", "/search"),
        key_field="tavily_api_key",
        key_header="authorization",
        key_value=f"Bearer {KEY}",
        variable="TAVILY_API_KEY",
        rows=(
            {
                "title": "References and Borrowing - The Rust Book",
                "url": "https://book.rust-lang.example/ch04-02.html",
                "snippet": "A reference is like a pointer that is guaranteed to be valid.",
                "score": 0.93,
            },
            {
                "title": "Fighting the borrow checker",
                "url": "https://blog.ferris.example/posts/borrowck?utm_source=tavily&utm_campaign=x",
                "snippet": "Non-lexical lifetimes explained.",
                "score": 0.71,
                "published": "Mon, 09 Sep 2024 09:05:03 GMT",
            },
            {
                "title": "E0502 explained",
                "url": "https://errors.rust.example/E0502",
                "snippet": "Cannot borrow as mutable.",
            },
        ),
    ),
    "exa": Spec(
        route=("POST", "/search"),
        key_field="exa_api_key",
        key_header="x-api-key",
        key_value=KEY,
        variable="EXA_API_KEY",
        rows=(
            {
                "title": "References and Borrowing",
                "url": "https://book.rust-lang.example/ch04-02.html",
                "snippet": "A reference is like a pointer. … It is always valid.",
                "score": 0.42,
                "published": "2024-06-01T00:00:00.000Z",
            },
            {
                "title": "Fighting the borrow checker",
                "url": "https://blog.ferris.example/posts/borrowck?utm_source=exa",
                "snippet": "A post about lifetimes.",
            },
            {
                "title": "E0502 explained",
                "url": "https://errors.rust.example/E0502",
                "snippet": "Cannot borrow as mutable because it is also borrowed as immutable.",
                "score": 0.3,
            },
        ),
    ),
    "serper": Spec(
        route=("POST", "/search"),
        key_field="serper_api_key",
        key_header="x-api-key",
        key_value=KEY,
        variable="SERPER_API_KEY",
        rows=(
            {
                "title": "References and Borrowing",
                "url": "https://book.rust-lang.example/ch04-02.html",
                "snippet": "A reference is like a pointer.",
            },
            {
                "title": "Fighting the borrow checker",
                "url": "https://blog.ferris.example/posts/borrowck?utm_source=google",
                "snippet": "Non-lexical lifetimes explained.",
                "published": "Sep 9, 2024",
            },
            {
                "title": "E0502 explained",
                "url": "https://errors.rust.example/E0502",
                "snippet": "Cannot borrow as mutable.",
            },
        ),
    ),
}

NAMES = sorted(SPECS)


async def run(name: str, canned: Canned, query: SearchQuery | None = None, **fields: object):
    spec = SPECS[name]
    server = FakeProvider({spec.route: canned})
    async with server.running() as base:
        settings = settings_for(base, provider=name, **{spec.key_field: KEY, **fields})
        async with SearchProviders(settings) as providers:
            result = await providers.search(query or SearchQuery("rust borrow checker"))
    return result, server


@pytest.mark.parametrize("name", NAMES)
async def test_success_is_parsed_field_by_field(name: str) -> None:
    result, server = await run(name, json_answer(name, "success.json"))
    batch = result.unwrap()
    assert batch.provider == name
    assert batch.rows == SPECS[name].rows
    assert server.seen[0].headers[SPECS[name].key_header] == SPECS[name].key_value
    assert server.seen[0].headers["content-type"].startswith("application/json")


@pytest.mark.parametrize("name", NAMES)
async def test_max_results_slices_client_side(name: str) -> None:
    result, _ = await run(name, json_answer(name, "success.json"), SearchQuery("q", max_results=2))
    # Providers that page leave the cut to the kernel, after its filtering (#26).
    assert result.unwrap().rows[:2] == SPECS[name].rows[:2]


@pytest.mark.parametrize(
    ("name", "file"),
    [
        ("tavily", "empty.json"),
        ("exa", "empty.json"),
        ("serper", "empty-list.json"),
        ("serper", "empty-missing.json"),
    ],
)
async def test_empty_result_is_success_with_no_rows(name: str, file: str) -> None:
    result, _ = await run(name, json_answer(name, file))
    assert result.unwrap().rows == ()


@pytest.mark.parametrize(
    ("name", "status", "file"),
    [
        ("tavily", 401, "error-401.json"),
        ("exa", 401, "error-401.json"),
        ("serper", 403, "error-403.json"),
    ],
)
async def test_bad_key_is_auth_failed_naming_the_variable(
    name: str, status: int, file: str
) -> None:
    result, _ = await run(name, json_answer(name, file, status=status))
    error = result.failure()
    assert error.code == ErrorCode.PROVIDER_AUTH_FAILED
    assert SPECS[name].variable in error.message
    assert not error.retryable


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("status", [401, 403])
async def test_401_and_403_are_auth_failed(name: str, status: int) -> None:
    result, _ = await run(name, Canned(status=status, body=b'{"message": "no"}'))
    assert result.failure().code == ErrorCode.PROVIDER_AUTH_FAILED


@pytest.mark.parametrize("name", NAMES)
async def test_429_is_rate_limited_with_retry_after_from_the_header(name: str) -> None:
    body = b'{"detail": {"error": "Too many requests"}}'
    result, _ = await run(name, Canned(status=429, body=body, headers={"retry-after": "12"}))
    error = result.failure()
    assert error.code == ErrorCode.PROVIDER_RATE_LIMITED
    assert error.retryable
    assert error.detail["retry_after"] == "12"
    assert "Too many requests" in error.detail["web_text"]


@pytest.mark.parametrize("name", NAMES)
async def test_429_without_a_header_has_no_retry_after(name: str) -> None:
    result, _ = await run(name, Canned(status=429, body=b'{"error": "rate limit exceeded"}'))
    error = result.failure()
    assert error.code == ErrorCode.PROVIDER_RATE_LIMITED
    assert "retry_after" not in error.detail


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("status", [500, 502, 503, 504])
async def test_5xx_is_unavailable(name: str, status: int) -> None:
    result, _ = await run(
        name, Canned(status=status, body=b"upstream error", content_type="text/plain")
    )
    error = result.failure()
    assert error.code == ErrorCode.PROVIDER_UNAVAILABLE
    assert error.retryable


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(
    "body", [b"<html>captive portal</html>", b"", b"\xff\xfe\x00", b'"just a string"']
)
async def test_unparseable_body_is_invalid_backend_data(name: str, body: bytes) -> None:
    result, _ = await run(name, Canned(status=200, body=body))
    assert result.failure().code == ErrorCode.INVALID_BACKEND_DATA


@pytest.mark.parametrize("name", NAMES)
async def test_a_server_that_never_answers_times_out(name: str) -> None:
    result, _ = await run(name, Canned(hang=True), timeout_s=0.3)
    error = result.failure()
    assert error.code == ErrorCode.TIMEOUT
    assert "0.3" in error.message


@pytest.mark.parametrize("name", NAMES)
async def test_the_key_never_appears_in_errors(name: str) -> None:
    echoed = json.dumps({"message": f"key {KEY} rejected", "detail": f"key {KEY}"}).encode()
    for status in (401, 400, 429, 500):
        result, _ = await run(name, Canned(status=status, body=echoed))
        error = result.failure()
        assert KEY not in error.message
        assert all(KEY not in value for value in error.detail.values())


@pytest.mark.parametrize("name", NAMES)
async def test_no_part_of_the_key_survives_where_the_message_is_cut(name: str) -> None:
    # The provider text is cut to 300 characters: a key straddling the cut must not leave
    # its first characters behind (it is redacted before the cut, not after).
    for pad in range(285, 300):
        echoed = json.dumps({"message": "x" * pad + " " + KEY + " tail"}).encode()
        result, _ = await run(name, Canned(status=400, body=echoed))
        error = result.failure()
        assert KEY[:6] not in error.message, pad
        assert all(KEY[:6] not in value for value in error.detail.values())


# --- Tavily specifics ---------------------------------------------------------------


async def test_tavily_request_body_caps_max_results_at_20_and_maps_time_range() -> None:
    _, server = await run(
        "tavily",
        json_answer("tavily", "empty.json"),
        SearchQuery("q", max_results=80, time_range="day"),
    )
    body = json.loads(server.seen[0].body)
    assert body["query"] == "q"
    assert body["max_results"] == 20
    assert body["time_range"] == "day"
    assert "api_key" not in body


async def test_tavily_default_asks_for_five() -> None:
    _, server = await run("tavily", json_answer("tavily", "empty.json"))
    assert json.loads(server.seen[0].body)["max_results"] == 5


async def test_tavily_plan_limit_432_is_rate_limited_and_not_retryable() -> None:
    result, _ = await run("tavily", json_answer("tavily", "error-432.json", status=432))
    error = result.failure()
    assert error.code == ErrorCode.PROVIDER_RATE_LIMITED
    assert not error.retryable
    assert "usage limit" in error.message


async def test_tavily_400_is_a_rejected_request() -> None:
    result, _ = await run("tavily", json_answer("tavily", "error-400.json", status=400))
    error = result.failure()
    assert error.code == ErrorCode.PROVIDER_UNAVAILABLE
    assert not error.retryable
    assert "Invalid topic" in error.detail["web_text"]


async def test_tavily_429_fixture_body_is_quoted() -> None:
    result, _ = await run(
        "tavily", json_answer("tavily", "error-429.json", status=429, **{"retry-after": "3"})
    )
    error = result.failure()
    assert "excessive requests" in error.detail["web_text"]
    assert error.detail["retry_after"] == "3"


# --- Exa specifics ------------------------------------------------------------------


async def test_exa_request_asks_for_highlights_and_caps_at_100() -> None:
    _, server = await run(
        "exa", json_answer("exa", "empty.json"), SearchQuery("q", max_results=100)
    )
    body = json.loads(server.seen[0].body)
    assert body["numResults"] == 100
    assert body["contents"] == {"highlights": {"maxCharacters": 400}}
    assert "startPublishedDate" not in body


def test_exa_time_range_becomes_start_published_date() -> None:
    from datetime import UTC, datetime

    from webdistill.adapters.providers.exa import body_for

    now = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)
    assert (
        body_for(SearchQuery("q", time_range="week"), now)["startPublishedDate"]
        == "2026-03-03T12:00:00.000Z"
    )
    assert (
        body_for(SearchQuery("q", time_range="day"), now)["startPublishedDate"]
        == "2026-03-09T12:00:00.000Z"
    )


async def test_exa_402_out_of_credits_is_rate_limited_not_retryable() -> None:
    result, _ = await run("exa", json_answer("exa", "error-402.json", status=402))
    error = result.failure()
    assert error.code == ErrorCode.PROVIDER_RATE_LIMITED
    assert not error.retryable
    assert "run out of credits" in error.detail["web_text"]


async def test_exa_json_without_results_is_invalid_backend_data() -> None:
    result, _ = await run("exa", Canned(body=b'{"requestId": "x"}'))
    assert result.failure().code == ErrorCode.INVALID_BACKEND_DATA


async def test_exa_snippet_falls_back_to_truncated_text() -> None:
    from webdistill.adapters.providers.exa import SNIPPET_CHARS, parse_exa

    body = json.dumps(
        {
            "results": [
                {"url": "https://a.example", "title": "A", "text": "word " * 500, "highlights": []}
            ]
        }
    )
    (row,) = parse_exa(200, {}, body.encode()).unwrap()
    assert len(str(row["snippet"])) == SNIPPET_CHARS
    assert str(row["snippet"]).endswith("…")


# --- Serper specifics ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("asked", "num"), [(None, 10), (1, 10), (10, 10), (11, 20), (45, 50), (51, 100), (100, 100)]
)
async def test_serper_num_is_the_smallest_page_size_that_covers_the_request(
    asked: int | None, num: int
) -> None:
    _, server = await run(
        "serper", json_answer("serper", "empty-list.json"), SearchQuery("q", max_results=asked)
    )
    assert json.loads(server.seen[0].body)["num"] == num


async def test_serper_time_range_maps_to_tbs() -> None:
    _, server = await run(
        "serper", json_answer("serper", "empty-list.json"), SearchQuery("q", time_range="year")
    )
    body = json.loads(server.seen[0].body)
    assert body == {"q": "q", "num": 10, "tbs": "qdr:y"}


async def test_serper_out_of_credits_400_is_rate_limited_not_retryable() -> None:
    result, _ = await run("serper", json_answer("serper", "error-400-credits.json", status=400))
    error = result.failure()
    assert error.code == ErrorCode.PROVIDER_RATE_LIMITED
    assert not error.retryable
    assert "Not enough credits" in error.detail["web_text"]


async def test_serper_other_400_is_a_rejected_request() -> None:
    result, _ = await run(
        "serper", Canned(status=400, body=b'{"message": "Query too long", "statusCode": 400}')
    )
    error = result.failure()
    assert error.code == ErrorCode.PROVIDER_UNAVAILABLE
    assert not error.retryable
