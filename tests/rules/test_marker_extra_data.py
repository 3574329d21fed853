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


#: A Latin letter with a stroke, bar, hook... (`Đ`: LATIN CAPITAL LETTER D WITH STROKE), not a
#: digraph (`ǋ`: LATIN CAPITAL LETTER N WITH SMALL LETTER J).
_WITH = re.compile(r"LATIN (?:CAPITAL|SMALL) LETTER ([A-Z]) WITH (?!SMALL LETTER)")


def test_composed_letters_are_a_look_alike_with_marks_or_a_named_small_capital() -> None:
    from webdistill.kernel.lookalike_data import LOOKALIKES
    from webdistill.kernel.marker_extra import COMPOSED, LETTERS

    base: dict[str, set[str]] = {}
    for letter in "webcontgid":
        looks = {chr(c) for c in _members(LOOKALIKES[letter] + ENCLOSED.get(letter, ""))}
        for char in looks | {letter, letter.upper()}:
            base.setdefault(char, set()).add(letter)
    wanted: dict[str, set[int]] = {letter: set() for letter in "webcontgid"}
    for code in range(0x110000):
        if 0xD800 <= code < 0xE000:
            continue
        char = chr(code)
        nfd = unicodedata.normalize("NFD", char)
        if len(nfd) > 1 and all(unicodedata.category(m) in ("Mn", "Me") for m in nfd[1:]):
            for letter in base.get(nfd[0], ()):
                wanted[letter].add(code)
        name = unicodedata.name(char, "")
        if name.startswith("LATIN LETTER SMALL CAPITAL ") and len(name) == 28:  # one letter
            letter = name[-1].lower()
            if letter in wanted:
                wanted[letter].add(code)
        with_mark = _WITH.match(name)
        if with_mark and with_mark.group(1).lower() in wanted:
            wanted[with_mark.group(1).lower()].add(code)
    for letter, codes in wanted.items():
        looks = _members(LOOKALIKES[letter] + ENCLOSED.get(letter, ""))
        assert _members(COMPOSED.get(letter, "")) == codes - looks - {
            ord(letter),
            ord(letter.upper()),
        }
        assert LETTERS.get(letter, "") == ENCLOSED.get(letter, "") + COMPOSED.get(letter, "")
    assert (
        "\u00c9" in COMPOSED["e"] and "\u1d07" in COMPOSED["e"]
    )  # É, LATIN LETTER SMALL CAPITAL E
