"""A class that says a feature is switched on is not a furniture name (issue 30: body text
lost). The New York Post's article box is `div.box.article.modal-enabled` (newspaper3k's
saved pages tests/data/html/nypost.com1.html and nypost.com2.html): `modal-enabled` starts
with `modal`, a sure furniture word, so the whole story was furniture and the page read a
"Thanks for contacting us" line and its sign-in templates (98 words of 412). A state suffix
(`-enabled`, `-disabled`) is read like the state prefixes (`has-`, `no-`, `is-`) already
were. The words here are ours.
"""

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html

BODY = [
    "The publisher announced a settlement with the online retailer on Thursday over the "
    "pricing of print and digital books sold through its store.",
    "Similar agreements were reached with two other publishing houses in October and in "
    "November, after months of public argument over discounts.",
    "The publisher's chief executive said in a letter to authors that the new terms keep "
    "the publisher in control of the price of its electronic books.",
]


#: The page's other text (the Post's pages carry as much again in rails and widgets): a
#: box named like furniture that holds most of a page is not judged by its name alone.
RAIL = "".join(
    f"<li><a href='/story/{n}'>Another story of the day, number {n}, with its long headline "
    f"about the city</a></li>"
    for n in range(14)
)


def _page(box_class: str) -> str:
    body = "".join(f"<p>{p}</p>" for p in BODY)
    return (
        "<html><body><div id='content-wrapper'><header><nav><a href='/'>Home</a> "
        "<a href='/business'>Business</a></nav></header><div id='article-wrapper' "
        f"class='left-column'><div class='{box_class}'><div class='article-header'>"
        "<h1>Publisher settles with the retailer</h1><div class='entry-content'>"
        f"{body}</div></div></div></div><div class='modal' id='login-modal'><h3>Thanks for "
        "contacting us. We've received your submission.</h3></div>"
        f"<aside class='rail'><h2>Most read</h2><ul>{RAIL}</ul></aside>"
        "<footer><p>Copyright the paper</p></footer></div></body></html>"
    )


def test_a_story_in_a_box_named_modal_enabled_is_read() -> None:
    document = extract_html(_page("box article modal-enabled"))
    for output in (document.text, document.markdown):
        for paragraph in BODY:
            assert paragraph in output
    assert "Thanks for contacting us" not in document.text


def test_a_box_named_for_the_furniture_itself_is_still_furniture() -> None:
    # (the same page, its story box named `modal-dialog`: furniture, as before)
    document = extract_html(_page("box modal-dialog"))
    assert BODY[1] not in document.text
