"""The shipped default malware blocklist (a URLhaus snapshot): on by default, a listed host
and its subdomains refused with a BLOCKED_URL that names that list (not the user's
WEB_DOMAIN_BLOCKLIST), WEB_DEFAULT_BLOCKLIST=false turning it off, search hits on it removed
and counted under their own reason, and the fetch never reaching the (fake) backend.

The listed hosts are real entries of the shipped snapshot, urlhaus-filter-domains.txt as
published by github.com/curbengh/urlhaus-filter (gh-pages, feed "Updated:
2025-07-19T12:11:28Z"), from abuse.ch URLhaus. Nothing here opens a socket: the backend is
a hand-written fake and a refused URL never reaches it.
"""

from __future__ import annotations

import pytest
from returns.pipeline import is_successful

from tests.fakes import FakeBackend, page_row
from webdistill.compose import http_settings, url_policy
from webdistill.config import Config, ConfigError
from webdistill.doors.wording import for_people
from webdistill.kernel import Deps, ErrorCode, WebError, web_fetch, web_search
from webdistill.kernel.model import RemovedHits
from webdistill.kernel.urls import UrlPolicy, check_url

#: Entries of the shipped snapshot (names; the feed's IP addresses are left out of it).
LISTED_NAME = "0daydreams.net"
OTHER_LISTED_NAME = "1-engineer.ru"
#: An IP address entry of the same feed, for a list refreshed with --keep-addresses.
LISTED_ADDRESS = "1.0.209.238"
DEFAULT_REASON = "on the default malware blocklist (WEB_DEFAULT_BLOCKLIST)"


def refusal(url: str, config: Config) -> WebError:
    result = check_url(url, url_policy(config))
    assert not is_successful(result), f"{url} was admitted"
    error: WebError = result.failure()
    return error


@pytest.mark.parametrize(
    "url",
    [
        f"https://{LISTED_NAME}/",
        f"https://{OTHER_LISTED_NAME}/files/a.exe",
        f"https://WWW.{LISTED_NAME.upper()}/",  # the feed lists hosts with "www." taken off
        f"https://cdn.{LISTED_NAME}/payload.zip",
    ],
)
def test_a_host_on_the_default_list_is_refused_naming_that_list(url: str) -> None:
    error = refusal(url, Config())
    assert error.code is ErrorCode.BLOCKED_URL
    assert "default malware blocklist" in error.message
    assert "URLhaus" in error.message
    assert "domain blocklist;" not in error.message
    assert error.detail["reason"] == "default malware blocklist"


def test_only_the_listed_host_and_its_subdomains_match() -> None:
    policy = url_policy(Config())
    for url in (f"https://not{LISTED_NAME}/", f"https://{LISTED_NAME}.example.org/"):
        assert is_successful(check_url(url, policy)), url


def test_a_listed_address_matches_only_itself() -> None:
    policy = UrlPolicy(default_blocklist=frozenset({LISTED_ADDRESS, LISTED_NAME}))
    error = check_url(f"https://{LISTED_ADDRESS}/bins/x86", policy).failure()
    assert error.detail["reason"] == "default malware blocklist"
    for url in ("https://1.0.209.239/", "https://2.1.0.209.238.example.org/"):
        assert is_successful(check_url(url, policy)), url


def test_web_default_blocklist_false_turns_the_list_off() -> None:
    config = Config.from_env({"WEB_DEFAULT_BLOCKLIST": "false"})
    assert config.default_blocklist is False
    for url in (f"https://{LISTED_NAME}/", f"https://www.{OTHER_LISTED_NAME}/"):
        assert check_url(url, url_policy(config)).unwrap() == url
    assert Config().default_blocklist is True


def test_a_bad_web_default_blocklist_value_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match=r"WEB_DEFAULT_BLOCKLIST.*true or false"):
        Config.from_env({"WEB_DEFAULT_BLOCKLIST": "urlhaus"})


def test_the_users_own_blocklist_is_named_when_it_lists_the_host_too() -> None:
    error = refusal(f"https://{LISTED_NAME}/", Config(domain_blocklist=(LISTED_NAME,)))
    assert error.message == f"{LISTED_NAME} is on the domain blocklist; do not fetch it."


def test_the_default_list_beats_the_users_allowlist() -> None:
    error = refusal(f"https://{LISTED_NAME}/", Config(domain_allowlist=(LISTED_NAME,)))
    assert error.detail["reason"] == "default malware blocklist"


def test_the_http_guard_gets_the_same_list_for_redirects() -> None:
    policy = http_settings(Config()).policy
    assert not is_successful(check_url(f"https://{LISTED_NAME}/next", policy))


def test_at_the_command_line_the_refusal_says_how_to_turn_the_list_off() -> None:
    message = for_people(refusal(f"https://{LISTED_NAME}/", Config())).message
    assert "WEB_DEFAULT_BLOCKLIST=false" in message
    assert "WEB_DOMAIN_BLOCKLIST" not in message


async def test_a_fetch_of_a_listed_host_never_reaches_the_backend() -> None:
    url = f"https://{LISTED_NAME}/login"
    backend = FakeBackend(pages={url: page_row(url, "malware")})
    deps = Deps(backend=backend, url_policy=url_policy(Config()))
    outcome = (await web_fetch(deps, {"url": url})).unwrap()[0]
    assert outcome.page is None and outcome.error is not None
    assert outcome.error.code is ErrorCode.BLOCKED_URL
    assert "default malware blocklist" in outcome.error.message
    assert backend.extract_calls == []


ROWS = (
    {"title": "Bad", "url": f"https://{LISTED_NAME}/x", "snippet": "s"},
    {"title": "Good", "url": "https://docs.python.org/3/", "snippet": "s"},
    {"title": "Bad too", "url": f"http://www.{OTHER_LISTED_NAME}/y", "snippet": "s"},
    {"title": "Mine", "url": "https://ads.tracker.net/z", "snippet": "s"},
)


async def test_search_hits_on_listed_hosts_are_removed_and_counted_under_their_reason() -> None:
    backend = FakeBackend(searches={"q": ROWS})
    policy = url_policy(Config(domain_blocklist=("tracker.net",)))
    outcomes = await web_search(Deps(backend=backend, url_policy=policy), {"query": "q"})
    outcome = outcomes.unwrap()[0]
    assert [hit.url for hit in outcome.hits] == ["https://docs.python.org/3/"]
    assert outcome.removed == (
        RemovedHits(DEFAULT_REASON, 2, (LISTED_NAME, f"www.{OTHER_LISTED_NAME}")),
        RemovedHits("on the domain blocklist (WEB_DOMAIN_BLOCKLIST)", 1, ("ads.tracker.net",)),
    )


async def test_with_the_list_off_the_hits_stay() -> None:
    backend = FakeBackend(searches={"q": ROWS[:2]})
    policy = url_policy(Config(default_blocklist=False))
    outcomes = await web_search(Deps(backend=backend, url_policy=policy), {"query": "q"})
    assert len(outcomes.unwrap()[0].hits) == 2
