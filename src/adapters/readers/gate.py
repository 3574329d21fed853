"""Which URLs may be handed to a hosted reader: public ones only, whatever the policy allows.

A hosted reader fetches from its own servers, so handing it an intranet URL would leak the
name (and could not work anyway). `AddressGate.refusal(url)` answers why a URL must stay
local, or None: the host must be a valid public name (no local-only suffix, no metadata
name) whose every address, through the same upstream resolver the page client uses, is a
public one; a literal IP must be public. `WEB_ALLOW_PRIVATE_NETWORK` and
`WEB_TRUSTED_ADDRESSES` open the local fetch, never the reader. URLs reach the gate only
after the kernel's policy check (allow/block lists, scheme), so a refused URL never gets here.
"""

from __future__ import annotations

import asyncio
import socket
from urllib.parse import urlsplit

from aiohttp.abc import AbstractResolver
from returns.result import Success

from webdistill.kernel import addresses
from webdistill.kernel.hosts import name_problem, parse_host
from webdistill.kernel.own_text import OwnText, host, own, words

RESOLVE_TIMEOUT_S = 5.0


class AddressGate:
    """Vets URLs for a hosted reader through `resolver` (the page client's upstream DNS)."""

    def __init__(self, resolver: AbstractResolver) -> None:
        self._resolver = resolver

    async def refusal(self, url: str) -> OwnText | None:
        """Why `url` may not go to a hosted reader, or None when it may."""
        try:
            raw_host = urlsplit(url).hostname or ""
        except ValueError:
            return words("the URL has no valid host")
        parsed = parse_host(raw_host)
        if not isinstance(parsed, Success):
            return words("the URL has no valid host")
        found_host = parsed.unwrap()
        shown = host(found_host.name)
        if found_host.address is not None:
            if addresses.is_public_address(found_host.address):
                return None
            return own("{} is not a public address", shown)
        problem = name_problem(found_host.name)
        if problem is not None:
            return problem[1]
        try:
            async with asyncio.timeout(RESOLVE_TIMEOUT_S):
                found = await self._resolver.resolve(found_host.name, 443, socket.AF_UNSPEC)
        except (OSError, TimeoutError, ValueError):
            return own("{} could not be resolved", shown)
        ips = [str(entry.get("host", "")) for entry in found]
        if not ips:
            return own("{} could not be resolved", shown)
        private = [ip for ip in ips if not addresses.is_public_address(ip)]
        if private:
            return own("{} resolves to a non-public address ({})", shown, host(private[0]))
        return None
