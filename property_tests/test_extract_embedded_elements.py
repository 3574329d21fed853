"""`embedded._elements` finds the elements the page's lower case shows, without lowering it.

The reference lowers the whole page and finds each closing tag there (what the reader did
before `_closer_finder`); pages are built from script and noscript tags in mixed case,
closers, letters whose lower case is not ASCII (`Ш`, `É`, `ſ`), the Kelvin sign, free text.
Pages holding U+0130 (whose lower case is two characters, so lowering shifts positions)
still take the lowering path and are compared too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hypothesis import example, given
from hypothesis import strategies as st

from webdistill.adapters.extract.html.embedded import _NOSCRIPT_OPEN, _SCRIPT_OPEN, _elements


def _lowering(raw_html: str, opener: re.Pattern[str], closer: str) -> Iterator[tuple[str, str]]:
    lower = raw_html.lower()
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
@example("é<script>\u017f</\u017fcript></script>")
def test_same_elements_as_lowering_the_page(page: str) -> None:
    for opener, closer in ((_SCRIPT_OPEN, "</script"), (_NOSCRIPT_OPEN, "</noscript")):
        assert list(_elements(page, opener, closer)) == list(_lowering(page, opener, closer))
