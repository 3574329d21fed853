"""Issue 26: every notice-like field the renderer prints outside the fence is typed `OwnText`
(or a tuple of it), so `mypy --strict` refuses a plain `str` there; and the transitional
`own_text.unconverted` (a plain str let through) is gone."""

from __future__ import annotations

import typing

import attrs
import pytest

from webdistill.kernel import model, own_text
from webdistill.kernel.own_text import OwnText

OWN = {
    (model.Document, "notice"): OwnText | None,
    (model.FetchedPage, "notice"): OwnText | None,
    (model.Page, "notice"): OwnText | None,
    (model.RowBatch, "skipped"): tuple[OwnText, ...],
    (model.RowBatch, "unsupported"): tuple[OwnText, ...],
    (model.RowBatch, "shortfall"): OwnText | None,
    (model.RowBatch, "notice"): OwnText | None,
    (model.SearchOutcome, "skipped"): tuple[OwnText, ...],
    (model.SearchOutcome, "unsupported"): tuple[OwnText, ...],
    (model.SearchOutcome, "shortfall"): OwnText | None,
    (model.SearchOutcome, "notice"): OwnText | None,
    (model.RemovedHits, "reason"): OwnText,
}


@pytest.mark.parametrize(("cls", "name"), list(OWN), ids=lambda v: getattr(v, "__name__", v))
def test_each_notice_field_is_own_text(cls: type, name: str) -> None:
    hints = typing.get_type_hints(cls)
    assert name in {f.name for f in attrs.fields(cls)}
    assert hints[name] == OWN[cls, name]


def test_unconverted_is_gone() -> None:
    assert not hasattr(own_text, "unconverted")
