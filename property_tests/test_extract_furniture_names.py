"""`furniture_verdict`, decided token by token, says what the whole-string patterns say.

The verdict for a class/id string is HARD when `ALWAYS_BOILERPLATE_NAME` finds a match in
it, else SOFT when `BOILERPLATE_NAME` does, else 0; the reader decides it per blank-free
token (cached per token). Strings are built from furniture words with the joins and
modifiers the patterns treat specially, blanks of all kinds (Unicode ones included) and
free text. The ASCII tokens' verdict by string operations (`_ascii_token_verdict`) is the
token patterns' verdict.
"""

from __future__ import annotations

import re

from hypothesis import example, given
from hypothesis import strategies as st

from webdistill.adapters.extract.html.furniture import (
    _ALWAYS_FURNITURE,
    _ALWAYS_TOKEN,
    _MAYBE_FURNITURE,
    _MAYBE_TOKEN,
    _MODIFIER_WORDS,
    ALWAYS_BOILERPLATE_NAME,
    BOILERPLATE_NAME,
    HARD,
    SOFT,
    _ascii_token_verdict,
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


_ASCII_PARTS = st.sampled_from(
    ["comment", "Comments", "commentlist", "cookie", "COOKIES", "ad", "Ads", "advert",
     "advertisement", "breadcrumbs", "share", "nav", "navbar", "menu", "footer", "tags",
     "subscription", "has", "with", "without", "page-template", "post-format", "format", "is",
     "-", "_", "--", "x", "s", "main", "article", "sidebar", "gallery", "pager", "colophon"]
)  # fmt: skip
_ASCII_TOKENS = st.lists(
    st.one_of(_ASCII_PARTS, st.from_regex(r"[!-~]{1,4}", fullmatch=True)), min_size=1, max_size=5
).map("".join)


def _by_token_patterns(token: str) -> int:
    if _ALWAYS_TOKEN.fullmatch(token):
        return HARD
    return SOFT if _MAYBE_TOKEN.fullmatch(token) else 0


@given(_ASCII_TOKENS)
@example("has-sidebar")
@example("page-template-default")
@example("x-nav")
@example("nav-")
@example("-nav")
@example("ads_")
@example("AD")
@example("comments-area-share")
def test_ascii_tokens_are_judged_as_the_patterns_judge_them(token: str) -> None:
    assert _ascii_token_verdict(token) == _by_token_patterns(token)


def test_the_word_lists_are_plain_words() -> None:
    # (what `_word_set` and `_ascii_token_verdict` rely on: lower-case letters, `s?` at most)
    for alternation in (_ALWAYS_FURNITURE, _MAYBE_FURNITURE):
        for word in alternation.split("|"):
            assert re.fullmatch(r"[a-z]+(?:s\?)?", word), word
    for word in _MODIFIER_WORDS:
        assert re.fullmatch(r"[a-z]+(?:-[a-z]+)?", word), word
