"""No kernel function raises, whatever the tool arguments or the backend rows."""

from __future__ import annotations

import asyncio

from hypothesis import given
from hypothesis import strategies as st
from returns.result import Failure, Result, Success
from tests.fakes import FakeBackend, RecordingCompressor

from property_tests.strategies_kernel import (
    fetch_args,
    json_like,
    page_rows,
    search_args,
    search_rows,
)
from webdistill.kernel import Deps, ErrorCode, web_fetch, web_search
from webdistill.kernel.validate import clamp_max_chars, clamp_max_results


def run(coro: object) -> Result[object, object]:
    return asyncio.run(coro)  # type: ignore[arg-type]


@given(search_args, search_rows)
def test_web_search_never_raises(raw: object, rows: list[object]) -> None:
    backend = FakeBackend(searches={q: rows for q in ("", "a", "query")})
    result = run(web_search(Deps(backend=backend), raw))
    assert isinstance(result, Success | Failure)
    if isinstance(result, Failure):
        assert result.failure().code is ErrorCode.INVALID_INPUT
        assert backend.search_calls == []


@given(st.dictionaries(st.just("query"), st.text(max_size=5), min_size=1), search_rows)
def test_search_rows_are_validated_or_refused(raw: dict[str, str], rows: list[object]) -> None:
    backend = FakeBackend(searches={" ".join(raw["query"].split()): rows})
    result = run(web_search(Deps(backend=backend), raw))
    for outcome in result.value_or(()):  # type: ignore[attr-defined]
        if outcome.error is not None:
            assert outcome.error.code is ErrorCode.INVALID_BACKEND_DATA


@given(fetch_args, page_rows, st.booleans())
def test_web_fetch_never_raises(raw: object, row: object, with_compressor: bool) -> None:
    pages = {url: row for url in ("https://example.com/", "https://a.example/")}
    compressor = RecordingCompressor() if with_compressor else None
    deps = Deps(backend=FakeBackend(pages=pages), compressor=compressor, compress_min_length=10)
    result = run(web_fetch(deps, raw))
    assert isinstance(result, Success | Failure)


@given(json_like)
def test_fetch_with_any_row_is_a_page_or_an_error(row: object) -> None:
    deps = Deps(backend=FakeBackend(pages={"https://example.com/": row}))
    outcomes = run(web_fetch(deps, {"url": "https://example.com/"})).unwrap()
    assert len(outcomes) == 1  # type: ignore[arg-type]
    outcome = outcomes[0]  # type: ignore[index]
    assert (outcome.page is None) != (outcome.error is None)


@given(st.one_of(st.none(), st.integers(min_value=-(2**100), max_value=2**100)))
def test_clamp_always_lands_in_1_to_100(value: int | None) -> None:
    clamped = clamp_max_results(value)
    if value is None:
        assert clamped is None
    else:
        assert clamped is not None and 1 <= clamped <= 100


@given(st.one_of(st.none(), st.integers(min_value=-(2**100), max_value=2**100)))
def test_max_chars_clamp_is_bounded(value: int | None) -> None:
    assert 200 <= clamp_max_chars(value, 20000) <= 1_000_000
