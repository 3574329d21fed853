"""Test helper: the part of a rendered text that stands outside every untrusted fence."""

from __future__ import annotations

import re

_BLOCK = re.compile(
    r"<<<WEB_CONTENT_BEGIN nonce=(?P<nonce>[0-9a-f]{16}) .*?<<<WEB_CONTENT_END nonce=(?P=nonce)>>>",
    re.DOTALL,
)


def outside_fences(text: str) -> str:
    """`text` with every complete fenced block (matched by its nonce) taken out."""
    return _BLOCK.sub("[fenced]", text)
