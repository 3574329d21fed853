"""Text after the document's end tags is read, as a browser shows it (issue 30, attack b30z).

A browser's parser puts what follows `</body>` or `</html>` in the body (HTML's "after body"
insertion modes); libxml2 drops what follows `</html>` and puts what follows `</body>`
beside the body, which the reader never walked. Shapes: React 18's streamed late content
(`test_html_streamed.py`), and a stray `</body>` early in an old template (the cleaneval dev
page d49 read empty: 0 -> 0.87 F1). `parsing._reopened` removes the end tags when content
follows them.
"""

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html

ARTICLE = (
    "<p>The council voted on Tuesday to rebuild the old stone bridge over the river before "
    "winter, ending two years of debate about its future and its cost.</p>"
    "<p>Engineers said the central arch had shifted by four centimetres since the spring, and "
    "lorries will be kept off the bridge until the work is done.</p>"
)


def test_text_after_closing_html_is_read() -> None:
    page = (
        "<html><body><h1>Bridge</h1><p>Short intro.</p></body></html>"
        "<p>The council voted on Tuesday to rebuild the old stone bridge over the river before "
        "winter, ending two years of debate about its future and its cost.</p>"
    )
    assert "rebuild the old stone bridge" in extract_html(page).text


def test_a_stray_body_end_tag_early_in_the_page_does_not_hide_the_rest() -> None:
    page = (
        "<html><head><title>Earth tones</title></head><body><div class='top'>Earth tones"
        f"</div></body><table><tr><td><h1>Bridge</h1>{ARTICLE}</td></tr></table></html>"
    )
    assert "central arch had shifted" in extract_html(page).text


def test_a_page_ending_normally_is_unchanged() -> None:
    page = f"<html><body><article><h1>Bridge</h1>{ARTICLE}</article></body></html>\n\n"
    text = extract_html(page).text
    assert "rebuild the old stone bridge" in text and "central arch" in text


def test_end_tags_shown_as_code_stay_in_the_code() -> None:
    # The attack b30k: `_reopened` deleted every `</body>` / `</html>` string, also the HTML
    # an `<xmp>` block shows as code (raw text in HTML) on a page with content after its end.
    page = (
        "<html><head><title>HTML basics</title><script>var shell = '</body></html>';</script>"
        f"</head><body><main><article><h1>Your first page</h1>{ARTICLE}<p>A minimal page:</p>"
        "<xmp><html>\n<body>\n<p>Hello</p>\n</body>\n</html></xmp></article></main></body></html>"
        "<p>Appended after the end by the server: still read as the page's end.</p>"
    )
    text = extract_html(page).text
    assert "<p>Hello</p>" in text
    assert "</body>" in text and "</html>" in text
