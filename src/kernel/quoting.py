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
from types import MappingProxyType

from webdistill.kernel.lookalike_data import IGNORABLE, LOOKALIKES
from webdistill.kernel.marker_extra import ENCLOSED, MARKS
from webdistill.kernel.redaction import masked_url

#: Runs of angle brackets that open or close a fence marker.
_ANGLE_RUN = re.compile(r"<{3,}|>{3,}")
_GAP = f"[{IGNORABLE}]*"
#: Between two letters of a marker word: format characters and combining marks (`W\u0332`,
#: NFD `E\u0301`), and at most one space, braille blank (U+2800) or Hangul filler (U+3164,
#: in IGNORABLE): letter-spaced `W E B` reads as the word too (issue 26).
_LETTER_GAP = f"[{IGNORABLE}{MARKS}]*(?:[\\s\u2800][{IGNORABLE}{MARKS}]*)?"
#: Between the words: any non-word characters, and the ignorable word characters
#: (U+3164 HANGUL FILLER is a letter to `\\w`) and marks.
_WORD_GAP = f"[\\W_{IGNORABLE}{MARKS}]*"


def _spelled(word: str) -> str:
    """A pattern for `word` written with any look-alike of its letters (Unicode's
    confusables, NFKC, enclosed letters, either case), format characters, combining marks
    and one space-like character between them."""
    return _LETTER_GAP.join(f"[{LOOKALIKES[letter]}{ENCLOSED.get(letter, '')}]" for letter in word)


#: Words that spell a fence marker (WEB_CONTENT_BEGIN / WEB_CONTENT_END): any separators,
#: any case, any look-alike letters (Cyrillic `е`, fullwidth, mathematical, enclosed),
#: zero-width characters and combining marks inside (`kernel.lookalike_data`, from Unicode's
#: confusables.txt; `kernel.marker_extra`). Compiled on first use (`marker_word()`; the name
#: `MARKER_WORD` still works): compiling it costs ~35 ms, which `webdistill --help` or a
#: message-free call need not pay.
@functools.cache
def marker_word() -> re.Pattern[str]:
    """The compiled `MARKER_WORD` pattern (built once, on first use)."""
    return re.compile(
        f"{_spelled('web')}{_WORD_GAP}{_spelled('content')}{_WORD_GAP}"
        f"(?:{_spelled('begin')}|{_spelled('end')})"
    )


def __getattr__(name: str) -> re.Pattern[str]:
    if name == "MARKER_WORD":
        return marker_word()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: A run of three or more `<` (which starts every marker), zero-width characters between them
#: allowed: `<<\u200b<` opens a marker as well as `<<<` does, to a reader.
ANGLE_RUN = re.compile(f"<(?:{_GAP}<){{2,}}")
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
