# ruff: noqa: E501  (OOXML/OPF namespace strings are long by nature)
"""Office documents and e-books built in the tests (no binary fixtures in the repo).

DOCX and EPUB are written with zipfile in the shape Word and e-book tools produce
(`[Content_Types].xml`, `word/document.xml` with styled paragraphs and a table; `mimetype`
stored first, `META-INF/container.xml`, an OPF package with a spine); XLSX and PPTX with
openpyxl and python-pptx, the libraries the `office` extra reads them with.
"""

from __future__ import annotations

import io
import zipfile

_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_CONTENT_TYPES = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>
</Types>"""
_RELS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>"""
_DOC_RELS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>
</Relationships>"""
_STYLES = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="{_W}">
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style>
<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style>
</w:styles>"""


def _paragraph(text: str, style: str | None = None, bold: bool = False) -> str:
    props = f'<w:pPr><w:pStyle w:val="{style}"/></w:pPr>' if style else ""
    run_props = "<w:rPr><w:b/></w:rPr>" if bold else ""
    return f'<w:p>{props}<w:r>{run_props}<w:t xml:space="preserve">{text}</w:t></w:r></w:p>'


def _table(rows: list[list[str]]) -> str:
    cells = "".join(
        "<w:tr>" + "".join(f"<w:tc>{_paragraph(c)}</w:tc>" for c in row) + "</w:tr>"
        for row in rows
    )
    return f"<w:tbl>{cells}</w:tbl>"


def build_docx() -> bytes:
    body = "".join(
        [
            _paragraph("Quarterly tide report", "Heading1"),
            _paragraph("The spring tides in March reached the highest marks of the year."),
            _paragraph("Observations", "Heading2"),
            _paragraph("Readings were taken at dawn.", bold=True),
            _table([["Station", "Height"], ["North pier", "4.2 m"], ["South cove", "3.9 m"]]),
        ]
    )
    document = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        f'<w:document xmlns:w="{_W}"><w:body>{body}<w:sectPr/></w:body></w:document>'
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", _CONTENT_TYPES)
        archive.writestr("_rels/.rels", _RELS)
        archive.writestr("word/_rels/document.xml.rels", _DOC_RELS)
        archive.writestr("word/styles.xml", _STYLES)
        archive.writestr("word/document.xml", document)
    return buffer.getvalue()


def build_xlsx() -> bytes:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Tides"
    sheet.append(["Station", "Height (m)", "Date"])
    sheet.append(["North pier", 4.2, "2026-03-20"])
    sheet.append(["South cove", 3.9, "2026-03-21"])
    other = book.create_sheet("Notes")
    other.append(["Note"])
    other.append(["Readings at dawn"])
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def build_pptx() -> bytes:
    from pptx import Presentation
    from pptx.util import Inches

    deck = Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[1])
    slide.shapes.title.text = "Tide pools"
    body = slide.placeholders[1].text_frame
    body.text = "Sea stars live here"
    sub = body.add_paragraph()
    sub.text = "Anemones too"
    sub.level = 1
    slide.notes_slide.notes_text_frame.text = "Mention the guide."
    second = deck.slides.add_slide(deck.slide_layouts[5])
    second.shapes.title.text = "Heights"
    table = second.shapes.add_table(2, 2, Inches(1), Inches(2), Inches(4), Inches(1)).table
    for (r, c), text in {(0, 0): "Station", (0, 1): "Height", (1, 0): "North", (1, 1): "4.2"}.items():
        table.cell(r, c).text = text
    buffer = io.BytesIO()
    deck.save(buffer)
    return buffer.getvalue()


_CONTAINER = """<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>"""
_OPF = """<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="uid">urn:uuid:0d4c3f0e-1111-4222-8333-944455556666</dc:identifier>
    <dc:title>Life Between the Tides</dc:title>
    <dc:creator>Ada Shore</dc:creator>
    <dc:language>en</dc:language>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="c1" href="text/chapter%201.xhtml" media-type="application/xhtml+xml"/>
    <item id="c2" href="text/chapter2.xhtml" media-type="application/xhtml+xml"/>
    <item id="css" href="style.css" media-type="text/css"/>
  </manifest>
  <spine><itemref idref="c1"/><itemref idref="c2"/></spine>
</package>"""


def _chapter(title: str, text: str) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html>'
        '<html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head>'
        f'<title>{title}</title><link rel="stylesheet" href="../style.css"/></head>'
        f"<body><section><h1>{title}</h1><p>{text}</p><p>{text}</p></section></body></html>"
    )


def build_epub() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("mimetype", "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        archive.writestr("META-INF/container.xml", _CONTAINER)
        archive.writestr("OEBPS/content.opf", _OPF)
        archive.writestr("OEBPS/nav.xhtml", _chapter("Contents", "Chapter list."))
        archive.writestr(
            "OEBPS/text/chapter 1.xhtml",
            _chapter("The rising water", "When the tide comes in, the pool fills with cold "
                     "sea water and the crabs hide under the weed until the sun is high."),
        )
        archive.writestr(
            "OEBPS/text/chapter2.xhtml",
            _chapter("The falling water", "As the tide goes out, the pool warms and the small "
                     "fish wait in the shade of the rocks for the sea to return at night."),
        )
        archive.writestr("OEBPS/style.css", "body { margin: 0 }")
    return buffer.getvalue()


def build_zip_bomb() -> bytes:
    """A DOCX-looking archive whose one entry inflates 1000-fold (8 MiB from ~8 KiB)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("[Content_Types].xml", _CONTENT_TYPES)
        archive.writestr("word/document.xml", b"<w:document>" + b" " * (8 * 1024 * 1024))
    return buffer.getvalue()
