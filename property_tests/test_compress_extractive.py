"""Properties of the extractive compressor: within budget, only input pieces, never raises."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from property_tests.strategies_compress import markdown_documents, markdown_with_atoms
from webdistill.adapters.compress.blocks import split_units
from webdistill.adapters.compress.extractive import compress_extractive

queries = st.one_of(st.just(""), st.text(max_size=40), st.sampled_from(["alpha beta", "code"]))
budgets = st.integers(min_value=-5, max_value=3000)
documents = st.one_of(markdown_documents(), st.text(max_size=2000))


@given(documents, queries, budgets)
def test_output_never_exceeds_the_budget(markdown: str, query: str, budget: int) -> None:
    output = compress_extractive(markdown, query, budget)
    assert len(output) <= max(budget, 0)


@given(documents, queries, budgets)
def test_output_is_made_of_input_pieces_and_gap_markers(
    markdown: str, query: str, budget: int
) -> None:
    output = compress_extractive(markdown, query, budget)
    for piece in re.split(r"\s*\[…\]\s*|\n\n", output):
        assert piece.strip() == "" or piece in markdown


@given(markdown_with_atoms(), queries, st.integers(min_value=1, max_value=3000))
def test_code_blocks_and_tables_are_kept_whole_or_not_at_all(
    document: tuple[str, list[str]], query: str, budget: int
) -> None:
    markdown, atoms = document
    output = compress_extractive(markdown, query, budget)
    for atom in atoms:
        marker_words = re.findall(r"(?:codeblock|more|tablerow|tableend)\d+", atom)
        if any(re.search(rf"\b{word}\b", output) for word in marker_words):
            assert atom in output


@given(documents, queries, budgets)
def test_compressing_twice_changes_nothing(markdown: str, query: str, budget: int) -> None:
    once = compress_extractive(markdown, query, budget)
    assert compress_extractive(once, query, budget) == once


@given(documents, queries, budgets)
def test_deterministic(markdown: str, query: str, budget: int) -> None:
    assert compress_extractive(markdown, query, budget) == compress_extractive(
        markdown, query, budget
    )


@given(documents)
def test_units_are_exact_ordered_spans(markdown: str) -> None:
    units = split_units(markdown)
    previous_end = 0
    for unit in units:
        assert markdown[unit.start : unit.end] == unit.text
        assert unit.start >= previous_end
        assert unit.text.strip()
        previous_end = unit.end
