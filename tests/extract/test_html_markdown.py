"""Markdown a model can trust: each construct in a small hand-written article.

The constructs follow what CMSs and doc generators emit (GitHub's
`div.highlight-source-python > pre`, WordPress `<li><p>` lists, `<blockquote>` with a
`<footer><cite>` attribution, definition lists in glossaries, spec tables with `<th>` row
headers and `<br>` in cells).
"""

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html

URL = "https://docs.example/guide/page"
FILLER = (
    "<p>This guide explains how the tool reads a page, what it keeps and what it leaves "
    "out, with examples taken from ordinary documentation and news sites.</p>"
)


def read(inner: str, **options: bool) -> tuple[str, str]:
    html = f"<html><body><article><h1>Guide</h1>{FILLER}{inner}{FILLER}</article></body></html>"
    document = extract_html(html, URL, **options)
    return document.markdown, document.text


def test_bold_and_italic() -> None:
    markdown, text = read(
        "<p>Use <strong>bold </strong>for warnings and <em>italic</em> for terms, "
        "<b><i>both</i></b> rarely; <b> </b>empty tags vanish.</p>"
    )
    assert "Use **bold** for warnings and *italic* for terms, ***both*** rarely;" in markdown
    assert "** **" not in markdown
    assert "Use bold for warnings" in text


def test_list_items_made_of_paragraphs_keep_their_markers() -> None:
    markdown, _ = read(
        "<ul><li><p>First point</p></li><li><p>Second point</p><p>More</p></li></ul>"
    )
    assert "- First point\n- Second point\n\n  More" in markdown


def test_table_cells_with_br_and_paragraphs_do_not_glue_words() -> None:
    markdown, text = read(
        "<table><tr><th>Name</th><th>Address</th></tr>"
        "<tr><td>Ada<br>Lovelace</td><td><p>12 Queen St</p><p>London</p></td></tr></table>"
    )
    assert "| Ada Lovelace | 12 Queen St London |" in markdown
    assert "Ada Lovelace 12 Queen St London" in text


def test_header_cells_in_the_first_column() -> None:
    markdown, _ = read(
        "<table><tr><th>Weight</th><td>2 kg</td></tr><tr><th>Size</th><td>30 cm</td></tr></table>"
    )
    assert "| **Weight** | 2 kg |\n| **Size** | 30 cm |" in markdown


def test_horizontal_rule() -> None:
    markdown, _ = read("<p>Part one ends here.</p><hr><p>Part two starts here.</p>")
    assert "Part one ends here.\n\n---\n\nPart two starts here." in markdown


def test_definition_list() -> None:
    markdown, _ = read("<dl><dt>Latency</dt><dd>Time to first byte.</dd><dt>Throughput</dt>"
                       "<dd>Bytes per second.</dd></dl>")  # fmt: skip
    assert "**Latency**\n: Time to first byte.\n\n**Throughput**\n: Bytes per second." in markdown


def test_multi_paragraph_blockquote_stays_one_quote_with_attribution() -> None:
    markdown, text = read(
        "<blockquote><p>The first paragraph of the quote.</p><p>The second one.</p>"
        "<footer>— <cite>A. Writer</cite></footer></blockquote>"
    )
    assert "> The first paragraph of the quote.\n>\n> The second one.\n>\n> — A. Writer" in markdown
    assert "A. Writer" in text


def test_inline_code_containing_backticks() -> None:
    markdown, _ = read("<p>Quote a name with <code>`name`</code> or <code>a``b</code> in SQL.</p>")
    assert "`` `name` ``" in markdown
    assert "```a``b```" in markdown


def test_code_language_from_the_wrapper_class() -> None:
    markdown, _ = read('<div class="highlight highlight-source-python"><pre>print(1)</pre></div>')
    assert "```python\nprint(1)\n```" in markdown


def test_images_as_markdown_or_alt_text_never_data_uris() -> None:
    inner = (
        '<p><img src="/img/barn.png" alt="A red barn"></p>'
        '<p>Text with <img src="data:image/png;base64,AAAA" alt="an icon"> inside.</p>'
        '<p><img src="/spacer.gif" alt=""></p>'
    )
    markdown, text = read(inner)
    assert "![A red barn](https://docs.example/img/barn.png)" in markdown
    assert "data:" not in markdown
    assert "Text with an icon inside." in markdown
    assert "spacer" not in markdown
    assert "barn.png" not in text
    alt_only, _ = read(inner, image_links=False)
    assert "A red barn" in alt_only
    assert "barn.png" not in alt_only


def test_table_cut_at_the_row_limit_says_so() -> None:
    rows = "".join(f"<tr><td>row {i}</td><td>{i}</td></tr>" for i in range(520))
    markdown, _ = read(f"<table><tr><th>Name</th><th>Value</th></tr>{rows}</table>")
    assert "*[table cut: first 500 of 521 rows shown]*" in markdown
