"""Work measured without a clock: how many Python calls `extract_html` makes on a page."""

from __future__ import annotations

import sys
from types import FrameType

from webdistill import extract_html


def calls(html: str) -> tuple[int, str]:
    """(Python function calls and returns seen while reading `html`, the text read)."""
    count = 0

    def tally(_frame: FrameType, _event: str, _arg: object) -> None:
        nonlocal count
        count += 1

    sys.setprofile(tally)
    try:
        text = extract_html(html).text
    finally:
        sys.setprofile(None)
    return count, text
