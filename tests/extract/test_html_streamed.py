"""React's streamed Suspense content is read where a browser shows it (issue 30).

A page from React's streaming server renderer (Next.js's App Router, Remix) sends each
unfinished `<Suspense>` boundary as its fallback and the content later, in hidden
`<div hidden id="S:n">` segments that an inline script (`$RC`, `$RR`, `$RS`) moves into
place. Read as served, the article was "Loading the story…" and its paragraphs were hidden.

Shapes: `fixtures/streamed/react19_*.html` are the real output of react-dom 19.3.1's
`renderToPipeableStream` for a page of our own, `react18_article.html` react-dom 18.3.1's
(`fixtures/streamed/render.js` makes all three). React 18 writes the late segments and
scripts after `</body></html>`, where a browser still puts them in the body (the attack
b30z: read as "Loading the story…" until `parsing._reopened`). The external runtime's
`<template data-rci|data-rsi>` form (not read) is written from the constants of React's
`ReactFizzConfigDOM.js`. The fundus dev page of Anadolu Ajansı (a Next.js site) streams 50
segments this way.
"""

from __future__ import annotations

import pytest

from tests.extract.fixture_files import read_fixture
from webdistill.adapters.extract.html.reader import extract_html
from webdistill.adapters.extract.html.streamed import MAX_INSTRUCTIONS

BODY = (
    "The city council voted on Tuesday to rebuild the old stone bridge over the river",
    "Engineers told the council that the central arch has shifted by four centimetres",
    "We cannot wait for another flood to make the decision for us",
)


@pytest.mark.parametrize(
    "name", ["react19_article.html", "react19_prefixed_styles.html", "react18_article.html"]
)
def test_the_streamed_article_is_read_in_place_of_its_fallback(name: str) -> None:
    document = extract_html(read_fixture(f"streamed/{name}"), "https://gazette.example/bridge")
    for output in (document.text, document.markdown):
        for sentence in BODY:
            assert sentence in output
        assert "Loading the story" not in output
        positions = [output.index(sentence) for sentence in BODY]
        assert positions == sorted(positions)  # (the $RS segment inside the first one)
        assert output.index("Work on the nineteenth-century crossing") < positions[0]
        assert "© 2026" not in output


def test_segments_no_instruction_names_stay_hidden() -> None:
    # The instructions renamed away (an archived copy without them): a browser shows the
    # fallback and keeps the segments hidden, and so does the reader.
    page = read_fixture("streamed/react19_article.html").decode()
    for name in ("$RC", "$RS"):
        page = page.replace(name + "(", "$X" + name[2:] + "(")
    document = extract_html(page)
    assert BODY[0] not in document.text
    assert "Loading the story" in document.text


def _page(article: str, tail: str) -> str:
    return (
        "<!DOCTYPE html><html><head><title>Bridge</title></head><body>"
        "<header><nav><a href='/'>Home</a></nav></header>"
        f"<main><article><h1>Council votes to rebuild the old bridge</h1>{article}</article></main>"
        "<footer><p>Contact us</p></footer>"
        f"{tail}</body></html>"
    )


PARAGRAPHS = "".join(
    f"<p>{sentence}, the report of the week says in full.</p>" for sentence in BODY
)


def test_the_external_runtime_templates_alone_reveal_nothing() -> None:
    # `<template data-rci|data-rsi>` act only through React's external runtime script (its
    # address the site's choice): without reading it, the segments stay hidden.
    page = _page(
        "<!--$?--><template id='B:0'></template><p>Loading…</p><!--/$-->",
        f"<div hidden id='S:0'>{PARAGRAPHS}</div>"
        '<template data-rci="" data-bid="B:0" data-sid="S:0"></template>',
    )
    text = extract_html(page).text
    assert BODY[0] not in text
    assert "Loading…" in text


def test_a_nested_boundary_in_the_fallback_is_cleared_with_it() -> None:
    page = _page(
        "<!--$?--><template id='B:0'></template><div>Loading…<!--$?--><template id='B:9'>"
        "</template><span>Still loading</span><!--/$--></div><p>More skeleton</p><!--/$-->"
        "<p>The reporter can be reached at the newsroom.</p>",
        f'<div hidden id=\'S:0\'>{PARAGRAPHS}</div><script>$RC("B:0","S:0")</script>',
    )
    text = extract_html(page).text
    assert BODY[0] in text
    assert "skeleton" not in text and "Loading" not in text
    assert "The reporter can be reached at the newsroom." in text


@pytest.mark.parametrize(
    "tail",
    [
        # The boundary has no closing comment: a browser clears to the end and appends.
        f'<div hidden id=\'S:0\'>{PARAGRAPHS}</div><script>$RC("B:0","S:0")</script>',
        # The place is inside the content: nothing to do (the content stays hidden).
        f"<div hidden id='S:0'>{PARAGRAPHS}<template id='P:0'></template></div>"
        '<script>$RS("S:0","P:0")</script>',
        # Ids that do not exist, twice the same instruction, an id naming itself.
        '<script>$RC("B:7","S:7");$RS("S:8","S:8")</script>'
        f"<div hidden id='S:0'>{PARAGRAPHS}</div>"
        '<script>$RC("B:0","S:0");$RC("B:0","S:0")</script>',
    ],
)
def test_broken_instructions_neither_raise_nor_show_a_segment_twice(tail: str) -> None:
    page = _page("<!--$?--><template id='B:0'></template><p>Loading…</p>", tail)
    text = extract_html(page).text
    assert text.count(BODY[0]) <= 1


def test_instructions_past_the_bound_are_not_carried_out() -> None:
    calls = "".join(f'<script>$RC("B:x{n}","S:x{n}")</script>' for n in range(MAX_INSTRUCTIONS))
    page = _page(
        "<!--$?--><template id='B:0'></template><p>Loading…</p><!--/$-->",
        f'{calls}<div hidden id=\'S:0\'>{PARAGRAPHS}</div><script>$RC("B:0","S:0")</script>',
    )
    assert BODY[0] not in extract_html(page).text


async def test_a_streamed_page_fetched_through_the_toolkit_reads_its_article() -> None:
    # The user's path: `toolkit.fetch` of a page served on 127.0.0.1 by a real aiohttp server.
    from aiohttp import web

    from tests.servers import serve
    from tests.test_composed_fetch import fetch_one, loopback_config

    async def page(request: web.Request) -> web.Response:
        body = read_fixture("streamed/react19_article.html")
        return web.Response(body=body, content_type="text/html")

    app = web.Application()
    app.router.add_get("/bridge", page)
    async with serve(app) as base:
        outcome = await fetch_one(loopback_config(), {"url": base + "/bridge"})
    assert outcome.page is not None, outcome.error
    for sentence in BODY:
        assert sentence in outcome.page.content
    assert "Loading the story" not in outcome.page.content
