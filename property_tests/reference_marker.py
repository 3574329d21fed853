"""The fence-marker pattern as it was before issue 33: every look-alike spelled out in every
character class, compiled over the raw text. Kept as the oracle the mapped matcher
(`kernel.quoting.marker_word()`) is compared with (same matches, same offsets). One change
since: a marker letter's look-alike is no gap between words (enclosed letters such as `ⓒ`
are `\\W`; as gaps they made a run of `ⓦⓔⓑ` quadratic to search: attack b33m)."""

from __future__ import annotations

import functools
import re

from webdistill.kernel.lookalike_data import IGNORABLE, LOOKALIKES
from webdistill.kernel.marker_extra import LETTERS, MARKS

LETTER_GAP = f"[{IGNORABLE}{MARKS}]*(?:[\\s\u2800][{IGNORABLE}{MARKS}]*)?"
_ANY_LETTER = "[" + "".join(LOOKALIKES[x] + LETTERS.get(x, "") for x in "webcontgid") + "]"
_WORD_GAP_CHAR = f"(?:(?!{_ANY_LETTER})[\\W_{IGNORABLE}{MARKS}])"
WORD_GAP = _WORD_GAP_CHAR + "*"

#: The old pattern's character classes, by the names `MarkerWord.classes` uses.
CLASSES = {x: f"[{LOOKALIKES[x]}{LETTERS.get(x, '')}]" for x in "webcontgid"} | {
    "gap": f"[{IGNORABLE}{MARKS}]",
    "space": "[\\s\u2800]",
    "word_gap": _WORD_GAP_CHAR,
}


def _spelled(word: str) -> str:
    return LETTER_GAP.join(CLASSES[letter] for letter in word)


@functools.cache
def old_marker_word() -> re.Pattern[str]:
    """The pre-issue-33 `MARKER_WORD` pattern, verbatim."""
    return re.compile(
        f"{_spelled('web')}{WORD_GAP}{_spelled('content')}{WORD_GAP}"
        f"(?:{_spelled('begin')}|{_spelled('end')})"
    )
