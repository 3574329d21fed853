"""Which bodies are read on the event loop (extract/inline.py) and which go to the pool.

Only tiny ASCII plain text and very small ASCII HTML (at most 512 bytes and 12 tags) are read
inline; larger HTML, Markdown, JSON, PDFs (even ones served as text/plain), non-ASCII bodies
and anything over the byte thresholds go to the worker pool, where the fetch's deadline can
kill them. Through the composed toolkit all kinds read the same way.
"""

from __future__ import annotations

from aiohttp import web

from tests.extract.pdf_builder import build_pdf
from tests.http.fakes_http import FakeResolver
from tests.servers import serve
from webdistill import Config, build
from webdistill.adapters.extract.dispatch import extract_content
from webdistill.adapters.extract.inline import (
    INLINE_HTML_MAX_BYTES,
    INLINE_HTML_MAX_TAGS,
    INLINE_MAX_BYTES,
    read_inline,
    reads_inline,
)

NOTE = b"Opening hours\n\nMonday to Friday, 9 to 5.\r\nClosed on public holidays.\n"


def test_tiny_ascii_plain_text_is_read_inline() -> None:
    document = read_inline(NOTE, "text/plain; charset=utf-8", "https://example.org/hours")
    assert document is not None
    assert document.unwrap().title == "Opening hours"
    assert "Closed on public holidays." in document.unwrap().markdown


TINY_PAGE = (
    b'<html><head><title>Hours</title></head><body><p>Open at nine. <img src="/door.png" '
    b'alt="The door"></p></body></html>'
)  # 11 tags


def test_very_small_html_is_read_inline_as_the_pool_reads_it() -> None:
    url = "https://example.org/hours"
    for image_links in (True, False):
        document = read_inline(TINY_PAGE, "text/html", url, image_links=image_links)
        assert document == extract_content(TINY_PAGE, "text/html", url, image_links=image_links)
    assert "![The door](https://example.org/door.png)" in str(
        read_inline(TINY_PAGE, "text/html", url)
    )
    assert "![" not in str(read_inline(TINY_PAGE, "text/html", url, image_links=False))
    # served as text/plain but sniffed as HTML: read as the pool would, as HTML
    assert reads_inline(b"<html><body><p>hi</p></body></html>", "text/plain", url)


def test_html_past_either_bound_goes_to_the_pool() -> None:
    url = "https://example.org/x"
    at_tags = b"<p>a" * INLINE_HTML_MAX_TAGS
    assert reads_inline(at_tags, "text/html", url)
    assert not reads_inline(at_tags + b"<p>a", "text/html", url)
    at_bytes = b"<p>" + b"w" * (INLINE_HTML_MAX_BYTES - 3)
    assert reads_inline(at_bytes, "text/html", url)
    assert not reads_inline(at_bytes + b"w", "text/html", url)
    assert not reads_inline("<p>caf\u00e9</p>".encode(), "text/html", url)  # not ASCII


def test_everything_else_goes_to_the_pool() -> None:
    url = "https://example.org/x"
    assert not reads_inline(b"# Title\n\ntext", "text/markdown", url)
    assert not reads_inline(b"plain words", "text/plain", "https://example.org/notes.md")
    assert not reads_inline(b'{"a": 1}', "text/plain", url)  # sniffed as JSON
    assert not reads_inline(build_pdf(["tiny"]), "text/plain", url)  # magic number wins
    assert not reads_inline("caf\u00e9 au lait".encode(), "text/plain", url)  # not ASCII
    assert not reads_inline(b"a" * (INLINE_MAX_BYTES + 1), "text/plain", url)
    assert reads_inline(b"a" * INLINE_MAX_BYTES, "text/plain", url)


async def test_the_composed_toolkit_reads_both_kinds() -> None:
    async def note(request: web.Request) -> web.Response:
        return web.Response(body=NOTE, content_type="text/plain")

    async def page(request: web.Request) -> web.Response:
        html = "<html><head><title>Hours</title></head><body><p>Open at nine.</p></body></html>"
        return web.Response(text=html, content_type="text/html")

    app = web.Application()
    app.router.add_get("/note", note)
    app.router.add_get("/page", page)
    config = Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache="off",
                    fetch_timeout_ms=30_000)  # fmt: skip
    async with serve(app) as base, build(config, resolver=FakeResolver({})) as toolkit:
        (plain,) = (await toolkit.fetch({"url": base + "/note"})).unwrap()
        (html,) = (await toolkit.fetch({"url": base + "/page"})).unwrap()
    assert plain.page is not None and "Closed on public holidays." in plain.page.content
    assert html.page is not None and "Open at nine." in html.page.content
