"""Copied by bench/mutation.sh to the root of each mutation work folder (never used by the
ordinary test run).

mutmut runs the tests once in its own process, then forks one child per mutant. The kernel
memoises pure verdicts (`functools.lru_cache` on address categories, URL authorities,
hosts...), and a child inherits those caches warm: a test asking about "64:ff9b:1::..."
would get the cached answer of the original code and never run the mutant. cattrs converters
likewise remember which hook serves which type. So every test starts with every webdistill
cache empty.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest


def _clear_webdistill_caches() -> None:
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "webdistill" or name.startswith("webdistill.")):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()
            dispatch = getattr(value, "_structure_func", None)  # a cattrs converter
            if callable(getattr(dispatch, "clear_cache", None)):
                dispatch.clear_cache()


@pytest.fixture(autouse=True)
def _fresh_memo_caches() -> Iterator[None]:
    _clear_webdistill_caches()
    yield
