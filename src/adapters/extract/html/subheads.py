"""Subheadings of the article that sit outside its text-dense container.

Templates that wrap each body element on its own (a `<div>` per paragraph group, another per
subheading, ad slots in between) leave a subheading outside the container that holds the
paragraphs; `classify._drop_outside_dense` would drop it with the sidebars. A kept heading
whose next block that is not furniture (an ad slot, a "continue reading" label) is kept text
of that container introduces that text: it is the article's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

#: A subheading is a short line, mostly unlinked.
SUBHEADING_MAX_CHARS = 200
SUBHEADING_MAX_LINKS = 0.5


class Line(Protocol):
    kind: str
    class_type: str
    boilerplate: bool

    @property
    def text(self) -> str: ...

    def links_density(self) -> float: ...


def subheadings_of(lines: Sequence[Line], inside: Sequence[bool]) -> set[int]:
    """Indexes of kept headings outside the container (`inside[i]` false) whose next
    non-furniture line is kept text inside it."""
    out: set[int] = set()
    following = [len(lines)] * len(lines)  # the next non-furniture line after each
    upcoming = len(lines)
    for index in range(len(lines) - 1, -1, -1):
        following[index] = upcoming
        if not lines[index].boilerplate:
            upcoming = index
    for index, line in enumerate(lines):
        if (
            inside[index]
            or line.kind != "heading"
            or line.class_type != "good"
            or len(line.text) > SUBHEADING_MAX_CHARS
            or line.links_density() > SUBHEADING_MAX_LINKS
        ):
            continue
        cursor = following[index]
        if cursor < len(lines) and inside[cursor] and lines[cursor].class_type == "good":
            out.add(index)
    return out
