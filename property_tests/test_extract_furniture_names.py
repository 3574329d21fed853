"""`furniture_verdict`, decided token by token, says what the whole-string patterns say.

The verdict for a class/id string is HARD when `ALWAYS_BOILERPLATE_NAME` finds a match in
it, else SOFT when `BOILERPLATE_NAME` does, else 0; the reader decides it per blank-free
token (cached per token). Strings are built from furniture words with the joins and
modifiers the patterns treat specially, blanks of all kinds (Unicode ones included) and
free text.
"""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from webdistill.adapters.extract.html.furniture import (
    ALWAYS_BOILERPLATE_NAME,
    BOILERPLATE_NAME,
    HARD,
    SOFT,
    furniture_verdict,
)

_PARTS = st.sampled_from(
    ["comment", "Comments", "share", "nav", "NAV", "menu", "footer", "ads", "ad", "related",
     "has-", "no-", "format-", "is_", "post-format-", "-", "_", "x", "main", "article",
     "sidebar", "grid", "subscription", "tags", "é", "ß", "\u0130", "\u212a"]
)  # fmt: skip
_BLANKS = st.sampled_from([" ", "  ", "\t", "\n", "\xa0", "\u2003", "\u3000", "\x1c", "\x85"])
_TOKENS = st.lists(_PARTS, min_size=1, max_size=4).map("".join)
_NAMES = st.lists(st.one_of(_TOKENS, _BLANKS, st.text(max_size=6)), max_size=8).map("".join)


def _by_patterns(names: str) -> int:
    if ALWAYS_BOILERPLATE_NAME.search(names):
        return HARD
    return SOFT if BOILERPLATE_NAME.search(names) else 0


@given(_NAMES)
@example("has-sidebar nav-menu")  # a modifier, then SOFT furniture
@example("no-comments")
@example("post comments-area")
@example("content\xa0share")  # a non-breaking space separates tokens too
@example("menu\n")
@example("")
def test_verdict_is_the_patterns(names: str) -> None:
    assert furniture_verdict(names) == _by_patterns(names)
