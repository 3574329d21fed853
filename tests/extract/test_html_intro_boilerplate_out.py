"""Lines standing in `<main>` before the body that are not its title or declared standfirst
stay out (issue 30, attack b30z).

`classify._keep_intro` (a2f49b8) kept every near-good line beside the body container:
"Listen to this article", breadcrumb text, affiliate and cookie notices, share and subscribe
prompts (the attack b30z). It now keeps the page's `<h1>` and the line the page declares
as its description only.
"""

from __future__ import annotations

import pytest

from webdistill.adapters.extract.html.reader import extract_html

BODY = (
    '<div class="article-body">'
    + "".join(
        f"<p>Paragraph {i}: the council voted on Tuesday to rebuild the old stone bridge over "
        "the river before winter, ending two years of long debate about its future, its cost "
        "and its place in the town.</p>"
        for i in range(8)
    )
    + "</div>"
)
LINES = {
    "listen": (
        '<div class="audio-teaser">Listen to this article. This audio is generated '
        "automatically and may contain errors, 4 minutes.</div>",
        "Listen to this article",
    ),
    "breadcrumb": (
        "<p>You are here: Home / News / Local news / Transport and roads / Bridges and tunnels</p>",
        "You are here",
    ),
    "affiliate": (
        "<p>This article contains affiliate links. If you buy something through them we may "
        "earn a commission.</p>",
        "affiliate links",
    ),
    "cookie": (
        "<p>We use cookies to improve your experience on our site and to show you personalised "
        "advertising. By continuing you agree to our policy.</p>",
        "We use cookies",
    ),
    "share": (
        "<p>Share this article on Facebook, Twitter, WhatsApp or by email with your friends "
        "and family.</p>",
        "Share this article",
    ),
    "subscribe": (
        "<p>Advertisement. Subscribe now for only 1 euro for the first month and read without "
        "limits on every device.</p>",
        "Subscribe now",
    ),
}


@pytest.mark.parametrize("name", sorted(LINES))
def test_boilerplate_line_before_the_body_in_main_is_not_kept(name: str) -> None:
    line, needle = LINES[name]
    page = (
        "<html><body><header><a href='/'>Home</a></header><main><h1>Bridge vote</h1>"
        f"{line}{BODY}</main><footer>(c)</footer></body></html>"
    )
    text = extract_html(page, "https://example.com/news/bridge").text
    assert "Paragraph 7" in text
    assert needle not in text
