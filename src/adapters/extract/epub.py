"""EPUB e-books: the chapters in reading order, each read by the HTML reader, as Markdown.

An EPUB is a ZIP (checked by `zipped.open_zip`) whose `META-INF/container.xml` names an OPF
package; the package lists the chapters (`spine`) and the book's title and authors. Each
chapter (XHTML) goes through `extract_html`; chapters are joined in spine order. Bounded:
at most `MAX_CHAPTERS` chapters and `MAX_OUTPUT_CHARS` characters are read (the rest is
named in the notice). Needs no extra dependency: zipfile and lxml.
"""

from __future__ import annotations

import posixpath
import zipfile
from urllib.parse import unquote

from lxml import etree
from returns.result import Failure, Result, Success

from webdistill.adapters.extract.html.reader import extract_html
from webdistill.adapters.extract.registry import ReadRequest
from webdistill.adapters.extract.zipped import EPUB, FORMAT_NAMES, open_zip, read_entry
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import Document
from webdistill.kernel.own_text import number, own, words

MAX_CHAPTERS = 400
MAX_OUTPUT_CHARS = 2_000_000


def _xml(data: bytes | None) -> etree._Element | None:
    if not data:
        return None
    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False, recover=True
    )
    try:
        return etree.fromstring(data, parser=parser)
    except (etree.XMLSyntaxError, ValueError):
        return None


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1].lower() if isinstance(tag, str) else ""


def _package_path(archive: zipfile.ZipFile) -> str | None:
    container = _xml(read_entry(archive, "META-INF/container.xml"))
    if container is not None:
        for node in container.iter():
            if _local(node.tag) == "rootfile" and node.get("full-path"):
                return node.get("full-path")
    return next((n for n in archive.namelist() if n.endswith(".opf")), None)


def _spine(package: etree._Element, base: str) -> tuple[str, list[str], list[str]]:
    """(title, authors, chapter paths in reading order) from the OPF package."""
    title, authors = "", []
    manifest: dict[str, str] = {}
    order: list[str] = []
    for node in package.iter():
        name = _local(node.tag)
        if name == "title" and not title:
            title = " ".join("".join(node.itertext()).split())
        elif name == "creator":
            authors.append(" ".join("".join(node.itertext()).split()))
        elif name == "item" and node.get("id") and node.get("href"):
            if "html" in (node.get("media-type") or "html"):
                manifest[node.get("id", "")] = node.get("href", "")
        elif name == "itemref" and node.get("idref"):
            order.append(node.get("idref", ""))
    paths = [
        posixpath.normpath(posixpath.join(base, unquote(manifest[ref].split("#", 1)[0])))
        for ref in order
        if ref in manifest
    ]
    return title, [a for a in authors if a], paths


def read_epub(request: ReadRequest) -> Result[Document, WebError]:
    """The book's chapters as Markdown under its title (and authors)."""
    opened = open_zip(request.body, FORMAT_NAMES[EPUB])
    if not isinstance(opened, Success):
        return Failure(opened.failure())
    with opened.unwrap() as archive:
        path = _package_path(archive)
        package = _xml(read_entry(archive, path)) if path else None
        if package is None or path is None:
            return Failure(
                WebError.of(
                    ErrorCode.UNSUPPORTED_CONTENT,
                    own("The e-book (EPUB) has no readable package (OPF) listing its chapters."),
                )
            )
        title, authors, chapters = _spine(package, posixpath.dirname(path))
        parts: list[str] = []
        texts: list[str] = []
        size = read = 0
        for chapter in chapters[:MAX_CHAPTERS]:
            data = read_entry(archive, chapter)
            if data is None:
                continue
            document = extract_html(data, request.url)
            if document.markdown.strip():
                parts.append(document.markdown)
                texts.append(document.text)
                size += len(document.markdown)
            read += 1
            if size > MAX_OUTPUT_CHARS:
                break
    left = len(chapters) - read
    head = [f"# {title}"] if title else []
    if authors:
        head.append("By " + ", ".join(authors))
    markdown = "\n\n".join([*head, *parts])
    notice = None
    if left > 0:
        notice = own(
            "Only the first {} of {} chapters were read (size limit).",
            number(read),
            number(len(chapters)),
        )
    return Success(
        Document(
            title=title,
            markdown=markdown,
            text="\n\n".join([*head, *texts]),
            content_type=EPUB,
            byline=", ".join(authors) or None,
            flags=() if parts else ("empty",),
            notice=notice if parts else words("The e-book has no readable text."),
        )
    )
