"""Guards from the attack b30s (issue 30): a page hidden until its script boots is read (a
`<main>` under a hidden wrapper that holds nearly all the page text is the page: reader.find_main).

Attack b30s (debatable, by design of 50bb0de): a page whose whole body sits in
`<div id="app" hidden>` until its script runs (the shape is common in public repos:
`<div id="app" hidden>` revealed by JS after boot / sign-in) now reads EMPTY: find_main
refuses the <main> under the hidden wrapper, and the wrapper is then hard furniture, so
nothing is left. On e0c329b the <main> was read. The same page with
`style="display:none"` or `class="hidden"` on the wrapper is still read in full now, so the
three spellings of "hidden until the script runs" disagree.
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


def test_app_shell_hidden_until_boot_is_read() -> None:
    html = (
        "<html><body><div class='boot' id='loading'>Loading…</div>"
        f"<div id='app' hidden>{BODY}</div><script>app.hidden=false</script></body></html>"
    )
    assert "harbour wall" in extract_html(html).text  # now: ''


def test_display_none_wrapper_is_read_as_before() -> None:  # holds now: the contrast
    html = f"<html><body><div id='page' style='display:none'>{BODY}</div></body></html>"
    assert "harbour wall" in extract_html(html).text
