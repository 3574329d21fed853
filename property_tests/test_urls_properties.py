"""Properties of the URL policy: total, idempotent, and never losing a real parameter."""

from __future__ import annotations

from urllib.parse import urlsplit

from hypothesis import given
from hypothesis import strategies as st
from returns.pipeline import is_successful

from property_tests.strategies_urls import (
    hostile_texts,
    ipv4_spellings,
    special_ipv4s,
    urls,
)
from webdistill.kernel.addresses import is_allowed_address
from webdistill.kernel.errors import ErrorCode
from webdistill.kernel.urls import UrlPolicy, check_url, is_tracking_parameter, strip_tracking

POLICIES = st.builds(
    UrlPolicy,
    allow_http=st.booleans(),
    allow_private_network=st.booleans(),
    blocklist=st.lists(st.sampled_from(["example.com", "evil.org", "", "!!"]), max_size=2).map(
        tuple
    ),
)


@given(st.one_of(st.text(), hostile_texts), POLICIES)
def test_check_url_never_raises_and_is_idempotent(text: str, policy: UrlPolicy) -> None:
    result = check_url(text, policy)
    if is_successful(result):
        cleaned = result.unwrap()
        assert check_url(cleaned, policy).unwrap() == cleaned
        assert cleaned.startswith(("https://", "http://"))
        assert "#" not in cleaned and "@" not in urlsplit(cleaned).netloc


@given(st.text())
def test_strip_tracking_never_raises_and_is_idempotent(text: str) -> None:
    once = strip_tracking(text)
    assert strip_tracking(once) == once


def _kept(params: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(k, v) for k, v in params if not is_tracking_parameter(k)]


def _query_pairs(url: str) -> list[tuple[str, str]]:
    query = urlsplit(url).query
    return [tuple(p.split("=", 1)) for p in query.split("&") if p]  # type: ignore[misc]


@given(urls())
def test_stripping_keeps_every_non_tracker_in_order(
    case: tuple[str, list[tuple[str, str]]],
) -> None:
    url, params = case
    assert _query_pairs(strip_tracking(url)) == _kept(params)
    cleaned = check_url(url, UrlPolicy()).unwrap()
    assert _query_pairs(cleaned) == _kept(params)
    assert not any(is_tracking_parameter(k) for k, _ in _query_pairs(cleaned))


@given(special_ipv4s.flatmap(lambda a: st.tuples(st.just(a), ipv4_spellings(a))), st.booleans())
def test_every_ipv4_spelling_is_judged_as_the_address(
    case: tuple[object, str], private: bool
) -> None:
    address, spelling = case
    policy = UrlPolicy(allow_http=True, allow_private_network=private)
    result = check_url(f"http://{spelling}/", policy)
    if spelling.rstrip(".") != str(address):  # non-canonical forms are refused, whatever they mean
        assert result.failure().code is ErrorCode.BLOCKED_URL
        return
    assert is_successful(result) == is_allowed_address(address, allow_private_network=private)
    if is_successful(result):
        assert result.unwrap() == f"http://{address}/"


@given(urls())
def test_ordinary_urls_are_admitted(case: tuple[str, list[tuple[str, str]]]) -> None:
    assert is_successful(check_url(case[0], UrlPolicy()))
