"""Cut a large Markdown page into chunks for the LLM compressor, at natural boundaries.

Chunks are exact, contiguous slices of the text (together they cover every non-blank unit).
A chunk ends at a section heading when it is at least half full, otherwise at the
paragraph/sentence boundary that keeps it within `chunk_chars`; code blocks and tables are not
split unless one alone is larger than a chunk, in which case it is cut at line ends (or hard,
for a single giant line).
"""

from __future__ import annotations

from webdistill.adapters.compress.blocks import split_units


def _cut_oversized(text: str, start: int, end: int, limit: int) -> list[tuple[int, int]]:
    """Spans of at most `limit` chars covering text[start:end], cut after a newline if any."""
    spans: list[tuple[int, int]] = []
    while end - start > limit:
        newline = text.rfind("\n", start, start + limit)
        cut = newline + 1 if newline > start else start + limit
        spans.append((start, cut))
        start = cut
    spans.append((start, end))
    return spans


def split_chunks(text: str, chunk_chars: int) -> list[str]:
    """The chunks of `text`, each at most `chunk_chars` long (a single chunk if it fits)."""
    if chunk_chars <= 0:
        raise ValueError("chunk_chars must be positive")
    if len(text) <= chunk_chars:
        return [text] if text.strip() else []
    spans: list[tuple[int, int]] = []
    current: tuple[int, int] | None = None
    for unit in split_units(text):
        if unit.end - unit.start > chunk_chars:
            if current is not None:
                spans.append(current)
                current = None
            spans.extend(_cut_oversized(text, unit.start, unit.end, chunk_chars))
            continue
        if current is None:
            current = (unit.start, unit.end)
            continue
        size = current[1] - current[0]
        at_section = unit.kind == "heading" and size >= chunk_chars // 2
        if at_section or unit.end - current[0] > chunk_chars:
            spans.append(current)
            current = (unit.start, unit.end)
        else:
            current = (current[0], unit.end)
    if current is not None:
        spans.append(current)
    return [text[start:end] for start, end in spans]
