"""Inline Markdown around a span of a block's parts: emphasis and code, closed safely.

A span is the parts appended since its opening marker. Closing it moves blanks outside
the markers ("**bold **" is not emphasis in CommonMark), drops markers around nothing,
and fences inline code with more backticks than the code itself contains.
"""

from __future__ import annotations

import re

EMPHASIS = {"strong": "**", "b": "**", "em": "*", "i": "*"}
_TICKS = re.compile(r"`+")


def close_span(parts: list[str], index: int, marker: str) -> None:
    """Wrap `parts[index + 1:]` in `marker` (emphasis); `parts[index]` is the placeholder."""
    inner = "".join(parts[index + 1 :])
    core = inner.strip()
    if not core or (core.startswith(marker) and core.endswith(marker)):
        parts[index] = ""  # nothing to stress, or already stressed (<b><strong>x</strong></b>)
        return
    lead = " " if inner[:1].isspace() else ""
    trail = " " if inner[-1:].isspace() else ""
    parts[index:] = [f"{lead}{marker}{core}{marker}{trail}"]


def close_code(parts: list[str], index: int) -> None:
    """Fence `parts[index + 1:]` as inline code, with enough backticks for its content."""
    inner = " ".join("".join(parts[index + 1 :]).split())
    if not inner:
        parts[index:] = []
        return
    longest = max((len(m) for m in _TICKS.findall(inner)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if inner.startswith("`") or inner.endswith("`") else ""
    parts[index:] = [f"{fence}{pad}{inner}{pad}{fence}"]
