"""The honesty check's cheap word test never hides a match of its expression.

`honesty.honest_flags` runs its case-insensitive "needs JavaScript" expression only on pages
holding one of its words (ASCII pages); here, on text built from the expressions' own phrases
(cut, re-cased, glued to noise), `honest_flags` answers what the bot-wall decision
(`wall_pages.wall_of_page`) and the expression alone would.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from webdistill.adapters.extract.html.honesty import (
    _NEEDS_JS,
    CHALLENGE_NOTICE,
    NEEDS_JS_NOTICE,
    SHORT_TEXT,
    WALL_TEXT,
    honest_flags,
)
from webdistill.adapters.http.wall_pages import wall_of_page

_PHRASES = [
    "cf-browser-verification", "cf_chl_", "__cf_chl", "challenge-platform",
    "checking if the site connection is secure", "checking your browser", "just a moment...",
    "attention required! | cloudflare", "ddos protection by", "verify you are a human",
    "verify you are human", "are you a robot", "g-recaptcha", "h-captcha", "hcaptcha.com",
    "px-captcha", "please enable cookies", "access denied", "request unsuccessful. incapsula",
    "_incapsula_resource", "perimeterx", "datadome", "captcha-delivery", "enable javascript",
    "javascript is disabled", "javascript is required", "javascript is not enabled",
    "requires javascript", "turn on javascript", "you need to enable javascript",
    '<div id="root"></div>', "<div class=x id='app'>\n</div>", '<DIV id="__next" >  </DIV>',
    "<div id=main-app></div>", "\u017f", "\u212a", "caf\u00e9",
]  # fmt: skip


@st.composite
def _recased(draw: st.DrawFn) -> str:
    phrase = draw(st.sampled_from(_PHRASES))
    start = draw(st.integers(0, 3))
    end = len(phrase) - draw(st.integers(0, 3))
    cut = phrase[start:end] if draw(st.booleans()) else phrase
    flips = draw(st.lists(st.booleans(), min_size=len(cut), max_size=len(cut)))
    return "".join(c.upper() if f else c for c, f in zip(cut, flips, strict=True))


_PAGES = st.lists(st.one_of(_recased(), st.text(max_size=8)), max_size=5).map("".join)


def _reference(raw_html: str, text: str, script_count: int) -> tuple[tuple[str, ...], str | None]:
    """`honest_flags` as it was before the word test."""
    if len(text) < WALL_TEXT and wall_of_page(raw_html, text_chars=len(text)) is not None:
        return ("challenge",), CHALLENGE_NOTICE
    if len(text) >= SHORT_TEXT:
        return (), None
    sample = raw_html[:200_000]
    if _NEEDS_JS.search(sample) or (script_count >= 3 and len(text) < 100):
        return ("needs_javascript",), NEEDS_JS_NOTICE
    if not text:
        return ("empty",), "The page has no readable text content."
    return (), None


@given(page=_PAGES, text=st.sampled_from(["", "hello", "x" * 120]), scripts=st.integers(0, 4))
def test_word_test_never_hides_a_match(page: str, text: str, scripts: int) -> None:
    # (every text here is short, so a match the word test hid would change the answer)
    assert honest_flags(page, text, scripts) == _reference(page, text, scripts)
