"""Link rails after the article: "Latest", "Trending", "More from this section".

Inside the page's main container, after the article's last paragraph of running text,
news templates list other stories as bare linked titles, each perhaps followed by a date
("Story title" / "1月13日", "Story title" / "3 hrs ago"), under a short heading. The
teaser-card rule (`classify._teaser_runs`) needs blurbs; these rails have none. A run of
at least RAIL_MIN_LINKS kept lines that are links through and through, with only short
unlinked lines between them, after the last paragraph of running text, is such a rail:
it goes with the short heading just before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

#: A kept paragraph this long is running text; rails come after the last one.
BODY_MIN_CHARS = 150
RAIL_MIN_LINKS = 3
#: A line linked through and through (a story title).
LINKED = 0.9
#: Short unlinked lines between titles (a date, "3 hrs ago") are part of the rail.
GAP_MAX_CHARS = 40
HEADING_MAX_CHARS = 60


#: Only on articles: this many paragraphs of running text, this much text in them.
ARTICLE_MIN_PARAGRAPHS = 3
ARTICLE_MIN_CHARS = 1000


class Line(Protocol):
    kind: str
    class_type: str

    @property
    def text(self) -> str: ...

    def links_density(self) -> float: ...


def _is_running_text(line: Line) -> bool:
    return line.kind == "p" and len(line.text) >= BODY_MIN_CHARS and line.links_density() < 0.5


def drop_trailing_rails(lines: Sequence[Line]) -> None:
    """Rails of linked titles after the last kept paragraph of running text go."""
    kept = [line for line in lines if line.class_type == "good"]
    body = [i for i, line in enumerate(kept) if _is_running_text(line)]
    if len(body) < ARTICLE_MIN_PARAGRAPHS:
        return  # not an article: a listing's or an index's links are its content
    last = body[-1]
    if sum(len(kept[i].text) for i in body) < ARTICLE_MIN_CHARS:
        return
    index = last + 1
    while index < len(kept):
        run: list[Line] = []
        links = 0
        cursor = index
        while cursor < len(kept):
            line = kept[cursor]
            if line.links_density() >= LINKED:
                links += 1
            elif len(line.text) > GAP_MAX_CHARS or line.kind == "heading":
                break
            run.append(line)
            cursor += 1
        if links >= RAIL_MIN_LINKS:
            before = kept[index - 1] if index - 1 > last else None
            for line in run:
                line.class_type = "bad"
            if (
                before is not None
                and len(before.text) <= HEADING_MAX_CHARS
                and before.links_density() < 0.5
            ):
                before.class_type = "bad"
        index = max(cursor, index + 1)
