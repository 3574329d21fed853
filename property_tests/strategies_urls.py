"""Hypothesis strategies for URLs, query parameters and IP addresses in their many spellings."""

from __future__ import annotations

import ipaddress

from hypothesis import strategies as st

from webdistill.kernel.credentials import STRONG, name_class
from webdistill.kernel.urls import TRACKING_PARAMETERS

ipv4_ints = st.integers(min_value=0, max_value=2**32 - 1)
ipv4s = ipv4_ints.map(ipaddress.IPv4Address)
ipv6s = st.integers(min_value=0, max_value=2**128 - 1).map(ipaddress.IPv6Address)

#: Interesting IPv4 addresses: the edges of special-purpose ranges, plus random ones.
_EDGES = [
    "0.0.0.0", "10.0.0.0", "127.0.0.1", "169.254.169.254", "172.16.0.0", "172.31.255.255",
    "192.168.0.1", "100.64.0.0", "100.127.255.255", "198.18.0.0", "224.0.0.0", "240.0.0.0",
    "255.255.255.255", "8.8.8.8", "100.100.100.200", "192.0.0.192", "1.1.1.1",
]  # fmt: skip
special_ipv4s = st.one_of(st.sampled_from(_EDGES).map(ipaddress.IPv4Address), ipv4s)


def ipv4_spellings(addr: ipaddress.IPv4Address) -> st.SearchStrategy[str]:
    """The WHATWG/inet_aton spellings of one IPv4 address."""
    value = int(addr)
    octets = list(addr.packed)
    return st.sampled_from(
        [
            str(addr),
            str(value),
            hex(value),
            "0" + oct(value)[2:],
            ".".join(hex(o) for o in octets),
            ".".join("0" + oct(o)[2:] for o in octets),
            f"{octets[0]}.{(value & 0xFFFFFF)}",
            f"{octets[0]}.{octets[1]}.{value & 0xFFFF}",
            str(addr) + ".",
        ]
    )


tracker_names = st.one_of(
    st.sampled_from(sorted(TRACKING_PARAMETERS)),
    st.text("abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=8).map(lambda s: "utm_" + s),
)
_NAME_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~"
plain_names = st.text(_NAME_CHARS, min_size=1, max_size=10).filter(
    lambda n: n.lower() not in TRACKING_PARAMETERS
    and not n.lower().startswith("utm_")
    and name_class(n) != STRONG
)
values = st.text(_NAME_CHARS + "%2F", max_size=10).map(lambda v: v.replace("%", "%25"))
parameters = st.tuples(st.one_of(plain_names, tracker_names), values)
queries = st.lists(parameters, max_size=8)

hosts = st.sampled_from(
    ["example.com", "www.example.org", "a.b.c.example.net", "xn--bcher-kva.de", "8.8.8.8",
     "[2606:4700::1111]", "example.com:8443"]
)  # fmt: skip
paths = st.lists(st.text(_NAME_CHARS, max_size=8), max_size=4).map(lambda p: "/" + "/".join(p))


@st.composite
def urls(draw: st.DrawFn) -> tuple[str, list[tuple[str, str]]]:
    """An ordinary https URL, and its query parameters in order."""
    params = draw(queries)
    query = "&".join(f"{k}={v}" for k, v in params)
    url = f"https://{draw(hosts)}{draw(paths)}" + (f"?{query}" if params else "")
    return url, params


#: Fragments hostile URLs are made of, to be glued together at random.
url_fragments = st.sampled_from(
    ["http://", "https://", "HTTP://", "//", "@", ":", "[", "]", "::1", "%25", "%", "#", "?",
     "\\", "/", ".", "..", "127.0.0.1", "0x7f", "localhost", "169.254.169.254", "user:pw",
     "\u3002", "\uff0e", "\uff11", "xn--", "-", "_", " ", "\t", "\x00", "\u00df", "80", "0",
     "ffff:", "64:ff9b::", "2002:", "%2e", "%40", "metadata", ".internal", "utm_source=x", "&"]
)  # fmt: skip
hostile_texts = st.lists(url_fragments, max_size=12).map("".join)
