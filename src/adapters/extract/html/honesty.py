"""Honest outcomes: recognise JavaScript shells and bot challenges instead of empty success.

Checked only when the extracted text is short: a long article that mentions "captcha" is
still an article.
"""

from __future__ import annotations

import re

SHORT_TEXT = 400
_CHALLENGE = re.compile(
    r"(cf-browser-verification|cf_chl_|challenge-platform|__cf_chl|"
    r"checking (if the site connection is secure|your browser)|just a moment\.\.\.|"
    r"attention required! \| cloudflare|ddos protection by|verify you are (a )?human|"
    r"are you a robot|g-recaptcha|h-captcha|hcaptcha\.com|px-captcha|"
    r"please enable cookies|access denied|request unsuccessful\. incapsula|"
    r"_incapsula_resource|perimeterx|datadome|captcha-delivery)",
    re.IGNORECASE,
)
_NEEDS_JS = re.compile(
    r"(enable javascript|javascript is (disabled|required|not enabled)|requires javascript|"
    r"turn on javascript|you need to enable javascript|"
    r"<div[^>]{0,200}?id=[\"'](root|app|__next|__nuxt|svelte|main-app)[\"'][^>]{0,200}>\s*</div>)",
    re.IGNORECASE,
)

CHALLENGE_NOTICE = (
    "The site answered with a bot-protection challenge instead of the page. "
    "Try again later, use a different source for this information, or open the URL in a "
    "real browser."
)
NEEDS_JS_NOTICE = (
    "The page is a JavaScript application shell: its content is rendered in the browser "
    "and is not in the HTML. Look for another URL with the same content (an API, an "
    "article page, a cached or text version) or use a browser-based fetcher."
)


#: Every match of `_CHALLENGE` (`_NEEDS_JS`) contains one of these, lower-cased: on an
#: ASCII page (where IGNORECASE is plain ASCII case folding) their absence from the
#: lower-cased page proves there is no match, far cheaper than the expression's search.
_CHALLENGE_WORDS = (
    "cf-browser-verification", "cf_chl", "challenge-platform", "checking ",
    "just a moment...", "attention required! | cloudflare", "ddos protection by",
    "verify you are ", "are you a robot", "captcha", "please enable cookies",
    "access denied", "incapsula", "perimeterx", "datadome",
)  # fmt: skip


_ANY_CHALLENGE_WORD = re.compile("|".join(map(re.escape, _CHALLENGE_WORDS)))


def honest_flags(raw_html: str, text: str, script_count: int) -> tuple[tuple[str, ...], str | None]:
    """Flags and a notice for a page whose extracted `text` is short, else `((), None)`."""
    if len(text) >= SHORT_TEXT:
        return (), None
    sample = raw_html[:200_000]
    low = sample.lower() if sample.isascii() else None  # (for the word tests above)
    if (low is None or _ANY_CHALLENGE_WORD.search(low)) and _CHALLENGE.search(sample):
        return ("challenge",), CHALLENGE_NOTICE
    may_need_js = low is None or "javascript" in low or "</div" in low
    if (may_need_js and _NEEDS_JS.search(sample)) or (script_count >= 3 and len(text) < 100):
        return ("needs_javascript",), NEEDS_JS_NOTICE
    if not text:
        return ("empty",), "The page has no readable text content."
    return (), None
