"""Every test runs with the loopback-only connect guard armed: a socket.connect to anything
but 127.0.0.1 / ::1 is refused before the system call (see tests/http/netguard.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.http import netguard


@pytest.fixture(autouse=True)
def loopback_only() -> Iterator[None]:
    netguard.install()
    was_armed = netguard.STATE.armed
    netguard.STATE.armed = True
    try:
        yield
    finally:
        netguard.STATE.armed = was_armed


@pytest.fixture(autouse=True)
def private_cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk store (the default WEB_CACHE) lives in this test's own folder: no test sees
    another's pages, and none writes into the user's cache."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))
    monkeypatch.delenv("WEB_CACHE_DIR", raising=False)
    monkeypatch.delenv("WEB_CACHE", raising=False)
