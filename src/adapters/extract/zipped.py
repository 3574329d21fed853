"""ZIP containers (Office Open XML, EPUB): which format a ZIP is, and opening it safely.

`zip_kind` names the format from the archive's entries (`word/document.xml` -> DOCX,
`xl/workbook.xml` -> XLSX, `ppt/presentation.xml` -> PPTX, an `application/epub+zip`
`mimetype` entry or an OPF package -> EPUB), so the URL's Content-Type does not have to be
right. `open_zip` refuses archives that could blow up when read: too many entries, a total
declared uncompressed size over `MAX_UNCOMPRESSED_BYTES`, or a compression ratio no
document has. Python's zipfile never inflates an entry past its declared size, so checking
the declared sizes bounds what any reader (ours or a library's) can inflate.
"""

from __future__ import annotations

import io
import zipfile

from returns.result import Failure, Result, Success

from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.own_text import OwnText, number, own

DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"
EPUB = "application/epub+zip"
ZIP_FORMATS = frozenset({DOCX, XLSX, PPTX, EPUB})
#: Names shown to the agent.
FORMAT_NAMES = {
    DOCX: own("a Word document (DOCX)"),
    XLSX: own("an Excel workbook (XLSX)"),
    PPTX: own("a PowerPoint presentation (PPTX)"),
    EPUB: own("an e-book (EPUB)"),
}

MAX_ENTRIES = 20_000
MAX_UNCOMPRESSED_BYTES = 96 * 1024 * 1024
MAX_RATIO = 250
_MARKERS = (("word/document.xml", DOCX), ("xl/workbook.xml", XLSX), ("ppt/presentation.xml", PPTX))


def zip_kind(body: bytes) -> str | None:
    """The document format of a ZIP body, or None (not a ZIP, or another kind of archive)."""
    try:
        with zipfile.ZipFile(io.BytesIO(body)) as archive:
            names = set(archive.namelist()[:MAX_ENTRIES])
            for marker, kind in _MARKERS:
                if marker in names:
                    return kind
            if "mimetype" in names:
                info = archive.getinfo("mimetype")
                if info.file_size < 100 and archive.read(info).strip() == EPUB.encode():
                    return EPUB
            if "META-INF/container.xml" in names and any(n.endswith(".opf") for n in names):
                return EPUB
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError):
        return None
    return None


def _refused(what: OwnText, reason: OwnText) -> WebError:
    return WebError.of(
        ErrorCode.UNSUPPORTED_CONTENT,
        own(
            "The file looks like {} but {}; it was not read. "
            "Look for an HTML or PDF version of the same content.",
            what,
            reason,
        ),
        reason=reason,
    )


def open_zip(body: bytes, what: OwnText) -> Result[zipfile.ZipFile, WebError]:
    """The archive, or UNSUPPORTED_CONTENT when it is not a ZIP or could blow up when read."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(body))
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return Failure(_refused(what, own("it is not a readable ZIP container")))
    infos = archive.infolist()
    declared = sum(info.file_size for info in infos)
    packed = sum(info.compress_size for info in infos) or 1
    reason = None
    if len(infos) > MAX_ENTRIES:
        reason = own("it holds more than {} entries", number(MAX_ENTRIES))
    elif declared > MAX_UNCOMPRESSED_BYTES:
        reason = own(
            "it would inflate to more than {} MiB", number(MAX_UNCOMPRESSED_BYTES // (1024 * 1024))
        )
    elif declared > 1024 * 1024 and declared / packed > MAX_RATIO:
        reason = own("its compression ratio is that of a ZIP bomb")
    if reason is not None:
        archive.close()
        return Failure(_refused(what, reason))
    return Success(archive)


def read_entry(archive: zipfile.ZipFile, name: str) -> bytes | None:
    """One entry's bytes (within the checked sizes), or None when missing or broken."""
    try:
        return archive.read(name)
    except (KeyError, zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError):
        return None
