"""An article after a header menu hidden by the `hidden` attribute and left unclosed is read
(issue 30, attack b30z).

A browser's parser closes the menu at `</nav>` / `</header>`; libxml2 keeps it open around
the rest of the page, so the `<main>` sat inside a hidden element and the page read empty
(on ae0c950 too). `find_main` takes a `<main>` that `readable.is_readable` allows: hidden only
by a menu inside a header or nav that runs to the end of the page. The class-hidden menu
(`hidden lg:flex`) is the attack b30y's shape.
"""

from __future__ import annotations

import pytest

from webdistill.adapters.extract.html.reader import extract_html

ART = (
    "<h1>Bridge</h1><p>The council voted on Tuesday to rebuild the old stone bridge over the "
    "river before winter, ending two years of debate about its future and cost.</p><p>Engineers "
    "said the central arch had shifted by four centimetres since spring, and lorries are "
    "banned.</p><p>Work starts in October and should end before the spring floods next year, "
    "the mayor said.</p>"
)
MENU = '<ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li></ul>'
PAGES = {
    "header": f'<header><div class="mobile-menu" hidden>{MENU}</header><main>{ART}</main>',
    "nav": f"<header><nav><div hidden>{MENU}</nav></header><main>{ART}</main>",
    "class_hidden_control": (
        f'<header><nav><div class="hidden lg:flex">{MENU}</nav></header><main>{ART}</main>'
    ),
}


@pytest.mark.parametrize("name", sorted(PAGES))
def test_article_after_an_unclosed_hidden_menu_is_read(name: str) -> None:
    page = f"<html><body>{PAGES[name]}<footer><p>(c) Gazette</p></footer></body></html>"
    document = extract_html(page, "https://example.com/news/bridge")
    assert "central arch" in document.text
