"""The third tool, `web_get_result`, and how the other two tag their results with an id.

`remember` keeps a call's outcomes in the `ResultStore` (when one is configured) and answers
them tagged with the `response_id`; a store that fails leaves them untagged, never fails the
call. `web_get_result` validates its arguments, loads the result for the caller's scope and
selects the part asked for. Nothing here raises.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, TypeVar

import attrs
from returns.result import Failure, Result, Success

from webdistill.kernel.arguments import MAX_RESPONSE_ID_CHARS, GetResultArgs
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import FetchOutcome, SearchOutcome
from webdistill.kernel.own_text import OwnText, field, joined, number, own, words
from webdistill.kernel.ports import Deps
from webdistill.kernel.results import StoredResult, ToolName, not_found, select
from webdistill.kernel.validate import structure

_O = TypeVar("_O", SearchOutcome, FetchOutcome)

GET_HINT = words(
    'Call web_get_result with {"response_id": "..."} and optionally one of query / '
    "query_index (web_search results) and url / url_index."
)


async def remember(
    deps: Deps, tool: ToolName, outcomes: tuple[_O, ...], scope: str
) -> tuple[_O, ...]:
    """`outcomes` tagged with the id they are stored under (untagged when not stored).

    Only a result worth getting back is stored: one with a page or a hit. A call where
    every item failed (or found nothing) gets no id: calling again is as cheap."""
    if deps.results is None or not any(map(_worth_keeping, outcomes)):
        return outcomes
    try:
        saved = await deps.results.save(tool, outcomes, scope)
    except Exception:  # noqa: BLE001 - a failing store never fails the call
        return outcomes
    if not isinstance(saved, Success):
        return outcomes
    response_id = saved.unwrap()
    return tuple(_tagged(outcome, response_id) for outcome in outcomes)


def _worth_keeping(outcome: SearchOutcome | FetchOutcome) -> bool:
    if isinstance(outcome, FetchOutcome):
        return outcome.page is not None
    return bool(outcome.hits)


#: Per outcome class: its fields' getter and where `response_id` is among them (None: the
#: class is not built positionally from its fields, so `attrs.evolve` does it).
_shapes: dict[type, tuple[Callable[[object], tuple[object, ...]], int] | None] = {}


def _tagged(outcome: _O, response_id: str) -> _O:
    """`attrs.evolve(outcome, response_id=response_id)`, built positionally (a few times
    cheaper: one getter, no keyword dict)."""
    kind = type(outcome)
    try:
        shape = _shapes[kind]
    except KeyError:
        fields = attrs.fields(kind)
        names = [field.name for field in fields]
        plain = all(f.init and not f.kw_only and f.alias == f.name for f in fields)
        fits = plain and len(names) > 1 and "response_id" in names
        shape = (operator.attrgetter(*names), names.index("response_id")) if fits else None
        _shapes[kind] = shape
    if shape is None:
        return attrs.evolve(outcome, response_id=response_id)
    getter, at = shape
    values: list[Any] = list(getter(outcome))
    values[at] = response_id
    return kind(*values)


def validate_get(raw: object) -> Result[GetResultArgs, WebError]:
    """`web_get_result` arguments -> `GetResultArgs`, or INVALID_INPUT naming the field."""
    parsed = structure(raw, GetResultArgs, words("web_get_result arguments"))
    if not isinstance(parsed, Success):
        problems = joined(parsed.failure(), "; ")
        return Failure(
            WebError.of(ErrorCode.INVALID_INPUT, own("Invalid input: {}. {}", problems, GET_HINT))
        )
    args: GetResultArgs = parsed.unwrap()
    problems_list: list[OwnText] = []
    response_id = (args.response_id or "").strip()
    if not response_id:
        problems_list.append(words("response_id: give the response_id of an earlier result"))
    elif len(response_id) > MAX_RESPONSE_ID_CHARS:
        limit = number(MAX_RESPONSE_ID_CHARS)
        problems_list.append(own("response_id: at most {} characters", limit))
    for name in ("query_index", "url_index"):
        value = getattr(args, name)
        if value is not None and value < 0:
            problems_list.append(own("{}: must be 0 or more", field(name)))
    if args.query is not None and args.query_index is not None:
        problems_list.append(words("query and query_index: give one of them"))
    if args.url is not None and args.url_index is not None:
        problems_list.append(words("url and url_index: give one of them"))
    if problems_list:
        problems = joined(problems_list, "; ")
        return Failure(
            WebError.of(ErrorCode.INVALID_INPUT, own("Invalid input: {}. {}", problems, GET_HINT))
        )
    return Success(attrs.evolve(args, response_id=response_id))


async def web_get_result(
    deps: Deps, raw: object, *, scope: str = ""
) -> Result[StoredResult, WebError]:
    """The `web_get_result` tool: a stored result, whole or the part selected."""
    validated = validate_get(raw)
    if not isinstance(validated, Success):
        return Failure(validated.failure())
    args = validated.unwrap()
    response_id = args.response_id or ""
    if deps.results is None:
        message = words(
            "Results are not stored in this configuration (WEB_MAX_STORED_RESULTS=0 or "
            "WEB_CACHE=off). Call web_search or web_fetch again."
        )
        return Failure(WebError.of(ErrorCode.NOT_FOUND, message, response_id=response_id[:40]))
    try:
        loaded = await deps.results.load(response_id, scope)
    except Exception:  # noqa: BLE001 - a failing store reads as "not there"
        return Failure(not_found(response_id))
    if not isinstance(loaded, Success):
        return Failure(loaded.failure())
    stored = loaded.unwrap()
    tagged = attrs.evolve(
        stored,
        searches=tuple(attrs.evolve(o, response_id=response_id) for o in stored.searches),
        pages=tuple(attrs.evolve(o, response_id=response_id) for o in stored.pages),
    )
    return select(tagged, args)
