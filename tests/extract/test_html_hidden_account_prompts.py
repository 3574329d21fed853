"""A log-in, registration or subscribe offer that the page hides until a script shows it is
not the article (issue 30: blocks inside the article container kept).

Shape: Postmedia's article template (National Post, Financial Post, The Province and the
chain's other papers; the fundus dev pages ca-NationalPost_2024_08_28,
ca-FinancialPost_2026_06_06, ca-TheProvince_2026_06_06): between two stretches of the story,
inside `<article>`, a `div.article-block.article-content__sign-in-group.hidden` holds the
whole offer ("This content is reserved for subscribers", a list of benefits, "Register / sign
in to unlock more articles", "Don't have an account? Create Account"); later
`div.register-only.hidden` ("You've reached the 20 article limit"). The reader reads
class-hidden text that is not furniture (closed tabs, FAQ answers: content a click opens),
so the offer was read into the story: about 300 words of 1,200. The words (log in, sign in,
sign up, register, registration, regwall, subscribe) were surveyed on the hidden blocks
of all 1,152 dev pages: their text was not the truth's on any page. The text here is ours.

Guards: a hidden `paywall` block that holds the article's continuation (the dev set's
hidden `paywall` blocks are the article: es-ABC, Der Freitag) is judged as before; a
closed "Register" tab of a service page (a tab panel) is still read; a hidden element that
is not named for an account is read as before.
"""

from __future__ import annotations

from pathlib import Path

from webdistill.adapters.extract.html.reader import extract_html

STORY = [
    "The harbour commission voted on Tuesday to rebuild the old ferry terminal, ending a "
    "debate that had divided the waterfront neighbourhood for almost a decade.",
    "Under the plan, the terminal will keep its brick facade while the piers behind it are "
    "replaced, and the ticket hall will open again as a market on weekends.",
    "Residents who had asked for a park instead said they would keep pressing the council "
    "to set aside part of the land for trees and a playground near the water.",
    "The first ferries are expected to sail from the rebuilt piers in the spring of next "
    "year, according to the commission's own timetable for the work.",
]
OFFER = [
    "THIS CONTENT IS RESERVED FOR SUBSCRIBERS",
    "Enjoy the latest local, national and international news in one place every day.",
    "Exclusive columns by our writers, plus special edition newsletters and events.",
    "Unlimited online access to this paper and its sister sites with one account.",
    "REGISTER / SIGN IN TO UNLOCK MORE ARTICLES",
    "Create an account or sign in to continue with your reading experience.",
    "Get email updates from your favourite authors and join the conversation.",
]
LIMIT = "You have reached the twenty article limit for this month on your account."


def _offer() -> str:
    benefits = "".join(f"<li>{line}</li>" for line in OFFER[1:4])
    anonymous = "".join(f"<li>{line}</li>" for line in OFFER[5:])
    return (
        "<div class='article-block article-block-bg article-content__sign-in-group hidden' "
        "data-aqa='identity-sign-in' id='article-block'><section class='row'>"
        "<header class='identity-intro col-xs-12 col-md-6'><div class='col-xs-12'>"
        "<img alt='The Paper' class='market-logo' src='/logo.svg'>"
        f"<div class='intro-body__premium hidden'><div class='h2'>{OFFER[0]}</div>"
        f"<ul class='list-unstyled list-checkmark'>{benefits}</ul></div>"
        f"<div class='intro-body__anonymous'><div class='h2'>{OFFER[4]}</div>"
        f"<ul class='list-unstyled list-checkmark'>{anonymous}</ul></div></div></header>"
        "<div class='identity-screen col-xs-12 col-md-6'><div class='identity-screen-form'>"
        "<p>Don't have an account? <a class='identity__link' href='/register'>Create "
        "Account</a></p><div class='identity-divider'><span class='identity-divider__text'>"
        "or</span></div></div></div></section></div>"
    )


def _story_page(offer: str) -> str:
    first = "".join(f"<p>{p}</p>" for p in STORY[:2])
    rest = "".join(f"<p>{p}</p>" for p in STORY[2:])
    return (
        "<html><head><title>Ferry terminal to be rebuilt</title></head>"
        "<body class='sso-signedOut'><header class='site-header'><nav><a href='/'>News</a> "
        "<a href='/sports'>Sports</a></nav></header><main><article "
        "class='article-content-story article-content-story--story'>"
        "<header class='article-header'><h1>Ferry terminal to be rebuilt</h1></header>"
        "<section class='article-content__content-group article-content__content-group--"
        f"story'>{first}</section>{offer}"
        "<section class='article-content__content-group article-content__content-group--"
        f"story'>{rest}</section>"
        f"<div class='register-only hidden'><p>{LIMIT}</p><a href='/saved'>Manage saved "
        "articles</a></div></article></main><footer><p>Copyright the publisher</p></footer>"
        "</body></html>"
    )


def test_a_hidden_sign_in_offer_inside_the_article_is_not_read() -> None:
    document = extract_html(_story_page(_offer()))
    for output in (document.text, document.markdown):
        for paragraph in STORY:
            assert paragraph in output
        for line in OFFER:
            assert line not in output
        assert LIMIT not in output
        assert "Create Account" not in output
    assert document.markdown.index(STORY[1]) < document.markdown.index(STORY[2])


def test_the_same_offer_hidden_by_an_inline_style_is_not_read() -> None:
    offer = _offer().replace(
        "article-content__sign-in-group hidden'",
        "article-content__sign-in-group' style='display: none'",
    )
    document = extract_html(_story_page(offer))
    assert STORY[2] in document.text
    assert OFFER[4] not in document.text
    assert LIMIT not in document.text


CONTINUATION = [
    "At the end of the meeting the commission's chair thanked the residents who had come "
    "to every hearing, and promised a public walk through the site before the work begins.",
    "The contract for the piers will be put out to tender in the autumn, with the market "
    "hall's new roof to follow once the structural survey of the old building is complete.",
]


def _guard_page(hidden_names: str, attributes: str = "") -> str:
    story = "".join(f"<p>{p}</p>" for p in STORY)
    rest = "".join(f"<p>{p}</p>" for p in CONTINUATION)
    return (
        "<html><body><main><article><h1>Ferry terminal to be rebuilt</h1>"
        f"<div class='article-body'>{story}<div class='{hidden_names}'{attributes}>{rest}"
        "</div></div></article></main></body></html>"
    )


def test_hidden_text_named_otherwise_is_judged_as_before() -> None:
    # (hidden by class, the rest of a story: a paywall's continuation, a "read more" part)
    for names in (
        "paywall hidden",
        "subscriber-content d-none",
        "premium-part hidden",
        "read-more-body hidden",
    ):
        document = extract_html(_guard_page(names))
        for paragraph in (*STORY, *CONTINUATION):
            assert paragraph in document.text, names


def test_a_closed_register_tab_of_a_service_page_is_read() -> None:
    # A tab panel named for what it explains ("how to register"), hidden until clicked.
    for names, attributes in (
        ("tab-pane register hidden", ""),
        ("register hidden", " role='tabpanel' aria-labelledby='tab-register'"),
    ):
        document = extract_html(_guard_page(names, attributes))
        for paragraph in CONTINUATION:
            assert paragraph in document.text, names


HELP = [
    "Open the account page and choose Sign in with e-mail; a one-time code arrives within a "
    "minute and keeps you signed in on this device for thirty days.",
    "If the code does not arrive, look in the spam folder first, then ask for a new code: "
    "each code works once and only for fifteen minutes.",
]


def test_a_help_page_about_logging_in_keeps_its_closed_answers() -> None:
    # (BEM names the block after the section, the element after what it is: an answer)
    items = "".join(
        f"<h3><button class='login-faq__question' aria-expanded='false'>{q}</button></h3>"
        f"<div class='{names}'><p>{a}</p></div>"
        for q, a, names in zip(
            ("How do I log in?", "The code did not arrive"),
            HELP,
            ("login-faq__answer hidden", "login-help hidden"),
            strict=True,
        )
    )
    html = (
        "<html><body><main><h1>Logging in</h1><p>Answers to the questions readers ask most "
        f"about signing in to their account on the website.</p>{items}</main></body></html>"
    )
    document = extract_html(html)
    for answer in HELP:
        assert answer in document.text
        assert answer in document.markdown


# The attack b30a's pages (tests/extract/fixtures/account_prompts/): FAQ answers in BEM
# accordions whose ids are slugs of their questions ("how-do-i-log-in"; the Earthdata UI
# component writes `eui-accordion__body hidden` with the heading's slug as id), the rest of
# a story under a registration-wall or log-in name (`regwall-content hidden`,
# `login-required-content d-none`: The Economist's body sits in `regwall__wrapper`); and
# prompts the first version missed: Postmedia's group labelled by its heading
# (aria-labelledby), a prompt named in its BEM block only (`sign-in__container`).
FIXTURES = Path(__file__).parent / "fixtures" / "account_prompts"
KEPT = {
    "kept_bem_accordion_slug_ids.html": [
        "Open the account page and choose Sign in with e-mail",
        "Registration needs only an e-mail address",
        "Invoices are listed under Billing",
    ],
    "kept_eui_accordion.html": [
        "Create an Earthdata account with your e-mail address",
        "Use the same username on every data portal",
        "Most granules are served as NetCDF-4",
    ],
    "kept_login_required_continuation.html": ["At the end of the meeting the chair thanked"],
    "kept_regwall_continuation.html": ["At the end of the meeting the chair thanked"],
    # the attack b30b's: the rest of an article behind a log-in (`login-required`)
    "kept_login_required.html": ["Members part 0: the minutes show the vote"],
}
DROPPED = {
    "dropped_aria_labelledby_section.html": "Log in to your account to save this story",
    "dropped_bem_element.html": "Log in to your account to save this story",
}


def test_answers_and_story_text_under_account_names_are_read() -> None:
    for name, needles in KEPT.items():
        document = extract_html((FIXTURES / name).read_text())
        for needle in needles:
            assert needle in document.text, (name, needle)
            assert needle in document.markdown, (name, needle)


def test_prompts_labelled_or_named_in_their_bem_block_are_not_read() -> None:
    for name, prompt in DROPPED.items():
        document = extract_html((FIXTURES / name).read_text())
        assert prompt not in document.text, name
        assert "At the end of the meeting the chair thanked" in document.text, name


def test_real_gate_and_message_prompts_are_not_read() -> None:
    # (the attack b30c, from the code corpus: `el.className = "login-gate hidden"`, the
    # gate a script mounts for a signed-out reader; WordPress child themes'
    # `login-required-message`, "You must be logged in to ..."; a first fix had let them
    # through as the content behind a gate)
    for names in ("login-gate hidden", "login-required-message hidden", "signin-gate d-none"):
        offer = (
            f"<div class='{names}'><h3>Subscribe to continue</h3><p>{LIMIT}</p>"
            "<a href='/login'>Log in</a></div>"
        )
        document = extract_html(_story_page(offer))
        assert LIMIT not in document.text, names
        assert STORY[3] in document.text, names
