"""Issue 30's classes of loss on pages nobody tuned for, one page in a real shape each.

Where each shape comes from (markup patterns only, no page text copied):

- soft hyphens: CMS extensions that insert `&shy;` server-side into long (German) words of
  the body text (TYPO3's `hyphen-dictionary` and `Shyguy` extensions, public repositories);
- ruby: NHK News Web Easy's article markup, `<span class="colorL"><ruby>北海道<rt>ほっかいどう
  </rt></ruby></span>` inside `<article class="easy-article">` with `<h1 class="article-title">`
  (as scraped by public NHK Easy clients); `<rp>` as the HTML standard's own ruby example;
- decomposed accents: text pasted from macOS (NFD) into a CMS, "e" + U+0301 for "é";
- `<a name>` paragraphs: Word's "Save as HTML", `<p class=MsoNormal><a name="_Toc259183336">
  whole paragraph…</a></p>` (bookmarks Word wraps around a paragraph; seen in a public
  repository's exported document).

Each test reads the page with `extract_html` and checks the plain text and the Markdown.
"""

from __future__ import annotations

import unicodedata

from webdistill.adapters.extract.html.reader import extract_html

GERMAN = [
    "Die Stadt&shy;verwaltung hat am Dienstag die neue Fahrrad&shy;straße am Ufer eröffnet, "
    "nachdem der Gemeinderat im vergangenen Jahr die Finanzierung beschlossen hatte.",
    "Nach Angaben der Verkehrs&shy;planung nutzen schon jetzt mehr als dreitausend Menschen "
    "täglich die Strecke, die den Bahnhof mit dem neuen Wohnviertel im Norden verbindet.",
    "Die Zusammen&shy;arbeit mit dem Land sei vorbildlich gewesen, sagte die Bürger&shy;"
    "meisterin bei der Eröffnung, und kündigte an, dass weitere Abschnitte folgen sollen.",
]


def page(body: str, lang: str = "de") -> str:
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>T</title>'
        '</head><body><header class="site-header"><nav><a href="/">Start</a> '
        '<a href="/lokal">Lokales</a></nav></header><main id="main">'
        f"{body}</main><footer><p>Impressum</p></footer></body></html>"
    )


def test_soft_hyphens_inside_words_are_removed() -> None:
    html = page(
        '<article class="news-article"><h1>Neue Fahrradstraße eröffnet</h1>'
        '<div class="news-text-wrap">' + "".join(f"<p>{p}</p>" for p in GERMAN) + "</div>"
        "</article>"
    )
    document = extract_html(html, "https://example.org/news/1")
    for output in (document.text, document.markdown):
        assert "\xad" not in output
        for word in ("Stadtverwaltung", "Fahrradstraße", "Zusammenarbeit", "Bürgermeisterin"):
            assert word in output


def test_ruby_readings_are_dropped_and_the_base_text_kept() -> None:
    sentences = [
        '<span class="colorL"><ruby>北海道<rt>ほっかいどう</rt></ruby></span>の'
        '<span class="colorL"><ruby>知床<rt>しれとこ</rt></ruby></span>で、'
        "<ruby>今年<rt>ことし</rt></ruby>はじめて<ruby>流氷<rt>りゅうひょう</rt></ruby>が"
        "<ruby>見<rt>み</rt></ruby>えました。",
        "<ruby>去年<rp>(</rp><rt>きょねん</rt><rp>)</rp></ruby>より15<ruby>日<rt>にち</rt>"
        "</ruby><ruby>遅<rt>おそ</rt></ruby>いということです。",
        "センターの<ruby>人<rt>ひと</rt></ruby>は「<ruby>流氷<rt>りゅうひょう</rt></ruby>が"
        "<ruby>見<rt>み</rt></ruby>えてうれしいです」と<ruby>話<rt>はな</rt></ruby>して"
        "います。",
    ]
    html = page(
        '<article class="easy-article"><h1 class="article-title"><ruby>流氷<rt>りゅうひょう'
        "</rt></ruby>が<ruby>見<rt>み</rt></ruby>えた</h1>"
        '<div class="article-body">' + "".join(f"<p>{s}</p>" for s in sentences * 3) + "</div>"
        "</article>",
        lang="ja",
    )
    document = extract_html(html, "https://example.org/news/easy/k1.html")
    for output in (document.text, document.markdown):
        assert "北海道の知床で、今年はじめて流氷が見えました。" in output
        assert "去年より15日遅いということです。" in output
        for reading in ("ほっかいどう", "りゅうひょう", "きょねん", "("):
            assert reading not in output


def test_decomposed_accents_are_normalised_to_nfc() -> None:
    decomposed = unicodedata.normalize("NFD", "Le café de la gare a rouvert après l'été")
    body = [
        f"{decomposed}, et les habitués du quartier se sont retrouvés dès sept heures du matin.",
        "La nouvelle équipe a gardé le comptoir en zinc et les banquettes de velours rouge, "
        "mais a refait la cuisine, qui propose désormais un menu du jour à midi.",
        "Les travaux ont duré six mois et ont été financés en partie par la commune, qui est "
        "propriétaire des murs depuis la fermeture de l'ancien établissement en 2023.",
    ]
    html = page(
        "<article><h1>Réouverture</h1>" + "".join(f"<p>{p}</p>" for p in body) + "</article>"
    )
    document = extract_html(html, "https://example.org/actu/1")
    composed = "Le café de la gare a rouvert après l'été"
    for output in (document.text, document.markdown):
        assert composed in output
        assert unicodedata.is_normalized("NFC", output)


WORD_PARAGRAPHS = [
    "Each franchisee receives an operations manual on signing, and the manual remains the "
    "property of the company for as long as the agreement lasts, including all updates.",
    "We will give you artwork for our logos; you must always use this artwork when creating "
    "promotional materials or business stationery, because a consistent look across the "
    "franchise builds a brand that benefits every one of us.",
    "Local advertising must be approved in writing before it is published, and the company "
    "will answer every request within ten working days of receiving the complete draft.",
]


def test_a_paragraph_that_is_wholly_an_a_name_anchor_is_text() -> None:
    paragraphs = [
        f"<p class=MsoNormal>{WORD_PARAGRAPHS[0]}</p>",
        f'<p class=MsoNormal><a name="_Toc259183336">{WORD_PARAGRAPHS[1]}</a></p>',
        f"<p class=MsoNormal>{WORD_PARAGRAPHS[2]}</p>",
    ]
    html = (
        '<html><head><meta charset="utf-8"><title>Manual</title></head><body lang=EN-US>'
        '<div class=WordSection1><h1><a name="_Toc259183330">Brand standards</a></h1>'
        + "".join(paragraphs)
        + "</div></body></html>"
    )
    document = extract_html(html, "https://example.org/manual.htm")
    for paragraph in WORD_PARAGRAPHS:
        assert paragraph in document.text
        assert paragraph in document.markdown
    assert "[" not in document.markdown  # an anchor without href is no Markdown link


HARBOUR = [
    "The harbour board voted on Tuesday evening to close the old fish quay for repairs, after "
    "an engineer's report found that two of its timber piles had rotted through.",
    "Fishing crews who land their catch at the quay will move to the north pier for at least "
    "four months, which the board says has room for every boat registered here.",
    "The repairs are expected to cost about nine hundred thousand pounds, most of it from a "
    "maritime fund that the regional government set up after the storms of 2024.",
    "Skippers said they had expected the news since a section of the quay's railing fell into "
    "the harbour in November, and most welcomed the board's decision to act.",
]


def test_a_subheading_in_its_own_wrapper_before_an_ad_slot_is_kept() -> None:
    # Shape: a body rendered element by element, each group in its own wrapper, an ad slot
    # component inserted between them (public React news templates that split the body and
    # insert `<AdSlot>` after the n-th paragraph).
    body = (
        "<div class='story'><h1>Old fish quay to close</h1>"
        "<div class='text'><p>{}</p><p>{}</p></div>"
        "<div class='subhead'><h2>What happens next</h2></div>"
        "<div class='ad-slot'><span class='ad-label'>Advertisement</span>"
        "<div id='div-gpt-ad-1'></div></div>"
        "<div class='text'><p>{}</p><p>{}</p></div></div>"
    ).format(*HARBOUR)
    html = page(body, lang="en")
    document = extract_html(html, "https://example.org/news/quay")
    for output in (document.text, document.markdown):
        assert "What happens next" in output
        assert "Advertisement" not in output
        for paragraph in HARBOUR:
            assert paragraph in output
    assert "## What happens next\n\n" + HARBOUR[2] in document.markdown


def test_paragraphs_separated_only_by_br_br_stay_paragraphs_in_markdown() -> None:
    # Shape: Blogger's post body, `<div class='post-body entry-content' id='post-body-…'>`
    # holding the post's text with `<br /><br />` as its only paragraph marks.
    body = (
        "<div class='post hentry'><h3 class='post-title entry-title'>Old fish quay to close</h3>"
        "<div class='post-body entry-content' id='post-body-4471'>"
        + "<br /><br />".join(HARBOUR)
        + "<br />Posted from the harbour office</div></div>"
    )
    document = extract_html(page(body, lang="en"), "https://example.blogspot.com/2026/03/q.html")
    for paragraph in HARBOUR:
        assert paragraph in document.text
    assert f"{HARBOUR[0]}\n\n{HARBOUR[1]}\n\n{HARBOUR[2]}" in document.markdown
    assert f"{HARBOUR[3]}\nPosted from the harbour office" in document.markdown  # one <br>
