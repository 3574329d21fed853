"""Text a browser does not show to sighted readers: screen-reader-only labels.

Accessibility CSS conventions (Bootstrap's `sr-only` / `visually-hidden`, WordPress's
`screen-reader-text`, HTML5 Boilerplate's `visuallyhidden`, Drupal's `element-invisible`)
move an element off-screen while keeping it for screen readers. Pages use them for labels
that only make sense read aloud: "Article content", "Author of the article:", "Share this
article in your social network", "Skip to main content". The article's readers never see
them, so they are furniture.

Closed overlays (a hidden dialog right under `<body>`) are furniture too when the page
marks its main content elsewhere.

A log-in, registration or subscribe offer hidden on its own element (by a display-none
class or an inline style) is furniture wherever it is: news templates put the whole
offer inside the article, for a script to show a signed-out reader.

CSS frameworks' display utilities hide an element at every width by class (`hidden`,
`d-none`, ...): `display_none_class` tells them. Such text is not dropped for that alone
(on the dev set most of it is content a click opens: FAQ answers, closed tabs); it keeps
a button out of the text when it would be read as an accordion's header.
"""

from __future__ import annotations

import re

from lxml import etree

from webdistill.adapters.extract.html.furniture import (
    is_hidden_attribute,
    is_styled_hidden,
    is_styled_hidden_style,
)
from webdistill.adapters.extract.html.memo import page_cache

#: The screen-reader-only classes (the module docstring's, Foundation 6's `show-for-sr`,
#: jQuery UI's `ui-helper-hidden-accessible`), also behind a design system's prefix: GOV.UK
#: Frontend `govuk-visually-hidden`, NHS.UK `nhsuk-u-visually-hidden`, USWDS `usa-sr-only`
#: (each from its own stylesheet); never a token holding `not-` (Tailwind's `tw-not-sr-only`,
#: GitLab's `gl-not-sr-only` show the element again).
_SCREEN_READER_ONLY = re.compile(
    r"(?:^|\s)(?![a-z0-9-]*not-)(?:[a-z0-9]+-){0,2}"
    r"(?:sr-only|sr-text|visually-?hidden|hidden-visually|u-hidden-visually|"
    r"screen-?reader(?:-?text|-?only)?|element-invisible|a11y-hidden|assistive-text|"
    r"show-for-sr|helper-hidden-accessible)(?=\s|$)",
    re.IGNORECASE,
)


#: Tailwind's breakpoint variants (tailwindcss.com/docs/responsive-design: `sm` to `2xl`, and
#: arbitrary `min-[...]`): a `not-sr-only` behind one shows the element from that width up.
_BREAKPOINTS = frozenset(("sm", "md", "lg", "xl", "2xl"))


def _shown_at_a_width(names: str) -> bool:
    """Whether a `not-sr-only` / `not-visually-hidden` token of `names` sits behind a
    breakpoint variant (`md:not-sr-only`, `lg:tw-not-sr-only`), not a state (`focus:`)."""
    for token in names.split():
        if "not-sr-only" in token or "not-visually-hidden" in token:
            variants = token.split(":")[:-1]
            if any(v in _BREAKPOINTS or v.startswith("min-") for v in variants):
                return True
    return False


@page_cache(4096)
def screen_reader_class(names: str) -> bool:
    """Whether a class string marks an element as visible to screen readers only. An ASCII
    string is searched only when, lowered, it holds one of the words every match holds
    (pages bring hundreds of new class strings; one search costs five times the tests)."""
    if ("not-sr-only" in names or "not-visually-hidden" in names) and _shown_at_a_width(names):
        return False  # (Tailwind's `sr-only md:not-sr-only`; `focus:not-sr-only` is a skip link)
    if names.isascii():
        low = names.lower()  # (the parts spelled out: a generator over them costs as much)
        if not (
            "sr-" in low
            or "visually" in low
            or "screen" in low
            or "invisible" in low
            or "a11y" in low
            or "assistive" in low
            or "for-sr" in low
            or "accessible" in low
        ):
            return False
    return _SCREEN_READER_ONLY.search(names) is not None


def is_screen_reader_only(element: etree._Element) -> bool:
    """Whether `element`'s class marks it as visible to screen readers only."""
    names = element.get("class")
    return names is not None and screen_reader_class(names)


#: Utility classes meaning `display: none` at every width, from each framework's own
#: stylesheet or documentation: Bootstrap 3 helper classes `.hidden` and `.hide` (deprecated
#: since 3.0.1; getbootstrap.com/docs/3.4/css/#helper-classes-show-hide), Bootstrap 4/5
#: `.d-none` (getbootstrap.com/docs/5.3/utilities/display), Tailwind `hidden`
#: (tailwindcss.com/docs/display), Bulma `is-hidden` (sass/helpers/visibility.sass; 1.0
#: adds `is-display-none`), Foundation 6 `.hide` (scss/components/_visibility.scss), UIkit 3
#: `uk-hidden` (src/less/components/visibility.less). The `invisible` utilities
#: (`visibility: hidden`, kept in layout) are not here: on the dev set most of their text
#: is in the truth.
_DISPLAY_NONE_CLASSES = frozenset(
    ("hidden", "hide", "d-none", "is-hidden", "is-display-none", "uk-hidden")
)
#: A class that shows the element again at some width or state: a Tailwind variant of a
#: display utility (`md:block`, `lg:flex`, `group-open:block`; tailwindcss.com/docs/display,
#: "responsive design") or a Bootstrap breakpoint display class (`d-md-block`).
_SHOWN_AGAIN = re.compile(
    r"(?:^|\s)(?:\S+:(?:block|inline|inline-block|flex|inline-flex|grid|inline-grid|table|"
    r"table-row|table-cell|contents|flow-root|list-item)|d-(?:sm|md|lg|xl|xxl)-(?!none\b)"
    r"[a-z-]+)(?=\s|$)"
)


@page_cache(4096)
def display_none_class(names: str) -> bool:
    """Whether a class string hides its element at every width by a framework's utility
    class (`hidden`, `d-none`, ...) that no responsive or state variant shows again."""
    if not any(token in _DISPLAY_NONE_CLASSES for token in names.split()):
        return False
    if ":" not in names and "d-" not in names:
        return True
    return _SHOWN_AGAIN.search(names) is None


#: The inline style of a visually hidden element (Radix's `VisuallyHidden`, Chakra, Reach:
#: `position: absolute; width: 1px; height: 1px; clip: rect(0, 0, 0, 0)`; WordPress's
#: `clip: rect(1px, 1px, 1px, 1px)`), or one clipped away with `clip-path: inset(50%)`
#: (Bootstrap 5's `.visually-hidden` in inline form). A clip to the own box (`rect(0, auto,
#: auto, 0)`, parallax layers) shows everything.
_VISUALLY_HIDDEN_STYLE = re.compile(
    r"clip\s*:\s*rect\(\s*(?:0|0px|1px)(?:\s*,\s*(?:0|0px|1px)|\s+(?:0|0px|1px)){3}\s*\)|"
    r"clip-path\s*:\s*inset\(\s*50%\s*\)",
    re.IGNORECASE,
)


@page_cache(64)
def _style_hides(style: str) -> bool:
    """Whether an inline style hides its element (`display: none`, `visibility: hidden`, a
    visually-hidden clip); cached: nested headers and mains ask about the same ancestors
    (emptied for every page: `memo.forget`)."""
    return is_styled_hidden_style(style) or _VISUALLY_HIDDEN_STYLE.search(style) is not None


def is_unshown(element: etree._Element) -> bool:
    """Not shown to a sighted reader: `hidden` (not "until-found"), an inline `display: none`
    / `visibility: hidden` or visually-hidden clip, a framework's display-none class, or a
    screen-reader-only class.
    Not `aria-hidden="true"`: it hides from screen readers what the screen shows (and pages
    set it on their whole wrapper while a dialog is open)."""
    if is_hidden_attribute(element):
        return True
    style = element.get("style")
    if style is not None and _style_hides(style):
        return True
    names = element.get("class")
    return names is not None and (display_none_class(names) or screen_reader_class(names))


def is_closed_overlay(element: etree._Element) -> bool:
    """A hidden element right under `<body>`: a closed dialog or overlay (log-in and
    registration forms, consent layers, push prompts) that scripts open on demand.
    (Hidden elements deeper in the page may be closed tabs or FAQ answers: content.)"""
    parent = element.getparent()
    return parent is not None and parent.tag == "body" and is_styled_hidden(element)


#: Words naming an account prompt in a class, as its parts (split at `-`, `_`, blanks and
#: camelCase humps): log-in and sign-up forms, registration and subscribe offers. Not
#: `paywall`, `regwall`, `premium`, `subscriber` or `subscription`: pages hide the rest of
#: the article itself under those names until the reader is known (the dev set's hidden
#: `paywall` blocks are the article; The Economist's body sits in `regwall__wrapper`),
#: while a hidden block named for logging in, registering or subscribing is the form or
#: offer a script shows a signed-out reader.
_ACCOUNT_WORDS = frozenset(("login", "signin", "signup", "register", "registration", "subscribe"))
_ACCOUNT_PAIRS = frozenset((("log", "in"), ("sign", "in"), ("sign", "up"), ("create", "account")))
_NAME_PART = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
#: ... unless a class names a closed tab or accordion panel (`tab-pane`, Bootstrap's
#: `collapse`, `accordion__content`) or explanatory content (`login-help`, `faq`): a
#: service page's "Register" tab holds how to register, a help page's answers how to log in;
_PANEL_WORDS = frozenset(
    (
        "tab", "tabs", "tabpanel", "pane", "panel", "collapse", "accordion", "faq", "faqs",
        "answer", "question", "help", "guide", "docs", "step", "steps", "instructions",
    )
)  # fmt: skip
#: ... or says, by the last word of what the element is (a BEM name's element; the whole
#: of another name), that it holds the text itself: `login-required-content`,
#: `login-required` and `article-body` are the text behind a log-in (`article-block`, a
#: sign-in group's, `login-required-message` and `login-gate`, the prompts, are not).
_CONTENT_WORDS = frozenset(
    (
        "content", "body", "text", "article", "story", "post", "entry", "continuation", "rest",
        "transcript", "required",
    )
)  # fmt: skip
#: A class of more distinct tokens than this is not judged (a prompt's has a few).
MAX_PROMPT_TOKENS = 24
#: Roles of an element that is a tab's or an accordion's panel.
_PANEL_ROLES = frozenset(("tabpanel", "region"))


def _parts(text: str) -> list[str]:
    return [part.lower() for part in _NAME_PART.findall(text)]


def _token_prompt(token: str) -> int:
    """1 when a class token names an account prompt, -1 when it names a panel, help or
    content (`_PANEL_WORDS` anywhere in it; a `_CONTENT_WORDS` word last in what the
    element is: the element of a BEM `block__element--modifier`), else 0."""
    parts = _parts(token)
    if any(part in _PANEL_WORDS for part in parts):
        return -1
    element = _parts(token.rsplit("__", 1)[-1].split("--", 1)[0])
    if element and element[-1] in _CONTENT_WORDS:
        return -1
    for index, part in enumerate(parts):
        if part in _ACCOUNT_WORDS or tuple(parts[index : index + 2]) in _ACCOUNT_PAIRS:
            return 1
    return 0


@page_cache(4096)
def names_account_prompt(names: str) -> bool:
    """Whether a class string names an account prompt (`_token_prompt`: a token's parts
    hold one of `_ACCOUNT_WORDS`, `log in`, `sign in`, `sign up` or `create account`) and
    no token a panel, help or content: `article-content__sign-in-group`, `login_popover`,
    `register-only`, `sign-in__container`, `subscribe-box`, `loginPopUp`. Each distinct
    token is looked at once, in a class of at most MAX_PROMPT_TOKENS."""
    low = names.lower()
    if not (
        "log" in low
        or "sign" in low
        or "regis" in low
        or "subscribe" in low
        or ("create" in low and "account" in low)
    ):
        return False
    tokens = set(names.split())
    if len(tokens) > MAX_PROMPT_TOKENS:
        return False  # (not a prompt's class; each token would be split in words)
    found = False
    for token in tokens:
        verdict = _token_prompt(token)
        if verdict < 0:
            return False
        found = found or verdict > 0
    return found


def is_hidden_account_prompt(element: etree._Element) -> bool:
    """A log-in, registration or subscribe prompt the page hides until a script shows it
    to a signed-out reader: hidden on the element itself (`is_unshown`), and named so by
    its class (`names_account_prompt`; not by its id, which
    may be the slug of a question's heading: "How do I log in?"); not a tab's or an
    accordion's panel by its role. Furniture, even inside the article (news templates put
    the whole offer there: "This content is reserved for subscribers only", its list of
    benefits, "Create an account")."""
    cls = element.get("class")
    if cls is None or not is_unshown(element) or element.get("role") in _PANEL_ROLES:
        return False
    return names_account_prompt(cls)
