"""The strict converter's answer for the common exact shapes, without running cattrs.

Structuring a small attrs class through cattrs costs tens of microseconds, more than the
rest of the kernel's per-fetch work; almost every call is `{"url": "https://..."}` or a
row the project's own backend built. `plain_mapping` and `exact_instance` recognise the
shapes whose answer is known without the converter: every key a field of the class, every
value of exactly the field's simple type (`str`, `int`, `bool`, finite `float`, one of a
`Literal`'s strings, a list or tuple of `str` for `tuple[str, ...]`, `None` where the field
allows it). For those the strict converter (`validate.converter`) makes exactly the same
instance, since its hooks pass such values through unchanged. Anything else (a bool where
an int is wanted, `5.0`, a nested class, an unknown key, a subclass of `str`) answers None,
and the caller runs the converter, which also words the errors.
"""

from __future__ import annotations

import math
import types
from collections.abc import Callable
from typing import Any, Literal, Union, get_args, get_origin

import attrs

#: How one field's value is checked: ("str" | "int" | "bool" | "float" | "strs" | "literal",
#: whether None is allowed, the Literal's choices).
_Kind = tuple[str, bool, tuple[object, ...]]
_SIMPLE = {str: "str", int: "int", bool: "bool", float: "float"}

#: Per class: field name -> (kind or None when not simple, has a default); None: the class
#: has a field the fast path cannot handle by name (an alias), so it is never used.
_TABLES: dict[type, dict[str, tuple[_Kind | None, bool]] | None] = {}


def _kind(type_: object) -> _Kind | None:
    optional = False
    if get_origin(type_) in (Union, types.UnionType):
        members = get_args(type_)
        rest = [m for m in members if m is not type(None)]
        if len(rest) != 1 or len(members) != 2:
            return None
        optional, type_ = True, rest[0]
    if type_ in _SIMPLE:
        return (_SIMPLE[type_], optional, ())
    if type_ == tuple[str, ...]:
        return ("strs", optional, ())
    if get_origin(type_) is Literal:
        choices = get_args(type_)
        if choices and all(type(choice) is str for choice in choices):
            return ("literal", optional, choices)
    return None


def _table(cls: type[Any]) -> dict[str, tuple[_Kind | None, bool]] | None:
    if cls in _TABLES:
        return _TABLES[cls]
    table: dict[str, tuple[_Kind | None, bool]] | None = {}
    try:
        fields = attrs.fields(attrs.resolve_types(cls))
    except Exception:  # noqa: BLE001 - unresolvable annotations: never take the fast path
        fields = None
    if fields is None or any(f.alias != f.name or not f.init for f in fields):
        table = None
    else:
        table = {f.name: (_kind(f.type), f.default is not attrs.NOTHING) for f in fields}
    _TABLES[cls] = table
    return table


def _exact(value: object, kind: _Kind) -> bool:
    name, optional, choices = kind
    if value is None:
        return optional
    if name == "str":
        return type(value) is str
    if name == "int":
        return type(value) is int
    if name == "bool":
        return type(value) is bool
    if name == "float":
        return type(value) is float and math.isfinite(value)
    if name == "literal":
        return type(value) is str and value in choices
    # "strs": what the converter makes a tuple of, item by item
    return type(value) in (list, tuple) and all(type(item) is str for item in value)  # type: ignore[attr-defined]


def plain_mapping(raw: object, cls: type[Any], *, null_is_default: bool = False) -> Any | None:
    """`cls` built from `raw` when the strict converter would build exactly it, else None.

    `null_is_default`: a null value of a field with a default is left out (the default)."""
    if type(raw) is not dict:
        return None
    table = _table(cls)
    if table is None:
        return None
    kwargs: dict[str, object] = {}
    for key, value in raw.items():
        entry = table.get(key) if type(key) is str else None
        if entry is None:
            return None
        kind, has_default = entry
        if value is None and null_is_default and has_default:
            continue
        if kind is None or not _exact(value, kind):
            return None
        kwargs[key] = tuple(value) if kind[0] == "strs" and value is not None else value
    try:
        return cls(**kwargs)
    except Exception:  # noqa: BLE001 - a missing field or a validator: the converter says why
        return None


#: Per class, the check `exact_instance` runs on an instance (None: the class has a field of
#: no simple kind, so no instance is exact). It is written out as one expression per class
#: (`type(row.url) is str and ...`, as attrs writes its `__init__`), since this runs on every
#: page and search hit and a loop over the fields cost three times as much.
_CHECKS: dict[type, Callable[[object], bool] | None] = {}


def _check_source(table: dict[str, tuple[_Kind | None, bool]]) -> tuple[str, tuple[_Kind, ...]]:
    """The source of the check for a class whose fields are `table`, and the kinds it uses."""
    kinds: list[_Kind] = []
    terms: list[str] = []
    for index, (name, (kind, _)) in enumerate(table.items()):
        assert kind is not None and name.isidentifier()
        value = f"row.{name}"
        if kind[0] in ("str", "int", "bool"):
            term = f"type({value}) is {kind[0]}"
            if kind[1]:
                term = f"({value} is None or {term})"
        elif kind[0] == "strs":  # what `_exact` accepts, and a tuple already (as the
            # converter makes it): so never None, even where None is allowed
            term = f"(type({value}) is tuple and all(type(i) is str for i in {value}))"
        else:
            term = f"_exact({value}, kinds[{index}])"
        kinds.append(kind)
        terms.append(term)
    body = "\n        and ".join(terms) or "True"
    return f"def check(row):\n    return bool(\n        {body}\n    )\n", tuple(kinds)


def _check(cls: type[Any]) -> Callable[[object], bool] | None:
    if cls in _CHECKS:
        return _CHECKS[cls]
    table = _table(cls)
    check = None
    if table is not None and all(kind is not None for kind, _ in table.values()):
        source, kinds = _check_source(table)
        namespace: dict[str, Any] = {"_exact": _exact, "kinds": kinds}
        # The source names only the class's own field names (identifiers, checked above).
        exec(compile(source, f"<exact_instance {cls.__qualname__}>", "exec"), namespace)
        check = namespace["check"]
    _CHECKS[cls] = check
    return check


def exact_instance(row: object, cls: type[Any]) -> bool:
    """True when `row` is a `cls` (not a subclass) whose every field is of exactly its simple
    type: the converter would answer an equal instance, so `row` can be used as it is."""
    if type(row) is not cls:
        return False
    check = _CHECKS[cls] if cls in _CHECKS else _check(cls)
    return check is not None and check(row)
