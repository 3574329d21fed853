"""The test network guard itself (tests/http/netguard.py, tests/netguard_site/sitecustomize.py).

docs/security.md "Tests cannot leak" and docs/development.md say what the guard covers; these
tests hold it to that (first shown by the attacking review of issue 32: UDP `sendto` and child
processes were not covered). Safely: the rule is checked on real foreign addresses as a pure
function (no socket), and the installed hooks are shown refusing loopback hosts the test marks
as foreign (`SELF_TEST_FOREIGN`), so a guard that failed would still send nothing off this
machine.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import textwrap
from collections.abc import Iterator

import attrs
import pytest

from tests.http import netguard
from tests.netguard_site import sitecustomize as rule


@attrs.frozen
class _Sock:
    """What the audit event carries as its first argument: only `family` is read."""

    family: int = socket.AF_INET


@pytest.mark.parametrize(
    ("event", "args"),
    [
        ("socket.connect", (_Sock(), ("192.0.2.1", 443))),
        ("socket.connect", (_Sock(socket.AF_INET6), ("2001:db8::1", 443, 0, 0))),
        ("socket.connect", (_Sock(), ("10.0.0.2", 53))),
        ("socket.connect", (_Sock(), ("example.com", 80))),
        ("socket.sendto", (_Sock(), ("10.0.0.2", 53))),
        ("socket.sendmsg", (_Sock(), ("8.8.8.8", 53))),
    ],
)
def test_the_rule_refuses_every_foreign_send(event: str, args: tuple[object, ...]) -> None:
    with pytest.raises(netguard.NonLoopbackConnectRefused):
        rule.check(event, args)


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "127.255.255.254", "::1", "localhost"])
def test_the_rule_admits_all_of_loopback(host: str) -> None:
    assert rule.check("socket.sendto", (_Sock(), (host, 9))) == (host, 9)


def test_the_rule_refuses_lookups_of_names_only() -> None:
    with pytest.raises(socket.gaierror):
        rule.check("socket.getaddrinfo", ("example.com", 443, 0, 0, 0))
    for host in ("localhost", "127.0.0.1", "192.0.2.1", "::1", None):
        rule.check("socket.getaddrinfo", (host, 443, 0, 0, 0))


def test_the_rule_ignores_unix_sockets_and_connected_sends() -> None:
    rule.check("socket.connect", (_Sock(socket.AF_UNIX), "/tmp/x.sock"))
    rule.check("socket.sendmsg", (_Sock(), None))


@pytest.fixture
def foreign_127_0_0_2() -> Iterator[None]:
    rule.SELF_TEST_FOREIGN.update({"127.0.0.2", "localhost"})
    try:
        yield
    finally:
        rule.SELF_TEST_FOREIGN.difference_update({"127.0.0.2", "localhost"})


@pytest.mark.usefixtures("foreign_127_0_0_2")
def test_the_hook_refuses_connect_and_connect_ex() -> None:
    with socket.socket() as s, pytest.raises(netguard.NonLoopbackConnectRefused):
        s.connect(("127.0.0.2", 9))
    with socket.socket() as s, pytest.raises(netguard.NonLoopbackConnectRefused):
        s.connect_ex(("127.0.0.2", 9))
    assert ("127.0.0.2", 9) in netguard.STATE.refused


@pytest.mark.usefixtures("foreign_127_0_0_2")
def test_the_hook_refuses_udp_sendto_and_sendmsg_without_connect() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        with pytest.raises(netguard.NonLoopbackConnectRefused):
            s.sendto(b"x", ("127.0.0.2", 9))  # a DNS query to 10.0.0.2:53 would go this way
        with pytest.raises(netguard.NonLoopbackConnectRefused):
            s.sendmsg([b"x"], [], 0, ("127.0.0.2", 9))


@pytest.mark.usefixtures("foreign_127_0_0_2")
def test_the_hook_refuses_a_name_lookup() -> None:
    with pytest.raises(netguard.NonLoopbackLookupRefused):
        socket.getaddrinfo("localhost", 80)


def test_the_hook_admits_all_of_loopback() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.sendto(b"x", ("127.0.0.2", 9))  # UDP to a closed loopback port: sent, nobody listens
    assert ("127.0.0.2", 9) in netguard.STATE.destinations
    assert socket.getaddrinfo("localhost", 80)


def _child(code: str, **env: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **env},
    )
    return [*done.stdout.split(), done.stderr]


_CHILD_TRIES = """
    import socket
    def attempt(what, action):
        try:
            action()
            print(what + ":sent")
        except OSError as e:
            print(what + ":" + type(e).__name__)
    tcp = socket.socket()
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    attempt("connect", lambda: tcp.connect(("127.0.0.2", 9)))
    attempt("sendto", lambda: udp.sendto(b"x", ("127.0.0.2", 9)))
    attempt("lookup", lambda: socket.getaddrinfo("localhost", 80))
"""


def test_a_child_process_started_by_a_test_is_guarded_too() -> None:
    out = _child(_CHILD_TRIES, NETGUARD_SELF_TEST_FOREIGN="127.0.0.2,localhost")
    assert out[:3] == [
        "connect:NonLoopbackConnectRefused",
        "sendto:NonLoopbackConnectRefused",
        "lookup:NonLoopbackLookupRefused",
    ], out


def test_a_child_may_use_all_of_loopback() -> None:
    out = _child(_CHILD_TRIES)
    # nobody listens on 127.0.0.2:9: the kernel refuses the connect (plain error), the
    # datagram is sent
    assert out[:3] == ["connect:ConnectionRefusedError", "sendto:sent", "lookup:sent"], out
