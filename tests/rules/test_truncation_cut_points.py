"""The cut-point order of `truncate`, each rule at its exact boundary.

With `budget = max_chars - len(marker)`: a paragraph break at or after budget // 2 wins; else
the last sentence end strictly past budget * 3 // 10; else the last whitespace after the first
character (a word that ends exactly at the budget still fits); else a hard cut at the budget.
"""

from __future__ import annotations

import pytest

from webdistill.kernel.text import TRUNCATION_MARKER, truncate

M = len(TRUNCATION_MARKER)


def cut(text: str, budget: int) -> tuple[str, int]:
    """(shown text without the marker, consumed) for a cut with `budget` characters of text."""
    result = truncate(text, budget + M)
    assert result.truncated
    assert result.text.endswith(TRUNCATION_MARKER)
    return result.text.removesuffix(TRUNCATION_MARKER), result.consumed


WORDS = " word" * 40  # plenty of later word boundaries, no sentence end


# --- paragraph break in the latter half ----------------------------------------------------


@pytest.mark.parametrize("budget", [99, 100])
def test_paragraph_break_exactly_at_half_the_budget_is_the_cut(budget: int) -> None:
    text = "a" * (budget // 2) + "\n\n" + "word " * 60
    assert cut(text, budget) == ("a" * (budget // 2), budget // 2)


@pytest.mark.parametrize("budget", [99, 100])
def test_paragraph_break_just_before_half_the_budget_is_ignored(budget: int) -> None:
    at = budget // 2 - 1
    text = "a" * at + "\n\n" + "word " * 60
    shown, consumed = cut(text, budget)
    assert consumed > budget // 2  # the word boundary, further on
    assert shown.startswith("a" * at + "\n\nword")


def test_paragraph_break_just_before_a_third_of_the_budget_is_ignored() -> None:
    text = "a" * 35 + "\n\n" + "word " * 60
    assert cut(text, 100)[1] > 50


def test_the_last_paragraph_break_in_the_budget_wins() -> None:
    text = "a" * 55 + "\n\n" + "b" * 20 + "\n \t\n" + "word " * 60
    assert cut(text, 100) == ("a" * 55 + "\n\n" + "b" * 20, 77)


def test_paragraph_break_ending_on_the_last_budget_character_is_the_cut() -> None:
    text = "a" * 99 + "\n\n" + "word " * 40
    assert cut(text, 100) == ("a" * 99, 99)


@pytest.mark.parametrize(("budget", "text", "consumed"), [(2, "a\n\nbbbbbbbbbbbbbbbbbbbb", 1)])
def test_paragraph_break_at_index_one_counts_with_a_tiny_budget(
    budget: int, text: str, consumed: int
) -> None:
    assert cut(text, budget) == ("a", consumed)


def test_paragraph_break_at_the_very_start_is_no_cut_point() -> None:
    # budget 1: the break at 0 is "in the latter half" (0 >= 1 // 2), but cutting there would
    # consume nothing; the next whitespace (index 1) is used instead
    assert cut("\n\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 1) == ("", 1)


# --- sentence end past 30 % ----------------------------------------------------------------


def sentence_ending_at(end: int) -> str:
    return "a" * (end - 1) + "." + WORDS + " " + "z" * 200


def test_sentence_end_exactly_at_30_percent_is_ignored() -> None:
    _, consumed = cut(sentence_ending_at(30), 100)
    assert consumed > 90  # the word boundary near the budget


def test_sentence_end_just_past_30_percent_is_the_cut() -> None:
    assert cut(sentence_ending_at(31), 100) == ("a" * 30 + ".", 31)


@pytest.mark.parametrize("end", [3, 20, 27])
def test_sentence_end_well_before_30_percent_is_ignored(end: int) -> None:
    assert cut(sentence_ending_at(end), 100)[1] > 90


def test_sentence_end_ending_exactly_at_the_budget_is_the_cut() -> None:
    # an earlier sentence end (past 30 %) must lose to the one ending on the budget's last char
    text = "a" * 40 + ". " + "b" * 57 + ". " + "z" * 100
    assert cut(text, 100) == ("a" * 40 + ". " + "b" * 57 + ".", 100)


def test_the_last_of_several_sentence_ends_is_the_cut() -> None:
    text = "First one. Second one here. Third one, longer still. Fourth" + " z" * 80
    shown, consumed = cut(text, 70)
    assert (shown, consumed) == ("First one. Second one here. Third one, longer still.", 52)


@pytest.mark.parametrize("closer", ['"', "'", "”", "’", ")", "]", '")'])
def test_closing_quotes_and_brackets_stay_with_their_sentence(closer: str) -> None:
    text = "a" * 40 + "." + closer + " " + "b" * 100
    assert cut(text, 100)[0] == "a" * 40 + "." + closer


@pytest.mark.parametrize("end", ["!", "?", "…", "。", "！", "？"])
def test_each_sentence_end_mark_counts(end: str) -> None:
    text = "a" * 40 + end + " " + "b" * 50 + " c" + "d" * 100
    assert cut(text, 100)[0] == "a" * 40 + end


def test_sentence_end_beats_a_later_word_boundary() -> None:
    text = "a" * 40 + ". " + "word " * 40
    assert cut(text, 100) == ("a" * 40 + ".", 41)


# --- word boundary -------------------------------------------------------------------------


def test_a_word_ending_exactly_at_the_budget_is_kept() -> None:
    text = "a" * 9 + " " + "b" * 90 + " " + "c" * 100
    assert cut(text, 100) == ("a" * 9 + " " + "b" * 90, 100)


def test_word_boundary_at_index_one_is_used() -> None:
    assert cut("a " + "b" * 200, 50) == ("a", 1)


def test_whitespace_at_index_zero_is_no_cut_point() -> None:
    # the only whitespace is the first character: a cut there would show nothing; hard cut
    assert cut(" " + "b" * 200, 50) == (" " + "b" * 49, 50)


@pytest.mark.parametrize("space", ["\t", "\n", "\u00a0", "\u3000"])
def test_any_whitespace_is_a_word_boundary(space: str) -> None:
    assert cut("a" * 30 + space + "b" * 200, 50) == ("a" * 30, 30)


# --- what is shown -------------------------------------------------------------------------


def test_trailing_whitespace_before_the_cut_is_dropped_leading_is_kept() -> None:
    text = "  indented" + "x" * 50 + "   \n\n" + "word " * 40
    assert cut(text, 100) == ("  indented" + "x" * 50, 63)
