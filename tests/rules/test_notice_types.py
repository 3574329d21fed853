"""Issue 26: every notice-like field the renderer prints outside the fence is typed `OwnText`
(or a tuple of it), so `mypy --strict` refuses a plain `str` there, and so is each source
of one (a search provider's `Answer`, a store's `StoreError`); the transitional
`own_text.unconverted` (a plain str let through) is gone."""

from __future__ import annotations

import typing
from pathlib import Path

import attrs
import pytest

from webdistill.adapters.providers.rows import Answer
from webdistill.kernel import model, own_text
from webdistill.kernel.own_text import OwnText
from webdistill.kernel.store import StoreError

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
    (Answer, "notes"): tuple[OwnText, ...],
    (Answer, "unsupported"): tuple[OwnText, ...],
    (Answer, "shortfall"): OwnText | None,
    (StoreError, "reason"): OwnText,
}


@pytest.mark.parametrize(("cls", "name"), list(OWN), ids=lambda v: getattr(v, "__name__", v))
def test_each_notice_field_is_own_text(cls: type, name: str) -> None:
    hints = typing.get_type_hints(cls)
    assert name in {f.name for f in attrs.fields(cls)}
    assert hints[name] == OWN[cls, name]


def test_unconverted_is_gone() -> None:
    assert not hasattr(own_text, "unconverted")


#: A provider note built from what the server answered, as a provider could write it.
PLANTED_NOTE = """
from webdistill.adapters.providers.rows import Answer
from webdistill.kernel.store import StoreError


def answer_from(body: bytes) -> Answer:
    said = body.decode()
    return Answer(rows=(), notes=(f"the server said {said}",), shortfall=said)


def store_failed(reply: str) -> StoreError:
    return StoreError(f"the Redis server said {reply}")
"""


def test_mypy_refuses_a_provider_note_or_store_reason_of_server_text(tmp_path: Path) -> None:
    from mypy import api

    planted = tmp_path / "planted.py"
    planted.write_text(PLANTED_NOTE, encoding="utf-8")
    cache = str(tmp_path / "mypy-cache")
    out, _err, status = api.run(
        ["--strict", "--follow-imports=silent", "--cache-dir", cache, str(planted)]
    )
    assert status == 1, out
    assert 'Argument "notes" to "Answer" has incompatible type "tuple[str]"' in out
    assert 'Argument "shortfall" to "Answer" has incompatible type "str"' in out
    assert 'Argument 1 to "StoreError" has incompatible type "str"' in out
