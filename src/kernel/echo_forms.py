"""A known secret found in text someone else wrote, in whatever form it was echoed back.

A provider, reader, LLM endpoint or MCP server that repeats our key in an error rarely repeats
it verbatim only: the text may be wrapped over lines or spaced out, percent-encoded (a URL
echoed, maybe twice: `%252D`), HTML-entity-escaped (`&#45;`, `&#x2d`, `&lowbar;`),
JSON-escaped (`\\u002d`, `\\/`, maybe twice when JSON is quoted in JSON), in another letter
case (a hex key upper-cased is the key), or base64'd (an `Authorization` header echoed
encoded, at any of the 3 byte alignments, standard or URL-safe alphabet, maybe wrapped).
`secret_spans` finds every such form; `redaction.without_secret` replaces them.

How, in linear time: one regex per secret, built once (cached), whose elements are the
encodings of one character (fixed strings) with the escaped-or-plain whitespace `_GAP`
between them (possessive: never backtracked into). Python's regex engine tries such a
pattern at every position (~100 ns a character), so a cheap test goes first: the text is
decoded once, token by token with the same grammar (`_TOKEN`), its whitespace removed, and
the regexes run only when the secret (or its base64 core) is in that copy. The test cannot
miss a match: inside a match both read the same tokens, and the only place they can
disagree, the match's first characters (the tail of a token begun before it, `%` + `ab...`),
is left out of what is looked for (`_TAIL`). Secrets shorter than `MIN_FUZZY` (or longer
than `MAX_FUZZY`) are matched exactly only: a short one spread over whitespace would hit
ordinary text, a very long one is a whole command line, not a key.

Named entities are HTML's own (the WHATWG list as `html.entities.html5` has it). Stdlib
only; nothing here raises.
"""

from __future__ import annotations

import base64
import functools
import html.entities
import re

#: Below this many (non-space) characters a secret is matched exactly only.
MIN_FUZZY = 8
#: Above this many a secret is matched exactly only (bounds the size of its pattern).
MAX_FUZZY = 512
#: The characters of either base64 alphabet (a matched form is widened over its whole word).
_BASE64_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_=")
#: HTML's named entities for each printable ASCII character, by character.
_NAMED: dict[str, tuple[str, ...]] = {}
for _name, _char in html.entities.html5.items():
    if _name.endswith(";") and len(_char) == 1 and 32 < ord(_char) < 127:
        _NAMED[_char] = (*_NAMED.get(_char, ()), _name[:-1])
#: Named entity (lower case, ";" included) -> its character, for the names used here.
_NAMED_CHARS = {f"{name};".lower(): char for char, names in _NAMED.items() for name in names}
_NAMED_CHARS["nbsp;"] = "\u00a0"

#: What may stand between two characters of an echoed secret: whitespace, written plain or
#: escaped as JSON (`\\n`, `\\u0020`: the raw body of a JSON error), HTML or a URL would.
_GAP = (
    r"(?:\s|\\++[nrtf]|\\++u00(?:0[9adAD]|20)|&#0*(?:9|10|13|32)(?!\d);?"
    r"|&#[xX]0*(?:9|[aAdD]|20)(?![0-9a-fA-F]);?"
    r"|&nbsp;|%(?:25)*(?:0[9adAD]|20))*+"
)
#: One encoded character, in the grammar of `_one_char` and `_GAP`, for the cheap test.
_TOKEN = re.compile(  # each branch starts with its marker: the engine skips to the markers
    r"%(?:25)*(?P<pct>[0-9a-fA-F]{2})"
    r"|&(?:#(?:0*(?P<dec>\d{1,7})(?!\d)|[xX]0*(?P<hex>[0-9a-fA-F]{1,6})(?![0-9a-fA-F]));?"
    r"|(?P<named>[A-Za-z][A-Za-z0-9]*;))"
    r"|\\++(?:[uU](?P<json>[0-9a-fA-F]{4})|(?P<esc>[/\"nrtfNRTF]))"
)
_ESCAPES = {"/": "/", '"': '"', "n": " ", "r": " ", "t": " ", "f": " "}
#: Characters a token begun before a match can swallow from the match's start.
_TAIL = frozenset('0123456789abcdefxunrtf#;/"')


def _one_char(char: str) -> str:
    """Every way `char` can be written in echoed text, as one regex alternative group."""
    code = ord(char)
    forms = [re.escape(char)]
    encoded = char.encode("utf-8", "surrogatepass")  # percent-encoded, maybe twice (`%252D`)
    forms.append("".join(f"%(?:25)*{byte:02x}" for byte in encoded))
    forms.append(f"&#0*{code}(?!\\d);?")  # the ";" may be left out, the number may not go on
    forms.append(f"&#x0*{code:x}(?![0-9a-f]);?")
    forms.extend(f"&{name};" for name in _NAMED.get(char, ()))
    if code <= 0xFFFF:  # JSON-escaped, maybe more than once (`\\u002d`, `\\\\u002d`)
        forms.append(f"\\\\++u{code:04x}")
    if char in '/"':
        forms.append("\\\\++" + re.escape(char))
    return "(?:" + "|".join(forms) + ")"


@functools.lru_cache(maxsize=64)
def _spread_pattern(secret: str) -> re.Pattern[str] | None:
    """The secret in any letter case and per-character encoding, any (escaped) whitespace
    between its characters."""
    chars = [char for char in secret if not char.isspace()]
    if not MIN_FUZZY <= len(chars) <= MAX_FUZZY:
        return None
    return re.compile(_GAP.join(_one_char(char) for char in chars), re.IGNORECASE)


@functools.lru_cache(maxsize=64)
def _base64_cores(secret: str) -> tuple[str, ...]:
    """The base64 characters that encode nothing but the secret's bytes, for each of the 3
    byte alignments it can start at, in both alphabets."""
    raw = secret.encode("utf-8", "surrogatepass")
    cores: list[str] = []
    for pad in range(3):
        encoded = base64.b64encode(b"\0" * pad + raw).decode("ascii")
        first = -(-8 * pad // 6)  # the first character made of the secret's bits only
        last = 8 * (pad + len(raw)) // 6  # past the last such character
        core = encoded[first:last]
        cores.append(core)
        cores.append(core.translate(str.maketrans("+/", "-_")))
    return tuple(dict.fromkeys(cores))


@functools.lru_cache(maxsize=64)
def _base64_pattern(secret: str) -> re.Pattern[str] | None:
    """Any base64 form of the secret (case-sensitive), maybe wrapped over lines, its "/"
    maybe JSON-escaped."""
    if not MIN_FUZZY <= len(secret) <= MAX_FUZZY:
        return None
    forms = (
        _GAP.join("\\\\*/" if char == "/" else re.escape(char) for char in core)
        for core in _base64_cores(secret)
    )
    return re.compile("|".join(forms))


def _decoded_token(match: re.Match[str]) -> str:
    kind = match.lastgroup
    value = match.group(kind) if kind else ""
    if kind in ("pct", "hex", "json"):
        return chr(int(value, 16))
    if kind == "dec":
        return chr(int(value)) if int(value) <= 0x10FFFF else match.group()
    if kind == "named":
        return _NAMED_CHARS.get(value.lower(), match.group())
    return _ESCAPES.get(value.lower(), match.group())


def _canonical(text: str) -> str:
    """`text` with every token decoded and all whitespace removed (for the cheap test)."""
    if any(marker in text for marker in "%&\\"):
        text = _TOKEN.sub(_decoded_token, text)
    return "".join(text.split())


def _needle(secret: str) -> str | None:
    """What the cheap test looks for: the secret without the characters a token begun
    before it could swallow; None when no test is safe (then the regex always runs)."""
    if not secret.isascii() or any(char in secret for char in "%&\\;"):
        return None
    skip = 0
    while skip < len(secret) and secret[skip].lower() in _TAIL:
        skip += 1
    needle = secret[skip:]
    return needle if len(needle) >= 4 else None


def _widened(text: str, start: int, end: int) -> tuple[int, int]:
    """The span grown over the base64 word it sits in (so no decodable part is left)."""
    while start > 0 and text[start - 1] in _BASE64_CHARS:
        start -= 1
    while end < len(text) and text[end] in _BASE64_CHARS:
        end += 1
    return start, end


def secret_spans(text: str, secret: str) -> list[tuple[int, int]]:
    """The (start, end) spans of `text` holding `secret` in any echoed form, merged, in order."""
    spans: list[tuple[int, int]] = []
    if not secret:
        return spans
    found = text.find(secret)
    while found != -1:
        spans.append((found, found + len(secret)))
        found = text.find(secret, found + len(secret))
    spread = _spread_pattern(secret)
    if spread is None:
        return spans
    canonical = _canonical(text)
    needle = _needle("".join(secret.split()).casefold())
    if needle is None or needle in canonical.casefold():
        spans.extend(match.span() for match in spread.finditer(text))
    needles = [_needle(core) for core in _base64_cores(secret)]
    encoded = _base64_pattern(secret)
    if encoded is not None and any(n is None or n in canonical for n in needles):
        reach = 0
        for match in encoded.finditer(text):
            if match.start() < reach:
                continue
            start, reach = _widened(text, *match.span())
            spans.append((start, reach))
    return _merged(spans)


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out
