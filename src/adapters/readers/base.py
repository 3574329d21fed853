"""What a hosted reader is: settings, the page it answers, and the `Reader` protocol."""

from __future__ import annotations

from typing import Protocol

import attrs
from returns.result import Result

from webdistill.kernel.errors import WebError
from webdistill.kernel.quoting import redacted_url

#: Base URLs of the hosted readers (WEB_READER_URL replaces them: self-hosting, tests).
DEFAULT_URLS = {"jina": "https://r.jina.ai", "firecrawl": "https://api.firecrawl.dev"}
LABELS = {"jina": "Jina Reader", "firecrawl": "Firecrawl"}


@attrs.frozen
class ReaderSettings:
    """Which reader, where, with which key (optional for Jina), within what limits."""

    name: str
    base_url: str = attrs.field(repr=redacted_url)
    api_key: str | None = attrs.field(default=None, repr=False)
    timeout_s: float = 30.0
    max_bytes: int = 5 * 1024 * 1024
    #: WEB_PROXY: the reader is called through it like every other outbound request.
    proxy: str | None = attrs.field(default=None, repr=redacted_url)

    @property
    def label(self) -> str:
        return LABELS.get(self.name, self.name)


@attrs.frozen
class ReaderPage:
    """A page as a hosted reader read it: Markdown and the title it found."""

    content: str
    title: str = ""
    published: str | None = None


class Reader(Protocol):
    """A hosted reader: reads a public URL from its own servers."""

    @property
    def name(self) -> str: ...

    @property
    def label(self) -> str: ...

    async def read(self, url: str) -> Result[ReaderPage, WebError]: ...

    async def close(self) -> None: ...
