"""`embedded._elements` finds each element's closing tag where it is, its ASCII letters in any
case (as an HTML parser reads a closing tag).

The reference lowers only the page's ASCII letters (a length-keeping translation) and finds
each closing tag there; pages are built from script and noscript tags in mixed case,
closers, letters whose lower case is not ASCII (`Ш`, `É`, `ſ`), the Kelvin sign (not a "k"
to a parser), U+0130 (whose full lower case is two characters: lowering the whole page
shifted every later position, the reader's bug before), free text.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator

from hypothesis import example, given
from hypothesis import strategies as st

from webdistill.adapters.extract.html.embedded import _NOSCRIPT_OPEN, _SCRIPT_OPEN, _elements

_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


def _lowering(raw_html: str, opener: re.Pattern[str], closer: str) -> Iterator[tuple[str, str]]:
    lower = raw_html.translate(_ASCII_LOWER)
    position = 0
    while position < len(raw_html):
        match = opener.search(raw_html, position)
        if match is None:
            return
        end = lower.find(closer, match.end())
        if end < 0:
            return
        attributes = match.group(1) if match.groups() else ""
        yield attributes, raw_html[match.end() : end]
        position = end + len(closer)


_PARTS = st.sampled_from(
    ["<script>", "<SCRIPT type=x>", "<Script>", "</script>", "</SCRIPT>", "</sCrIpT>",
     "<noscript>", "</NOSCRIPT>", "</noscript>", "</\u017fcript>", "\u0130", "\u212a", "Ш", "É",
     "ſ", "var a = 1;", "<p>", "</p>", "<", "/", "s"]
)  # fmt: skip
_PAGES = st.lists(st.one_of(_PARTS, st.text(max_size=4)), max_size=14).map("".join)


@given(_PAGES)
@example("Ш<script>x</SCRIPT>y<script>z</script>")
@example("\u0130<script>x</script>")
@example("\u0130\u0130<script>{}</script><script>y</script>")
@example("é<script>\u017f</\u017fcript></script>")
def test_same_elements_as_lowering_the_page(page: str) -> None:
    for opener, closer in ((_SCRIPT_OPEN, "</script"), (_NOSCRIPT_OPEN, "</noscript")):
        assert list(_elements(page, opener, closer)) == list(_lowering(page, opener, closer))
