"""URL rules the first mutation run of src/kernel/urls.py showed unpinned: how a redirect
target (`Location`) is read, the exact wording of every refusal (the model acts on it), the
memo bounds (which inputs are memoised, at exactly which length they stop being), and odd
corners of tracking stripping and list entries (a second `?`, `=` inside a value, look-alike
Unicode names, a URL inside a list entry's query, lone surrogates)."""

from __future__ import annotations

import ipaddress

import pytest
from returns.pipeline import is_successful

from webdistill.kernel import urls
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.urls import (
    MAX_URL_LENGTH,
    UrlPolicy,
    address_allowed,
    check_url,
    resolve_reference,
    strip_tracking,
)

ANY = UrlPolicy(allow_http=True)
BASE = "https://site.example.com/dir/page?x=1"


def refusal(url: object, policy: UrlPolicy = ANY) -> WebError:
    result = check_url(url, policy)  # type: ignore[arg-type]
    assert not is_successful(result), f"{url!r} was admitted"
    error: WebError = result.failure()
    return error


def redirect_refusal(reference: object) -> WebError:
    result = resolve_reference(BASE, reference)  # type: ignore[arg-type]
    assert not is_successful(result), f"{reference!r} was followed: {result}"
    error: WebError = result.failure()
    assert error.code == ErrorCode.INVALID_URL
    return error


CONTROL_TAIL = (
    "; spaces, tabs, line breaks and other control or invisible characters are not allowed "
    "anywhere in a URL (they are not removed for you). Pass the URL exactly, without "
    "surrounding whitespace, and percent-encode a space inside it as %20."
)


# --- redirect targets ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reference", "target"),
    [
        ("/other", "https://site.example.com/other"),
        ("next", "https://site.example.com/dir/next"),
        ("?y=2", "https://site.example.com/dir/page?y=2"),
        ("//cdn.example.net/a", "https://cdn.example.net/a"),
        ("https://b.example.org/x", "https://b.example.org/x"),
        ("HTTPS://b.example.org/x", "HTTPS://b.example.org/x"),
        ("ftp:/odd", "ftp:/odd"),  # not http(s): passed on, check_url refuses the scheme
        ("mailto:a@b.example", "mailto:a@b.example"),
    ],
)
def test_redirect_targets_resolve_against_the_base(reference: str, target: str) -> None:
    assert resolve_reference(BASE, reference).unwrap() == target


@pytest.mark.parametrize("reference", ["", None, 7])
def test_an_empty_or_non_text_redirect_target_is_refused(reference: object) -> None:
    assert redirect_refusal(reference).message == "The redirect has an empty target."


def test_a_redirect_target_of_8192_characters_resolves_8193_do_not() -> None:
    target = "https://b.example.org/" + "a" * (MAX_URL_LENGTH - 22)
    assert len(target) == MAX_URL_LENGTH
    assert resolve_reference(BASE, target).unwrap() == target
    assert redirect_refusal(target + "a").message == (
        "The redirect target is longer than 8192 characters."
    )


@pytest.mark.parametrize(
    ("reference", "what", "position"),
    [
        ("/a b", "a space", 2),
        (" /a", "a space", 0),
        ("/a\tb", "the character U+0009", 2),
        ("https://b.example.org/\r\nx", "the character U+000D", 22),
        ("/\u200bx", "the character U+200B", 1),
    ],
)
def test_a_redirect_target_with_a_control_character_is_refused_naming_it(
    reference: str, what: str, position: int
) -> None:
    assert redirect_refusal(reference).message == (
        f"The redirect target is malformed: The URL contains {what} at position {position}"
        + CONTROL_TAIL
    )


@pytest.mark.parametrize("reference", ["/\\evil.example/", "\\\\evil.example", "a\\b"])
def test_a_redirect_target_with_a_backslash_is_refused(reference: str) -> None:
    assert redirect_refusal(reference).message == (
        "The redirect target contains a backslash, which parsers read differently (as a "
        "path character or as '/'); it is not followed."
    )


@pytest.mark.parametrize(
    ("reference", "scheme"),
    [
        ("https:evil.example", "https"),
        ("HTTPS:evil.example", "https"),
        ("http:/evil.example", "http"),
        ("https:///evil.example", "https"),
        ("Http:////evil.example", "http"),
    ],
)
def test_an_http_redirect_target_not_written_scheme_slash_slash_host_is_refused(
    reference: str, scheme: str
) -> None:
    assert redirect_refusal(reference).message == (
        f"The redirect target is not a valid {scheme} URL (write {scheme}://host/path); "
        "it is not followed."
    )


def test_a_scheme_relative_redirect_with_an_empty_host_is_refused() -> None:
    assert redirect_refusal("///evil.example/").message == (
        "The redirect target has an empty host (///...); it is not followed."
    )


def test_a_redirect_target_that_breaks_the_parser_is_refused_not_raised() -> None:
    class Exploding(str):
        def startswith(self, *args: object) -> bool:  # type: ignore[override]
            raise RuntimeError("boom")

    assert redirect_refusal(Exploding("/x")).message == "The redirect target could not be parsed."


# --- refusal wording of check_url ------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "what", "position"),
    [
        ("https://a.example.com/a b", "a space", 23),
        (" https://a.example.com/", "a space", 0),
        ("https://a.example.com/\tb", "the character U+0009", 22),
        ("https://a.example.com/\x7f", "the character U+007F", 22),
    ],
)
def test_a_url_with_a_control_character_is_refused_naming_it_and_where(
    url: str, what: str, position: int
) -> None:
    error = refusal(url)
    assert error.code == ErrorCode.INVALID_URL
    assert error.message == f"The URL contains {what} at position {position}" + CONTROL_TAIL


@pytest.mark.parametrize("url", [123, None, b"https://a.example.com/"])
def test_a_url_that_is_not_text_is_refused(url: object) -> None:
    error = refusal(url)
    assert error.code == ErrorCode.INVALID_URL
    assert error.message == "The URL must be a string."


def test_a_url_that_breaks_the_parser_is_refused_not_raised() -> None:
    class Exploding(str):
        def __len__(self) -> int:
            raise RuntimeError("boom")

    error = refusal(Exploding("https://a.example.com/"))
    assert error.code == ErrorCode.INVALID_URL
    assert error.message == "The URL could not be parsed; pass an absolute http(s) URL."


def test_a_relative_url_is_quoted_up_to_120_characters_in_the_refusal() -> None:
    exactly = "a" * 120
    assert refusal(exactly).message == (f'Not an absolute URL: "{exactly}". Use https://host/path.')
    assert refusal(exactly + "b").message == (
        f'Not an absolute URL: "{"a" * 119}\u2026". Use https://host/path.'
    )


@pytest.mark.parametrize(
    ("url", "scheme"), [("https:/a.example.com/", "https"), ("HTTP:x", "http")]
)
def test_an_http_url_without_slash_slash_says_how_to_write_it(url: str, scheme: str) -> None:
    error = refusal(url)
    assert error.code == ErrorCode.INVALID_URL
    assert error.message == f"Not a valid {scheme} URL: write {scheme}://host/path."


def test_a_port_is_quoted_up_to_20_characters_in_the_refusal() -> None:
    exactly = "1" * 20
    assert refusal(f"https://a.example.com:{exactly}/").message == (
        f'The URL\'s port "{exactly}" is not a number from 1 to 65535.'
    )
    assert refusal(f"https://a.example.com:{exactly}1/").message == (
        f'The URL\'s port "{"1" * 19}\u2026" is not a number from 1 to 65535.'
    )


def test_credentials_in_the_authority_get_the_exact_refusal() -> None:
    error = refusal("https://user:pw@a.example.com/")
    assert error.code == ErrorCode.BLOCKED_URL
    assert error.message == (
        "URLs with credentials (user:password@host) are not allowed; remove them and "
        "pass the URL without a user name or password."
    )


@pytest.mark.parametrize("url", ["https://a.example.com\\b/", "https://a\\b.example.com/x"])
def test_a_backslash_in_the_authority_is_invalid(url: str) -> None:
    error = refusal(url)
    assert error.code == ErrorCode.INVALID_URL
    assert error.message == "Backslashes are not allowed in a URL's host."


def test_a_bracket_after_the_port_belongs_to_the_host_not_the_port() -> None:
    # The port starts after the LAST "]": "[::1]:80]" is one (bad) IPv6 literal, not a port "80]".
    error = refusal("https://[::1]:80]/")
    assert error.code == ErrorCode.INVALID_URL
    assert error.message == "The IPv6 address [::1]:80] in the URL is not valid."


@pytest.mark.parametrize(
    ("url", "parameter"),
    [
        ("https://a.example.com/?api_key=abc", "api_key"),
        ("https://a.example.com/?q=1&access_token=zzz", "access_token"),
    ],
)
def test_a_credential_in_the_query_is_refused_naming_the_parameter(
    url: str, parameter: str
) -> None:
    error = refusal(url)
    assert error.code == ErrorCode.BLOCKED_URL
    assert error.message == (
        f"The URL's query parameter {parameter!r} looks like a credential (an API key, token "
        "or password). Fetching it would send that secret to the site, so it is refused: "
        "remove the parameter and fetch the URL without it."
    )
    assert dict(error.detail) == {"reason": "credential in query", "parameter": parameter}


# --- tracking and query corners ----------------------------------------------------------------


def test_a_second_question_mark_belongs_to_the_query() -> None:
    url = "https://a.example.com/?q=what?&utm_source=x"
    assert strip_tracking(url) == "https://a.example.com/?q=what?"
    assert check_url(url, ANY).unwrap() == "https://a.example.com/?q=what?"


@pytest.mark.parametrize("name", ["fbclid", "utm_source"])
def test_a_tracker_whose_value_holds_an_equals_sign_is_still_stripped(name: str) -> None:
    # The name ends at the FIRST "=": "fbclid=a=b" is fbclid, not a parameter "fbclid=a".
    url = f"https://a.example.com/?{name}=a=b&keep=1"
    assert strip_tracking(url) == "https://a.example.com/?keep=1"
    assert check_url(url, ANY).unwrap() == "https://a.example.com/?keep=1"


@pytest.mark.parametrize("name", ["gcl\u0131d", "__\u017f", "\u017f_cid"])
def test_a_name_that_only_upper_cases_to_a_tracker_is_kept(name: str) -> None:
    # Names are compared lower-cased, nothing more: dotless i and long s are other letters.
    url = f"https://a.example.com/?{name}=1"
    assert strip_tracking(url) == url


@pytest.mark.parametrize("query", ["X", "XX&", "&X"])
def test_a_query_of_only_letters_x_and_ampersands_is_kept(query: str) -> None:
    url = f"https://a.example.com/?{query}"
    assert strip_tracking(url) == url
    assert check_url(url, ANY).unwrap() == url


def test_strip_tracking_hands_back_a_url_it_cannot_read_unchanged() -> None:
    class Exploding(str):
        def partition(self, *args: object) -> tuple[str, str, str]:  # type: ignore[override]
            raise RuntimeError("boom")

    odd = Exploding("https://a.example.com/?utm_source=x")
    assert strip_tracking(odd) is odd


def test_a_lone_surrogate_in_the_path_is_percent_encoded() -> None:
    url = "https://a.example.com/a\ud800b"
    assert check_url(url, ANY).unwrap() == "https://a.example.com/a%ED%A0%80b"


# --- domain list entries -----------------------------------------------------------------------


def test_a_list_entry_is_read_with_the_hosts_idna_rules() -> None:
    policy = UrlPolicy(blocklist=("fa\u00df.de",))  # UTS 46 non-transitional: not "fass.de"
    assert refusal("https://fa\u00df.de/", policy).code == ErrorCode.BLOCKED_URL
    assert check_url("https://fass.de/", policy).unwrap() == "https://fass.de/"


def test_a_list_entry_written_as_a_url_names_its_own_host_not_one_in_its_query() -> None:
    policy = UrlPolicy(blocklist=("https://evil.example.org/?next=https://good.example.net",))
    assert refusal("https://evil.example.org/", policy).code == ErrorCode.BLOCKED_URL
    assert check_url("https://good.example.net/", policy).unwrap() == "https://good.example.net/"


@pytest.mark.parametrize(
    ("entry", "url"),
    [
        ("example.org:443", "https://example.org/"),
        ("https://example.org:8443/x", "https://sub.example.org/"),
        ("example.org.:443", "https://example.org/"),
        ("https://example.org://x", "https://example.org/"),
        ("[2606:4700::1]:443", "https://[2606:4700::1]/"),
        ("[2606:4700::1]", "https://[2606:4700::1]:8443/"),
    ],
)
def test_a_list_entry_written_with_a_port_still_names_its_domain(entry: str, url: str) -> None:
    # Found by mutation testing: "example.org:443" used to be an unusable entry, so a
    # blocklist written with a port silently blocked nothing.
    assert refusal(url, UrlPolicy(blocklist=(entry,))).code == ErrorCode.BLOCKED_URL
    allowed = UrlPolicy(allowlist=(entry,))
    assert is_successful(check_url(url, allowed))
    assert refusal("https://other.example.net/", allowed).code == ErrorCode.BLOCKED_URL


def test_a_list_entry_port_follows_the_last_bracket_like_a_urls() -> None:
    # "[2606:4700::1]:443]" is one broken literal (as in a URL's authority), not "[…]" + port.
    policy = UrlPolicy(blocklist=("[2606:4700::1]:443]",))
    assert check_url("https://[2606:4700::1]/", policy).unwrap() == "https://[2606:4700::1]/"


# --- memo bounds -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "ip",
    ["8.8.8.8", ipaddress.IPv4Address("8.8.4.4"), ipaddress.IPv6Address("2606:4700::1")],
)
def test_an_address_verdict_is_memoised_for_text_and_address_objects(ip: object) -> None:
    urls._address_allowed_memo.cache_clear()
    assert address_allowed(ip, ANY) is True
    assert urls._address_allowed_memo.cache_info().currsize == 1


def test_address_text_is_memoised_up_to_64_characters() -> None:
    urls._address_allowed_memo.cache_clear()
    assert address_allowed("x" * 64, ANY) is False
    assert urls._address_allowed_memo.cache_info().currsize == 1
    assert address_allowed("x" * 65, ANY) is False
    assert urls._address_allowed_memo.cache_info().currsize == 1


@pytest.mark.parametrize("ip", [1, True, b"8.8.8.8", 134744072])
def test_other_address_values_are_judged_without_the_memo(ip: object) -> None:
    urls._address_allowed_memo.cache_clear()
    address_allowed(ip, ANY)
    assert urls._address_allowed_memo.cache_info().currsize == 0


def test_an_authority_is_memoised_up_to_300_characters() -> None:
    urls._vet_authority_memo.cache_clear()
    assert refusal("https://" + "a" * 300 + "/").code == ErrorCode.INVALID_URL  # label > 63
    assert urls._vet_authority_memo.cache_info().currsize == 1
    assert refusal("https://" + "b" * 301 + "/").code == ErrorCode.INVALID_URL
    assert urls._vet_authority_memo.cache_info().currsize == 1
