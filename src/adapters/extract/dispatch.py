"""Content-type dispatch: which handler reads a body, by declared type and then by sniffing.

Order: caller-registered handlers (declared type, then sniffed type), then the built-in
handlers. A binary format recognised by its magic number overrides a declared text type
(a PDF served as text/plain is still a PDF); a missing, generic or unknown declared type
is replaced by the sniffed one (a ZIP narrowed to DOCX/XLSX/PPTX/EPUB by its entries), or
by the URL's extension (`.yaml`, `.docx`, `.xml`...). Types nobody reads (images, audio,
video, archives, executables, legacy office files) are UNSUPPORTED_CONTENT naming the type.
"""

from __future__ import annotations

import importlib
import logging

import attrs
from returns.result import Failure, Result, Success

from webdistill.adapters.extract.decoding import charset_from_content_type, decode_text
from webdistill.adapters.extract.plain import (
    read_csv,
    read_json,
    read_markdown,
    read_plain_text,
)
from webdistill.adapters.extract.registry import (
    Handler,
    HandlerRegistry,
    ReadFunction,
    ReadRequest,
)
from webdistill.adapters.extract.sniff import media_type_of, sniff, sniff_binary, sniff_text
from webdistill.adapters.extract.zipped import DOCX, EPUB, PPTX, XLSX, ZIP_FORMATS, zip_kind
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import Document
from webdistill.kernel.own_text import (
    OwnText,
    describe_media_type,
    name,
    number,
    own,
    sentences,
)

#: Declared types that say nothing about the content: sniff instead.
GENERIC_TYPES = frozenset(
    {
        "",
        "application/octet-stream",
        "binary/octet-stream",
        "application/unknown",
        "unknown/unknown",
        "application/x-unknown-content-type",
        "application/force-download",
        "application/download",
    }
)
#: Binary types whose magic numbers are long enough to overrule a declared text type.
STRONG_MAGIC_TYPES = frozenset(
    {
        "application/pdf",
        "image/png",
        "image/gif",
        "image/jpeg",
        "image/webp",
        "application/zip",
        "application/gzip",
        "application/x-executable",
        "application/x-7z-compressed",
        "application/vnd.rar",
        "application/x-ole-storage",
        "application/wasm",
        "application/vnd.sqlite3",
        "application/vnd.openxmlformats-officedocument",
        "video/mp4",
        *ZIP_FORMATS,
    }
)
_EXTENSION_TYPES = {
    ".md": "text/markdown",
    ".markdown": "text/markdown",
    ".csv": "text/csv",
    ".tsv": "text/tab-separated-values",
    ".json": "application/json",
    ".yaml": "application/yaml",
    ".yml": "application/yaml",
    ".xml": "application/xml",
    ".rss": "application/rss+xml",
    ".atom": "application/atom+xml",
    ".docx": DOCX,
    ".xlsx": XLSX,
    ".pptx": PPTX,
    ".epub": EPUB,
}
_EXTENSIONS = tuple(_EXTENSION_TYPES)
_YAML_TYPES = ("application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml")


def _read_html(request: ReadRequest) -> Result[Document, WebError]:
    # (imported here: lxml and the reader cost ~0.1-0.2 s, which a process that only
    # dispatches, the parent of the extraction pool, never needs to pay)
    from webdistill.adapters.extract.html.reader import extract_html

    charset = charset_from_content_type(request.content_type)
    declared = f"text/html; charset={charset}" if charset else "text/html"
    text = decode_text(request.body, declared)
    return Success(extract_html(text, request.url, image_links=request.image_links))


def _kind_name(media_type: str) -> OwnText:
    kind = media_type.split("/", 1)[0]
    names = {
        "image": own("an image"),
        "audio": own("audio"),
        "video": own("a video"),
        "font": own("a font"),
    }
    if kind in names:
        return names[kind]
    if any(k in media_type for k in ("zip", "gzip", "tar", "rar", "7z", "bzip", "xz", "zstd")):
        return own("an archive")
    if any(
        k in media_type
        for k in (
            "msword",
            "officedocument",
            "ms-excel",
            "ms-powerpoint",
            "opendocument",
            "ole-storage",
            "rtf",
        )
    ):
        return own("an office document")
    if any(
        k in media_type
        for k in (
            "executable",
            "msdownload",
            "mach-binary",
            "java-vm",
            "wasm",
            "x-sharedlib",
            "elf",
        )
    ):
        return own("an executable")
    return own("a binary file")


def _unsupported(request: ReadRequest) -> Result[Document, WebError]:
    media = request.media_type or "application/octet-stream"
    return Failure(
        WebError.of(
            ErrorCode.UNSUPPORTED_CONTENT,
            own(
                "This URL returned {} ({}), which cannot be read as text. "
                "Look for an HTML page, PDF or text version of the same content.",
                _kind_name(media),
                describe_media_type(media),
            ),
            media_type=media,
        )
    )


#: The readers of the rarer formats, as (module, function): each module is imported when its
#: first body arrives (YAML, PDF, feeds, office and EPUB readers cost imports that an HTML page
#: or `webdistill extract page.html` never needs), in whichever process reads that body: the
#: extraction fork server loads only the HTML reader (`load_html_reader`), so a worker pays
#: for the PDF reader at its first PDF, not every first page for all of them.
_LAZY_READERS = {
    "pdf": ("webdistill.adapters.extract.pdf", "read_pdf"),
    "xml": ("webdistill.adapters.extract.feeds", "read_xml"),
    "yaml": ("webdistill.adapters.extract.yaml_doc", "read_yaml"),
    "office": ("webdistill.adapters.extract.office", "read_office"),
    "epub": ("webdistill.adapters.extract.epub", "read_epub"),
}


def _lazy(name: str) -> ReadFunction:
    """The reader `name` of `_LAZY_READERS`, imported on its first call."""
    module, function = _LAZY_READERS[name]

    def read(request: ReadRequest) -> Result[Document, WebError]:
        reader: ReadFunction = getattr(importlib.import_module(module), function)
        return reader(request)

    read.__name__ = read.__qualname__ = function
    return read


def load_html_reader() -> None:
    """Import the HTML reader now (the fork server's preload). The rarer readers
    (`_LAZY_READERS`) load in the worker whose body first needs one: the fork server no longer
    pays ~80 ms for them in front of the first page."""
    importlib.import_module("webdistill.adapters.extract.html.reader")


def builtin_handlers() -> HandlerRegistry:
    """The handlers shipped with webdistill, most specific first."""
    return HandlerRegistry(
        [
            Handler("html", ("text/html", "application/xhtml+xml", "application/vnd.wap.xhtml+xml"),
                    _read_html),
            Handler("pdf", ("application/pdf", "application/x-pdf"), _lazy("pdf")),
            Handler("markdown", ("text/markdown", "text/x-markdown"), read_markdown),
            Handler("csv", ("text/csv", "text/tab-separated-values", "application/csv"), read_csv),
            Handler("json", ("application/json", "text/json", "application/ld+json",
                             "application/geo+json", "application/manifest+json"), read_json),
            Handler("xml", ("application/xml", "text/xml", "application/rss+xml",
                            "application/atom+xml", "application/rdf+xml"), _lazy("xml")),
            Handler("yaml", _YAML_TYPES, _lazy("yaml")),
            Handler("office", (DOCX, XLSX, PPTX), _lazy("office")),
            Handler("epub", (EPUB,), _lazy("epub")),
            Handler("text", ("text/*",), read_plain_text),
            Handler("unsupported", ("image/*", "audio/*", "video/*", "font/*", "model/*",
                                    "application/*", "multipart/*", "message/*"), _unsupported),
        ]
    )  # fmt: skip


_BUILTIN = builtin_handlers()


def _structured_suffix(media_type: str) -> str:
    if media_type.endswith("+json"):
        return "application/json"
    if media_type.endswith("+xml"):
        return "application/xml"
    if media_type.endswith("+yaml"):
        return "application/yaml"
    return media_type


def _binary_type(body: bytes) -> str | None:
    """The magic-number type, with a ZIP narrowed to the document format it holds."""
    binary = sniff_binary(body)
    if binary in {"application/zip", "application/vnd.openxmlformats-officedocument"}:
        return zip_kind(body) or binary
    return binary


def _from_url(url: str | None) -> str:
    if not url:
        return ""
    path = url.split("?", 1)[0].split("#", 1)[0].lower()
    if not path.endswith(_EXTENSIONS):  # the common case: one C call, no scan
        return ""
    return next((t for ext, t in _EXTENSION_TYPES.items() if path.endswith(ext)), "")


def choose_media_type(body: bytes, declared: str, url: str | None) -> str:
    """The media type to read `body` as (see the module docstring for the rules)."""
    binary = _binary_type(body)
    if binary and (declared in GENERIC_TYPES or binary in STRONG_MAGIC_TYPES):
        return binary
    # From here `binary` is None or a type `sniff_binary` answers unchanged (only ZIPs are
    # narrowed, and they are strong), so `sniff(body)` is `binary or sniff_text(body)`.
    if declared in GENERIC_TYPES or not _BUILTIN.find(structured := _structured_suffix(declared)):
        return _from_url(url) or binary or sniff_text(body)
    if declared in ZIP_FORMATS and binary is None:
        return sniff_text(body)  # a "document" that is not a ZIP: an error page, most likely
    if declared == "text/plain":
        by_url = _from_url(url)
        if by_url and by_url not in ZIP_FORMATS:
            return by_url
        sniffed = binary or sniff_text(body)
        return sniffed if sniffed in {"text/html", "application/json"} else declared
    return structured


#: Exceptions that mean our code is wrong rather than the document malformed.
_BUG_EXCEPTIONS = (TypeError, AttributeError, NameError, AssertionError, ImportError,
                   NotImplementedError, UnboundLocalError)  # fmt: skip

#: Longest Markdown (and plain text) any handler may answer; longer is cut and flagged.
MAX_DOCUMENT_CHARS = 2_000_000


def _bounded(result: Result[Document, WebError]) -> Result[Document, WebError]:
    """Cut a handler's oversized answer to MAX_DOCUMENT_CHARS, saying so."""
    if not isinstance(result, Success):
        return result
    document = result.unwrap()
    if len(document.markdown) <= MAX_DOCUMENT_CHARS and len(document.text) <= MAX_DOCUMENT_CHARS:
        return result
    note = own("The document was cut to its first {} characters.", number(MAX_DOCUMENT_CHARS))
    return Success(
        attrs.evolve(
            document,
            markdown=document.markdown[:MAX_DOCUMENT_CHARS],
            text=document.text[:MAX_DOCUMENT_CHARS],
            flags=tuple(dict.fromkeys((*document.flags, "content_cut"))),
            notice=sentences(document.notice, note),
        )
    )


def extract_content(
    body: bytes,
    content_type: str | None = None,
    url: str | None = None,
    *,
    handlers: HandlerRegistry | None = None,
    max_pdf_pages: int = 50,
    image_links: bool = True,
) -> Result[Document, WebError]:
    """Read a response body into a `Document`, or say why it cannot be read.

    `image_links=False`: images in HTML become their alt text alone (WEB_IMAGE_LINKS)."""
    try:
        declared = media_type_of(content_type)
        request = ReadRequest(body, declared, content_type, url, max_pdf_pages, image_links)
        if handlers is not None:
            for media in (declared, sniff(body)):
                custom = handlers.find(media)
                if custom is not None:
                    request = attrs.evolve(request, media_type=media)
                    return _bounded(custom.read(request))
        media = choose_media_type(body, declared, url)
        handler = _BUILTIN.find(media) or _BUILTIN.find("application/octet-stream")
        assert handler is not None
        return _bounded(handler.read(attrs.evolve(request, media_type=media)))
    except MemoryError:
        raise  # out of the worker's memory: its runner answers that (extract/pool.py)
    except RecursionError:
        return Failure(
            WebError.of(
                ErrorCode.UNSUPPORTED_CONTENT,
                own("The document is nested too deeply to be read safely."),
            )
        )
    except _BUG_EXCEPTIONS as exc:  # a handler bug, not a malformed document
        logging.getLogger("webdistill").error("content handler bug", exc_info=exc)
        return Failure(
            WebError.of(
                ErrorCode.INTERNAL_ERROR,
                own(
                    "The page reader hit an internal error ({}); this is a bug "
                    "in webdistill, not a problem of the page. Use another source and report it.",
                    name(type(exc).__name__),
                ),
                retryable=False,
            )
        )
    except Exception as exc:  # noqa: BLE001 - parsers raise many kinds on malformed input
        return Failure(
            WebError.of(
                ErrorCode.UNSUPPORTED_CONTENT,
                own("The document could not be read; it may be malformed."),
                exception=type(exc).__name__,
                web_text=f"the parser said: {str(exc)[:400]}",
            )
        )
