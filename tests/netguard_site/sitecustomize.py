"""The test network guard's rule, and its always-on form for child processes.

Python imports `sitecustomize` at start-up from the first folder on its path that has one;
`tests/conftest.py` puts this folder first on PYTHONPATH (in `os.environ`), so every Python
child a test starts (the CLI and MCP servers, the extraction pool's forkserver and its
workers) installs the guard before running anything. In the test process itself the same rule
is used by `tests/http/netguard.py`, armed per test. Self-contained: a child may not be able
to import the `tests` package.

The rule, checked by an audit hook before the system call (so no packet leaves):
- `socket.connect` / `connect_ex`, `sendto` and `sendmsg` with a destination (UDP without
  connect) on an IPv4/IPv6 socket are refused unless the destination is `localhost` or a
  loopback address: 127.0.0.0/8, ::1 (or ::ffff:127.x.y.z);
- `socket.getaddrinfo` of a name is refused (as a lookup failure) unless it is an address
  literal or `localhost`: a DNS query for any other name would leave the machine.

`SELF_TEST_FOREIGN` (in a child: the comma-separated NETGUARD_SELF_TEST_FOREIGN variable) names
loopback hosts the guard treats as foreign, only so that the guard's own tests can show it
refusing without a packet that could leave the machine if it did not. Empty by default.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import ipaddress
import os
import socket
import sys

_SENDS = frozenset({"socket.connect", "socket.sendto", "socket.sendmsg"})

SELF_TEST_FOREIGN: set[str] = {
    h.strip().lower() for h in os.environ.get("NETGUARD_SELF_TEST_FOREIGN", "").split(",") if h
}


class NonLoopbackConnectRefused(ConnectionRefusedError):
    """Raised by the test guard instead of sending anything anywhere but loopback."""


class NonLoopbackLookupRefused(socket.gaierror):
    """Raised by the test guard instead of a DNS lookup of a name that is not local."""


def _literal(host: object) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    if not isinstance(host, str):
        return None
    try:
        return ipaddress.ip_address(host.strip("[]").split("%")[0])
    except ValueError:
        return None


def _self_test_foreign(host: object) -> bool:
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    return isinstance(host, str) and host.strip("[]").lower() in SELF_TEST_FOREIGN


def _is_localhost(host: object) -> bool:
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    return isinstance(host, str) and host.lower().rstrip(".") == "localhost"


def is_loopback(host: object) -> bool:
    """True for `localhost` and a loopback literal: 127.0.0.0/8, ::1, ::ffff:127.0.0.0/104."""
    if _self_test_foreign(host):
        return False
    if _is_localhost(host):
        return True
    addr = _literal(host)
    if isinstance(addr, ipaddress.IPv6Address) and addr.ipv4_mapped is not None:
        addr = addr.ipv4_mapped
    return addr is not None and addr.is_loopback


def destination(event: str, args: tuple[object, ...]) -> tuple[str, int] | None:
    """The (host, port) an IPv4/IPv6 send or connect event goes to; None for other events,
    other families (AF_UNIX, netlink...) and sends on an already connected socket."""
    if event not in _SENDS or len(args) < 2:
        return None
    family = getattr(args[0], "family", None)
    address = args[1]
    if family not in (socket.AF_INET, socket.AF_INET6) or not isinstance(address, tuple):
        return None
    port = address[1] if len(address) > 1 and isinstance(address[1], int) else 0
    return (str(address[0]), port)


def lookup_refused(event: str, args: tuple[object, ...]) -> bool:
    """True for a getaddrinfo of a name that would be sent to a DNS server."""
    if event != "socket.getaddrinfo" or not args:
        return False
    host = args[0]
    if _self_test_foreign(host):
        return True
    return not (host is None or _literal(host) is not None or _is_localhost(host))


def check(event: str, args: tuple[object, ...]) -> tuple[str, int] | None:
    """Raise when `event` breaks the rule; return the destination of a permitted send."""
    if lookup_refused(event, args):
        raise NonLoopbackLookupRefused(
            socket.EAI_NONAME, f"test guard refused a DNS lookup of {args[0]!r}"
        )
    target = destination(event, args)
    if target is not None and not is_loopback(target[0]):
        raise NonLoopbackConnectRefused(f"test guard refused a {event} to {target}")
    return target


def _always_on(event: str, args: tuple[object, ...]) -> None:
    check(event, args)


def _run_shadowed_sitecustomize() -> None:
    """Run the sitecustomize this folder hides, if the interpreter has one."""
    here = os.path.dirname(os.path.abspath(__file__))
    rest = [p for p in sys.path if os.path.abspath(p or os.curdir) != here]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", rest)
    if spec is not None and spec.loader is not None:
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)


if __name__ == "sitecustomize":  # loaded at start-up by a child process
    sys.addaudithook(_always_on)
    _run_shadowed_sitecustomize()
