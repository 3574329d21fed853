"""Guards from the attack b30w (session 13, issue 30): a rule read the page's one long
<article> "whatever its wrappers are named" when the page's `<main>` did not hold it, and a
skipped tag (any of them) around the main container was walked. Both were withdrawn; only an
unclosed `<button>` around the main container is walked now (test_html_wrong_container.py).

The shape the rule broke: a page whose main content is list-shaped (a how-to whose method is
an `<ol>`: no paragraphs, so its dense-text score is 0) and that carries one card
`<article>` of three paragraphs elsewhere, in furniture (aside, related box, newsletter box,
footer, nav), hidden (`hidden`, `aria-hidden`, `display:none`, a closed `<dialog>`), or a
closed log-in `<dialog>` holding a `<main>`: the card must stay out, the how-to stays in.

Shapes: `main#main.site-main` and `aside.widget-area` (WordPress themes' markup),
`div.related-posts`, a `nav` mega-menu's featured card, `footer.site-footer`; a hidden "next
story" preload; a closed `<dialog>` (HTML's modal element, log-in/paywall prompts); the
text is our own.
"""

from __future__ import annotations

import pytest

import webdistill

STEPS = [
    "Brush off loose paint and moss with a stiff wire brush, working along the grain.",
    "Wash the boards with soapy water and let them dry for a full day in the sun.",
    "Sand any rough patches smooth and wipe away the dust with a damp cloth.",
    "Stir the paint well and apply a thin first coat with a wide brush.",
    "Leave it to dry for four hours, then apply a second thin coat.",
    "Paint the post tops last so that rain runs off the end grain.",
    "Clean the brushes in warm water before the paint sets.",
    "Check the fence after the first rain and touch up any missed spots.",
]
TOOLS = ["a stiff wire brush", "sandpaper, 120 grit", "a wide flat brush", "masking tape"]
CARD = [
    "I tried the same sage paint on our fence last year and it held up well through a wet "
    "winter, although the north side grew a film of green algae by March that needed a "
    "scrub with diluted vinegar.",
    "One thing I would add for anyone attempting this: wait for at least three dry days in "
    "a row, because the first coat soaks into old timber far more than you expect and a "
    "shower the next morning leaves streaks that never quite disappear.",
    "We also found that a cheap pump sprayer saved hours compared with a brush, as long as "
    "you mask the plants and the neighbour's car, which I learned the hard way after a "
    "windy afternoon and a very awkward conversation.",
]
MAIN = (
    "<main id='main' class='site-main'><h1>How to paint a fence</h1><p>A weekend job.</p>"
    "<h2>You will need</h2><ul>" + "".join(f"<li>{t}</li>" for t in TOOLS) + "</ul>"
    "<h2>Method</h2><ol>" + "".join(f"<li>{s}</li>" for s in STEPS) + "</ol></main>"
)
ARTICLE = "<article class='card'>" + "".join(f"<p>{p}</p>" for p in CARD) + "</article>"


def _page(furniture: str) -> str:
    return (
        "<html><head><title>How to paint a fence</title></head><body>"
        "<header class='site-header'><a href='/'>Home Garden Diary</a></header>"
        + MAIN
        + furniture
        + "<footer>All rights reserved</footer></body></html>"
    )


FURNITURE = {
    "aside_sidebar": "<aside class='widget-area'><h2>Editor's pick</h2>" + ARTICLE + "</aside>",
    "related_box": "<div class='related-posts'><h2>Related</h2>" + ARTICLE + "</div>",
    "newsletter_box": "<div class='newsletter-signup'>" + ARTICLE + "</div>",
    "site_footer": "<footer class='site-footer'>" + ARTICLE + "</footer>",
    "nav_featured": "<nav class='mega-menu'>" + ARTICLE + "</nav>",
}
HIDDEN = {
    "hidden_attribute": "<div hidden id='next-story'>" + ARTICLE + "</div>",
    "aria_hidden": "<div aria-hidden='true' class='offscreen'>" + ARTICLE + "</div>",
    "closed_overlay": "<div class='popup-overlay' style='display:none'>" + ARTICLE + "</div>",
    "closed_dialog": "<dialog id='gift-dialog'>" + ARTICLE + "</dialog>",
}


def _doc(html: str) -> webdistill.Document:
    return webdistill.extract_html(html, url="https://example.com/how-to-paint-a-fence")


@pytest.mark.parametrize("name", sorted(FURNITURE))
def test_sole_article_in_furniture_outside_main_stays_out(name: str) -> None:
    doc = _doc(_page(FURNITURE[name]))
    assert "touch up any missed spots" in doc.text
    for text in ("cheap pump sprayer", "three dry days in a row"):
        assert text not in doc.text, (name, text)
        assert text not in doc.markdown, (name, text)


@pytest.mark.parametrize("name", sorted(HIDDEN))
def test_hidden_sole_article_stays_out(name: str) -> None:
    """Text a browser does not show must not reach the agent (hidden/closed content is a
    prompt-injection carrier); before the change it was dropped."""
    doc = _doc(_page(HIDDEN[name]))
    assert "touch up any missed spots" in doc.text
    for text in ("cheap pump sprayer", "three dry days in a row"):
        assert text not in doc.text, (name, text)
        assert text not in doc.markdown, (name, text)


LOGIN = (
    "<dialog id='login'><main><h2>Sign in to keep reading</h2>"
    "<p>Subscribers get unlimited access to every guide, offline maps for every city we "
    "cover and a weekly letter from our editors with the best new places to eat, sleep and "
    "walk.</p><p>Your subscription renews each month and you can cancel at any time from "
    "your account page; the first thirty days are free for new readers who sign up today "
    "through this offer.</p><p>By signing in you agree to our terms of service and privacy "
    "policy, including the use of cookies to measure our audience and show you offers from "
    "our partners.</p></main></dialog>"
)


def test_closed_login_dialog_holding_main_stays_out() -> None:
    """A closed log-in `<dialog>` holding a `<main>` (the longest marked container on a
    page whose content is a list) is now walked as a 'markup slip'; it was skipped."""
    page = (
        "<html><head><title>Ferry schedule changes</title></head><body>"
        "<div class='post'><h1>Ferry schedule changes</h1><ul>"
        + "".join(
            f"<li>Route {i}: departs every {10 + i} minutes from Pier {i}, weekdays only "
            "until further notice</li>"
            for i in range(1, 12)
        )
        + "</ul></div>"
        + LOGIN
        + "</body></html>"
    )
    doc = _doc(page)
    assert "departs every 21 minutes from Pier 11" in doc.text
    for text in ("Sign in to keep reading", "cancel at any time", "terms of service"):
        assert text not in doc.text, text
        assert text not in doc.markdown, text
