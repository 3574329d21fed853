"""Every handler's output is bounded, and the result says what was cut."""

from __future__ import annotations

import json

from tests.extract.pdf_builder import build_pdf
from tests.http.hostile_bodies import wide_csv, wide_json
from webdistill.adapters.extract.dispatch import extract_content
from webdistill.adapters.extract.pdf import MAX_PAGE_CHARS
from webdistill.adapters.extract.plain import (
    MAX_CELL_CHARS,
    MAX_JSON_CHARS,
    MAX_TABLE_COLUMNS,
    MAX_TABLE_ROWS,
)


def test_a_million_column_csv_row_is_cut_to_the_column_cap() -> None:
    document = extract_content(wide_csv(), "text/csv", None).unwrap()
    assert "1000001 columns" in document.title  # a million commas: a million and one cells
    assert f"first {MAX_TABLE_COLUMNS} columns" in document.title
    assert f"first {MAX_TABLE_ROWS} rows" in document.title
    assert "content_cut" in document.flags and document.notice
    assert len(document.markdown) < 50_000
    header = document.markdown.split("\n")[2]
    assert header.count("|") == MAX_TABLE_COLUMNS + 1


def test_long_csv_cells_are_cut_and_said() -> None:
    body = b"name,essay\n" + b"a," + b"x" * 100_000 + b"\n"
    document = extract_content(body, "text/csv", None).unwrap()
    assert f"cells cut to {MAX_CELL_CHARS} characters" in document.title
    assert len(document.markdown) < 2 * MAX_CELL_CHARS + 200


def test_an_ordinary_csv_is_whole_and_unflagged() -> None:
    document = extract_content(b"a,b\n1,2\n3,4\n", "text/csv", None).unwrap()
    assert document.flags == () and document.notice is None
    assert "| 3 | 4 |" in document.markdown


def test_a_wide_json_object_is_summarised_and_said() -> None:
    document = extract_content(wide_json(20_000), "application/json", None).unwrap()
    assert "content_cut" in document.flags
    assert document.notice is not None and "objects past 100 keys" in document.notice
    assert len(document.markdown) <= MAX_JSON_CHARS + 1000


def test_deep_and_wide_json_stops_at_the_character_cap() -> None:
    node: object = [1]
    for _ in range(5):  # 8**5 = 32768 leaves, deeply indented when pretty
        node = {f"k{i}": node for i in range(8)}
    body = json.dumps(node).encode()
    document = extract_content(body, "application/json", None).unwrap()
    assert len(document.markdown) <= MAX_JSON_CHARS + 1000
    assert document.notice is not None and f"{MAX_JSON_CHARS} characters" in document.notice


def test_a_huge_pdf_page_is_cut_and_said() -> None:
    document = extract_content(build_pdf(["y" * 150_000]), "application/pdf", None).unwrap()
    assert "content_cut" in document.flags
    assert document.notice is not None and f"after {MAX_PAGE_CHARS} characters" in document.notice
    assert len(document.markdown) < MAX_PAGE_CHARS + 200
