"""Cookie-consent prompts by their makers' names: the elements a consent manager shows.

A consent manager (OneTrust, Cookiebot, Didomi, Quantcast, Complianz, ...) puts its banner
and its "privacy preference centre" into the page: hundreds of words on cookies, purposes
and partners, under names of its own (`#onetrust-consent-sdk`, `#CybotCookiebotDialog`,
`.didomi-popup-container`) that the furniture words miss (`consent` in the middle of a
name). A page saved from a browser, or rendered by one, carries them after the article.

The names are not guessed: `data/consent-managers.txt` holds the selectors DuckDuckGo's
autoconsent (github.com/duckduckgo/autoconsent, MPL-2.0) hides as each manager's prompt
(its `prehideSelectors`), the rules for one site left out, and only the simple ones: an
optional tag, an optional `#id`, classes (`tag#id.a.b`). `python -m
webdistill.tools.consent_managers refresh` rewrites the file from a checkout of autoconsent.
An element matching one is HARD furniture; `html`, `body`, `main` and `article` never are,
nor the container the reader took for the page's main content or any of its ancestors.

The file is read once per process; matching costs a dictionary look-up per class token.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import attrs

DATA_FILE = Path(__file__).resolve().parents[2] / "data" / "consent-managers.txt"
#: One compound selector: an optional tag, an optional id, zero or more classes.
SIMPLE_SELECTOR = re.compile(
    r"(?P<tag>[a-zA-Z][\w-]*)?(?:#(?P<id>[\w-]+))?(?P<classes>(?:\.[\w-]+)*)"
)
#: Elements a selector may not make furniture: the page itself and its declared content.
NEVER = frozenset({"html", "head", "body", "main", "article"})


@attrs.frozen
class Compound:
    """`tag#id.a.b`: every part that is given must hold (classes and ids are matched with
    case, as a browser in standards mode does; tags are lower case in lxml's tree)."""

    tag: str | None
    id: str | None
    classes: frozenset[str]

    def matches(self, tag: str, element_id: str | None, classes: frozenset[str]) -> bool:
        return (
            (self.tag is None or self.tag == tag)
            and (self.id is None or self.id == element_id)
            and self.classes <= classes
        )


@attrs.frozen
class Selectors:
    """The compound selectors, found by the id they name, else by their first class, else
    by their tag (a custom element: `sibbo-cmp-layout`)."""

    by_id: dict[str, tuple[Compound, ...]]
    by_class: dict[str, tuple[Compound, ...]]
    by_tag: dict[str, tuple[Compound, ...]]


def parse_selector(text: str) -> Compound | None:
    """The compound selector `text` names, or None when it is not one this reader uses
    (a combinator, an attribute, a pseudo-class; a bare tag without a hyphen, which would
    name every element of a kind; a page-level tag)."""
    found = SIMPLE_SELECTOR.fullmatch(text.strip())
    if not found or not text.strip():
        return None
    tag = found["tag"].lower() if found["tag"] else None
    classes = frozenset(part for part in found["classes"].split(".") if part)
    if tag in NEVER or (tag is not None and "-" not in tag and not found["id"] and not classes):
        return None
    return Compound(tag, found["id"], classes)


def parse_file(text: str) -> Selectors:
    """The selectors of the data file's text: a header of `#` lines, a blank line, then a
    selector a line (an id selector starts with `#` too), a tab and the rules it comes from."""
    index: dict[str, dict[str, list[Compound]]] = {"id": {}, "class": {}, "tag": {}}
    for line in text.partition("\n\n")[2].splitlines():
        compound = parse_selector(line.split("\t", 1)[0])
        if compound is None:
            continue
        if compound.id is not None:
            index["id"].setdefault(compound.id, []).append(compound)
        elif compound.classes:
            index["class"].setdefault(min(compound.classes), []).append(compound)
        elif compound.tag is not None:
            index["tag"].setdefault(compound.tag, []).append(compound)
    frozen = {kind: {key: tuple(value) for key, value in d.items()} for kind, d in index.items()}
    return Selectors(frozen["id"], frozen["class"], frozen["tag"])


@functools.cache
def selectors() -> Selectors:
    """The shipped selectors (read once; a missing file means none)."""
    try:
        return parse_file(DATA_FILE.read_text(encoding="utf-8"))
    except OSError:
        return Selectors({}, {}, {})


def is_consent_prompt(tag: str, element_id: str | None, cls: str | None) -> bool:
    """Whether an element with this tag, id and class attribute is a consent manager's
    prompt by the shipped selectors."""
    table = selectors()
    if tag in NEVER:
        return False
    candidates: list[Compound] = []
    if element_id is not None:
        candidates.extend(table.by_id.get(element_id, ()))
    tokens = cls.split() if cls else []
    for token in tokens:
        candidates.extend(table.by_class.get(token, ()))
    candidates.extend(table.by_tag.get(tag, ()))
    if not candidates:  # (nearly every element: one look-up per token)
        return False
    classes = frozenset(tokens)
    return any(compound.matches(tag, element_id, classes) for compound in candidates)
