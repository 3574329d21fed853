"""A GOV.UK accordion's "Show" toggle label is not part of its headings (issue 30, left by
the attack b30h).

govuk-frontend's accordion script rewrites each section heading into a `<button>` holding
the heading text, a visually hidden ", " and a toggle `<span class="govuk-accordion__section-
toggle" data-nosnippet>` with a chevron and the word "Show" (or "Hide"); a browser-rendered
GOV.UK page (what the local browser reads) therefore gave headings "Who needs a licence,
Show". `data-nosnippet` (Google Search's mark for text that is no part of a snippet) inside
an accordion header is not read. Shape: the attack b30h's page after govuk-frontend's
`accordion.mjs` (the same toggle markup is in the design system's React and Svelte ports);
the intro under the `<h1>`, the page's description as on GOV.UK, is read too
(classify._keep_intro).
"""

from __future__ import annotations

from tests.extract.test_html_intro_beside_body import INTRO, SECTIONS
from webdistill.adapters.extract.html.reader import extract_html


def _govuk_section(i: int, title: str, body: str) -> str:
    return (
        '<div class="govuk-accordion__section"><div class="govuk-accordion__section-header">'
        '<h2 class="govuk-accordion__section-heading"><button type="button" '
        f'aria-controls="acc-content-{i}" class="govuk-accordion__section-button" '
        f'aria-expanded="false" aria-label="{title} , Show this section">'
        f'<span class="govuk-accordion__section-heading-text" id="acc-heading-{i}">'
        f'<span class="govuk-accordion__section-heading-text-focus">{title}</span></span>'
        '<span class="govuk-visually-hidden govuk-accordion__section-heading-divider">, </span>'
        '<span class="govuk-accordion__section-toggle" data-nosnippet="">'
        '<span class="govuk-accordion__section-toggle-focus"><span class="govuk-accordion-nav__'
        'chevron govuk-accordion-nav__chevron--down"></span><span class="govuk-accordion__'
        'section-toggle-text">Show</span></span></span></button></h2></div>'
        f'<div id="acc-content-{i}" class="govuk-accordion__section-content" '
        f'hidden="until-found"><p class="govuk-body">{body}</p></div></div>'
    )


def test_a_rendered_govuk_accordion_has_no_show_labels_in_its_headings() -> None:
    sections = "".join(_govuk_section(i, t, b) for i, (t, b) in enumerate(SECTIONS, 1))
    page = (
        "<!doctype html><html><head><title>Guidance</title>"
        f"<meta name='description' content='{INTRO}'></head><body><header class='govuk-header'>"
        "<a href='/'>GOV.UK</a></header>"
        "<main class='govuk-main-wrapper' id='main-content'>"
        "<h1 class='govuk-heading-xl'>Apply for a fishing licence</h1>"
        f"<p class='govuk-body'>{INTRO}</p>"
        "<div class='govuk-accordion' data-module='govuk-accordion' id='acc'>"
        "<div class='govuk-accordion__controls'><button type='button' "
        "class='govuk-accordion__show-all' aria-expanded='false'><span class='govuk-accordion-"
        "nav__chevron govuk-accordion-nav__chevron--down'></span><span class='govuk-accordion__"
        f"show-all-text'>Show all sections</span></button></div>{sections}</div></main>"
        "<footer class='govuk-footer'>Crown copyright</footer></body></html>"
    )
    document = extract_html(page)
    assert INTRO in document.text
    for title, body in SECTIONS:
        assert f"## {title}\n" in document.markdown
        assert body in document.text
    assert "Show" not in document.markdown


def test_text_marked_nosnippet_elsewhere_is_read() -> None:
    # Sites mark article text data-nosnippet to keep it out of Google's snippets: it is text.
    paragraphs = "".join(
        f"<p data-nosnippet>{body}</p>" if i % 2 else f"<p>{body}</p>"
        for i, (_, body) in enumerate(SECTIONS)
    )
    page = f"<html><body><article><h1>Fishing</h1>{paragraphs}</article></body></html>"
    text = extract_html(page).text
    for _, body in SECTIONS:
        assert body in text
