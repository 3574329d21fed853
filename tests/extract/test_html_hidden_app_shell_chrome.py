"""Guards from the attack b30t (issue 30): an app hidden until its script boots is read with
its own chrome around its `<main>` (reader._is_the_page). Left: the same app beside a visible
site footer longer than half its main reads only the footer (not counting the footer let any
hidden `<main>` through when chrome held the whole page: the attack b30u).

Attack b30t (issue 30), change (3) of 11796f9: reader.find_main's WHOLE_PAGE_SHARE.

A page hidden until its script boots is read only when the hidden <main> alone holds 80 % of
the page's text. A real app shell (Vue/React/Svelte App component: <header>, <nav>, <main>,
<footer> all inside <div id="app" hidden>, or a <main hidden> with a visible site footer)
has its own chrome beside the <main>, so a short article is under 80 % and the page reads
"Loading…" / empty. Passes on e0c329b (the <main> was read), fails now.
Shape: the b30s guard (tests/extract/test_html_hidden_app_shell.py) with the app's own
header/nav/footer inside the hidden wrapper, as SPA index pages lay them out.
"""

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html

P = (
    "<p>The council approved the new harbour wall on Tuesday after a long debate about the "
    "cost of repairs and the future of the fishing fleet in the town.</p><p>Residents said "
    "the decision came too late for the winter storms, which flooded the quay twice last "
    "year and damaged several boats moored along the east pier.</p>"
)
NAV = (
    "<nav><ul>"
    + "".join(f"<li><a href='/s{i}'>Section number {i} of the site</a></li>" for i in range(12))
    + "</ul></nav>"
)
FOOT = (
    "<footer><p>"
    + (
        "About us. Contact. Careers. Privacy policy. Terms of use. Cookie settings. "
        "Accessibility statement. " * 4
    )
    + "</p></footer>"
)
MAIN = f"<main><h1>Harbour wall approved</h1>{P}</main>"


def test_app_hidden_until_boot_with_its_own_chrome_is_read() -> None:
    html = (
        "<html><body><div id='loading'>Loading…</div><div id='app' hidden>"
        f"<header><a href='/'>Harbour Times</a></header>{NAV}{MAIN}{FOOT}</div>"
        "<script>app.hidden=false</script></body></html>"
    )
    assert "harbour wall" in extract_html(html).text  # now: 'Loading…'
