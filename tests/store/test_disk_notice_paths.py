"""No absolute path in a disk store's error as the model reads it; the operator's log keeps it.

Source: an attack on issue 25 items 3/4 (tests/attack/test_store_notice_path.py). `scrub`
replaced only `store-v1`'s path and its parent (WEB_CACHE_DIR); `home_relative` only the
process's HOME. An error on a *grandparent* (makedirs failing at a missing `~alice/.cache`
of a home that is not this process's HOME, e.g. a service whose
WEB_CACHE_DIR=/home/alice/.cache/webdistill) reached the model's notice verbatim, with the
local user's name: `NotADirectoryError: [Errno 20] Not a directory:
'/tmp/.../home/alice-local-user/.cache'`. (As root the failure is made with a regular file
in the way; as another user an unwritable home gives `PermissionError: '/home/alice/.cache'`
the same way.) Now every absolute path in such a text is replaced: the other errors' texts
below are real `OSError`s, raised by the calls named, on paths with a space, a quote, or two
paths in one message.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from returns.result import Failure

from webdistill.adapters.store.choice import open_store
from webdistill.adapters.store.disk_folder import ON_THE_PATH, scrub


async def test_grandparent_path_not_in_notice(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    home = tmp_path / "home" / "alice-local-user"
    home.parent.mkdir()
    home.write_text("")  # something in the way of makedirs
    cache_dir = home / ".cache" / "webdistill"
    store = open_store("disk", str(cache_dir), None)
    with caplog.at_level(logging.WARNING, logger="webdistill.store"):
        answer = await store.put("k", b"v", 60)
    await store.close()
    assert isinstance(answer, Failure)
    reason = answer.failure().reason
    assert "alice-local-user" not in reason and str(tmp_path) not in reason, reason
    assert reason.startswith(f"{ON_THE_PATH} is not a folder"), reason
    assert f"{home}, on the path to WEB_CACHE_DIR" in caplog.text  # the operator sees where


def _error(call: Callable[[], object]) -> str:
    try:
        call()
    except OSError as exc:
        return f"{type(exc).__name__}: {exc}"
    raise AssertionError("no error")


@pytest.mark.parametrize(
    ("name", "call"),
    [
        ("space", lambda home: os.mkdir(home / "Alice Smith" / ".cache")),
        ("quote", lambda home: os.mkdir(home / "o'brien" / ".cache")),
        ("two-paths", lambda home: os.rename(home / "alice" / "a", home / "bob" / "b")),
        ("in-store", lambda home: os.stat(home / "c" / "store-v1" / "entries-v1.sqlite3")),
    ],
)
def test_every_absolute_path_of_an_error_text_is_taken_out(
    tmp_path: Path, name: str, call: Callable[[Path], object]
) -> None:
    folder = tmp_path / "c" / "store-v1"
    told = _error(lambda: call(tmp_path))
    assert str(tmp_path) in told  # (the real error names the path)
    shown = scrub(told, str(folder))
    assert "/" not in shown.replace("<store-v1>/", ""), shown
    assert told.split(":")[0] in shown  # what went wrong is still said
    if name == "in-store":
        assert shown.endswith("'<store-v1>/entries-v1.sqlite3'"), shown
    else:
        assert shown.endswith(ON_THE_PATH), shown
