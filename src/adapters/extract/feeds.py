"""Handlers for XML documents: RSS/Atom feeds become a list of items, other XML an outline.

Parsing is safe against hostile XML: no entity resolution, no network, no DTD loading,
libxml2's default depth/size limits (no `huge_tree`).
"""

from __future__ import annotations

from lxml import etree
from returns.result import Failure, Result, Success

from webdistill.adapters.extract.registry import ReadRequest
from webdistill.adapters.extract.xml_tree import xml_outline
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import Document
from webdistill.kernel.own_text import own, words

MAX_FEED_ITEMS = 50
MAX_SUMMARY_CHARS = 500


def _parser() -> etree.XMLParser:
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        huge_tree=False,
        recover=True,
        remove_comments=True,
        remove_pis=True,
    )


def _local(tag: object) -> str:
    if not isinstance(tag, str):
        return ""
    return tag.rsplit("}", 1)[-1].split(":")[-1].lower()


def _child(node: etree._Element, *names: str) -> etree._Element | None:
    for child in node:
        if _local(child.tag) in names:
            return child
    return None


def _text_of(node: etree._Element | None) -> str:
    if node is None:
        return ""
    return " ".join("".join(node.itertext()).split())


def _html_to_text(fragment: str) -> str:
    if "<" not in fragment:
        return " ".join(fragment.split())
    try:
        from lxml import html as lxml_html

        return " ".join(lxml_html.fromstring(fragment).text_content().split())
    except (etree.ParserError, ValueError, etree.XMLSyntaxError):
        return " ".join(fragment.split())


def _link(item: etree._Element) -> str:
    for child in item:
        if _local(child.tag) != "link":
            continue
        href = child.get("href")
        if href and child.get("rel", "alternate") == "alternate":
            return href.strip()
        if child.text and child.text.strip():
            return child.text.strip()
    guid = _child(item, "guid", "id")
    text = _text_of(guid)
    return text if text.startswith(("http://", "https://")) else ""


def _feed_item(item: etree._Element) -> tuple[str, str, str, str]:
    title = _text_of(_child(item, "title"))
    date = _text_of(_child(item, "pubdate", "published", "updated", "date"))
    summary = _html_to_text(_text_of(_child(item, "description", "summary", "content")))
    if len(summary) > MAX_SUMMARY_CHARS:
        summary = summary[:MAX_SUMMARY_CHARS].rsplit(" ", 1)[0] + " …"
    return title, _link(item), date, summary


def _read_feed(root: etree._Element, atom: bool) -> Document:
    channel_el = None if atom else _child(root, "channel")
    channel = root if channel_el is None else channel_el
    title = _text_of(_child(channel, "title"))
    items = [e for e in root.iter() if _local(e.tag) in {"item", "entry"}]
    md_lines = [f"# {title}" if title else "# Feed", ""]
    text_lines = [title or "Feed", ""]
    for number, item in enumerate(items[:MAX_FEED_ITEMS], 1):
        item_title, link, date, summary = _feed_item(item)
        heading = item_title or "(untitled)"
        md_lines.append(f"{number}. [{heading}]({link})" if link else f"{number}. {heading}")
        text_lines.append(f"{number}. {heading}")
        for extra in (date, summary):
            if extra:
                md_lines.append(f"   {extra}")
                text_lines.append(f"   {extra}")
    if len(items) > MAX_FEED_ITEMS:
        note = f"... {len(items) - MAX_FEED_ITEMS} more items ({len(items)} in total)"
        md_lines.append(note)
        text_lines.append(note)
    kind = "application/atom+xml" if atom else "application/rss+xml"
    return Document(
        title=title,
        markdown="\n".join(md_lines).strip(),
        text="\n".join(text_lines).strip(),
        content_type=kind,
        flags=() if items else ("empty",),
        notice=None if items else words("The feed has no items."),
    )


def read_xml(request: ReadRequest) -> Result[Document, WebError]:
    """RSS/Atom feeds as a list of items (title, link, date, summary); other XML as text."""
    try:
        root = etree.fromstring(request.body, parser=_parser())
    except (etree.XMLSyntaxError, ValueError) as exc:
        return Failure(
            WebError.of(
                ErrorCode.UNSUPPORTED_CONTENT,
                own("The XML document could not be parsed; it may be truncated or not XML."),
                web_text=f"the XML parser said: {str(exc)[:400]}",
            )
        )
    if root is None:
        return Failure(WebError.of(ErrorCode.UNSUPPORTED_CONTENT, "The XML document is empty."))
    name = _local(root.tag)
    if name in {"rss", "rdf"}:
        return Success(_read_feed(root, atom=False))
    if name == "feed":
        return Success(_read_feed(root, atom=True))
    return Success(xml_outline(root))
