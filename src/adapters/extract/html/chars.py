"""Characters a reader should not see raw: soft hyphens and decomposed accents.

A soft hyphen (U+00AD) only marks where a word may break at a line end; left in the text
it cuts the word in two for any tokenizer ("Zusammen\\xadarbeit"). Decomposed accents
("e" + U+0301) are normalised to NFC, so the same word is the same string whichever form
the page used. Called once per block (`Block.finish`), not per node: both checks are
C-speed scans that leave already-clean text untouched.
"""

from __future__ import annotations

import unicodedata

SOFT_HYPHEN = "\xad"


def clean_chars(text: str) -> str:
    """`text` without soft hyphens, in Unicode normal form C."""
    if SOFT_HYPHEN in text:
        text = text.replace(SOFT_HYPHEN, "")
    if text.isascii() or unicodedata.is_normalized("NFC", text):
        return text
    return unicodedata.normalize("NFC", text)
