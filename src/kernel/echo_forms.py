"""A known secret found in text someone else wrote, in whatever form it was echoed back.

A provider, reader, LLM endpoint or MCP server that repeats our key in an error rarely repeats
it verbatim only: the text may be wrapped over lines or spaced out, percent-encoded (a URL
echoed), HTML-entity-escaped (`&#45;`, `&#x2d;`, `&amp;`), JSON-escaped (`\\u002d`, `\\/`),
upper-cased (a hex key upper-cased is the key), or base64'd (an `Authorization` header echoed
encoded, at any of the 3 byte alignments, standard or URL-safe alphabet, maybe wrapped too).
`secret_spans` finds every such form; `redaction.without_secret` replaces them.

Matching stays linear in the text for a given secret: one regex per secret, built once
(cached), whose elements are alternatives of fixed strings with `\\s*` between them, so a
match attempt never backtracks further than one character's encodings. Secrets shorter than
`MIN_FUZZY` (or longer than `MAX_FUZZY`) are matched exactly only: a short one spread over
whitespace would hit ordinary text, a very long one is a whole command line, not a key.

Stdlib only; nothing here raises.
"""

from __future__ import annotations

import base64
import functools
import re

#: Below this many (non-space) characters a secret is matched exactly only.
MIN_FUZZY = 8
#: Above this many a secret is matched exactly only (bounds the size of its pattern).
MAX_FUZZY = 512
#: The characters of either base64 alphabet (a matched form is widened over its whole word).
_BASE64_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_=")
#: HTML's named entities for the characters that have a short one (HTML Living Standard).
_NAMED = {
    "&": ("amp",), "<": ("lt",), ">": ("gt",), '"': ("quot",), "'": ("apos",),
    "/": ("sol",), "-": ("hyphen", "dash"), "_": ("lowbar", "UnderBar"), ".": ("period",),
    ":": ("colon",), "=": ("equals",), "+": ("plus",), "~": ("tilde",), "%": ("percnt",),
    "@": ("commat",), "#": ("num",), "$": ("dollar",), "!": ("excl",), "?": ("quest",),
    ",": ("comma",), ";": ("semi",), "*": ("ast", "midast"), "(": ("lpar",), ")": ("rpar",),
    "[": ("lsqb", "lbrack"), "]": ("rsqb", "rbrack"), "{": ("lcub", "lbrace"),
    "}": ("rcub", "rbrace"), "|": ("verbar", "vert"), "\\": ("bsol",), "^": ("Hat",),
    "`": ("grave",),
}  # fmt: skip


#: What may stand between two characters of an echoed secret: whitespace, written plain or
#: escaped as JSON (`\\n`, `\\u0020`: the raw body of a JSON error), HTML or a URL would.
_GAP = (
    r"(?:\s|\\++[nrtf]|\\++u00(?:0[9adAD]|20)|&#0*(?:9|10|13|32)(?!\d);?"
    r"|&#[xX]0*(?:9|[aAdD]|20)(?![0-9a-fA-F]);?"
    r"|&nbsp;|%(?:25)*(?:0[9adAD]|20))*+"
)


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
    if char in '/"\\':
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
    """Any base64 form of the secret (case-sensitive), maybe wrapped over lines."""
    if not MIN_FUZZY <= len(secret) <= MAX_FUZZY:
        return None
    forms = (_GAP.join(re.escape(char) for char in core) for core in _base64_cores(secret))
    return re.compile("|".join(forms))


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
    if spread is not None:
        spans.extend(match.span() for match in spread.finditer(text))
    encoded = _base64_pattern(secret)
    if encoded is not None:
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
