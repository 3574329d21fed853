"""The title and standfirst beside an article's body, and the intro above an FAQ, are read
(issue 30: lost body text).

jusText found them plausible ("near-good") but the container the reader keeps is the
body's own element, and they sit beside it, under the same parent, inside the page's
declared main content. The title rule looks back a few blocks only, and a figure, byline,
date and share bar lie between. Kept there: the page's `<h1>`, and the line the page
declares as its description (`<meta name="description">`, as iNews and GOV.UK write their
standfirst and summary); other lines stay out (the attack b30z: "Listen to this article",
share prompts, notices). Shapes: iNews's WordPress theme (`main#main.site-main >
article.post > div.article-wrapper > h1.entry-title + p.inews__post-excerpt + figure +
byline + date + share bar + body`, its meta description the excerpt, from the fundus dev
page uk-iNews_2025_01_28, which lost its title and standfirst); a Bootstrap 5 accordion FAQ
with an intro under its `<h1>` (the attack b30h's shape).
"""

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html

TITLE = "Two arrested after a protest at a West End play"
STANDFIRST = (
    "The actor was escorted off stage after protesters climbed up holding a sign about the climate"
)
BODY = [
    "Two people were arrested after protesters climbed on stage during the evening's "
    "performance of The Tempest at a theatre in London on Monday night.",
    "The audience booed as the pair unfurled a banner, and staff stopped the play for around "
    "ten minutes before the actors returned to finish the second act.",
    "The police said the two were held on suspicion of causing a public nuisance and remain "
    "in custody while officers review footage from the theatre.",
    "The theatre said the performance would continue as planned for the rest of the week, "
    "with extra staff at the doors for the remaining shows.",
]


def _news_page() -> str:
    share = "".join(
        f"<span class='inews__post-share-button {n}' aria-label='share via {n}'>"
        f"<span class='icon'>{n}</span></span>"
        for n in ("email", "twitter", "whatsapp", "facebook", "link")
    )
    body = "".join(f"<p>{p}</p>" for p in BODY)
    return (
        f"<html><head><meta name='description' content='{STANDFIRST}'></head>"
        "<body><header class='inews__header'><nav><a href='/'>Home</a> "
        "<a href='/news'>News</a></nav></header><div class='content-area'>"
        "<main id='main' class='site-main has-sidebar'><article id='post-3504901' "
        "class='post-3504901 post type-post status-publish format-standard "
        "has-post-thumbnail category-news'>"
        f"<div class='article-wrapper'><h1 class='inews__post-title entry-title'>{TITLE}</h1>"
        f"<p class='inews__post-excerpt'> {STANDFIRST} </p>"
        "<figure class='inews__post-featured-image'><img src='/a.jpg' alt='Article thumbnail "
        "image'><figcaption>The protesters came on stage during the performance (Photo: PA "
        "Wire)</figcaption></figure><div class='inews__post-byline'><div class='inews__post-"
        "byline__author-name'><a href='/author/jh'>Jacqui Housden</a></div></div>"
        "<div class='inews__post-date'><time datetime='2025-01-28T11:30:00+00:00'>January 28, "
        "2025 11:30 am</time></div>"
        f"<div class='inews__post-share'>{share}<span class='inews__post-share-button share'>"
        "Share</span></div>"
        f"<div class='inews__post-content entry-content'>{body}</div></div></article></main>"
        "<aside class='sidebar'><p>Most read: the week in pictures.</p></aside></div>"
        "<footer><p>Copyright 2025 the publisher</p></footer></body></html>"
    )


def test_the_title_and_standfirst_beside_the_body_are_read() -> None:
    document = extract_html(_news_page())
    for output in (document.text, document.markdown):
        assert TITLE in output
        assert STANDFIRST in output
        for paragraph in BODY:
            assert paragraph in output
    assert document.markdown.index(STANDFIRST) < document.markdown.index(BODY[0])
    assert "Most read" not in document.text
    assert "Copyright" not in document.text


SECTIONS = [
    (
        "Who needs a licence",
        "Anyone aged 13 or over who fishes for salmon, trout, freshwater fish, smelt or eel "
        "needs a licence; children under 13 do not.",
    ),
    (
        "How much it costs",
        "A one-day licence costs six pounds and a twelve-month licence thirty-three pounds; "
        "discounts apply for those over 66 and disabled anglers.",
    ),
    (
        "Where to fish",
        "The licence covers rivers and lakes in England, but you also need the permission of "
        "whoever owns the fishing rights on that water.",
    ),
]
INTRO = (
    "You need a licence to fish with a rod and line in England for salmon, trout, freshwater "
    "fish, smelt or eel."
)


def test_the_intro_above_a_bootstrap_accordion_is_read() -> None:
    items = "".join(
        f"<div class='accordion-item'><h2 class='accordion-header'><button "
        f"class='accordion-button collapsed' type='button' data-bs-toggle='collapse' "
        f"data-bs-target='#c{i}' aria-expanded='false' aria-controls='c{i}'>{t}</button></h2>"
        f"<div id='c{i}' class='accordion-collapse collapse' data-bs-parent='#acc'>"
        f"<div class='accordion-body'>{b}</div></div></div>"
        for i, (t, b) in enumerate(SECTIONS, 1)
    )
    page = (
        "<!doctype html><html><head><title>Guidance</title>"
        f"<meta name='description' content='{INTRO}'></head><body><header>"
        "<a href='/'>Site</a></header><main id='main-content'><h1>Apply for a fishing "
        f"licence</h1><p>{INTRO}</p><div class='accordion' id='acc'>{items}</div></main>"
        "<footer>Crown copyright</footer></body></html>"
    )
    document = extract_html(page)
    for output in (document.text, document.markdown):
        assert INTRO in output
        for title, answer in SECTIONS:
            assert title in output and answer in output


def test_plausible_text_outside_the_main_content_stays_out() -> None:
    # The same page with the intro moved into the page's header: not beside the body.
    page = _news_page().replace(
        "<nav><a href='/'>Home</a>",
        "<p>Sign up to our free newsletter for the day's top stories in your inbox.</p>"
        "<nav><a href='/'>Home</a>",
    )
    assert "newsletter" not in extract_html(page).text
