"""Blocks the page marks as its text's author (schema.org `author`) are not content (issue 30).

The rules: an element whose microdata `itemprop` names `author` (https://schema.org/author),
or an "about the author" box named as published themes and plugins name it (Gutenberg's
`wp-block-post-author`, Genesis' `author-box`, Jannah's `about-author`, Elementor's
`elementor-author-box`...; `furniture.AUTHOR_BOX_NAME`) with a bio's length of text, is
furniture, unless it holds most of the page. Shapes follow public templates (no page
text copied):

- a forum thread's user card: XenForo's `message_user_info` template (public copy:
  mifansindonesia/forum `style/templates/master/message_user_info.tpl`: the user's name,
  `<em class="userTitle">`, `<dl class="pairsJustified"><dt>Joined:</dt><dd>…</dd></dl>`
  and a message count) inside `<div class="message-user" itemprop="author" itemscope
  itemtype="https://schema.org/Person">`, as XenForo 2 forums serve it;
- a shop blog's byline with a bio modal: JTL-Shop's NOVA `snippets/author.tpl` (public
  copy: St-ton/JN `templates/NOVA/snippets/author.tpl`): `<div itemprop="author" itemscope
  itemtype="https://schema.org/Person">` with the name, the date and `<div
  itemprop="description">` holding the author's short vita;
- the Simple Author Box WordPress plugin's box, which it appends to the post's content
  (a `the_content` filter, so inside `div.entry-content`): `<div class="saboxplugin-wrap"
  itemtype="http://schema.org/Person" itemscope itemprop="author">`.

The byline test passed before the rule too (the vita sits in a `modal`, furniture by name);
it stays as a check of the same class.

Kept, the nearest legitimate text: a profile page whose subject is a Person
(`itemscope itemtype=Person` without the `author` property), a review's `reviewBody`
next to its `author`, a paragraph naming its author inline, and a page that (mis)marks its
whole text as the author.
"""

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html

P = [
    "The harbour board voted on Tuesday evening to close the old fish quay for repairs, "
    "after an engineer's report found that two of its timber piles had rotted through "
    "below the waterline.",
    "Fishing crews who land their catch at the quay will move to the north pier for at "
    "least four months, which the board says has room for every boat registered here.",
    "The repairs are expected to cost about nine hundred thousand pounds, most of it "
    "from a maritime fund that the regional government set up after the storms of 2024.",
    "Skippers said they had expected the news since a section of the quay's railing fell "
    "into the harbour in November, and most welcomed the board's decision to act before "
    "the summer, when the town's small fleet lands most of its catch.",
]
BIO = (
    "Morag Lindsay has covered the coast for the paper since 2011 and writes about "
    "fisheries, ferries and the people who keep both running through the winter."
)


def page(body: str) -> str:
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Quay</title>'
        '</head><body><header class="site-header"><nav><a href="/">Home</a> '
        '<a href="/news">News</a></nav></header><main id="main">'
        + body
        + "</main><footer><p>Contact us</p></footer></body></html>"
    )


def ps(items: list[str]) -> str:
    return "".join(f"<p>{p}</p>" for p in items)


def user_card(name: str, title: str, joined: str, count: str) -> str:
    return (
        '<div class="message-cell message-cell--user"><section class="message-user" '
        'itemprop="author" itemscope itemtype="https://schema.org/Person">'
        f'<h4 class="message-name"><a href="/members/{name.lower()}.1/" class="username" '
        f'itemprop="name">{name}</a></h4><h5 class="userTitle message-userTitle" '
        f'itemprop="jobTitle">{title}</h5><div class="message-userExtras">'
        f'<dl class="pairs pairs--justified"><dt>Joined</dt><dd>{joined}</dd></dl>'
        f'<dl class="pairs pairs--justified"><dt>Messages</dt><dd>{count}</dd></dl></div>'
        "</section></div>"
    )


def post(name: str, title: str, joined: str, count: str, text: str) -> str:
    return (
        '<article class="message message--post" itemscope '
        'itemtype="https://schema.org/Comment"><div class="message-inner">'
        + user_card(name, title, joined, count)
        + '<div class="message-cell message-cell--main"><div class="message-content">'
        f'<article class="message-body"><div class="bbWrapper" itemprop="text">{text}</div>'
        "</article></div></div></div></article>"
    )


def test_forum_user_cards_marked_as_author_are_not_content() -> None:
    thread = (
        '<div class="p-body-pageContent"><h1 class="p-title-value">Quay repairs: where do '
        'we land now?</h1><div class="block-body js-replyNewMessageContainer">'
        + post("Harbourmaster", "Well-known member", "Mar 3, 2014", "4,211", P[0] + " " + P[1])
        + post("Skipper_Ian", "Veteran skipper", "Jun 19, 2009", "12,907", P[2])
        + post("NetMender", "New member", "Jan 2, 2026", "7", P[3])
        + "</div></div>"
    )
    doc = extract_html(page(thread))
    for text in P:
        assert text in doc.text
    for furniture in ("Well-known member", "Veteran skipper", "Joined", "12,907", "Mar 3, 2014"):
        assert furniture not in doc.text
        assert furniture not in doc.markdown


def test_byline_with_author_vita_marked_as_author_is_not_content() -> None:
    body = (
        '<article class="newsbox-body" itemscope itemtype="https://schema.org/BlogPosting">'
        '<h1 itemprop="headline">The old fish quay closes for repairs</h1>'
        '<div itemprop="author" itemscope itemtype="https://schema.org/Person">'
        '<a itemprop="name" href="#" data-toggle="modal" data-target="#author-3">Morag '
        'Lindsay</a>&nbsp;&ndash;&nbsp;<span class="creation-date">12.03.2026</span>'
        '<div class="modal fade" id="author-3"><div class="modal-dialog"><div '
        'class="modal-content"><div itemprop="name" class="top10">Morag Lindsay</div>'
        f'<div itemprop="description" class="modal-body">{BIO}</div></div></div></div></div>'
        f'<div itemprop="articleBody">{ps(P)}</div></article>'
    )
    doc = extract_html(page(body))
    assert "The old fish quay closes for repairs" in doc.text
    for text in P:
        assert text in doc.text
    assert "fisheries, ferries" not in doc.text
    assert "fisheries, ferries" not in doc.markdown


def test_author_box_plugin_appended_to_the_post_content_is_not_content() -> None:
    body = (
        '<article class="post type-post"><h1 class="entry-title">The old fish quay closes '
        f'</h1><div class="entry-content">{ps(P)}'
        '<div class="saboxplugin-wrap" itemtype="http://schema.org/Person" itemscope '
        'itemprop="author"><div class="saboxplugin-tab"><div class="saboxplugin-gravatar">'
        '<img src="/a.jpg" alt="Morag Lindsay" itemprop="image"></div>'
        '<div class="saboxplugin-authorname"><a href="/author/morag/" class="vcard author" '
        'rel="author"><span class="fn">Morag Lindsay</span></a></div>'
        f'<div class="saboxplugin-desc"><div itemprop="description"><p>{BIO}</p></div></div>'
        "</div></div></div></article>"
    )
    doc = extract_html(page(body))
    for text in P:
        assert text in doc.text
    assert "fisheries, ferries" not in doc.text
    assert "fisheries, ferries" not in doc.markdown


def test_a_profile_page_about_a_person_is_kept() -> None:
    """The page's subject is a Person (no `author` property): its biography is the text."""
    body = (
        '<article itemscope itemtype="https://schema.org/Person"><h1 itemprop="name">Morag '
        f'Lindsay</h1><div itemprop="description"><p>{BIO}</p>{ps(P)}</div></article>'
    )
    doc = extract_html(page(body))
    assert BIO in doc.text
    for text in P:
        assert text in doc.text


def test_a_review_body_beside_its_author_is_kept() -> None:
    body = (
        '<h1>Reviews of the Quay Café</h1><div itemprop="review" itemscope '
        'itemtype="https://schema.org/Review"><div itemprop="author" itemscope '
        'itemtype="https://schema.org/Person"><span itemprop="name">Ian R.</span></div>'
        f'<div itemprop="reviewBody">{ps(P[:2])}</div></div>'
        '<div itemprop="review" itemscope itemtype="https://schema.org/Review">'
        '<div itemprop="author" itemscope itemtype="https://schema.org/Person">'
        '<span itemprop="name">Anna K.</span></div>'
        f'<div itemprop="reviewBody">{ps(P[2:])}</div></div>'
    )
    doc = extract_html(page(body))
    for text in P:
        assert text in doc.text


def test_a_paragraph_naming_its_author_inline_is_kept() -> None:
    line = (
        'Words and pictures by <span itemprop="author" itemscope '
        'itemtype="https://schema.org/Person"><span itemprop="name">Morag Lindsay</span>'
        "</span>, who spent a week on the quay with the crews before it closed."
    )
    body = f'<article><h1>The old fish quay</h1>{ps(P)}<p class="credit">{line}</p></article>'
    doc = extract_html(page(body))
    for text in P:
        assert text in doc.text
    assert "who spent a week on the quay" in doc.text


def test_a_page_marking_its_whole_text_as_author_is_kept() -> None:
    """A misuse: the property on the wrapper of the whole text. Most of the page is not
    furniture."""
    body = f'<div itemprop="author" itemscope><h1>The old fish quay</h1>{ps(P)}</div>'
    doc = extract_html(page(body))
    for text in P:
        assert text in doc.text


def test_about_the_author_box_named_by_its_theme_inside_the_article_is_not_content() -> None:
    """Genesis' `genesis_author_box()` (`<section class="author-box">` with an avatar, a
    `h4.author-box-title` and `div.author-box-content`) and Jannah's `about-author` box,
    each placed inside the article body."""
    genesis = (
        '<section class="author-box" itemscope itemtype="https://schema.org/Person">'
        '<img alt="" src="/a.jpg" class="avatar"><h4 class="author-box-title">About '
        '<span itemprop="name">Morag Lindsay</span></h4><div class="author-box-content" '
        f'itemprop="description"><p>{BIO}</p></div></section>'
    )
    jannah = (
        '<div class="container-wrapper about-author-container"><div class="author-avatar">'
        '<img src="/a.jpg" alt="Photo of Morag Lindsay"></div><div class="author-info">'
        '<h3 class="author-name"><a href="/author/morag/">Morag Lindsay</a></h3>'
        f'<div class="author-bio">{BIO}</div></div></div>'
    )
    for box in (genesis, jannah):
        body = (
            '<article class="post"><h1 class="entry-title">The old fish quay closes</h1>'
            f'<div class="entry-content">{ps(P)}{box}</div></article>'
        )
        doc = extract_html(page(body))
        for text in P:
            assert text in doc.text
        assert "fisheries, ferries" not in doc.text
        assert "fisheries, ferries" not in doc.markdown


def test_an_author_page_whose_text_is_the_bio_is_kept() -> None:
    """A publisher's author page: the `author-bio` box is the page's text."""
    body = (
        '<div class="author-profile"><h1 class="author-name">Morag Lindsay</h1>'
        f'<div class="author-bio"><p>{BIO}</p>{ps(P)}</div></div>'
    )
    doc = extract_html(page(body))
    assert BIO in doc.text
    for text in P:
        assert text in doc.text


def test_a_short_byline_named_author_info_is_left_to_the_classifier() -> None:
    """A byline box (`div.author-info` with a name and a date) is not a bio: the article's
    text and its title stay whatever happens to the byline."""
    body = (
        '<article><h1>The old fish quay closes</h1><div class="author-info"><a '
        'href="/author/morag/">Morag Lindsay</a> <time>12 March 2026</time></div>'
        f"{ps(P)}</article>"
    )
    doc = extract_html(page(body))
    assert "The old fish quay closes" in doc.text
    for text in P:
        assert text in doc.text
