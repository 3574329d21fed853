"""Guards from the attack b30s (issue 30): the parts of an accordion header a browser does not
show are not read; the attack found them read through the header door (fixed: buttons.py).

Attack b30s: the accordion-header door (buttons.py) reads the button's whole text, so
text a browser does not show inside the header reaches the model. On e0c329b the button was
skipped (the question was lost, but nothing hidden was read); now its hidden parts come too.

Shapes:
- GOV.UK Frontend's accordion after its script ran (govuk-frontend
  src/govuk/components/accordion/accordion.mjs builds this button inside
  h2.govuk-accordion__section-heading): the ', ' divider and ' this section' are
  govuk-visually-hidden (which the same session made count like sr-only), the panel is
  hidden="until-found" (read, as intended).
- An FAQ header with a display:none / hidden state label (W3C APG-style <h3><button>).
- Material Icons / Material Symbols ligatures in the header button (fonts.google.com/icons:
  `<span class="material-icons">expand_more</span>` renders a chevron glyph, not the word).
"""

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html

LEAD = (
    "<p>The council approved the new harbour wall on Tuesday after a long debate about the "
    "cost of repairs and the future of the fishing fleet in the town.</p><p>Residents said "
    "the decision came too late for the winter storms, which flooded the quay twice last "
    "year and damaged several boats moored along the east pier.</p>"
)

GOVUK = (
    "<html><body><main class='govuk-main-wrapper' id='main-content'><h1>Apply for a fishing"
    f" licence</h1>{LEAD}<div class='govuk-accordion' data-module='govuk-accordion' "
    "id='accordion-default'><div class='govuk-accordion__section'><div "
    "class='govuk-accordion__section-header'><h2 class='govuk-accordion__section-heading'>"
    "<button type='button' aria-controls='accordion-default-content-1' "
    "class='govuk-accordion__section-button' aria-expanded='false'><span "
    "class='govuk-accordion__section-heading-text' id='accordion-default-heading-1'><span "
    "class='govuk-accordion__section-heading-text-focus'>Who can apply</span></span><span "
    "class='govuk-visually-hidden govuk-accordion__section-heading-divider'>, </span><span "
    "class='govuk-accordion__section-toggle' data-nosnippet=''><span "
    "class='govuk-accordion__section-toggle-focus'><span class='govuk-accordion-nav__chevron "
    "govuk-accordion-nav__chevron--down'></span><span "
    "class='govuk-accordion__section-toggle-text'>Show<span class='govuk-visually-hidden'> "
    "this section</span></span></span></span></button></h2></div><div "
    "id='accordion-default-content-1' class='govuk-accordion__section-content' "
    "hidden='until-found'><p class='govuk-body'>Anyone over 13 who fishes for salmon, trout "
    "or freshwater fish in England needs a licence.</p></div></div></div></main></body></html>"
)


def test_govuk_accordion_header_screen_reader_text_not_read() -> None:
    text = extract_html(GOVUK).text
    assert "harbour wall" in text
    # now: "Who can apply, Show this section"
    assert "this section" not in text


def test_hidden_parts_of_an_accordion_header_not_read() -> None:
    html = (
        f"<html><body><main><h1>FAQ</h1>{LEAD}<h3><button aria-expanded='false'>Delivery"
        "<span hidden>SECRET-HIDDEN</span><span style='display:none'>SECRET-STYLE</span>"
        "<span class='sr-only'>SECRET-SR</span></button></h3><p>Orders arrive within three "
        "to five working days across the mainland.</p></main></body></html>"
    )
    text = extract_html(html).text
    assert "Orders arrive" in text
    # now: "Delivery toggle SECRET-HIDDENSECRET-STYLE..." as a heading
    for secret in ("SECRET-HIDDEN", "SECRET-STYLE", "SECRET-SR"):
        assert secret not in text, secret


def test_icon_font_ligatures_in_an_accordion_header_not_read() -> None:
    html = (
        f"<html><body><main><h1>Shipping FAQ</h1>{LEAD}<div class='accordion'><h3><button "
        "class='accordion-btn' aria-expanded='false'>How long does delivery take? <span "
        "class='material-icons'>expand_more</span></button></h3><div class='panel'><p>Orders "
        "arrive within three to five working days across the mainland.</p></div><h3><button "
        "class='accordion-btn' aria-expanded='false'>Can I return an item? <i "
        "class='material-symbols-outlined' aria-hidden='true'>keyboard_arrow_down</i></button>"
        "</h3><div class='panel'><p>Yes, within thirty days of delivery with the receipt."
        "</p></div></div></main></body></html>"
    )
    text = extract_html(html).text
    assert "Orders arrive" in text
    assert "expand_more" not in text
    assert "keyboard_arrow_down" not in text
