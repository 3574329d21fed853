"""Module-level extractors for the worker-memory tests (a worker finds them by name)."""

from __future__ import annotations

from returns.result import Result, Success

from webdistill.kernel.errors import WebError
from webdistill.kernel.model import Document


def grow_resident(
    body: bytes, content_type: str | None, url: str | None
) -> Result[Document, WebError]:
    """Touch memory 16 MiB at a time, as a reader building a huge tree does."""
    held = [bytearray(16 << 20) for _ in range(int(body or b"64"))]
    return Success(Document(title=str(len(held)), markdown="", text="", content_type="text/plain"))


def fail_to_allocate(
    body: bytes, content_type: str | None, url: str | None
) -> Result[Document, WebError]:
    """A burst the watch cannot see coming: the allocation itself fails."""
    raise MemoryError


def answer_pid(
    body: bytes, content_type: str | None, url: str | None
) -> Result[Document, WebError]:
    import os

    return Success(
        Document(title=str(os.getpid()), markdown="", text="", content_type="text/plain")
    )
