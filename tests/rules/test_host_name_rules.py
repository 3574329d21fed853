"""Why a host *name* is not public (`name_problem`), each listed name, suffix and service, in
the order the rules apply; and how a host is matched against a domain."""

from __future__ import annotations

import pytest

from webdistill.kernel.hosts import domain_matches, name_problem

METADATA = [
    "metadata", "metadata.google.internal", "metadata.goog", "instance-data",
    "instance-data.ec2.internal", "metadata.tencentyun.com", "metadata.platformequinix.com",
]  # fmt: skip
LOCAL = [
    "localhost", "localdomain", "local", "internal", "intranet", "private", "corp", "home",
    "lan", "home.arpa", "arpa", "test", "invalid", "example", "onion", "alt", "svc",
]  # fmt: skip
SERVICES = [
    "nip.io", "sslip.io", "xip.io", "traefik.me", "localtest.me", "lvh.me", "vcap.me",
    "lacolhost.com", "localhost.direct", "1u.ms", "rbndr.us",
]  # fmt: skip


@pytest.mark.parametrize("name", METADATA)
def test_each_metadata_name_and_its_subdomains_are_metadata(name: str) -> None:
    assert name_problem(name) == (True, f"{name} is a cloud metadata service name")
    assert name_problem("a." + name) == (True, f"a.{name} is a cloud metadata service name")


@pytest.mark.parametrize("suffix", LOCAL)
def test_each_local_suffix_is_local_only(suffix: str) -> None:
    for name in (suffix, "printer." + suffix, "a.b." + suffix):
        assert name_problem(name) == (False, f"{name} is a local-only name (*.{suffix})")


def test_home_arpa_is_reported_as_its_own_suffix() -> None:
    assert name_problem("nas.home.arpa") == (
        False,
        "nas.home.arpa is a local-only name (*.home.arpa)",
    )
    assert name_problem("x.in-addr.arpa") == (False, "x.in-addr.arpa is a local-only name (*.arpa)")


@pytest.mark.parametrize("suffix", LOCAL)
def test_a_local_suffix_inside_a_public_name_is_public(suffix: str) -> None:
    assert name_problem(f"{suffix}.example-shop.com") is None
    assert name_problem(f"my{suffix}.com") is None


def test_a_single_label_is_a_local_network_name() -> None:
    assert name_problem("printer") == (False, "printer is a single-label (local network) name")


@pytest.mark.parametrize("service", SERVICES)
def test_each_loopback_dns_service_is_refused(service: str) -> None:
    assert name_problem("app." + service) == (
        False,
        f"app.{service} belongs to {service}, which resolves names to private addresses",
    )
    assert name_problem(service) == (
        False,
        f"{service} belongs to {service}, which resolves names to private addresses",
    )
    assert name_problem("not" + service) is None


SPELLED = "spells the non-public address"
SPELLED_METADATA = "spells the cloud metadata address"
SERVICE = "belongs to nip.io, which resolves names to private addresses"


@pytest.mark.parametrize(
    ("name", "is_metadata", "reason"),
    [
        ("127.0.0.1.example.com", False, f"{SPELLED} 127.0.0.1"),
        ("a.10.1.2.3.example.com", False, f"{SPELLED} 10.1.2.3"),
        ("ip-10-0-0-1.ec2.example.com", False, f"{SPELLED} 10.0.0.1"),
        ("0.0.0.0.example.com", False, f"{SPELLED} 0.0.0.0"),
        ("169.254.169.254.example.com", True, f"{SPELLED_METADATA} 169.254.169.254"),
        ("x-168-63-129-16-y.example.com", True, f"{SPELLED_METADATA} 168.63.129.16"),
        # metadata spelled inside a loopback service is reported as metadata (it wins)
        ("169.254.169.254.nip.io", True, f"{SPELLED_METADATA} 169.254.169.254"),
        # a loopback service wins over a merely private spelling
        ("10.0.0.1.nip.io", False, SERVICE),
        # a local suffix wins over a private spelling
        ("10.0.0.1.local", False, "is a local-only name (*.local)"),
    ],
)
def test_names_spelling_an_address(name: str, is_metadata: bool, reason: str) -> None:
    assert name_problem(name) == (is_metadata, f"{name} {reason}")


@pytest.mark.parametrize(
    "name",
    [
        "1.2.3.4.example.com",  # a public address spelled: fine
        "8-8-8-8.example.com",
        "1000.0.0.1.example.com",  # 4-digit label: no address
        "10.0.0.example.com",  # three numbers only
        "1110-0-0-1.example.com",  # the dashed run starts inside a longer number
        "10-0-0-1110.example.com",
        "ec2-52-1-2-3.compute-1.amazonaws.com",
        "www.example-shop.com",
    ],
)
def test_public_names_have_no_problem(name: str) -> None:
    assert name_problem(name) is None


@pytest.mark.parametrize(
    ("name", "domain", "matches"),
    [
        ("example.org", "example.org", True),
        ("a.example.org", "example.org", True),
        ("a.b.example.org", "example.org", True),
        ("notexample.org", "example.org", False),
        ("example.org.evil.com", "example.org", False),
        ("example.org", "", False),
        ("", "", False),
        ("org", "example.org", False),
    ],
)
def test_domain_matches_itself_and_subdomains_only(name: str, domain: str, matches: bool) -> None:
    assert domain_matches(name, domain) is matches
