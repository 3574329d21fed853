"""Loopback-only guard for provider tests: any socket.connect to a non-loopback address fails.

Installed as an audit hook (hooks cannot be removed, so it only acts while a provider test
other than the opt-in live smoke tests is running).
"""

from __future__ import annotations

import ipaddress
import sys
from collections.abc import Iterator

import pytest

_guard = {"active": False}


def _refuse_non_loopback(event: str, args: tuple[object, ...]) -> None:
    if event != "socket.connect" or not _guard["active"] or len(args) < 2:
        return
    address = args[1]
    if not isinstance(address, tuple) or not address or not isinstance(address[0], str):
        return  # AF_UNIX and friends
    try:
        loopback = ipaddress.ip_address(address[0].split("%")[0]).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        raise ConnectionRefusedError(
            f"provider tests may only connect to loopback, not {address!r}"
        )


sys.addaudithook(_refuse_non_loopback)


@pytest.fixture(autouse=True)
def loopback_only(request: pytest.FixtureRequest) -> Iterator[None]:
    """Arm the guard for every provider test except the opt-in live smoke tests."""
    live = request.node.module.__name__.endswith("test_live_smoke")
    _guard["active"] = not live
    try:
        yield
    finally:
        _guard["active"] = False
