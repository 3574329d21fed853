"""A check its caller asks of every URL the guarded client is about to request.

The client vets each hop of a request (the URL asked for and every redirect target) with
the URL policy. A caller that must vet more than the policy says, for the requests made
on its behalf, sets `HOP_CHECK` while it waits for them (`checking(...)`): robots.txt,
obeyed under WEB_RESPECT_ROBOTS (`pipeline.robots`), for the page read and the hops it is
redirected to, and for every request a rendered page makes. A context variable, so it
follows the call down the stages and into the tasks they start, and nothing else sees it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Iterator
from contextvars import ContextVar

from webdistill.kernel.errors import WebError

#: None when the URL may be requested; else why not (the request fails with this error).
HopCheck = Callable[[str], Awaitable[WebError | None]]

HOP_CHECK: ContextVar[HopCheck | None] = ContextVar("webdistill_hop_check", default=None)


@contextlib.contextmanager
def checking(check: HopCheck | None) -> Iterator[None]:
    """Every hop requested inside this block is also checked by `check` (None: none is)."""
    token = HOP_CHECK.set(check)
    try:
        yield
    finally:
        HOP_CHECK.reset(token)
