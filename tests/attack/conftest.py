"""Attack tests: the loopback-only connect guard of tests/http is armed for every test here."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.http import netguard


@pytest.fixture(autouse=True)
def connects() -> Iterator[netguard.ConnectLog]:
    netguard.install()
    netguard.STATE.destinations.clear()
    netguard.STATE.refused.clear()
    netguard.STATE.armed = True
    try:
        yield netguard.STATE
    finally:
        netguard.STATE.armed = False
