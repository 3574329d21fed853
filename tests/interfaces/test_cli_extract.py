"""`webdistill extract` in-process: local files to Markdown, text or JSON, offline."""

from __future__ import annotations

import json

import pytest

from tests.interfaces.sites import FIXTURES
from webdistill.doors.cli.main import main


def test_html_file_to_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["extract", str(FIXTURES / "article.html")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Tide pools of the north coast\n")
    assert "## What you may see" in out and "Copyright" not in out


def test_markdown_file_as_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["extract", str(FIXTURES / "notes.md"), "--text"]) == 0
    out = capsys.readouterr().out
    assert "hermit crab" in out
    assert "**" not in out and "https://example.org/crabs" not in out


def test_csv_file_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["extract", str(FIXTURES / "counts.csv"), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["content_type"] == "text/csv"
    assert "sea star" in document["markdown"]


def test_unreadable_content_exits_4(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    archive = Path(str(tmp_path)) / "bundle.zip"
    archive.write_bytes(b"PK\x03\x04" + bytes(200))
    assert main(["extract", str(archive)]) == 4
    assert capsys.readouterr().err.startswith("webdistill: UNSUPPORTED_CONTENT:")
