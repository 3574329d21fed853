"""Paging windows: where the next page starts, the last page, and what each window reports."""

from __future__ import annotations

import pytest

from webdistill.kernel.text import TRUNCATION_MARKER, window

M = len(TRUNCATION_MARKER)


def test_a_window_that_fits_is_the_last_page_and_not_truncated() -> None:
    piece = window("abc def", 0, 100)
    assert (piece.text, piece.start, piece.total, piece.next_start, piece.truncated) == (
        "abc def",
        0,
        7,
        None,
        False,
    )


def test_a_truncated_window_reports_its_start_total_and_next_page() -> None:
    text = "intro " + "word " * 60
    piece = window(text, 6, 40)
    assert piece.truncated
    assert (piece.start, piece.total) == (6, len(text))
    assert piece.next_start is not None
    assert text[piece.next_start - 1] == " "
    assert not text[piece.next_start].isspace()


def test_the_next_page_skips_the_whitespace_after_the_cut() -> None:
    text = "a" * 40 + "\n\n  \t" + "b" * 100
    piece = window(text, 0, 40 + M)
    assert piece.text == "a" * 40 + TRUNCATION_MARKER
    assert piece.next_start == 45


def test_a_cut_followed_only_by_whitespace_is_the_last_page() -> None:
    text = "a" * 40 + " " + "b" * 30 + " " * 30
    piece = window(text, 0, 71 + M)
    assert piece.truncated
    assert piece.text == "a" * 40 + " " + "b" * 30 + TRUNCATION_MARKER
    assert piece.next_start is None


def test_a_window_uses_the_callers_marker() -> None:
    piece = window("word " * 40, 5, 30, marker=" [more]")
    assert piece.text.endswith(" [more]")
    assert len(piece.text) <= 30


@pytest.mark.parametrize(("start", "clamped"), [(-5, 0), (0, 0), (7, 7), (8, 7), (10**6, 7)])
def test_the_start_is_clamped_into_the_text(start: int, clamped: int) -> None:
    piece = window("abc def", start, 100)
    assert piece.start == clamped
    assert piece.text == "abc def"[clamped:]
    assert piece.next_start is None
