"""A WordPress "latest posts" block inside a post is not the post (issue 30).

Shape: Gutenberg's `core/latest-posts` block as WordPress renders it (WordPress/gutenberg
`packages/block-library/src/latest-posts/index.php`: `<ul class="wp-block-latest-posts__list
has-dates wp-block-latest-posts">`, each `<li>` a `a.wp-block-latest-posts__post-title`, a
`time.wp-block-latest-posts__post-date` and a `div.wp-block-latest-posts__post-excerpt`),
placed by an editor in a post's content under a "Latest news" heading: a related-articles
list that is not links only (the excerpts are prose). Kept: a blog's front page whose text
is that block (the list is the page), and an ordinary list of prose items in a post.
"""

from __future__ import annotations

from tests.extract.test_html_author_blocks import P, page, ps
from webdistill.adapters.extract.html.reader import extract_html

ITEMS = [
    (
        "Ferry timetable changes for the winter",
        "The ferry company will cut the early crossing on weekdays from November, and add a "
        "late boat on Fridays for the students who travel home.",
    ),
    (
        "Lifeboat crew rescues two kayakers",
        "Two kayakers caught by the ebb tide off the point were brought back to the slipway "
        "by the volunteer crew on Sunday afternoon, cold but unhurt.",
    ),
    (
        "New fish market opens on the north pier",
        "The market's first morning drew a queue of buyers from the town's restaurants, and "
        "the auctioneer sold the whole catch in under an hour.",
    ),
]


def latest_posts(items: list[tuple[str, str]]) -> str:
    return (
        '<ul class="wp-block-latest-posts__list has-dates wp-block-latest-posts">'
        + "".join(
            f'<li><a class="wp-block-latest-posts__post-title" href="/news/{i}/">{title}</a>'
            f'<time datetime="2026-03-1{i}T09:00:00+00:00" '
            f'class="wp-block-latest-posts__post-date">March 1{i}, 2026</time>'
            f'<div class="wp-block-latest-posts__post-excerpt">{excerpt}</div></li>'
            for i, (title, excerpt) in enumerate(items)
        )
        + "</ul>"
    )


def test_latest_posts_block_inside_a_post_is_not_content() -> None:
    for where in ("middle", "end"):
        box = '<h2 class="wp-block-heading">Latest news</h2>' + latest_posts(ITEMS)
        inner = ps(P[:2]) + box + ps(P[2:]) if where == "middle" else ps(P) + box
        body = (
            '<article class="post"><h1 class="entry-title">The old fish quay closes</h1>'
            f'<div class="entry-content">{inner}</div></article>'
        )
        doc = extract_html(page(body))
        for text in P:
            assert text in doc.text
        for title, excerpt in ITEMS:
            assert excerpt not in doc.text
            assert excerpt not in doc.markdown
            assert title not in doc.markdown


def test_a_front_page_made_of_a_latest_posts_block_is_kept() -> None:
    items = ITEMS + [(f"{title} (follow-up)", excerpt + " More soon.") for title, excerpt in ITEMS]
    body = (
        '<div class="entry-content"><h1>The Coastal Courier</h1>' + latest_posts(items) + "</div>"
    )
    doc = extract_html(page(body))
    for _, excerpt in items:
        assert excerpt in doc.text


def test_a_list_of_prose_items_in_a_post_is_kept() -> None:
    body = (
        '<article class="post"><h1 class="entry-title">The old fish quay closes</h1>'
        f'<div class="entry-content">{ps(P[:2])}<ul class="wp-block-list">'
        + "".join(f"<li>{excerpt}</li>" for _, excerpt in ITEMS)
        + f"</ul>{ps(P[2:])}</div></article>"
    )
    doc = extract_html(page(body))
    for _, excerpt in ITEMS:
        assert excerpt in doc.text
