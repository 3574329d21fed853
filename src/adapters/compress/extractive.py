"""The extractive compressor: offline, deterministic, query-focused, no model and no network.

The Markdown is cut into units (`blocks.split_units`: headings, code blocks, tables,
paragraphs, and the list items or sentences of paragraphs longer than 400 chars or half the
budget). Each unit is scored against the query (the fetch request's focus) with Okapi BM25,
normalised to [0, 1], plus a small lead-position prior and a bonus when its section heading
mentions the query; with no query only position counts, which gives a lead-biased summary.
Units are taken best-first while the exact rendered length stays within the budget (a unit
that does not fit is skipped, smaller ones may still fit); each kept unit pulls in its
section heading when that fits too. A heading is ranked on its own score as well (a heading
that matches the focus best says where the answer is) and is then kept together with the
first unit of its section, never alone. The kept units are rendered in their original order.
Code blocks and tables are never cut; every gap is marked with `[…]` (between blocks on its
own line, inside a paragraph inline).

Input no longer than the budget is returned unchanged, so compressing twice changes nothing.
"""

from __future__ import annotations

import asyncio
import bisect
import itertools

from returns.result import Result, Success

from webdistill.adapters.compress.blocks import SPLIT_BLOCK_CHARS, Unit, split_units
from webdistill.adapters.compress.bm25 import bm25_scores, query_terms, tokens
from webdistill.kernel.errors import WebError

GAP = "[…]"
_BLOCK_GAP = f"\n\n{GAP}\n\n"
_INLINE_GAP = f" {GAP} "
POSITION_WEIGHT = 0.15
#: Longer texts are compressed in a worker thread, off the event loop.
THREAD_ABOVE_CHARS = 50_000
SECTION_WEIGHT = 0.25


def _scores(units: list[Unit], query: str) -> list[float]:
    terms = query_terms(query)
    relevance = bm25_scores([tokens(unit.text) for unit in units], terms)
    best = max(relevance, default=0.0)
    count = len(units)
    scores = []
    for index, unit in enumerate(units):
        score = relevance[index] / best if best > 0 else 0.0
        score += POSITION_WEIGHT * (1.0 - index / count)
        if terms:
            section_terms = set(tokens(unit.section))
            score += SECTION_WEIGHT * sum(t in section_terms for t in terms) / len(terms)
        scores.append(score)
    return scores


class _Layout:
    """The kept units and the exact length of their rendering, updated one unit at a time."""

    def __init__(self, markdown: str, units: list[Unit]) -> None:
        self.markdown = markdown
        self.units = units
        self.kept: list[int] = []
        self.length = 0

    def separator(self, before: int, after: int) -> str:
        first, second = self.units[before], self.units[after]
        same_block = first.block == second.block
        if after == before + 1:
            return self.markdown[first.end : second.start] if same_block else "\n\n"
        return _INLINE_GAP if same_block else _BLOCK_GAP

    def leading(self, first: int) -> str:
        if first == 0:
            return ""
        return f"{GAP} " if self.units[first - 1].block == self.units[first].block else f"{GAP}\n\n"

    def trailing(self, last: int) -> str:
        if last == len(self.units) - 1:
            return ""
        return f" {GAP}" if self.units[last + 1].block == self.units[last].block else f"\n\n{GAP}"

    def _edges(self, before: int | None, after: int | None) -> int:
        if before is None and after is None:
            return 0
        if before is None:
            assert after is not None
            return len(self.leading(after))
        if after is None:
            return len(self.trailing(before))
        return len(self.separator(before, after))

    def growth(self, index: int) -> int:
        """How much longer the rendering gets if unit `index` is kept as well."""
        position = bisect.bisect_left(self.kept, index)
        before = self.kept[position - 1] if position > 0 else None
        after = self.kept[position] if position < len(self.kept) else None
        return (
            len(self.units[index].text)
            + self._edges(before, index)
            + self._edges(index, after)
            - self._edges(before, after)
        )

    def keep(self, index: int, budget: int) -> bool:
        """Keep unit `index` if it is new and the rendering stays within `budget`."""
        position = bisect.bisect_left(self.kept, index)
        if position < len(self.kept) and self.kept[position] == index:
            return False
        growth = self.growth(index)
        if self.length + growth > budget:
            return False
        self.kept.insert(position, index)
        self.length += growth
        return True

    def render(self) -> str:
        if not self.kept:
            return ""
        parts = [self.leading(self.kept[0])]
        for previous, current in itertools.pairwise(self.kept):
            parts.append(self.units[previous].text)
            parts.append(self.separator(previous, current))
        parts.append(self.units[self.kept[-1]].text)
        parts.append(self.trailing(self.kept[-1]))
        return "".join(parts)


def _section_headings(units: list[Unit]) -> list[int | None]:
    """For each unit, the index of the heading unit of its section (None before any)."""
    heading: int | None = None
    result: list[int | None] = []
    for index, unit in enumerate(units):
        if unit.kind == "heading":
            heading = index
        result.append(heading)
    return result


def _keep_heading(layout: _Layout, index: int, headings: list[int | None], budget: int) -> None:
    """Keep heading `index` on its own score, with the first unit of its section, or neither.

    A heading that matches the focus best says where the answer is; kept alone it would be
    an empty title, so it comes with the start of its section when both fit.
    """
    units = layout.units
    first = index + 1
    if first >= len(units) or headings[first] != index or units[first].kind == "heading":
        return  # an empty section: nothing to show under the heading
    if index in layout.kept:
        return
    kept, length = list(layout.kept), layout.length
    if first not in layout.kept and not layout.keep(first, budget):
        return
    if not layout.keep(index, budget):
        layout.kept, layout.length = kept, length  # not the content without its heading


def compress_extractive(markdown: str, query: str, budget_chars: int) -> str:
    """Keep the units of `markdown` most relevant to `query`, in order, within `budget_chars`.

    Pure and deterministic. The result is never longer than `budget_chars`, consists only of
    pieces of the input and `[…]` gap markers, and is `markdown` itself when that fits.
    """
    if len(markdown) <= budget_chars:
        return markdown
    if budget_chars <= 0:
        return ""
    # a small budget needs small units: cut paragraphs into sentences sooner
    units = split_units(markdown, min(SPLIT_BLOCK_CHARS, budget_chars // 2))
    layout = _Layout(markdown, units)
    headings = _section_headings(units)
    scores = _scores(units, query)
    for index in sorted(range(len(units)), key=lambda i: (-scores[i], i)):
        if units[index].kind == "heading":
            _keep_heading(layout, index, headings, budget_chars)
        elif layout.keep(index, budget_chars):
            heading = headings[index]
            if heading is not None:
                layout.keep(heading, budget_chars)
    rendered = layout.render()
    if not rendered and len(GAP) <= budget_chars:
        return GAP  # nothing fits: say so rather than answer with nothing
    return rendered


class ExtractiveCompressor:
    """A `Compressor`: `compress_extractive` to the request's window (`compress_to`).

    Called plainly (`await compressor(text, instruction)`, outside the kernel) the budget is
    `target_chars`, or with `ratio` set `min(target_chars, ratio * len(text))`.
    """

    label = "extractive"

    def __init__(self, target_chars: int = 20000, ratio: float | None = None) -> None:
        if target_chars <= 0:
            raise ValueError("target_chars must be positive")
        if ratio is not None and not 0.0 < ratio <= 1.0:
            raise ValueError("ratio must be in (0, 1]")
        self.target_chars = target_chars
        self.ratio = ratio

    def budget(self, length: int) -> int:
        """The character budget for a text of `length` characters."""
        if self.ratio is None:
            return self.target_chars
        return min(self.target_chars, int(self.ratio * length))

    async def __call__(self, text: str, instruction: str) -> Result[str, WebError]:
        return await self.compress_to(text, instruction, self.budget(len(text)))

    async def compress_to(
        self, text: str, instruction: str, max_chars: int
    ) -> Result[str, WebError]:
        """Compress `text` to at most `max_chars` characters (the request's window)."""
        # No network here: anything raised is a bug, left to reach the kernel, which logs its
        # traceback and answers it as an internal error (not retryable).
        if len(text) <= THREAD_ABOVE_CHARS:
            return Success(compress_extractive(text, instruction, max_chars))
        compressed = await asyncio.to_thread(compress_extractive, text, instruction, max_chars)
        return Success(compressed)
