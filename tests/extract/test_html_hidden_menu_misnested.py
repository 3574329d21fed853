"""An article that libxml2 nests in a hidden header menu is read, whatever lies before the menu
(issue 30, attack b30y).

An unclosed responsive menu wrapper (`<div class="hidden lg:flex">`) in the header: a
browser's parser closes it at `</nav>`, libxml2 keeps it open around the rest of the page
(the wcxb dev page 4267's shape). 9770806 took such a hidden container only when nothing
shown was kept, so one visible line before the menu (a text logo, tagline, date, skip link,
promo bar) lost the whole article (the attack b30y; ae0c950 read it). A container hidden only
by elements inside `<header>` / `<nav>` may be read (`readable.is_readable`).
"""

from __future__ import annotations

import pytest

from tests.extract.test_html_hidden_main_padding import POST
from webdistill.adapters.extract.html.reader import extract_html

BEFORE_THE_MENU = {
    "text_logo": "<a class='logo' href='/'>The Riverside Gazette</a>",
    "brand_div": "<div class='brand'>The Riverside Gazette</div>",
    "tagline": "<p class='tagline'>News from the harbour town since 1887</p>",
    "date": "<span class='date'>Tuesday 3 March 2026</span>",
    "skip_link": "<a class='skip' href='#main'>Skip to content</a>",
    "promo_bar": (
        "<div class='topbar'><p>Free delivery on all subscriptions this week only</p></div>"
    ),
}


@pytest.mark.parametrize("name", sorted(BEFORE_THE_MENU))
def test_an_article_nested_in_a_hidden_menu_is_read_after_a_visible_logo(name: str) -> None:
    page = (
        f"<html><body><header>{BEFORE_THE_MENU[name]}<nav>"
        "<div class='items-center hidden grow'>"
        f"<a href='/'>Home</a>{POST}</nav></header></body></html>"
    )
    document = extract_html(page)
    assert "The council approved the new harbour wall" in document.text
