"""The reader's work grows with blocks + depth, not blocks x depth (no timed assertions).

A page with its article and thousands of short blocks under hundreds of nested <div>s (the
shape of the 2 MiB page that read in ~8 s: every selection rule climbed each block's whole
ancestry) is read twice, at two nesting depths, while `sys.setprofile` counts the Python
and C calls made: the extra calls of the deeper page must stay a small multiple of the
extra levels plus blocks, far below levels x blocks.
"""

from __future__ import annotations

from tests.extract.call_count import calls

PROSE = "the board voted to close the quay for repairs and the harbour master agreed. "
BLOCKS = 1_500


def _page(depth: int) -> str:
    article = "".join(f"<p>{i} {PROSE * 5}</p>" for i in range(20))
    notes = "".join(f"<p>The quay is {i} and the board said so.</p>" for i in range(BLOCKS))
    return (
        "<html><body>"
        + "<div>" * depth
        + f"<article>{article}</article>{notes}"
        + "</div>" * depth
        + "</body></html>"
    )


def test_deep_nesting_adds_work_per_level_not_per_level_and_block() -> None:
    shallow, shallow_text = calls(_page(20))
    deep, deep_text = calls(_page(180))
    assert deep_text == shallow_text  # the same page, only nested deeper
    assert "19 the board voted" in deep_text
    extra_levels = 160
    # blocks x levels would be 240,000 steps (each several calls); linear work is a few
    # calls per extra level and per block.
    assert deep - shallow < 20 * (extra_levels + BLOCKS), (shallow, deep)
