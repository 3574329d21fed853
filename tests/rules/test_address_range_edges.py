"""Each IPv4/IPv6 special-purpose range at its first and last address, and one step outside.

The expectations are literal (IANA special-purpose registries, the cloud metadata endpoints),
not read back from the tables under test.
"""

from __future__ import annotations

import ipaddress

import pytest

from webdistill.kernel import addresses
from webdistill.kernel.addresses import AddressCategory, address_category

PUBLIC = AddressCategory.PUBLIC
PRIVATE = AddressCategory.PRIVATE
FORBIDDEN = AddressCategory.FORBIDDEN
METADATA = AddressCategory.METADATA

V4_EDGES = [
    # metadata: link-local 169.254/16 and the single-address endpoints
    ("169.253.255.255", PUBLIC),
    ("169.254.0.0", METADATA),
    ("169.254.169.254", METADATA),
    ("169.254.255.255", METADATA),
    ("169.255.0.0", PUBLIC),
    ("100.100.100.199", PRIVATE),  # CGNAT around Alibaba's endpoint
    ("100.100.100.200", METADATA),
    ("100.100.100.201", PRIVATE),
    ("168.63.129.15", PUBLIC),
    ("168.63.129.16", METADATA),  # Azure WireServer
    ("168.63.129.17", PUBLIC),
    ("192.0.0.191", FORBIDDEN),  # 192.0.0.0/24 around Oracle's endpoint
    ("192.0.0.192", METADATA),
    ("192.0.0.193", FORBIDDEN),
    # private
    ("126.255.255.255", PUBLIC),
    ("127.0.0.0", PRIVATE),
    ("127.255.255.255", PRIVATE),
    ("128.0.0.0", PUBLIC),
    ("9.255.255.255", PUBLIC),
    ("10.0.0.0", PRIVATE),
    ("10.255.255.255", PRIVATE),
    ("11.0.0.0", PUBLIC),
    ("172.15.255.255", PUBLIC),
    ("172.16.0.0", PRIVATE),
    ("172.31.255.255", PRIVATE),
    ("172.32.0.0", PUBLIC),
    ("192.167.255.255", PUBLIC),
    ("192.168.0.0", PRIVATE),
    ("192.168.255.255", PRIVATE),
    ("192.169.0.0", PUBLIC),
    ("100.63.255.255", PUBLIC),
    ("100.64.0.0", PRIVATE),
    ("100.127.255.255", PRIVATE),
    ("100.128.0.0", PUBLIC),
    # forbidden
    ("0.0.0.0", FORBIDDEN),
    ("0.255.255.255", FORBIDDEN),
    ("1.0.0.0", PUBLIC),
    ("191.255.255.255", PUBLIC),
    ("192.0.0.0", FORBIDDEN),
    ("192.0.0.255", FORBIDDEN),
    ("192.0.1.0", PUBLIC),
    ("192.0.1.255", PUBLIC),
    ("192.0.2.0", FORBIDDEN),
    ("192.0.2.255", FORBIDDEN),
    ("192.0.3.0", PUBLIC),
    ("192.88.98.255", PUBLIC),
    ("192.88.99.0", FORBIDDEN),
    ("192.88.99.255", FORBIDDEN),
    ("192.88.100.0", PUBLIC),
    ("198.17.255.255", PUBLIC),
    ("198.18.0.0", FORBIDDEN),
    ("198.19.255.255", FORBIDDEN),
    ("198.20.0.0", PUBLIC),
    ("198.51.99.255", PUBLIC),
    ("198.51.100.0", FORBIDDEN),
    ("198.51.100.255", FORBIDDEN),
    ("198.51.101.0", PUBLIC),
    ("203.0.112.255", PUBLIC),
    ("203.0.113.0", FORBIDDEN),
    ("203.0.113.255", FORBIDDEN),
    ("203.0.114.0", PUBLIC),
    ("223.255.255.255", PUBLIC),
    ("224.0.0.0", FORBIDDEN),
    ("239.255.255.255", FORBIDDEN),
    ("240.0.0.0", FORBIDDEN),
    ("255.255.255.255", FORBIDDEN),
]

LAST = ":ffff:ffff:ffff:ffff:ffff:ffff"
V6_EDGES = [
    ("::", FORBIDDEN),
    ("::1", PRIVATE),
    # AWS metadata fd00:ec2::/32 inside the ULA fc00::/7
    ("fd00:ec1" + LAST, PRIVATE),
    ("fd00:ec2::", METADATA),
    ("fd00:ec2::254", METADATA),
    ("fd00:ec2" + LAST, METADATA),
    ("fd00:ec3::", PRIVATE),
    ("fbff:ffff" + LAST, FORBIDDEN),
    ("fc00::", PRIVATE),
    ("fdff:ffff" + LAST, PRIVATE),
    ("fe00::", FORBIDDEN),
    ("fe80::1", FORBIDDEN),
    ("ff02::1", FORBIDDEN),
    # global unicast 2000::/3 and the special ranges inside it
    ("1fff:ffff" + LAST, FORBIDDEN),
    ("2000::", PUBLIC),
    ("3ffe:ffff" + LAST, PUBLIC),
    ("4000::", FORBIDDEN),
    ("2001:1::", FORBIDDEN),  # 2001::/23 outside Teredo
    ("2001:1ff:ffff" + LAST[:-5], FORBIDDEN),
    ("2001:200::", PUBLIC),
    ("2001:db7::1", PUBLIC),
    ("2001:db8::", FORBIDDEN),
    ("2001:db8" + LAST, FORBIDDEN),
    ("2001:db9::", PUBLIC),
    ("3fff::", FORBIDDEN),
    ("3fff:fff" + LAST, FORBIDDEN),
    ("3fff:1000::", PUBLIC),
    ("2606:4700:4700::1111", PUBLIC),
]


@pytest.mark.parametrize(("ip", "category"), V4_EDGES)
def test_ipv4_special_purpose_range_edges(ip: str, category: AddressCategory) -> None:
    assert address_category(ip) == category


@pytest.mark.parametrize(("ip", "category"), V6_EDGES)
def test_ipv6_special_purpose_range_edges(ip: str, category: AddressCategory) -> None:
    assert address_category(ip) == category


@pytest.mark.parametrize("ip", ["fe80::1%eth0", "2606:4700:4700::1111%1", "::ffff:8.8.8.8%2"])
def test_an_address_with_a_zone_id_is_forbidden(ip: str) -> None:
    assert address_category(ip) == FORBIDDEN


def test_the_range_tables_are_built_from_the_listed_networks() -> None:
    # the helpers that build the tables at import: first and last address of each network
    assert addresses._ranges(addresses._v4("10.0.0.0/8", "192.0.0.192/32")) == (
        (0x0A000000, 0x0AFFFFFF),
        (0xC00000C0, 0xC00000C0),
    )
    assert addresses._v6("fc00::/7") == (ipaddress.IPv6Network("fc00::/7"),)
