"""An accordion title marked `data-nosnippet` as a whole is read (issue 30, attack b30z).

The `data-nosnippet` parts of an accordion header are left out (GOV.UK's "Show" toggle),
unless they hold all of the button's text: b96af2c lost a heading whose title span carried
the mark (the attack b30z; ae0c950 read it).
"""

from __future__ import annotations

import pytest

from webdistill.adapters.extract.html.reader import extract_html

HEADERS = {
    "title_span": (
        '<h2><button aria-expanded="false" aria-controls="c1">'
        "<span data-nosnippet>Who needs a licence</span></button></h2>"
    ),
    "title_and_toggle_wrapper": (
        '<h2><button aria-expanded="false" aria-controls="c1"><span data-nosnippet>'
        "<span>Who needs a licence</span><span>Show</span></span></button></h2>"
    ),
}


@pytest.mark.parametrize("name", sorted(HEADERS))
def test_an_accordion_title_marked_nosnippet_is_read(name: str) -> None:
    page = (
        "<html><body><main><h1>Licensing</h1><p>The council licenses premises that sell "
        "alcohol or provide late-night refreshment in the borough.</p><div class='accordion'>"
        f"{HEADERS[name]}<div id='c1'><p>You need a licence if you sell alcohol, provide "
        "entertainment or serve hot food after 11pm in the borough.</p></div></div></main>"
        "</body></html>"
    )
    text = extract_html(page, "https://example.gov.uk/licensing").text
    assert "You need a licence" in text
    assert "Who needs a licence" in text
