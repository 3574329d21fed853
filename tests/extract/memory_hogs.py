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


def report_start_up(
    body: bytes, content_type: str | None, url: str | None
) -> Result[Document, WebError]:
    """What a new worker loaded itself, in its title: the modules it imported after the fork
    server froze its heap (found by the collector: the frozen ones are not; the test
    packages aside, imported to find this function), and in its text how many objects it
    inherited frozen."""
    import gc
    import types

    loaded = sorted(
        module.__name__
        for module in gc.get_objects()
        if isinstance(module, types.ModuleType) and module.__name__.split(".")[0] != "tests"
    )
    return Success(
        Document(
            title=" ".join(loaded),
            markdown="",
            text=str(gc.get_freeze_count()),
            content_type="text/plain",
        )
    )
