"""Main-content selection classes that cost F1 on unseen pages, one hand-written page each.

The shapes follow what CMSs really emit (WordPress `hentry post tag-*` wrappers, Drupal
body classes such as `one-sidebar sidebar-first`, blog posts in `<aside>`s, live feeds,
"more stories" rails inside `<main>`): each page is written here to show the class, not
copied from any site.
"""

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html

NAV = (
    '<header class="site-header"><a href="/">Home</a> <a href="/news">News</a> '
    '<a href="/sport">Sport</a> <a href="/about">About</a></header>'
    '<nav class="menu"><ul><li><a href="/a">Archive</a></li><li><a href="/c">Contact</a></li>'
    "</ul></nav>"
)
FOOT = '<footer class="site-footer"><p>Copyright 2026 The Example Gazette.</p></footer>'
STORY = [
    "The river rose two metres overnight after a week of heavy rain in the hills above the "
    "town, and the council opened its emergency shelter in the school hall before dawn.",
    "Residents of the lower streets moved their cars to higher ground while volunteers "
    "filled sandbags at the fire station, where a queue had formed by six in the morning.",
    "The water began to fall again by noon, but the forecasters warned that another band "
    "of rain would reach the valley on Thursday and asked people to stay away from the banks.",
]


def paragraphs(texts: list[str]) -> str:
    return "".join(f"<p>{t}</p>" for t in texts)


def page(content: str, *, body_class: str = "") -> str:
    return (
        f'<!doctype html><html lang="en"><head><title>Flood</title></head>'
        f'<body class="{body_class}">{NAV}{content}{FOOT}</body></html>'
    )


def words(text: str) -> set[str]:
    return set(text.lower().split())


def assert_story_kept(text: str) -> None:
    for paragraph in STORY:
        assert paragraph in text


def test_furniture_word_in_the_articles_own_wrapper_does_not_lose_it() -> None:
    # WordPress prints post tags as classes: `tag-internet-sharing` contains "sharing".
    html = page(
        '<div class="hentry post category-news tag-internet-sharing tag-weather">'
        f"<h1>River floods the lower town</h1>{paragraphs(STORY)}</div>"
        '<div class="sidebar"><p>Subscribe to our newsletter</p></div>'
    )
    document = extract_html(html)
    assert_story_kept(document.text)
    assert "Subscribe" not in document.text


def test_page_wrapper_named_like_a_sidebar_keeps_the_article() -> None:
    # Drupal puts layout words on the page wrapper: `one-sidebar sidebar-first`.
    html = page(
        '<div class="page one-sidebar sidebar-first"><div id="main">'
        f'<div class="content">{paragraphs(STORY)}</div></div>'
        '<div class="region-sidebar"><ul><li><a href="/x">Popular</a></li></ul></div></div>'
    )
    document = extract_html(html)
    assert_story_kept(document.text)
    assert "Popular" not in document.text


def test_article_in_an_aside_falls_back_to_the_text_and_says_so() -> None:
    # A blog template that puts the post itself in <aside class="blogPost">.
    html = page(
        '<section id="leftColumn"><aside class="blogPost">'
        f"<h2>River floods the lower town</h2>{paragraphs(STORY)}</aside></section>"
        '<section id="rightColumn"><aside><a href="/tags">Tags</a></aside></section>'
    )
    document = extract_html(html)
    assert_story_kept(document.text)
    assert "main_content_guessed" in document.flags
    assert document.notice and "fell back" in document.notice


def test_page_deeper_than_the_parser_limit_is_flagged() -> None:
    html = (
        "<html><body><p>Intro paragraph before the deep part of the page.</p>"
        + "<div>" * 300
        + paragraphs(STORY)
        + "</div>" * 300
        + "</body></html>"
    )
    document = extract_html(html)
    assert "content_truncated" in document.flags
    assert document.notice and "256" in document.notice


def test_page_with_more_elements_than_the_reader_walks_is_flagged() -> None:
    html = "<html><body><ul>" + "<li><a href='/x'>item</a></li>" * 60_000 + "</ul></body></html>"
    document = extract_html(html)
    assert "content_truncated" in document.flags
    assert document.notice and "only its beginning" in document.notice


def test_nested_articles_keep_all_their_text() -> None:
    # Each <article> used to be measured separately: O(depth x size).
    inner = paragraphs(STORY)
    html = "<html><body>" + "<article><p>x</p>" * 40 + inner + "</article>" * 40 + "</body></html>"
    document = extract_html(html)
    assert_story_kept(document.text)
    assert document.flags == ()


def test_hidden_copy_of_the_body_is_read_once() -> None:
    # Print/AMP-style duplicates: the same article again inside a display:none wrapper.
    html = page(
        f"<article><h1>River floods the lower town</h1>{paragraphs(STORY)}</article>"
        f'<div class="print-version" style="display: none">{paragraphs(STORY)}</div>'
    )
    text = extract_html(html).text
    for paragraph in STORY:
        assert text.count(paragraph) == 1


def test_closed_tab_with_its_own_text_is_kept() -> None:
    # Product/help pages put the second tab's text in a display:none panel: not a copy.
    extra = (
        "Delivery takes three to five working days, and parcels can be collected from any "
        "of our partner shops if nobody is at home when the courier calls. Returns are free "
        "for thirty days: print the label from your account and drop the parcel at the shop."
    )
    html = page(
        f'<main><div class="tab">{paragraphs(STORY)}</div>'
        f'<div class="tab" style="display:none"><p>{extra}</p></div></main>'
    )
    text = extract_html(html).text
    assert extra in text


def test_repeated_block_is_kept_once() -> None:
    caption = "Volunteers fill sandbags at the fire station on Tuesday morning."
    html = page(
        f"<article><figure><img src='a.jpg' alt=''><figcaption>{caption}</figcaption></figure>"
        f"{paragraphs(STORY[:2])}<figure><figcaption>{caption}</figcaption></figure>"
        f"{paragraphs(STORY[2:])}</article>"
    )
    text = extract_html(html).text
    assert text.count(caption) <= 1
    assert_story_kept(text)


def test_long_comment_section_after_a_blog_post_stays_out() -> None:
    # WordPress: the post in div.post, then <ol class="commentlist"> longer than the post.
    comments = "".join(
        f'<li class="comment"><div class="comment-author vcard">Reader {i}</div>'
        f"<p>Thank you for this post, it reminded me of the flood we had in our own town "
        f"years ago when the river came up over the bridge number {i}.</p></li>"
        for i in range(40)
    )
    html = page(
        f'<div class="post"><h2>River floods the lower town</h2>{paragraphs(STORY * 2)}</div>'
        f'<div id="comments"><ol class="commentlist">{comments}</ol></div>'
    )
    text = extract_html(html).text
    assert_story_kept(text)
    assert "Thank you for this post" not in text
