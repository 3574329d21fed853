"""App shells in the shapes real frameworks send: RSC text rows, HTML in JSON-LD articleBody,
and a Nuxt 2 payload whose transcript is one very long string literal.

Sources (see tests/shells/fixtures/SOURCES.md):
- Next.js App Router: a real page saved by novitae/njsparser (`test/src/swag.live.html`, MIT),
  excerpted; its RSC text rows (`<id>:T<hex byte length>,<text>`, header and body in two
  `self.__next_f.push` calls, no newline after the text) carry scripts and JSON-LD. The
  article is added as one more text row in that framing: React sends every string of 1,024
  characters or more this way, referenced from the tree as "$<id>".
- JSON-LD: schema.org `NewsArticle` whose `articleBody` is the CMS body field's HTML (`<p>`
  paragraphs with inline `<a href>`), as Drupal's schema_metatag and WordPress plugins emit it.
- Nuxt 2: `window.__NUXT__=(function(a,b,...){return {layout:"default",data:[...],...}}(...))`,
  the devalue IIFE nuxt/nuxt.js 2's vue-renderer writes (`window.${globals.context}=
  ${devalue(renderContext.nuxt)}`), strings double-quoted with `\\u002F` escapes.
"""

from __future__ import annotations

import json
from pathlib import Path

from webdistill import extract_html
from webdistill.adapters.extract.html import embedded

FIXTURES = Path(__file__).parent / "fixtures"
URL = "https://tides-demo.net/notes/spring-tides"
ARTICLE = [
    "Spring tides come twice a month, at new and full moon, when the pull of the Sun lines up "
    "with the pull of the Moon and the range between high and low water is at its widest.",
    "Neap tides fall between them, at the quarter moons, when the two pulls work at right "
    "angles; the sea then rises and falls the least, and rock pools stay cut off for hours.",
    "Harbour masters publish both in their tables. A skipper leaving at dawn on a spring tide "
    "has more water over the bar on the way out and less of it two hours later on the way back.",
    "The naming is old: spring has nothing to do with the season, it comes from the Old English "
    "for a welling up — the water seems to leap up the beach, métre after métre.",
    "Storm surges ride on top of whichever tide is running, which is why a gale at a spring "
    "high water does the most damage along the coast, and why warnings name the tide time.",
    "Tide gauges have recorded the difference for more than a century; the record shows the "
    "spring range creeping up in some estuaries as channels are dredged deeper for shipping.",
    "Walkers crossing to tidal islands should read the safe-crossing times, not the tide time: "
    "the causeway floods well before high water and the sea comes in faster than a person runs.",
]


def _push(text: str) -> str:
    return f"<script>self.__next_f.push({json.dumps([1, text])})</script>"


def next_page_with_text_row(text: str) -> str:
    """The real page with the article as text row 1f, split over two pushes like the page's own
    rows, and the element referencing it."""
    size = len(text.encode("utf-8"))  # (the length React writes is in bytes, not characters)
    half = len(text) // 2
    rows = (
        _push(f"1f:T{size:x},")
        + _push(text[:half])
        + _push(text[half:])
        + _push('1e:["$","article",null,{"className":"note","children":"$1f"}]\n')
    )
    page = (FIXTURES / "next_app_router_swag_live.excerpt.html").read_text(encoding="utf-8")
    return page.replace("<!-- ARTICLE ROWS -->", rows)


def test_a_next_app_router_article_in_an_rsc_text_row_is_read() -> None:
    doc = extract_html(next_page_with_text_row("\n\n".join(ARTICLE)), URL)
    assert "needs_javascript" not in doc.flags and "empty" not in doc.flags
    assert doc.notice is not None and "self.__next_f" in doc.notice
    for paragraph in ARTICLE:
        assert paragraph in doc.text
    assert doc.text.startswith(ARTICLE[0])  # the row is cut at its byte length: nothing after
    # the page's own text rows (inline scripts, JSON-LD) are not prose
    assert "localforage" not in doc.text and "uuidv4" not in doc.text
    assert "schema.org" not in doc.text and "@graph" not in doc.text


def test_the_real_page_without_an_article_stays_needs_javascript() -> None:
    page = (FIXTURES / "next_app_router_swag_live.excerpt.html").read_text(encoding="utf-8")
    doc = extract_html(page, URL)
    assert doc.flags == ("needs_javascript",)


def json_ld_page(body_html: str) -> str:
    ld = {
        "@context": "https://schema.org",
        "@type": "NewsArticle",
        "headline": "Spring tides and neap tides",
        "datePublished": "2026-03-20T08:00:00+00:00",
        "author": {"@type": "Person", "name": "Ada Shore"},
        "articleBody": body_html,
    }
    bundle = "<script>var state=" + json.dumps(list(range(3000))) + ";</script>"
    return (
        "<!doctype html><html><head><title>Spring tides and neap tides</title>"
        f'<script type="application/ld+json">{json.dumps(ld)}</script>{bundle}</head>'
        '<body><div id="root"><nav>Home</nav></div></body></html>'
    )


def test_json_ld_article_body_html_is_converted_not_returned_with_its_tags() -> None:
    body = (
        f'<p>{ARTICLE[0]} See the <a href="/tables/2026">tide tables</a> for dates.</p>'
        f"<p>{ARTICLE[1]}</p><p>{ARTICLE[2]}</p>"
    )
    doc = extract_html(json_ld_page(body), URL)
    assert doc.notice is not None and "JSON-LD" in doc.notice
    assert "<p>" not in doc.markdown and "<a " not in doc.markdown and "</a>" not in doc.text
    assert "[tide tables](https://tides-demo.net/tables/2026)" in doc.markdown
    assert "See the tide tables for dates." in doc.text
    assert doc.markdown.count("\n\n") >= 2  # one paragraph each


def test_json_ld_article_body_with_only_inline_links_is_converted() -> None:
    # no block tag at all: a body of text with inline <a href> (still HTML)
    body = " ".join(ARTICLE[:3]) + ' Read <a href="https://tides-demo.net/faq">the FAQ</a>.'
    doc = extract_html(json_ld_page(body), URL)
    assert "<a href" not in doc.markdown
    assert "[the FAQ](https://tides-demo.net/faq)" in doc.markdown


BIO = (
    "Ada Shore is the station's coastal correspondent. She has covered the harbour, the "
    "lifeboat crews and the tide gauges of the estuary for twelve years."
)


def nuxt2_transcript_page(transcript: str) -> str:
    args = ",".join(json.dumps(v).replace("/", "\\u002F") for v in (BIO, transcript, "Ada Shore"))
    return (
        "<!doctype html><html data-n-head-ssr><head><title>Tide talk, episode 12</title>"
        '<link rel="preload" href="/_nuxt/2d4e6f.js" as="script"></head>'
        '<body><div data-server-rendered="true" id="__nuxt"><!----><div id="__layout">'
        "<div><header>Tide talk</header><!----></div></div></div>"
        '<script>window.__NUXT__=(function(a,b,c){return {layout:"default",'
        "data:[{episode:{number:12,host:{name:c,bio:a},transcript:b}}],fetch:{},"
        'error:null,serverRendered:true,routePath:"\\u002Fepisodes\\u002F12"}}(' + args + "));"
        '</script><script src="/_nuxt/2d4e6f.js" defer></script></body></html>'
    )


def test_a_nuxt2_transcript_in_one_long_literal_is_read_whole_and_leads() -> None:
    lines = [f"Speaker {i % 2 + 1}: {ARTICLE[i % len(ARTICLE)]} (minute {i})" for i in range(700)]
    transcript = "\n".join(lines)
    assert len(transcript) > 130_000  # the case: one literal past the old 20,000 cap
    doc = extract_html(nuxt2_transcript_page(transcript), URL)
    assert doc.notice is not None and "window.__NUXT__" in doc.notice
    assert doc.text.startswith(lines[0])  # the transcript leads, not the host's bio
    assert lines[-1] in doc.text and lines[350] in doc.text  # whole, not cut
    assert BIO in doc.text  # the bio is still there, after it


def test_a_huge_nuxt2_literal_is_bounded() -> None:
    sentence = "The tide gauge at the pier read four metres and twenty at the top of the flood. "
    transcript = sentence * (2 * embedded.MAX_LITERAL_CHARS // len(sentence))
    doc = extract_html(nuxt2_transcript_page(transcript), URL)
    assert len(doc.text) <= embedded.MAX_OUTPUT_CHARS + 10_000
    assert doc.text.startswith(sentence.strip())
