"""Host-parsing rules the first mutation run of src/kernel/hosts.py showed unpinned: numbers
Python reads but WHATWG does not (underscores), a hex label using every hex digit, five
numeric labels, the shortest bracketed host, the exact wording (and 60-character quoting) of
each refusal, the host as written in a refusal's detail, the window of four spelled labels,
and which hosts the parse memo keeps (up to 255 characters)."""

from __future__ import annotations

import pytest
from returns.pipeline import is_successful

from webdistill.kernel import hosts
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.hosts import Host, name_problem, parse_host


def refused(raw: str) -> WebError:
    result = parse_host(raw)
    assert not is_successful(result), f'"{raw}" was read as {result}'
    error: WebError = result.failure()
    return error


NON_CANONICAL_TAIL = (
    " is an IPv4 address in a non-canonical form (octal, hexadecimal, a single number or "
    "fewer than four parts). HTTP clients, proxies and servers read such forms differently, "
    "so it is refused. Write the address as four plain decimal numbers (a.b.c.d) if it is "
    "really meant."
)


@pytest.mark.parametrize("raw", ["example.1_0", "example.1_000", "a.b.0_1"])
def test_a_last_label_python_would_read_as_a_number_is_a_name(raw: str) -> None:
    # int("1_0") is 10 in Python; to WHATWG (and to us) "1_0" is not a number.
    assert parse_host(raw).unwrap() == Host(text=raw, name=raw, address=None)


def test_a_hex_label_with_every_hex_digit_is_a_number() -> None:
    error = refused("example.0x0123456789abcdef")
    assert error.code == ErrorCode.INVALID_URL  # a number, too large to be an address
    assert error.message == (
        'The host "example.0x0123456789abcdef" looks like an IPv4 address but is not a valid one.'
    )
    assert refused("0x0123456789abcdef").code == ErrorCode.INVALID_URL


@pytest.mark.parametrize("raw", ["1.2.3.4.0", "0.0.0.0.0", "1.1.1.1.1"])
def test_five_numeric_labels_are_never_an_address(raw: str) -> None:
    assert refused(raw).code == ErrorCode.INVALID_URL


@pytest.mark.parametrize("raw", ["[a]", "[1]", "[:]"])
def test_the_shortest_bracketed_host_is_judged_as_an_ipv6_literal(raw: str) -> None:
    assert refused(raw).message == f"The IPv6 address {raw} in the URL is not valid."


@pytest.mark.parametrize("raw", ["[]", "[", "[::1"])
def test_an_empty_or_open_bracket_is_an_unterminated_literal(raw: str) -> None:
    assert refused(raw).message == (
        "The URL has an unterminated IPv6 address; write it as [address]."
    )


@pytest.mark.parametrize("raw", ["0x7f.1", "1.2.3.0X", "0X7F.0.0.1", "017700000001"])
def test_a_non_canonical_address_gets_the_whole_refusal_with_the_host_as_written(
    raw: str,
) -> None:
    error = refused(raw)
    assert error.code == ErrorCode.BLOCKED_URL
    assert error.message == f'The host "{raw}"' + NON_CANONICAL_TAIL
    assert dict(error.detail) == {"host": raw, "reason": "non-canonical IPv4 host"}


def test_an_invalid_idn_is_quoted_up_to_60_characters() -> None:
    exactly = "\u2603" + "a" * 59
    assert refused(exactly).message == (
        f'The host name "{exactly}" is not a valid internationalised domain name.'
    )
    assert refused(exactly + "b").message == (
        f'The host name "{exactly[:59]}\u2026" is not a valid internationalised domain name.'
    )


def test_an_impossible_address_is_quoted_up_to_60_characters() -> None:
    exactly = "9" * 54 + ".1.1.1"
    assert len(exactly) == 60
    assert refused(exactly).message == (
        f'The host "{exactly}" looks like an IPv4 address but is not a valid one.'
    )
    assert refused("9" + exactly).message == (
        f'The host "{("9" + exactly)[:59]}\u2026" looks like an IPv4 address but is not a '
        "valid one."
    )


def test_idn_hosts_use_non_transitional_mapping() -> None:
    assert parse_host("fa\u00df.de").unwrap().name == "xn--fa-hia.de"  # not "fass.de"


def test_a_spelled_address_may_end_at_the_last_label() -> None:
    assert name_problem("a.10.0.0.1") == (
        False,
        "a.10.0.0.1 spells the non-public address 10.0.0.1",
    )
    assert name_problem("a.169.254.169.254") == (
        True,
        "a.169.254.169.254 spells the cloud metadata address 169.254.169.254",
    )


def test_hosts_up_to_255_characters_are_memoised() -> None:
    hosts._parse_host_cached.cache_clear()
    exactly = ".".join(["a" * 63] * 4)  # 255 characters: too long a name, still memoised
    assert len(exactly) == 255
    assert refused(exactly).code == ErrorCode.INVALID_URL
    assert hosts._parse_host_cached.cache_info().currsize == 1
    assert refused(exactly + "a").code == ErrorCode.INVALID_URL
    assert hosts._parse_host_cached.cache_info().currsize == 1
    assert parse_host("a.example.com").unwrap().name == "a.example.com"
    assert hosts._parse_host_cached.cache_info().currsize == 2
