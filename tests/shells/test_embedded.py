"""App shells read offline: the article a page embeds as data, or an honest needs_javascript."""

from __future__ import annotations

import pytest

from tests.shells import pages
from webdistill import extract_html
from webdistill.adapters.extract.html.embedded import is_shell

URL = "https://tides-demo.net/articles/life-in-the-tide-pools"


@pytest.mark.parametrize(
    ("build", "source"),
    [
        (pages.next_pages_shell, "__NEXT_DATA__"),
        (pages.next_app_router_shell, "self.__next_f"),
        (pages.nuxt3_shell, "__NUXT_DATA__"),
        (pages.nuxt2_shell, "window.__NUXT__"),
        (pages.json_ld_shell, "JSON-LD articleBody"),
    ],
)
def test_a_shell_is_read_from_the_data_it_embeds(build: object, source: str) -> None:
    assert callable(build)
    doc = extract_html(build(), URL)
    for paragraph in pages.PARAGRAPHS:
        assert paragraph in doc.markdown
        assert paragraph in doc.text
    assert "needs_javascript" not in doc.flags and "empty" not in doc.flags
    assert doc.notice is not None and source in doc.notice
    # app state is not prose: no ids, SKUs, URLs or labels leak into the article
    assert "prod_" not in doc.markdown and "SKU-" not in doc.markdown
    assert "cdn.shore-demo.net" not in doc.markdown and "Subscribe" not in doc.markdown


def test_embedded_html_keeps_its_structure() -> None:
    doc = extract_html(pages.next_pages_shell(), URL)
    assert doc.markdown.startswith("## What lives there\n\nTide pools are rocky pools")


def test_json_ld_gives_the_headline_when_the_page_has_no_title() -> None:
    html = pages.json_ld_shell().replace("<title>Life in the tide pools</title>", "")
    assert extract_html(html, URL).title == "Life in the tide pools"


def test_a_shell_without_an_article_is_flagged_needs_javascript() -> None:
    html = pages.next_form_shell()
    doc = extract_html(html, URL)
    assert 400 <= len(doc.text) < 1000 and len(html) > 80_000  # the case
    assert doc.flags == ("needs_javascript",)
    assert doc.notice is not None and "prefer_reader" in doc.notice


def test_a_challenge_page_stays_a_challenge() -> None:
    doc = extract_html(pages.cloudflare_challenge() + " " * 8000, URL)
    assert doc.flags == ("challenge",)


def test_an_ordinary_article_is_left_alone() -> None:
    body = "".join(f"<p>{p}</p>" for p in pages.PARAGRAPHS * 3)
    html = f"<html><head><title>T</title></head><body><article>{body}</article></body></html>"
    doc = extract_html(html, URL)
    assert doc.notice is None and doc.flags == ()
    assert not is_shell(doc.text, html)


def test_prose_in_noscript_is_read_when_the_page_shows_nothing_else() -> None:
    article = "".join(f"<p>{p}</p>" for p in pages.PARAGRAPHS)
    bundle = "<script>var state=" + "[0,1,2,3,4,5,6,7,8,9]," * 800 + "0;</script>"
    html = (
        f'<html><head><title>Tides</title>{bundle}</head><body><div id="root"></div>'
        f"<noscript>{article}</noscript></body></html>"
    )
    doc = extract_html(html, URL)
    assert pages.PARAGRAPHS[1] in doc.text
    assert "needs_javascript" not in doc.flags


def test_hostile_embedded_data_stays_bounded() -> None:
    # an unterminated script, a deep JSON, a huge string: no crash, a flag at most
    deep = "[" * 50_000 + "]" * 50_000
    html = (
        '<html><body><div id="__next"></div>'
        f'<script id="__NEXT_DATA__" type="application/json">{deep}</script>'
        '<script>window.__NUXT__=(function(a){return {}}("' + "x" * 300_000 + '"))</script>'
        "<script>self.__next_f.push([1,\"unterminated"
    )
    doc = extract_html(html, URL)
    assert "needs_javascript" in doc.flags


def test_a_dotted_capital_i_before_the_data_does_not_shift_it() -> None:
    # "İ" (U+0130, Turkish: "İstanbul") lowers to two characters; the scripts were found in
    # the page's lower case, so each one after it was cut a character late and its JSON-LD
    # did not parse: the shell stayed unread (4 of the dev set's news pages hold U+0130).
    html = pages.json_ld_shell().replace(
        "<title>Life in the tide pools</title>", "<title>Life in the tide pools of İzmir</title>"
    )
    doc = extract_html(html, URL)
    for paragraph in pages.PARAGRAPHS:
        assert paragraph in doc.markdown
    assert doc.notice is not None and "JSON-LD articleBody" in doc.notice
