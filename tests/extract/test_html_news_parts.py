"""News-page classes of issue 14 (session 3): text a reader never sees, and articles the
page cuts into parts. One hand-written page per class, in the shapes real pages use
(none copied; the shapes were read from saved news pages and public theme templates):

- screen-reader-only labels: WordPress themes' `<span class="screen-reader-text">`,
  Bootstrap's `visually-hidden` / `sr-only`, a newspaper chain's `<h2 class="visually-hidden">
  Article content</h2>` repeated between the paragraphs of its article template;
- a closed log-in dialog: sections `<section id="forgotPassword" style="display:none;">`
  right under `<body>` after `<main>` (a broadcaster's comment log-in widget), next to a
  closed tab *inside* the article that must survive;
- a short wire report that jusText trusts one paragraph of, followed by lists of places
  per intensity ("<Intensity 4>", "Prefecture: town, town" with each town linked), inside
  `<main role="main">` (a Japanese newspaper's quake report layout);
- an article cut into stretches by ads: each stretch a `div.stream-layout` holding
  `div.stream > div.stream-item > p` beside an `<aside>` rail (a German portal's
  Next.js article template);
- the same with a layout grid named like furniture: `div.sidebar-grid >
  div.sidebar-grid__container > div.sidebar-grid__content` once per stretch (a European
  news site's WordPress theme);
- captions and credits written as plain elements inside `<figure>`: `figure.picture >
  div.pictsrc` (a broadcaster's credit line), `figure > p.caption + span.credit`, next to
  a `figure.wp-block-pullquote > blockquote` (WordPress's pull quote block: content);
- a rail of bare linked titles with dates after the article, inside it:
  `<h2 class="hdg">` + `li.item > a` / `p.detail-info` (a Japanese newspaper's "latest in
  this section" list), against an index page whose list of links is its content;
- a reader poll inside the article: `<label><input type="radio"><div>option</div>
  </label>` answers (a Swiss news site's poll widget, styled-components markup).

Each test reads the page with `extract_html` (what `toolkit.fetch` serves for HTML) and
checks what the agent gets: the article whole, nothing of the class.
"""

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html

NAV = (
    '<header class="site-header"><a class="skip-link screen-reader-text" href="#main">'
    "Skip to content</a><nav><ul><li><a href='/news'>News</a></li>"
    "<li><a href='/sport'>Sport</a></li><li><a href='/weather'>Weather</a></li></ul></nav>"
    "</header>"
)
BODY = [
    "The regional water authority said on Monday that the reservoir above the valley had "
    "reached its lowest level for twenty years, and asked households to cut their use.",
    "Engineers will start pumping from the old river intake next week, a reserve that was "
    "last used during the drought of 2003 and needs new filters before it can run again.",
    "Farmers in the lower valley have been told they may irrigate only at night, when less "
    "of the water evaporates, until the autumn rains refill the basin above the dam.",
    "The authority's director said that the situation was serious but not yet critical, "
    "and that a hosepipe ban would follow only if the level fell by another two metres.",
    "Residents have been asked to report leaks on the authority's hotline, which has taken "
    "more than four hundred calls since the start of the month, most of them about mains.",
]
TITLE = "Reservoir at its lowest level for twenty years"
#: A long closing paragraph (jusText trusts it on its own).
LAST = (
    "The authority will publish the reservoir's level every morning on its website from "
    "now on, and it has promised to tell the valley's households at least a week before any "
    "ban on hosepipes and sprinklers comes into force, so that gardeners can plan ahead."
)


def page(main: str, after: str = "") -> str:
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Water</title>'
        f"</head><body>{NAV}{main}{after}"
        "<footer><p>&copy; 2026 Valley News</p></footer></body></html>"
    )


def assert_body(text: str) -> None:
    for paragraph in BODY:
        assert paragraph in text


def test_screen_reader_only_labels_are_not_content() -> None:
    labels = ["Article content", "Author of the article:", "Share this article"]
    main = (
        f'<main id="main"><article><h1>{TITLE}</h1>'
        f'<div class="visually-hidden">{labels[1]}</div>'
        '<span class="author">Ana Ruiz</span>'
        + "".join(f'<h2 class="visually-hidden">{labels[0]}</h2><p>{p}</p>' for p in BODY)
        + f'<div class="share"><span class="sr-only">{labels[2]}</span></div>'
        "</article></main>"
    )
    doc = extract_html(page(main))
    assert_body(doc.text)
    assert TITLE in doc.text
    for label in labels:
        assert label not in doc.text
    assert "Skip to content" not in doc.text


def test_a_closed_log_in_dialog_after_main_is_not_content_a_closed_tab_inside_is() -> None:
    tab = (
        "The second tab lists the villages on the emergency supply route, with the times "
        "when the tankers stop in each of them during the week."
    )
    main = (
        f'<main class="l-card"><article><h1>{TITLE}</h1>'
        + "".join(f"<p>{p}</p>" for p in BODY)
        + f'<div class="tab-panel" style="display:none"><p>{tab}</p></div>'
        "</article></main>"
    )
    forms = [
        (
            "forgotPassword",
            "Create a new password",
            "Enter the e-mail address of your account. We will send you a link with which "
            "you can create a new password for the comment section of this site, and the "
            "link will be valid for the next twenty-four hours after we have sent it.",
        ),
        (
            "verifyMobile",
            "Confirm your mobile number",
            "Before you can write a comment we ask you to confirm your mobile number, and "
            "we will send you a code by text message to the number that you give us here, "
            "which you then have to enter in the field below within ten minutes.",
        ),
        (
            "registration",
            "We need some more details about you",
            "I agree that my personal data are processed for the comment log-in. You will "
            "find more information about this in our privacy statement, where we explain "
            "what we keep and for how long, and how you can ask us to delete it.",
        ),
    ]
    dialog = "".join(
        f'<section id="{name}" style="display:none;"><h3>{title}</h3><p>{text}</p></section>'
        for name, title, text in forms
    )
    doc = extract_html(page(main, dialog))
    assert_body(doc.text)
    assert tab in doc.text
    for _, title, text in forms:
        assert title not in doc.text
        assert text not in doc.text


def test_lists_after_a_one_paragraph_report_are_kept() -> None:
    report = (
        "The meteorological agency said an earthquake of magnitude 6.9 struck off the coast "
        "at 9.19 pm on Monday, and issued a tsunami advisory of one metre for two "
        "prefectures on the southern coast, where the shaking was strongest and where the "
        "trains were stopped for an hour while the tracks were checked."
    )

    def towns(names: list[str]) -> str:  # towns with a topic page are linked
        return ", ".join(
            f'<a href="/topics/{n}" class="topic">{n}</a>' if i % 2 else n
            for i, n in enumerate(names)
        )

    main = (
        '<main role="main" id="main"><h1>Intensity 5 quake in the south</h1>'
        '<div class="article-text"><div class="photo"><a href="./photo/1.html">'
        '<img alt="Map" src="/map.jpg"></a></div>'
        f"<p>{report}</p><p>The intensities measured were as follows.</p>"
        "<p>&lt;Intensity 5&gt;</p>"
        f"<p>Miyazaki: {towns(['Takanabe', 'Shintomi', 'Miyazaki City'])}</p>"
        "<p>&lt;Intensity 4&gt;</p>"
        f"<p>Miyazaki: {towns(['Nobeoka', 'Saito', 'Kijo', 'Kawaminami', 'Tsuno'])}</p>"
        f"<p>Kumamoto: {towns(['Aso', 'Takamori', 'Yatsushiro', 'Kikuchi', 'Uto'])}</p>"
        "</div></main>"
    )
    doc = extract_html(page(main))
    assert report in doc.text
    assert "The intensities measured were as follows." in doc.text
    assert "<Intensity 4>" in doc.text
    assert "Nobeoka" in doc.text and "Yatsushiro" in doc.text


def rail(n: int) -> str:
    return (
        '<aside class="stream-companion"><div class="rail-title">Headlines</div>'
        + "".join(
            f'<div class="rail-item"><a href="/n/{n}{i}">Minister {n}{i} announces '
            "new plan for regional trains</a></div>"
            for i in range(4)
        )
        + "</aside>"
    )


def test_an_article_cut_into_stretches_by_ads_is_read_whole() -> None:
    def stretch(paragraphs: list[str], n: int) -> str:
        items = "".join(f'<div class="stream-item"><p>{p}</p></div>' for p in paragraphs)
        return f'<div class="stream-layout"><div class="stream">{items}</div>{rail(n)}</div>'

    main = (
        f'<main><article class="container"><h1>{TITLE}</h1><div class="relative">'
        + stretch(BODY[:4], 1)
        + '<div class="commercial">Advertisement</div>'
        + stretch([*BODY[4:], LAST], 2)
        + "</div></article></main>"
    )
    doc = extract_html(page(main))
    assert_body(doc.text)
    assert LAST in doc.text
    assert "announces new plan" not in doc.text


def test_stretches_in_a_layout_grid_named_sidebar_are_all_content() -> None:
    def stretch(paragraphs: list[str]) -> str:
        return (
            '<div class="sidebar-grid sidebar-grid--is-narrow">'
            '<div class="sidebar-grid__container">'
            '<div class="sidebar-grid__content article__content">'
            + "".join(f"<p>{p}</p>" for p in paragraphs)
            + '</div><div class="sidebar-grid__sidebar"><div class="ad">Advertisement</div>'
            "</div></div></div>"
        )

    main = (
        f'<main id="main" class="main"><article class="article"><h1>{TITLE}</h1>'
        + stretch(BODY[:4])
        + stretch(BODY[4:])
        + stretch([LAST])
        + "</article></main>"
    )
    doc = extract_html(page(main))
    assert_body(doc.text)
    assert LAST in doc.text
    assert "Advertisement" not in doc.text


def test_captions_and_credits_inside_a_figure_without_figcaption_are_not_content() -> None:
    quote = "We have never seen the basin this low in spring, not even in 2003."
    main = (
        f"<main><article><h1>{TITLE}</h1><p>{BODY[0]}</p>"
        '<figure class="picture"><img alt="The dry basin" src="/basin.jpg">'
        '<div class="pictsrc">Photo: Jane Doe/Valley News</div></figure>'
        + "".join(f"<p>{p}</p>" for p in BODY[1:3])
        + '<figure class="image"><img alt="The dam" src="/dam.jpg">'
        '<p class="caption">The dam above the valley on Monday morning.</p>'
        '<span class="credit">Agency/John Roe</span></figure>'
        + f'<figure class="wp-block-pullquote"><blockquote><p>{quote}</p>'
        "<cite>A farmer in the lower valley</cite></blockquote></figure>"
        + "".join(f"<p>{p}</p>" for p in BODY[3:])
        + "</article></main>"
    )
    doc = extract_html(page(main))
    assert_body(doc.text)
    assert quote in doc.text  # a figure that wraps a quotation is content
    for caption in ["Jane Doe", "The dam above the valley on Monday", "John Roe"]:
        assert caption not in doc.text
    assert "![The dry basin](/basin.jpg)" in doc.markdown  # the image keeps its alt text


def test_a_rail_of_linked_titles_after_the_article_is_not_content() -> None:
    titles = [
        "Council approves the new bridge",
        "Bakery wins regional award",
        "School roof to be replaced",
        "Bus timetable changes in May",
    ]
    rail = '<h2 class="hdg">Latest news</h2><ul class="list">' + "".join(
        f'<li class="item"><a href="/n/{i}">{t}</a></li><p class="detail-info">13 May</p>'
        for i, t in enumerate(titles)
    )
    main = (  # the text in `div.block`s, no <p> (a Japanese newspaper's article layout)
        f'<main class="main-container"><article><h1>{TITLE}</h1>'
        + "".join(f'<div class="block">{p}</div>' for p in [*BODY, LAST])
        + f"{rail}</ul></article></main>"
    )
    doc = extract_html(page(main))
    assert_body(doc.text)
    for title in titles:
        assert title not in doc.text
    assert "Latest news" not in doc.text


def test_an_index_page_keeps_its_links_after_its_introduction() -> None:
    intro = (
        "This page lists every report the water authority has published about the "
        "reservoir since it was built, newest first, with the date of each report."
    )
    reports = [f"Reservoir level report for the spring of {year}" for year in range(2010, 2026)]
    main = (
        "<main><h1>Reservoir reports</h1>"
        f"<p>{intro}</p><ul>"
        + "".join(f'<li><a href="/r/{i}">{r}</a></li>' for i, r in enumerate(reports))
        + "</ul></main>"
    )
    doc = extract_html(page(main))
    assert intro in doc.text
    for report in reports:
        assert report in doc.text


def test_the_options_of_a_poll_inside_the_article_are_not_content() -> None:
    options = ["A warm soup.", "A hot bath.", "I have no favourite remedy."]
    poll = '<div class="poll"><fieldset>' + "".join(
        f'<label class="option"><input type="radio" name="q"><div>{o}</div></label>'
        for o in options
    )
    main = (
        f"<main><article><h1>{TITLE}</h1>"
        + "".join(f"<p>{p}</p>" for p in BODY[:3])
        + f"{poll}</fieldset></div>"
        + "".join(f"<p>{p}</p>" for p in BODY[3:])
        + "</article></main>"
    )
    doc = extract_html(page(main))
    assert_body(doc.text)
    for option in options:
        assert option not in doc.text
