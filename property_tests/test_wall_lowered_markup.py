"""The challenge markers find in `_lowered(markup)` what they find in `markup.lower()`.

`wall_pages._lowered` lowers only the ASCII letters of markup holding other characters
(lowering all of it is the slow part of the wall check). Markup here mixes the markers'
own pieces in any case with characters whose case lowering changes: accented capitals,
sigma (final and not), "\u0130" and the Kelvin sign (the two that lower to ASCII), wide and
non-breaking blanks, digits of other scripts and lone surrogates.
"""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from webdistill.adapters.http import wall_pages

_PIECES = st.sampled_from(
    ["var", " ", "dd", "DD", "=", "{", "'", '"', "rt", "RT", "gokuProps", "GOKUPROPS", "_pxCaptcha",
     "<iframe ", "src='", "_Incapsula_Resource", "id=\"", "px-captcha", "<title>", "\u0130",
     "\u212a", "\u212aa", "É", "Σ", "ΑΣ", "\xa0", "\u3000", "\u0663", "Ä", "ÿ", "\ud800",
     "<form ", "challenge-form", "jschl_vc", "/cdn-cgi/challenge-platform/h/b/orchestrate/",
     "errors.edgesuite.net", "ANUBIS_CHALLENGE", ">", "sucuri_cloudproxy_js", "x", "\n"]
)  # fmt: skip
_MARKUP = st.lists(st.one_of(_PIECES, st.text(max_size=4)), max_size=14).map("".join)


def _found(lowered: str) -> list[bool]:
    return [
        any(needle in lowered for needle in needles) and pattern.search(lowered) is not None
        for _vendor, needles, pattern in wall_pages._CHALLENGE_ONLY
    ]


@given(_MARKUP)
@example("<script>var dd={'rt':'c'}</script>É")
@example("window.gokuProps\u0130")  # "\u0130" lowers to "i" + a dot: a word character
@example("window.GOKUPROPSÄ")
@example("window.gokuprops\xa0")
@example("window.go\u212auProps ")  # the Kelvin sign lowers to "k": a marker
@example("<iframe src='\u0130" + "x" * 79 + "_Incapsula_Resource")  # "\u0130" counts twice
def test_markers_see_the_same(markup: str) -> None:
    assert _found(wall_pages._lowered(markup)) == _found(markup.lower())
