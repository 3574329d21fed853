"""The extractive compressor: budget, order, intact code/tables, focus, gap markers."""

from __future__ import annotations

import re
from pathlib import Path

from returns.pipeline import is_successful

from webdistill.adapters.compress.blocks import split_units
from webdistill.adapters.compress.bm25 import bm25_scores, query_terms
from webdistill.adapters.compress.extractive import (
    GAP,
    ExtractiveCompressor,
    compress_extractive,
)

HARBOR = (Path(__file__).parent / "fixtures" / "harbor.md").read_text(encoding="utf-8")
CODE_BLOCK = "```bash\npip install harbor-tides\n\n# check the version\nharbor --version\n```"
TABLE = (
    "| key | default | meaning |\n|---|---|---|\n| port | none | the port code |\n"
    "| units | metric | metres or feet |"
)
SPRING = "The spring tide range at Port Ellis reaches 7.4 metres in March"


def _pieces(output: str) -> list[str]:
    return [p for p in re.split(r"\s*\[…\]\s*|\n\n", output) if p.strip()]


def test_output_within_budget_for_many_budgets() -> None:
    for budget in (10, 50, 200, 500, 1000, 2000, 4000, 6000):
        for query in ("", "spring tide range", "install pip"):
            assert len(compress_extractive(HARBOR, query, budget)) <= budget


def test_small_input_is_returned_unchanged_and_compression_is_idempotent() -> None:
    assert compress_extractive(HARBOR, "tides", len(HARBOR)) == HARBOR
    once = compress_extractive(HARBOR, "spring tides", 1500)
    assert compress_extractive(once, "spring tides", 1500) == once


def test_focus_keeps_the_matching_sentence_and_marks_gaps() -> None:
    output = compress_extractive(HARBOR, "spring tide range Port Ellis", 1200)
    assert SPRING in output
    assert "## Spring tides" in output  # the section heading comes with its content
    assert GAP in output
    assert len(output) < len(HARBOR)


def test_pieces_keep_their_original_order() -> None:
    output = compress_extractive(HARBOR, "configuration defaults", 2000)
    positions = [HARBOR.index(piece) for piece in _pieces(output)]
    assert positions == sorted(positions)
    assert len(positions) > 3


def test_code_block_is_kept_whole_or_not_at_all() -> None:
    for budget in range(40, 3000, 37):
        output = compress_extractive(HARBOR, "install pip harbor version", budget)
        fences = output.count("```")
        assert fences in (0, 2), budget
        if fences:
            assert CODE_BLOCK in output


def test_install_focus_keeps_the_code_block_and_its_heading() -> None:
    output = compress_extractive(HARBOR, "how do I install harbor with pip", 800)
    assert CODE_BLOCK in output
    assert "## Installation" in output


def test_table_is_kept_whole_or_not_at_all() -> None:
    for budget in range(40, 3000, 41):
        output = compress_extractive(HARBOR, "key default meaning port units metric", budget)
        if "| key |" in output or "| units |" in output:
            assert TABLE in output


def test_no_focus_gives_a_lead_biased_summary() -> None:
    output = compress_extractive(HARBOR, "", 600)
    assert output.startswith("# Harbor Tide Tables\n\nThe Harbor project publishes tide tables")
    assert output.rstrip().endswith(GAP)


def test_nothing_fits_says_so() -> None:
    assert compress_extractive("x" * 50, "", 5) == GAP
    assert compress_extractive("x" * 50, "", 2) == ""
    assert compress_extractive("x" * 50, "", 0) == ""


def test_units_cover_code_tables_and_sentences() -> None:
    units = split_units(HARBOR)
    kinds = {unit.kind for unit in units}
    assert kinds == {"heading", "prose", "code", "table"}
    assert any(unit.text == CODE_BLOCK for unit in units)
    assert any(unit.text == TABLE for unit in units)
    assert all(HARBOR[unit.start : unit.end] == unit.text for unit in units)
    # the long Background paragraphs are cut into sentences
    assert any(unit.text.startswith("Paragraph 0 sentence 3 ") for unit in units)


def test_unclosed_fence_runs_to_the_end() -> None:
    markdown = "Intro.\n\n```python\nx = 1\n\ny = 2\n"
    units = split_units(markdown)
    assert [unit.kind for unit in units] == ["prose", "code"]
    assert units[1].text == "```python\nx = 1\n\ny = 2"


def test_bm25_prefers_the_document_with_rarer_matching_terms() -> None:
    documents = [["tide", "table"], ["tide", "range", "ellis"], ["history"], ["tide"]]
    scores = bm25_scores(documents, ["tide", "ellis"])
    assert scores.index(max(scores)) == 1
    assert scores[2] == 0.0
    assert bm25_scores(documents, []) == [0.0] * 4
    assert query_terms("What is the tide at the port?") == ["tide", "port"]
    assert query_terms("the of") == ["the", "of"]


async def test_compressor_port_uses_target_and_ratio() -> None:
    fixed = ExtractiveCompressor(target_chars=1000)
    result = await fixed(HARBOR, "spring tides")
    assert is_successful(result)
    assert len(result.unwrap()) <= 1000
    assert SPRING in result.unwrap()
    assert ExtractiveCompressor.label == "extractive"

    ratio = ExtractiveCompressor(target_chars=5000, ratio=0.1)
    assert ratio.budget(len(HARBOR)) == int(0.1 * len(HARBOR))
    assert ratio.budget(100_000) == 5000
    short = await ratio(HARBOR, "")
    assert len(short.unwrap()) <= int(0.1 * len(HARBOR))


def test_small_budget_cuts_paragraphs_into_sentences_to_keep_the_focus() -> None:
    filler = "Filler words about nothing in particular go here. " * 5
    needle = "The ferry to Port Ellis leaves at 07:45 every weekday."
    markdown = f"{filler}\n\n{filler.strip()} {needle} {filler.strip()}\n\n{filler}"
    output = compress_extractive(markdown, "ferry Port Ellis weekday", 100)
    assert needle in output
    assert len(output) <= 100


HOURS_PAGE = "\n\n".join(
    ["# Carrow harbour office", "The office serves visiting boats on the northern coast."]
    + [
        f"Notice {n}: visiting boats should call the office on channel {n} before they "
        f"enter the basin, and the quay is busy with fishing boats in summer."
        for n in range(12)
    ]
    + ["## Berth fees", "Under ten metres: 40 euros a night; longer: 65 euros a night."]
    + [f"Remark {n}: the slipway is closed for repairs until the spring tides." for n in range(8)]
)
FEES = "Under ten metres: 40 euros a night"


def test_a_heading_that_best_matches_the_focus_is_kept_with_its_section() -> None:
    # the fees paragraph shares no word with the question: the heading says where it is
    output = compress_extractive(HOURS_PAGE, "berth fees for visiting boats", 300)
    assert "## Berth fees" in output
    assert FEES in output
    assert output.index("## Berth fees") < output.index(FEES)


def test_a_heading_is_never_kept_without_its_content() -> None:
    for budget in range(20, 200, 7):
        output = compress_extractive(HOURS_PAGE, "berth fees", budget)
        if "## Berth fees" in output:
            assert FEES in output
