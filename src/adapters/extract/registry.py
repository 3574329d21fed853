"""Handlers that read one kind of body into a `Document`, and the registry that finds them.

A handler names the media types it reads (exact, or `type/*` wildcards) and a `read`
function. Callers may register their own handlers; `extract_content` consults them before
the built-in ones, first by the declared media type and then by the sniffed one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import attrs
from returns.result import Result

from webdistill.kernel.errors import WebError
from webdistill.kernel.model import Document


@attrs.frozen
class ReadRequest:
    """Everything a handler may look at: the raw body and what we know about it."""

    body: bytes
    media_type: str
    content_type: str | None = None
    url: str | None = None
    max_pdf_pages: int = 50
    #: HTML: images as `![alt](url)` (True) or their alt text alone (WEB_IMAGE_LINKS).
    image_links: bool = True


ReadFunction = Callable[[ReadRequest], Result[Document, WebError]]


def _as_tuple(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


@attrs.frozen
class Handler:
    """Reads bodies of the given media types (`text/csv`, `image/*`...) with `read`."""

    name: str
    media_types: tuple[str, ...] = attrs.field(converter=_as_tuple)
    read: ReadFunction

    def matches(self, media_type: str) -> bool:
        """Whether this handler claims `media_type` (already lower-case, no parameters)."""
        if not media_type:
            return False
        kind = media_type.split("/", 1)[0]
        return any(
            pattern in {media_type, "*/*", "*"} or pattern == f"{kind}/*"
            for pattern in (p.lower() for p in self.media_types)
        )


class HandlerRegistry:
    """An ordered list of handlers: the first one that matches a media type wins."""

    def __init__(self, handlers: Iterable[Handler] = ()) -> None:
        self._handlers: list[Handler] = list(handlers)
        #: media type -> the handler `find` chose (a scan per fetch was measurable overhead);
        #: bounded, and emptied when a handler is registered.
        self._found: dict[str, Handler | None] = {}

    def register(self, handler: Handler) -> None:
        """Add `handler`; it is consulted before handlers registered earlier."""
        self._handlers.insert(0, handler)
        self._found.clear()

    def find(self, media_type: str) -> Handler | None:
        """The handler for `media_type`, or None."""
        if media_type in self._found:
            return self._found[media_type]
        found = next((h for h in self._handlers if h.matches(media_type)), None)
        if len(self._found) < 256:  # media types come from servers: keep the memo small
            self._found[media_type] = found
        return found

    def __len__(self) -> int:
        return len(self._handlers)
