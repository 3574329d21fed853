"""URL hosts: parse one the way HTTP clients will (WHATWG rules) and judge the name.

`parse_host` turns the authority's host into its canonical ASCII form: IPv6 literals are
compressed (a zone id is kept so the address check can refuse it), names are IDNA-encoded
(which folds full-width digits and ideographic dots) and lowercased with the trailing dot
dropped, and a host whose last label is a number is parsed with the WHATWG IPv4 parser, so
"2130706433", "0x7f.1", "017700000001" and "127.1" all read as 127.0.0.1 -- and are refused
(BLOCKED_URL): only the canonical dotted quad is accepted, since another parser (a proxy, the
server) may read a non-canonical form differently ("0127.0.0.1" is 87.0.0.1 to WHATWG and
127.0.0.1 to inet_aton).

`name_problem` says why a *name* is not a public Internet name: metadata names (never
allowed), local-only names (localhost, *.local, *.internal, single labels...), DNS services
that answer with loopback or rebind on purpose (nip.io, localtest.me, rbndr.us...), and
names that spell a private IPv4 ("127.0.0.1.example", "ip-10-0-0-1.example").

Stdlib + attrs + returns + idna only; nothing here raises.
"""

from __future__ import annotations

import functools
import ipaddress
import re

import attrs
import idna
from returns.result import Failure, Result, Success

from webdistill.kernel import addresses
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.own_text import OwnText, echo, echo_quoted, host, own
from webdistill.kernel.own_text import name as own_name
from webdistill.kernel.quoting import quoted

_LABEL = re.compile(r"[a-z0-9_-]{1,63}")
_DASHED_V4 = re.compile(r"(?<![0-9])(\d{1,3})-(\d{1,3})-(\d{1,3})-(\d{1,3})(?![0-9])")
_HEX_DIGITS = frozenset("0123456789abcdef")

METADATA_NAMES = (
    "metadata",
    "metadata.google.internal",
    "metadata.goog",
    "instance-data",
    "instance-data.ec2.internal",
    "metadata.tencentyun.com",
    "metadata.platformequinix.com",
)
LOCAL_SUFFIXES = (
    "localhost",
    "localdomain",
    "local",
    "internal",
    "intranet",
    "private",
    "corp",
    "home",
    "lan",
    "home.arpa",
    "arpa",
    "test",
    "invalid",
    "example",
    "onion",
    "alt",
    "svc",
)
#: Public DNS services whose names resolve to loopback/private addresses, or rebind on purpose.
LOOPBACK_DNS_SERVICES = (
    "nip.io",
    "sslip.io",
    "xip.io",
    "traefik.me",
    "localtest.me",
    "lvh.me",
    "vcap.me",
    "lacolhost.com",
    "localhost.direct",
    "1u.ms",
    "rbndr.us",
)


@attrs.frozen
class Host:
    """A canonical host: `text` as it goes in a URL, `name` without brackets."""

    text: str
    name: str
    address: addresses.IPAddress | None


def _invalid(message: OwnText) -> Failure[WebError]:
    return Failure(WebError.of(ErrorCode.INVALID_URL, message))


def _parse_ipv4_number(part: str) -> int | None:
    if part[:2] in ("0x", "0X"):
        digits, radix = part[2:], 16
        if digits and not set(digits.lower()) <= _HEX_DIGITS:
            return None
        return int(digits, 16) if digits else 0
    if not part.isascii() or not part.isdigit():
        return None
    radix = 8 if len(part) > 1 and part.startswith("0") else 10
    try:
        return int(part, radix)
    except ValueError:
        return None


def _ends_in_number(labels: list[str]) -> bool:
    last = labels[-1]
    return (last.isascii() and last.isdigit()) or _parse_ipv4_number(last) is not None


def _parse_whatwg_ipv4(labels: list[str]) -> ipaddress.IPv4Address | None:
    if len(labels) > 4:
        return None
    numbers = [_parse_ipv4_number(label) for label in labels]
    if any(n is None for n in numbers):
        return None
    values = [n for n in numbers if n is not None]
    if any(n > 255 for n in values[:-1]) or values[-1] >= 256 ** (5 - len(values)):
        return None
    total = values[-1]
    for index, number in enumerate(values[:-1]):
        total += number * 256 ** (3 - index)
    return ipaddress.IPv4Address(total)


def _parse_ipv6_literal(inner: str) -> Result[Host, WebError]:
    text = inner.replace("%25", "%", 1)
    try:
        addr = ipaddress.IPv6Address(text)
    except ValueError:
        return _invalid(own("The IPv6 address [{}] in the URL is not valid.", echo(inner)))
    canonical = str(addr).replace("%", "%25", 1)
    return Success(Host(text=f"[{canonical}]", name=canonical, address=addr))


def _to_ascii(raw: str) -> str | None:
    """The ASCII form of a host name: UTS 46 (non-transitional) mapping and IDNA 2008, as
    browsers and WHATWG parsers do ("faß.de" stays "xn--fa-hia.de", not "fass.de"; full-width
    digits and ideographic dots fold to ASCII)."""
    if raw.isascii():
        return raw.lower()
    try:
        return idna.encode(raw, uts46=True, transitional=False).decode("ascii").lower()
    except (idna.IDNAError, UnicodeError, ValueError):
        return None


def _is_canonical_ipv4(labels: list[str]) -> bool:
    """Four plain decimal numbers 0-255 without leading zeros: the one unambiguous form."""
    return len(labels) == 4 and all(
        label.isascii()
        and label.isdigit()
        and (label == "0" or not label.startswith("0"))
        and int(label) <= 255
        for label in labels
    )


def _non_canonical(raw: str, v4: ipaddress.IPv4Address) -> Failure[WebError]:
    shown = quoted(raw, 60)
    return Failure(
        WebError.of(
            ErrorCode.BLOCKED_URL,
            own(
                "The host {} is an IPv4 address in a non-canonical form (octal, hexadecimal, "
                "a single number or fewer than four parts). HTTP clients, proxies and servers read "
                "such forms differently, so it is refused. Write the address as four plain decimal "
                "numbers (a.b.c.d) if it is really meant.",
                echo_quoted(raw),
            ),
            host=shown.strip('"'),
            reason="non-canonical IPv4 host",
        )
    )


def parse_host(raw: str) -> Result[Host, WebError]:
    """Parse the host part of an authority into its canonical form (INVALID_URL if bad)."""
    return _parse_host_cached(raw) if len(raw) <= 255 else _parse_host(raw)


@functools.lru_cache(maxsize=1024)
def _parse_host_cached(raw: str) -> Result[Host, WebError]:
    return _parse_host(raw)


def _parse_host(raw: str) -> Result[Host, WebError]:
    if raw.startswith("["):
        if not raw.endswith("]") or len(raw) < 3:
            return _invalid(own("The URL has an unterminated IPv6 address; write it as [address]."))
        return _parse_ipv6_literal(raw[1:-1])
    if not raw:
        return _invalid(own("The URL has no host name."))
    if "%" in raw:
        return _invalid(own("Percent-encoded characters are not allowed in a URL's host name."))
    ascii_host = _to_ascii(raw)
    if ascii_host is None:
        return _invalid(
            own("The host name {} is not a valid internationalised domain name.", echo_quoted(raw))
        )
    if ascii_host.endswith("."):
        ascii_host = ascii_host[:-1]
    labels = ascii_host.split(".")
    if not ascii_host or len(ascii_host) > 253 or not all(_LABEL.fullmatch(x) for x in labels):
        return _invalid(own("The host name {} is not a valid domain name.", echo_quoted(raw)))
    if _ends_in_number(labels):
        v4 = _parse_whatwg_ipv4(labels)
        if v4 is None:
            return _invalid(
                own(
                    "The host {} looks like an IPv4 address but is not a valid one.",
                    echo_quoted(raw),
                )
            )
        if not _is_canonical_ipv4(labels):
            return _non_canonical(raw, v4)
        return Success(Host(text=str(v4), name=str(v4), address=v4))
    return Success(Host(text=ascii_host, name=ascii_host, address=None))


def domain_matches(name: str, domain: str) -> bool:
    """True when `name` is `domain` or one of its subdomains."""
    return bool(domain) and (name == domain or name.endswith("." + domain))


def _spelled_ipv4(labels: list[str]) -> list[str]:
    """Private-looking IPv4 addresses spelled inside a name ("127.0.0.1.x", "ip-10-0-0-1.x")."""
    found = [
        ".".join(labels[i : i + 4])
        for i in range(len(labels) - 3)
        if all(x.isdigit() and len(x) <= 3 for x in labels[i : i + 4])
    ]
    found += [".".join(m.groups()) for label in labels for m in _DASHED_V4.finditer(label)]
    return found


#: The listed domains, to see in one look-up per suffix of a name whether any list matches.
_LISTED = frozenset(METADATA_NAMES + LOCAL_SUFFIXES + LOOPBACK_DNS_SERVICES)
#: What any address spelled in an ASCII name contains: four numbers of 1-3 digits joined by dots
#: (labels) or dashes (`_DASHED_V4`).
_FOUR_NUMBERS = re.compile(r"[0-9]{1,3}[.-][0-9]{1,3}[.-][0-9]{1,3}[.-][0-9]{1,3}")


def _dot_suffixes(name: str) -> list[str]:
    """`name` and each tail after one of its dots: the domains `domain_matches` admits."""
    return [name, *(name[i + 1 :] for i, char in enumerate(name) if char == ".")]


def name_problem(name: str) -> tuple[bool, OwnText] | None:
    """Why `name` (a canonical host name) is not a public name: (is_metadata, reason), or None."""
    if (
        "." in name
        and name.isascii()
        and _FOUR_NUMBERS.search(name) is None
        and _LISTED.isdisjoint(_dot_suffixes(name))
    ):
        # No listed domain matches (domain_matches(name, d) holds exactly when d is one of
        # the dot suffixes), the name has several labels, and without four numbers in a row
        # it spells no address: every rule below would pass it.
        return None
    return _name_problem(name)


def _name_problem(name: str) -> tuple[bool, OwnText] | None:
    shown = host(name)
    if any(domain_matches(name, m) for m in METADATA_NAMES):
        return True, own("{} is a cloud metadata service name", shown)
    spelled = [(ip, addresses.address_category(ip)) for ip in _spelled_ipv4(name.split("."))]
    for ip, category in spelled:
        if category == addresses.AddressCategory.METADATA:
            return True, own("{} spells the cloud metadata address {}", shown, host(ip))
    for suffix in LOCAL_SUFFIXES:
        if domain_matches(name, suffix):
            return False, own("{} is a local-only name (*.{})", shown, own_name(suffix))
    if "." not in name:
        return False, own("{} is a single-label (local network) name", shown)
    for service in LOOPBACK_DNS_SERVICES:
        if domain_matches(name, service):
            return False, own(
                "{} belongs to {}, which resolves names to private addresses",
                shown,
                own_name(service),
            )
    for ip, category in spelled:
        if category != addresses.AddressCategory.PUBLIC:
            return False, own("{} spells the non-public address {}", shown, host(ip))
    return None
