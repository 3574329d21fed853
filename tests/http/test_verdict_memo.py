"""The kernel memoises URL-authority and address verdicts: cached verdicts stay correct.

A memo keyed on (input, policy value) must never hand one policy's verdict to another, must
never hand out something a caller could mutate to poison later answers, and must still judge
policies it cannot hash.
"""

from __future__ import annotations

import ipaddress

import attrs
import pytest
from returns.pipeline import is_successful

from webdistill.kernel import urls
from webdistill.kernel.urls import UrlPolicy, address_allowed, check_url

STRICT = UrlPolicy(allow_http=True)
TRUSTING = UrlPolicy(allow_http=True, trusted_addresses=("127.0.0.1",))
PRIVATE_OK = UrlPolicy(allow_http=True, allow_private_network=True)


def test_policies_do_not_share_url_verdicts() -> None:
    url = "http://127.0.0.1:8080/page"
    for _ in range(3):  # interleaved, so every call after the first can hit the memo
        assert not is_successful(check_url(url, STRICT))
        assert check_url(url, TRUSTING).unwrap() == url
        assert check_url(url, PRIVATE_OK).unwrap() == url
        assert not is_successful(check_url(url, UrlPolicy()))  # http refused before the host


def test_policies_do_not_share_address_verdicts() -> None:
    for ip in ("127.0.0.1", ipaddress.IPv4Address("127.0.0.1")):
        for _ in range(3):
            assert address_allowed(ip, STRICT) is False
            assert address_allowed(ip, TRUSTING) is True
            assert address_allowed(ip, PRIVATE_OK) is True
    assert address_allowed("127.0.0.2", TRUSTING) is False  # trusted means exactly that one


def test_equal_policies_built_separately_get_the_same_verdicts() -> None:
    twin = UrlPolicy(allow_http=True, trusted_addresses=("127.0.0.1",))
    assert twin is not TRUSTING
    assert check_url("http://127.0.0.1/", twin) == check_url("http://127.0.0.1/", TRUSTING)
    assert address_allowed("127.0.0.1", twin) is True


def test_lists_change_the_verdict_for_the_same_authority() -> None:
    url = "https://news.example.com/a"
    assert check_url(url, UrlPolicy()).unwrap() == url
    blocked = check_url(url, UrlPolicy(blocklist=("example.com",)))
    assert blocked.failure().code.value == "BLOCKED_URL"
    assert check_url(url, UrlPolicy(allowlist=("example.org",))).failure().code.value == (
        "BLOCKED_URL"
    )
    assert check_url(url, UrlPolicy(allowlist=("example.com",))).unwrap() == url


def test_a_cached_refusal_cannot_be_mutated() -> None:
    url = "http://169.254.169.254/latest/meta-data/"
    first = check_url(url, PRIVATE_OK).failure()
    with pytest.raises(TypeError):
        first.detail["host"] = "example.com"  # type: ignore[index]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        first.message = "fine"  # type: ignore[misc]
    again = check_url(url, PRIVATE_OK).failure()
    assert again.code.value == "BLOCKED_URL"
    assert again.detail["host"] == "169.254.169.254"
    assert "metadata" in again.message


def test_a_cached_acceptance_cannot_be_mutated() -> None:
    vetted = urls._vet_authority("example.com:8443", UrlPolicy())
    host, _port = vetted.unwrap()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        host.name = "127.0.0.1"  # type: ignore[misc]
    assert isinstance(vetted.unwrap(), tuple)
    assert urls._vet_authority("example.com:8443", UrlPolicy()).unwrap() == (host, 8443)


def test_unhashable_policy_values_are_still_judged() -> None:
    listy = UrlPolicy(blocklist=["example.com"])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        hash(listy)
    assert check_url("https://example.com/", listy).failure().code.value == "BLOCKED_URL"
    assert check_url("https://example.org/", listy).unwrap() == "https://example.org/"
    trusting = UrlPolicy(trusted_addresses=["127.0.0.1"])  # type: ignore[arg-type]
    assert address_allowed("127.0.0.1", trusting) is True
    assert address_allowed("10.0.0.1", trusting) is False


def test_odd_address_values_are_judged_without_the_memo() -> None:
    assert address_allowed(True, PRIVATE_OK) is False  # not the integer 1
    assert address_allowed(["127.0.0.1"], PRIVATE_OK) is False  # unhashable: no raise
    assert address_allowed("1" * 100, PRIVATE_OK) is False  # too long to be an address


def test_the_memos_are_bounded() -> None:
    assert urls._vet_authority_memo.cache_info().maxsize == 1024
    assert urls._address_allowed_memo.cache_info().maxsize == 4096
    before = urls._vet_authority_memo.cache_info().currsize
    check_url("https://" + "a" * 290 + ".example.com/", UrlPolicy())  # authority too long
    assert urls._vet_authority_memo.cache_info().currsize == before
