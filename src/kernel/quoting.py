"""Server-controlled text made safe to quote in a message that sits outside any fence.

Error messages, notices and skipped-provider notes are shown to the model as our own words,
outside the untrusted-content fences (doors/render.py). Whatever a server chose (a redirect
`Location`, a `Content-Type`, a `Content-Encoding`, a provider's error text) is therefore
quoted only in a reduced form: control and invisible characters gone, whitespace collapsed
to one line, the fence markers' `<<<` runs and marker keywords neutralised, and the length
capped (with an ellipsis saying so). `neutralise` applies the same marker and control rules
to a whole message without cutting it.

Stdlib only; nothing here raises.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from types import MappingProxyType

import attrs

from webdistill.kernel.lookalike_data import IGNORABLE, LOOKALIKES
from webdistill.kernel.marker_extra import LETTERS, MARKS
from webdistill.kernel.redaction import masked_url

#: The characters whose NFKC form is `<` or `>` (ASCII, small, fullwidth: unicodedata; attack
#: b33m: `＜＜＜` reads as a marker's opening as well as `<<<` does).
OPENING_ANGLES = "<\ufe64\uff1c"
CLOSING_ANGLES = ">\ufe65\uff1e"
#: Runs of angle brackets that open or close a fence marker.
_ANGLE_RUN = re.compile(f"[{OPENING_ANGLES}]{{3,}}|[{CLOSING_ANGLES}]{{3,}}")
_GAP = f"[{IGNORABLE}]*"
#: Between two letters of a marker word: format characters and combining marks (`W\u0332`,
#: NFD `E\u0301`), and at most one space, braille blank (U+2800) or Hangul filler (U+3164,
#: in IGNORABLE): letter-spaced `W E B` reads as the word too (issue 26). Between the words:
#: any non-word characters that are no marker letter's look-alike (enclosed letters are `\\W`),
#: and the ignorable word characters (U+3164 HANGUL FILLER is a letter to `\\w`) and marks.
#:
#: Matching works on a *mapped* copy of the text (issue 33): `str.translate` replaces each
#: character of a marker letter's look-alikes, of IGNORABLE or of MARKS by one representative
#: of the characters that belong to exactly the same of those classes (and to `\\s`/`\\W` alike),
#: so a small pattern over the representatives matches exactly where the full pattern (every
#: look-alike spelled out in every character class) would, at the same offsets (the mapping
#: keeps the length). Building the table and that pattern costs a fraction of compiling the
#: full one; `property_tests/test_marker_word_mapped.py` holds the full one as its oracle.
_MARKER_WORDS = ("web", "content", "begin", "end")


def _expanded(spec: str) -> list[str]:
    """The characters of a character-class body made of single characters and `a-z` ranges."""
    chars: list[str] = []
    i = 0
    while i < len(spec):
        if i + 2 < len(spec) and spec[i + 1] == "-":
            chars.extend(map(chr, range(ord(spec[i]), ord(spec[i + 2]) + 1)))
            i += 3
        else:
            chars.append(spec[i])
            i += 1
    return chars


_ASTRAL = re.compile("[\U00010000-\U0010ffff]")


def _escaped(chars: Iterable[str]) -> str:
    return "".join(f"\\U{ord(c):08x}" for c in chars)


def _class(chars: list[str], extra: str = "") -> str:
    return "[" + extra + _escaped(chars) + "]"


@attrs.frozen
class MarkerWord:
    """Finds words that spell a fence marker (WEB_CONTENT_BEGIN / WEB_CONTENT_END): any
    separators, any case, any look-alike letters (Cyrillic `е`, fullwidth, mathematical,
    enclosed), zero-width characters and combining marks inside (`kernel.lookalike_data`, from
    Unicode's confusables.txt; `kernel.marker_extra`)."""

    table: dict[int, int]
    pattern: re.Pattern[str]
    #: The first letter's look-alikes in the BMP, over raw text. Every match starts with a
    #: look-alike of `w`, so the text before the first one (or before the first character
    #: beyond the BMP, where the rest of them are) is neither mapped nor searched: most
    #: non-Latin text holds none. (One class of BMP characters is a bitmap test for `re`.)
    first: re.Pattern[str]
    #: The pattern's character classes over mapped text, by name: each marker letter, `gap`
    #: (ignorable or mark), `space` and `word_gap` (tests compare them with the full ones).
    classes: dict[str, str]
    #: The between-words gap's branches (disjoint: `tests/rules/test_marker_word_classes.py`).
    gap_branches: tuple[str, ...]

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Where `text` spells a marker word: (start, end) offsets, left to right."""
        starts = [m.start() for m in (self.first.search(text), _ASTRAL.search(text)) if m]
        if not starts:
            return []
        skip = min(starts)
        mapped = text[skip:].translate(self.table)
        return [(m.start() + skip, m.end() + skip) for m in self.pattern.finditer(mapped)]

    def sub(self, repl: str, text: str) -> str:
        """`text` with each marker word replaced by `repl` (as `re.Pattern.sub` would)."""
        pieces: list[str] = []
        last = 0
        for start, end in self.spans(text):
            pieces += (text[last:start], repl)
            last = end
        return "".join(pieces) + text[last:] if pieces else text


def _built() -> MarkerWord:
    letters = sorted(set("".join(_MARKER_WORDS)))
    gap = set(_expanded(IGNORABLE + MARKS))
    gap_bit = 1 << len(letters)
    masks: dict[str, int] = {}
    for bit, letter in enumerate(letters):
        for char in _expanded(LOOKALIKES[letter] + LETTERS.get(letter, "")):
            masks[char] = masks.get(char, 0) | 1 << bit
    for char in gap.intersection(masks):
        masks[char] |= gap_bit
    plain_gap = gap.difference(masks)  # gap characters that are no letter's look-alike
    # `\\s` and `\\w` as the pattern reads them: asked of `re` itself, in one pass each.
    every = "".join(masks) + "".join(plain_gap)
    spaced, wordy = (set(re.findall(kind, every)) for kind in ("[\\s\u2800]", "\\w"))
    space_bit, word_bit = gap_bit << 1, gap_bit << 2
    groups: dict[int, set[str]] = {}
    for char, letter_mask in masks.items():
        mask = (
            letter_mask | (space_bit if char in spaced else 0) | (word_bit if char in wordy else 0)
        )
        groups.setdefault(mask, set()).add(char)
    for is_space in (False, True):  # the bulk (tag characters, marks), with set operations
        for is_word in (False, True):
            chars = plain_gap & spaced if is_space else plain_gap - spaced
            chars = chars & wordy if is_word else chars - wordy
            if chars:
                groups[gap_bit | space_bit * is_space | word_bit * is_word] = chars
    table: dict[int, int] = {}
    representative: dict[int, str] = {}
    for mask, chars in groups.items():
        representative[mask] = rep = min(chars)
        table.update(dict.fromkeys(map(ord, chars), ord(rep)))
    by_class = [
        sorted(rep for mask, rep in representative.items() if mask & 1 << bit)
        for bit in range(len(letters) + 1)
    ]
    part = {x: _class(by_class[i]) for i, x in enumerate(letters)}
    part |= {"gap": _class(by_class[-1]), "space": "[\\s\u2800]"}
    # Between words: a non-word character that is no marker letter (an enclosed `ⓒ` is `\\W`
    # but a letter: were it a gap, every `ⓦⓔⓑ` of a long run of them would scan the whole run
    # for a `content`, quadratic: attack b33m), or `_` or an ignorable/mark. The two branches
    # share no character (a mark is `\\W` too: in both, a run of n marks could be split 2^n
    # ways: attack b33g), so the gap is searched in linear time.
    not_word = _escaped(sorted(set().union(*by_class)))
    branches = (f"[^\\w{not_word}]", _class(by_class[-1], "_"))
    part["word_gap"] = "(?:" + "|".join(branches) + ")"
    letter_gap = f"{part['gap']}*(?:{part['space']}{part['gap']}*)?"
    web, content, begin, end = (letter_gap.join(part[x] for x in w) for w in _MARKER_WORDS)
    word_gap = part["word_gap"] + "*"
    pattern = re.compile(f"{web}{word_gap}{content}{word_gap}(?:{begin}|{end})")
    w = _MARKER_WORDS[0][0]
    first = re.compile(
        _class([c for c in _expanded(LOOKALIKES[w] + LETTERS[w]) if c < "\U00010000"])
    )
    return MarkerWord(
        table=table, pattern=pattern, first=first, classes=part, gap_branches=branches
    )


#: Built on first use (`marker_word()`; the name `MARKER_WORD` still works): `webdistill
#: --help` or a message-free call need not pay for it.
@functools.cache
def marker_word() -> MarkerWord:
    """The marker-word matcher (built once, on first use)."""
    return _built()


def __getattr__(name: str) -> MarkerWord:
    if name == "MARKER_WORD":
        return marker_word()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: A run of three or more `<` (which starts every marker) or their small/fullwidth forms,
#: zero-width characters between them allowed: `<<\u200b<` and `＜＜＜` open a marker as well as
#: `<<<` does, to a reader.
ANGLE_RUN = re.compile(f"[{OPENING_ANGLES}](?:{_GAP}[{OPENING_ANGLES}]){{2,}}")
#: C0/C1 controls, DEL, line/paragraph separators, zero-width and bidi controls, BOM.
_INVISIBLE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]"
)
#: Format and default-ignorable characters (zero-width, soft hyphen, variation selectors):
#: taken out without a trace, so `WE\u00adB_CONTENT` still reads as the marker word it shows.
_FORMAT = re.compile(f"[{IGNORABLE}]")
_SPACES = re.compile(r"\s+")
#: Characters percent-encoded when a URL is shown (they have no business in a URL anyway).
_URL_UNSAFE = re.compile(r"[^\x21-\x7e]|[<>\"'`\\{}|^]")

DEFAULT_LIMIT = 80


def neutralise(text: str) -> str:
    """`text` on one line, without controls or anything that could open or close a fence."""
    if not isinstance(text, str):
        return ""
    text = _SPACES.sub(" ", _INVISIBLE.sub(" ", _FORMAT.sub("", text)))
    text = _ANGLE_RUN.sub(lambda m: "\u2039" * len(m.group()), text)
    return marker_word().sub("[marker-like text removed]", text).strip()


def safe_text(value: object, limit: int = DEFAULT_LIMIT) -> str:
    """A server string reduced for quoting: one line, neutralised, at most `limit` chars."""
    text = neutralise(value if isinstance(value, str) else str(value))
    limit = max(1, limit)
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def quoted(value: object, limit: int = DEFAULT_LIMIT) -> str:
    """`safe_text` in double quotes (inner double quotes become single ones)."""
    return '"' + safe_text(value, limit).replace('"', "'") + '"'


def shown_url(url: object, limit: int = 160) -> str:
    """A URL for a message: anything not printable ASCII (or a quote, bracket, backslash)
    percent-encoded, marker words neutralised, cut to `limit` characters."""
    text = url if isinstance(url, str) else str(url)
    text = text[: limit * 4]
    encoded = _URL_UNSAFE.sub(
        lambda m: "".join(f"%{b:02X}" for b in m.group().encode("utf-8", "surrogatepass")), text
    )
    encoded = marker_word().sub("(marker-removed)", encoded)
    return encoded if len(encoded) <= limit else encoded[:limit] + "..."


def redacted_url(value: object) -> str:
    """A configured URL for `repr()`: `redaction.masked_url` of it, quoted (None as None)."""
    if value is None:
        return "None"
    if isinstance(value, dict | MappingProxyType):
        return "{" + ", ".join(f"{k!r}: {redacted_url(v)}" for k, v in value.items()) + "}"
    return repr(masked_url(str(value)))
