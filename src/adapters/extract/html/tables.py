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


#: A table is a layout when at least one cell in this many is long and holds blocks.
LAYOUT_CELL_SHARE = 4


def is_data_table(table: etree._Element) -> bool:
    """A table of data (rows of short cells), not a page layout made of table cells.

    Linear in the table's size: each cell's text is measured once, and a table holding
    another table or a form is layout before any text is measured.
    """
    if table.find(".//table") is not None or table.find(".//form") is not None:
        return False
    cells = 0
    text = 0
    structured = 0  # long cells holding blocks (paragraphs, lists): a layout's columns
    for cell in table.iter("td", "th"):
        size = len(text_of(cell))
        cells += 1
        text += size
        if size > 200 and any(
            isinstance(node.tag, str) and node.tag in _LAYOUT_CHILDREN
            for node in cell.iterdescendants()
        ):
            structured += 1
    if cells < 2 or structured * LAYOUT_CELL_SHARE >= cells:
        return False  # (one long note in a big table of data does not make it a layout)
    return text / cells < 250


def _rows(table: etree._Element) -> tuple[list[etree._Element], int]:
    """The first MAX_ROWS rows of `table` (data tables hold no nested table), and how many."""
    rows = list(table.iter("tr"))
    return rows[:MAX_ROWS], len(rows)


#: Elements whose edges separate words inside a cell (`<br>`, paragraphs, list items).
_CELL_BREAKS = frozenset({"br", "p", "div", "li", "ul", "ol", "dd", "dt", "h1", "h2", "h3",
                          "h4", "h5", "h6", "tr", "td", "th", "blockquote", "pre"})  # fmt: skip


def _cell_text(cell: etree._Element) -> str:
    """The words of a cell; `<br>` and block edges inside it separate words."""
    parts: list[str] = []
    for event, node in etree.iterwalk(cell, events=("start", "end")):
        tag = node.tag if isinstance(node.tag, str) else ""
        if event == "start":
            if tag in _CELL_BREAKS:
                parts.append(" ")
            parts.append(node.text or "")
        else:
            if tag in _CELL_BREAKS:
                parts.append(" ")
            if node is not cell:
                parts.append(node.tail or "")
    return " ".join("".join(parts).split())


def _span(cell: etree._Element, name: str) -> int:
    try:
        return max(1, min(int(cell.get(name) or 1), MAX_COLUMNS))
    except ValueError:
        return 1


class Grid:
    """A table as a rectangle of cell strings, with what the reader must know about it."""

    def __init__(self) -> None:
        self.rows: list[list[str]] = []
        self.header = False
        self.row_headers = True  # every body row starts with a <th>
        self.total_rows = 0
        self.total_columns = 0


def table_grid(table: etree._Element) -> Grid:
    """The cells as a rectangular grid of strings (cut at MAX_ROWS x MAX_COLUMNS)."""
    out_grid = Grid()
    grid = out_grid.rows
    pending: dict[int, tuple[str, int]] = {}  # column -> (text, rows still to fill)
    header = False
    rows, out_grid.total_rows = _rows(table)
    for index, row in enumerate(rows):
        out: list[str] = []
        column = 0
        cells = [c for c in row if isinstance(c.tag, str) and c.tag in {"td", "th"}]
        if index == 0:
            header = bool(cells) and all(c.tag == "th" for c in cells)
            parent = row.getparent()
            header = header or (parent is not None and parent.tag == "thead")
        if cells and not (index == 0 and header):
            out_grid.row_headers = out_grid.row_headers and cells[0].tag == "th"
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
        out_grid.total_columns = max(out_grid.total_columns, len(out))
        if any(out):
            grid.append(out[:MAX_COLUMNS])
    width = max((len(r) for r in grid), default=0)
    out_grid.rows = [r + [""] * (width - len(r)) for r in grid]
    out_grid.header = header
    return out_grid


def _cut_marker(shape: Grid) -> str:
    """A line saying the table was cut at the row or column limit, or ""."""
    cuts = []
    if shape.total_rows > MAX_ROWS:
        cuts.append(f"first {MAX_ROWS} of {shape.total_rows} rows")
    if shape.total_columns > MAX_COLUMNS:
        cuts.append(f"first {MAX_COLUMNS} of {shape.total_columns} columns")
    return f"\n*[table cut: {', '.join(cuts)} shown]*" if cuts else ""


def render_table(table: etree._Element, base_url: str | None) -> tuple[str, str]:
    """(GFM Markdown, plain text) of a data table; the caption comes first."""
    del base_url  # cell links are kept as text: URLs inside tables bloat the output
    shape = table_grid(table)
    grid, header = shape.rows, shape.header
    caption_el = next(table.iterchildren("caption"), None)
    caption = _cell_text(caption_el) if caption_el is not None else ""
    if not grid:
        return caption, caption
    width = len(grid[0])
    head = grid[0] if header else [""] * width
    body = grid[1:] if header else grid
    if shape.row_headers and body:
        body = [[f"**{r[0]}**" if r[0] else "", *r[1:]] for r in body]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * width]
    lines += ["| " + " | ".join(r) + " |" for r in body]
    plain = "\n".join(" ".join(c for c in r if c) for r in grid)
    cut = _cut_marker(shape)
    if cut:
        lines.append(cut)
    markdown = "\n".join(lines)
    if caption:
        return f"{caption}\n\n{markdown}", f"{caption}\n{plain}"
    return markdown, plain
