"""The post-class evidence for taxonomy classes is looked for once per class string, not
once per token (the attack b30s: one attribute of 32,000 `tag-menu` tokens took 445 s, as
each furniture-named `tag-`/`category-` token searched the whole string again). Counted,
not timed: the search is wrapped in a counter around the real pattern.

Shape: a hostile class attribute repeating a taxonomy-prefixed furniture token, with and
without a post class (`post`) at its end; a real WordPress post with many tags writes one
`tag-<slug>` per tag on its article (post_class), so long taxonomy strings are the rule's
own input.
"""

from __future__ import annotations

import re

import pytest

from webdistill.adapters.extract.html import furniture
from webdistill.adapters.extract.html.reader import extract_html


class _CountingPattern:
    """The real compiled pattern, counting its searches."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.searches = 0

    def search(self, text: str) -> re.Match[str] | None:
        self.searches += 1
        return self.pattern.search(text)


@pytest.mark.parametrize(
    ("names", "verdict"),
    [("tag-menu " * 6000, furniture.SOFT), ("tag-share " * 6000 + "post", 0)],
)
def test_one_search_per_class_string(
    monkeypatch: pytest.MonkeyPatch, names: str, verdict: int
) -> None:
    counting = _CountingPattern(furniture._POST_CLASS)
    monkeypatch.setattr(furniture, "_POST_CLASS", counting)
    furniture.furniture_verdict.cache_clear()
    assert furniture.furniture_verdict(names) == verdict
    assert counting.searches == 1
    furniture.furniture_verdict.cache_clear()


def test_a_long_taxonomy_attribute_is_read() -> None:
    prose = "Real article text about the harbour repairs and the board's vote. " * 40
    html = f"<html><body><main><p class='{'tag-menu ' * 6000}'>{prose}</p></main></body></html>"
    assert "harbour repairs" in extract_html(html).text
