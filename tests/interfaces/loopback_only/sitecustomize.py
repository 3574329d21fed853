"""Loaded at start-up by the subprocesses the interface tests spawn (via PYTHONPATH).

An audit hook that makes any connection or name lookup to something other than loopback
fail, so a bug in the code under test cannot send traffic off this machine.
"""

import ipaddress
import sys

_LOOPBACK_NAMES = {"localhost", "127.0.0.1", "::1", None}


def _is_loopback(host: object) -> bool:
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    if host in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(str(host).strip("[]").split("%")[0]).is_loopback
    except ValueError:
        return False


def _guard(event: str, args: tuple[object, ...]) -> None:
    if event == "socket.connect":
        address = args[1]
        if isinstance(address, tuple) and not _is_loopback(address[0]):
            raise PermissionError(f"test guard: connection to {address[0]!r} refused")
    elif event == "socket.getaddrinfo" and not _is_loopback(args[0]):
        raise PermissionError(f"test guard: name lookup of {args[0]!r} refused")


sys.addaudithook(_guard)
