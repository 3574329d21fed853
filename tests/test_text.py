"""Truncation prefers paragraph, then sentence, then word boundaries; paging windows."""

from __future__ import annotations

from webdistill.kernel.text import TRUNCATION_MARKER, truncate, window


def test_text_within_budget_is_untouched() -> None:
    result = truncate("short text", 100)
    assert (result.text, result.truncated, result.consumed) == ("short text", False, 10)


def test_cut_at_paragraph_break_in_latter_half() -> None:
    text = "a" * 60 + "\n\n" + "b" * 200
    result = truncate(text, 100)
    assert result.text == "a" * 60 + TRUNCATION_MARKER
    assert result.consumed == 60


def test_paragraph_break_in_first_half_loses_to_sentence_end() -> None:
    text = "Intro.\n\n" + "One sentence here. " * 20
    result = truncate(text, 120)
    body = result.text.removesuffix(TRUNCATION_MARKER)
    assert body.endswith("here.")
    assert len(body) > 40


def test_falls_back_to_word_boundary() -> None:
    text = "word " * 100
    result = truncate(text, 50)
    assert len(result.text) <= 50
    body = result.text.removesuffix(TRUNCATION_MARKER)
    assert body.endswith("word")


def test_hard_cut_when_there_is_no_space() -> None:
    result = truncate("x" * 500, 100)
    assert result.text == "x" * (100 - len(TRUNCATION_MARKER)) + TRUNCATION_MARKER
    assert len(result.text) == 100


def test_budget_smaller_than_marker_returns_plain_prefix() -> None:
    result = truncate("abcdefghijklmnopqrstuvwxyz", 5)
    assert result.text == "abcde"
    assert result.truncated


def test_marker_counts_inside_the_budget() -> None:
    for budget in range(20, 120):
        assert len(truncate("lorem ipsum dolor " * 40, budget).text) <= budget


def test_window_pages_through_the_whole_text_without_loss() -> None:
    text = " ".join(f"w{i}" for i in range(400))
    start: int | None = 0
    seen: list[str] = []
    while start is not None:
        piece = window(text, start, 100)
        seen.append(piece.text.removesuffix(TRUNCATION_MARKER))
        start = piece.next_start
    assert " ".join(seen).split() == text.split()


def test_window_reports_total_and_last_page() -> None:
    piece = window("abc def", 4, 100)
    assert (piece.text, piece.start, piece.total, piece.next_start) == ("def", 4, 7, None)
