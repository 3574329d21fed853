"""Truncation at natural boundaries, and paging windows over long content.

A cut prefers, in order: a paragraph break in the latter half of the budget, a sentence end
past 30 % of it, a word boundary, and only then a hard cut. The marker counts inside the
budget, so the output never exceeds `max_chars`; the output is always a prefix of the input,
plus the marker when something was cut.
"""

from __future__ import annotations

import re

import attrs

TRUNCATION_MARKER = "\n\n[… truncated]"

_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")
_SENTENCE_END = re.compile(r"[.!?…。！？][\"'”’)\]]*(?=\s)")
_WHITESPACE = re.compile(r"\s")


@attrs.frozen
class Truncated:
    """`text` is what to show; `consumed` is how many input characters it covers."""

    text: str
    consumed: int
    truncated: bool


@attrs.frozen
class Window:
    """One page of a long text: `text` starts at `start`; `next_start` is None at the end."""

    text: str
    start: int
    total: int
    next_start: int | None
    truncated: bool


def _cut_point(text: str, budget: int) -> int:
    """Where to cut `text` (longer than `budget`) so that text[:cut] fits in `budget`."""
    head = text[: budget + 1]  # the character at `budget` tells whether a word ends there
    breaks = [m.start() for m in _PARAGRAPH_BREAK.finditer(head) if m.start() <= budget]
    if breaks and breaks[-1] >= budget // 2 and breaks[-1] > 0:
        return breaks[-1]
    sentences = [m.end() for m in _SENTENCE_END.finditer(head) if m.end() <= budget]
    if sentences and sentences[-1] > budget * 3 // 10:
        return sentences[-1]
    spaces = [m.start() for m in _WHITESPACE.finditer(head, 1)]
    if spaces:
        return spaces[-1]
    return budget


def truncate(text: str, max_chars: int, marker: str = TRUNCATION_MARKER) -> Truncated:
    """Fit `text` into `max_chars` characters, marker included, cutting at a natural boundary."""
    max_chars = max(0, max_chars)
    if len(text) <= max_chars:
        return Truncated(text=text, consumed=len(text), truncated=False)
    if max_chars <= len(marker):
        return Truncated(text=text[:max_chars], consumed=max_chars, truncated=True)
    cut = _cut_point(text, max_chars - len(marker))
    return Truncated(text=text[:cut].rstrip() + marker, consumed=cut, truncated=True)


def window(text: str, start: int, max_chars: int, marker: str = TRUNCATION_MARKER) -> Window:
    """The window of `text` beginning at `start` (clamped into the text), at most `max_chars`."""
    if start <= 0 and len(text) <= max_chars:  # the whole text fits: what follows answers it
        return Window(text, 0, len(text), None, truncated=False)
    start = min(max(0, start), len(text))
    piece = truncate(text[start:], max_chars, marker)
    if not piece.truncated:
        return Window(piece.text, start, len(text), None, truncated=False)
    resume = start + piece.consumed
    while resume < len(text) and text[resume].isspace():
        resume += 1
    next_start = resume if resume < len(text) else None
    return Window(piece.text, start, len(text), next_start, truncated=True)


def join_sentences(*parts: str | None) -> str:
    """Notices or messages written one after another: the non-empty ones, space-separated."""
    return " ".join(part for part in parts if part)
