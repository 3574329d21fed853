"""Every test runs with the loopback-only network guard armed: a socket connect or send to
anything but 127.0.0.0/8 / ::1, or a DNS lookup of a name other than localhost, is refused
before the system call (see tests/http/netguard.py). Every Python child process a test starts
gets the same guard, always on: tests/netguard_site is put first on PYTHONPATH here, and its
sitecustomize.py installs the hook at the child's start-up."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.http import netguard

GUARD_SITE = Path(__file__).parent / "netguard_site"
os.environ["PYTHONPATH"] = os.pathsep.join(
    filter(None, [str(GUARD_SITE), os.environ.get("PYTHONPATH")])
)


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
