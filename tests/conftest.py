"""Every test runs with the loopback-only connect guard armed: a socket.connect to anything
but 127.0.0.1 / ::1 is refused before the system call (see tests/http/netguard.py)."""

from __future__ import annotations

from collections.abc import Iterator

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
