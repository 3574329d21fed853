"""The wall check's first look (`wall_pages.may_hold_marker`) never misses a challenge marker.

A long page is a wall only by a challenge-only marker in its own markup; `may_hold_marker`
looks for the markers' words in the whole page as ASCII-lowered UTF-8 and, when none is
there, the page is not split at all. Markup here mixes the markers' pieces in any case with
the characters that make bytes and text differ: the two whose lower case is ASCII ("\u0130",
the Kelvin sign), accented capitals, Unicode blanks DataDome's `var\\s+dd` accepts as `\\s`
(U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+001C-U+001F),
comments, quoted elements and lone surrogates: whatever the full check finds, the first look
finds too.
"""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from webdistill.adapters.http import wall_pages

_BLANKS = ["\x85", "\xa0", "\u1680", "\u2000", "\u2005", "\u200a", "\u2028", "\u2029",
           "\u202f", "\u205f", "\u3000", "\x1c", "\x1f", "\t", "\x0b", " "]  # fmt: skip
_PIECES = st.sampled_from(
    ["var", "VAR", "dd", "DD", "=", "{", "'", '"', "rt", "RT", "gokuProps", "GOKUPROPS",
     "_pxCaptcha", "<iframe ", "src='", "_Incapsula_Resource", "id=\"", "px-captcha",
     "<title>", "</title>",
     "\u0130", "\u212a", "\u212aa", "É", "Σ", "\ud800", "<form ", "challenge-form", "jschl_vc",
     "jschl-answer", "_cf_chl_opt", "cf_chl_prog", "/cdn-cgi/challenge-platform/h/b/orchestrate/",
     "errors.edgesuite.net", "ANUBIS_CHALLENGE", "__goaway_challenge", ">", "<", "<script>",
     "</script>", "<!--", "-->", "<pre>", "</pre>", "sucuri_cloudproxy_js", "ddos-guard",
     "<meta ", "/.well-known/sgcaptcha/", "vercel security checkpoint", "window._pxBlockedUrl",
     "geo.captcha-delivery.com/captcha", "awswafcookiedomainlist", "x", "\n", *_BLANKS]
)  # fmt: skip
_MARKUP = st.lists(st.one_of(_PIECES, st.text(max_size=4)), max_size=18).map("".join)


def _found_by_full_check(page: str) -> bool:
    own, _shown = wall_pages._split(page[: wall_pages.SAMPLE_CHARS])
    return wall_pages.challenge_vendor(own) is not None


@given(_MARKUP)
@example("<script>var\u3000dd={'rt':'c'}</script>")
@example("<script>var\x85dd = {\"rt\":'c'}</script>")
@example("<script>window.go\u212auProps={}</script>")  # the Kelvin sign lowers to "k"
@example("<title>Vercel Security Checkpoint</title>")
@example("<form action=x id='challenge-form'>")
def test_the_first_look_finds_what_the_full_check_finds(page: str) -> None:
    if _found_by_full_check(page):
        assert wall_pages.may_hold_marker(page)


@given(_MARKUP)
def test_a_long_page_gets_the_same_answer(page: str) -> None:
    """With the reader's text long, the answer is the challenge marker's vendor or None."""
    own, _shown = wall_pages._split(page[: wall_pages.SAMPLE_CHARS])
    expected = wall_pages.challenge_vendor(own)
    assert wall_pages.wall_of_page(page, text_chars=wall_pages.WALL_TEXT_CHARS) == expected
