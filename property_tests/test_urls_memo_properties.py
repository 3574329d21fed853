"""Shortcuts in the URL gate change nothing: memoised verdicts equal fresh ones, for every
policy, and URLs taking the plain-shape fast path get what the general parser gives.

The reference verdict uses an equal policy holding lists instead of tuples: it cannot be
hashed, so the kernel judges it without any memo.
"""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st

from property_tests.strategies_urls import hostile_texts, special_ipv4s, urls
from webdistill.kernel import urls as kernel_urls
from webdistill.kernel.urls import UrlPolicy, address_allowed, check_url

_POLICIES = (
    UrlPolicy(),
    UrlPolicy(allow_http=True),
    UrlPolicy(allow_http=True, allow_private_network=True),
    UrlPolicy(allow_http=True, trusted_addresses=("127.0.0.1", "::1")),
    UrlPolicy(blocklist=("example.com",)),
    UrlPolicy(allowlist=("example.org", "8.8.8.8")),
)
_HOSTS = st.sampled_from(
    ["127.0.0.1", "0x7f.1", "[::1]", "[::ffff:7f00:1]", "169.254.169.254", "localhost",
     "example.com", "www.example.org", "8.8.8.8", "10.0.0.1:8080", "a@b", "[fe80::1%25eth0]"]
)  # fmt: skip
_PLAIN_SHAPED = st.from_regex(kernel_urls._PLAIN_URL, fullmatch=True)
_TEXTS = st.one_of(
    hostile_texts,
    _PLAIN_SHAPED,
    urls().map(lambda pair: pair[0]),
    st.tuples(st.sampled_from(["http://", "https://"]), _HOSTS).map("".join),
)


def _unmemoisable(policy: UrlPolicy) -> UrlPolicy:
    return attrs.evolve(
        policy,
        allowlist=list(policy.allowlist),
        blocklist=list(policy.blocklist),
        trusted_addresses=list(policy.trusted_addresses),
    )


@given(st.lists(_TEXTS, min_size=1, max_size=4))
def test_memoised_url_verdicts_equal_fresh_ones(texts: list[str]) -> None:
    remembered = [[check_url(t, p) for p in _POLICIES] for t in texts * 2]
    fresh = [[check_url(t, _unmemoisable(p)) for p in _POLICIES] for t in texts * 2]
    assert remembered == fresh


@given(st.lists(st.one_of(special_ipv4s, special_ipv4s.map(str)), min_size=1, max_size=4))
def test_memoised_address_verdicts_equal_fresh_ones(ips: list[object]) -> None:
    remembered = [[address_allowed(ip, p) for p in _POLICIES] for ip in ips * 2]
    fresh = [[address_allowed(ip, _unmemoisable(p)) for p in _POLICIES] for ip in ips * 2]
    assert remembered == fresh


@given(st.one_of(_PLAIN_SHAPED, _TEXTS), st.sampled_from(_POLICIES))
def test_the_plain_shape_fast_path_agrees_with_the_general_parser(
    text: str, policy: UrlPolicy
) -> None:
    assert check_url(text, policy) == kernel_urls._clean_general(text, policy)
