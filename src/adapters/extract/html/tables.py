"""HTML tables: tell data tables from layout tables, and render data tables as GFM tables.

`colspan` repeats the cell into the spanned columns' width with empty cells; `rowspan`
carries the cell text down. The walk is iterative over rows and cells (tables are flat).
"""

from __future__ import annotations

from lxml import etree

from webdistill.adapters.extract.html.block import text_of

MAX_ROWS = 500
MAX_COLUMNS = 50
_LAYOUT_CHILDREN = frozenset({"table", "p", "div", "ul", "ol", "h1", "h2", "h3", "blockquote"})


def is_data_table(table: etree._Element) -> bool:
    """A table of data (rows of short cells), not a page layout made of table cells.

    Linear in the table's size: each cell's text is measured once, and a table holding
    another table or a form is layout before any text is measured.
    """
    if table.find(".//table") is not None or table.find(".//form") is not None:
        return False
    cells = 0
    text = 0
    for cell in table.iter("td", "th"):
        size = len(text_of(cell))
        cells += 1
        text += size
        if size > 200 and any(
            isinstance(node.tag, str) and node.tag in _LAYOUT_CHILDREN
            for node in cell.iterdescendants()
        ):
            return False
    if cells < 2:
        return False
    return text / cells < 250


def _rows(table: etree._Element) -> list[etree._Element]:
    rows = []
    for node in table.iterdescendants("tr"):
        owner = next(node.iterancestors("table"), None)
        if owner is table:
            rows.append(node)
        if len(rows) >= MAX_ROWS:
            break
    return rows


def _cell_text(cell: etree._Element) -> str:
    return " ".join(text_of(cell).split())


def _span(cell: etree._Element, name: str) -> int:
    try:
        return max(1, min(int(cell.get(name) or 1), MAX_COLUMNS))
    except ValueError:
        return 1


def table_grid(table: etree._Element) -> tuple[list[list[str]], bool]:
    """The cells as a rectangular grid of strings, and whether the first row is a header."""
    grid: list[list[str]] = []
    pending: dict[int, tuple[str, int]] = {}  # column -> (text, rows still to fill)
    header = False
    for index, row in enumerate(_rows(table)):
        out: list[str] = []
        column = 0
        cells = [c for c in row if isinstance(c.tag, str) and c.tag in {"td", "th"}]
        if index == 0:
            header = bool(cells) and all(c.tag == "th" for c in cells)
            parent = row.getparent()
            header = header or (parent is not None and parent.tag == "thead")
        for cell in cells:
            while column in pending:
                text, left = pending.pop(column)
                out.append(text)
                if left > 1:
                    pending[column] = (text, left - 1)
                column += 1
            text = _cell_text(cell).replace("|", "\\|")
            rowspan = _span(cell, "rowspan")
            for offset in range(_span(cell, "colspan")):
                out.append(text if offset == 0 else "")
                if rowspan > 1:
                    pending[column] = (text if offset == 0 else "", rowspan - 1)
                column += 1
        while column in pending:
            text, left = pending.pop(column)
            out.append(text)
            if left > 1:
                pending[column] = (text, left - 1)
            column += 1
        if any(out):
            grid.append(out[:MAX_COLUMNS])
    width = max((len(r) for r in grid), default=0)
    return [r + [""] * (width - len(r)) for r in grid], header


def render_table(table: etree._Element, base_url: str | None) -> tuple[str, str]:
    """(GFM Markdown, plain text) of a data table; the caption comes first."""
    del base_url  # cell links are kept as text: URLs inside tables bloat the output
    grid, header = table_grid(table)
    caption_el = next(table.iterchildren("caption"), None)
    caption = _cell_text(caption_el) if caption_el is not None else ""
    if not grid:
        return caption, caption
    width = len(grid[0])
    head = grid[0] if header else [""] * width
    body = grid[1:] if header else grid
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * width]
    lines += ["| " + " | ".join(r) + " |" for r in body]
    plain = "\n".join(" ".join(c for c in r if c) for r in grid)
    markdown = "\n".join(lines)
    if caption:
        return f"{caption}\n\n{markdown}", f"{caption}\n{plain}"
    return markdown, plain
