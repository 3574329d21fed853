"""Truncation bounds: never over budget, never inside a word when a space fits, a prefix."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from webdistill.kernel.text import TRUNCATION_MARKER, Window, truncate, window

words = st.text(alphabet=st.sampled_from("ab .!?\n\t,é漢"), max_size=600)
any_text = st.one_of(words, st.text(max_size=400))
budgets = st.integers(min_value=-5, max_value=700)


@given(any_text, budgets)
def test_never_exceeds_the_budget(text: str, budget: int) -> None:
    assert len(truncate(text, budget).text) <= max(0, budget)


@given(any_text, budgets)
def test_output_is_a_prefix_plus_the_marker(text: str, budget: int) -> None:
    result = truncate(text, budget)
    if not result.truncated:
        assert result.text == text
    else:
        body = result.text.removesuffix(TRUNCATION_MARKER)
        assert text.startswith(body)
        assert result.consumed >= len(body)


@given(words, st.integers(min_value=len(TRUNCATION_MARKER) + 1, max_value=700))
def test_never_cuts_inside_a_word_when_a_space_fits(text: str, budget: int) -> None:
    result = truncate(text, budget)
    if not result.truncated:
        return
    room = budget - len(TRUNCATION_MARKER)
    if re.search(r"\s", text[1 : room + 1]) is None:
        return  # no space within the budget: a hard cut is allowed
    cut = result.consumed
    assert cut < len(text) and text[cut].isspace()


@given(any_text, st.integers(min_value=0, max_value=800), st.integers(min_value=30, max_value=300))
def test_window_is_bounded_and_moves_forward(text: str, start: int, budget: int) -> None:
    piece = window(text, start, budget)
    assert len(piece.text) <= budget
    assert piece.total == len(text)
    if piece.next_start is not None:
        assert piece.start < piece.next_start <= len(text)


@given(st.text(max_size=60), st.integers(-5, 70), st.integers(-5, 80))
def test_window_of_a_text_that_fits_is_the_general_answer(
    text: str, start: int, budget: int
) -> None:
    """`window`'s shortcut for a whole text that fits answers what the general path does."""
    begin = min(max(0, start), len(text))
    piece = truncate(text[begin:], budget)
    assert not piece.truncated or window(text, start, budget).truncated
    if not piece.truncated:
        assert window(text, start, budget) == Window(piece.text, begin, len(text), None, False)
