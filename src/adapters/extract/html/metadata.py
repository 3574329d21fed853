"""Page metadata from the HTML head and body: title, byline, date, site name, language."""

from __future__ import annotations

import json

import attrs
from lxml import etree

from webdistill.adapters.extract.html.block import text_of

_TITLE_SEPARATORS = (" | ", " - ", " — ", " – ", " :: ", " · ")


@attrs.frozen
class PageMeta:
    """What the page says about itself."""

    title: str = ""
    byline: str | None = None
    published: str | None = None
    site_name: str | None = None
    language: str | None = None
    description: str | None = None


def _clean(value: str | None) -> str | None:
    if value is None:
        return None
    value = " ".join(value.split())
    return value[:300] or None


def _metas(root: etree._Element) -> dict[str, str]:
    found: dict[str, str] = {}
    for meta in root.iter("meta"):
        key = (meta.get("property") or meta.get("name") or meta.get("itemprop") or "").lower()
        content = meta.get("content")
        if key and content and key not in found:
            found[key] = content
    return found


def _json_ld(root: etree._Element) -> dict[str, object]:
    for script in root.iter("script"):
        if (script.get("type") or "").lower() != "application/ld+json" or not script.text:
            continue
        try:
            data = json.loads(script.text[:200_000])
        except (ValueError, RecursionError):
            continue
        items = data.get("@graph", [data]) if isinstance(data, dict) else data
        if not isinstance(items, list):  # (a bare string or number is no object)
            continue
        for item in items:
            if isinstance(item, dict) and ("datePublished" in item or "author" in item):
                return item
    return {}


def _ld_author(value: object) -> str | None:
    if isinstance(value, list):
        names = [_ld_author(v) for v in value[:5]]
        joined = ", ".join(n for n in names if n)
        return joined or None
    if isinstance(value, dict):
        name = value.get("name")
        return name if isinstance(name, str) else None
    return value if isinstance(value, str) else None


def _first_text(root: etree._Element, tag: str) -> str | None:
    node = next(root.iter(tag), None)
    return _clean(text_of(node)) if node is not None else None


#: Compiled once (lxml serialises calls of one XPath object across threads).
_AUTHOR_NODES = etree.XPath('//*[@rel="author" or @itemprop="author"]')


def read_meta(root: etree._Element) -> PageMeta:
    """Metadata from <meta> tags, JSON-LD, <title>, <h1>, <time> and <html lang>."""
    metas = _metas(root)
    ld = _json_ld(root)
    title = _clean(metas.get("og:title") or metas.get("twitter:title"))
    title = title or _first_text(root, "title") or _first_text(root, "h1") or ""
    site = _clean(metas.get("og:site_name") or metas.get("application-name"))
    if site is None and title:
        for sep in _TITLE_SEPARATORS:
            if sep in title:
                site = _clean(title.rsplit(sep, 1)[1])
                break
    byline = _clean(
        metas.get("author") or metas.get("article:author") or _ld_author(ld.get("author"))
    )
    if byline and byline.startswith(("http://", "https://")):
        byline = None
    if byline is None:
        node = next(iter(_AUTHOR_NODES(root)), None)
        byline = _clean(text_of(node)) if isinstance(node, etree._Element) else None
    date = metas.get("article:published_time") or metas.get("date") or metas.get("dc.date")
    date = date or metas.get("datepublished") or metas.get("pubdate")
    ld_date = ld.get("datePublished")
    if not date and isinstance(ld_date, str):
        date = ld_date
    if not date:
        node = next(root.iter("time"), None)
        if node is not None:
            date = node.get("datetime") or text_of(node)
    language = root.get("lang") or root.get("xml:lang") or metas.get("og:locale")
    if not language:
        body = root.find("body")
        language = body.get("lang") if body is not None else None
    return PageMeta(
        title=title,
        byline=byline,
        published=_clean(date),
        site_name=site,
        language=_clean(language),
        description=_clean(
            metas.get("description")
            or metas.get("og:description")
            or metas.get("twitter:description")
        ),
    )
