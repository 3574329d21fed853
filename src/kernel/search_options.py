"""The per-call search options beyond the query: checked, normalised and clamped.

`region` is a two-letter country code, `language` a BCP 47 language tag of up to three
subtags (`en`, `pt-br`, `zh-hant-tw`, see `language_tags`), kept in lower case; domains
are bare host names (a scheme, path or `*.` prefix is tolerated and dropped) in canonical
form, so the providers and the hit filter compare like with like. Numeric budgets are
clamped like `max_results`. Problems come back as "field: problem" lines.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from returns.pipeline import is_successful
from returns.result import Failure, Result, Success

from webdistill.kernel import hosts
from webdistill.kernel.arguments import (
    MAX_CONTENT_CHARS,
    MAX_CONTENT_HITS,
    MAX_DOMAINS,
    MAX_SNIPPET_CHARS,
    MIN_CONTENT_CHARS,
    MIN_CONTENT_HITS,
    MIN_SNIPPET_CHARS,
    SearchArgs,
)
from webdistill.kernel.language_tags import parse_language
from webdistill.kernel.own_text import OwnText, echo_quoted, field, number, own, words

_REGION = re.compile(r"[a-z]{2}")


def _clamp(value: int | None, low: int, high: int) -> int | None:
    return None if value is None else min(high, max(low, value))


def domain_entry(raw: str) -> str | None:
    """`raw` as a canonical domain, or None when it is not one."""
    text = raw.strip().lower()
    if "://" in text:
        text = text.split("://", 1)[1]
    text = re.split(r"[/?#]", text, maxsplit=1)[0].removeprefix("*.").strip(".")
    if not text or len(text) > 253 or "@" in text or ":" in text:
        return None
    parsed = hosts.parse_host(text)
    return parsed.unwrap().name if is_successful(parsed) else None


def _domains(values: Sequence[str] | None, where: str) -> Result[tuple[str, ...], OwnText]:
    if not values:
        return Success(())
    if len(values) > MAX_DOMAINS:
        most, got = number(MAX_DOMAINS), number(len(values))
        return Failure(own("{}: at most {} domains, got {}", field(where), most, got))
    found: dict[str, None] = {}
    for value in values:
        entry = domain_entry(value)
        if entry is None:
            shown = echo_quoted(value, 60)  # the caller's own entry
            return Failure(
                own("{}: {} is not a domain (give e.g. example.com)", field(where), shown)
            )
        found.setdefault(entry, None)
    return Success(tuple(found))


def search_options(args: SearchArgs) -> Result[dict[str, Any], list[OwnText]]:
    """The validated options of a `web_search` call, as `SearchRequest` fields."""
    problems: list[OwnText] = []
    region = args.region.strip().lower() if args.region is not None else None
    if region is not None and not _REGION.fullmatch(region):
        problems.append(words("region: give a two-letter country code, e.g. us, de, jp"))
    tag = parse_language(args.language) if args.language else None
    language = tag.text if tag is not None else None
    if args.language is not None and tag is None:
        problems.append(
            words(
                "language: give a language tag (language, then optional script and region), "
                "e.g. en, de, pt-br, zh-hant-tw"
            )
        )
    include = _domains(args.include_domains, "include_domains")
    exclude = _domains(args.exclude_domains, "exclude_domains")
    for checked in (include, exclude):
        if not is_successful(checked):
            problems.append(checked.failure())
    if problems:
        return Failure(problems)
    return Success(
        {
            "region": region or None,
            "language": language,
            "safe_search": args.safe_search,
            "include_domains": include.unwrap(),
            "exclude_domains": exclude.unwrap(),
            "topic": args.topic,
            "max_chars_per_result": _clamp(
                args.max_chars_per_result, MIN_SNIPPET_CHARS, MAX_SNIPPET_CHARS
            ),
            "content_hits": _clamp(args.content_hits, MIN_CONTENT_HITS, MAX_CONTENT_HITS),
            "content_max_chars": _clamp(
                args.content_max_chars, MIN_CONTENT_CHARS, MAX_CONTENT_CHARS
            ),
        }
    )
