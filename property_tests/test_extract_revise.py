"""Our linear-time revision pass agrees with jusText's own on any classification."""

from __future__ import annotations

import time

from hypothesis import given
from hypothesis import strategies as st
from justext.core import revise_paragraph_classification

from webdistill.adapters.extract.html.revise import revise


class _Paragraph:
    def __init__(self, cf_class: str, heading: bool, length: int) -> None:
        self.cf_class = cf_class
        self.class_type = ""
        self.heading = heading
        self.text = "x" * length


_ROWS = st.lists(
    st.tuples(
        st.sampled_from(["good", "bad", "short", "neargood"]),
        st.booleans(),
        st.integers(min_value=1, max_value=300),
    ),
    max_size=60,
)


@given(rows=_ROWS)
def test_same_classes_as_justext(rows: list[tuple[str, bool, int]]) -> None:
    ours = [_Paragraph(*row) for row in rows]
    theirs = [_Paragraph(*row) for row in rows]
    revise(ours)
    revise_paragraph_classification(theirs)
    assert [p.class_type for p in ours] == [p.class_type for p in theirs]


def test_long_runs_of_short_paragraphs_stay_fast() -> None:
    paragraphs = [_Paragraph("short", False, 5) for _ in range(100_000)]
    paragraphs[0].cf_class = "good"
    started = time.perf_counter()
    revise(paragraphs)
    assert time.perf_counter() - started < 5
