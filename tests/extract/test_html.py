"""extract_html: main content to Markdown and plain text, metadata, honest outcomes."""

from __future__ import annotations

import pytest

from tests.extract.fixture_files import read_fixture
from webdistill.adapters.extract.html.reader import extract_html
from webdistill.kernel.model import Document

URL = "https://garden.example/2024/tomatoes"


@pytest.fixture(scope="module")
def article() -> Document:
    return extract_html(read_fixture("article.html"), URL)


def test_metadata(article: Document) -> None:
    assert article.title == "Growing Tomatoes at Home | The Garden Journal"
    assert article.byline == "Ada Gardener"
    assert article.published == "2024-05-01T09:30:00Z"
    assert article.site_name == "The Garden Journal"
    assert article.language == "en"
    assert article.content_type == "text/html"
    assert article.flags == ()


def test_headings(article: Document) -> None:
    assert article.markdown.startswith("# Growing Tomatoes at Home\n\n")
    assert "\n## What you need\n" in article.markdown


def test_boilerplate_is_left_out(article: Document) -> None:
    for junk in ("About us", "Vegetables", "Ten best roses", "Copyright", "tracking", "color"):
        assert junk not in article.markdown


def test_relative_links_made_absolute(article: Document) -> None:
    assert "[soil guide](https://garden.example/guides/soil)" in article.markdown
    assert "[harvest page](https://example.org/harvest)" in article.markdown


def test_nested_and_ordered_lists(article: Document) -> None:
    assert (
        "- A sunny spot with at least six hours of light\n"
        "  - South-facing walls work well\n"
        "  - Balconies are fine too\n"
        "- Good compost and a large pot\n\n"
        "1. Sow the seeds indoors in early spring.\n"
        "2. Plant them out after the last frost."
    ) in article.markdown


def test_code_block_keeps_language(article: Document) -> None:
    assert "```python\ndef water(plant):\n    return plant.soak(minutes=10)\n```" in (
        article.markdown
    )


def test_inline_code(article: Document) -> None:
    assert "the `drip_line` helper" in article.markdown


def test_blockquote(article: Document) -> None:
    assert "> The best fertiliser is the gardener's shadow" in article.markdown


def test_table_with_colspan(article: Document) -> None:
    assert (
        "Varieties\n\n| Name | Colour | Days |\n|---|---|---|\n"
        "| Moneymaker, red |  | 75 |\n| Sungold | orange | 57 |"
    ) in article.markdown


def test_data_image_dropped_alt_kept(article: Document) -> None:
    assert "base64" not in article.markdown
    assert "data:" not in article.markdown
    assert "Ripe tomatoes in a bowl" in article.markdown


def test_text_has_no_urls_or_markup(article: Document) -> None:
    assert "https://" not in article.text
    assert "soil guide" in article.text
    assert "```" not in article.text and "## " not in article.text
    assert "Tomatoes are one of the most rewarding plants" in article.text


def test_text_and_markdown_hold_the_same_words(article: Document) -> None:
    assert "Sungold" in article.text and "drip_line" in article.text


def test_javascript_shell_is_flagged() -> None:
    doc = extract_html(read_fixture("js_shell.html"), URL)
    assert doc.flags == ("needs_javascript",)
    assert doc.notice is not None and "JavaScript" in doc.notice


def test_bot_challenge_is_flagged() -> None:
    doc = extract_html(read_fixture("challenge.html"), URL)
    assert doc.flags == ("challenge",)
    assert doc.notice is not None and "challenge" in doc.notice


def test_non_english_page_with_declared_charset() -> None:
    doc = extract_html(read_fixture("german.html"))
    assert doc.language == "de"
    assert "Der Garten ist im Frühling besonders schön" in doc.text
    assert "gießen" in doc.text
    assert "Startseite" not in doc.text


def test_empty_input_is_flagged_empty() -> None:
    for html in ("", "   ", "<html></html>"):
        assert extract_html(html).flags == ("empty",)


def test_str_input_and_no_url() -> None:
    doc = extract_html('<p>See <a href="/x">this page</a> for details.</p>')
    assert doc.markdown == "See [this page](/x) for details."


def test_layout_table_is_not_rendered_as_a_grid() -> None:
    long = "This paragraph is long enough to count as content in a layout table cell. " * 5
    html = (
        f"<table><tr><td><p>{long}</p></td><td><table><tr><td>x</td></tr></table></td></tr></table>"
    )
    doc = extract_html(html)
    assert "|---" not in doc.markdown
    assert "layout table cell" in doc.text


def test_deep_nesting_does_not_recurse() -> None:
    html = "<div>" * 100_000 + "deep text" + "</div>" * 100_000
    doc = extract_html(html)
    assert isinstance(doc, Document)


def test_chinese_page_keeps_its_paragraphs() -> None:
    doc = extract_html(read_fixture("chinese.html"))
    assert "翱翔于距地球数千公里的太空中" in doc.text
    assert "人们普遍认为" in doc.text
    assert "体育" not in doc.text


def test_crawler_content_inside_noscript_is_read() -> None:
    doc = extract_html(read_fixture("forum.html"))
    assert "We just signed up" in doc.text
    assert "Please accept our apologies" in doc.text
    assert "pixel.gif" not in doc.markdown
    assert "Latest" not in doc.text


def test_comments_after_an_article_are_left_out() -> None:
    doc = extract_html(read_fixture("comments.html"))
    assert doc.markdown.startswith("# Why we moved our build to a single machine")
    assert "three times faster" in doc.text
    assert "thoughts on this post" not in doc.text
    assert "never looked back" not in doc.text


def test_listing_without_long_paragraphs_keeps_its_items() -> None:
    doc = extract_html(read_fixture("listing.html"))
    for item in ("Anthills", "Burroughs Park", "Carl Barton", "Length: 3.5 miles"):
        assert item in doc.text
    for junk in ("Donate", "Privacy"):
        assert junk not in doc.text


def test_raw_text_noscript_is_dropped() -> None:
    html = (
        "<html><head><noscript>&lt;img src=x&gt;</noscript></head><body>"
        "<p>" + "Plain words in a paragraph of ordinary text. " * 6 + "</p></body></html>"
    )
    doc = extract_html(html)
    assert "<img" not in doc.text and "Plain words" in doc.text


def test_language_guessed_when_not_declared() -> None:
    html = "<p>" + "Die Ergebnisse der Studie zeigen, dass die meisten es nicht wussten. " * 5
    assert extract_html(html + "</p>").language == "de"


def test_listing_table_of_links_is_kept() -> None:
    rows = "".join(
        f"<tr><td>{i}.</td><td><a href='/item/{i}'>Story number {i} about things</a>"
        f" (example.com)</td></tr>"
        for i in range(1, 11)
    )
    html = (
        "<html><body><table><tr><td><a href='/'>Home</a> | <a href='/new'>new</a></td></tr>"
        f"</table><table class='itemlist'>{rows}</table></body></html>"
    )
    doc = extract_html(html)
    assert "Story number 1 about things" in doc.text
    assert "Story number 10 about things" in doc.text


def test_link_text_spaces_stay_outside_the_link_and_before_punctuation() -> None:
    html = (
        "<html><body><article><p>Read the filing rules in <a href='/rules'>the guide </a>"
        "and the <a href='/form'>extension form </a>. Then send the return before the "
        "deadline in April, as the rules say.</p></article></body></html>"
    )
    markdown = extract_html(html, url="https://example.com/taxes").markdown
    assert "[the guide](https://example.com/rules) and" in markdown
    assert "[extension form](https://example.com/form). Then" in markdown
