"""Search hits from untrusted rows: re-validated, filtered, de-duplicated and capped.

Every row is structured into a `SearchHit` (a row that is not a row fails the call closed)
and its URL cleaned by `check_url`; a row whose URL is not a web address at all
(`javascript:`, `data:`, malformed) is dropped and counted like a refused one, so one bad row
never costs the whole answer. Filtering comes before the cut to `max_results` (5 when
unset): refused rows ahead of good ones do not push the good ones out.

Hits the agent may not open are not shown: the URL policy (block list, allow list, private
addresses) applies to hits as to fetches, except that http is fine for a hit. The call's
`include_domains` / `exclude_domains` filter them too, and a URL already shown is not shown
twice. Each removal is counted per reason, with a few example hosts, so "No results." never
hides that hits were taken out. Titles and snippets are cut at a word boundary to their
budgets.
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlsplit

import attrs
from returns.result import Failure, Result, Success

from webdistill.kernel import hosts
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import RemovedHits, SearchHit, SearchQuery
from webdistill.kernel.own_text import OwnText, words
from webdistill.kernel.urls import DEFAULT_BLOCKLIST_REASON, UrlPolicy, check_url
from webdistill.kernel.validate import structure_row

MAX_TITLE_CHARS = 300
_EXAMPLE_HOSTS = 5
_ELLIPSIS = "…"

BLOCKLIST = words("on the domain blocklist (WEB_DOMAIN_BLOCKLIST)")
DEFAULT_BLOCKLIST = words("on the default malware blocklist (WEB_DEFAULT_BLOCKLIST)")
ALLOWLIST = words("not on the domain allowlist (WEB_DOMAIN_ALLOWLIST)")
EXCLUDED = words("in exclude_domains")
NOT_INCLUDED = words("outside include_domains")
DUPLICATE = words("duplicate of an earlier hit")
PRIVATE = words("not a public Internet host (private, local or reserved)")
CREDENTIAL = words("with a credential in the URL (an API key, token or password)")
NOT_WEB = words("without a usable web address (javascript:, data: or a malformed URL)")
CREDENTIALS = words("URL carries credentials")
#: Hits a query gets when it leaves max_results unset (the providers' default).
DEFAULT_HITS = 5


@attrs.frozen
class Filtered:
    """The hits to show, and what was removed, per reason, in first-seen order."""

    hits: tuple[SearchHit, ...]
    removed: tuple[RemovedHits, ...] = ()


def hit_policy(policy: UrlPolicy) -> UrlPolicy:
    """Hits are shown, not fetched: http is fine; the lists and address rules still apply."""
    return attrs.evolve(policy, allow_http=True)


def shown_url(url: str, policy: UrlPolicy) -> Result[str, WebError]:
    """The URL a hit is shown with and told apart by (normalised, tracking parameters
    stripped), or why it is refused; `policy` is a `hit_policy`. Two hits are duplicates
    when their shown URLs are equal: the kernel's filter and the providers' paging both
    decide so with this function."""
    return check_url(url, policy)


def cap_text(text: str, limit: int) -> str:
    """`text` cut to at most `limit` characters at a word boundary, with an ellipsis."""
    if len(text) <= limit:
        return text
    room = max(1, limit - len(_ELLIPSIS))
    cut = text.rfind(" ", int(room * 0.6), room + 1)
    head = text[: cut if cut > 0 else room].rstrip()
    return head + _ELLIPSIS


def _host(url: str) -> str:
    try:
        return (urlsplit(url).hostname or "").lower()
    except ValueError:
        return ""


def _policy_reason(error: WebError) -> OwnText:
    if error.detail.get("reason") == DEFAULT_BLOCKLIST_REASON:
        return DEFAULT_BLOCKLIST
    if "blocklist" in error.message:
        return BLOCKLIST
    if "allowlist" in error.message:
        return ALLOWLIST
    reason = str(error.detail.get("reason", ""))
    if reason == "credentials":
        return CREDENTIALS
    if reason.startswith("credential in "):
        return CREDENTIAL
    return PRIVATE


def _example_host(error: WebError, url: str) -> str:
    """The host to show for a removed hit: never one that holds the credential itself."""
    if error.detail.get("reason") == "credential in host":
        return ""
    return str(error.detail.get("host", "")) or _host(url)


def _domain_reason(host: str, query: SearchQuery) -> OwnText | None:
    if any(hosts.domain_matches(host, domain) for domain in query.exclude_domains):
        return EXCLUDED
    if query.include_domains and not any(
        hosts.domain_matches(host, domain) for domain in query.include_domains
    ):
        return NOT_INCLUDED
    return None


class _Tally:
    def __init__(self) -> None:
        self.counts: dict[OwnText, int] = {}
        self.hosts: dict[OwnText, list[str]] = {}

    def add(self, reason: OwnText, host: str) -> None:
        self.counts[reason] = self.counts.get(reason, 0) + 1
        examples = self.hosts.setdefault(reason, [])
        if host and host not in examples and len(examples) < _EXAMPLE_HOSTS:
            examples.append(host)

    def removed(self) -> tuple[RemovedHits, ...]:
        return tuple(
            RemovedHits(reason=reason, count=count, hosts=tuple(self.hosts.get(reason, ())))
            for reason, count in self.counts.items()
        )


def filter_hits(
    rows: Sequence[object], policy: UrlPolicy, query: SearchQuery, snippet_chars: int
) -> Result[Filtered, WebError]:
    """Re-validate, filter, then cap `rows` to the query's `max_results`; a row that is not a
    row fails the call closed, a row with an unusable or refused URL is dropped and counted."""
    hits: list[SearchHit] = []
    seen: set[str] = set()
    tally = _Tally()
    shown_policy = hit_policy(policy)
    want = query.max_results if query.max_results is not None else DEFAULT_HITS
    for index, row in enumerate(rows):
        if len(hits) >= want:
            break
        structured = structure_row(row, SearchHit, index)
        if not isinstance(structured, Success):
            return Failure(structured.failure())
        hit: SearchHit = structured.unwrap()
        checked = shown_url(hit.url, shown_policy)
        if not isinstance(checked, Success):
            error = checked.failure()
            if error.code is ErrorCode.BLOCKED_URL:
                tally.add(_policy_reason(error), _example_host(error, hit.url))
            else:  # not a web address: nothing about it is worth showing
                tally.add(NOT_WEB, "")
            continue
        url = checked.unwrap()
        host = _host(url)
        reason = _domain_reason(host, query)
        if reason is None and url in seen:
            reason = DUPLICATE
        if reason is not None:
            tally.add(reason, host)
            continue
        seen.add(url)
        hits.append(
            attrs.evolve(
                hit,
                url=url,
                title=cap_text(hit.title, MAX_TITLE_CHARS),
                snippet=cap_text(hit.snippet, snippet_chars),
            )
        )
    return Success(Filtered(hits=tuple(hits), removed=tally.removed()))
