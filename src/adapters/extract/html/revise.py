"""jusText's context-sensitive pass (`revise_paragraph_classification`) in linear time.

jusText looks for the nearest good/bad neighbour of each short or near-good paragraph by
scanning the list, which is quadratic in a run of short paragraphs: a hostile page with
100 000 tiny paragraphs would take minutes. This is the same algorithm with the
neighbours precomputed in two passes; `property_tests/test_extract_revise.py` checks that it
agrees with jusText.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

MAX_HEADING_DISTANCE = 200
_GOOD_OR_BAD = frozenset({"good", "bad"})
_GOOD_BAD_NEAR = frozenset({"good", "bad", "neargood"})


class Classified(Protocol):
    cf_class: str
    class_type: str
    heading: bool

    @property
    def text(self) -> str: ...


def _nearest(classes: list[str], wanted: frozenset[str], reverse: bool) -> list[str]:
    """For each index, the nearest class in `wanted` strictly before (or after) it."""
    out = ["bad"] * len(classes)
    last = "bad"
    order = range(len(classes) - 1, -1, -1) if reverse else range(len(classes))
    for i in order:
        out[i] = last
        if classes[i] in wanted:
            last = classes[i]
    return out


def _good_within_reach(paragraphs: Sequence[Classified], i: int, max_distance: int) -> bool:
    distance = 0
    j = i + 1
    while j < len(paragraphs) and distance <= max_distance:
        if paragraphs[j].class_type == "good":
            return True
        distance += len(paragraphs[j].text)
        j += 1
    return False


def revise(
    paragraphs: Sequence[Classified], max_heading_distance: int = MAX_HEADING_DISTANCE
) -> None:
    """Set `class_type` from `cf_class` and the neighbours, exactly as jusText does."""
    # Good headings (as in jusText, this sees only classes already copied: none ahead).
    for i, paragraph in enumerate(paragraphs):
        paragraph.class_type = paragraph.cf_class
        if (
            paragraph.heading
            and paragraph.class_type == "short"
            and _good_within_reach(paragraphs, i, max_heading_distance)
        ):
            paragraph.class_type = "neargood"
    # Short paragraphs take the class of their neighbourhood.
    classes = [p.class_type for p in paragraphs]
    prev_gb = _nearest(classes, _GOOD_OR_BAD, reverse=False)
    next_gb = _nearest(classes, _GOOD_OR_BAD, reverse=True)
    prev_gbn = _nearest(classes, _GOOD_BAD_NEAR, reverse=False)
    next_gbn = _nearest(classes, _GOOD_BAD_NEAR, reverse=True)
    for i, paragraph in enumerate(paragraphs):
        if classes[i] != "short":
            continue
        before, after = prev_gb[i], next_gb[i]
        if before == "good" and after == "good":
            paragraph.class_type = "good"
        elif before == "bad" and after == "bad":
            paragraph.class_type = "bad"
        elif (before == "bad" and prev_gbn[i] == "neargood") or (
            after == "bad" and next_gbn[i] == "neargood"
        ):
            paragraph.class_type = "good"
        else:
            paragraph.class_type = "bad"
    # Near-good paragraphs: bad only between bad ones (earlier decisions count).
    classes = [p.class_type for p in paragraphs]
    next_gb = _nearest(classes, _GOOD_OR_BAD, reverse=True)
    before = "bad"
    for i, paragraph in enumerate(paragraphs):
        if paragraph.class_type == "neargood":
            paragraph.class_type = "bad" if (before, next_gb[i]) == ("bad", "bad") else "good"
        if paragraph.class_type in _GOOD_OR_BAD:
            before = paragraph.class_type
    # More good headings.
    for i, paragraph in enumerate(paragraphs):
        if (
            paragraph.heading
            and paragraph.class_type == "bad"
            and paragraph.cf_class != "bad"
            and _good_within_reach(paragraphs, i, max_heading_distance)
        ):
            paragraph.class_type = "good"
