"""`kernel.marker_extra` is what its docstring says: rebuilt here from Python's unicodedata."""

from __future__ import annotations

import re
import unicodedata

from webdistill.kernel.marker_extra import ENCLOSED, MARKS


def _members(ranges: str) -> set[int]:
    out: set[int] = set()
    for match in re.finditer(r"(.)(?:-(.))?", ranges, re.DOTALL):
        first = ord(match.group(1))
        last = ord(match.group(2)) if match.group(2) else first
        out.update(range(first, last + 1))
    return out


def test_marks_are_every_mn_and_me_character() -> None:
    wanted = {c for c in range(0x110000) if unicodedata.category(chr(c)) in ("Mn", "Me")}
    assert _members(MARKS) == wanted


def test_enclosed_letters_are_named_letters_without_their_nfkc_form() -> None:
    for letter, ranges in ENCLOSED.items():
        for code in _members(ranges):
            assert unicodedata.name(chr(code)).endswith(f"LETTER {letter.upper()}")
            assert unicodedata.normalize("NFKC", chr(code)).lower() != letter
    assert chr(0x1F1FC) in ENCLOSED["w"]  # REGIONAL INDICATOR SYMBOL LETTER W
    assert chr(0x24B2) in ENCLOSED["w"]  # PARENTHESIZED LATIN SMALL LETTER W
