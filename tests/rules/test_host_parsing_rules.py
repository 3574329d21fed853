"""How a URL's host is read: IPv6 literals, the canonical dotted quad (and every other
numeric form refused, with the valid-but-non-canonical ones BLOCKED and the impossible ones
INVALID), label and name lengths, IDNA (UTS 46, non-transitional)."""

from __future__ import annotations

import ipaddress

import pytest
from returns.pipeline import is_successful

from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.hosts import Host, parse_host
from webdistill.kernel.quoting import quoted


def host(raw: str) -> Host:
    result = parse_host(raw)
    assert is_successful(result), result
    parsed: Host = result.unwrap()
    return parsed


def refused(raw: str) -> WebError:
    result = parse_host(raw)
    assert not is_successful(result), f'"{raw}" was read as {result}'
    error: WebError = result.failure()
    return error


# --- numbers -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw", ["1.2.3.4", "0.0.0.0", "255.255.255.255", "10.20.30.40", "8.8.8.8."]
)
def test_the_canonical_dotted_quad_is_an_address(raw: str) -> None:
    text = raw.rstrip(".")
    assert host(raw) == Host(text=text, name=text, address=ipaddress.IPv4Address(text))


@pytest.mark.parametrize(
    "raw",
    [
        "01.2.3.4", "1.2.3.04", "00.0.0.0", "0x1.2.3.4", "0X01.2.3.4", "1.2.3.0x4", "0x.0.0.0",
        "1.2.3", "1.2", "16909060", "4294967295", "1.16777215", "1.2.65535", "0x7f.1",
        "017700000001", "0xffffffff",
    ],
)  # fmt: skip
def test_every_other_valid_numeric_form_is_blocked_as_non_canonical(raw: str) -> None:
    error = refused(raw)
    assert error.code == ErrorCode.BLOCKED_URL
    assert dict(error.detail) == {"host": raw, "reason": "non-canonical IPv4 host"}
    assert error.message.startswith(f'The host "{raw}" is an IPv4 address in a non-canonical form')


@pytest.mark.parametrize(
    "raw",
    [
        "4294967296", "1.16777216", "1.2.65536", "1.2.3.256", "256.1.1.1", "1.256.1.1",
        "1.2.256.1", "1.2.3.4.5", "08.1.1.1", "1.2.3.09", "0xg.1.1.1", "example.0x1f",
        "example.123", "0x100000000",
    ],
)  # fmt: skip
def test_an_impossible_numeric_host_is_invalid(raw: str) -> None:
    error = refused(raw)
    assert error.code == ErrorCode.INVALID_URL
    assert error.message == f'The host "{raw}" looks like an IPv4 address but is not a valid one.'


@pytest.mark.parametrize("raw", ["0x1f.example", "123.example", "1.2.3.4.example", "0xg"])
def test_a_name_whose_last_label_is_not_a_number_is_a_name(raw: str) -> None:
    assert host(raw) == Host(text=raw, name=raw, address=None)


def test_a_long_non_canonical_host_is_shortened_in_the_refusal() -> None:
    exactly_60 = "0" * 53 + "1.2.3.4"
    assert len(exactly_60) == 60
    assert dict(refused(exactly_60).detail)["host"] == exactly_60
    over = "0" + exactly_60
    shown = over[:59] + "\u2026"
    error = refused(over)
    assert dict(error.detail)["host"] == shown
    assert f'The host "{shown}" is an IPv4' in error.message


# --- IPv6 literals -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "text"),
    [
        ("[::1]", "[::1]"),
        ("[2606:4700:4700:0:0:0:0:1111]", "[2606:4700:4700::1111]"),
        ("[::FFFF:8.8.8.8]", "[::ffff:808:808]"),
        ("[fe80::1%25eth0]", "[fe80::1%25eth0]"),
        ("[fe80::1%eth0]", "[fe80::1%25eth0]"),
    ],
)
def test_ipv6_literals_are_compressed_keeping_the_zone(raw: str, text: str) -> None:
    parsed = host(raw)
    assert parsed.text == text
    assert parsed.name == text[1:-1]
    assert parsed.address == ipaddress.IPv6Address(text[1:-1].replace("%25", "%"))


@pytest.mark.parametrize("raw", ["[", "[]", "[::1", "[::1]x"])
def test_an_unterminated_ipv6_literal_is_invalid(raw: str) -> None:
    error = refused(raw)
    assert (error.code, error.message) == (
        ErrorCode.INVALID_URL,
        "The URL has an unterminated IPv6 address; write it as [address].",
    )


@pytest.mark.parametrize("inner", ["zz::1", "1.2.3.4", ":::", "1::2::3"])
def test_a_bad_ipv6_literal_is_invalid(inner: str) -> None:
    error = refused(f"[{inner}]")
    assert (error.code, error.message) == (
        ErrorCode.INVALID_URL,
        f"The IPv6 address [{inner}] in the URL is not valid.",
    )


# --- names ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "name"),
    [
        ("Example.COM", "example.com"),
        ("example.com.", "example.com"),
        ("a_b-c.example", "a_b-c.example"),
        ("a" * 63 + ".com", "a" * 63 + ".com"),
        (".".join(["a" * 49] * 5) + ".abc", ".".join(["a" * 49] * 5) + ".abc"),  # 253
        (".".join(["a" * 49] * 5) + ".abc.", ".".join(["a" * 49] * 5) + ".abc"),
        ("b\u00fccher.de", "xn--bcher-kva.de"),
        ("fa\u00df.de", "xn--fa-hia.de"),  # non-transitional: not fass.de
        ("BÜCHER.de", "xn--bcher-kva.de"),
    ],
)
def test_names_are_lowercased_idna_encoded_without_the_trailing_dot(raw: str, name: str) -> None:
    assert host(raw) == Host(text=name, name=name, address=None)


def test_full_width_digits_and_ideographic_dots_fold_to_the_canonical_quad() -> None:
    assert host("\uff11\u3002\uff12\uff0e\uff13\uff61\uff14").address == ipaddress.IPv4Address(
        "1.2.3.4"
    )


@pytest.mark.parametrize(
    "raw",
    [
        "a" * 64 + ".com",
        ".".join(["a" * 49] * 5) + ".abcd",  # 254
        "a..b",
        ".",
        "..",
        "exa mple.com",
        "exa*mple.com",
        "exa<mple.com",
    ],
)
def test_a_bad_name_is_invalid(raw: str) -> None:
    error = refused(raw)
    assert (error.code, error.message) == (
        ErrorCode.INVALID_URL,
        f"The host name {quoted(raw, 60)} is not a valid domain name.",
    )


def test_no_host_and_percent_escapes_are_invalid() -> None:
    assert refused("").message == "The URL has no host name."
    assert refused("ex%61mple.com").message == (
        "Percent-encoded characters are not allowed in a URL's host name."
    )


@pytest.mark.parametrize("raw", ["a\u200db.com", "\u0640.com", "xn--.com\u00e9"])
def test_a_bad_internationalised_name_is_invalid(raw: str) -> None:
    error = refused(raw)
    assert (error.code, error.message) == (
        ErrorCode.INVALID_URL,
        f"The host name {quoted(raw, 60)} is not a valid internationalised domain name.",
    )


def test_very_long_hosts_are_judged_like_short_ones() -> None:
    # over 255 characters the parse is not memoised; the verdicts are the same
    assert refused("a" * 300).code == ErrorCode.INVALID_URL
    assert refused("[" + "1" * 300 + "]").code == ErrorCode.INVALID_URL
