"""Raw search rows and the defensive readers that build them from provider answers.

A row is a plain dict `{"title", "url", "snippet"}` plus optional `"score"` and
`"published"`. Readers never raise: a value of the wrong type becomes "" (or is left out),
and the kernel re-validates every row before an agent sees it.
"""

from __future__ import annotations

import html
import json
import math
import re
from collections.abc import Callable, Mapping

import attrs
from returns.result import Failure, Result, Success

from webdistill.adapters.providers.failures import ProviderInfo, status_error
from webdistill.adapters.providers.settings import DEFAULT_RESULTS
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import SearchQuery
from webdistill.kernel.own_text import OwnText, joined, name, own

Row = dict[str, object]
Rows = tuple[Row, ...]

_TAG = re.compile(r"<[^<>]{0,200}>")
_SPACE = re.compile(r"\s+")


@attrs.frozen
class Answer:
    """What one provider answered: rows, plus notes on fallbacks inside the provider.

    `unsupported` names the query's options this provider could not apply; `shortfall` says
    why it gave fewer rows than asked (ran dry, request budget, its own cap).
    """

    rows: Rows
    notes: tuple[OwnText, ...] = ()
    unsupported: tuple[OwnText, ...] = ()
    shortfall: OwnText | None = None
    requests: int = 1


def text_of(value: object) -> str:
    """`value` as a trimmed one-line string, or "" when it is not a string."""
    if not isinstance(value, str):
        return ""
    return _SPACE.sub(" ", value).strip()


def plain_text_of(value: object) -> str:
    """Like `text_of`, with HTML tags removed and entities decoded (Brave's <strong>)."""
    return text_of(html.unescape(_TAG.sub("", value))) if isinstance(value, str) else ""


def score_of(value: object) -> float | None:
    """A finite number as float; anything else (bool, str, NaN) is None."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    number = float(value)
    return number if math.isfinite(number) else None


def published_of(value: object) -> str | None:
    """A non-empty date string, else None."""
    text = text_of(value)
    return text or None


def make_row(
    title: str,
    url: str,
    snippet: str,
    score: float | None = None,
    published: str | None = None,
) -> Row:
    """One raw row; `score` and `published` only when known."""
    row: Row = {"title": title, "url": url, "snippet": snippet}
    if score is not None:
        row["score"] = score
    if published is not None:
        row["published"] = published
    return row


def wanted(query: SearchQuery) -> int:
    """How many results the query asks for (the provider default when unset)."""
    return query.max_results if query.max_results is not None else DEFAULT_RESULTS


def decode_json(body: bytes, label: str) -> Result[object, WebError]:
    """Parse a JSON body; anything unparseable is INVALID_BACKEND_DATA."""
    try:
        return Success(json.loads(body))
    except (ValueError, RecursionError):
        return Failure(
            WebError.of(
                ErrorCode.INVALID_BACKEND_DATA,
                own(
                    "{} answered something that is not JSON. The service may be down or "
                    "behind a proxy; try again later or use another provider.",
                    name(label, "the search provider"),
                ),
                provider=label,
            )
        )


def result_list(
    payload: object, label: str, *path: str, required: bool
) -> Result[list[object], WebError]:
    """The list at `path` in a JSON object; missing/null is [] unless `required`."""
    node: object = payload
    if not isinstance(payload, dict):
        return Failure(_shape_error(label, own("a JSON object")))
    for key in path:
        node = node.get(key) if isinstance(node, dict) else None
        if node is None:
            if required:
                return Failure(_shape_error(label, _list_at(path)))
            return Success([])
    if not isinstance(node, list):
        return Failure(_shape_error(label, _list_at(path)))
    return Success(node)


def json_rows(
    info: ProviderInfo,
    status: int,
    headers: Mapping[str, str],
    body: bytes,
    *path: str,
    required: bool,
    row: Callable[[object], Row],
) -> Result[Rows, WebError]:
    """The rows of a JSON answer (each item of the list at `path` through `row`), or the
    error its status or body signals."""
    error = status_error(info, status, headers, body)
    if error is not None:
        return Failure(error)
    payload = decode_json(body, info.label)
    if not isinstance(payload, Success):
        return Failure(payload.failure())
    items = result_list(payload.unwrap(), info.label, *path, required=required)
    if not isinstance(items, Success):
        return Failure(items.failure())
    return Success(tuple(row(item) for item in items.unwrap()))


def field(item: object, key: str) -> object:
    """`item[key]` when `item` is a JSON object, else None."""
    return item.get(key) if isinstance(item, dict) else None


def _list_at(path: tuple[str, ...]) -> OwnText:
    """`a 'web.results' list`: the path is our adapter's (a literal key per provider)."""
    return own("a '{}' list", joined([name(key, "(key)") for key in path], "."))


def _shape_error(label: str, expected: OwnText) -> WebError:
    return WebError.of(
        ErrorCode.INVALID_BACKEND_DATA,
        own(
            "{} answered JSON without {}; its API may have changed. Try another provider.",
            name(label, "the search provider"),
            expected,
        ),
        provider=label,
    )
