"""Is an IP address public? PLACEHOLDER: the safe-HTTP issue writes the real tables."""

from __future__ import annotations

import ipaddress


def is_public_address(ip: str | ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """True when `ip` is a globally routable unicast address that is safe to dial."""
    try:
        addr = ipaddress.ip_address(ip)
    except ValueError:
        return False
    return addr.is_global
