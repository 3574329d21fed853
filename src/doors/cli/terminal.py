"""What the command line writes to a terminal: no control characters from the web.

Hit titles, snippets, page text and error details are server-derived; a terminal obeys the
control characters in them (ESC sequences that move the cursor, retitle the window or
rewrite what was printed, BEL, backspace, C1 controls) and bidi overrides reorder what a
person reads. `for_terminal` takes all of them out of text output (keeping newlines and
tabs); `json_text` writes JSON with every one of them as a `\\uXXXX` escape, so the data
is intact for a program and inert on a screen.
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
_JSON_RAW = re.compile("[\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def for_terminal(text: str) -> str:
    """`text` without escape sequences and control characters (newlines and tabs kept)."""
    return _CONTROL.sub("", _ESCAPE_SEQUENCE.sub("", text))


def json_text(value: object) -> str:
    """`value` as indented JSON whose strings carry every control character as an escape."""
    dumped = json.dumps(value, ensure_ascii=False, indent=2)
    return _JSON_RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", dumped)


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
