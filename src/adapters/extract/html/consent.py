"""Cookie-consent prompts by their makers' names: the elements a consent manager shows.

A consent manager (OneTrust, Cookiebot, Didomi, Quantcast, Complianz, ...) puts its banner
and its "privacy preference centre" into the page: hundreds of words on cookies, purposes
and partners, under names of its own (`#onetrust-consent-sdk`, `#CybotCookiebotDialog`,
`.didomi-popup-container`) that the furniture words miss (`consent` in the middle of a
name). A page saved from a browser, or rendered by one, carries them after the article.

The names are not guessed: `data/consent-managers.txt` holds the selectors DuckDuckGo's
autoconsent (github.com/duckduckgo/autoconsent, MPL-2.0) hides as each manager's prompt
(its `prehideSelectors`), the rules for one site left out, and only the simple ones: an
optional tag, an `#id`, classes and attribute tests of presence or equality
(`tag#id.a.b[name=value]`; Osano's cookieconsent banner is
`.cc-type-info[aria-describedby="cookieconsent:desc"]`). `python -m
webdistill.tools.consent_managers refresh` rewrites the file from a checkout of autoconsent.
An element matching one is HARD furniture outside the page's main content (`segment.py`);
`html`, `body`, `main` and `article` never are, nor the container the reader took for the
main content, its ancestors or anything inside it. On a page without such a container only
a selector that carries its manager's name (`tier` MANAGER: `#onetrust-consent-sdk`) drops
what it names; one with only a consent word (CONSENT: `#consent-manager`) may name a
privacy-settings page's own content, a generic one (GENERIC: `#ccc`, `.unic`) a page's
wrapper or a section ("unique"), so there the furniture words judge, with their share of
the page.

The file is read once per process; matching costs a dictionary look-up per class token.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from pathlib import Path

import attrs
from lxml import etree

from webdistill.adapters.extract.html.furniture import NEVER_BOILERPLATE

DATA_FILE = Path(__file__).resolve().parents[2] / "data" / "consent-managers.txt"
#: One compound selector: an optional tag, then ids, classes and attribute tests (`[name]`,
#: `[name=value]`, the value bare or quoted), in any order.
SIMPLE_SELECTOR = re.compile(
    r"(?P<tag>[a-zA-Z][\w-]*)?(?P<parts>(?:#[\w-]+|\.[\w-]+"
    r"|\[[\w-]+(?:=(?:\"[^\"\]]*\"|'[^'\]]*'|[\w-]+))?\])*)"
)
_PART = re.compile(r"#(?P<id>[\w-]+)|\.(?P<cls>[\w-]+)|\[(?P<name>[\w-]+)(?:=(?P<value>[^\]]*))?\]")
#: Attributes every page uses (HTML's global and common ones, ARIA's roles and states): a
#: value test on one of them does not make a selector the manager's own.
GENERIC_ATTRIBUTES = frozenset(
    (
        "class", "id", "style", "role", "title", "lang", "dir", "hidden", "tabindex", "href",
        "src", "type", "name", "alt", "rel", "target", "aria-modal", "aria-hidden",
        "aria-live", "aria-label", "aria-expanded", "data-bg", "data-src",
    )
)  # fmt: skip
#: Elements a selector may not make furniture: the page itself and its declared content.
NEVER = NEVER_BOILERPLATE | {"head"}


@attrs.frozen
class Compound:
    """`tag#id.a.b[name=value]`: every part that is given must hold (classes, ids and
    attribute values are matched with case, as a browser in standards mode does; tags and
    attribute names are lower case in lxml's HTML tree)."""

    tag: str | None
    id: str | None
    classes: frozenset[str]
    #: (name, value) pairs; a None value asks only that the attribute is there.
    attributes: tuple[tuple[str, str | None], ...] = ()
    #: How surely its names say what it is (`tier`): MANAGER, CONSENT or GENERIC.
    tier: int = 3

    def matches(
        self,
        tag: str,
        element_id: str | None,
        classes: frozenset[str],
        attributes: Attributes,
    ) -> bool:
        return (
            (self.tag is None or self.tag == tag)
            and (self.id is None or self.id == element_id)
            and self.classes <= classes
            and all(
                name in attributes and (value is None or attributes[name] == value)
                for name, value in self.attributes
            )
        )


@attrs.frozen
class Selectors:
    """The compound selectors, found by the id they name, else by their first class, else
    by their tag (a custom element: `sibbo-cmp-layout`), else by their first attribute."""

    by_id: dict[str, tuple[Compound, ...]]
    by_class: dict[str, tuple[Compound, ...]]
    by_tag: dict[str, tuple[Compound, ...]]
    by_attribute: dict[str, tuple[Compound, ...]] = attrs.field(factory=dict)


def parse_selector(text: str) -> Compound | None:
    """The compound selector `text` names, or None when it is not one this reader uses
    (a combinator, a pseudo-class, an attribute test other than presence or equality; two
    ids; a bare tag without a hyphen, which would name every element of a kind; a
    page-level tag)."""
    found = SIMPLE_SELECTOR.fullmatch(text.strip())
    if not found or not text.strip():
        return None
    tag = found["tag"].lower() if found["tag"] else None
    ids: list[str] = []
    classes: set[str] = set()
    attributes: list[tuple[str, str | None]] = []
    for part in _PART.finditer(found["parts"]):
        if part["id"]:
            ids.append(part["id"])
        elif part["cls"]:
            classes.add(part["cls"])
        else:
            value = part["value"]
            if value is not None and value[:1] in {'"', "'"}:
                value = value[1:-1]
            attributes.append((part["name"].lower(), value))
    if len(ids) > 1 or tag in NEVER:
        return None
    # Without an id, a class or a custom element's tag, attribute tests must test a value
    # of an attribute of the manager's own: `[data-action=sp-cc]`, not `[id]`,
    # `div[role=dialog]` or `[data-bg]`, which name elements of every page.
    if (
        not ids
        and not classes
        and not (tag is not None and "-" in tag)
        and not any(
            value is not None and name not in GENERIC_ATTRIBUTES for name, value in attributes
        )
    ):
        return None
    return Compound(tag, ids[0] if ids else None, frozenset(classes), tuple(attributes))


#: Words of rule names that are no manager's name ("bigcommerce-consent-manager", "EU Cookie
#: Law", "Cookie Information Banner"): a page may use them for its own parts
#: (`#consent-manager` on a privacy dashboard, `.gdpr-wrapper` around a settings page).
GENERIC_RULE_WORDS = frozenset(
    (
        "cookie", "cookies", "consent", "gdpr", "dsgvo", "privacy", "ccpa", "banner",
        "manager", "notice", "popup", "modal", "dialog", "overlay", "wrapper", "container",
        "information", "script", "settings", "policy", "alert", "message", "frame", "notify",
        "categories", "optin", "optout", "legacy", "standalone", "mobile", "desktop",
    )
)  # fmt: skip
#: A manager's name shorter than this is not looked for in a selector's names.
MIN_MANAGER_NAME = 5
#: Words that say a name is about consent: `#consent-manager`, `.fc-consent-root`,
#: `[aria-describedby="cookieconsent:desc"]`, `.gdpr-wrapper`.
CONSENT_WORDS = ("cookie", "consent", "gdpr", "dsgvo", "privacy", "ccpa")
#: How surely a selector's names say it is a consent prompt (`tier`).
GENERIC = 1  # `#ccc`, `.unic`, `.message-overlay`, `#qc-cmp2-container`: a page's own names too
CONSENT = 2  # a consent word: also a privacy-settings page's own parts (`#consent-manager`)
MANAGER = 3  # the manager's name: `#onetrust-consent-sdk`, `#CybotCookiebotDialog`


def tier(compound: Compound, rules: list[str]) -> int:
    """MANAGER when the selector carries the name of the manager whose rule lists it (words
    of 5+ letters of the rule's name, not GENERIC_RULE_WORDS, in its tag, id, classes,
    attribute names and values: `#onetrust-consent-sdk` of "onetrust", `#tarteaucitronRoot`
    of "tarteaucitron.js"; not `.klaro`, the bare word, which a page may use for its own
    parts: a brand); CONSENT when they hold a consent word; else GENERIC."""
    names = [compound.tag or "", compound.id or "", *compound.classes]
    names += [f"{name} {value or ''}" for name, value in compound.attributes]
    text = " ".join(names).lower()
    flat = re.sub(r"[^a-z0-9]", "", text)
    words = {word for rule in rules for word in re.findall(r"[a-z0-9]+", rule.lower())}
    if any(
        len(word) >= MIN_MANAGER_NAME
        and word not in GENERIC_RULE_WORDS
        and word in flat
        and word != flat  # (a name that is the bare word, `.klaro`, may be a page's own)
        for word in words
    ):
        return MANAGER
    return CONSENT if any(word in text for word in CONSENT_WORDS) else GENERIC


def entries(text: str) -> list[tuple[str, str]]:
    """(selector, rules) of each line of the data file's text: a header of `#` lines, a
    blank line, then a selector a line (an id selector starts with `#` too), a tab and the
    rules it comes from."""
    found = []
    for line in text.partition("\n\n")[2].splitlines():
        selector, _, rules = line.partition("\t")
        found.append((selector, rules))
    return found


def parse_file(text: str) -> Selectors:
    """The selectors of the data file's text (`entries`), indexed."""
    index: dict[str, dict[str, list[Compound]]] = {
        "id": {}, "class": {}, "tag": {}, "attribute": {}
    }  # fmt: skip
    for selector, rules in entries(text):
        compound = parse_selector(selector)
        if compound is None:
            continue
        compound = attrs.evolve(compound, tier=tier(compound, rules.split(",")))
        if compound.id is not None:
            index["id"].setdefault(compound.id, []).append(compound)
        elif compound.classes:
            index["class"].setdefault(min(compound.classes), []).append(compound)
        elif compound.tag is not None and "-" in compound.tag:
            index["tag"].setdefault(compound.tag, []).append(compound)
        else:
            index["attribute"].setdefault(compound.attributes[0][0], []).append(compound)
    frozen = {kind: {key: tuple(value) for key, value in d.items()} for kind, d in index.items()}
    return Selectors(frozen["id"], frozen["class"], frozen["tag"], frozen["attribute"])


@functools.cache
def selectors() -> Selectors:
    """The shipped selectors (read once; a missing file means none)."""
    try:
        return parse_file(DATA_FILE.read_text(encoding="utf-8"))
    except OSError:
        return Selectors({}, {}, {})


#: An element's attributes: a mapping, or lxml's `element.attrib`.
Attributes = Mapping[str, str] | etree._Attrib
_NO_ATTRIBUTES: Mapping[str, str] = {}


def consent_tier(
    tag: str,
    element_id: str | None,
    cls: str | None,
    attributes: Attributes = _NO_ATTRIBUTES,
) -> int:
    """How surely an element with this tag, id, class attribute and attributes (lxml's
    `element.attrib`) is a consent manager's prompt by the shipped selectors: the highest
    `tier` of those it matches, 0 for none."""
    table = selectors()
    if tag in NEVER:
        return 0
    candidates: list[Compound] = []
    if element_id is not None:
        candidates.extend(table.by_id.get(element_id, ()))
    tokens = cls.split() if cls else []
    for token in tokens:
        candidates.extend(table.by_class.get(token, ()))
    candidates.extend(table.by_tag.get(tag, ()))
    if table.by_attribute:
        for name in attributes:
            candidates.extend(table.by_attribute.get(name, ()))
    if not candidates:  # (nearly every element: one look-up per token)
        return 0
    classes = frozenset(tokens)
    return max(
        (c.tier for c in candidates if c.matches(tag, element_id, classes, attributes)),
        default=0,
    )


def is_consent_prompt(
    tag: str,
    element_id: str | None,
    cls: str | None,
    attributes: Attributes = _NO_ATTRIBUTES,
) -> bool:
    """Whether the element matches any of the shipped selectors (`consent_tier` > 0)."""
    return consent_tier(tag, element_id, cls, attributes) > 0
