"""`RenderingBackend`: a `WebBackend` decorator that renders a page in the local browser
when its static reading cannot show it.

When (WEB_RENDER):
- `auto` (default): the static reading came back flagged `needs_javascript`;
- `always`: every HTML page read in Markdown mode;
- a call's `render: true`: as `always` for that call (not with `never`);
- `never`: not at all.
The static reading comes first (robots.txt, the URL policy and the content type decide as
for any page); the rendered DOM then goes through the same HTML reader, and the page says
`reader = "browser"` with a notice. A render that fails or finds no more text leaves the
static page standing, with a notice saying why; with no browser installed, a flagged page
gets a notice saying how to install one. The render runs inside the fetch's total time
(WEB_FETCH_TIMEOUT_MS: a cold browser start counts there); the page itself gets at most
WEB_RENDER_TIMEOUT_MS of it once the browser runs.
The hosted reader (WEB_READER) wraps this: it is asked only when the browser could not read
the page.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol

import attrs
from returns.result import Result, Success

from webdistill.adapters.pipeline.deadline import enclosing_deadline
from webdistill.adapters.render.locate import INSTALL_HINT
from webdistill.adapters.render.renderer import RenderedDom
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import Document, FetchedPage, FetchRequest, SearchQuery
from webdistill.kernel.own_text import OwnText, number, own, sentences, words
from webdistill.kernel.ports import WebBackend

_HTML = frozenset({"text/html", "application/xhtml+xml"})
#: Time left for reading the rendered DOM after the render's deadline.
READ_RESERVE_S = 1.5
READER_NAME = "browser"
#: Time allowed to start the browser when no fetch deadline bounds the render.
START_ALLOWANCE_S = 30.0

HtmlReader = Callable[[bytes, str | None, str | None], Awaitable[Result[Document, WebError]]]


class Renderer(Protocol):
    async def render(self, url: str, timeout_s: float) -> Result[RenderedDom, WebError]: ...


class RenderingBackend:
    """Wraps the page backend; see the module docstring for when `renderer` is used.

    `renderer` None: no browser was found (or the driver is missing); `missing` says why."""

    def __init__(
        self,
        inner: WebBackend,
        renderer: Renderer | None,
        read_html: HtmlReader,
        *,
        mode: str,
        missing: OwnText | None = None,
        timeout_s: float = 10.0,
    ) -> None:
        self._inner = inner
        self._renderer = renderer
        self._read_html = read_html
        self._mode = mode
        self._missing = missing
        self._timeout_s = timeout_s

    async def search(self, query: SearchQuery) -> Result[Sequence[object], WebError]:
        return await self._inner.search(query)

    async def extract(self, request: FetchRequest) -> Result[object, WebError]:
        local = await self._inner.extract(request)
        if self._mode == "never" or request.extract_mode != "markdown":
            return local
        if not isinstance(local, Success) or not isinstance(local.unwrap(), FetchedPage):
            return local
        page: FetchedPage = local.unwrap()
        flagged = "needs_javascript" in page.flags
        asked = request.render or self._mode == "always"
        if not (flagged or asked) or page.content_type not in _HTML:
            return local
        if self._renderer is None:
            note = own(
                "No local browser could render it ({}). {}",
                self._missing or words("no browser"),
                INSTALL_HINT,
            )
            return Success(attrs.evolve(page, notice=sentences(page.notice, note)))
        return Success(await self._rendered(page, flagged=flagged))

    def _budget(self) -> float:
        """What the fetch's total time leaves the render (starting the browser included;
        the renderer bounds the page itself by WEB_RENDER_TIMEOUT_MS)."""
        enclosing = enclosing_deadline()
        if enclosing is None:  # no fetch deadline around (a bare backend): the render's own
            return self._timeout_s + START_ALLOWANCE_S
        return enclosing - asyncio.get_running_loop().time() - READ_RESERVE_S

    async def _rendered(self, page: FetchedPage, *, flagged: bool) -> FetchedPage:
        assert self._renderer is not None
        budget = self._budget()
        if budget < 0.5:
            note = words(
                "There was no time left in the fetch's total time to render it in the browser."
            )
            return attrs.evolve(page, notice=sentences(page.notice, note))
        try:  # the static page is never lost to the render: it stops before the fetch does
            async with asyncio.timeout(budget):
                rendered = await self._renderer.render(page.url, budget)
        except TimeoutError:
            note = words("Rendering it in the local browser ran out of the fetch's time.")
            return attrs.evolve(page, notice=sentences(page.notice, note))
        if not isinstance(rendered, Success):
            note = own(
                "{} This is the page as served, without scripts.", rendered.failure().message
            )
            return attrs.evolve(page, notice=sentences(page.notice, note))
        dom = rendered.unwrap()
        document = await self._read_html(dom.html.encode("utf-8"), "text/html; charset=utf-8",
                                         dom.url)  # fmt: skip
        if not isinstance(document, Success):
            note = own("Its rendered DOM could not be read ({})", document.failure().message)
            return attrs.evolve(page, notice=sentences(page.notice, note))
        doc = document.unwrap()
        still_shell = "needs_javascript" in doc.flags
        if (
            still_shell
            or not doc.markdown.strip()
            or (not flagged and len(doc.markdown) < len(page.content))
        ):
            note = words("Rendering it in the local browser found no more text.")
            return attrs.evolve(page, notice=sentences(page.notice, note))
        how = words("after its scripts ran" if dom.settled else "before it settled (time was up)")
        rendered_by = own(
            "This page was rendered by webdistill's local browser ({}; {} requests, every one "
            "through the guarded client).",
            how,
            number(dom.requests),
        )
        notice = sentences(doc.notice, rendered_by)
        return FetchedPage(
            url=page.url,  # the vetted URL: a script may rewrite its own (pushState)
            content=doc.markdown,
            title=doc.title or page.title,
            content_type="text/html",
            byline=doc.byline or page.byline,
            published=doc.published or page.published,
            site_name=doc.site_name or page.site_name,
            language=doc.language or page.language,
            flags=doc.flags,
            notice=notice,
            excerpt=doc.excerpt or page.excerpt,
            reader=READER_NAME,
        )
