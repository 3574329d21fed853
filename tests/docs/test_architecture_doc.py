"""docs/architecture.md holds to the code: its count and table of import contracts match
pyproject.toml, and it names where the pipeline's order lives (`STAGES` in
adapters/pipeline/chain.py). Both were wrong after issue 32 (found by its attacking review)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from webdistill.adapters.pipeline import chain

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
WORDS = {4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine", 10: "Ten"}


def _contracts() -> list[dict[str, object]]:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts: list[dict[str, object]] = pyproject["tool"]["importlinter"]["contracts"]
    return contracts


def test_the_doc_counts_the_import_contracts_right() -> None:
    count = len(_contracts())
    assert f"{WORDS.get(count, count)} import-linter contracts" in DOC


def test_every_contract_has_a_row_in_the_table() -> None:
    rows = [line for line in DOC.splitlines() if line.startswith("| ")]
    for contract in _contracts():
        name = str(contract["name"])
        short = name.split(":", maxsplit=1)[0].split(" (", maxsplit=1)[0]
        assert any(row.startswith(f"| {short}") for row in rows), name


def test_the_doc_says_where_the_stage_order_lives() -> None:
    assert chain.STAGES  # the list the doc points at
    assert "`STAGES`" in DOC and "adapters/pipeline/chain.py" in DOC
    where = DOC[DOC.index("## Where to add things") :]
    assert "STAGES" in where, "'Where to add things' must send a new stage to chain.STAGES"
