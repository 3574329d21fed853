"""Parsing DuckDuckGo's HTML and lite result pages (scraped; there is no official API).

- Results: HTML endpoint `div#links > div.result` blocks (`a.result__a`, `.result__snippet`);
  lite endpoint `a.result-link` rows followed by a `td.result-snippet` row.
- Ads (`result--ad`, `tr.result-sponsored`, `duckduckgo.com/y.js` links) are skipped.
- `//duckduckgo.com/l/?uddg=<target>` redirect links are unwrapped to the target.
- The bot challenge ("anomaly") page, sent with 202 or 200, is PROVIDER_RATE_LIMITED.
- A page that is neither results nor an empty-results page is INVALID_BACKEND_DATA.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from urllib.parse import parse_qs, urlsplit

import lxml.html
from lxml import etree
from returns.result import Failure, Result, Success

from webdistill.adapters.providers.failures import (
    ProviderInfo,
    retry_after_seconds,
    status_error,
    with_detail,
)
from webdistill.adapters.providers.rows import Row, Rows, make_row, text_of
from webdistill.kernel.errors import ErrorCode, WebError

INFO = ProviderInfo(name="duckduckgo", label="DuckDuckGo")

#: Statuses DuckDuckGo uses when it blocks a client (ddgs treats them as a rate limit).
#: 202 is handled apart: it usually carries the challenge page, but is checked by body.
_BLOCK_STATUSES = frozenset({301, 302, 303, 307, 308, 403, 418, 429})

_CHALLENGE = (
    "//form[@id='challenge-form'] | //*[contains(@class, 'anomaly-modal')]"
    " | //script[contains(@src, 'anomaly.js')]"
)
_ANOMALY_MARKERS = (b"anomaly-modal", b"challenge-form", b"bots use DuckDuckGo too")
_EMPTY_MARKERS = ("No  results.", "No results.", "No more results.")

_PARSER = lxml.html.HTMLParser(encoding="utf-8", recover=True, no_network=True)

_HTML_RESULT = (
    "//div[@id='links']/div[contains(concat(' ', normalize-space(@class), ' '), ' result ')]"
)


def parse_duckduckgo_html(
    status: int, headers: Mapping[str, str], body: bytes
) -> Result[Rows, WebError]:
    """Rows from an `html.duckduckgo.com/html/` answer."""
    return _parse(status, headers, body, _html_rows)


def parse_duckduckgo_lite(
    status: int, headers: Mapping[str, str], body: bytes
) -> Result[Rows, WebError]:
    """Rows from a `lite.duckduckgo.com/lite/` answer."""
    return _parse(status, headers, body, _lite_rows)


def is_challenge(body: bytes) -> bool:
    """Whether `body` is DuckDuckGo's bot challenge ("anomaly") page.

    Decided on the markup (the challenge form, `anomaly-modal` classes, `anomaly.js`), so a
    result snippet that merely mentions those words does not count; a body lxml cannot
    read at all is checked for the same markers as bytes.
    """
    document = _document(body)
    if document is None:
        return any(marker in body for marker in _ANOMALY_MARKERS)
    return _shows_challenge(document)


def unwrap_link(href: str) -> str:
    """The target of a DuckDuckGo redirect link; other links made absolute (https)."""
    href = href.strip()
    if href.startswith("//"):
        href = "https:" + href
    try:
        parts = urlsplit(href)
    except ValueError:
        return ""
    if _is_duckduckgo(parts.hostname) and parts.path.startswith("/l/"):
        targets = parse_qs(parts.query).get("uddg")
        return targets[0].strip() if targets else ""
    return href


def is_ad_link(url: str) -> bool:
    """Whether `url` is an ad click-through (`duckduckgo.com/y.js`)."""
    try:
        parts = urlsplit(url)
        host = parts.hostname
    except ValueError:
        return False
    return _is_duckduckgo(host) and parts.path.startswith("/y.js")


def _is_duckduckgo(host: str | None) -> bool:
    host = (host or "").lower()
    return host == "duckduckgo.com" or host.endswith(".duckduckgo.com")


def _parse(
    status: int,
    headers: Mapping[str, str],
    body: bytes,
    rows_of: Callable[[lxml.html.HtmlElement], list[Row] | None],
) -> Result[Rows, WebError]:
    if status in _BLOCK_STATUSES:
        return Failure(_challenge(status, retry_after_seconds(headers)))
    if status != 202:
        error = status_error(INFO, status, headers, b"")
        if error is not None:
            return Failure(error)
    document = _document(body)
    if document is None:
        blocked = status == 202 or any(marker in body for marker in _ANOMALY_MARKERS)
        return Failure(_challenge(status, None) if blocked else _not_results())
    if _shows_challenge(document):
        return Failure(_challenge(status, None))
    try:
        rows = rows_of(document)
    except (etree.LxmlError, ValueError, TypeError, UnicodeError, RecursionError):
        rows = None
    if rows is None:
        # ddgs treats every 202 as a block; a 202 that is not a results page is one.
        return Failure(_challenge(status, None) if status == 202 else _not_results())
    return Success(tuple(rows))


def _document(body: bytes) -> lxml.html.HtmlElement | None:
    try:
        return lxml.html.document_fromstring(body, parser=_PARSER)
    except (etree.LxmlError, ValueError, TypeError, UnicodeError, RecursionError):
        return None


def _shows_challenge(document: lxml.html.HtmlElement) -> bool:
    try:
        return bool(document.xpath(_CHALLENGE))
    except (etree.LxmlError, ValueError):
        return False


def _html_rows(document: lxml.html.HtmlElement) -> list[Row] | None:
    links = document.xpath("//div[@id='links']")
    if not links:
        return [] if _says_empty(document) else None
    rows: list[Row] = []
    for block in document.xpath(_HTML_RESULT):
        classes = f" {block.get('class', '')} "
        if "result--ad" in classes or "result--no-result" in classes:
            continue
        anchors = block.xpath(".//a[contains(@class, 'result__a')] | .//h2/a")
        if not anchors:
            continue
        url = unwrap_link(anchors[0].get("href") or "")
        if not url or is_ad_link(url):
            continue
        snippets = block.xpath(".//*[contains(@class, 'result__snippet')]")
        snippet = text_of(snippets[0].text_content()) if snippets else ""
        rows.append(make_row(text_of(anchors[0].text_content()), url, snippet))
    return rows


def _lite_rows(document: lxml.html.HtmlElement) -> list[Row] | None:
    anchors = document.xpath("//a[contains(@class, 'result-link')]")
    if not anchors:
        return [] if _says_empty(document) else None
    rows: list[Row] = []
    for anchor in anchors:
        url = unwrap_link(anchor.get("href") or "")
        if not url or is_ad_link(url):
            continue
        title_row = next(anchor.iterancestors("tr"), None)
        snippet_row = title_row.getnext() if title_row is not None else None
        snippet = ""
        if snippet_row is not None and snippet_row.tag == "tr":
            if "result-sponsored" in (snippet_row.get("class") or ""):
                continue
            cells = snippet_row.xpath(".//td[contains(@class, 'result-snippet')]")
            snippet = text_of(cells[0].text_content()) if cells else ""
        rows.append(make_row(text_of(anchor.text_content()), url, snippet))
    return rows


def _says_empty(document: lxml.html.HtmlElement) -> bool:
    if document.xpath("//*[contains(@class, 'no-results')]"):
        return True
    text = document.text_content()
    return any(marker in text for marker in _EMPTY_MARKERS)


def _challenge(status: int, retry_after: int | None) -> WebError:
    error = WebError.of(
        ErrorCode.PROVIDER_RATE_LIMITED,
        f"DuckDuckGo answered with its bot challenge or a block (HTTP {status}) instead of "
        "results: it is rate-limiting this machine. Wait a few minutes, or configure a "
        "keyed provider (e.g. BRAVE_API_KEY) or SEARXNG_URL.",
        provider=INFO.name,
        status=status,
    )
    return with_detail(error, retry_after=retry_after) if retry_after is not None else error


def _not_results() -> WebError:
    return WebError.of(
        ErrorCode.INVALID_BACKEND_DATA,
        "DuckDuckGo answered a page that is not a results page (its markup may have "
        "changed). Try again later or configure another provider.",
        provider=INFO.name,
    )
