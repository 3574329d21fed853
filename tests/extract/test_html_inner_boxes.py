"""Issue 30: small boxes inside the article's container that are not the article
(`adapters/extract/html/boxes.py`), one page in a real shape each.

Where each shape comes from (markup patterns only, no page text copied):

- teaser card: the Star Tribune's "tease" module as its style guide documents it
  (striblab/strib-styles, source/guide/pages/components/teases.md): `<article class="tease">`
  with a section link in a `<header>`, `<h3><a href>` headline, `div.tease-timestamp` and
  `div.tease-summary`, here placed between two paragraphs of an article's body as news
  templates do with an inline "related story";
- label box: Jetpack's Likes module on WordPress posts (Automattic's `Jetpack_Likes`,
  `modules/likes.php`): `div.sharedaddy.sd-block.sd-like` holding `h3.sd-title` "Like this:"
  and a placeholder with a "Like" button and a "Loading..." line, inside `div.entry-content`
  after the post's paragraphs.

Each test reads the page with `extract_html` and checks the plain text and the Markdown.
"""

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html

BODY = [
    "The city council voted on Tuesday evening to extend the light rail line by four "
    "stations, ending a debate that had divided the neighbourhoods along the river for years, "
    "and the mayor said she would sign the decision before the end of the week.",
    "Supporters said the extension would connect thousands of residents to jobs downtown, "
    "while opponents worried about the noise and the cost of moving the old freight tracks, "
    "which still carry two trains a night to the port.",
    "The first trains on the new section are expected to run in three years, according to "
    "the transit agency, which still has to buy the land for two of the stations "
    "and hire drivers for the new trains.",
    "The vote came after a public hearing that lasted well past midnight, with more than a "
    "hundred residents signing up to speak and many more following the debate online from home.",
    "Council members also asked the agency to publish a plan for the bus routes that will "
    "change once the new stations open, so that riders can prepare well in advance "
    "and the schools along the line can adjust their timetables.",
]


def page(article: str) -> str:
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>T</title></head>'
        '<body><header class="site-header"><nav><a href="/">Home</a> <a href="/local">Local'
        '</a></nav></header><main id="main">' + article + "</main>"
        "<footer><p>Contact us</p></footer></body></html>"
    )


def paragraphs(items: list[str]) -> str:
    return "".join(f"<p>{p}</p>" for p in items)


def test_a_teaser_card_between_the_paragraphs_goes() -> None:
    tease = (
        '<article class="tease"><header><a href="/local/">Local</a></header>'
        '<h3><a href="/local/bus-fares-rise-again-next-spring/">Bus fares will rise again '
        "next spring across the region</a></h3>"
        '<div class="tease-timestamp">6:44am</div>'
        '<div class="tease-summary">The transit agency says higher fuel prices leave it no '
        "choice, and riders with monthly passes will pay the most.</div></article>"
    )
    html = page(
        '<article class="story"><h1>Council extends the light rail line</h1>'
        '<div class="story-body">'
        + paragraphs(BODY[:2])
        + tease
        + paragraphs(BODY[2:])
        + "</div></article>"
    )
    document = extract_html(html, "https://example.org/local/light-rail/")
    for output in (document.text, document.markdown):
        assert "ending a debate that had divided" in output
        assert "so that riders can prepare well in advance" in output
        assert "Bus fares will rise again" not in output
        assert "higher fuel prices" not in output
    assert "bus-fares-rise-again" not in document.markdown


def test_two_linked_stories_of_a_roundup_are_kept() -> None:
    """Cards that repeat (three headlines or more in the container) are its items."""
    items = "".join(
        f'<div class="item"><h2><a href="/story/{n}/">Story number {n} of the week in '
        f"review</a></h2><p>{BODY[n]}</p></div>"
        for n in range(4)
    )
    html = page('<article class="story"><h1>The week in review</h1>' + items + "</article>")
    document = extract_html(html, "https://example.org/week/")
    for output in (document.text, document.markdown):
        for n in range(4):
            assert f"Story number {n} of the week" in output


def test_a_like_prompt_after_the_post_goes() -> None:
    likes = (
        '<div class="sharedaddy sd-block sd-like jetpack-likes-widget-wrapper" '
        'id="like-post-wrapper-1-2"><h3 class="sd-title">Like this:</h3>'
        '<div class="likes-widget-placeholder post-likes-widget-placeholder">'
        '<span class="button"><span>Like</span></span> <span class="loading">Loading...'
        "</span></div></div>"
    )
    html = page(
        '<div class="post type-post"><h1 class="entry-title">Light rail, again</h1>'
        '<div class="entry-content">' + paragraphs(BODY) + likes + "</div></div>"
    )
    document = extract_html(html, "https://example.org/2024/light-rail-again/")
    for output in (document.text, document.markdown):
        assert "the old freight tracks," in output
        assert "so that riders can prepare well in advance" in output
        assert "Like this:" not in output
        assert "Loading..." not in output


def test_a_label_introducing_points_is_kept() -> None:
    """'In brief:' with its points (list items) is content, not a prompt."""
    summary = (
        '<div class="summary"><p>In brief:</p><ul><li>Four new stations</li>'
        "<li>Trains in three years</li></ul></div>"
    )
    html = page(
        '<article class="story"><h1>Council extends the light rail line</h1>'
        '<div class="story-body">'
        + paragraphs(BODY[:1])
        + summary
        + paragraphs(BODY[1:])
        + "</div></article>"
    )
    document = extract_html(html, "https://example.org/local/light-rail/")
    for output in (document.text, document.markdown):
        assert "In brief:" in output
        assert "Trains in three years" in output
