"""Compression through the tool: `build(config)` -> `toolkit.fetch` with the extractive compressor.

The page is served on 127.0.0.1 in the shape of a real news article page (site navigation,
an ad slot, a newsletter box, a comment thread and a footer around an `<article>` with
sections), and read through the whole composed path: guarded client, HTML reader, kernel,
compressor. The agent asks a question made of a few words of a sentence from the middle of
the article (not the sentence itself) with a window of 20 % of the page.
"""

from __future__ import annotations

import re

import attrs
from aiohttp import web

from tests.http.fakes_http import FakeResolver
from tests.servers import serve
from webdistill import Config, build

NEEDLE = (
    "The keeper's logbook for 1911 records 312 nights of fog at Carrow Point, "
    "more than any other station on the northern coast."
)
QUESTION = "How many nights of fog did the Carrow keeper log?"

_TOPICS = [
    ("Early years", "The first tower at Carrow Point was built of timber by local fishermen"),
    ("The new tower", "Engineers replaced the timber tower with granite blocks cut inland"),
    ("Lamps and lenses", "A Fresnel lens of the first order was installed after long delays"),
    ("Life at the station", "Three families shared the cottages beside the tower all year"),
    ("Supplies", "The supply boat came every second week when the sea allowed it"),
    ("Storms", "Winter storms threw stones against the lantern and cracked the panes"),
    ("Shipwrecks", "Several schooners were lost on the reef before the light was lit"),
    ("Automation", "The station was automated and the last keeper left for the mainland"),
    ("Today", "Visitors can climb the tower on summer weekends and see the old lens"),
]
_FILLER = [
    "Records from the harbour office describe the work in plain terms",
    "Letters from the families mention the wind more than anything else",
    "The parish council paid for repairs only after long debates",
    "Photographs from the period show the cottages whitewashed every spring",
    "Old charts mark the channel with soundings taken by hand",
    "Surveyors measured the headland twice and disagreed both times",
]


def _paragraph(topic: str, lead: str, number: int) -> str:
    sentences = [f"{lead} in the year {1850 + 7 * number}."]
    for offset in range(5):
        filler = _FILLER[(number + offset) % len(_FILLER)]
        sentences.append(f"{filler}, as the {topic.lower()} chapter notes ({number}.{offset}).")
    return " ".join(sentences)


def article_html() -> str:
    """A long article page; the needle sits in a paragraph in the middle of the article."""
    sections = []
    for index, (topic, lead) in enumerate(_TOPICS):
        paragraphs = [_paragraph(topic, lead, index * 3 + k) for k in range(3)]
        if index == len(_TOPICS) // 2:
            paragraphs[1] = paragraphs[1].replace(" Letters", f" {NEEDLE} Letters", 1)
            if NEEDLE not in paragraphs[1]:
                paragraphs[1] += " " + NEEDLE
        body = "".join(f"<p>{p}</p>\n" for p in paragraphs)
        sections.append(f"<h2>{topic}</h2>\n{body}")
        if index == 2:
            sections.append('<div class="ad-slot" id="div-gpt-ad-1">Advertisement</div>\n')
    comments = "".join(
        f'<li class="comment"><span class="author">reader{n}</span> Great read, thanks!</li>'
        for n in range(6)
    )
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        "<title>The lighthouse at Carrow Point | Coastal Gazette</title>"
        "<script>window.dataLayer=[];</script></head><body>"
        "<header><nav><a href='/'>Home</a> <a href='/news'>News</a> <a href='/sport'>Sport</a>"
        "<a href='/subscribe'>Subscribe</a></nav></header>"
        "<main><article><h1>The lighthouse at Carrow Point</h1>"
        "<p class='byline'>By A. Writer, 3 March 2024</p>\n" + "".join(sections) + "</article>"
        "<aside class='newsletter'>Sign up for our newsletter! Enter your email.</aside>"
        f"<section class='comments'><h3>Comments</h3><ul>{comments}</ul></section></main>"
        "<footer>© 2024 Coastal Gazette. All rights reserved.</footer></body></html>"
    )


def _config(**changes: object) -> Config:
    base = Config(
        allow_http=True,
        trusted_addresses=("127.0.0.1",),
        fetch_timeout_ms=30000,  # generous: the first fetch starts the extraction pool
        compressor="extractive",
    )
    return attrs.evolve(base, **changes)


def _app(html: str) -> web.Application:
    async def page(request: web.Request) -> web.Response:
        return web.Response(text=html, content_type="text/html")

    app = web.Application()
    app.router.add_get("/carrow", page)
    return app


def _normal(text: str) -> str:
    return " ".join(re.sub(r"[*_]", "", text).split())


async def test_web_fetch_keeps_the_needle_at_20_percent_of_the_page() -> None:
    async with serve(_app(article_html())) as base:
        url = base + "/carrow"
        async with build(_config(), resolver=FakeResolver({})) as toolkit:
            raw = (await toolkit.fetch({"url": url, "compress": False})).unwrap()[0].page
            assert raw is not None
            assert NEEDLE in _normal(raw.content)
            assert "newsletter" not in raw.content.lower()
            window = raw.total_chars // 5
            assert window < 5000 < raw.total_chars  # well under the configured 20000
            asked = {"url": url, "focus": QUESTION, "max_chars": window}
            page = (await toolkit.fetch(asked)).unwrap()[0].page
    assert page is not None
    assert page.compressed_by == "extractive"
    assert page.original_chars == raw.total_chars
    assert page.total_chars == len(page.content) <= window
    assert not page.truncated and page.next_start is None
    assert NEEDLE in _normal(page.content)
    assert "[…]" in page.content
    truncated_lead = raw.content[:window]
    assert NEEDLE not in _normal(truncated_lead)  # plain truncation would have lost it


async def test_web_fetch_of_a_page_that_fits_is_not_reported_as_compressed() -> None:
    async with (
        serve(_app(article_html())) as base,
        build(_config(), resolver=FakeResolver({})) as tk,
    ):
        asked = {"url": base + "/carrow", "focus": QUESTION, "compress": True}
        page = (await tk.fetch(asked)).unwrap()[0].page
    assert page is not None
    assert page.compressed_by is None
    assert page.original_chars is None
    assert page.total_chars == len(page.content) < 20000
    assert NEEDLE in _normal(page.content)
