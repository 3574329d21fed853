"""What the command line writes to a terminal: no control characters from the web.

Hit titles, snippets, page text and error details are server-derived; a terminal obeys the
control characters in them (ESC sequences that move the cursor, retitle the window or
rewrite what was printed, BEL, backspace, C1 controls) and bidi overrides reorder what a
person reads. `for_terminal` takes all of them out of text output (keeping newlines and
tabs); `json_text` writes JSON with every one of them as a `\\uXXXX` escape, so the data
is intact for a program and inert on a screen. Unicode tag characters (U+E0000-U+E007F:
invisible text a model still reads) are taken out of text and escaped in JSON; the line and
paragraph separators U+2028/U+2029 become newlines in text and escapes in JSON (issue 26).
"""

from __future__ import annotations

import json
import logging
import re
import sys

#: ESC sequences first (CSI, OSC/DCS/SOS/PM/APC strings, two-character escapes), then single
#: C0 controls (but newline and tab), DEL, C1 controls, and the bidi controls: embeddings and
#: overrides U+202A-U+202E, isolates U+2066-U+2069, marks U+200E/U+200F/U+061C.
_ESCAPE_SEQUENCE = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]?"
    r"|\x1b[\]PX^_].*?(?:\x07|\x1b\\|$)"
    r"|\x1b[ -/]*[0-~]?",
    re.DOTALL,
)
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
#: What JSON leaves raw (json.dumps escapes C0 itself): DEL, C1 and the bidi controls.
#: Also the line/paragraph separators and the tag characters.
_JSON_RAW = re.compile(
    "[\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\U000e0000-\U000e007f]"
)
_TAGS = re.compile("[\U000e0000-\U000e007f]")
_LINE_SEPARATORS = re.compile("[\u2028\u2029]")


def for_terminal(text: str) -> str:
    """`text` without escape sequences, control and tag characters (newlines and tabs kept;
    U+2028/U+2029 become newlines)."""
    text = _LINE_SEPARATORS.sub("\n", _TAGS.sub("", text))
    return _CONTROL.sub("", _ESCAPE_SEQUENCE.sub("", text))


def _escape(char: str) -> str:
    """`char` as JSON escapes (a UTF-16 surrogate pair beyond the BMP)."""
    units = char.encode("utf-16-be")
    return "".join(
        f"\\u{int.from_bytes(units[at : at + 2], 'big'):04x}" for at in (0, 2)[: len(units) // 2]
    )


def json_text(value: object) -> str:
    """`value` as indented JSON whose strings carry every control character as an escape."""
    dumped = json.dumps(value, ensure_ascii=False, indent=2)
    return _JSON_RAW.sub(lambda m: _escape(m.group()), dumped)


class TerminalLogFormatter(logging.Formatter):
    """Log lines for a terminal: a server's words inside a message (a store's error reply,
    a provider's complaint) lose their control characters like any other output."""

    def format(self, record: logging.LogRecord) -> str:
        return for_terminal(super().format(record))


class _TerminalHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """The CLI's handler for the `webdistill` loggers (warnings and worse, to stderr)."""


def log_to_terminal() -> None:
    """Send the `webdistill` loggers' warnings to stderr through `TerminalLogFormatter`
    (without it Python's last-resort handler writes them raw); installed once."""
    logger = logging.getLogger("webdistill")
    if any(isinstance(h, _TerminalHandler) for h in logger.handlers):
        return
    handler = _TerminalHandler(sys.stderr)
    handler.setLevel(logging.WARNING)
    handler.setFormatter(TerminalLogFormatter("%(message)s"))
    logger.addHandler(handler)
