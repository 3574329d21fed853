"""Test network guard: an audit hook that records every socket connect and send, and refuses
any destination that is not loopback (127.0.0.0/8, ::1), and any DNS lookup of a name other
than localhost, before the system call (so no packet can leave).

The rule lives in tests/netguard_site/sitecustomize.py, which child processes load at start-up
(tests/conftest.py puts that folder on PYTHONPATH). Here it is installed once per process (audit
hooks cannot be removed); it only records and refuses while armed, which tests/conftest.py does
for every test under tests/ (and the `connects` fixture of tests/http).
"""

from __future__ import annotations

import sys
from typing import Any

import attrs

from tests.netguard_site.sitecustomize import (
    NonLoopbackConnectRefused,
    NonLoopbackLookupRefused,
    check,
    destination,
    is_loopback,
)

__all__ = ["STATE", "ConnectLog", "NonLoopbackConnectRefused", "NonLoopbackLookupRefused"]


@attrs.define
class ConnectLog:
    """Destinations (host, port) of socket connects and sends while armed."""

    armed: bool = False
    destinations: list[tuple[str, int]] = attrs.field(factory=list)
    refused: list[tuple[str, int]] = attrs.field(factory=list)

    def to_port(self, port: int) -> list[tuple[str, int]]:
        return [d for d in self.destinations if d[1] == port]


STATE = ConnectLog()


def _hook(event: str, args: tuple[Any, ...]) -> None:
    if not STATE.armed:
        return
    target = destination(event, args)
    if target is not None:
        STATE.destinations.append(target)
        if not is_loopback(target[0]):
            STATE.refused.append(target)
    check(event, args)


_installed: list[bool] = []


def install() -> None:
    """Add the audit hook once per process."""
    if not _installed:
        sys.addaudithook(_hook)
        _installed.append(True)
