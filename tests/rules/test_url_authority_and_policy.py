"""The URL policy at its boundaries: ports 1-65535 and default-port dropping, credentials,
the 8192-character bound, domain lists (entry forms, subdomains, blocklist first), trusted
addresses, and the exact refusal each gets (code, message, detail)."""

from __future__ import annotations

import pytest
from returns.pipeline import is_successful

from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.urls import MAX_URL_LENGTH, UrlPolicy, address_allowed, check_url

HTTPS = UrlPolicy()
ANY = UrlPolicy(allow_http=True)


def clean(url: str, policy: UrlPolicy = ANY) -> str:
    result = check_url(url, policy)
    assert is_successful(result), result
    return result.unwrap()


def refusal(url: str, policy: UrlPolicy = ANY) -> WebError:
    result = check_url(url, policy)
    assert not is_successful(result), f"{url!r} was admitted"
    error: WebError = result.failure()
    return error


# --- ports ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://a.example.com:1/", "https://a.example.com:1/"),
        ("https://a.example.com:65535/", "https://a.example.com:65535/"),
        ("https://a.example.com:443/", "https://a.example.com/"),
        ("https://a.example.com:0443/", "https://a.example.com/"),
        ("https://a.example.com:80/", "https://a.example.com:80/"),
        ("http://a.example.com:80/", "http://a.example.com/"),
        ("http://a.example.com:443/", "http://a.example.com:443/"),
        ("https://a.example.com:/", "https://a.example.com/"),
        ("https://[2606:4700::1]:8443/x", "https://[2606:4700::1]:8443/x"),
        ("https://[2606:4700::1]/x", "https://[2606:4700::1]/x"),
    ],
)
def test_ports_from_1_to_65535_and_the_default_port_dropped(url: str, expected: str) -> None:
    assert clean(url) == expected


@pytest.mark.parametrize("port", ["0", "65536", "99999", "-1", "8o", "\uff18\uff10"])
def test_ports_outside_1_to_65535_are_invalid(port: str) -> None:
    error = refusal(f"https://a.example.com:{port}/")
    assert error.code == ErrorCode.INVALID_URL
    assert error.message == f'The URL\'s port "{port}" is not a number from 1 to 65535.'


def test_a_port_error_names_the_port() -> None:
    error = refusal("https://a.example.com:65536/")
    assert error.message == 'The URL\'s port "65536" is not a number from 1 to 65535.'


# --- credentials and the length bound --------------------------------------------------------


@pytest.mark.parametrize(
    "url", ["https://user:secret@a.example.com/", "https://@a.example.com/", "https://u@[::1]/"]
)
def test_credentials_are_blocked_with_their_own_reason(url: str) -> None:
    error = refusal(url)
    assert error.code == ErrorCode.BLOCKED_URL
    assert dict(error.detail) == {"reason": "credentials"}
    assert error.message.startswith("URLs with credentials (user:password@host) are not allowed")
    assert "secret" not in error.message


def test_a_url_of_8192_characters_passes_8193_do_not() -> None:
    base = "https://a.example.com/"
    exact = base + "p" * (MAX_URL_LENGTH - len(base))
    assert MAX_URL_LENGTH == 8192
    assert clean(exact) == exact
    error = refusal(exact + "p")
    assert (error.code, error.message) == (
        ErrorCode.INVALID_URL,
        "The URL is longer than 8192 characters.",
    )
    quoted = base + 'p"q' + "p" * (MAX_URL_LENGTH - len(base) - 3)  # not the plain shape
    assert len(clean(quoted)) == MAX_URL_LENGTH + 2  # the quote becomes %22
    assert refusal(quoted + "p").code == ErrorCode.INVALID_URL


# --- scheme --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url", ["http://a.example.com/", "HTTP://a.example.com/", 'http://a.example.com/a"b']
)
def test_plain_http_is_blocked_unless_allowed(url: str) -> None:
    error = refusal(url, HTTPS)
    assert error.code == ErrorCode.BLOCKED_URL
    assert error.message == "Plain http URLs are not allowed; use https."
    assert dict(error.detail) == {"reason": "scheme"}
    assert clean(url, ANY).startswith("http://a.example.com/")


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("ftp://a.example.com/", "Only http(s) URLs can be fetched, not ftp: URLs."),
        ("HTTPS+X://a.example.com/", "Only http(s) URLs can be fetched, not https+x: URLs."),
        ("", "The URL is empty; pass an absolute http(s) URL."),
        ("a.example.com/x", 'Not an absolute URL: "a.example.com/x". Use https://host/path.'),
    ],
)
def test_unusable_urls_say_what_to_pass(url: str, message: str) -> None:
    error = refusal(url)
    assert (error.code, error.message) == (ErrorCode.INVALID_URL, message)


# --- paths and queries ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://a.example.com", "https://a.example.com/"),
        ("https://a.example.com?q=1", "https://a.example.com/?q=1"),
        ("https://a.example.com/%41%7a%30%2D%2e%5F%7E", "https://a.example.com/Az0-._~"),
        ("https://a.example.com/%2f%3a%e2%82%ac", "https://a.example.com/%2F%3A%E2%82%AC"),
        ('https://a.example.com/"<>`', "https://a.example.com/%22%3C%3E%60"),
        (
            "https://a.example.com/\u20ac?\u00e9=\u00e8",
            "https://a.example.com/%E2%82%AC?%C3%A9=%C3%A8",
        ),
        ("https://a.example.com/%zz%4", "https://a.example.com/%zz%4"),
        ("https://a.example.com/a?b=%7e&c=%2b", "https://a.example.com/a?b=~&c=%2B"),
    ],
)
def test_paths_and_queries_are_normalised_conservatively(url: str, expected: str) -> None:
    assert clean(url) == expected
    assert clean(expected) == expected


# --- domain lists --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "entry",
    [
        "example.org",
        "EXAMPLE.ORG",
        " example.org ",
        "*.example.org",
        ".example.org.",
        "https://example.org/some/path",
        "example.org/path?x#y",
        "example.org?x",
        "example.org#y",
    ],
)
def test_each_blocklist_entry_form_blocks_the_domain_and_its_subdomains(entry: str) -> None:
    policy = UrlPolicy(blocklist=(entry,))
    for url in ("https://example.org/", "https://deep.sub.example.org/x"):
        error = refusal(url, policy)
        host = url.split("/")[2]
        assert error.code == ErrorCode.BLOCKED_URL
        assert error.message == f"{host} is on the domain blocklist; do not fetch it."
        assert dict(error.detail) == {"host": host}
    assert clean("https://notexample.org/", policy) == "https://notexample.org/"


@pytest.mark.parametrize("entry", [None, 42, "", "   ", "not a domain!", "*."])
def test_an_unusable_list_entry_matches_nothing(entry: object) -> None:
    assert clean("https://example.org/", UrlPolicy(blocklist=(entry,))) == "https://example.org/"  # type: ignore[arg-type]
    error = refusal("https://example.org/", UrlPolicy(allowlist=(entry,)))  # type: ignore[arg-type]
    assert error.code == ErrorCode.BLOCKED_URL


def test_the_allowlist_refusal_lists_the_allowed_domains() -> None:
    policy = UrlPolicy(allowlist=("docs.example.org", "*.example.net"))
    assert clean("https://docs.example.org/") == "https://docs.example.org/"
    assert clean("https://a.example.net/", policy) == "https://a.example.net/"
    error = refusal("https://example.org/", policy)
    assert error.code == ErrorCode.BLOCKED_URL
    assert error.message == (
        "example.org is not on the domain allowlist; only these domains may be fetched: "
        "docs.example.org, *.example.net"
    )
    assert dict(error.detail) == {"host": "example.org"}


def test_the_blocklist_is_checked_before_the_allowlist() -> None:
    policy = UrlPolicy(allowlist=("example.org",), blocklist=("bad.example.org",))
    assert refusal("https://bad.example.org/", policy).message.endswith("do not fetch it.")


# --- addresses -----------------------------------------------------------------------------


def test_a_refused_address_names_its_reason() -> None:
    error = refusal("http://10.0.0.1/")
    assert error.code == ErrorCode.BLOCKED_URL
    assert error.message == (
        "10.0.0.1 is a loopback or private-network address; only public Internet addresses "
        "may be fetched."
    )
    assert dict(error.detail) == {
        "host": "10.0.0.1",
        "reason": "a loopback or private-network address",
    }


def test_a_refused_name_says_why() -> None:
    error = refusal("http://printer.local/")
    assert error.code == ErrorCode.BLOCKED_URL
    assert error.message == (
        "Blocked: printer.local is a local-only name (*.local); only public Internet hosts may "
        "be fetched."
    )
    assert dict(error.detail) == {
        "host": "printer.local",
        "reason": "printer.local is a local-only name (*.local)",
    }


@pytest.mark.parametrize(
    ("url", "private_ok"),
    [
        ("http://printer.local/", True),
        ("http://intranet/", True),
        ("http://127.0.0.1.nip.io/", True),
        ("http://metadata.google.internal/", False),
        ("http://169-254-169-254.example.net/", False),
    ],
)
def test_allow_private_network_opens_local_names_but_never_metadata_names(
    url: str, private_ok: bool
) -> None:
    assert refusal(url).code == ErrorCode.BLOCKED_URL
    result = check_url(url, UrlPolicy(allow_http=True, allow_private_network=True))
    assert is_successful(result) is private_ok


@pytest.mark.parametrize(
    ("policy", "ip", "allowed"),
    [
        (UrlPolicy(), "8.8.8.8", True),
        (UrlPolicy(), "10.0.0.1", False),
        (UrlPolicy(allow_private_network=True), "10.0.0.1", True),
        (UrlPolicy(allow_private_network=True), "0.0.0.0", False),
        (UrlPolicy(allow_private_network=True), "169.254.169.254", False),
        (UrlPolicy(trusted_addresses=("10.0.0.1",)), "10.0.0.1", True),
        (UrlPolicy(trusted_addresses=("10.0.0.1",)), "10.0.0.2", False),
        (UrlPolicy(trusted_addresses=("[fd00::1]",)), "fd00:0::1", True),
        (UrlPolicy(trusted_addresses=("fd00::1", "junk")), "fd00::1", True),
        (UrlPolicy(trusted_addresses=("169.254.169.254",)), "169.254.169.254", False),
        (UrlPolicy(trusted_addresses=("10.0.0.1",)), "not an ip", False),
        (UrlPolicy(trusted_addresses=["10.0.0.1"]), "10.0.0.1", True),  # type: ignore[arg-type]
        (UrlPolicy(trusted_addresses=["10.0.0.1"]), "10.0.0.3", False),  # type: ignore[arg-type]
    ],
)
def test_address_allowed_under_each_policy(policy: UrlPolicy, ip: str, allowed: bool) -> None:
    assert address_allowed(ip, policy) is allowed
    assert address_allowed(ip, policy) is allowed  # and the same again (memoised)


def test_address_allowed_takes_address_objects_and_long_strings() -> None:
    import ipaddress

    trusted = UrlPolicy(trusted_addresses=("10.0.0.1",))
    assert address_allowed(ipaddress.ip_address("10.0.0.1"), trusted)
    assert not address_allowed(ipaddress.ip_address("10.0.0.2"), trusted)
    padded = " " * 60 + "8.8.8.8"
    assert not address_allowed(padded, UrlPolicy())  # over 64 characters: never read
