"""Split Markdown into the units the extractive compressor ranks and keeps.

A *block* is what a blank line delimits, except that a fenced code block (``` or ~~~) is one
block however many blank lines it holds, a table (consecutive ``|`` lines) is one block, and
a heading line (``#``) is always a block of its own. Long prose blocks are cut further into
*units*: list items, else sentences, so that a budget smaller than one paragraph can still
keep the sentence that matters. Code blocks, tables and headings are never cut.

Every unit carries its exact span in the input (`text == markdown[start:end]`), the block it
belongs to, and the heading of the section it is in.
"""

from __future__ import annotations

import itertools
import re

import attrs

#: Prose blocks longer than this (by default) are cut into list items or sentences.
SPLIT_BLOCK_CHARS = 400

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_HEADING = re.compile(r"^ {0,3}#{1,6}(\s|$)")
_TABLE_ROW = re.compile(r"^\s*\|")
_LIST_ITEM = re.compile(r"^\s{0,3}(?:[-*+]|\d{1,9}[.)])\s")
# A sentence ends at . ! ? (optionally followed by closing quotes/brackets) before whitespace.
_SENTENCE_END = re.compile(r"[.!?…][\"'”’)\]]*(?=\s)")


@attrs.frozen
class Unit:
    """One rankable piece of the document: `text == markdown[start:end]`."""

    text: str
    start: int
    end: int
    block: int  # index of the block it belongs to
    kind: str  # "heading" | "code" | "table" | "prose"
    section: str  # text of the nearest heading above (or this heading itself), "" if none


@attrs.frozen
class _Block:
    start: int
    end: int
    kind: str


def _lines_with_offsets(markdown: str) -> list[tuple[int, str]]:
    offsets: list[tuple[int, str]] = []
    position = 0
    for line in markdown.splitlines(keepends=True):
        offsets.append((position, line))
        position += len(line)
    return offsets


def _close_fence(lines: list[tuple[int, str]], index: int, fence: str) -> int:
    """Index of the line closing the fence opened at `index` (last line if unclosed)."""
    for j in range(index + 1, len(lines)):
        stripped = lines[j][1].strip()
        if stripped.startswith(fence[0] * len(fence)) and set(stripped) <= {fence[0]}:
            return j
    return len(lines) - 1


def _blocks(markdown: str) -> list[_Block]:
    lines = _lines_with_offsets(markdown)
    blocks: list[_Block] = []
    pending: list[tuple[int, str]] = []  # lines of the current prose/table block

    def flush() -> None:
        if pending:
            start = pending[0][0]
            end = pending[-1][0] + len(pending[-1][1].rstrip("\r\n"))
            is_table = all(_TABLE_ROW.match(text) for _, text in pending)
            blocks.append(_Block(start, end, "table" if is_table else "prose"))
            pending.clear()

    i = 0
    while i < len(lines):
        offset, line = lines[i]
        fence = _FENCE.match(line)
        if fence:
            flush()
            last = _close_fence(lines, i, fence.group(1))
            end = lines[last][0] + len(lines[last][1].rstrip("\r\n"))
            blocks.append(_Block(offset, end, "code"))
            i = last + 1
            continue
        if not line.strip():
            flush()
        elif _HEADING.match(line):
            flush()
            blocks.append(_Block(offset, offset + len(line.rstrip("\r\n")), "heading"))
        else:
            if pending and bool(_TABLE_ROW.match(line)) != bool(_TABLE_ROW.match(pending[-1][1])):
                flush()  # a table starts or ends without a blank line around it
            pending.append((offset, line))
        i += 1
    flush()
    return [
        _trimmed(markdown, block) for block in blocks if markdown[block.start : block.end].strip()
    ]


def _trimmed(markdown: str, block: _Block) -> _Block:
    """Drop leading/trailing whitespace from a block's span (code keeps its indentation)."""
    text = markdown[block.start : block.end]
    if block.kind == "code":
        lead = len(text) - len(text.lstrip("\r\n"))
        return _Block(block.start + lead, block.end - (len(text) - len(text.rstrip())), "code")
    lead = len(text) - len(text.lstrip())
    trail = len(text) - len(text.rstrip())
    return _Block(block.start + lead, block.end - trail, block.kind)


def _pieces(text: str) -> list[tuple[int, int]]:
    """Cut a long prose block into list items (one per item) or sentences; spans in `text`."""
    lines = text.splitlines(keepends=True)
    if len(lines) > 1 and _LIST_ITEM.match(lines[0]):
        cuts = [0]
        position = 0
        for line in lines:
            if position and _LIST_ITEM.match(line):
                cuts.append(position)
            position += len(line)
    else:
        cuts = [0] + [m.end() for m in _SENTENCE_END.finditer(text)]
    cuts.append(len(text))
    spans: list[tuple[int, int]] = []
    for begin, finish in itertools.pairwise(cuts):
        piece = text[begin:finish]
        if not piece.strip():
            continue
        lead = len(piece) - len(piece.lstrip())
        trail = len(piece) - len(piece.rstrip())
        spans.append((begin + lead, finish - trail))
    return spans


def split_units(markdown: str, split_chars: int = SPLIT_BLOCK_CHARS) -> list[Unit]:
    """The document's units in order; the spans never overlap and cover every non-blank char.

    Prose blocks longer than `split_chars` are cut into list items or sentences.
    """
    units: list[Unit] = []
    section = ""
    for number, block in enumerate(_blocks(markdown)):
        text = markdown[block.start : block.end]
        if block.kind == "heading":
            section = text.strip().lstrip("#").strip()
        if block.kind != "prose" or len(text) <= split_chars:
            units.append(Unit(text, block.start, block.end, number, block.kind, section))
            continue
        for begin, finish in _pieces(text):
            start, end = block.start + begin, block.start + finish
            units.append(Unit(markdown[start:end], start, end, number, "prose", section))
    return units
