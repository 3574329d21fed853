"""Guards from the attack b30u (issue 30): a clip to the element's own box
(`clip: rect(0, auto, auto, 0)`) hides nothing: an accordion header's label with it is read.

Attack b30u (issue 30), change (2) of c69869b (low severity): quiet._VISUALLY_HIDDEN_STYLE
takes any inline `clip: rect(0...` as "not shown", but `clip: rect(0, auto, auto, 0)` clips to
the element's own box (nothing is hidden: the shape of a public Svelte parallax component,
`style="clip: rect(0, auto, auto, 0); transform: translateY(...)"`), and `clip` does nothing
at all on an element that is not absolutely positioned. An accordion header whose label span
carries it loses its label. Passes on 11796f9, fails on c69869b (e0c329b did not read
accordion headers at all).
"""

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html

ARTICLE = (
    "<h1>Buddha statue</h1><p>Hand-carved from a single block of mango wood, this Buddha "
    "statue stands forty centimetres tall and is finished with a food-safe oil that brings out "
    "the grain.</p><p>Each piece is made to order by a family workshop in the north of the "
    "country, so the grain and the colour vary a little from the photographs.</p>"
)


def test_clip_to_own_box_label_is_read() -> None:
    html = (
        f"<html><body><main>{ARTICLE}<div class='accordion'><h3><button aria-expanded='false'>"
        "<span style='clip: rect(0, auto, auto, 0); transform: translateY(0px)'>Care "
        "instructions</span></button></h3><div hidden>Oil it once a year.</div></div>"
        "</main></body></html>"
    )
    assert "Care instructions" in extract_html(html).text
