"""Which bodies are read on the event loop (extract/inline.py) and which go to the pool.

Only tiny ASCII plain text is read inline; HTML, Markdown, JSON, PDFs (even ones served as
text/plain), non-ASCII text and anything over the byte threshold go to the worker pool,
where the fetch's deadline can kill them. Through the composed toolkit both kinds read the
same way.
"""

from __future__ import annotations

from aiohttp import web

from tests.extract.pdf_builder import build_pdf
from tests.http.fakes_http import FakeResolver
from tests.servers import serve
from webdistill import Config, build
from webdistill.adapters.extract.inline import INLINE_MAX_BYTES, read_inline, reads_inline

NOTE = b"Opening hours\n\nMonday to Friday, 9 to 5.\r\nClosed on public holidays.\n"


def test_tiny_ascii_plain_text_is_read_inline() -> None:
    document = read_inline(NOTE, "text/plain; charset=utf-8", "https://example.org/hours")
    assert document is not None
    assert document.unwrap().title == "Opening hours"
    assert "Closed on public holidays." in document.unwrap().markdown


def test_everything_else_goes_to_the_pool() -> None:
    url = "https://example.org/x"
    assert not reads_inline(b"<html><body><p>hi</p></body></html>", "text/html", url)
    assert not reads_inline(b"<html><body><p>hi</p></body></html>", "text/plain", url)
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
