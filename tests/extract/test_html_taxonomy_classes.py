"""A post's own tags and categories are not furniture names (issue 30: the article missed).

WordPress writes the post's taxonomy terms as classes on the article and the body
(`get_post_class()` in wp-includes/post-template.php: `'category-' . $cat->slug`,
`'tag-' . $tag->slug`; `get_body_class()` likewise on archive pages), and so does Ghost's
`post_class` helper (`tag-{slug}`, the Casper theme's `<article class="article {{post_class}}">`).
A how-to tagged "internet sharing" became `tag-internet-sharing`, which read as a sharing
widget: the whole post was dropped and only the site's header was left.

Shapes: twentyten's single post, which like many older themes has no `<main>` or `<article>`
(`div#post-N.post-N.post.type-post.status-publish.format-standard.hentry.category-….tag-…`
holding `div.entry-content`; the body's `single single-post postid-N
single-format-standard` classes), Casper 2's post (`div.post-full.post.tag-…`) and a
WooCommerce product (`div#product-N.product.type-product…product_cat-….product_tag-…`,
`wc_get_product_taxonomy_class`); a
Jetpack share bar (`div.sharedaddy.sd-sharing-enabled`) and twentytwelve's `tags-links` line
are real furniture and still go. The words are ours.
"""

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html

BODY = [
    "Windows can share a wired or mobile connection as a Wi-Fi hotspot without any extra "
    "software, and most people who own a laptop never find the switch that turns it on.",
    "Open the settings, choose the network section and the mobile hotspot page, then pick "
    "the connection to share and set a name and a password that you will remember.",
    "Phones and tablets then see the new network like any other; the laptop shows how many "
    "devices are connected and lets you turn the hotspot off again when you are done.",
]
SHARE = "Share this: Twitter Facebook Email"
#: The rest of the page: a blog's sidebar of widgets (twentyten's `div#primary.widget-area`
#: of `li.widget-container`s), longer than the post, as on the real page whose post was lost.
ABOUT = (
    "About the author: a telecoms engineer who has written about networks, phones and "
    "gadgets on this blog since 2005, and reviews the devices readers send him each week."
)
WIDGETS = "".join(
    f'<li class="widget-container widget_text"><h3 class="widget-title">About {n}</h3>'
    f'<div class="textwidget"><p>{ABOUT}</p></div></li>'
    for n in range(4)
)


def _wordpress(tags: str) -> str:
    paragraphs = "".join(f"<p>{text}</p>" for text in BODY)
    return (
        '<!doctype html><html lang="en"><head><title>Hotspot</title></head>'
        '<body class="single single-post postid-50253 single-format-standard '
        f'{tags}"><div id="wrapper" class="hfeed"><div id="header"><div id="site-title">'
        '<a href="/">Gadgets Blog</a></div></div><div id="main"><div id="container">'
        '<div id="content"><div id="post-50253" class="post-50253 post type-post '
        f'status-publish format-standard hentry category-microsoft {tags}">'
        '<h1 class="entry-title">How to set up a Wi-Fi hotspot</h1>'
        '<div class="entry-meta">Posted on October 31, 2012</div><div class="entry-content">'
        f"{paragraphs}"
        '<div class="sharedaddy sd-sharing-enabled"><div class="robots-nocontent sd-block '
        f'sd-social sd-social-icon-text sd-sharing"><h3 class="sd-title">{SHARE}</h3></div></div>'
        '</div><div class="entry-utility"><span class="tags-links">Tagged hotspot, internet '
        "sharing</span></div></div></div></div>"
        f'<div id="primary" class="widget-area"><ul class="xoxo">{WIDGETS}</ul></div>'
        "</div></div></body></html>"
    )


def _ghost(tags: str) -> str:
    paragraphs = "".join(f"<p>{text}</p>" for text in BODY)
    return (
        '<!doctype html><html lang="en"><head><title>Hotspot</title></head>'
        f'<body class="post-template {tags}"><div class="site-wrapper"><header '
        'class="site-header"><a href="/">Gadgets Blog</a></header><div id="site-main" '
        f'class="site-main outer"><div class="inner"><div class="post-full post {tags}">'
        '<h1 class="post-full-title">How to set up a Wi-Fi hotspot</h1>'
        f'<div class="post-full-content"><div class="post-content">{paragraphs}</div></div>'
        f'</div></div></div><aside class="site-sidebar"><ul>{WIDGETS}</ul></aside></div>'
        "</body></html>"
    )


def _woocommerce(terms: str) -> str:
    paragraphs = "".join(f"<p>{text}</p>" for text in BODY)
    return (
        '<!doctype html><html lang="en"><head><title>Hotspot</title></head>'
        '<body class="product-template-default single single-product postid-123 woocommerce">'
        '<div id="page" class="site"><div id="content" class="site-content"><div id="primary" '
        'class="content-area"><div id="product-123" class="product type-product post-123 '
        f"status-publish first instock {terms} has-post-thumbnail shipping-taxable "
        'purchasable product-type-simple"><div class="summary entry-summary"><h1 '
        'class="product_title entry-title">Pocket Wi-Fi hotspot</h1></div>'
        '<div class="woocommerce-tabs wc-tabs-wrapper"><div class="woocommerce-Tabs-panel '
        'woocommerce-Tabs-panel--description panel entry-content wc-tab" id="tab-description">'
        f"{paragraphs}</div></div></div></div>"
        f'<div id="secondary" class="widget-area"><ul>{WIDGETS}</ul></div></div></div>'
        "</body></html>"
    )


def _assert_post(html: str) -> None:
    doc = extract_html(html, None)
    for text in BODY:
        assert text in doc.text, text
        assert text in doc.markdown, text
    assert SHARE not in doc.text


def test_wordpress_post_tagged_sharing_and_social_is_read() -> None:
    _assert_post(_wordpress("tag-internet-sharing tag-social-media tag-wi-fi"))


def test_wordpress_post_in_a_category_named_like_furniture_is_read() -> None:
    _assert_post(_wordpress("category-newsletter tag-comments tag-related-posts"))


def test_ghost_post_tagged_like_furniture_is_read() -> None:
    _assert_post(_ghost("tag-sharing tag-sidebar"))


def test_woocommerce_product_tagged_like_furniture_is_read() -> None:
    _assert_post(_woocommerce("product_cat-social-media product_tag-sharing"))


def test_the_tags_line_stays_out() -> None:
    doc = extract_html(_wordpress("tag-wi-fi"), None)
    assert "Tagged hotspot" not in doc.text
