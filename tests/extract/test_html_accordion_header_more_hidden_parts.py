"""Guards from the attack b30t (issue 30): more hidden parts of an accordion header, not read
(Radix's VisuallyHidden inline style, Foundation's show-for-sr, jQuery UI's
ui-helper-hidden-accessible, Google's icon classes). Left: a Tailwind arbitrary
`[clip:rect(0,0,0,0)]` class and a CSS-escaped `display:\6e one`.

Attack b30t (issue 30), change (2) of 11796f9: buttons.accordion_header's `unread` parts.

Inside a button read as an accordion header, only parts hidden by the `hidden` attribute,
an inline display:none / visibility:hidden, a listed framework / screen-reader class or a
material-icons* / material-symbols* class are left unread. Other spellings of the same
things reach the model through the header door. Each passes on e0c329b (header buttons were
skipped whole: nothing of them read) and fails now (also on 41c7b04).

Shapes (sources):
- Radix UI's VisuallyHidden (@radix-ui/react-visually-hidden, VISUALLY_HIDDEN_STYLES, an
  inline style copied from Bootstrap's visually-hidden mixin; Chakra/Reach spell it alike),
  as React renders it in an Accordion.Trigger;
- shadcn/ui's VisuallyHidden as Tailwind utilities ("absolute w-px h-px p-0 -m-px
  overflow-hidden whitespace-nowrap border-0 [clip:rect(0,0,0,0)]");
- Foundation 6's screen-reader class `show-for-sr` (scss/components/_visibility.scss),
  jQuery UI's `ui-helper-hidden-accessible` (themes/base/core.css);
- Google's own ligature icon classes `google-material-icons` / `google-symbols` (not
  `material-icons*`): "expand_more" is a chevron glyph;
- an inline display:none written with a CSS escape (`display:\\6e one` is `none`).
"""

from __future__ import annotations

import pytest

from webdistill.adapters.extract.html.reader import extract_html

LEAD = (
    "<p>The council approved the new harbour wall on Tuesday after a long debate about the "
    "cost of repairs and the future of the fishing fleet in the town.</p><p>Residents said "
    "the decision came too late for the winter storms, which flooded the quay twice last "
    "year and damaged several boats moored along the east pier.</p>"
)
RADIX = (
    "position: absolute; border: 0px; width: 1px; height: 1px; padding: 0px; margin: -1px; "
    "overflow: hidden; clip: rect(0px, 0px, 0px, 0px); white-space: nowrap; "
    "overflow-wrap: normal;"
)

PARTS = {
    "radix-visually-hidden": f"<span style='{RADIX}'>SECRET</span>",
    "foundation-show-for-sr": "<span class='show-for-sr'>SECRET</span>",
    "jquery-ui-hidden-accessible": "<span class='ui-helper-hidden-accessible'>SECRET</span>",
    "google-material-icons": "<i class='google-material-icons' aria-hidden='true'>SECRET</i>",
    "google-symbols": "<i class='google-symbols' aria-hidden='true'>SECRET</i>",
}


@pytest.mark.parametrize("name", sorted(PARTS))
def test_unshown_part_of_an_accordion_header_not_read(name: str) -> None:
    html = (
        f"<html><body><main><h1>Shipping FAQ</h1>{LEAD}<h3><button type='button' "
        f"aria-expanded='false'>How long does delivery take?{PARTS[name]}</button></h3>"
        "<div><p>Orders arrive within three to five working days across the mainland.</p>"
        "</div></main></body></html>"
    )
    text = extract_html(html).text
    assert "Orders arrive" in text
    assert "SECRET" not in text  # now: 'How long does delivery take?SECRET' as a heading
