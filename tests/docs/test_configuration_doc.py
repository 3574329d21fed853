"""docs/configuration.md is what `python -m webdistill.tools.config_doc` writes (config.FIELDS)."""

from __future__ import annotations

from pathlib import Path

import pytest

from webdistill.config import FIELDS
from webdistill.tools import config_doc

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "configuration.md"


def test_the_committed_reference_is_what_the_generator_writes() -> None:
    assert REFERENCE.is_file(), "run `python -m webdistill.tools.config_doc` to write it"
    assert REFERENCE.read_text(encoding="utf-8") == config_doc.render(), (
        "docs/configuration.md is out of date: run `python -m webdistill.tools.config_doc`"
    )


def test_every_setting_has_its_row() -> None:
    text = config_doc.render()
    for variable in FIELDS:
        assert f"| `{variable}` |" in text


def test_check_reports_a_stale_file_and_passes_a_fresh_one(tmp_path: Path) -> None:
    stale = tmp_path / "configuration.md"
    stale.write_text("# old\n", encoding="utf-8")
    assert config_doc.main(["--check", "--output", str(stale)]) == 1
    assert stale.read_text(encoding="utf-8") == "# old\n"  # --check writes nothing
    assert config_doc.main(["--output", str(stale)]) == 0
    assert config_doc.main(["--check", "--output", str(stale)]) == 0


def test_ranges_and_choices_come_from_the_parsers() -> None:
    text = config_doc.render()
    assert "| `WEB_CONCURRENCY` | `8` | whole number, 1 to 64 |" in text
    assert "`none`, `llm`, `extractive`" in text  # WEB_COMPRESSOR's choices, in config's order


def test_a_setting_without_a_text_stops_the_generator(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A new FIELDS entry (data, added here for the test) must get its text in config_help."""
    monkeypatch.setitem(FIELDS, "WEB_SOMETHING_NEW", ("concurrency", FIELDS["WEB_PER_HOST"][1]))
    assert config_doc.main(["--output", str(tmp_path / "c.md")]) == 2
    assert "WEB_SOMETHING_NEW is in config.FIELDS but has no text" in capsys.readouterr().err
    assert not (tmp_path / "c.md").exists()
