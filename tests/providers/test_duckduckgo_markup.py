"""DuckDuckGo pages in the shape the real service sends.

The HTML-endpoint fixtures (`html-real-page*.html`) follow result blocks recorded from
html.duckduckgo.com in public client tests (the `<!-- This is the visible part -->` comment,
the `result__extras__url` block with the favicon link, the display URL and the unclassed
`<span>&nbsp; &nbsp; 2025-11-07T00:00:00.0000000</span>` date) and the `div.nav-link` next-page
forms that ddgs and SearXNG read (`s`, `dc`, `vqd`, ...). The lite fixture follows recorded
lite.duckduckgo.com tables (single-quoted `result-link` / `result-snippet` / `link-text`
classes, `span.timestamp`), with an HTML comment between a title row and its snippet row, as
on the live lite page. The no-results fixture carries the "search Google for the query" block
that ddgs drops (`href != "http://www.google.com/search?q=..."`). All data is invented.
"""

from __future__ import annotations

from urllib.parse import parse_qs

from tests.providers.fake_provider import FakeProvider, fixture, html_answer, settings_for
from webdistill.adapters.providers.duckduckgo_parse import (
    is_elsewhere_link,
    parse_html_page,
    parse_lite_page,
)
from webdistill.adapters.providers.registry import SearchProviders
from webdistill.kernel import SearchQuery


def test_real_html_page_rows_dates_and_next_form() -> None:
    page = parse_html_page(200, {}, fixture("duckduckgo", "html-real-page1.html")).unwrap()
    assert [row["url"] for row in page.rows] == [
        "https://www.ferry-news.example.com/electric/2025-fleet?utm_source=ddg",
        "https://en.wikipedia.example.com/wiki/Electric_boat",
        "https://shipping.example.com/news/hybrid-ferry-order",
    ]
    first = page.rows[0]
    assert first["title"] == "Electric ferries enter service across the fjords"
    assert first["snippet"] == (
        "Three battery-electric ferries began service this week & more are ordered."
    )
    assert first["published"] == "2025-11-07"
    assert "published" not in page.rows[1]
    assert page.rows[2]["published"] == "2024-04-21"
    assert page.next_form is not None
    assert page.next_form["s"] == "10"
    assert page.next_form["dc"] == "11"
    assert page.next_form["vqd"].startswith("4-")
    assert page.next_form["q"] == "electric ferries"


def test_second_page_takes_the_next_form_not_the_previous_one() -> None:
    page = parse_html_page(200, {}, fixture("duckduckgo", "html-real-page2.html")).unwrap()
    assert page.next_form is not None and page.next_form["s"] == "25"
    last = parse_html_page(200, {}, fixture("duckduckgo", "html-real-page3.html")).unwrap()
    assert last.next_form is None
    assert len(last.rows) == 1


def test_lite_snippet_is_read_across_the_html_comment_and_dates_kept() -> None:
    page = parse_lite_page(200, {}, fixture("duckduckgo", "lite-real.html")).unwrap()
    assert page.rows == (
        {
            "title": "Electric ferries enter service across the fjords",
            "url": "https://www.ferry-news.example.com/electric/2025-fleet",
            "snippet": "Three battery-electric ferries began service this week.",
            "published": "2025-11-07",
        },
        {
            "title": "Electric boat - Wikipedia",
            "url": "https://en.wikipedia.example.com/wiki/Electric_boat",
            "snippet": "An electric boat is a powered watercraft driven by electric motors.",
        },
    )
    assert page.next_form is not None
    assert page.next_form["s"] == "10" and page.next_form["vqd"].startswith("4-")


def test_no_results_page_with_a_google_block_gives_zero_hits() -> None:
    page = parse_html_page(200, {}, fixture("duckduckgo", "html-no-results.html")).unwrap()
    assert page.rows == ()
    assert page.next_form is None


def test_elsewhere_links() -> None:
    assert is_elsewhere_link("http://www.google.com/search?q=x")
    assert is_elsewhere_link("https://google.co.uk/search?q=x")
    assert not is_elsewhere_link("https://www.google.com/maps")
    assert not is_elsewhere_link("https://example.com/search?q=x")
    assert not is_elsewhere_link("https://google.example.com/search")


async def test_the_lite_fallback_pages_with_its_own_next_form() -> None:
    server = FakeProvider(
        {
            ("POST", "/html/"): html_answer("duckduckgo", "challenge.html", status=202),
            ("POST", "/lite/"): html_answer("duckduckgo", "lite-real.html"),
        }
    )
    async with server.running() as base:
        settings = settings_for(base, provider="duckduckgo")
        async with SearchProviders(settings) as providers:
            batch = (
                await providers.search(SearchQuery("electric ferries", max_results=5))
            ).unwrap()
    forms = [parse_qs(seen.body.decode()) for seen in server.seen]
    assert [seen.path for seen in server.seen] == ["/html/", "/lite/", "/lite/"]
    assert forms[2]["s"] == ["10"] and forms[2]["vqd"][0].startswith("4-")
    assert len(batch.rows) == 2  # page 2 repeated page 1 here: nothing new, so it ran dry
    assert batch.shortfall == "DuckDuckGo had no more results after 2 request(s)"
