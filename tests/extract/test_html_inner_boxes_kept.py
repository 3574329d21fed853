"""Article text in a small box inside the article is kept (issue 30, attack a30).

A first version of inner-box rules (label boxes, teaser cards inside the container) dropped
these and was removed. Each page is written in the shape of real markup (no page text
copied); the rules it had:

- label rule: a short label ending in ':' and up to two short digit-free lines inside any
  wrapper strictly inside the container, after some prose, goes. Real shapes hit: a
  WordPress Gutenberg group (`div.wp-block-group`) holding an "Update:"/"Correction:"
  note, a review's verdict box (`div.verdict` with `h3` "Our verdict:"), an event's
  "Where:" line, a letter quoted in a `<blockquote>` ("Dear Mayor Johnson:", US business
  letters' colon salutation).
- teaser rule: a section wrapper with a heading linking to another page and one long
  paragraph goes when it is under 15% of the container: pandoc's/R Markdown's section
  divs (`<div id=".." class="section level2">`, pandoc `--section-divs`) of a post whose
  one section is titled with a link to the report it discusses.
"""

from __future__ import annotations

import pytest

from webdistill.adapters.extract.html.reader import extract_html

P = [
    "The city council voted on Tuesday evening to extend the light rail line by four stations, "
    "ending a debate that had divided the neighbourhoods along the river for years, and the "
    "mayor said she would sign the decision before the end of the week.",
    "Supporters said the extension would connect thousands of residents to jobs downtown, "
    "while opponents worried about the noise and the cost of moving the old freight tracks, "
    "which still carry two trains a night to the port.",
    "The first trains on the new section are expected to run in three years, according to the "
    "transit agency, which still has to buy the land for two of the stations and hire drivers "
    "for the new trains.",
    "The vote came after a public hearing that lasted well past midnight, with more than a "
    "hundred residents signing up to speak and many more following the debate online from home.",
    "Council members also asked the agency to publish a plan for the bus routes that will "
    "change once the new stations open, so that riders can prepare well in advance and the "
    "schools along the line can adjust their timetables.",
    "Business owners along the planned route said they hoped the construction would not close "
    "the main street for long, since many of them were still recovering from the road works of "
    "the previous summer.",
]
X = [p.replace("The ", "Then the ", 1) for p in P]


def ps(items: list[str]) -> str:
    return "".join(f"<p>{p}</p>" for p in items)


def page(body: str) -> str:
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>T</title></head>'
        '<body><header class="site-header"><nav><a href="/">Home</a> <a href="/local">Local'
        '</a></nav></header><main id="main"><article class="post"><h1>Council extends the '
        'light rail line</h1><div class="entry-content">' + body + "</div></article></main>"
        "<footer><p>Contact us</p></footer></body></html>"
    )


def section(ident: str, heading: str, body: str) -> str:
    return f'<div id="{ident}" class="section level2">{heading}{body}</div>'


CASES = {
    "update_note_in_a_gutenberg_group": (
        page(
            ps(P[:5]) + '<div class="wp-block-group editors-note"><p><strong>Update:</strong></p>'
            "<p>The mayor signed the decision on Friday morning.</p></div>" + ps(P[5:])
        ),
        ["Update:", "The mayor signed the decision on Friday morning."],
    ),
    "correction_at_the_end": (
        page(
            ps(P) + '<div class="wp-block-group"><p><strong>Correction:</strong></p><p>An earlier '
            "version of this story misstated the name of the transit agency.</p></div>"
        ),
        ["misstated the name of the transit agency"],
    ),
    "review_verdict_box": (
        page(
            ps(P) + '<div class="verdict"><h3>Our verdict:</h3><p>A fine line that the city should '
            "have built long ago.</p><p>Worth the wait and worth the money.</p></div>"
        ),
        ["A fine line that the city should have built long ago."],
    ),
    "event_where_line": (
        page(
            ps(P[:3])
            + '<div class="event-info"><p>Where:</p><p>The Old Town Hall, Market Square</p></div>'
            + ps(P[3:])
        ),
        ["The Old Town Hall, Market Square"],
    ),
    "letter_quoted_in_a_blockquote": (
        page(
            ps(P[:4]) + "<blockquote><p>Dear Mayor Johnson:</p><p>I hereby resign from the transit "
            "board, effective immediately.</p><p>Sincerely, Jane Doe</p></blockquote>" + ps(P[4:])
        ),
        ["I hereby resign from the transit board, effective immediately."],
    ),
    "rmarkdown_section_with_a_linked_heading": (
        page(
            section("background", "<h2>Background</h2>", ps(P[:4]))
            + section(
                "the-study",
                '<h2><a href="https://www.transit.example/reports/2024-rail-study">The transit '
                "agency's rail study</a></h2>",
                "<p>The study, published in the spring, found that the four stations would "
                "carry about nine thousand riders on a weekday and that the trains would pay "
                "for their running costs within ten years of opening.</p>",
            )
            + section("next", "<h2>What comes next</h2>", ps(P[4:] + X[:3]))
        ),
        ["found that the four stations would carry about nine thousand riders"],
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_article_text_in_an_inner_box_is_kept(name: str) -> None:
    html, wanted = CASES[name]
    document = extract_html(html, "https://example.org/2024/05/light-rail/")
    assert "ending a debate that had divided" in document.text
    for output in (document.text, document.markdown):
        for text in wanted:
            assert text in output, (name, text)
