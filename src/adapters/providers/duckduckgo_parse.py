"""Parsing DuckDuckGo's HTML and lite result pages (scraped; there is no official API).

- Results: HTML endpoint `div#links > div.result` blocks (`a.result__a`, `.result__snippet`);
  lite endpoint `a.result-link` rows followed by a `td.result-snippet` row.
- Ads (`result--ad`, `tr.result-sponsored`, `duckduckgo.com/y.js` links) are skipped.
- `//duckduckgo.com/l/?uddg=<target>` redirect links are unwrapped to the target.
- Lite pages put an HTML comment between a title row and its snippet row, so the snippet is
  the next `<tr>` *element*, not the next node.
- The "no results" page carries a block offering the same query on Google
  (`http://www.google.com/search?q=...`, the link ddgs also drops); such search-elsewhere
  links are not hits.
- Dates: the HTML endpoint shows `<span>&nbsp; &nbsp; 2025-11-07T00:00:00.0000000</span>` in
  `div.result__extras__url`; lite shows `span.timestamp` in the display-URL row. The day
  goes into the row's `published`.
- The next-page form (`div.nav-link form` / lite's "Next Page" form) is read into a dict of
  its fields (`s`, `dc`, `vqd`, ...) so the caller can ask for the next page.
- The bot challenge ("anomaly") page, sent with 202 or 200, is PROVIDER_RATE_LIMITED.
- A page that is neither results nor an empty-results page is INVALID_BACKEND_DATA.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from urllib.parse import parse_qs, urlsplit

import attrs
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
from webdistill.kernel.own_text import number, own

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


#: An ISO day at the start of a date text ("2025-11-07T00:00:00.0000000").
_ISO_DAY = re.compile(r"(\d{4}-\d{2}-\d{2})(?:T[\d:.]+)?")
#: Hosts of the "try this search elsewhere" link on the no-results page.
_ELSEWHERE = re.compile(r"(?:www\.)?google\.(?:com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})")
#: Fields of the next-page form (a hostile page cannot make the next request huge).
_MAX_FORM_FIELDS = 20
_MAX_FIELD_CHARS = 500


@attrs.frozen
class DdgPage:
    """One parsed results page: its rows and the next-page form's fields (None: last page)."""

    rows: Rows
    next_form: Mapping[str, str] | None = None


def parse_duckduckgo_html(
    status: int, headers: Mapping[str, str], body: bytes
) -> Result[Rows, WebError]:
    """Rows from an `html.duckduckgo.com/html/` answer."""
    return parse_html_page(status, headers, body).map(lambda page: page.rows)


def parse_duckduckgo_lite(
    status: int, headers: Mapping[str, str], body: bytes
) -> Result[Rows, WebError]:
    """Rows from a `lite.duckduckgo.com/lite/` answer."""
    return parse_lite_page(status, headers, body).map(lambda page: page.rows)


def parse_html_page(
    status: int, headers: Mapping[str, str], body: bytes
) -> Result[DdgPage, WebError]:
    """Rows and next-page form of an `html.duckduckgo.com/html/` answer."""
    return _parse(status, headers, body, _html_rows, _html_next)


def parse_lite_page(
    status: int, headers: Mapping[str, str], body: bytes
) -> Result[DdgPage, WebError]:
    """Rows and next-page form of a `lite.duckduckgo.com/lite/` answer."""
    return _parse(status, headers, body, _lite_rows, _lite_next)


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


def is_elsewhere_link(url: str) -> bool:
    """Whether `url` is the no-results page's "search Google for this" link."""
    try:
        parts = urlsplit(url)
        host = (parts.hostname or "").lower()
    except ValueError:
        return False
    return bool(_ELSEWHERE.fullmatch(host)) and parts.path.rstrip("/") == "/search"


def day_of(text: str) -> str | None:
    """The ISO day a DuckDuckGo date text starts with, else None."""
    match = _ISO_DAY.match(text.replace("\xa0", " ").strip())
    return match.group(1) if match else None


def _is_duckduckgo(host: str | None) -> bool:
    host = (host or "").lower()
    return host == "duckduckgo.com" or host.endswith(".duckduckgo.com")


def _parse(
    status: int,
    headers: Mapping[str, str],
    body: bytes,
    rows_of: Callable[[lxml.html.HtmlElement], list[Row] | None],
    next_of: Callable[[lxml.html.HtmlElement], dict[str, str] | None],
) -> Result[DdgPage, WebError]:
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
        following = next_of(document) if rows else None
    except (etree.LxmlError, ValueError, TypeError, UnicodeError, RecursionError):
        rows, following = None, None
    if rows is None:
        # ddgs treats every 202 as a block; a 202 that is not a results page is one.
        return Failure(_challenge(status, None) if status == 202 else _not_results())
    return Success(DdgPage(rows=tuple(rows), next_form=following))


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
        if not url or is_ad_link(url) or is_elsewhere_link(url):
            continue
        snippets = block.xpath(".//*[contains(@class, 'result__snippet')]")
        snippet = text_of(snippets[0].text_content()) if snippets else ""
        dates = block.xpath(".//*[contains(@class, 'result__extras__url')]/span[not(@class)]")
        published = next((day for day in (day_of(d.text_content()) for d in dates) if day), None)
        rows.append(make_row(text_of(anchors[0].text_content()), url, snippet, None, published))
    return rows


def _form_fields(form: lxml.html.HtmlElement) -> dict[str, str]:
    fields: dict[str, str] = {}
    for field in form.xpath(".//input[@name][not(@type) or @type='hidden']")[:_MAX_FORM_FIELDS]:
        name = (field.get("name") or "")[:_MAX_FIELD_CHARS]
        fields[name] = (field.get("value") or "")[:_MAX_FIELD_CHARS]
    return fields


def _next_form(forms: list[lxml.html.HtmlElement]) -> dict[str, str] | None:
    """The fields of the form whose submit button says "Next", if it carries an offset."""
    for form in forms:
        labels = " ".join(form.xpath(".//input[@type='submit']/@value")).lower()
        if "next" in labels:
            fields = _form_fields(form)
            return fields if fields.get("s", "").isdigit() else None
    return None


def _html_next(document: lxml.html.HtmlElement) -> dict[str, str] | None:
    return _next_form(document.xpath("//div[contains(@class, 'nav-link')]//form"))


def _lite_next(document: lxml.html.HtmlElement) -> dict[str, str] | None:
    return _next_form(document.xpath("//form[.//input[@name='s']]"))


def _lite_rows(document: lxml.html.HtmlElement) -> list[Row] | None:
    anchors = document.xpath("//a[contains(@class, 'result-link')]")
    if not anchors:
        return [] if _says_empty(document) else None
    rows: list[Row] = []
    for anchor in anchors:
        url = unwrap_link(anchor.get("href") or "")
        if not url or is_ad_link(url) or is_elsewhere_link(url):
            continue
        title_row = next(anchor.iterancestors("tr"), None)
        if title_row is not None and "result-sponsored" in (title_row.get("class") or ""):
            continue
        # The rows after the title row up to the next result (comments are not rows).
        following = _rows_after(title_row)
        if following and "result-sponsored" in (following[0].get("class") or ""):
            continue
        snippet, published = "", None
        for row in following:
            cells = row.xpath(".//td[contains(@class, 'result-snippet')]")
            if cells and not snippet:
                snippet = text_of(cells[0].text_content())
            stamps = row.xpath(".//*[contains(@class, 'timestamp')]")
            if stamps and published is None:
                published = day_of(stamps[0].text_content())
        rows.append(make_row(text_of(anchor.text_content()), url, snippet, None, published))
    return rows


def _rows_after(title_row: lxml.html.HtmlElement | None) -> list[lxml.html.HtmlElement]:
    """Up to three `<tr>` elements after `title_row`, stopping at the next result's row."""
    if title_row is None:
        return []
    rows: list[lxml.html.HtmlElement] = []
    for sibling in title_row.itersiblings():
        if not isinstance(sibling.tag, str) or sibling.tag != "tr":
            continue  # comments, processing instructions, stray text nodes
        if sibling.xpath(".//a[contains(@class, 'result-link')]") or len(rows) == 3:
            break
        rows.append(sibling)
    return rows


def _says_empty(document: lxml.html.HtmlElement) -> bool:
    if document.xpath("//*[contains(@class, 'no-results')]"):
        return True
    text = document.text_content()
    return any(marker in text for marker in _EMPTY_MARKERS)


def _challenge(status: int, retry_after: int | None) -> WebError:
    error = WebError.of(
        ErrorCode.PROVIDER_RATE_LIMITED,
        own(
            "DuckDuckGo answered with its bot challenge or a block (HTTP {}) instead of "
            "results: it is rate-limiting this machine. Wait a few minutes, or configure a "
            "keyed provider (e.g. BRAVE_API_KEY) or SEARXNG_URL.",
            number(status),
        ),
        provider=INFO.name,
        status=status,
    )
    return with_detail(error, retry_after=retry_after) if retry_after is not None else error


def _not_results() -> WebError:
    return WebError.of(
        ErrorCode.INVALID_BACKEND_DATA,
        own(
            "DuckDuckGo answered a page that is not a results page (its markup may have "
            "changed). Try again later or configure another provider."
        ),
        provider=INFO.name,
    )
