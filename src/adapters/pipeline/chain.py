"""The fetch pipeline's one ordered list: the composition root builds the chain from `STAGES`.

`STAGES` names each decorator over `HttpWebBackend`, outermost first (the order the package
docstring shows), with its builder: given the chain built so far (the stage below it) and the
`Parts` the composition root made, a builder answers that chain wrapped in its decorator, or
the chain unchanged when a setting leaves the stage out. `build_chain` applies them from the
innermost out. A new stage is one entry here, at its place, and one line in the docstring.

The toolkit builds `OPEN_STAGES` (those that can answer without the web: the cache) when it
opens, and `WEB_STAGES` below a `first_call.OnFirstCall` at the first call the cache misses.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import attrs

from webdistill.adapters.pipeline.cache import CachingBackend
from webdistill.adapters.pipeline.deadline import DeadlineBackend
from webdistill.adapters.pipeline.fallback import Gate, ReaderFallback
from webdistill.adapters.pipeline.render import HtmlReader, Renderer, RenderingBackend
from webdistill.adapters.pipeline.robots import RobotsGate, RobotsRules
from webdistill.adapters.pipeline.turns import HostTurns
from webdistill.adapters.readers.base import Reader
from webdistill.kernel.own_text import OwnText
from webdistill.kernel.ports import WebBackend
from webdistill.kernel.store import Store


@attrs.frozen
class RenderParts:
    """The browser stage's parts: the renderer (None: no browser found, `missing` says why),
    the HTML reader for the rendered DOM, the mode and the render deadline."""

    renderer: Renderer | None
    read_html: HtmlReader
    mode: str
    missing: OwnText
    timeout_s: float


@attrs.frozen
class Parts:
    """What the stages are made of (opened and owned by the composition root)."""

    #: robots.txt verdicts (read through the page client; shared with the local browser's
    #: frames); None: robots not obeyed.
    robots: RobotsRules | None
    #: One total deadline per page read (WEB_FETCH_TIMEOUT_MS), and the slots (WEB_CONCURRENCY).
    timeout_s: float
    concurrency: int
    #: The hosted reader (WEB_READER; None: only `prefer_reader`'s notice) and its address gate.
    reader: Reader | None
    #: None only in the parts of `OPEN_STAGES` (the web stages are given one).
    reader_gate: Gate | None
    #: The cache's store; None: no cache (WEB_CACHE=off).
    store: Store | None
    #: The local browser (WEB_RENDER): None when `never`; else the stage's parts.
    render: RenderParts | None = None
    #: The cross-process lock of one download (None: one process), and the cache scopes.
    lock_ttl_s: float | None = None
    search_scope: str = ""
    page_scope: str = ""
    #: Provider and reader names a shared store's entry may name (None: not checked).
    names: frozenset[str] | None = None
    #: Whether others than this user's own processes can write the store (Redis): its
    #: entries' own-line fields are then read back in closed forms (the disk store lives in
    #: a folder only the user can write, checked when it opens).
    others_write: bool = False
    #: Page reads of one origin downloading at once (WEB_PER_HOST; None: no host turns,
    #: the connector's bound alone).
    per_host: int | None = None
    #: The host turns the deadline stage takes (closed with the stage); None: made from
    #: `per_host`.
    turns: HostTurns | None = None
    #: Where a stage registers what closing the toolkit must run (the composition root's
    #: exit stack, `push_async_callback`): the deadline stage's `close`, which ends the page
    #: reads under way. None: nothing is registered (the caller closes what it built).
    closing: Callable[[Callable[[], Awaitable[None]]], object] | None = None
    #: Whether the toolkit is closing (the cache stops waiting for another process's
    #: download then); None: never.
    ended: Callable[[], bool] | None = None


Builder = Callable[[WebBackend, Parts], WebBackend]


def _cache(below: WebBackend, parts: Parts) -> WebBackend:
    if parts.store is None:
        return below
    return CachingBackend(
        below,
        parts.store,
        lock_ttl_s=parts.lock_ttl_s,
        search_scope=parts.search_scope,
        page_scope=parts.page_scope,
        names=parts.names,
        others_write=parts.others_write,
        ended=parts.ended,
    )


def _fallback(below: WebBackend, parts: Parts) -> WebBackend:
    # Outside the deadline (a reader's answer must not cancel the local page), bounded by
    # what the local reading left of the same total time.
    assert parts.reader_gate is not None, "the web stages are built with the reader's gate"
    return ReaderFallback(below, parts.reader, parts.reader_gate, timeout_s=parts.timeout_s)


def _deadline(below: WebBackend, parts: Parts) -> WebBackend:
    stage = DeadlineBackend(
        below,
        timeout_s=parts.timeout_s,
        concurrency=parts.concurrency,
        per_host=parts.per_host,
        turns=parts.turns,
    )
    if parts.closing is not None:
        parts.closing(stage.close)
    return stage


def _render(below: WebBackend, parts: Parts) -> WebBackend:
    if parts.render is None:
        return below
    render = parts.render
    return RenderingBackend(
        below,
        render.renderer,
        render.read_html,
        mode=render.mode,
        missing=render.missing,
        timeout_s=render.timeout_s,
    )


def _robots(below: WebBackend, parts: Parts) -> WebBackend:
    if parts.robots is None:
        return below
    return RobotsGate(below, parts.robots)


#: The decorators over `HttpWebBackend`, outermost first.
STAGES: tuple[tuple[str, Builder], ...] = (
    ("cache", _cache),
    ("fallback", _fallback),
    ("deadline", _deadline),
    ("robots", _robots),
    ("render", _render),
)


#: Built when the toolkit opens (they answer stored pages), and the rest, built at first use.
OPEN_STAGES = STAGES[:1]
WEB_STAGES = STAGES[1:]


def build_chain(
    backend: WebBackend, parts: Parts, stages: tuple[tuple[str, Builder], ...] = STAGES
) -> WebBackend:
    """`backend` wrapped in each of `stages` (default: all of `STAGES`), innermost first."""
    chain = backend
    for _, build in reversed(stages):
        chain = build(chain, parts)
    return chain
