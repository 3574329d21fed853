"""Exa search (`POST /search`, header `x-api-key`, camelCase JSON).

Results carry no text unless contents are requested, so highlights are asked for, nested
under `contents` and bounded with `maxCharacters` (Exa's current form; `numSentences` and
`highlightsPerUrl` are deprecated).
Snippet = joined `highlights`, else `summary`, else the start of `text` (one function,
`_snippet`); score = `score`; date = `publishedDate`. `numResults` is capped at 100.
A time range becomes `startPublishedDate`; per call: `includeDomains` or `excludeDomains`
(Exa takes one of the two: with both, include is sent and the kernel's hit filter drops the
excluded domains, which a note says),
`category: news` for `topic: news`, `userLocation` (an ISO 3166-1 country; `uk` is sent as
`GB`, a code ISO does not assign is reported), `moderation` for a moderate or
strict `safe_search`; Exa has no language parameter (reported). No paging: one request of
up to 100. Errors: body `{requestId, error, tag}`;
401 bad key, 402 credits exhausted, 403 forbidden, 429 rate limit.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta

import aiohttp
import attrs
from returns.result import Result

from webdistill.adapters.providers.failures import ProviderInfo
from webdistill.adapters.providers.paging import not_applied, one_request
from webdistill.adapters.providers.rows import (
    Answer,
    Row,
    Rows,
    field,
    json_rows,
    make_row,
    published_of,
    score_of,
    text_of,
    wanted,
)
from webdistill.adapters.providers.settings import ProviderSettings
from webdistill.adapters.providers.transport import fetch_rows
from webdistill.adapters.providers.value_lists import ISO_COUNTRIES
from webdistill.kernel.errors import WebError
from webdistill.kernel.model import SearchQuery
from webdistill.kernel.own_text import OwnText, echo_quoted, own, words

INFO = ProviderInfo(name="exa", label="Exa", key_var="EXA_API_KEY")
BASE = "https://api.exa.ai"
PATH = "/search"
MAX_RESULTS = 100
SNIPPET_CHARS = 400
TIME_RANGES = {
    "day": timedelta(days=1),
    "week": timedelta(days=7),
    "month": timedelta(days=31),
    "year": timedelta(days=365),
}


def body_for(query: SearchQuery, now: datetime | None = None) -> dict[str, object]:
    """The JSON request body; `now` fixes the clock for a time range (tests)."""
    body: dict[str, object] = {
        "query": query.query,
        "numResults": min(wanted(query), MAX_RESULTS),
        "type": "auto",
        "contents": {"highlights": {"maxCharacters": SNIPPET_CHARS}},
    }
    if query.time_range is not None:
        start = (now or datetime.now(UTC)) - TIME_RANGES[query.time_range]
        body["startPublishedDate"] = start.strftime("%Y-%m-%dT%H:%M:%S.000Z")
    if query.include_domains:
        body["includeDomains"] = list(query.include_domains)
    elif query.exclude_domains:  # Exa takes one of the two; the other is filtered locally
        body["excludeDomains"] = list(query.exclude_domains)
    if query.topic == "news":
        body["category"] = "news"
    location = location_of(query)
    if location is not None:
        body["userLocation"] = location
    if query.safe_search in ("moderate", "strict"):
        body["moderation"] = True
    return body


def location_of(query: SearchQuery) -> str | None:
    """Exa's `userLocation` ("the two-letter ISO country code"): an ISO 3166-1 code (`uk`
    is already `gb`, see `kernel.regions`); None for no region or one ISO does not assign."""
    if query.region is None:
        return None
    return query.region.upper() if query.region in ISO_COUNTRIES else None


def unsupported(query: SearchQuery) -> tuple[OwnText, ...]:
    """What Exa cannot do of `query`."""
    missing = []
    if query.region is not None and location_of(query) is None:
        why = own(
            "{} is no ISO 3166-1 country code (Exa takes one)", echo_quoted(query.region.upper())
        )
        missing.append(not_applied(INFO, "region", why))
    if query.language is not None:
        missing.append(not_applied(INFO, "language", words("Exa has no language parameter")))
    return tuple(missing)


def parse_exa(status: int, headers: Mapping[str, str], body: bytes) -> Result[Rows, WebError]:
    """Rows from an Exa answer, or the error it signals."""
    return json_rows(INFO, status, headers, body, "results", required=True, row=_row)


def _row(item: object) -> Row:
    return make_row(
        title=text_of(field(item, "title")),
        url=text_of(field(item, "url")),
        snippet=_snippet(item),
        score=score_of(field(item, "score")),
        published=published_of(field(item, "publishedDate")),
    )


def _snippet(item: object) -> str:
    highlights = field(item, "highlights")
    if isinstance(highlights, list):
        joined = " … ".join(text for text in map(text_of, highlights) if text)
        if joined:
            return joined
    summary = text_of(field(item, "summary"))
    if summary:
        return summary
    text = text_of(field(item, "text"))
    return text if len(text) <= SNIPPET_CHARS else text[: SNIPPET_CHARS - 1] + "…"


def notes(query: SearchQuery) -> tuple[OwnText, ...]:
    """How the domain filters were applied when the call gave both sides."""
    if not (query.include_domains and query.exclude_domains):
        return ()
    return (
        words(
            "exa: Exa takes includeDomains or excludeDomains, not both; includeDomains was "
            "sent and the excluded domains were filtered from its results here"
        ),
    )


async def search_exa(
    session: aiohttp.ClientSession, settings: ProviderSettings, query: SearchQuery
) -> Result[Answer, WebError]:
    """One Exa search (the caller checked that a key is configured)."""
    key = settings.exa_api_key or ""
    answer = await fetch_rows(
        session,
        INFO,
        "POST",
        settings.base_url("exa", BASE) + PATH,
        timeout_s=settings.timeout_s,
        headers=settings.api_headers(("x-api-key", key)),
        json_body=body_for(query),
        parse=parse_exa,
        limit=wanted(query),
        secret=key,
    )
    return answer.map(
        lambda got: attrs.evolve(
            one_request(INFO, got, query, unsupported(query), MAX_RESULTS),
            notes=got.notes + notes(query),
        )
    )
