"""Guard from the attacks b30s/b30t/b30x (issue 30): a page whose `<main>` sits in a wrapper
hidden by an inline `display:none` until its script runs is still read (the wrapper is not
furniture; only the `<main>`'s exemption is lost). Left: a wrapper with the `hidden`
attribute (`<div id="app" hidden>`) is furniture, so such an app shell reads its "Loading…"
stub: taking a hidden `<main>` as the page when little text lay outside it was tried and
withdrawn (whitespace or unread padding let hidden injections through, attack b30x).
"""

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html

BODY = (
    "<main><h1>Harbour wall approved</h1><p>The council approved the new harbour wall on "
    "Tuesday after a long debate about the cost of repairs and the future of the fishing fleet"
    " in the town.</p><p>Residents said the decision came too late for the winter storms, "
    "which flooded the quay twice last year and damaged several boats moored along the east "
    "pier.</p></main>"
)


def test_display_none_wrapper_is_read_as_before() -> None:  # holds now: the contrast
    html = f"<html><body><div id='page' style='display:none'>{BODY}</div></body></html>"
    assert "harbour wall" in extract_html(html).text
