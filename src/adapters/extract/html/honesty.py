"""Honest outcomes: recognise JavaScript shells and bot challenges instead of empty success.

Checked only when the extracted text is short: a long article that mentions "captcha" is
still an article. A page is a challenge when its purpose is the check, not when it carries a
captcha widget or a bot-protection vendor's script (`http.wall_pages` decides).
"""

from __future__ import annotations

import re

from webdistill.adapters.http.wall_pages import wall_of_page
from webdistill.kernel.own_text import OwnText, words

SHORT_TEXT = 400
_NEEDS_JS = re.compile(
    r"(enable javascript|javascript is (disabled|required|not enabled)|requires javascript|"
    r"turn on javascript|you need to enable javascript|"
    r"<div[^>]{0,200}?id=[\"'](root|app|__next|__nuxt|svelte|main-app)[\"'][^>]{0,200}>\s*</div>)",
    re.IGNORECASE,
)

CHALLENGE_NOTICE = words(
    "The site answered with a bot-protection challenge instead of the page. "
    "Try again later, use a different source for this information, or open the URL in a "
    "real browser."
)
NEEDS_JS_NOTICE = words(
    "The page is a JavaScript application shell: its content is rendered in the browser "
    "and is not in the HTML. Look for another URL with the same content (an API, an "
    "article page, a cached or text version) or use a browser-based fetcher."
)


#: Pages whose extracted text is this long are never looked at for a wall (a wall's hidden
#: challenge arithmetic can make a few thousand characters of text).
WALL_TEXT = 15_000


def honest_flags(
    raw_html: str, text: str, script_count: int
) -> tuple[tuple[str, ...], OwnText | None]:
    """Flags and a notice for a page whose extracted `text` is short, else `((), None)`."""
    if len(text) < WALL_TEXT and wall_of_page(raw_html, text_chars=len(text)) is not None:
        return ("challenge",), CHALLENGE_NOTICE
    if len(text) >= SHORT_TEXT:
        return (), None
    sample = raw_html[:200_000]
    low = sample.lower() if sample.isascii() else None  # (for the word test below)
    may_need_js = low is None or "javascript" in low or "</div" in low
    if (may_need_js and _NEEDS_JS.search(sample)) or (script_count >= 3 and len(text) < 100):
        return ("needs_javascript",), NEEDS_JS_NOTICE
    if not text:
        return ("empty",), words("The page has no readable text content.")
    return (), None
