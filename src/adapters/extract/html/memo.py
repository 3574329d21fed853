"""Caches of the reader's functions of one page's strings (class names, tokens, styles,
the base URL): a page repeats them, so each is worked out once, and nested elements asking
about the same ancestors cost one look each. Every such cache is emptied when the next page
starts (`forget`), so a hostile page's megabyte-long strings never outlive it in a
long-lived worker (4,096 cached class strings of a megabyte each would hold 4 GB).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

_CACHES: list[Any] = []


def page_cache(maxsize: int) -> Callable[[F], F]:
    """`functools.lru_cache(maxsize)`, emptied by `forget`."""

    def wrap(function: F) -> F:
        cached = functools.lru_cache(maxsize=maxsize)(function)
        _CACHES.append(cached)
        return cached  # type: ignore[return-value]

    return wrap


def forget() -> None:
    """Empty every `page_cache` (at the start of each page)."""
    for cached in _CACHES:
        cached.cache_clear()
