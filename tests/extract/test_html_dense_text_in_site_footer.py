"""A site footer's long list is not the page's text (issue 30: blocks chosen wrongly).

When the reader keeps little of a page, it falls back to the page's most text-dense
container. A local business's site footer lists the towns and postcodes it serves, a
thousand words without links: the densest text of a product page with short lines (the
wcxb dev page 0193, a party-rental shop, read its footer's 1,400 place names and codes
once its `<footer>` stood where a browser puts it, outside a menu libxml2 had left open).
A `<footer>` that no `<article>` or `<main>` holds is the site's, and never that fallback;
an article's own `<footer>` may hold its content (a video article's transcript: newspaper3k's
saved Upworthy pages, tests/data/html/upworthy.com1.html) and still is. The words are ours.
"""

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html

TOWNS = " ".join(f"Town{n} Hills" for n in range(300))
CODES = " ".join(str(90000 + n * 7) for n in range(400))
PRODUCT = [
    "Round banquet tables for eight guests",
    "White folding chairs with padded seats",
    "Delivery and set-up included within the county",
]


def _shop_page() -> str:
    items = "".join(f"<div class='card'><h3>{p}</h3><span>$12</span></div>" for p in PRODUCT)
    return (
        "<html><body><header><nav><a href='/'>Home</a> <a href='/cart'>Cart</a></nav></header>"
        f"<div class='subcategory-page'><h1>Tables and chairs</h1>{items}</div>"
        "<footer><div class='zipcodes'><div>Our shop serves the following cities and zip "
        f"codes:</div><div>{TOWNS}</div><div>{CODES}</div></div>"
        "<p>Copyright the shop</p></footer></body></html>"
    )


def test_a_site_footers_list_of_towns_is_not_read_as_the_page() -> None:
    document = extract_html(_shop_page())
    assert "main_content_guessed" not in document.flags
    assert "Town12 Hills" not in document.text
    assert "90014" not in document.text
    for line in PRODUCT:
        assert line in document.text


TRANSCRIPT = " ".join(
    f"In part {n} of the video the veteran explains how the dog wakes him from bad dreams, "
    "walks beside him in crowds and reminds him to take his medicine every morning."
    for n in range(12)
)


def test_an_articles_own_footer_holding_its_transcript_is_still_read() -> None:
    html = (
        "<html><body><header><nav><a href='/'>Home</a></nav></header><div class='row'>"
        "<article id='content'><h1>What a service dog thinks of his owner</h1>"
        "<p>Watch the video.</p><footer><dl><dt>Transcript</dt><dd>"
        f"<div id='transcriptContent'>{TRANSCRIPT}</div></dd></dl></footer></article>"
        "<aside><p>More videos</p></aside></div><footer><p>Copyright</p></footer>"
        "</body></html>"
    )
    document = extract_html(html)
    assert TRANSCRIPT[:200] in document.text
