"""Error messages for the person at a shell, from the ones written for a model.

The kernel and the adapters word every `WebError` for the LLM that called a tool ("call
again with compress=false", "Call web_fetch with {...}"). At the command line the same advice
must name what a person types: `--no-compress`, `--start-index`, `WEB_ALLOW_HTTP=true`,
`WEB_ALLOW_PRIVATE_NETWORK=true`. `for_people` rewrites a message (code and detail stay as they
are); the MCP server keeps the model's wording. Pure string work, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import LiteralString
from urllib.parse import urlsplit, urlunsplit

import attrs

from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import FetchOutcome, SearchOutcome
from webdistill.kernel.own_text import OwnText, echo_url, own, rewritten

#: Tool argument names -> the CLI option that sets them.
_OPTIONS: tuple[tuple[re.Pattern[str], LiteralString], ...] = tuple(
    (re.compile(rf"\b{word}\b"), option)
    for word, option in (
        ("start_index", "--start-index"),
        ("max_chars", "--max-chars"),
        ("max_results", "--max-results"),
        ("time_range", "--time-range"),
        ("include_content", "--include-content"),
        ("timeout_ms", "--timeout-ms"),
        ("url_index", "--url-index"),
        ("query_index", "--query-index"),
    )
)
_URL_RETURNED = re.compile(r"This URL returned")
_THIS_URL = re.compile(r"this URL")
_THIS_URL_CAPITAL = re.compile(r"This URL")

#: Model-facing phrases -> what a person does instead (case-insensitive, in this order).
_PHRASES: tuple[tuple[re.Pattern[str], LiteralString], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), replacement)
    for pattern, replacement in (
        (r"(?:call again|retry) with compress=false", "Run again with --no-compress"),
        (r"compress=true was asked", "--compress was given"),
        (r"call again without compress\b", "run again without --compress"),
        (r"Call web_search with \{.*?\}(?: or \{.*?\})?\.", 'Run: webdistill search "QUERY"...'),
        (r"Call web_fetch with \{.*?\}(?: or \{.*?\})?\.", "Run: webdistill fetch URL..."),
        (
            r"Call web_search or web_fetch again\.",
            "Run `webdistill search` or `webdistill fetch` again.",
        ),
        (r"\bwith url or url_index\b", "with --url or --url-index"),
        (r"\b(with|add) query or query_index\b", r"\1 --query or --query-index"),
        (r"\burl: no (page|hit)\b", r"--url: no \1"),
        (r"\bquery: no query\b", "--query: no query"),
        (r"\bover several calls\b", "over several runs"),
        (r"\bwithout extract_mode raw\b", "without --raw"),
        (r"\(extract_mode raw\)", "(--raw)"),
        (r"; do not fetch it\.", " (WEB_DOMAIN_BLOCKLIST)."),
        (r"\bdo not retry this URL\.", ""),
    )
)

_PRIVATE_HINT = own(
    "For local development set WEB_ALLOW_PRIVATE_NETWORK=true, or list the exact address in "
    "WEB_TRUSTED_ADDRESSES."
)
#: A name refused as local-only: WEB_TRUSTED_ADDRESSES lists addresses, never names.
_LOCAL_NAME_REASONS = ("local-only name", "single-label", "resolves names to private", "spells")
_DEFAULT_LIST_HINT = own(
    "If you are sure this is a false positive, WEB_DEFAULT_BLOCKLIST=false turns the default "
    "malware list off."
)
_METADATA_NOTE = own("Cloud metadata addresses stay blocked whatever the settings.")


def _by_address(url: str | None) -> OwnText:
    """`url` (the person's own) with its `localhost` host spelled 127.0.0.1 (as a hint's
    example), or nothing."""
    if not url:
        return own("")
    parts = urlsplit(url)
    host = (parts.hostname or "").lower().rstrip(".")
    if host != "localhost" and not host.endswith(".localhost"):
        return own("")
    netloc = "127.0.0.1" + (f":{parts.port}" if parts.port else "")
    shown = urlunsplit(parts._replace(netloc=netloc))
    return own(" ({} with WEB_TRUSTED_ADDRESSES=127.0.0.1)", echo_url(shown))


def _blocked_hint(error: WebError, url: str | None = None) -> OwnText:
    reason = error.detail.get("reason", "")
    if "metadata" not in reason and any(word in reason for word in _LOCAL_NAME_REASONS):
        return own(
            "For local development set WEB_ALLOW_PRIVATE_NETWORK=true. WEB_TRUSTED_ADDRESSES "
            "admits exact IP addresses, not names: to use it instead, fetch the page by its "
            "address{}.",
            _by_address(url),
        )
    text = f"{error.message} {reason}".lower()
    from webdistill.kernel.urls import DEFAULT_BLOCKLIST_REASON  # (its tables: on need)

    if reason == DEFAULT_BLOCKLIST_REASON:
        return _DEFAULT_LIST_HINT
    if reason == "scheme":
        return own("To allow plain http pages, set WEB_ALLOW_HTTP=true.")
    if "allowlist" in text:
        return own("Add the domain to WEB_DOMAIN_ALLOWLIST to allow it.")
    if "metadata" in text:
        return _METADATA_NOTE
    if "only public internet" in text:
        return _PRIVATE_HINT
    return own("")


def for_people(error: WebError, url: str | None = None) -> WebError:
    """`error` with its message worded for the command line (options, variables); `url` is
    the URL that failed, when there is one (a hint may show it spelled another way)."""
    message = error.message
    for pattern, replacement in _PHRASES:
        message = rewritten(message, pattern, replacement)
    for word, option in _OPTIONS:
        message = rewritten(message, word, option)
    if error.code is ErrorCode.BLOCKED_URL:
        hint = _blocked_hint(error, url)
        if message.endswith((".", "!", "?")):
            message = own("{} {}", message, hint)
        else:
            message = own("{}. {}", message, hint)
    return attrs.evolve(error, message=message)


def for_a_file(error: WebError) -> WebError:
    """`error` from reading a local file: it is a file, not a URL that answered."""
    message = rewritten(error.message, _URL_RETURNED, "This file is")
    message = rewritten(message, _THIS_URL, "this file")
    message = rewritten(message, _THIS_URL_CAPITAL, "This file")
    return for_people(attrs.evolve(error, message=message))


def fetches_for_people(outcomes: Sequence[FetchOutcome]) -> tuple[FetchOutcome, ...]:
    """Every URL's error worded for the command line."""
    return tuple(
        outcome
        if outcome.error is None
        else attrs.evolve(outcome, error=for_people(outcome.error, outcome.url))
        for outcome in outcomes
    )


def searches_for_people(outcomes: Sequence[SearchOutcome]) -> tuple[SearchOutcome, ...]:
    """Every query's error (and those of its fetched top hits) worded for the command line."""
    return tuple(
        attrs.evolve(
            outcome,
            error=for_people(outcome.error) if outcome.error is not None else None,
            contents=fetches_for_people(outcome.contents),
        )
        for outcome in outcomes
    )
