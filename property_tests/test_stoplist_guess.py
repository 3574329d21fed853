"""The stop-list guess answers the same with and without the reverse index, and the stop
lists read in one piece equal jusText's own (stoplists.py reads them faster, on first need)."""

from __future__ import annotations

from collections import Counter

import justext
from hypothesis import given
from hypothesis import strategies as st

from webdistill.adapters.extract.html import stoplists


def _reverse() -> dict[str, tuple[str, ...]]:
    """The index as the module built it before (jusText's sets, names sorted)."""
    reverse: dict[str, list[str]] = {}
    for name in sorted(justext.get_stoplists()):
        for word in frozenset(w.lower() for w in justext.get_stoplist(name)):
            reverse.setdefault(word, []).append(name)
    return {w: tuple(n) for w, n in reverse.items()}


REVERSE = _reverse()
#: Words of several stoplists (shared ones decide ties), some of one, and unknown ones.
SHARED = sorted(w for w, names in REVERSE.items() if len(names) > 3)[:400]
SINGLE = sorted(w for w, names in REVERSE.items() if len(names) == 1)[::400]
WORDS = st.sampled_from(SHARED + SINGLE + ["zzqx", "webdistill", "42"])


def test_every_stoplist_equals_justexts() -> None:
    for name in justext.get_stoplists():
        expected = frozenset(w.lower() for w in justext.get_stoplist(name))
        assert stoplists.stoplist(name) == expected, name


def test_the_index_equals_the_one_built_word_by_word() -> None:
    stoplists.build_index()
    assert stoplists._REVERSE == REVERSE


@given(st.lists(WORDS, max_size=60))
def test_counts_without_the_index_equal_counts_with_it(words: list[str]) -> None:
    seen = Counter(words)
    by_index = stoplists._counts_by_index(seen, REVERSE)
    by_words = stoplists._counts_by_words(seen)
    assert list(by_words.items()) == list(by_index.items())  # same order: ties break alike
