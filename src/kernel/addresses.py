"""Is an IP address safe to dial? Explicit IANA special-purpose tables, never `is_global` alone.

Every address falls in one category, from most to least severe:

- METADATA: cloud instance-metadata endpoints (all of IPv4 link-local 169.254/16, Alibaba
  100.100.100.200, Azure WireServer 168.63.129.16, Oracle 192.0.0.192, and the IPv6 ones in
  `_V6_METADATA`, each with its provider's source). Never dialled, not even with
  `allow_private_network` or a trusted address.
- FORBIDDEN: everything else that is not global unicast (0/8, multicast, reserved 240/4,
  broadcast, documentation, benchmarking, 192.0.0/24, 6to4 relay anycast, IPv6 outside
  2000::/3, 2001::/23, 3fff::/20, link-local fe80::/10, zone-scoped addresses...).
- PRIVATE: loopback, RFC 1918, CGNAT 100.64/10, ::1, ULA fc00::/7. Opened by
  `allow_private_network` for local development.
- PUBLIC: the rest.

IPv6 forms that embed an IPv4 address (mapped, translated, compatible, 6to4, Teredo, NAT64,
ISATAP) are judged by the embedded address(es) as well, so ::ffff:127.0.0.1,
64:ff9b::a9fe:a9fe and 2002:7f00:1:: are exactly as blocked as 127.0.0.1 / 169.254.169.254.
Functions here never raise: anything that is not an address is FORBIDDEN.
"""

from __future__ import annotations

import enum
import functools
import ipaddress

from webdistill.kernel.own_text import OwnText, words

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


class AddressCategory(enum.IntEnum):
    """How dangerous it is to dial an address; a higher value is more severe."""

    PUBLIC = 0
    PRIVATE = 1
    FORBIDDEN = 2
    METADATA = 3


def _v4(*cidrs: str) -> tuple[ipaddress.IPv4Network, ...]:
    return tuple(ipaddress.IPv4Network(c) for c in cidrs)


def _v6(*cidrs: str) -> tuple[ipaddress.IPv6Network, ...]:
    return tuple(ipaddress.IPv6Network(c) for c in cidrs)


_V4_METADATA = _v4("169.254.0.0/16", "100.100.100.200/32", "168.63.129.16/32", "192.0.0.192/32")
_V4_PRIVATE = _v4("127.0.0.0/8", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10")
_V4_FORBIDDEN = _v4(
    "0.0.0.0/8",  # "this network"; 0.0.0.0 dials the local host on Linux
    "192.0.0.0/24",  # IETF protocol assignments
    "192.0.2.0/24",  # TEST-NET-1
    "192.88.99.0/24",  # 6to4 relay anycast (deprecated)
    "198.18.0.0/15",  # benchmarking
    "198.51.100.0/24",  # TEST-NET-2
    "203.0.113.0/24",  # TEST-NET-3
    "224.0.0.0/4",  # multicast
    "240.0.0.0/4",  # reserved, includes 255.255.255.255 broadcast
)

# IPv6 metadata endpoints, as each provider publishes them (ULA or link-local, so without an
# entry here they would be PRIVATE / FORBIDDEN, which the settings can open):
_V6_METADATA = _v6(
    # AWS IMDS fd00:ec2::254 and the EKS Pod Identity agent fd00:ec2::23: AWS's service block
    "fd00:ec2::/32",
    # Google Compute Engine (IPv6-only VMs): GoogleCloudPlatform/k8s-config-connector sets
    # GCE_METADATA_HOST to "[fd20:ce::254]"; cloud.google.com/compute/docs/metadata
    "fd20:ce::254/128",
    # Scaleway: scaleway/scaleway-sdk-go instance_metadata_sdk.go `metadataAPIv6`
    "fd00:42::42/128",
    # Oracle Cloud: oracle/oci-python-sdk instance_principals_security_token_signer.py
    # `IMDS_IPV6_HOST`
    "fd00:c1::a9fe:a9fe/128",
    # Akamai / Linode: linode.com/docs/products/compute/compute-instances/guides/metadata-api/
    "fd00:a9fe:a9fe::1/128",
    # OpenStack Neutron: release note "metadata-ipv6" (link-local, used with a zone id)
    "fe80::a9fe:a9fe/128",
)
_V6_PRIVATE = _v6("::1/128", "fc00::/7")
_V6_GLOBAL_UNICAST = ipaddress.IPv6Network("2000::/3")
_V6_FORBIDDEN_IN_GLOBAL = _v6(
    "2001::/23",  # IETF protocol assignments (Teredo is judged separately)
    "2001:db8::/32",  # documentation
    "3fff::/20",  # documentation (RFC 9637)
)
_MAPPED = ipaddress.IPv6Network("::ffff:0:0/96")
_TRANSLATED = ipaddress.IPv6Network("::ffff:0:0:0/96")
_COMPATIBLE = ipaddress.IPv6Network("::/96")
_NAT64_WELL_KNOWN = ipaddress.IPv6Network("64:ff9b::/96")
_NAT64_LOCAL = ipaddress.IPv6Network("64:ff9b:1::/48")
_SIX_TO_FOUR = ipaddress.IPv6Network("2002::/16")
_TEREDO = ipaddress.IPv6Network("2001::/32")
_ISATAP_IIDS = frozenset({0x00005EFE, 0x01005EFE, 0x02005EFE, 0x03005EFE})


def parse_address(ip: object) -> IPAddress | None:
    """`ip` as an address object, or None. Accepts "[v6]" brackets; never raises."""
    try:
        if isinstance(ip, ipaddress.IPv4Address | ipaddress.IPv6Address):
            return ip
        if isinstance(ip, bytes):
            ip = ip.decode("ascii")
        if isinstance(ip, str):
            text = ip.strip()
            if text.startswith("[") and text.endswith("]"):
                text = text[1:-1]
            return ipaddress.ip_address(text)
        if isinstance(ip, int) and not isinstance(ip, bool):
            return ipaddress.ip_address(ip)
    except (ValueError, UnicodeError, TypeError):
        return None
    return None


def _ranges(nets: tuple[ipaddress.IPv4Network, ...]) -> tuple[tuple[int, int], ...]:
    return tuple((int(n.network_address), int(n.broadcast_address)) for n in nets)


_V4_TABLE = (
    (_ranges(_V4_METADATA), AddressCategory.METADATA),
    (_ranges(_V4_FORBIDDEN), AddressCategory.FORBIDDEN),
    (_ranges(_V4_PRIVATE), AddressCategory.PRIVATE),
)


def _v4_category(addr: ipaddress.IPv4Address) -> AddressCategory:
    value = int(addr)
    for ranges, category in _V4_TABLE:
        for low, high in ranges:
            if low <= value <= high:
                return category
    return AddressCategory.PUBLIC


def _v4_at(value: int, shift: int) -> ipaddress.IPv4Address:
    return ipaddress.IPv4Address((value >> shift) & 0xFFFFFFFF)


def _nat64_local_embeddings(value: int) -> list[ipaddress.IPv4Address]:
    """RFC 6052 positions a /48../96 local-use NAT64 prefix may put the IPv4 at."""
    # /48: bits 48-63 and 72-87 (bits 64-71 are the "u" octet); /56: 56-63 + 72-95;
    # /64: bits 72-103; /96: the last 32 bits.
    p48 = (((value >> 64) & 0xFFFF) << 16) | ((value >> 40) & 0xFFFF)
    p56 = (((value >> 64) & 0xFF) << 24) | ((value >> 32) & 0xFFFFFF)
    p64 = (value >> 24) & 0xFFFFFFFF
    return [ipaddress.IPv4Address(v) for v in (p48, p56, p64)] + [_v4_at(value, 0)]


def _embedded_v4(addr: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address] | None:
    """IPv4 addresses an IPv6 transition form points at, or None when it embeds none."""
    value = int(addr)
    if addr in _MAPPED or addr in _TRANSLATED or addr in _COMPATIBLE:
        return [_v4_at(value, 0)]
    if addr in _NAT64_WELL_KNOWN:
        return [_v4_at(value, 0)]
    if addr in _NAT64_LOCAL:
        return _nat64_local_embeddings(value)
    if addr in _SIX_TO_FOUR:
        return [_v4_at(value, 80)]
    if addr in _TEREDO:
        return [_v4_at(value, 64), ipaddress.IPv4Address((value & 0xFFFFFFFF) ^ 0xFFFFFFFF)]
    if addr in _V6_GLOBAL_UNICAST and (value >> 32) & 0xFFFFFFFF in _ISATAP_IIDS:
        return [_v4_at(value, 0)]
    return None


def lookup_forms(addr: IPAddress) -> list[str]:
    """`addr` as text, then each IPv4 address an IPv6 form of it embeds (mapped
    `::ffff:a.b.c.d`, NAT64, 6to4, Teredo...): what a listed address is looked up as, so that
    a list holding `a.b.c.d` also catches `[::ffff:a.b.c.d]`."""
    if isinstance(addr, ipaddress.IPv6Address):
        return [str(addr), *(str(v4) for v4 in _embedded_v4(addr) or ())]
    return [str(addr)]


def _v6_own_category(addr: ipaddress.IPv6Address) -> AddressCategory:
    if any(addr in net for net in _V6_METADATA):
        return AddressCategory.METADATA
    if any(addr in net for net in _V6_PRIVATE):
        return AddressCategory.PRIVATE
    if addr in _TEREDO or addr in _SIX_TO_FOUR:
        return AddressCategory.PUBLIC  # judged by the embedded addresses
    if addr in _MAPPED or addr in _TRANSLATED or addr in _NAT64_WELL_KNOWN:
        return AddressCategory.PUBLIC  # judged by the embedded address
    if addr in _COMPATIBLE and int(addr) > 1:
        return AddressCategory.PUBLIC  # deprecated IPv4-compatible: judged by the embedded one
    if addr not in _V6_GLOBAL_UNICAST:
        return AddressCategory.FORBIDDEN
    if any(addr in net for net in _V6_FORBIDDEN_IN_GLOBAL):
        return AddressCategory.FORBIDDEN
    return AddressCategory.PUBLIC


def _v6_category(addr: ipaddress.IPv6Address) -> AddressCategory:
    if addr.scope_id:
        # a zone id only makes sense for local addresses; fe80::a9fe:a9fe%eth0 is still metadata
        unscoped = ipaddress.IPv6Address(int(addr))
        if any(unscoped in net for net in _V6_METADATA):
            return AddressCategory.METADATA
        return AddressCategory.FORBIDDEN
    if int(addr) <= 1:
        return AddressCategory.PRIVATE if int(addr) == 1 else AddressCategory.FORBIDDEN
    category = _v6_own_category(addr)
    embedded = _embedded_v4(addr)
    if embedded:
        category = max([category, *(_v4_category(v4) for v4 in embedded)])
    return category


@functools.lru_cache(maxsize=4096)
def _category_of_text(text: str) -> AddressCategory:
    return _category_of(parse_address(text))


def _category_of(addr: IPAddress | None) -> AddressCategory:
    if addr is None:
        return AddressCategory.FORBIDDEN
    if isinstance(addr, ipaddress.IPv4Address):
        return _v4_category(addr)
    return _v6_category(addr)


def address_category(ip: object) -> AddressCategory:
    """The category of `ip` (a string or address object); FORBIDDEN when it is not one."""
    if isinstance(ip, str):
        return _category_of_text(ip) if len(ip) <= 64 else AddressCategory.FORBIDDEN
    return _category_of(parse_address(ip))


def is_public_address(ip: object) -> bool:
    """True when `ip` is a globally routable unicast address that is safe to dial."""
    return address_category(ip) == AddressCategory.PUBLIC


def is_metadata_address(ip: object) -> bool:
    """True for cloud instance-metadata addresses, including IPv6 forms embedding them."""
    return address_category(ip) == AddressCategory.METADATA


def is_allowed_address(ip: object, *, allow_private_network: bool) -> bool:
    """May `ip` be dialled? Public always; loopback/private only when allowed; never metadata."""
    category = address_category(ip)
    if category == AddressCategory.PUBLIC:
        return True
    return allow_private_network and category == AddressCategory.PRIVATE


def describe_address(ip: object) -> OwnText:
    """A short reason naming why an address is refused, for error messages."""
    category = address_category(ip)
    return {
        AddressCategory.PUBLIC: words("a public address"),
        AddressCategory.PRIVATE: words("a loopback or private-network address"),
        AddressCategory.FORBIDDEN: words("a non-routable or special-purpose address"),
        AddressCategory.METADATA: words("a cloud metadata address"),
    }[category]
