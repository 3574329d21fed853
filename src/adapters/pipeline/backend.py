"""`HttpWebBackend`: the production `WebBackend`, made of a page client, an extractor and a
search provider chain (all injected by the composition root).

`extract` fetches the URL through the guarded client, turns the bytes into a `Document`
and answers a `FetchedPage`, which the kernel re-validates. With a `pool` (the composed
toolkit always has one) every body is read in a worker process that the fetch's deadline can
kill (extract/pool.py), except what the `inline` reader takes (the composed toolkit's:
tiny ASCII plain text and very small HTML, extract/inline.py, whose cost is small and
bounded); without
a pool, large bodies go to a thread and small
ones run inline.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

import attrs
from returns.result import Failure, Result, Success

from webdistill.adapters.extract.pool import ExtractionPool
from webdistill.adapters.pipeline.alternates import (
    MARKDOWN_ACCEPT,
    MARKDOWN_TYPES,
    markdown_alternate,
)
from webdistill.adapters.pipeline.raw import PageResponse, raw_page
from webdistill.adapters.pipeline.turns import end_host_turn
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import Document, FetchedPage, FetchRequest, SearchQuery
from webdistill.kernel.own_text import sentences, words

#: Bodies larger than this are extracted in a worker thread, so the loop keeps serving.
THREAD_THRESHOLD_BYTES = 64 * 1024

TRUNCATED_BODY_NOTICE = words(
    "The page was larger than the download limit (WEB_MAX_RESPONSE_BYTES); only its "
    "beginning was read."
)


class PageClient(Protocol):
    async def get(
        self,
        url: str,
        *,
        headers: Mapping[str, str] | None = None,
        timeout_s: float | None = None,
    ) -> Result[PageResponse, WebError]: ...


class Searcher(Protocol):
    async def search(self, query: SearchQuery) -> Result[Sequence[object], WebError]: ...


Extractor = Callable[[bytes, str | None, str | None], Result[Document, WebError]]
#: Reads a body in this process when that is cheap and bounded, else answers None.
InlineReader = Callable[[bytes, str | None, str | None], Result[Document, WebError] | None]


class HttpWebBackend:
    """Implements the `WebBackend` port over a page client, an extractor and a searcher."""

    def __init__(
        self,
        client: PageClient,
        extractor: Extractor,
        searcher: Searcher,
        *,
        pool: ExtractionPool | None = None,
        inline: InlineReader | None = None,
    ) -> None:
        self._client = client
        self._extractor = extractor
        self._searcher = searcher
        self._pool = pool
        self._inline = inline

    async def search(self, query: SearchQuery) -> Result[Sequence[object], WebError]:
        return await self._searcher.search(query)

    async def extract(self, request: FetchRequest) -> Result[object, WebError]:
        timeout_s = request.timeout_ms / 1000 if request.timeout_ms is not None else None
        fetched = await self._client.get(request.url, timeout_s=timeout_s)
        end_host_turn()  # the connection is back in the pool: the host's next page may go
        if not isinstance(fetched, Success):
            return Failure(fetched.failure())
        response = fetched.unwrap()
        if request.extract_mode == "raw":
            return raw_page(response)
        document = None
        if self._pool is not None and self._inline is not None:  # no coroutine for these
            document = self._inline(response.body, response.content_type or None, response.url)
        if document is None:
            document = await self._read(response)
        if not isinstance(document, Success):
            return Failure(document.failure())
        page = _as_page(response, document.unwrap())
        if page.content_type in {"text/html", "application/xhtml+xml"}:
            return Success(await self._markdown_version(response, page))
        return Success(page)

    async def _read(self, response: PageResponse) -> Result[Document, WebError]:
        content_type = response.content_type or None
        if self._pool is not None:  # what the inline reader takes never comes here (extract)
            return await self._pool.run(self._extractor, response.body, content_type, response.url)
        if len(response.body) > THREAD_THRESHOLD_BYTES:
            return await asyncio.to_thread(
                self._extractor, response.body, content_type, response.url
            )
        return self._extractor(response.body, content_type, response.url)

    async def _markdown_version(self, response: PageResponse, page: FetchedPage) -> FetchedPage:
        """The page's same-origin Markdown alternate, when it links one that reads well."""
        target = markdown_alternate(response.body, response.url)
        if target is None:
            return page
        fetched = await self._client.get(target, headers={"Accept": MARKDOWN_ACCEPT})
        if not isinstance(fetched, Success):
            return page
        alternate = fetched.unwrap()
        media = alternate.content_type.split(";", 1)[0].strip().lower()
        if media not in MARKDOWN_TYPES:
            return page
        charset = alternate.content_type.partition(";")[2]
        declared = f"text/markdown;{charset}"
        if self._pool is not None:
            document = await self._pool.run(
                self._extractor, alternate.body, declared, alternate.url
            )
        else:
            document = self._extractor(alternate.body, declared, alternate.url)
        if not isinstance(document, Success) or not document.unwrap().markdown.strip():
            return page
        read = _as_page(alternate, document.unwrap())
        return attrs.evolve(
            read,
            url=page.url,
            title=page.title or read.title,
            byline=page.byline,
            published=page.published,
            site_name=page.site_name,
            language=page.language,
        )


def _as_page(response: PageResponse, document: Document) -> FetchedPage:
    flags = document.flags
    notice = document.notice
    if response.truncated:
        flags = (*flags, "body_truncated")
        notice = sentences(notice, TRUNCATED_BODY_NOTICE)
    return FetchedPage(
        url=response.url,
        content=document.markdown,
        title=document.title,
        content_type=document.content_type
        or response.content_type.split(";", 1)[0].strip().lower(),
        byline=document.byline,
        published=document.published,
        site_name=document.site_name,
        language=document.language,
        flags=flags,
        notice=notice,
        excerpt=document.excerpt,
    )
