"""A teaser card's picture does not ride on the article (issue 30: keep the Markdown
faithful; related stories inside and beside the article). An image with no text beside it
waits for the next paragraph and goes into the Markdown with it; the classifier never judged
it (it has no words). A teaser card draws the same link around its picture and its
headline; its picture now goes only with text inside its card. Shapes:

- a "featured stories" rail before the article: `div.featured-stories-widget > ul >
  li.story > figure > a[href=S] > img[alt=its headline]` and `figcaption > a[href=S]`
  (mozilla/readability's test page tmz-1: the Markdown carried eight other stories'
  headlines above the article);
- a "more on this" box inside the article whose whole card is one link,
  `div.recirculation-box > div.contentbox > a.contentbox-link > (div.h3 headline, img)`
  (GameStar's article template, a fundus dev page);
- kept, from the attack on the first version of the rule (which dropped every picture
  linking to another page): Blogger's full-size link (`a[href=blogger.googleusercontent.com
  /img/a/...] > img`), Flickr's embed code (`a[data-flickr-embed][href=flickr.com/photos/
  ...] > img`), a phpBB attachment (`dl.thumbnail > dt > a[href=./download/file.php?id=N&
  mode=view] > img`), a comic linking to its next page beside a "Next" link (ComicPress),
  a listing item whose picture goes with its summary in its card (a news listing's
  `article.list-item`), and a picture inside a line of text.

The plain text never holds images: only the Markdown changes. Words are ours.
"""

from __future__ import annotations

import re

from aiohttp import web

from tests.extract.test_image_links_config import config
from tests.http.fakes_http import FakeResolver
from tests.servers import serve
from webdistill import build
from webdistill.adapters.extract.html.pictures import CARD_MAX_ELEMENTS
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
        f"</a><figcaption><a href='https://news.example/2026/03/17/story-{n}/'>Lighthouse"
        f" keeper {n} retires after forty years</a></figcaption></figure></li>"
        for n in range(6)
    )
    + "</ul></div>"
)

MORE = (
    "<div class='recirculation-box'><div class='title'>More on this</div>"
    + "".join(
        f"<div class='contentbox'><a href='/2026/02/{n}/dredging-plan/' class='contentbox-link'>"
        f"<div class='contentbox-text'><div class='h3'>Dredging plan part {n}: what the "
        "council decided for the channel</div></div><div class='contentbox-picture'><div"
        f" class='imagecontainer'><img src='/thumbs/dredging-{n}.jpg' alt='Dredging plan part"
        f" {n} for the channel'></div></div></a></div>"
        for n in range(2)
    )
    + "</div>"
)


def test_a_rail_of_other_stories_does_not_ride_on_the_article() -> None:
    document = extract_html(article(before=RAIL), PAGE_URL)
    assert "Lighthouse keeper" not in document.markdown
    assert "story-0-117x81.jpg" not in document.markdown
    assert BODY[0] in document.markdown and BODY[2] in document.markdown


def test_a_related_box_inside_the_article_whose_card_is_one_link() -> None:
    document = extract_html(article(inside=MORE), PAGE_URL)
    assert "Dredging plan part" not in document.markdown
    assert BODY[0] in document.markdown


def test_without_a_headline_the_rail_pictures_would_ride_on_the_article() -> None:
    """The page shape does carry the rail's pictures into the Markdown when nothing marks
    them as teasers (the captions are not links here)."""
    plain = RAIL.replace("<figcaption><a href=", "<figcaption><span data-href=").replace(
        "</a></figcaption>", "</span></figcaption>"
    )
    document = extract_html(article(before=plain), PAGE_URL)
    assert "![Lighthouse keeper 0 retires after forty years]" in document.markdown


def test_a_listing_item_keeps_its_picture_with_its_summary() -> None:
    """In a listing the card's own text follows its picture: the card decides for both."""
    items = "".join(
        f"<article class='list-item'><div class='list-details'>"
        f"<a href='/announcement/{n}/lodge.html'><img src='/picture/lg_{n}.jpg'"
        f" alt='Alpine lodge {n} reopens after a year of work'></a>"
        f"<h2 class='title'><a href='/announcement/{n}/lodge.html'>Alpine lodge {n} reopens"
        f" after a year of work</a></h2><p>The lodge, one of the oldest in the valley, has"
        f" {20 + n} rooms, a new spa and a restaurant that serves the farms around it; it"
        " opens again for the winter season with its staff of old.</p></div></article>"
        for n in range(4)
    )
    page = f"<html><body><main><h1>Latest openings</h1>{items}</main></body></html>"
    document = extract_html(page, "https://hotels.example/list/latest.html")
    assert "![Alpine lodge 0 reopens after a year of work]" in document.markdown


def page_with(block: str, url: str = PAGE_URL) -> str:
    return extract_html(article(inside=block), url).markdown


def test_a_blog_picture_linking_to_its_full_size_copy_on_an_image_host_stays() -> None:
    block = (
        "<div class='separator' style='clear: both; text-align: center;'><a href="
        "'https://blogger.googleusercontent.com/img/a/AVvXsEiD0V5jCOlp'><img border='0'"
        " src='https://blogger.googleusercontent.com/img/a/AVvXsEiD0V5jCOlp=w495-h391'"
        " alt='The sandbank at low water'></a></div>"
    )
    assert "![The sandbank at low water](" in page_with(block)


def test_a_flickr_embed_stays() -> None:
    block = (
        "<a data-flickr-embed='true' href='https://www.flickr.com/photos/1977@N07/5428/in/"
        "datetaken-public/' title='Seals at dusk'><img src='https://live.staticflickr.com/"
        "65535/5428_efc8_w.jpg' width='400' height='267' alt='Seals at dusk'></a>"
    )
    assert "![Seals at dusk](" in page_with(block)


def test_a_forum_attachment_stays() -> None:
    block = (
        "<dl class='thumbnail'><dt><a href='./download/file.php?id=123&amp;mode=view'><img"
        " src='./download/file.php?id=123&amp;t=1' class='postimage' alt='IMG_1234.JPG'>"
        "</a></dt><dd>IMG_1234.JPG (123 KiB) Viewed 45 times</dd></dl>"
    )
    assert "![IMG_1234.JPG](" in page_with(block, "https://forum.example/viewtopic.php?t=9")


def test_a_comic_linking_to_its_next_page_beside_a_short_next_link_stays() -> None:
    """A "Next" link to the same page is no headline (the nav above the comic here: one
    below it would be the text the picture goes with, a navigation line, as before)."""
    block = (
        "<div id='comic-wrap'><div class='comic-nav'><a href='https://comic.example/comic/"
        "page-42/'>Next »</a></div><div id='comic'><a href='https://comic.example/comic/"
        "page-42/'><img src='https://comic.example/uploads/page41.png' alt='Page 41 of the"
        " seal comic'></a></div></div>"
    )
    assert "![Page 41 of the seal comic](" in page_with(block)


def test_a_picture_inside_a_line_of_text_stays_with_its_text() -> None:
    badge = (
        "<p>Report a stranded seal with the trust's app <a href='https://apps.example/trust'>"
        "<img src='/badges/store.png' alt='Get it on the app store'></a> or call the "
        "rescue line at any hour of the day or night.</p>"
    )
    assert "![Get it on the app store]" in page_with(badge)


def test_odd_links_around_a_teaser_picture_do_not_break_the_read() -> None:
    for href in ("http://[::1", "https://news.example:99999/x", "javascript:void(0)", " ", ""):
        card = (
            f"<div class='card'><a href='{href}'><img src='/t.jpg' alt='A teaser picture'></a>"
            f"<h3><a href='{href}'>A teaser headline long enough to count as one</a></h3></div>"
        )
        assert BODY[0] in page_with(card), href


def test_a_card_too_big_to_search_keeps_its_picture() -> None:
    """The headline is sought in at most CARD_MAX_ELEMENTS elements of the card."""
    filler = "<span></span>" * (CARD_MAX_ELEMENTS + 10)
    card = (
        "<div class='card'><a href='/2026/03/17/story/'><img src='/t.jpg' alt='Far teaser'>"
        f"</a>{filler}<h3><a href='/2026/03/17/story/'>Lighthouse keeper retires after forty"
        " years</a></h3></div>"
    )
    assert "![Far teaser](" in page_with(card)


def test_the_plain_text_is_the_same_with_the_pictures_or_without() -> None:
    page = article(before=RAIL, inside=MORE)
    without = re.sub(r"<img[^>]*>", "", page)
    assert extract_html(page, PAGE_URL).text == extract_html(without, PAGE_URL).text


async def test_toolkit_fetch_leaves_out_the_rail_and_keeps_the_figure() -> None:
    """The user's path: a page served on 127.0.0.1, read by the composed toolkit."""
    figure = (
        "<figure class='wp-block-image'><a href='/wp-content/uploads/2026/03/seals.jpg'><img"
        " src='/wp-content/uploads/2026/03/seals-1024x683.jpg' alt='Seals on the north"
        " sandbank at low water'></a></figure>"
    )
    page = article(before=RAIL, inside=figure)

    async def handler(request: web.Request) -> web.Response:
        return web.Response(text=page, content_type="text/html")

    application = web.Application()
    application.router.add_get("/2026/03/18/harbour-seals-return/", handler)
    async with serve(application) as base, build(config(), resolver=FakeResolver({})) as kit:
        url = base + "/2026/03/18/harbour-seals-return/"
        outcome = (await kit.fetch({"url": url})).unwrap()[0]
    assert outcome.page is not None, outcome.error
    content = outcome.page.content
    assert "![Seals on the north sandbank at low water](" in content
    assert "Lighthouse keeper" not in content
    assert BODY[2] in content


# --- the page's own pictures whose link a headline repeats (attack p30b on 3305fae) ---


def test_a_figure_whose_caption_links_where_the_picture_does_stays() -> None:
    """Fireball CMS's image template (`figure > a.framed[href=L] > img` with
    `figcaption.caption > a[href=L]`), a Creative Commons credit linking to the photo's
    page, a lead photo's "see all photos" caption: the page's own captioned figure."""
    for href in (
        "https://news.example/media/seals-colony-large.jpg",
        "https://www.flickr.com/photos/estuarytrust/5428/",
        "https://news.example/galleries/seal-colony/",
    ):
        figure = (
            f"<figure><a href='{href}' class='framed'><img src='/media/seals-colony.jpg'"
            " alt='The seal colony on the Long Sand'></a><figcaption class='caption'>"
            f"<a href='{href}'>The seal colony on the Long Sand at low water</a>"
            "</figcaption></figure>"
        )
        assert "![The seal colony on the Long Sand](" in page_with(figure), href


def test_a_hero_picture_beside_the_pages_own_linked_title_stays() -> None:
    """Themes that link a single post's title to its permalink put the thumbnail beside
    it: `header.entry-header > (div.post-thumbnail > a > img, h1.entry-title > a)`; the
    same with the page's URL unknown (the `<h1>` is the page's own title)."""
    paragraphs = "".join(f"<p>{text}</p>" for text in BODY)
    page = (
        "<html><body><article><header class='entry-header'><div class='post-thumbnail'>"
        f"<a href='{PAGE_URL}'><img src='/uploads/seals-hero.jpg' alt='Seals hauled out on"
        f" the sand'></a></div><h1 class='entry-title'><a href='{PAGE_URL}'>Harbour seals"
        " return to the estuary</a></h1></header><div class='entry-content'>"
        f"{paragraphs}</div></article></body></html>"
    )
    for url in (PAGE_URL, None):
        assert "![Seals hauled out on the sand](" in extract_html(page, url).markdown, url


def test_a_product_grid_whose_card_is_one_link_keeps_pictures_with_summaries() -> None:
    """WooCommerce's loop with a grid/list plugin's excerpt hooked after the product link:
    `li.product > a.woocommerce-LoopProduct-link > (img, h2)` then the short description."""
    items = "".join(
        f"<li class='product'><a href='/product/seal-print-{n}/' class='woocommerce-Loop"
        f"Product-link'><img src='/uploads/print-{n}.jpg' alt='Seal print number {n}'>"
        f"<h2 class='woocommerce-loop-product__title'>Seal print number {n} on cotton paper"
        "</h2></a><div class='woocommerce-product-details__short-description'><p>A print of"
        f" the harbour seals on the Long Sand, signed and numbered, {30 + n} by 40 cm, sent"
        " rolled in a tube within three days of the order.</p></div></li>"
        for n in range(4)
    )
    page = (
        f"<html><body><main><h1>Prints</h1><ul class='products'>{items}</ul></main></body></html>"
    )
    markdown = extract_html(page, "https://shop.example/shop/").markdown
    assert "![Seal print number 0](" in markdown


def test_one_link_around_many_pictures_is_read_once() -> None:
    """A link holding 1,500 pictures and a sea of empty elements was read again for each
    picture (62 s on a 727 KB page); each link is read once, in at most LINK_MAX_ELEMENTS
    of its elements."""
    from lxml import html as lxml_html

    from webdistill.adapters.extract.html.pictures import (
        LINK_MAX_ELEMENTS,
        PAGE_MAX_ELEMENTS,
        TeaserCards,
    )

    root = lxml_html.fromstring(
        "<div><a href='/gallery/'>" + "<img alt=a src=b>" * 1500 + "<i></i>" * 5000 + "</a></div>"
    )
    cards = TeaserCards(PAGE_URL)
    for image in root.iter("img"):
        cards.card_of(image)
    assert PAGE_MAX_ELEMENTS - cards.budget <= LINK_MAX_ELEMENTS + 3 * 200


def test_a_page_past_the_reading_budget_reads_on() -> None:
    """Past PAGE_MAX_ELEMENTS no more teasers are sought: the page is read as before."""
    cards = "".join(
        f"<div class='card'><a href='/s/{n}/'><img src='/t/{n}.jpg' alt='t{n}'></a><h3>"
        f"<a href='/s/{n}/'>Story number {n} of the long rail of stories</a></h3></div>"
        for n in range(4000)
    )
    document = extract_html(article(before=cards), PAGE_URL)
    assert BODY[0] in document.markdown


def test_a_hero_picture_beside_a_linked_h2_title_is_the_pages_own() -> None:
    """Single-post templates that keep the archive markup (attack p30c: a FoundationPress
    child's content.php, "Used for both single and index/archive/search"): `header >
    (div.post-thumbnail > a[permalink] > img, h2.entry-title > a[permalink])`. The page's
    `<title>` holds the headline; the page's URL may differ from the permalink by a final
    slash, the scheme or a query, or be unknown."""
    permalink = "https://blog.example.com/2021/05/my-trip-to-lisbon/"
    paragraphs = "".join(f"<p>{text}</p>" for text in BODY)
    page = (
        "<html><head><title>My trip to Lisbon in the spring | A travel blog</title></head>"
        "<body><article class='post'><header class='entry-header'><div class='post-thumbnail'>"
        f"<a href='{permalink}'><img src='/uploads/lisbon-tram.jpg' alt='A yellow tram in"
        f" Alfama'></a></div><h2 class='entry-title'><a href='{permalink}' rel='bookmark'>"
        "My trip to Lisbon in the spring</a></h2></header><div class='entry-content'>"
        f"{paragraphs}</div></article></body></html>"
    )
    for url in (
        permalink,
        permalink.rstrip("/"),
        permalink.replace("https:", "http:"),
        permalink + "?utm_source=twitter",
        None,
    ):
        assert "![A yellow tram in Alfama](" in extract_html(page, url).markdown, url
    untitled = page.replace("My trip to Lisbon in the spring | ", "")
    for url in (permalink + "?amp=1", "https://www.blog.example.com/2021/05/my-trip-to-lisbon"):
        assert "![A yellow tram in Alfama](" in extract_html(untitled, url).markdown, url
