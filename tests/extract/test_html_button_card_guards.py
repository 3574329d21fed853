"""Guard from the attack b30r (issue 30): a clickable card (`<button>` around an `<article>`)
must stay skipped: only a `<button>` around the page's `<main>` (an unclosed one) is walked.

The attack's finding: a clickable card (`<button>` around an `<article>`) is walked when its
article is the longest marked element: a related-post teaser is read into the page.

Shape: a Solid.js blog's `PostCard` component (public repository): `<button class="post-card"
onClick={() => nav.post(props.slug)}><article><div class="card-meta"><time>...</time></div>
<h2 class="card-title">...</h2><p class="card-excerpt">...</p></article></button>`, shown
under a post whose own body is not marked (`div.entry-content`, no `<main>`/`<article>`).
377f117/4eef92d walk "a `<button>` around the main container" meaning an UNCLOSED button
(libxml2 nesting what follows), but `main_line` cannot tell a closed one: the card's
`<article>` (>= 250 chars) becomes find_main's pick, its button is walked and the teaser
joins the post's text. e0c329b skipped the button (a control) and read the post alone.
Passed on e0c329b, failed on 50bb0de, passes again after the fix.
"""

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html

POST = "".join(
    f"<p>{s}</p>"
    for s in (
        "Water temperatures in the river basin rose by almost a degree over the last decade, "
        "according to the agency, and the rise was fastest in the shallow upper reaches.",
        "Scientists say the change threatens cold-water species, and they are asking anglers "
        "to report sightings of stressed fish during the hottest weeks of the summer.",
        "The survey will publish its first results next spring, with maps of every reach and "
        "the temperature records behind them.",
        "Readers can send their own measurements through the form on the agency's site, and "
        "the best series will be included in the final report.",
    )
)
TEASER = (
    "Last summer the lowest flows in fifty years left whole stretches of the upper river dry, "
    "and volunteers moved thousands of fish by hand to deeper pools downstream before the "
    "heat got worse. The rescue cost the angling clubs most of their reserves."
)
PAGE = f"""<html><head><title>Rivers are warming</title></head><body><div id="root">
<div class="entry-content"><h1>Rivers are warming</h1>{POST}</div>
<div class="post-list"><h2>More posts</h2>
<button class="post-card"><article><div class="card-meta"><time datetime="2025-08-01">
1 August 2025</time><span class="separator">·</span><span>4 min read</span></div>
<h2 class="card-title">The drought year</h2><p class="card-excerpt">{TEASER}</p></article>
</button></div></div></body></html>"""


def test_post_card_button_is_not_read() -> None:
    text = extract_html(PAGE).text
    assert "final report" in text
    assert "volunteers moved thousands" not in text, text
