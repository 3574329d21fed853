"""Pictures alone that link to other pages are not the page's pictures (issue 30: keep the
Markdown faithful). An image with no text beside it waits for the next paragraph and goes
into the Markdown with it; the classifier never judged it (it has no words). Shapes:

- a "featured stories" rail of thumbnails before the article: `div.featured-stories-widget
  > ul > li.story > figure > a[href=other story] > img[alt=its headline]` plus a linked
  `<figcaption>` (mozilla/readability's test page tmz-1; on the dev set the Markdown carried
  eight other stories' headlines above the article);
- share buttons drawn as images inside the article (`a[href=facebook.com/sharer...] >
  img[alt=Facebook]`, the sharetools of The Onion and The A.V. Club in postlight/parser's
  saved pages), the site's logo linking home;
- kept: WordPress's "Link to: Media File" (`a[href=.../uploads/...png] > img.wp-image-N`),
  "Link to: Attachment Page" (pretty permalinks put it under the post's URL; plain ones
  use `?attachment_id=N`), an image linking to a place on the page, an image inside a line
  of text, and an image block that holds one unlinked picture.

The plain text never holds images: only the Markdown changes. Words are ours.
"""

from __future__ import annotations

from aiohttp import web

from tests.http.fakes_http import FakeResolver
from tests.servers import serve
from webdistill import Config, build
from webdistill.adapters.extract.html.reader import extract_html

PAGE_URL = "https://news.example/2026/03/18/harbour-seals-return/"

BODY = [
    "Harbour seals have returned to the sandbanks at the river mouth for the first time in "
    "eleven years, counted on Tuesday by volunteers from the estuary trust at low water.",
    "The trust counted forty-one animals, among them nine pups, and asks walkers to keep "
    "dogs on a lead and to stay at least a hundred metres from the banks until September.",
    "Seal numbers fell after the dredging of the channel, and the return follows two quiet "
    "years in which the channel was left alone and the sandbanks built up again.",
]


def article(before: str = "", inside: str = "", url_path: str = "") -> str:
    paragraphs = "".join(f"<p>{text}</p>" for text in BODY)
    return (
        "<!doctype html><html><head><title>Harbour seals return</title></head><body>"
        f"<div id='page'>{before}<article><h1>Harbour seals return to the estuary</h1>"
        f"{inside}{paragraphs}</article></div></body></html>"
    )


RAIL = (
    "<div class='featured-stories-widget'><ul class='clearfix'>"
    + "".join(
        f"<li class='story'><figure><a href='https://news.example/2026/03/17/story-{n}/'"
        f" rel='bookmark'><img src='https://media.example/thumbs/story-{n}-117x81.jpg'"
        f" width='117' height='81' alt='Lighthouse keeper {n} retires after forty years'>"
        f"</a><figcaption><a href='https://news.example/2026/03/17/story-{n}/'>Keeper {n}"
        "</a></figcaption></figure></li>"
        for n in range(6)
    )
    + "</ul></div>"
)

SHARE = (
    "<ul class='tools'>"
    "<li><a href='https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fnews.example'>"
    "<img src='/static/img/sharetools/fb_sm.png' alt='Facebook'></a></li>"
    "<li><a href='https://twitter.com/intent/tweet?url=https%3A%2F%2Fnews.example'>"
    "<img src='/static/img/sharetools/tw_sm.png' alt='Twitter'></a></li>"
    "<li><a href='https://news.example/'><img src='/static/img/logo.png'"
    " alt='Estuary News'></a></li></ul>"
)


def test_a_rail_of_thumbnails_to_other_stories_is_left_out() -> None:
    document = extract_html(article(before=RAIL), PAGE_URL)
    assert "Lighthouse keeper" not in document.markdown
    assert "story-0-117x81.jpg" not in document.markdown
    assert BODY[0] in document.markdown and BODY[2] in document.markdown


def test_share_buttons_and_the_logo_drawn_as_images_are_left_out() -> None:
    document = extract_html(article(inside=SHARE), PAGE_URL)
    for alt in ("Facebook", "Twitter", "Estuary News"):
        assert f"![{alt}]" not in document.markdown
    assert BODY[1] in document.markdown


def test_without_the_rule_the_rail_rode_on_the_article() -> None:
    """What the rule removes was read before: the rail's pictures go before the first
    paragraph when they are not links (so the test's page shape does carry them)."""
    unlinked = RAIL.replace("<a href=", "<span data-href=").replace("</a>", "</span>")
    document = extract_html(article(before=unlinked), PAGE_URL)
    assert "![Lighthouse keeper 0 retires after forty years]" in document.markdown


def picture(href: str, alt: str = "Seals on the north sandbank at low water") -> str:
    return (
        f"<figure class='wp-block-image'><a href='{href}'><img class='wp-image-812'"
        f" src='https://news.example/wp-content/uploads/2026/03/seals-1024x683.jpg'"
        f" alt='{alt}'></a></figure>"
    )


def test_a_picture_linked_to_its_own_file_stays() -> None:
    full = "https://news.example/wp-content/uploads/2026/03/seals.jpg"
    document = extract_html(article(inside=picture(full)), PAGE_URL)
    assert "![Seals on the north sandbank at low water](" in document.markdown


def test_a_picture_linked_to_its_attachment_page_stays() -> None:
    for href in (PAGE_URL + "seals-north-bank/", "https://news.example/?attachment_id=812"):
        document = extract_html(article(inside=picture(href)), PAGE_URL)
        assert "![Seals on the north sandbank at low water](" in document.markdown, href


def test_a_picture_linked_to_the_page_itself_or_a_place_on_it_stays() -> None:
    for href in (PAGE_URL, PAGE_URL + "#count", "#count", "/2026/03/18/harbour-seals-return"):
        document = extract_html(article(inside=picture(href)), PAGE_URL)
        assert "![Seals on the north sandbank at low water](" in document.markdown, href


def test_a_picture_linked_to_another_page_goes_even_in_a_figure() -> None:
    """The rail above is made of figures too: a figure is no sign of the page's own."""
    href = "https://news.example/2026/03/10/dredging-plan/"
    document = extract_html(article(inside=picture(href)), PAGE_URL)
    assert "Seals on the north sandbank" not in document.markdown
    assert BODY[0] in document.markdown


def test_a_picture_inside_a_line_of_text_stays_with_its_text() -> None:
    badge = (
        "<p>Report a stranded seal with the trust's app <a href='https://apps.example/trust'>"
        "<img src='/badges/store.png' alt='Get it on the app store'></a> or call the "
        "rescue line at any hour of the day or night.</p>"
    )
    document = extract_html(article(inside=badge), PAGE_URL)
    assert "![Get it on the app store]" in document.markdown


def test_an_image_block_with_one_unlinked_picture_keeps_both() -> None:
    pair = (
        "<div class='pair'><img src='/img/pup.jpg' alt='A pup on the sand'>"
        "<a href='https://news.example/2026/01/02/winter-count/'><img src='/img/count.jpg'"
        " alt='The winter count'></a></div>"
    )
    document = extract_html(article(inside=pair), PAGE_URL)
    assert "![A pup on the sand]" in document.markdown
    assert "![The winter count]" in document.markdown


def test_read_without_the_page_url_a_relative_link_may_lead_under_the_page() -> None:
    kept = extract_html(article(inside=picture("seals-north-bank/")))
    assert "![Seals on the north sandbank at low water](" in kept.markdown
    gone = extract_html(article(inside=picture("/2026/03/10/dredging-plan/")))
    assert "Seals on the north sandbank" not in gone.markdown


def test_odd_links_around_a_picture_do_not_break_the_read() -> None:
    for href in ("http://[::1", "https://news.example:99999/x", "javascript:void(0)", " ", ""):
        document = extract_html(article(inside=picture(href)), PAGE_URL)
        assert BODY[0] in document.markdown, href


def test_the_plain_text_is_the_same_with_the_pictures_or_without() -> None:
    plain = extract_html(article(), PAGE_URL).text
    assert extract_html(article(before=RAIL, inside=SHARE), PAGE_URL).text == plain


async def test_toolkit_fetch_leaves_out_the_rail_and_keeps_the_figure() -> None:
    """The user's path: a page served on 127.0.0.1, read by the composed toolkit."""
    full = "/wp-content/uploads/2026/03/seals.jpg"
    page = article(before=RAIL, inside=SHARE + picture(full))

    async def handler(request: web.Request) -> web.Response:
        return web.Response(text=page, content_type="text/html")

    application = web.Application()
    application.router.add_get("/2026/03/18/harbour-seals-return/", handler)
    config = Config.from_env(
        {
            "WEB_ALLOW_HTTP": "true",
            "WEB_TRUSTED_ADDRESSES": "127.0.0.1",
            "WEB_CACHE": "off",
            "WEB_FETCH_TIMEOUT_MS": "20000",
        }
    )
    async with serve(application) as base, build(config, resolver=FakeResolver({})) as kit:
        url = base + "/2026/03/18/harbour-seals-return/"
        outcome = (await kit.fetch({"url": url})).unwrap()[0]
    assert outcome.page is not None, outcome.error
    content = outcome.page.content
    assert "![Seals on the north sandbank at low water](" in content
    assert "Lighthouse keeper" not in content and "![Facebook]" not in content
    assert BODY[2] in content
