"""Kernel address tables: special-purpose ranges, embedded-IPv4 forms, metadata, allowance."""

from __future__ import annotations

import ipaddress

import pytest

from webdistill.kernel.addresses import (
    AddressCategory,
    address_category,
    is_allowed_address,
    is_metadata_address,
    is_public_address,
    parse_address,
)

NOT_PUBLIC_V4 = [
    "0.0.0.0", "0.1.2.3", "10.0.0.1", "10.255.255.255", "100.64.0.1", "100.127.255.254",
    "127.0.0.1", "127.255.255.254", "169.254.0.1", "169.254.169.254", "172.16.0.1",
    "172.31.255.255", "192.0.0.1", "192.0.0.8", "192.0.0.170", "192.0.2.1", "192.88.99.1",
    "192.168.0.1", "192.168.255.255", "198.18.0.1", "198.19.255.255", "198.51.100.7",
    "203.0.113.9", "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255",
    "100.100.100.200", "168.63.129.16",
]  # fmt: skip
PUBLIC_V4 = [
    "1.1.1.1", "8.8.8.8", "93.184.216.34", "172.15.255.255", "172.32.0.1", "100.63.255.255",
    "100.128.0.1", "192.169.0.1", "198.17.255.255", "198.20.0.1", "223.255.255.255",
    "11.0.0.1", "126.255.255.255", "128.0.0.1", "169.253.255.255", "169.255.0.1",
]  # fmt: skip
NOT_PUBLIC_V6 = [
    "::", "::1", "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.0.0.1", "::ffff:169.254.169.254",
    "::ffff:0:127.0.0.1", "::127.0.0.1", "::10.0.0.1", "::a9fe:a9fe",
    "64:ff9b::127.0.0.1", "64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe", "64:ff9b::10.1.2.3",
    "64:ff9b:1::7f00:1", "64:ff9b:1::808:808", "64:ff9b:1:7f00:0:100::",
    "2002:7f00:1::", "2002:a9fe:a9fe::1", "2002:a00:1::", "2002:c0a8:101::",
    "2001:0:4136:e378:8000:63bf:80ff:fffe",  # Teredo, client 127.0.0.1
    "2001:0:a00:1:0:0:8.8.8.8",  # Teredo with a private server address
    "2001:db8::1", "2001:2::1", "2001:10::1", "2001:20::1", "2001:1ff::1", "3fff::1",
    "fc00::1", "fd00::1", "fd00:ec2::254", "fd00:ec2::23", "fe80::1", "fe80::1%eth0",
    "fec0::1", "ff02::1", "ff05::1:3", "100::1", "64:ff9b:0:0:1::7f00:1", "5f00::1",
    "2607:f8b0::5efe:7f00:1",  # ISATAP interface id embedding 127.0.0.1
    "2607:f8b0::200:5efe:a00:1", "2606:4700::1%1",
]  # fmt: skip
PUBLIC_V6 = [
    "2606:4700:4700::1111", "2001:4860:4860::8888", "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8", "64:ff9b::8.8.8.8", "2002:808:808::1", "2400:cb00::1", "3ffe::1",
    "2001:200::1", "2001:0:4136:e378:8000:63bf:f7f7:f7f7",  # Teredo client 8.8.8.8
]  # fmt: skip
METADATA = [
    "169.254.169.254", "169.254.170.2", "169.254.170.23", "169.254.0.23", "100.100.100.200",
    "168.63.129.16", "192.0.0.192", "fd00:ec2::254", "fd00:ec2::23", "::ffff:169.254.169.254",
    "::ffff:a9fe:a9fe", "64:ff9b::a9fe:a9fe", "2002:a9fe:a9fe::", "::169.254.169.254",
    "64:ff9b::100.100.100.200",
]  # fmt: skip


@pytest.mark.parametrize("ip", NOT_PUBLIC_V4 + NOT_PUBLIC_V6)
def test_special_purpose_addresses_are_not_public(ip: str) -> None:
    assert not is_public_address(ip)


@pytest.mark.parametrize("ip", PUBLIC_V4 + PUBLIC_V6)
def test_ordinary_addresses_are_public(ip: str) -> None:
    assert is_public_address(ip)
    assert is_public_address(ipaddress.ip_address(ip))


@pytest.mark.parametrize("ip", METADATA)
def test_metadata_addresses_are_never_allowed(ip: str) -> None:
    assert is_metadata_address(ip)
    assert not is_allowed_address(ip, allow_private_network=True)


@pytest.mark.parametrize(
    "ip", ["127.0.0.1", "10.1.2.3", "172.20.0.1", "192.168.1.1", "100.64.1.1", "::1", "fd12::1",
           "::ffff:127.0.0.1", "64:ff9b::a00:1"],
)  # fmt: skip
def test_private_addresses_open_only_with_allow_private_network(ip: str) -> None:
    assert address_category(ip) == AddressCategory.PRIVATE
    assert not is_allowed_address(ip, allow_private_network=False)
    assert is_allowed_address(ip, allow_private_network=True)


@pytest.mark.parametrize(
    "ip", ["0.0.0.0", "224.0.0.1", "255.255.255.255", "fe80::1", "2001:db8::1"]
)
def test_unroutable_addresses_stay_blocked_even_with_private_allowed(ip: str) -> None:
    assert not is_allowed_address(ip, allow_private_network=True)


@pytest.mark.parametrize(
    "value", ["", "localhost", "127.1", "0x7f000001", "2130706433", "1.2.3.4.5", "::g", None,
              b"\xff", 3.5, object(), "8.8.8.8 ", "[::1"],
)  # fmt: skip
def test_non_addresses_are_not_public_and_never_raise(value: object) -> None:
    if value == "8.8.8.8 ":
        assert is_public_address(value)  # surrounding whitespace is tolerated
        return
    assert not is_public_address(value)
    assert not is_allowed_address(value, allow_private_network=True)


def test_parse_address_accepts_brackets_and_integers() -> None:
    assert parse_address("[::1]") == ipaddress.IPv6Address("::1")
    assert parse_address(2130706433) == ipaddress.IPv4Address("127.0.0.1")
    assert parse_address(True) is None
