"""The hosted readers by name (`WEB_READER`), and the settings the configuration gives them."""

from __future__ import annotations

from webdistill.adapters.readers.base import DEFAULT_URLS, Reader, ReaderSettings
from webdistill.adapters.readers.firecrawl import FirecrawlReader
from webdistill.adapters.readers.jina import JinaReader


def reader_settings(
    name: str,
    base_url: str | None,
    api_key: str | None,
    timeout_s: float,
    max_bytes: int,
    *,
    proxy: str | None = None,
) -> ReaderSettings:
    """Settings for reader `name`; `base_url` None means the service's public endpoint."""
    return ReaderSettings(
        name=name,
        base_url=base_url or DEFAULT_URLS.get(name, ""),
        api_key=api_key,
        timeout_s=timeout_s,
        max_bytes=max_bytes,
        proxy=proxy,
    )


def make_reader(settings: ReaderSettings) -> Reader | None:
    """The reader `settings.name` names, or None for "none" (or an unknown name)."""
    if settings.name == "jina":
        return JinaReader(settings)
    if settings.name == "firecrawl":
        return FirecrawlReader(settings)
    return None
