"""Tool-argument limits at their exact boundaries: counts, lengths, clamps, and how items are
merged (trimmed, empty dropped, duplicates removed, `one` before `many`)."""

from __future__ import annotations

import pytest
from returns.result import Failure

from webdistill.kernel.model import FetchRequest
from webdistill.kernel.validate import (
    clamp_max_chars,
    clamp_max_results,
    merge_items,
    merge_urls,
    validate_fetch,
    validate_search,
)

FETCH_HINT = 'Call web_fetch with {"url": "https://..."} or {"urls": ["https://...", ...]}.'
SEARCH_HINT = 'Call web_search with {"query": "..."} or {"queries": ["...", "..."]}.'


def message(result: object) -> str:
    assert isinstance(result, Failure)
    text: str = result.failure().message
    return text


@pytest.mark.parametrize(
    ("one", "many", "merged"),
    [
        (None, None, ()),
        ("a", None, ("a",)),
        (None, ["a", "b"], ("a", "b")),
        ("b", ["a", "b"], ("b", "a")),
        ("  spaced   out\n", [" spaced out", "\t"], ("spaced out",)),
        ("", ["", "  ", "x"], ("x",)),
    ],
)
def test_merge_items(one: str | None, many: list[str] | None, merged: tuple[str, ...]) -> None:
    assert merge_items(one, many) == merged


@pytest.mark.parametrize(
    ("value", "clamped"), [(None, None), (-5, 1), (0, 1), (1, 1), (7, 7), (100, 100), (101, 100)]
)
def test_max_results_is_clamped_to_1_to_100(value: int | None, clamped: int | None) -> None:
    assert clamp_max_results(value) == clamped
    assert validate_search({"query": "q", "max_results": value}).unwrap().max_results == clamped


@pytest.mark.parametrize(
    ("value", "default", "clamped"),
    [
        (None, 20000, 20000),
        (None, 50, 200),
        (None, 2_000_000, 1_000_000),
        (199, 20000, 200),
        (200, 20000, 200),
        (201, 20000, 201),
        (1_000_000, 20000, 1_000_000),
        (1_000_001, 20000, 1_000_000),
    ],
)
def test_max_chars_is_clamped_to_200_to_a_million(
    value: int | None, default: int, clamped: int
) -> None:
    assert clamp_max_chars(value, default) == clamped
    batch = validate_fetch({"url": "https://a.example/", "max_chars": value}, default).unwrap()
    assert batch.requests[0].max_chars == clamped


def test_five_distinct_queries_pass_six_do_not() -> None:
    five = [f"q{i}" for i in range(5)]
    assert validate_search({"queries": [*five, "q0", " q1 "]}).unwrap().queries == tuple(five)
    assert message(validate_search({"query": "q5", "queries": five})) == (
        "Invalid input: queries: at most 5 distinct queries per call, got 6. "
        "Split them over several calls."
    )


def test_no_non_empty_query_is_refused() -> None:
    for raw in ({}, {"query": "  "}, {"queries": []}, {"query": None, "queries": ["", "\n"]}):
        assert message(validate_search(raw)) == (
            f"Invalid input: query: give at least one non-empty query. {SEARCH_HINT}"
        )


def test_a_query_of_1000_characters_passes_1001_does_not() -> None:
    assert validate_search({"query": "q" * 1000}).unwrap().queries == ("q" * 1000,)
    assert message(validate_search({"queries": ["short", "q" * 1001]})) == (
        "Invalid input: query: at most 1000 characters, got 1001. Use a shorter query."
    )


def test_ten_urls_pass_eleven_do_not() -> None:
    ten = [f"https://a.example/{i}" for i in range(10)]
    assert len(validate_fetch({"urls": ten}, 20000).unwrap().requests) == 10
    assert message(validate_fetch({"urls": [*ten, "https://b.example/"]}, 20000)) == (
        f"Invalid input: urls: at most 10 URLs per call, got 11. {FETCH_HINT}"
    )


def test_no_url_is_refused() -> None:
    for raw in ({}, {"url": " "}, {"urls": []}):
        assert message(validate_fetch(raw, 20000)) == (
            f"Invalid input: url: give at least one URL. {FETCH_HINT}"
        )


@pytest.mark.parametrize(("sent", "read"), [(0, 0), (7, 7), (-1, 0), (-500, 0)])
def test_start_index_below_zero_reads_from_the_start(sent: int, read: int) -> None:
    batch = validate_fetch({"url": "u", "start_index": sent}, 20000).unwrap()
    assert batch.requests[0].start_index == read


def test_focus_of_2000_characters_passes_2001_does_not() -> None:
    batch = validate_fetch({"url": "u", "focus": "f" * 2000}, 20000).unwrap()
    assert batch.requests[0].focus == "f" * 2000
    assert message(validate_fetch({"url": "u", "focus": "f" * 2001}, 20000)) == (
        f"Invalid input: focus: at most 2000 characters. {FETCH_HINT}"
    )


def test_every_fetch_problem_is_named_at_once() -> None:
    raw = {"urls": [], "focus": "f" * 2001}
    assert message(validate_fetch(raw, 20000)) == (
        f"Invalid input: url: give at least one URL; focus: at most 2000 characters. {FETCH_HINT}"
    )


@pytest.mark.parametrize(
    ("focus", "kept"), [(None, None), ("", None), ("  \n", None), (" x ", "x")]
)
def test_focus_is_trimmed_and_blank_focus_is_none(focus: str | None, kept: str | None) -> None:
    assert validate_fetch({"url": "u", "focus": focus}, 20000).unwrap().requests[0].focus == kept


def test_every_url_gets_the_same_settings_in_order() -> None:
    raw = {
        "url": "https://a.example/",
        "urls": ["https://b.example/", "https://a.example/"],
        "max_chars": 5000,
        "start_index": 7,
        "focus": "prices",
        "compress": False,
    }
    batch = validate_fetch(raw, 20000).unwrap()
    assert batch.requests == tuple(
        FetchRequest(url=u, max_chars=5000, start_index=7, focus="prices", compress=False)
        for u in ("https://a.example/", "https://b.example/")
    )


@pytest.mark.parametrize("compress", [True, False, None])
def test_compress_is_passed_on(compress: bool | None) -> None:
    assert (
        validate_fetch({"url": "u", "compress": compress}, 20000).unwrap().requests[0].compress
        is compress
    )


@pytest.mark.parametrize(
    ("one", "many", "merged"),
    [
        (None, None, ()),
        ("https://a.example/", ["https://b.example/", "https://a.example/"],
         ("https://a.example/", "https://b.example/")),
        (" https://a.example/", ["https://a.example/"], (" https://a.example/", "https://a.example/")),
        ("", ["  ", "\n", "https://a.example/x y"], ("https://a.example/x y",)),
    ],
)  # fmt: skip
def test_urls_are_merged_exactly_as_given(
    one: str | None, many: list[str] | None, merged: tuple[str, ...]
) -> None:
    assert merge_urls(one, many) == merged
    if merged:
        batch = validate_fetch({"url": one, "urls": many}, 20000).unwrap()
        assert tuple(r.url for r in batch.requests) == merged
