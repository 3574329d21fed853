"""Test network guard: an audit hook that records every socket.connect and refuses any
destination that is not loopback, before the syscall (so no packet can leave).

Installed once per process (audit hooks cannot be removed); it only records and refuses while
armed by the `connects` fixture, which every test in tests/http gets automatically.
"""

from __future__ import annotations

import sys
from typing import Any

import attrs

LOOPBACK = frozenset({"127.0.0.1", "::1"})


class NonLoopbackConnectRefused(ConnectionRefusedError):
    """Raised by the test guard instead of connecting anywhere but loopback."""


@attrs.define
class ConnectLog:
    """Destinations (host, port) of socket.connect calls while armed."""

    armed: bool = False
    destinations: list[tuple[str, int]] = attrs.field(factory=list)
    refused: list[tuple[str, int]] = attrs.field(factory=list)

    def to_port(self, port: int) -> list[tuple[str, int]]:
        return [d for d in self.destinations if d[1] == port]


STATE = ConnectLog()


def _hook(event: str, args: tuple[Any, ...]) -> None:
    if event != "socket.connect" or not STATE.armed:
        return
    address = args[1]
    if not isinstance(address, tuple):
        return  # AF_UNIX and friends
    destination = (str(address[0]), int(address[1]))
    STATE.destinations.append(destination)
    if destination[0] not in LOOPBACK:
        STATE.refused.append(destination)
        raise NonLoopbackConnectRefused(f"test guard refused a connect to {destination}")


_installed: list[bool] = []


def install() -> None:
    """Add the audit hook once per process."""
    if not _installed:
        sys.addaudithook(_hook)
        _installed.append(True)
