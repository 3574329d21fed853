"""What counts as an address (strings, brackets, bytes, integers, address objects, length
bound) and the verdict each category gets, with and without `allow_private_network`."""

from __future__ import annotations

import ipaddress

import pytest

from webdistill.kernel.addresses import (
    AddressCategory,
    address_category,
    describe_address,
    is_allowed_address,
    is_metadata_address,
    is_public_address,
    parse_address,
)


@pytest.mark.parametrize(
    ("value", "parsed"),
    [
        ("8.8.8.8", "8.8.8.8"),
        ("  8.8.8.8\t", "8.8.8.8"),
        ("[2606:4700::1]", "2606:4700::1"),
        (" [::1] ", "::1"),
        (b"10.0.0.1", "10.0.0.1"),
        (b"[::1]", "::1"),
        (134744072, "8.8.8.8"),
        (2**32, "::1:0:0"),
        (ipaddress.IPv4Address("1.2.3.4"), "1.2.3.4"),
        (ipaddress.IPv6Address("::1"), "::1"),
    ],
)
def test_parse_address_accepts_each_input_form(value: object, parsed: str) -> None:
    assert parse_address(value) == ipaddress.ip_address(parsed)


@pytest.mark.parametrize(
    "value",
    ["[::1", "::1]", "[8.8.8.8", "", "[]", b"\xff\xfe", b"", True, False, -1, 2**128, 1.0, None],
)
def test_parse_address_refuses_everything_else(value: object) -> None:
    assert parse_address(value) is None
    assert address_category(value) == AddressCategory.FORBIDDEN


def test_a_string_of_64_characters_is_still_read() -> None:
    padded = " " * 28 + "2606:4700:4700::1111" + " " * 16
    assert len(padded) == 64
    assert address_category(padded) == AddressCategory.PUBLIC


def test_a_string_over_64_characters_is_forbidden_unread() -> None:
    padded = " " * 29 + "2606:4700:4700::1111" + " " * 16
    assert len(padded) == 65
    assert address_category(padded) == AddressCategory.FORBIDDEN


@pytest.mark.parametrize(
    "value", [ipaddress.IPv4Address("127.0.0.1"), b"127.0.0.1", 2130706433, "127.0.0.1"]
)
def test_every_input_form_gets_the_same_category(value: object) -> None:
    assert address_category(value) == AddressCategory.PRIVATE


@pytest.mark.parametrize(
    ("ip", "public", "metadata", "allowed", "allowed_with_private"),
    [
        ("8.8.8.8", True, False, True, True),
        ("2606:4700::1", True, False, True, True),
        ("127.0.0.1", False, False, False, True),
        ("::1", False, False, False, True),
        ("fd12::1", False, False, False, True),
        ("0.0.0.0", False, False, False, False),
        ("fe80::1", False, False, False, False),
        ("169.254.169.254", False, True, False, False),
        ("fd00:ec2::254", False, True, False, False),
        ("::ffff:169.254.169.254", False, True, False, False),
        ("not an address", False, False, False, False),
    ],
)
def test_the_verdict_of_each_category(
    ip: str, public: bool, metadata: bool, allowed: bool, allowed_with_private: bool
) -> None:
    assert is_public_address(ip) is public
    assert is_metadata_address(ip) is metadata
    assert is_allowed_address(ip, allow_private_network=False) is allowed
    assert is_allowed_address(ip, allow_private_network=True) is allowed_with_private


@pytest.mark.parametrize(
    ("ip", "reason"),
    [
        ("8.8.8.8", "a public address"),
        ("10.0.0.1", "a loopback or private-network address"),
        ("240.0.0.1", "a non-routable or special-purpose address"),
        ("nonsense", "a non-routable or special-purpose address"),
        ("169.254.169.254", "a cloud metadata address"),
    ],
)
def test_describe_address_names_the_category(ip: str, reason: str) -> None:
    assert describe_address(ip) == reason


def test_categories_are_ordered_by_severity() -> None:
    order = [
        AddressCategory.PUBLIC,
        AddressCategory.PRIVATE,
        AddressCategory.FORBIDDEN,
        AddressCategory.METADATA,
    ]
    assert [int(c) for c in order] == [0, 1, 2, 3]
