"""The marker counts inside the budget: exact fits, budgets no larger than the marker, and
every cut makes progress."""

from __future__ import annotations

import pytest

from webdistill.kernel.text import TRUNCATION_MARKER, truncate

M = len(TRUNCATION_MARKER)


@pytest.mark.parametrize("size", [0, 1, M, M + 1, 100])
def test_text_exactly_as_long_as_the_budget_is_untouched(size: int) -> None:
    text = ("word " * 40)[:size]
    result = truncate(text, size)
    assert (result.text, result.consumed, result.truncated) == (text, size, False)


def test_one_character_over_the_budget_is_cut_with_the_marker_inside() -> None:
    result = truncate("word " * 20 + "x", 100)
    assert result.truncated
    assert len(result.text) <= 100
    assert result.text.endswith(TRUNCATION_MARKER)


@pytest.mark.parametrize("max_chars", [1, M - 1, M])
def test_budget_no_larger_than_the_marker_is_a_plain_prefix(max_chars: int) -> None:
    text = "abc def ghi jkl mno pqr stu vwx yz"
    result = truncate(text, max_chars)
    assert (result.text, result.consumed, result.truncated) == (
        text[:max_chars],
        max_chars,
        True,
    )


@pytest.mark.parametrize("max_chars", [0, -1, -100])
def test_budget_zero_or_negative_shows_nothing(max_chars: int) -> None:
    result = truncate("abc", max_chars)
    assert (result.text, result.consumed, result.truncated) == ("", 0, True)


def test_budget_one_over_the_marker_leaves_one_character_of_text() -> None:
    result = truncate("abcdefghijklmnopqrstuvwxyz", M + 1)
    assert result.text == "a" + TRUNCATION_MARKER


def test_a_custom_marker_is_used_and_counted() -> None:
    result = truncate("word " * 40, 30, marker=" [more]")
    assert result.text.endswith(" [more]")
    assert len(result.text) <= 30
    assert TRUNCATION_MARKER not in result.text


@pytest.mark.parametrize(
    "text",
    ["\n\n" + "x" * 60, " " + "x" * 60, "\n \n" + "x" * 60, "x" * 60, ". " + "x" * 60],
)
@pytest.mark.parametrize("budget", [1, 2, 3, 10])
def test_every_cut_consumes_at_least_one_character(text: str, budget: int) -> None:
    result = truncate(text, budget + M)
    assert result.truncated
    assert result.consumed >= 1
    assert text.startswith(result.text.removesuffix(TRUNCATION_MARKER))
