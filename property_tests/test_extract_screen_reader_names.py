"""`screen_reader_class` says what its pattern says, with or without the word prefilter.

Class strings are built from the pattern's class names in any case, their near misses, blanks
of all kinds and free text (ASCII strings take the prefilter, the others go to the pattern).
"""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from webdistill.adapters.extract.html.quiet import _SCREEN_READER_ONLY, screen_reader_class

_PARTS = st.sampled_from(
    ["sr-only", "SR-ONLY", "sr-text", "visually-hidden", "VisuallyHidden", "hidden-visually",
     "u-hidden-visually", "screen-reader-text", "screenreader", "Screen-Reader-Only",
     "element-invisible", "a11y-hidden", "assistive-text", "sr", "-", "only", "hidden",
     "\u017fr-only", "a11y", "x", "\u0130"]
)  # fmt: skip
_BLANKS = st.sampled_from([" ", "\t", "\n", "\xa0", "\u3000", "\x1c"])
_NAMES = st.lists(st.one_of(_PARTS, _BLANKS, st.text(max_size=5)), max_size=8).map("".join)


@given(_NAMES)
@example("btn sr-only")
@example("Screen-Reader-Text")
@example("\u017fr-only")  # (a long s matches `s` in the pattern: no prefilter for it)
@example("visuallyhidden-x")
def test_prefilter_changes_no_answer(names: str) -> None:
    assert screen_reader_class(names) == (_SCREEN_READER_ONLY.search(names) is not None)
