"""The kernel's search rules: clamping, validation, re-validation of rows, batching."""

from __future__ import annotations

import math

import pytest
from returns.result import Failure, Success

from tests.fakes import FakeBackend
from webdistill.kernel import (
    Deps,
    ErrorCode,
    RowBatch,
    SearchHit,
    SearchQuery,
    WebError,
    search_web,
    web_search,
)

ROW = {"title": "Example", "url": "https://example.com/a", "snippet": "An example."}


def deps_with(backend: FakeBackend) -> Deps:
    return Deps(backend=backend)


async def test_max_results_9999_is_clamped_to_100() -> None:
    backend = FakeBackend()
    await web_search(deps_with(backend), {"query": "q", "max_results": 9999})
    assert backend.search_calls[0].max_results == 100


async def test_max_results_1_stays_1() -> None:
    backend = FakeBackend()
    await web_search(deps_with(backend), {"query": "q", "max_results": 1})
    assert backend.search_calls[0].max_results == 1


@pytest.mark.parametrize("value", [0, -3])
async def test_max_results_zero_and_negative_become_1(value: int) -> None:
    backend = FakeBackend()
    await web_search(deps_with(backend), {"query": "q", "max_results": value})
    assert backend.search_calls[0].max_results == 1


async def test_max_results_absent_passes_through_absent() -> None:
    backend = FakeBackend()
    await web_search(deps_with(backend), {"query": "q"})
    assert backend.search_calls[0].max_results is None


async def test_search_web_clamps_a_directly_built_query() -> None:
    backend = FakeBackend()
    await search_web(deps_with(backend), SearchQuery("q", max_results=5000))
    assert backend.search_calls[0].max_results == 100


@pytest.mark.parametrize("value", [True, "5", 2.5, math.nan])
async def test_max_results_of_wrong_type_is_invalid_input(value: object) -> None:
    backend = FakeBackend()
    result = await web_search(deps_with(backend), {"query": "q", "max_results": value})
    assert isinstance(result, Failure)
    assert result.failure().code is ErrorCode.INVALID_INPUT
    assert "max_results" in result.failure().message
    assert backend.search_calls == []


async def test_empty_backend_result_is_success_of_empty_tuple() -> None:
    result = await search_web(deps_with(FakeBackend()), SearchQuery("nothing"))
    assert result == Success(())


async def test_backend_failure_passes_through_unchanged() -> None:
    error = WebError.of(ErrorCode.PROVIDER_RATE_LIMITED, "slow down", retry_after="30")
    backend = FakeBackend(searches={"q": error})
    result = await search_web(deps_with(backend), SearchQuery("q"))
    assert result == Failure(error)


async def test_row_with_missing_url_fails_with_invalid_backend_data_naming_the_row() -> None:
    rows = [ROW, {"title": "no url", "snippet": "x"}]
    result = await search_web(deps_with(FakeBackend(searches={"q": rows})), SearchQuery("q"))
    assert isinstance(result, Failure)
    error = result.failure()
    assert error.code is ErrorCode.INVALID_BACKEND_DATA
    assert error.detail["row"] == "1"
    assert "row 1" in error.message and "url" in error.message


async def test_rows_without_a_web_address_are_dropped_and_counted_not_fatal() -> None:
    # #26: one javascript:/data:/malformed row used to fail the whole query.
    rows = [
        {"title": "bad", "url": "not-a-url", "snippet": ""},
        {"title": "js", "url": "javascript:alert(1)", "snippet": ""},
        {"title": "data", "url": "data:text/html,<b>x</b>", "snippet": ""},
        ROW,
    ]
    result = await search_web(deps_with(FakeBackend(searches={"q": rows})), SearchQuery("q"))
    assert isinstance(result, Success)
    assert [hit.url for hit in result.unwrap()] == [ROW["url"]]


async def test_filtering_comes_before_the_cut_to_max_results() -> None:
    # #26: five private rows ahead of two good ones give two hits, not zero.
    private = [{"title": f"p{n}", "url": f"http://10.0.0.{n}/", "snippet": ""} for n in range(5)]
    good = [
        {"title": f"g{n}", "url": f"https://good{n}.example.org/", "snippet": ""} for n in range(3)
    ]
    backend = FakeBackend(searches={"q": [*private, *good]})
    result = await search_web(deps_with(backend), SearchQuery("q", max_results=2))
    assert [hit.title for hit in result.unwrap()] == ["g0", "g1"]


async def test_kernel_sees_snippet_not_description() -> None:
    rows = [{"title": "t", "url": "https://example.com/", "description": "provider field"}]
    result = await search_web(deps_with(FakeBackend(searches={"q": rows})), SearchQuery("q"))
    assert isinstance(result, Failure)
    assert result.failure().code is ErrorCode.INVALID_BACKEND_DATA
    assert "description" in result.failure().detail["web_text"]  # a field name: fenced (issue 26)


async def test_rows_become_hits_field_by_field() -> None:
    rows = [{**ROW, "score": 0.5, "published": "2026-01-02"}]
    result = await search_web(deps_with(FakeBackend(searches={"q": rows})), SearchQuery("q"))
    assert result == Success(
        (SearchHit("Example", "https://example.com/a", "An example.", 0.5, "2026-01-02"),)
    )


async def test_row_with_infinite_score_is_invalid_backend_data() -> None:
    rows = [{**ROW, "score": math.inf}]
    result = await search_web(deps_with(FakeBackend(searches={"q": rows})), SearchQuery("q"))
    assert isinstance(result, Failure)
    assert result.failure().code is ErrorCode.INVALID_BACKEND_DATA


async def test_queries_are_merged_trimmed_and_deduplicated() -> None:
    backend = FakeBackend()
    raw = {"query": "  alpha ", "queries": ["beta", "alpha", "  ", "beta  ", "gamma"]}
    result = await web_search(deps_with(backend), raw)
    assert [outcome.query for outcome in result.unwrap()] == ["alpha", "beta", "gamma"]
    assert sorted(call.query for call in backend.search_calls) == ["alpha", "beta", "gamma"]


async def test_five_queries_are_accepted() -> None:
    backend = FakeBackend()
    result = await web_search(deps_with(backend), {"queries": [f"q{i}" for i in range(5)]})
    assert len(result.unwrap()) == 5


async def test_six_distinct_queries_are_refused_with_advice() -> None:
    backend = FakeBackend()
    result = await web_search(deps_with(backend), {"queries": [f"q{i}" for i in range(6)]})
    assert isinstance(result, Failure)
    assert result.failure().code is ErrorCode.INVALID_INPUT
    assert "at most 5" in result.failure().message
    assert backend.search_calls == []


async def test_six_items_with_duplicates_count_after_deduplication() -> None:
    backend = FakeBackend()
    raw = {"query": "a", "queries": ["a", "b", "c", "d", "e"]}
    result = await web_search(deps_with(backend), raw)
    assert len(result.unwrap()) == 5


@pytest.mark.parametrize("raw", [{}, {"query": "   "}, {"queries": []}, {"query": None}])
async def test_empty_query_is_invalid_input(raw: object) -> None:
    result = await web_search(deps_with(FakeBackend()), raw)
    assert isinstance(result, Failure)
    assert result.failure().code is ErrorCode.INVALID_INPUT


async def test_unknown_argument_is_refused_by_name() -> None:
    result = await web_search(deps_with(FakeBackend()), {"query": "q", "limit": 3})
    assert isinstance(result, Failure)
    assert "limit" in result.failure().message


async def test_one_failing_query_does_not_fail_the_batch() -> None:
    error = WebError.of(ErrorCode.PROVIDER_UNAVAILABLE, "down")
    backend = FakeBackend(searches={"bad": error, "good": [ROW]})
    outcomes = (await web_search(deps_with(backend), {"queries": ["bad", "good"]})).unwrap()
    assert outcomes[0].error == error and outcomes[0].hits == ()
    assert outcomes[1].error is None and len(outcomes[1].hits) == 1


async def test_row_batch_reports_provider_and_skipped() -> None:
    batch = RowBatch(rows=(ROW,), provider="brave", skipped=("duckduckgo: rate limited",))
    backend = FakeBackend(searches={"q": batch})
    outcome = (await web_search(deps_with(backend), {"query": "q"})).unwrap()[0]
    assert outcome.provider == "brave"
    assert outcome.skipped == ("duckduckgo: rate limited",)


async def test_hit_urls_are_cleaned_of_trackers() -> None:
    rows = [{**ROW, "url": "https://example.com/a?id=7&utm_source=newsletter"}]
    hits = await search_web(deps_with(FakeBackend(searches={"q": rows})), SearchQuery("q"))
    assert hits.unwrap()[0].url == "https://example.com/a?id=7"


async def test_include_content_attaches_pages_and_errors_of_top_hits() -> None:
    rows = [{"title": f"t{i}", "url": f"https://example.com/{i}", "snippet": ""} for i in range(5)]
    pages = {
        "https://example.com/0": {"url": "https://example.com/0", "content": "zero"},
        "https://example.com/1": WebError.of(ErrorCode.HTTP_ERROR, "gone", status=404),
        "https://example.com/2": {"url": "https://example.com/2", "content": "two"},
    }
    backend = FakeBackend(searches={"q": rows}, pages=pages)
    raw = {"query": "q", "include_content": True}
    outcome = (await web_search(deps_with(backend), raw)).unwrap()[0]
    assert [c.url for c in outcome.contents] == [f"https://example.com/{i}" for i in range(3)]
    assert outcome.contents[0].page is not None and outcome.contents[0].page.content == "zero"
    assert outcome.contents[1].error is not None
    assert outcome.contents[1].error.code is ErrorCode.HTTP_ERROR


class RaisingBackend:
    async def search(self, query: SearchQuery) -> object:
        raise RuntimeError("boom")

    async def extract(self, request: object) -> object:
        raise RuntimeError("boom")


async def test_a_backend_that_raises_becomes_an_error_not_an_exception() -> None:
    deps = Deps(backend=RaisingBackend())  # type: ignore[arg-type]
    outcome = (await web_search(deps, {"query": "q"})).unwrap()[0]
    assert outcome.error is not None
    # a raise is a bug, not "provider down": its own code, not retryable (issue 17)
    assert outcome.error.code is ErrorCode.INTERNAL_ERROR
    assert not outcome.error.retryable
