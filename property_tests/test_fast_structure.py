"""The converter's shortcut (kernel/fast_structure.py) answers exactly what cattrs answers.

Whenever `plain_mapping` builds a class from a mapping, the strict converter builds an equal
instance from it (nulls of defaulted fields dropped first, as tool arguments are read); and
whenever `exact_instance` lets a backend row through as it is, structuring the row's fields
gives an equal row. Values cover every shape the converter refuses or coerces (bools for
ints, 5.0, non-finite floats, lists of mixed items, unknown keys, str subclasses).
"""

from __future__ import annotations

from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st

from webdistill.kernel.arguments import FetchArgs, GetResultArgs, SearchArgs
from webdistill.kernel.fast_structure import _table, exact_instance, plain_mapping
from webdistill.kernel.model import FetchedPage, SearchHit
from webdistill.kernel.validate import _validate_fetch, _without_nulls, converter, validate_fetch


class _Str(str):
    pass


_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 10**6),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([5.0, -0.0, 3.5]),
    st.text(max_size=8),
    st.sampled_from(["markdown", "raw", "day", "news", "strict", _Str("x")]),
    st.lists(st.text(max_size=4), max_size=3),
    st.lists(st.one_of(st.text(max_size=3), st.integers()), max_size=3).map(tuple),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
_CLASSES: list[type[Any]] = [FetchArgs, SearchArgs, GetResultArgs, FetchedPage, SearchHit]


def _keys(cls: type[Any]) -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from([f.name for f in attrs.fields(cls)]), st.text(max_size=4))


_WELL_TYPED = {
    "str": st.text(max_size=8),
    "int": st.integers(-5, 10**6),
    "bool": st.booleans(),
    "float": st.floats(allow_nan=False, allow_infinity=False),
    "strs": st.lists(st.text(max_size=4), max_size=3),
}


def _well_typed(cls: type[Any], spoil: bool) -> st.SearchStrategy[dict[str, object]]:
    """Values of each field's own type (so the shortcut is taken), required fields present;
    with `spoil`, any field may get any value instead."""
    table = _table(cls) or {}
    required: dict[str, st.SearchStrategy[object]] = {}
    optional: dict[str, st.SearchStrategy[object]] = {}
    for name, (kind, has_default) in table.items():
        if kind is None:
            continue
        own = st.sampled_from(kind[2]) if kind[0] == "literal" else _WELL_TYPED[kind[0]]
        value = st.one_of(own, st.none()) if kind[1] else own
        value = st.one_of(value, _VALUES) if spoil else value
        (optional if has_default else required)[name] = value
    return st.fixed_dictionaries(required, optional=optional)


@st.composite
def _case(draw: st.DrawFn) -> tuple[type[Any], dict[str, object], bool]:
    cls = draw(st.sampled_from(_CLASSES))
    if draw(st.booleans()):
        raw = draw(_well_typed(cls, spoil=draw(st.booleans())))
    else:
        raw = draw(st.dictionaries(_keys(cls), _VALUES, max_size=6))
    return cls, raw, draw(st.booleans())


def _converted(raw: dict[str, object], cls: type[Any], null_is_default: bool) -> object:
    data = _without_nulls(raw, cls) if null_is_default else dict(raw)
    try:
        return converter.structure(data, cls)
    except Exception:  # noqa: BLE001 - refused by the converter
        return "refused"


@given(_case())
def test_plain_mapping_builds_what_the_converter_builds(
    case: tuple[type[Any], dict[str, object], bool],
) -> None:
    cls, raw, null_is_default = case
    built = plain_mapping(raw, cls, null_is_default=null_is_default)
    if built is not None:
        assert built == _converted(raw, cls, null_is_default)
        assert all(type(getattr(built, f.name)) is not list for f in attrs.fields(cls))


@given(st.sampled_from([FetchedPage, SearchHit]), st.data())
def test_exact_instances_are_what_the_converter_would_answer(
    cls: type[Any], data: st.DataObject
) -> None:
    if data.draw(st.booleans()):
        values = {f.name: data.draw(_VALUES) for f in attrs.fields(cls)}
    else:
        values = data.draw(_well_typed(cls, spoil=data.draw(st.booleans())))
    if data.draw(st.booleans()):
        values = {k: tuple(v) if isinstance(v, list) else v for k, v in values.items()}
    row = cls(**values)  # attrs does not check types: any value gets in
    if exact_instance(row, cls):
        assert _converted(attrs.asdict(row, recurse=False), cls, False) == row


def test_the_common_shapes_take_the_shortcut() -> None:
    assert plain_mapping({"url": "https://example.org/"}, FetchArgs) == FetchArgs(
        url="https://example.org/"
    )
    assert plain_mapping({"url": "https://example.org/", "max_chars": None}, FetchArgs,
                         null_is_default=True) is not None  # fmt: skip
    page = FetchedPage(url="https://example.org/", content="text", flags=("empty",))
    assert exact_instance(page, FetchedPage)
    assert not exact_instance(attrs.evolve(page, flags=["empty"]), FetchedPage)
    assert plain_mapping({"url": "x", "max_chars": True}, FetchArgs) is None
    assert plain_mapping({"url": "x", "max_chars": 5.0}, FetchArgs) is None


@given(
    st.one_of(
        st.dictionaries(st.sampled_from(["url", "urls", "URL", "max_chars"]),
                        st.one_of(_VALUES, st.sampled_from([" ", "\n", "https://e.org/ a"])),
                        max_size=2),
        st.fixed_dictionaries({"url": st.one_of(st.text(max_size=30), st.just(_Str("https://e.org/")),
                                                st.sampled_from(["", " \t", "https://example.org/x"]))}),
    ),
    st.integers(-10, 2_000_000),
)  # fmt: skip
def test_the_one_url_call_validates_as_every_call(raw: dict[str, object], default: int) -> None:
    assert validate_fetch(raw, default) == _validate_fetch(raw, default)


_ODD = [(1,), ("a", 2), ["a"], None, ("a", _Str("b")), 1.5, float("nan"), True, 0, _Str("s"), ""]


@given(st.sampled_from([FetchedPage, SearchHit]), st.data())
def test_one_odd_field_is_never_let_through(cls: type[Any], data: st.DataObject) -> None:
    """A well-typed row with one field (each in turn) of another value: `exact_instance` lets
    it through only when the converter would answer the same row."""
    values = data.draw(_well_typed(cls, spoil=False))
    values = {k: tuple(v) if isinstance(v, list) else v for k, v in values.items()}
    for field in attrs.fields(cls):
        for odd in [*_ODD, data.draw(_VALUES)]:
            row = cls(**{**values, field.name: odd})
            if exact_instance(row, cls):
                assert _converted(attrs.asdict(row, recurse=False), cls, False) == row
