"""IPv6 forms that embed an IPv4 address are judged by it: each form, each position.

Metadata targets are the single-address endpoints whose four bytes all differ
(168.63.129.16 = a8.3f.81.10, 100.100.100.200 = 64.64.64.c8), so a shifted or mis-masked
extraction cannot land on them by accident.
"""

from __future__ import annotations

import ipaddress

import pytest

from webdistill.kernel.addresses import AddressCategory, address_category

PUBLIC = AddressCategory.PUBLIC
PRIVATE = AddressCategory.PRIVATE
FORBIDDEN = AddressCategory.FORBIDDEN
METADATA = AddressCategory.METADATA


def v6(value: int) -> str:
    return str(ipaddress.IPv6Address(value))


def v4(text: str) -> int:
    return int(ipaddress.IPv4Address(text))


@pytest.mark.parametrize(
    ("ip", "category"),
    [
        # IPv4-mapped ::ffff:0:0/96
        ("::ffff:8.8.8.8", PUBLIC),
        ("::ffff:127.0.0.1", PRIVATE),
        ("::ffff:10.1.2.3", PRIVATE),
        ("::ffff:0.0.0.0", FORBIDDEN),
        ("::ffff:168.63.129.16", METADATA),
        # IPv4-translated ::ffff:0:0:0/96
        ("::ffff:0:8.8.8.8", PUBLIC),
        ("::ffff:0:127.0.0.1", PRIVATE),
        ("::ffff:0:168.63.129.16", METADATA),
        # deprecated IPv4-compatible ::/96
        ("::8.8.8.8", PUBLIC),
        ("::127.0.0.1", PRIVATE),
        ("::168.63.129.16", METADATA),
        ("::2", FORBIDDEN),
        # NAT64 well-known prefix 64:ff9b::/96
        ("64:ff9b::8.8.8.8", PUBLIC),
        ("64:ff9b::127.0.0.1", PRIVATE),
        ("64:ff9b::a9fe:a9fe", METADATA),
        ("64:ff9b::168.63.129.16", METADATA),
        ("64:ff9b::255.255.255.255", FORBIDDEN),
        ("64:ff9b::1:0:0", FORBIDDEN),  # just past the /96: no embedding, not global unicast
        # 6to4 2002::/16: the IPv4 is bits 16-47
        ("2002:808:808::1", PUBLIC),
        ("2002:7f00:1::", PRIVATE),
        ("2002:a00:1:ffff::", PRIVATE),
        ("2002:a83f:8110::", METADATA),
        ("2002:6464:64c8:1234:5678::", METADATA),
        ("2002::", FORBIDDEN),
        # Teredo 2001::/32: server in bits 32-63, client = last 32 bits inverted
        ("2001:0:808:808::f7f7:f7f7", PUBLIC),
        ("2001:0:7f00:1::f7f7:f7f7", PRIVATE),  # server 127.0.0.1
        ("2001:0:808:808::80ff:fffe", PRIVATE),  # client 127.0.0.1
        ("2001:0:a83f:8110::f7f7:f7f7", METADATA),  # server 168.63.129.16
        ("2001:0:808:808::57c0:7eef", METADATA),  # client 168.63.129.16
        ("2001:0:808:808::ffff:ffff", FORBIDDEN),  # client 0.0.0.0
    ],
)
def test_each_embedding_form_is_judged_by_its_ipv4(ip: str, category: AddressCategory) -> None:
    assert address_category(ip) == category


ISATAP_IIDS = [0x00005EFE, 0x01005EFE, 0x02005EFE, 0x03005EFE]


@pytest.mark.parametrize("iid", ISATAP_IIDS)
@pytest.mark.parametrize(
    ("embedded", "category"),
    [("8.8.8.8", PUBLIC), ("127.0.0.1", PRIVATE), ("168.63.129.16", METADATA)],
)
def test_each_isatap_interface_id_is_judged_by_its_ipv4(
    iid: int, embedded: str, category: AddressCategory
) -> None:
    prefix = int(ipaddress.IPv6Address("2606:4700::"))
    assert address_category(v6(prefix | iid << 32 | v4(embedded))) == category


@pytest.mark.parametrize("iid", [0x04005EFE, 0x00005EFF, 0x00015EFE, 0x00005FFE])
def test_a_near_isatap_interface_id_embeds_nothing(iid: int) -> None:
    prefix = int(ipaddress.IPv6Address("2606:4700::"))
    assert address_category(v6(prefix | iid << 32 | v4("127.0.0.1"))) == PUBLIC


# NAT64 local-use prefix 64:ff9b:1::/48 (RFC 8215): the IPv4 may sit at any RFC 6052 position.
# The prefix itself is not global unicast (FORBIDDEN), so what an embedding can still change
# is METADATA; each test puts a metadata address at exactly one position.
NAT64_LOCAL = int(ipaddress.IPv6Address("64:ff9b:1::"))


def at_48(ip4: int) -> int:  # bits 48-63, u octet 64-71, bits 72-87
    return NAT64_LOCAL | (ip4 >> 16) << 64 | (ip4 & 0xFFFF) << 40


def at_56(ip4: int) -> int:  # bits 56-63, u octet 64-71, bits 72-95
    return NAT64_LOCAL | (ip4 >> 24) << 64 | (ip4 & 0xFFFFFF) << 32


def at_64(ip4: int) -> int:  # u octet 64-71, bits 72-103
    return NAT64_LOCAL | ip4 << 24


def at_96(ip4: int) -> int:  # the last 32 bits
    return NAT64_LOCAL | ip4


POSITIONS = [at_48, at_56, at_64, at_96]


@pytest.mark.parametrize("position", POSITIONS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("target", ["168.63.129.16", "100.100.100.200", "192.0.0.192"])
def test_nat64_local_prefix_each_embedding_position_finds_metadata(position, target) -> None:  # type: ignore[no-untyped-def]
    assert address_category(v6(position(v4(target)))) == METADATA


@pytest.mark.parametrize("position", POSITIONS, ids=lambda f: f.__name__)
def test_nat64_local_prefix_with_public_embeddings_is_still_forbidden(position) -> None:  # type: ignore[no-untyped-def]
    assert address_category(v6(position(v4("8.8.8.8")))) == FORBIDDEN


def test_the_48_position_examples_of_rfc_6052() -> None:
    # RFC 6052 section 2.4 table, with the local-use /48 instead of 2001:db8:0100::/40
    assert v6(at_48(v4("192.0.2.33"))) == "64:ff9b:1:c000:2:2100::"
    assert v6(at_56(v4("192.0.2.33"))) == "64:ff9b:1:c0:0:221::"
    assert v6(at_64(v4("192.0.2.33"))) == "64:ff9b:1:0:c0:2:2100:0"


@pytest.mark.parametrize(
    "ip", ["64:ff9b:2:a83f:10:8110::", "64:ff9b:0:1:a8:3f81:1000:0", "64:ff9a:1::a83f:8110"]
)
def test_next_to_the_nat64_local_prefix_nothing_is_embedded(ip: str) -> None:
    assert address_category(ip) == FORBIDDEN
