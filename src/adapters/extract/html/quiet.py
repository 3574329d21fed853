"""Text a browser does not show to sighted readers: screen-reader-only labels.

Accessibility CSS conventions (Bootstrap's `sr-only` / `visually-hidden`, WordPress's
`screen-reader-text`, HTML5 Boilerplate's `visuallyhidden`, Drupal's `element-invisible`)
move an element off-screen while keeping it for screen readers. Pages use them for labels
that only make sense read aloud: "Article content", "Author of the article:", "Share this
article in your social network", "Skip to main content". The article's readers never see
them, so they are furniture.

Closed overlays (a hidden dialog right under `<body>`) are furniture too when the page
marks its main content elsewhere.
"""

from __future__ import annotations

import functools
import re

from lxml import etree

from webdistill.adapters.extract.html.furniture import is_styled_hidden

_SCREEN_READER_ONLY = re.compile(
    r"(?:^|\s)(?:sr-only|sr-text|visually-?hidden|hidden-visually|u-hidden-visually|"
    r"screen-?reader(?:-?text|-?only)?|element-invisible|a11y-hidden|assistive-text)(?=\s|$)",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=4096)
def screen_reader_class(names: str) -> bool:
    """Whether a class string marks an element as visible to screen readers only. An ASCII
    string is searched only when, lowered, it holds one of the words every match holds
    (pages bring hundreds of new class strings; one search costs five times the tests)."""
    if names.isascii():
        low = names.lower()  # (the parts spelled out: a generator over them costs as much)
        if not (
            "sr-" in low
            or "visually" in low
            or "screen" in low
            or "invisible" in low
            or "a11y" in low
            or "assistive" in low
        ):
            return False
    return _SCREEN_READER_ONLY.search(names) is not None


def is_screen_reader_only(element: etree._Element) -> bool:
    """Whether `element`'s class marks it as visible to screen readers only."""
    names = element.get("class")
    return bool(names) and screen_reader_class(names)


def is_closed_overlay(element: etree._Element) -> bool:
    """A hidden element right under `<body>`: a closed dialog or overlay (log-in and
    registration forms, consent layers, push prompts) that scripts open on demand.
    (Hidden elements deeper in the page may be closed tabs or FAQ answers: content.)"""
    parent = element.getparent()
    return parent is not None and parent.tag == "body" and is_styled_hidden(element)
