"""Hand-written fakes and helpers for the HTTP adapter tests."""

from __future__ import annotations

import socket
from collections.abc import Mapping, Sequence

from aiohttp.abc import AbstractResolver, ResolveResult

from webdistill.adapters.http.settings import HttpSettings
from webdistill.kernel.urls import UrlPolicy

#: Policy for tests: plain http to the loopback test server, and nothing else private.
LOOPBACK_POLICY = UrlPolicy(allow_http=True, trusted_addresses=("127.0.0.1",))


def settings(**changes: object) -> HttpSettings:
    """Test settings: loopback policy, short timeouts, no retry back-off surprises."""
    base: dict[str, object] = {
        "policy": LOOPBACK_POLICY,
        "timeout_s": 5.0,
        "connect_timeout_s": 2.0,
        "read_timeout_s": 2.0,
    }
    base.update(changes)
    return HttpSettings(**base)  # type: ignore[arg-type]


class FakeResolver(AbstractResolver):
    """Answers names from a table. A name maps to a list of answers, one per call (the last
    repeats), each answer a list of IP strings. Records every lookup."""

    def __init__(self, table: Mapping[str, Sequence[Sequence[str]]]) -> None:
        self.table = {name: [list(a) for a in answers] for name, answers in table.items()}
        self.calls: list[str] = []
        self.closed = False

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        self.calls.append(host)
        answers = self.table.get(host)
        if not answers:
            raise OSError(f"fake DNS: no such name {host}")
        index = min(self.calls.count(host) - 1, len(answers) - 1)
        return [
            {
                "hostname": host,
                "host": ip,
                "port": port,
                "family": socket.AF_INET6 if ":" in ip else socket.AF_INET,
                "proto": 0,
                "flags": socket.AI_NUMERICHOST,
            }
            for ip in answers[index]
        ]

    async def close(self) -> None:
        self.closed = True
