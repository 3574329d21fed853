"""Properties of the address tables: total, and consistent across IPv4-embedding IPv6 forms."""

from __future__ import annotations

import ipaddress

from hypothesis import given
from hypothesis import strategies as st

from property_tests.strategies_urls import ipv6s, special_ipv4s
from webdistill.kernel.addresses import (
    address_category,
    is_allowed_address,
    is_metadata_address,
    is_public_address,
)

V6 = ipaddress.IPv6Address


def embeddings(v4: ipaddress.IPv4Address) -> list[ipaddress.IPv6Address]:
    """The IPv6 forms that point at `v4`."""
    value = int(v4)
    public_teredo_server = int(ipaddress.IPv4Address("65.54.227.120"))
    return [
        V6((0xFFFF << 32) | value),  # ::ffff:a.b.c.d (mapped)
        V6((0xFFFF << 48) | value),  # ::ffff:0:a.b.c.d (translated)
        V6((0x64FF9B << 96) | value),  # 64:ff9b::/96 (NAT64)
        V6((0x2002 << 112) | (value << 80)),  # 2002:wwxx:yyzz:: (6to4)
        V6((0x2002 << 112) | (value << 80) | 0x1234),
        V6((0x20010000 << 96) | (public_teredo_server << 64) | (value ^ 0xFFFFFFFF)),  # Teredo
    ]


@given(special_ipv4s)
def test_embedded_forms_agree_with_the_ipv4_address(v4: ipaddress.IPv4Address) -> None:
    for v6 in embeddings(v4):
        assert is_public_address(v6) == is_public_address(v4), v6
        assert is_metadata_address(v6) == is_metadata_address(v4), v6
        for private in (False, True):
            allowed = is_allowed_address(v6, allow_private_network=private)
            assert allowed == is_allowed_address(v4, allow_private_network=private), v6
        assert is_public_address(str(v6)) == is_public_address(v4)


@given(special_ipv4s)
def test_ipv4_compatible_form_is_never_more_permissive(v4: ipaddress.IPv4Address) -> None:
    assert is_public_address(V6(int(v4))) == is_public_address(v4)


@given(ipv6s)
def test_public_ipv6_is_inside_2000_3_or_an_embedding_of_a_public_ipv4(
    v6: ipaddress.IPv6Address,
) -> None:
    if is_public_address(v6):
        embeds = v6.ipv4_mapped or v6.sixtofour or (v6.teredo and v6.teredo[1])
        in_global = v6 in ipaddress.IPv6Network("2000::/3")
        assert (
            in_global
            or embeds
            or v6 in ipaddress.IPv6Network("64:ff9b::/96")
            or int(v6) < 2**32
            or (int(v6) >> 32) == 0xFFFF0000
        )


@given(st.one_of(st.text(), st.integers(), st.binary(), st.none(), st.floats()))
def test_never_raises(value: object) -> None:
    address_category(value)
    is_public_address(value)
    is_metadata_address(value)
    is_allowed_address(value, allow_private_network=True)


@given(ipv6s)
def test_metadata_is_never_allowed(v6: ipaddress.IPv6Address) -> None:
    if is_metadata_address(v6):
        assert not is_allowed_address(v6, allow_private_network=True)
