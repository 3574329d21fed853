"""Stored results read back from a store others can write, in closed forms (issue 26).

Results kept under a response_id are written by webdistill, but a Redis store is shared by
replicas and by whatever else reaches it, so an entry may hold anything. Its hits, page
text, titles and URLs' paths are shown inside the fence like any web text; what the
renderer puts *outside* the fence is read back here in a closed form: names from our own
lists (providers, readers), flags from the known list, a skipped provider as `name: CODE`,
the asked URL as its site, and every sentence (error messages, notices, unapplied options,
shortfalls, removal reasons, the query) replaced by a fixed sentence of ours. The user's
own disk store (a folder only the user can write) and the memory store keep everything.
Pure; never raises.
"""

from __future__ import annotations

import re
from typing import get_args

import attrs

from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import (
    DocumentFlag,
    FetchOutcome,
    Page,
    RemovedHits,
    SearchOutcome,
)
from webdistill.kernel.own_text import OwnText, code, name, own, site, words

_FLAGS = frozenset(get_args(DocumentFlag))
_CODES = frozenset(code.value for code in ErrorCode)
_SKIPPED = re.compile(r"([a-z][a-z0-9_]{0,39}): ([A-Z][A-Z_]{0,39}) ")

STORED_QUERY = "(a stored search: its query is not shown, read from a shared store)"
STORED_NOTICE = words(
    "A notice was kept with this page in the shared store; it is not shown, since other "
    "programs can write to that store."
)
STORED_ERROR = own(
    "This stored error's message is not shown, since other programs can write to the shared "
    "store; fetch or search again to see it."
)
STORED_OPTION = words("an option (its note is not kept in the shared store)")
STORED_SHORTFALL = words("fewer results than asked (the reason is not kept in the shared store)")
STORED_REASON = words("(the reason is not kept in the shared store)")
STORED_COMPRESSOR = "a model"


def _name(value: str | None, names: frozenset[str]) -> str | None:
    return value if value is not None and value in names else None


def stored_skip(note: object, names: frozenset[str] | None) -> OwnText:
    """A skipped-provider note read back as `name: CODE` (the name one of `names`, None: not
    checked; the code one of ours); its message is not kept."""
    match = _SKIPPED.match(note) if isinstance(note, str) else None
    if match and (names is None or match.group(1) in names) and match.group(2) in _CODES:
        shown = name(match.group(1), "a provider")
        return own(
            "{}: {} (its message is not kept in the store)", shown, code(ErrorCode(match.group(2)))
        )
    return words("a provider was skipped (its reason is not kept in the store)")


def _error(error: WebError | None) -> WebError | None:
    """The code and what the server said (rendered inside the fence); our message replaced."""
    if error is None:
        return None
    return attrs.evolve(error, message=STORED_ERROR)


def known_flags(flags: object) -> list[str]:
    """The document flags of our own list among `flags` (an untrusted value)."""
    if not isinstance(flags, (list, tuple)):
        return []
    return [flag for flag in flags if isinstance(flag, str) and flag in _FLAGS]


def _page(page: Page | None, names: frozenset[str]) -> Page | None:
    if page is None:
        return None
    return attrs.evolve(
        page,
        flags=tuple(known_flags(page.flags)),
        reader=_name(page.reader, names),
        notice=STORED_NOTICE if page.notice else None,
        compressed_by=STORED_COMPRESSOR if page.compressed_by else None,
    )


def closed_fetch(outcome: FetchOutcome, names: frozenset[str]) -> FetchOutcome:
    """A stored page outcome: the asked URL as its site, our own-line fields closed."""
    return attrs.evolve(
        outcome,
        url=str(site(outcome.url)),
        page=_page(outcome.page, names),
        error=_error(outcome.error),
    )


def closed_search(outcome: SearchOutcome, names: frozenset[str]) -> SearchOutcome:
    """A stored search outcome with its own-line fields closed (hits stay: fenced)."""
    return attrs.evolve(
        outcome,
        query=STORED_QUERY,
        error=_error(outcome.error),
        provider=_name(outcome.provider, names),
        skipped=tuple(stored_skip(note, names) for note in outcome.skipped),
        contents=tuple(closed_fetch(content, names) for content in outcome.contents),
        unsupported=tuple(STORED_OPTION for _ in outcome.unsupported),
        removed=tuple(
            RemovedHits(reason=STORED_REASON, count=item.count, hosts=item.hosts)
            for item in outcome.removed
        ),
        shortfall=STORED_SHORTFALL if outcome.shortfall else None,
        notice=STORED_NOTICE if outcome.notice else None,
    )
