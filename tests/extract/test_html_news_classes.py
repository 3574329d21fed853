"""The four news-page failure classes of issue 14, one hand-written page each.

Shapes follow markup real sites emit, seen in saved pages and theme templates in public
repositories (none copied):

- teaser cards: a story list whose items are `<li class="story-headline-wrapper">` holding an
  image link and `<div class="story__content"><a><h3 class="story__headline">…</h3>
  <p class="story__text">blurb…</p></a><time>…</time></div>` (a news site's list markup as
  recorded in a scraper's notes), and `<main>` holding `<a class="filtered-content-item">`
  cards with a title, a date and a summary (a health-news scraper's saved sample);
- footer prose: a site footer `<div class="site-footer-heading">About this site</div>
  <div class="site-footer-content"><p>…</p></div>` with several sentences about the author
  after the content (a personal site's layout template);
- the article body of the WordPress starter themes: `<article><header class="entry-header">
  <h1 class="entry-title">` / `<div class="entry-content">` / `<footer class="entry-footer">`
  (underscores-style `content-single.php`), with a link-heavy paragraph and a short closing
  line in the body.

Each test goes through the composed toolkit's reader (`extract_html`) and checks what the
agent gets: the article whole, and nothing of the class.
"""

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html

HEAD = (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour</title>'
    "</head><body>"
    '<header class="site-header"><a class="logo" href="/"><img src="/logo.png" '
    'alt="The Coastal Courier"></a>'
    '<nav class="main-navigation"><ul><li><a href="/news">News</a></li>'
    '<li><a href="/sport">Sport</a></li><li><a href="/opinion">Opinion</a></li></ul></nav>'
    "</header>"
)
TAIL = (
    '<footer id="colophon" class="site-footer"><p>&copy; 2026 The Coastal Courier</p>'
    "</footer></body></html>"
)
BODY = [
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
    "The board's chair said the north pier would get extra lighting and a second ice "
    "machine before the move, and that the old quay would reopen with a new surface and "
    "a ramp for the lifeboat, which now launches from the beach.",
]


def article(extra_body: str = "", after_body: str = "") -> str:
    """A WordPress-style single post: header, entry-content, entry-footer."""
    return (
        '<article id="post-311" class="post-311 post type-post status-publish">'
        '<header class="entry-header"><h1 class="entry-title">Old fish quay to close</h1>'
        '<div class="entry-meta"><span class="posted-on">4 March 2026</span></div></header>'
        '<div class="entry-content">'
        + "".join(f"<p>{p}</p>" for p in BODY)
        + extra_body
        + "</div>"
        + after_body
        + '<footer class="entry-footer"><span class="cat-links">Posted in '
        '<a href="/c/harbour">Harbour</a></span> <span class="tags-links">Tagged '
        '<a href="/t/quay">quay</a>, <a href="/t/fishing">fishing</a></span></footer>'
        "</article>"
    )


def assert_body(text: str) -> None:
    for paragraph in BODY:
        assert paragraph in text


def test_teaser_cards_inside_main_are_not_content() -> None:
    cards = "".join(
        '<li class="story-headline-wrapper"><div class="story__image">'
        f'<a href="/news/{n}"><img src="/img/{n}.jpg" alt="news photo"></a></div>'
        f'<div class="story__content"><a href="/news/{n}">'
        f'<h3 class="story__headline">{title}</h3>'
        f'<p class="story__text">{blurb}</p></a><time>03/04 10:{n}</time></div></li>'
        for n, (title, blurb) in enumerate(
            [
                (
                    "Lifeboat crew honoured for winter rescue",
                    "The volunteers who pulled four people from the water in January "
                    "were given the institution's bronze medal at a ceremony on Friday...",
                ),
                (
                    "New ferry timetable starts next month",
                    "Sailings to the islands will leave half an hour earlier on weekdays, "
                    "the operator said, to connect with the first train of the morning...",
                ),
                (
                    "Seafront cafe wins planning appeal",
                    "An inspector overturned the council's refusal, saying the extension "
                    "would not harm the character of the promenade or block the view...",
                ),
            ],
            start=10,
        )
    )
    html = (
        HEAD
        + '<main id="main" class="site-main">'
        + article()
        + '<section class="more-stories"><h2>More stories</h2>'
        + f'<ul class="story-list-holder">{cards}</ul></section>'
        + "</main>"
        + TAIL
    )
    text = extract_html(html, "https://courier.example/news/quay").text
    assert_body(text)
    assert "Lifeboat crew" not in text
    assert "Sailings to the islands" not in text
    assert "inspector overturned" not in text


def test_more_stories_rail_with_linked_titles_and_blurbs_inside_main_is_not_content() -> None:
    # The commoner card: the title is a link, the blurb and the date are not.
    cards = "".join(
        f'<div class="teaser"><a href="/news/{n}"><img src="/img/{n}.jpg" alt="photo"></a>'
        f'<h3 class="teaser__title"><a href="/news/{n}">{title}</a></h3>'
        f'<p class="teaser__text">{blurb}</p><span class="teaser__date">3 March 2026</span>'
        "</div>"
        for n, (title, blurb) in enumerate(
            [
                (
                    "Lifeboat crew honoured for winter rescue",
                    "The volunteers who pulled four people from the water in January were "
                    "given the institution's bronze medal at a ceremony on Friday.",
                ),
                (
                    "New ferry timetable starts next month",
                    "Sailings to the islands will leave half an hour earlier on weekdays, to "
                    "connect with the first train of the morning.",
                ),
                (
                    "Seafront cafe wins planning appeal",
                    "An inspector overturned the council's refusal, saying the extension "
                    "would not harm the character of the promenade.",
                ),
            ]
        )
    )
    html = HEAD + "<main>" + article() + f"<section><h2>More stories</h2>{cards}</section>"
    html += "</main>" + TAIL
    document = extract_html(html, "https://courier.example/news/quay")
    assert_body(document.text)
    for gone in ("More stories", "Lifeboat crew", "Sailings to the islands", "inspector"):
        assert gone not in document.text


def test_roundup_cards_inside_the_article_body_are_kept() -> None:
    # The same card shape inside the article's own body is its content (a roundup).
    cards = "".join(
        f'<h2 class="roundup-title"><a href="/shop/{n}">{title}</a></h2>'
        f'<p class="roundup-description">{blurb}</p>'
        for n, (title, blurb) in enumerate(
            [
                ("Harbour Master oilskin jacket", "Still the warmest coat on the quay."),
                ("Tidewater deck boots", "They grip on wet steel and last for years."),
                ("North Pier thermos flask", "Keeps tea hot through a whole night shift."),
            ]
        )
    )
    html = HEAD + "<main>" + article(extra_body=cards) + "</main>" + TAIL
    text = extract_html(html).text
    assert_body(text)
    assert "Harbour Master oilskin jacket" in text
    assert "They grip on wet steel" in text


def test_card_links_with_summaries_after_the_article_in_main_are_not_content() -> None:
    cards = "".join(
        f'<div><a class="filtered-content-item" href="/news/{slug}">'
        '<div class="filtered-content-item-content">'
        f'<div class="filtered-content-item-title">{title}</div>'
        '<div class="filtered-content-item-date">March 31, 2026</div>'
        f'<div class="filtered-content-item-summary">{summary}</div>'
        "</div></a></div>"
        for slug, title, summary in [
            (
                "grant",
                "Three-year grant will fund research into coastal erosion",
                "A new grant funded by a local family will support the university's "
                "study of how the cliffs north of the town are retreating each winter...",
            ),
            (
                "survey",
                "Survey counts more seals in the estuary than in any year before",
                "Volunteers counted nearly three hundred grey seals on the sandbanks "
                "during the autumn survey, up by a fifth on the previous year...",
            ),
            (
                "museum",
                "Maritime museum reopens its restored boat shed to visitors",
                "The shed, which houses a collection of working boats from the last "
                "century, had been closed since the roof was damaged in a storm...",
            ),
        ]
    )
    html = HEAD + "<main>" + article() + f"<div><div>{cards}</div></div></main>" + TAIL
    text = extract_html(html).text
    assert_body(text)
    assert "Volunteers counted" not in text
    assert "cliffs north of the town" not in text


def test_prose_in_a_footer_named_container_after_the_article_is_not_content() -> None:
    about = (
        '<div class="site-footer-heading">About this site</div>'
        '<div class="site-footer-content">'
        "<p>The Coastal Courier is an independent weekly newspaper written and edited by "
        "a small team of reporters who live in the towns and villages along this coast.</p>"
        "<p>We have reported on the harbour, the council and the people who make their "
        "living from the sea since 1898, and we are owned by a charitable trust today.</p>"
        "<p>Thanks for reading, and if you have a story for us, write to the editor.</p>"
        "</div>"
    )
    html = HEAD + '<div id="content" class="site-content">' + article() + "</div>"
    html += f'<div class="footer-widgets">{about}</div>' + TAIL
    text = extract_html(html).text
    assert_body(text)
    assert "independent weekly newspaper" not in text
    assert "charitable trust" not in text


def test_link_dense_paragraph_inside_the_article_body_is_kept() -> None:
    # A paragraph of prose where most words are links (sources cited inline) is text.
    linked = (
        "<p>The board published <a href='/docs/report.pdf'>the engineer's full report</a>, "
        "<a href='/docs/minutes.pdf'>the minutes of Tuesday's meeting</a> and "
        "<a href='/docs/fund.pdf'>the terms of the regional maritime fund</a> on its "
        "<a href='/board'>website</a> on Wednesday, and said anyone may comment until the end "
        "of the month.</p>"
    )
    html = HEAD + "<main>" + article(extra_body=linked) + "</main>" + TAIL
    text = extract_html(html).text
    assert_body(text)
    assert "the minutes of Tuesday's meeting" in text
    assert "the terms of the regional maritime fund" in text


def test_short_closing_paragraph_just_before_the_article_footer_is_kept() -> None:
    closing = "<p>The board meets again on 1 April.</p>"
    html = HEAD + "<main>" + article(after_body=closing) + "</main>" + TAIL
    text = extract_html(html).text
    assert_body(text)
    assert "The board meets again on 1 April." in text
    assert "Posted in" not in text


def test_short_closing_line_at_the_end_of_the_body_is_kept() -> None:
    closing = "<p><em>Additional reporting by Sam Reyes.</em></p>"
    html = HEAD + '<div id="primary">' + article(extra_body=closing) + "</div>" + TAIL
    text = extract_html(html).text
    assert_body(text)
    assert "Additional reporting by Sam Reyes." in text


def test_figure_captions_and_credits_go_and_the_image_keeps_its_alt_text() -> None:
    # News CMSs wrap each photo as <figure><picture><img alt></picture><figcaption>caption
    # <span class="credit">Foto: agency</span></figcaption></figure>, galleries twice.
    figure = (
        '<figure class="article-image"><picture><img src="/img/quay.jpg" '
        'alt="The old fish quay at low tide"></picture><figcaption>'
        '<span class="caption">Two of the quay\'s timber piles have rotted through.</span> '
        '<span class="credit">Photo: Harbour Board</span></figcaption></figure>'
    )
    body = article().replace("</p>", "</p>" + figure, 1)  # after the first paragraph
    html = HEAD + "<main>" + body + figure + "</main>" + TAIL
    document = extract_html(html, "https://courier.example/news/quay")
    assert_body(document.text)
    assert "timber piles have rotted through." not in document.markdown
    assert "Photo: Harbour Board" not in document.markdown
    assert "![The old fish quay at low tide](https://courier.example/img/quay.jpg)" in (
        document.markdown
    )
    assert "Coastal Courier](" not in document.markdown  # the header logo's picture stays out


def test_photo_gallery_legends_inside_the_article_are_not_content() -> None:
    # Newspaper galleries: <div class="full-gallery"><ul> of slides, then <ul class="legends">
    # with "<h2><span class="counter">1/50</span> title</h2><p>caption</p>" per slide.
    legends = "".join(
        f'<li data-gallery-legend="{n}"><h2><span class="counter">{n}/3</span> {title}</h2>'
        f"<p>{caption}</p><span class='credit'>Getty</span></li>"
        for n, (title, caption) in enumerate(
            [
                (
                    "Storm damage",
                    "Waves broke over the sea wall on the night of the storm and "
                    "flooded the car park of the lifeboat station for the first time in years.",
                ),
                (
                    "Repairs begin",
                    "Divers inspected the piles of the quay in February and found "
                    "that the rot had spread further than the board's engineers had feared.",
                ),
                (
                    "A new ramp",
                    "The lifeboat crew have asked for a slipway that can be used at "
                    "any state of the tide, which the board has promised to build this summer.",
                ),
            ],
            start=1,
        )
    )
    gallery = (
        '<div class="dnd-widget-wrapper context-full type-gallery"><div class="full-gallery">'
        f'<ul class="slides"><li data-gallery-item="1"></li></ul><ul class="legends">{legends}'
        "</ul></div></div>"
    )
    body = article().replace("</p>", "</p>" + gallery, 1)
    # A WordPress post format class on the post's own wrapper is not a gallery widget.
    body = body.replace('class="post-311 post', 'class="post-311 post format-gallery', 1)
    text = extract_html(HEAD + "<main>" + body + "</main>" + TAIL).text
    assert_body(text)
    assert "Waves broke over the sea wall" not in text
    assert "1/3" not in text
