"""Guard from the attack b30r (issue 30): a page whose `<main>`/`<article>` sits under
`<aside>` or `<nav>` is read (a rule refusing such a main was tried and withdrawn).

The attack's finding: a page whose content sits under `<aside>` or `<nav>` now reads as EMPTY.

find_main now refuses a marked element (`<main>`, `<article>`) with a nav/aside/footer
ancestor. Where the page's content really is under such a tag the reader falls back, the
tag is HARD furniture, and nothing is left: extract returns an empty document (e0c329b read
the article). A browser shows all of it (these tags are not hidden).

Shapes, all from public repositories:
* a WooCommerce theme's single-product template (`single-product.php`): `<section
  class="clearfix"><?php get_sidebar(); ?><aside class="main-content"><article
  class="content"><section class="content-pages">...<article class="main-product-detail">`
  (also `<aside class="main-content">` as the main column of PHP/JSP admin and school apps);
* a Laravel layout `<nav id="wrapper"><!-- Fixed navbar -->@include(navbar)<div
  class="main-container">@yield('content')</div>...</nav>` wrapping the whole page;
* a mis-closed navigation (`<nav class="navbar"><ul>...</ul></div>`): the HTML parser (and
  a browser's) keeps the nav open, so the `<main>` after it is inside the nav.
Passed on e0c329b, failed on 50bb0de, passes again after the fix.
"""

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html

BODY = (
    "<p>Hand-carved from a single block of mango wood, this Buddha statue stands forty "
    "centimetres tall and is finished with a food-safe oil that brings out the grain.</p>"
    "<p>Each piece is made to order by a family workshop in the north of the country, so the "
    "grain and the colour vary a little from the photographs; allow three weeks.</p>"
    "<p>Clean it with a dry cloth only, keep it out of direct sunlight, and oil it again once "
    "a year to keep the wood from drying out and cracking in heated rooms.</p>"
)


def _assert_read(html: str) -> None:
    text = extract_html(html).text
    assert "mango wood" in text and "dry cloth" in text, repr(text)


def test_woocommerce_theme_product_in_aside_main_content() -> None:
    _assert_read(f"""<html><head><title>Buddha statue</title></head><body>
<header><a href="/">Shop</a></header>
<section class="clearfix">
<div id="sidebar"><ul class="product-categories"><li><a href="/c/wood">Wood</a></li></ul></div>
<aside class="main-content"><span class="bg-top-content"></span>
<article class="content"><section class="content-pages">
<article class="title-pages"><a href="/">Home</a> / <a href="/c/wood">Wood</a></article>
<article class="main-product-detail"><section class="clearfix"><div class="summary">
<h1 class="product_title entry-title">Buddha statue</h1>
<span class="price" itemprop="price">Price: 120.00</span></div></section>
<div class="information_detail">{BODY}</div></article>
</section></article><span class="bg-bottom-content"></span>
</aside></section><footer>Copyright Shop</footer></body></html>""")


def test_laravel_layout_nav_wrapper() -> None:
    _assert_read(f"""<html><head><title>Buddha statue</title></head><body>
<nav id="wrapper">
<nav class="navbar navbar-default navbar-fixed-top"><a class="navbar-brand" href="/">Retro</a>
</nav>
<div class="main-container"><main><h1>Buddha statue</h1>{BODY}</main></div>
<nav class="navbar-fixed-bottom"><a href="/about">About</a></nav>
</nav></body></html>""")


def test_mis_closed_nav_before_main() -> None:
    _assert_read(f"""<html><head><title>Buddha statue</title></head><body>
<nav class="navbar"><ul><li><a href="/">Home</a></li><li><a href="/shop">Shop</a></li></ul></div>
<main id="main"><article><h1>Buddha statue</h1>{BODY}</article></main>
<footer><p>Copyright Shop</p></footer></body></html>""")
