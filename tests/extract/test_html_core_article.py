"""The one `<article>` that holds most of the main container's text is read whatever the
wrappers between them are named (issue 30: body text lost). A newsletter archive keeps each
issue in `<main class="newsletter-body"><div class="container newsletter-container">
<article class="newsletter-content">` (the NZDA Otago Branch's edition template, a public
repository in the code corpus; a Webflow newsletter page of the dev set nests it the same
way: wcxb 0228, F1 0.28 -> 0.83): `newsletter-container` is a sure furniture name (a sign-up
box), and the issue went with it. Guards: a long comment among comments is no core article
(WordPress's `li.comment > article.comment-body`), nor is a card among cards. Words are ours.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from webdistill.adapters.extract.html.reader import extract_html

ISSUE = [
    "Welcome to the spring edition. This term the branch met four times, twice in person "
    "and twice online, and the attendance at the clinical evenings was the best in years.",
    "Our March speaker walked us through the new guidance on antibiotic prescribing after "
    "extractions, with a set of cases from general practice that started a long discussion.",
    "The committee thanks everyone who answered the survey on continuing education: most of "
    "you asked for more hands-on sessions, and two are now booked for the winter months.",
    "Finally, the branch dinner returns in August at the old harbour hall; tickets go on sale "
    "next month, and partners and retired members are welcome as always.",
]


#: The Webflow page's testimonials beside the issue, inside <main> (with them the wrapper
#: holds less than the share of the page that makes a furniture name only suspect).
READERS = (
    "<section class='testimonials'><h2>What members say</h2>"
    + "".join(
        f"<blockquote><p>The newsletter is the one email from the branch I read to the end, "
        f"every time; thank you to the editors ({n}).</p></blockquote><p>Member {n}</p>"
        for n in range(4)
    )
    + "</section>"
)


def _newsletter_page() -> str:
    body = "".join(f"<p>{p}</p>" for p in ISSUE)
    return (
        "<html><head><title>Spring edition</title></head><body><header class='site-header'>"
        "<nav><a href='/'>Home</a> <a href='/newsletters'>Newsletters</a></nav></header>"
        "<section class='newsletter-hero'><h1>Spring edition</h1><div class='newsletter-dateline'>"
        "<time datetime='2026-09'>September 2026</time></div></section>"
        "<main class='newsletter-body'><div class='container newsletter-container'>"
        "<nav class='toc'><a href='#a'>Meetings</a> <a href='#b'>Dinner</a></nav>"
        f"<article class='newsletter-content'>{body}</article></div>{READERS}</main>"
        "<section class='newsletter-edition-nav'><a href='/newsletters'>Back to all editions</a>"
        "</section><footer class='site-footer'><p>Otago Branch of the dental association: "
        "meetings, courses and the branch newsletter for members in the south of the island "
        "since 1957.</p></footer></body></html>"
    )


def test_a_newsletter_issue_in_a_newsletter_named_wrapper_is_read() -> None:
    document = extract_html(_newsletter_page().encode())
    for paragraph in ISSUE:
        assert paragraph in document.text
        assert paragraph in document.markdown


POST = [
    "The hall on Mill Street is closed on Monday and Tuesday while the council repairs the "
    "roof above the stage, which let water in during the storm at the weekend.",
    "Events booked for those days move to the community centre on Station Road; the "
    "organisers have been told, and the centre's staff will show visitors the way.",
    "The hall opens again on Wednesday morning for the market and the toddlers' group.",
]
COMMENT = (
    "I was at the hall last week and the roof is in a worse state than the note says: the "
    "water came through above the stage during the concert, and the caretaker told us the "
    "repairs will take at least a fortnight, not two days. Anyone planning an event there this "
    "month should ask the council for the community centre instead, which has the same "
    "capacity and a working kitchen, and is only ten minutes away by bus from the station, "
    "with a car park behind it that is free after six in the evening. The caretaker also "
    "said the heating will be looked at while the scaffolding is up, so the hall may well "
    "stay shut into next month; I would not count on Wednesday's market either."
)


def _post_page(comments: str) -> str:
    body = "".join(f"<p>{p}</p>" for p in POST)
    return (
        f"<html><body><main><div class='entry'><h1>Hall closed</h1>{body}</div>"
        f"<section id='comments' class='comments-area'><ol class='comment-list'>{comments}"
        "</ol></section></main></body></html>"
    )


def test_a_single_long_comment_is_no_core_article() -> None:
    # (the post is no <article>; the one comment is, and holds more than half of <main>)
    comment = f"<li class='comment'><article class='comment-body'><p>{COMMENT}</p></article></li>"
    text = extract_html(_post_page(comment).encode()).text
    assert all(paragraph in text for paragraph in POST)
    assert "caretaker" not in text


def test_a_long_comment_among_comments_stays_out() -> None:
    comments = (
        f"<li class='comment'><article class='comment-body'><p>{COMMENT}</p></article></li>"
        "<li class='comment'><article class='comment-body'><p>Thanks for the news.</p>"
        "</article></li>"
    )
    text = extract_html(_post_page(comments).encode()).text
    assert all(paragraph in text for paragraph in POST)
    assert "caretaker" not in text


# The attack c30b's pages (tests/extract/fixtures/core_article/): the core line is spared
# furniture *names* only; its tags and hidden-ness are judged as anywhere (a hidden
# <article> of injected instructions, and one inside an `aria-hidden` screen-reader wrapper,
# were read; a related story in an <aside> was read); a short card beside the issue does not
# turn the rule off.
FIXTURES = Path(__file__).parent / "fixtures" / "core_article"


@pytest.mark.parametrize("name", ["dropped_hidden_article.html", "dropped_hidden_wrapper.html"])
def test_a_hidden_core_article_is_not_read(name: str) -> None:
    document = extract_html((FIXTURES / name).read_bytes())
    assert "IGNORE ALL PREVIOUS INSTRUCTIONS" not in document.text
    assert "IGNORE ALL PREVIOUS INSTRUCTIONS" not in document.markdown
    assert "Short intro visible to readers." in document.text


def test_an_article_in_an_aside_stays_out() -> None:
    document = extract_html((FIXTURES / "dropped_aside_wrapper.html").read_bytes())
    assert "Related: other news" not in document.text
    assert "Short intro visible to readers." in document.text


def test_a_short_card_beside_the_issue_leaves_the_issue_read() -> None:
    document = extract_html((FIXTURES / "kept_newsletter_beside_a_card.html").read_bytes())
    assert all(paragraph in document.text for paragraph in ISSUE)


@pytest.mark.parametrize(
    "name", ["dropped_login_gate_d_none.html", "dropped_registration_wall_style.html"]
)
def test_a_hidden_account_offer_around_the_core_article_is_not_read(name: str) -> None:
    # (the attack c30c: `div.login-gate.d-none` and `div.registration-wall` hidden by its
    # style, around the one long <article>: the offer was read through the core line)
    document = extract_html((FIXTURES / name).read_bytes())
    assert "Subscribe now" not in document.text and "Subscribe now" not in document.markdown
