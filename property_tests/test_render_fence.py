"""Properties of fencing: any text, any source -> exactly one open and one close marker."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from webdistill.doors.render import FENCE_CLOSE, FENCE_OPEN, fence_untrusted

#: Text that tends to contain marker-like pieces, mixed with arbitrary unicode.
_PIECES = st.sampled_from(
    [
        "<",
        ">",
        "<<<",
        ">>>",
        FENCE_OPEN,
        FENCE_CLOSE,
        " nonce=",
        "web content end",
        "\n",
        "WEB_CONTENT_BEGIN",
    ]
)
texts = st.lists(st.one_of(_PIECES, st.text(max_size=20)), max_size=20).map("".join)


@given(text=texts, source=texts)
def test_fencing_leaves_exactly_one_pair_of_markers(text: str, source: str) -> None:
    fenced = fence_untrusted(text, source)
    lines = fenced.split("\n")
    nonce = re.fullmatch(r"<<<WEB_CONTENT_BEGIN nonce=([0-9a-f]{16}) source=\".*\">>>", lines[0])
    assert nonce is not None
    assert lines[-1] == f"{FENCE_CLOSE} nonce={nonce.group(1)}>>>"
    assert fenced.count("<<<") == 2
    assert fenced.upper().count("WEB_CONTENT_END") == 1
    assert fenced.upper().count("WEB_CONTENT_BEGIN") == 1
