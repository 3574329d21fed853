"""Untrusted data in, validated model out: tool arguments and backend rows.

One strict cattrs converter: extra keys are refused, and nothing is coerced silently (no
bool -> int, no float -> int, no number -> str, no "false" -> True). Errors name the field.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, Literal, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError
from returns.result import Failure, Result, Success

from webdistill.kernel.arguments import (
    MAX_CHARS,
    MAX_FOCUS_CHARS,
    MAX_QUERIES,
    MAX_QUERY_CHARS,
    MAX_RESULTS,
    MAX_TIMEOUT_MS,
    MAX_URLS,
    MIN_CHARS,
    MIN_RESULTS,
    MIN_TIMEOUT_MS,
    FetchArgs,
    SearchArgs,
)
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.model import (
    FetchBatch,
    FetchedPage,
    FetchRequest,
    SearchHit,
    SearchRequest,
)
from webdistill.kernel.own_text import (
    WEB_TEXT,
    OwnText,
    echo,
    field,
    joined,
    name,
    number,
    numeral,
    own,
    words,
)
from webdistill.kernel.search_options import search_options


class _Problem(ValueError):
    """A field's problem in our own words (what the converter's hooks raise)."""

    def __init__(self, said: OwnText) -> None:
        super().__init__(said)
        self.said = said


def _strict_str(value: object, _: type) -> str:
    if not isinstance(value, str):
        raise _Problem(own("must be a string, not {}", _kind(value)))
    return value


def _strict_int(value: object, _: type) -> int:
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)  # JSON Schema: 5.0 is an integer (some clients send it so)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Problem(own("must be a whole number, not {}", _kind(value)))
    return value


def _strict_float(value: object, _: type) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _Problem(own("must be a number, not {}", _kind(value)))
    number = float(value)
    if not math.isfinite(number):
        raise _Problem(words("must be a finite number"))
    return number


def _strict_bool(value: object, _: type) -> bool:
    if not isinstance(value, bool):
        raise _Problem(own("must be true or false, not {}", _kind(value)))
    return value


def _strict_str_tuple(value: object, _: type) -> tuple[str, ...]:
    if not isinstance(value, list | tuple):
        raise _Problem(own("must be a list of strings, not {}", _kind(value)))
    for index, item in enumerate(value):
        if not isinstance(item, str):
            raise _Problem(own("item {} must be a string, not {}", number(index), _kind(item)))
    return tuple(value)


def _is_literal(type_: object) -> bool:
    return get_origin(type_) is Literal


def _strict_literal(value: object, type_: Any) -> object:
    choices = get_args(type_)
    if value not in choices or isinstance(value, bool) != isinstance(choices[0], bool):
        accepted = joined([name(str(choice), "a choice") for choice in choices], ", ")
        raise _Problem(own("must be one of {}, not {}", accepted, _kind(value)))
    return value


def _kind(value: object) -> OwnText:
    """What kind of value the caller (or a backend) sent, in our words: a number is shown
    (cut after 30 characters), a string never."""
    if value is None:
        return words("null")
    if isinstance(value, bool):
        return words("boolean true" if value else "boolean false")
    if isinstance(value, int | float):
        return own("number {}", numeral(value))
    if isinstance(value, str):
        return words("string")
    if isinstance(value, Mapping):
        return words("object")
    if isinstance(value, list | tuple):
        return words("list")
    return name(type(value).__name__, "another kind of value")


def _make_converter() -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True)
    converter.register_structure_hook(str, _strict_str)
    converter.register_structure_hook(int, _strict_int)
    converter.register_structure_hook(float, _strict_float)
    converter.register_structure_hook(bool, _strict_bool)
    converter.register_structure_hook_func(lambda t: t == tuple[str, ...], _strict_str_tuple)
    converter.register_structure_hook_func(_is_literal, _strict_literal)
    return converter


#: The one converter for untrusted data.
converter = _make_converter()


def _describe(exc: BaseException, path: str, keys: list[str] | None = None) -> list[OwnText]:
    """Flatten a cattrs error tree into 'field: problem' lines. With `keys`, unknown field
    names are counted in the lines and collected in `keys` (a backend's names are its own
    free text: they are shown only inside a fence)."""
    if isinstance(exc, ClassValidationError | IterableValidationError):
        lines: list[OwnText] = []
        with_notes, without_notes = exc.group_exceptions()
        for inner, note in with_notes:
            named = getattr(note, "name", None)
            index = getattr(note, "index", None)
            sub = f"{path}.{named}" if named is not None else f"{path}[{index}]"
            lines.extend(_describe(inner, sub.lstrip("."), keys))
        for inner in without_notes:
            lines.extend(_describe(inner, path, keys))
        return lines
    if isinstance(exc, ForbiddenExtraKeysError):
        names = sorted(str(key) for key in exc.extra_fields)
        if keys is not None:
            keys.extend(names)
            count = number(len(names))
            if path:
                return [own("{}: {} unknown field(s)", field(path), count)]
            return [own("{} unknown field(s)", count)]
        shown = echo(", ".join(names))  # the caller's own argument names
        if path:
            return [own("{}: unknown field(s) {}", field(path), shown)]
        return [own("unknown field(s) {}", shown)]
    where = field(path or "value")
    if isinstance(exc, KeyError):
        return [own("{}: missing", where)]
    if isinstance(exc, _Problem):
        return [own("{}: {}", where, exc.said)]
    return [own("{}: is not valid ({})", where, name(type(exc).__name__, "an error"))]


def _without_nulls(raw: Mapping[Any, object], cls: type[Any]) -> dict[Any, object]:
    """`raw` without the nulls of fields that have a default: null means "the default" (how
    OpenAI strict mode, where every property is required, says a field is absent)."""
    defaulted = {one.name for one in attrs.fields(cls) if one.default is not attrs.NOTHING}
    return {key: value for key, value in raw.items() if value is not None or key not in defaulted}


def structure(
    raw: object,
    cls: type[Any],
    what: OwnText,
    *,
    null_is_default: bool = False,
    keys: list[str] | None = None,
) -> Result[Any, list[OwnText]]:
    """Structure `raw` into `cls` with the strict converter; the problems, one per field.

    With `null_is_default` (tool arguments), a null field that has a default takes it. With
    `keys`, unknown field names are counted, not quoted, and collected in `keys`."""
    if not isinstance(raw, Mapping):
        return Failure([own("{} must be a JSON object, not {}", what, _kind(raw))])
    data = _without_nulls(raw, cls) if null_is_default else dict(raw)
    try:
        return Success(converter.structure(data, cls))
    except Exception as exc:  # noqa: BLE001 - cattrs raises many kinds; all become messages
        return Failure(_describe(exc, "", keys) or [own("{} is not valid", what)])


def _invalid(lines: Sequence[OwnText], hint: OwnText) -> WebError:
    fields = joined(list(lines), "; ")
    return WebError.of(ErrorCode.INVALID_INPUT, own("Invalid input: {}. {}", fields, hint))


def clamp_max_results(value: int | None) -> int | None:
    """Absent stays absent (provider default); present is clamped to [1, 100]."""
    if value is None:
        return None
    return min(MAX_RESULTS, max(MIN_RESULTS, value))


def clamp_max_chars(value: int | None, default: int) -> int:
    """Absent -> `default`; present is clamped to [200, 1 000 000]."""
    chosen = default if value is None else value
    return min(MAX_CHARS, max(MIN_CHARS, chosen))


def clamp_timeout_ms(value: int | None) -> int | None:
    """Absent stays absent (the configured limit); present is clamped to [100, 600 000] (the
    HTTP client also caps it at the configured limit)."""
    if value is None:
        return None
    return min(MAX_TIMEOUT_MS, max(MIN_TIMEOUT_MS, value))


def merge_items(one: str | None, many: Sequence[str] | None) -> tuple[str, ...]:
    """`one` and `many` merged in order, trimmed, empty ones dropped, duplicates removed."""
    seen: dict[str, None] = {}
    for item in ([one] if one is not None else []) + list(many or ()):
        cleaned = " ".join(item.split())
        if cleaned:
            seen.setdefault(cleaned, None)
    return tuple(seen)


def merge_urls(one: str | None, many: Sequence[str] | None) -> tuple[str, ...]:
    """`one` and `many` merged in order, blank ones dropped, exact duplicates removed.

    Unlike queries, URLs are kept exactly as given: whitespace or control characters inside
    (or around) a URL are never collapsed or stripped here; `check_url` refuses them.
    """
    seen: dict[str, None] = {}
    for item in ([one] if one is not None else []) + list(many or ()):
        if item.strip():
            seen.setdefault(item, None)
    return tuple(seen)


SEARCH_HINT = words('Call web_search with {"query": "..."} or {"queries": ["...", "..."]}.')
FETCH_HINT = words('Call web_fetch with {"url": "https://..."} or {"urls": ["https://...", ...]}.')


def validate_search(raw: object) -> Result[SearchRequest, WebError]:
    """`web_search` arguments -> `SearchRequest`, or INVALID_INPUT naming the field."""
    what = words("web_search arguments")
    parsed = structure(raw, SearchArgs, what, null_is_default=True)
    if not isinstance(parsed, Success):
        return Failure(_invalid(parsed.failure(), SEARCH_HINT))
    args: SearchArgs = parsed.unwrap()
    queries = merge_items(args.query, args.queries)
    if not queries:
        return Failure(_invalid([words("query: give at least one non-empty query")], SEARCH_HINT))
    if len(queries) > MAX_QUERIES:
        problem = own(
            "queries: at most {} distinct queries per call, got {}",
            number(MAX_QUERIES),
            number(len(queries)),
        )
        return Failure(_invalid([problem], words("Split them over several calls.")))
    too_long = [q for q in queries if len(q) > MAX_QUERY_CHARS]
    if too_long:
        problem = own(
            "query: at most {} characters, got {}",
            number(MAX_QUERY_CHARS),
            number(len(too_long[0])),
        )
        return Failure(_invalid([problem], words("Use a shorter query.")))
    options = search_options(args)
    if not isinstance(options, Success):
        return Failure(_invalid(options.failure(), SEARCH_HINT))
    return Success(
        SearchRequest(
            queries=queries,
            max_results=clamp_max_results(args.max_results),
            time_range=args.time_range,
            include_content=args.include_content or args.content_hits is not None,
            **options.unwrap(),
        )
    )


def validate_fetch(raw: object, default_max_chars: int) -> Result[FetchBatch, WebError]:
    """`web_fetch` arguments -> `FetchBatch`, or INVALID_INPUT naming the field."""
    if type(raw) is dict and len(raw) == 1:  # `{"url": "..."}`, almost every call: its batch
        url = raw.get("url")
        if type(url) is str and url.strip():
            max_chars = clamp_max_chars(None, default_max_chars)
            return Success(FetchBatch(requests=(FetchRequest(url=url, max_chars=max_chars),)))
    return _validate_fetch(raw, default_max_chars)


def _validate_fetch(raw: object, default_max_chars: int) -> Result[FetchBatch, WebError]:
    """`validate_fetch` for every shape of arguments (the one-URL shortcut's reference)."""
    what = words("web_fetch arguments")
    parsed = structure(raw, FetchArgs, what, null_is_default=True)
    if not isinstance(parsed, Success):
        return Failure(_invalid(parsed.failure(), FETCH_HINT))
    args: FetchArgs = parsed.unwrap()
    urls = merge_urls(args.url, args.urls)
    problems: list[OwnText] = []
    if not urls:
        problems.append(words("url: give at least one URL"))
    if len(urls) > MAX_URLS:
        got = number(len(urls))
        problems.append(own("urls: at most {} URLs per call, got {}", number(MAX_URLS), got))
    if args.focus is not None and len(args.focus) > MAX_FOCUS_CHARS:
        problems.append(own("focus: at most {} characters", number(MAX_FOCUS_CHARS)))
    if problems:
        return Failure(_invalid(problems, FETCH_HINT))
    focus = args.focus.strip() if args.focus and args.focus.strip() else None
    max_chars = clamp_max_chars(args.max_chars, default_max_chars)
    requests = tuple(
        FetchRequest(
            url=url,
            max_chars=max_chars,
            start_index=max(0, args.start_index),
            focus=focus,
            compress=args.compress,
            extract_mode=args.extract_mode or "markdown",
            timeout_ms=clamp_timeout_ms(args.timeout_ms),
            prefer_reader=args.prefer_reader,
            render=args.render,
        )
        for url in urls
    )
    return Success(FetchBatch(requests=requests))


def _as_mapping(row: object) -> object:
    if attrs.has(type(row)):
        return attrs.asdict(row, recurse=False)  # type: ignore[arg-type]
    return row


def structure_row(
    row: object, cls: type[SearchHit] | type[FetchedPage], index: int
) -> Result[Any, WebError]:
    """One untrusted backend row -> model, or INVALID_BACKEND_DATA naming row and field.

    Unknown field names are the backend's free text: the message counts them and the
    names go to the fenced `web_text` detail (issue 26)."""
    keys: list[str] = []
    parsed = structure(_as_mapping(row), cls, own("row {}", number(index)), keys=keys)
    if isinstance(parsed, Success):
        return parsed
    problems = joined(parsed.failure(), "; ")
    said = {WEB_TEXT: f"the row's unknown field names: {', '.join(keys)}"} if keys else {}
    return Failure(
        WebError.of(
            ErrorCode.INVALID_BACKEND_DATA,
            own(
                "The backend answered with an invalid row {} ({}). This is a provider or adapter "
                "fault, not the request's; try again later or use another provider.",
                number(index),
                problems,
            ),
            retryable=None,
            row=index,
            problems=problems,
            **said,
        )
    )


__all__ = [
    "clamp_max_chars",
    "clamp_max_results",
    "converter",
    "structure_row",
    "validate_fetch",
    "validate_search",
]
