"""Accordion headers are read (issue 30: body text lost): an FAQ's questions sit in
`<button>`s, which the reader skips as controls, so the answers came without them.

Read: a `<button>` that is the whole content of a heading (or of `role="heading"`), or whose
content is a heading. The shapes, each as its owner documents or renders it (the words are
ours):

- Bootstrap 5.3's accordion (getbootstrap.com/docs/5.3/components/accordion):
  `div.accordion-item > h2.accordion-header > button.accordion-button[data-bs-toggle=collapse]`
  then `div.accordion-collapse.collapse > div.accordion-body`;
- the W3C ARIA Authoring Practices accordion example
  (w3.org/WAI/ARIA/apg/patterns/accordion/examples/accordion/): `h3 > button.accordion-trigger
  [aria-expanded][aria-controls] > span.accordion-title > span.accordion-icon`, then
  `div.accordion-panel[role=region]`;
- Radix UI's accordion as shadcn/ui renders it: `h3[data-state] > button[aria-controls]
  [data-radix-collection-item]` holding the title and an `<svg>` chevron;
- a heading written with `role="heading"` and `aria-level` around the button (the APG
  pattern's note for headings that are not `<h1>`-`<h6>`).

Still skipped: buttons beside a heading's own text ("Copy link"), log-in and "load more"
buttons, a sort button in a heading that has its own title.
"""

from __future__ import annotations

from collections.abc import Callable

from webdistill.adapters.extract.html.reader import extract_html

QA = [
    (
        "Can I return a bicycle bought online?",
        "Yes: bring it to any of our shops within thirty days with the receipt, unridden "
        "and in its box, and we refund the price to the card you paid with.",
    ),
    (
        "How long does a wheel repair take?",
        "Most wheel repairs are done while you wait; a rebuilt wheel with new spokes takes "
        "two working days, and we call you when it is ready to collect.",
    ),
    (
        "Do you service electric bikes?",
        "We service the mechanical parts of every electric bike and the motors of the three "
        "brands we sell; for the others we send the motor to the maker's workshop.",
    ),
]
INTRO = (
    "Our workshop answers the questions customers ask most often about returns, repairs "
    "and servicing below; call the shop if yours is not among them."
)


def page(body: str) -> str:
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>FAQ</title></head>'
        '<body><header><a href="/">Cycle Shop</a><button class="login">Log in</button></header>'
        f"<main><h1>Frequently asked questions</h1><p>{INTRO}</p>{body}</main>"
        "<footer><p>&copy; 2026 Cycle Shop</p></footer></body></html>"
    )


def bootstrap(number: int, question: str, answer: str) -> str:
    return (
        f'<div class="accordion-item"><h2 class="accordion-header">'
        f'<button class="accordion-button collapsed" type="button" data-bs-toggle="collapse" '
        f'data-bs-target="#collapse{number}" aria-expanded="false" '
        f'aria-controls="collapse{number}">{question}</button></h2>'
        f'<div id="collapse{number}" class="accordion-collapse collapse" '
        f'data-bs-parent="#faq"><div class="accordion-body">{answer}</div></div></div>'
    )


def apg(number: int, question: str, answer: str) -> str:
    return (
        f'<h3><button type="button" aria-expanded="true" class="accordion-trigger" '
        f'aria-controls="sect{number}" id="accordion{number}id">'
        f'<span class="accordion-title">{question}<span class="accordion-icon"></span>'
        f'</span></button></h3><div id="sect{number}" role="region" '
        f'aria-labelledby="accordion{number}id" class="accordion-panel"><p>{answer}</p></div>'
    )


def radix(number: int, question: str, answer: str) -> str:
    return (
        f'<div data-state="open" data-orientation="vertical" class="border-b">'
        f'<h3 data-orientation="vertical" data-state="open" class="flex">'
        f'<button type="button" aria-controls="radix-:r{number}:" aria-expanded="true" '
        f'data-state="open" data-orientation="vertical" id="radix-:q{number}:" '
        f'class="flex flex-1 items-center justify-between py-4 font-medium transition-all '
        f'hover:underline" data-radix-collection-item="">{question}'
        f'<svg width="15" height="15" viewBox="0 0 15 15"><path d="M3 6l4 4 4-4"/></svg>'
        f'</button></h3><div data-state="open" id="radix-:r{number}:" role="region" '
        f'aria-labelledby="radix-:q{number}:" data-orientation="vertical" '
        f'class="overflow-hidden text-sm"><div class="pb-4 pt-0">{answer}</div></div></div>'
    )


def role_heading(number: int, question: str, answer: str) -> str:
    return (
        f'<div role="heading" aria-level="3"><button type="button" aria-expanded="true" '
        f'aria-controls="panel{number}">{question}</button></div>'
        f'<div id="panel{number}" role="region"><p>{answer}</p></div>'
    )


def _check(build: Callable[[int, str, str], str], prefix: str) -> None:
    items = "".join(build(number, q, a) for number, (q, a) in enumerate(QA))
    doc = extract_html(page(f'<div class="accordion" id="faq">{items}</div>'), None)
    for question, answer in QA:
        assert question in doc.text, question
        assert answer in doc.text, answer
        assert f"{prefix}{question}" in doc.markdown, question
        assert answer in doc.markdown
        assert doc.text.index(question) < doc.text.index(answer)
    assert "Log in" not in doc.text


def test_bootstrap_accordion_questions_are_headings() -> None:
    _check(bootstrap, "## ")


def test_apg_accordion_questions_are_headings() -> None:
    _check(apg, "### ")


def test_radix_accordion_questions_are_headings() -> None:
    _check(radix, "### ")


def test_role_heading_accordion_questions_are_read() -> None:
    _check(role_heading, "")


def test_other_buttons_stay_unread() -> None:
    body = (
        '<h2 id="returns">Returns<button class="copy-link" type="button">Copy link</button></h2>'
        f"<p>{QA[0][1]}</p>"
        '<h2>Reviews <button type="button" aria-expanded="false">Sort by date</button></h2>'
        f"<p>{QA[1][1]}</p>"
        f'<p>{QA[2][1]}</p><button class="load-more" type="button">Load more questions</button>'
    )
    doc = extract_html(page(body), None)
    for _question, answer in QA:
        assert answer in doc.text
    for control in ("Copy link", "Sort by date", "Load more", "Log in"):
        assert control not in doc.text, control
        assert control not in doc.markdown, control
    assert "## Returns" in doc.markdown
