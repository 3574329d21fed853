"""Kernel URL policy: normalisation, tracker stripping, scheme, lists, hostile hosts."""

from __future__ import annotations

import pytest
from returns.pipeline import is_successful

from webdistill.kernel.errors import ErrorCode
from webdistill.kernel.urls import UrlPolicy, check_url, strip_tracking

HTTPS = UrlPolicy()
ANY_SCHEME = UrlPolicy(allow_http=True)
PRIVATE_OK = UrlPolicy(allow_http=True, allow_private_network=True)


def clean(url: str, policy: UrlPolicy = ANY_SCHEME) -> str:
    result = check_url(url, policy)
    assert is_successful(result), result
    return result.unwrap()


def refusal(url: str, policy: UrlPolicy = ANY_SCHEME) -> ErrorCode:
    result = check_url(url, policy)
    assert not is_successful(result), f"{url!r} was admitted as {result}"
    return result.failure().code


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("HTTPS://Example.COM/Path", "https://example.com/Path"),
        ("https://example.com:443/", "https://example.com/"),
        ("http://example.com:80/a", "http://example.com/a"),
        ("https://example.com:8443/a", "https://example.com:8443/a"),
        ("https://example.com", "https://example.com/"),
        ("https://example.com/a#section", "https://example.com/a"),
        ("https://example.com./a", "https://example.com/a"),
        ("https://example.com/%7euser/%2f", "https://example.com/~user/%2F"),
        ("https://example.com/caf\u00e9", "https://example.com/caf%C3%A9"),
        ("https://b\u00fccher.de/", "https://xn--bcher-kva.de/"),
        ("https://M\u00dcNCHEN.de/", "https://xn--mnchen-3ya.de/"),
        ("https://example.com/?", "https://example.com/"),
        ("https://example.com/?a=1&b=2&a=3", "https://example.com/?a=1&b=2&a=3"),
        ("https://example.com:/x", "https://example.com/x"),
        ("https://8.8.8.8/", "https://8.8.8.8/"),
        ("https://[2606:4700:4700:0::1111]/", "https://[2606:4700:4700::1111]/"),
        ("https://[::ffff:8.8.8.8]/", "https://[::ffff:808:808]/"),
        ("https://en.wikipedia.org/wiki/URL?action=raw", "https://en.wikipedia.org/wiki/URL?action=raw"),
        ("https://sub_domain.example.com/", "https://sub_domain.example.com/"),
    ],
)  # fmt: skip
def test_normalisation(url: str, expected: str) -> None:
    assert clean(url) == expected
    assert clean(expected) == expected  # idempotent


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://x.com/?utm_source=a&id=7&utm_medium=b", "https://x.com/?id=7"),
        ("https://x.com/?fbclid=1", "https://x.com/"),
        ("https://x.com/?a=1&gclid=2&b=3&dclid=4&msclkid=5", "https://x.com/?a=1&b=3"),
        ("https://x.com/?mc_eid=1&mc_cid=2&_ga=3&_gl=4&yclid=5&igshid=6&ref_src=7&q=z",
         "https://x.com/?q=z"),
        ("https://x.com/?UTM_Campaign=a&Ref=keep", "https://x.com/?Ref=keep"),
        ("https://x.com/?utm%5Fsource=a&ok=1", "https://x.com/?ok=1"),
        ("https://x.com/?ref=hn&source=rss&utm=1&gclidx=2", "https://x.com/?ref=hn&source=rss&utm=1&gclidx=2"),
        ("https://x.com/?z=1&y=2&x=3", "https://x.com/?z=1&y=2&x=3"),
        ("https://x.com/?flag&utm_id=3", "https://x.com/?flag"),
    ],
)  # fmt: skip
def test_tracking_parameters_are_stripped_and_others_kept_in_order(url: str, expected: str) -> None:
    assert clean(url) == expected
    assert strip_tracking(url) == expected


def test_strip_tracking_keeps_fragment_and_everything_else() -> None:
    assert strip_tracking("https://x.com/p?a=1&utm_term=x#frag") == "https://x.com/p?a=1#frag"
    assert strip_tracking("not a url") == "not a url"
    assert strip_tracking("https://x.com/?fbclid=1#f") == "https://x.com/#f"


def test_scheme_policy() -> None:
    assert refusal("http://example.com/", HTTPS) == ErrorCode.BLOCKED_URL
    assert clean("https://example.com/", HTTPS) == "https://example.com/"
    assert clean("HTTP://example.com/") == "http://example.com/"


@pytest.mark.parametrize(
    "url",
    ["ftp://example.com/", "file:///etc/passwd", "javascript:alert(1)", "data:text/html,hi",
     "gopher://127.0.0.1:70/", "example.com", "//example.com/", "/relative", "", "   ",
     "https:example.com", "https:/example.com", "https:\\\\example.com", "https://",
     "https:///path", "https://exa mple.com/", "https://example.com:99999/",
     "https://example.com:0/", "https://example.com:8o/", "https://a..b/",
     "https://example.com\t.evil/", "https://exa\nmple.com/", "https://example.com/a\x00b", "https://ex%61mple.com/",
     "https://[::1/", "https://[127.0.0.1]/", "https://[zz::1]/", "https://1.2.3.4.5/",
     "https://256.1.1.1/", "https://0x100000000/", "https://08.1.1.1/", "https://example.com\\x/",
     "https://" + "a" * 64 + ".com/", "https://example.com/" + "a" * 9000, "https://*.com/",
     "https://exa<mple.com/"],
)  # fmt: skip
def test_invalid_urls(url: str) -> None:
    assert refusal(url) == ErrorCode.INVALID_URL


@pytest.mark.parametrize("value", [None, 42, b"https://example.com/", ["https://x.com"]])
def test_non_string_input_is_invalid_not_an_exception(value: object) -> None:
    assert refusal(value) == ErrorCode.INVALID_URL  # type: ignore[arg-type]


HOSTILE = [
    # loopback in every spelling
    "http://127.0.0.1/", "http://127.0.0.1:8080/", "http://127.1/", "http://127.0.1/",
    "http://2130706433/", "http://0x7f000001/", "http://0x7F.0.0.1/", "http://0x7f.1/",
    "http://017700000001/", "http://0177.0.0.1/", "http://0177.1/", "http://00000177.0.0.1/",
    "http://127.000.000.001/", "http://0x7f.0x0.0x0.0x1/", "http://127.0.0.1./",
    "http://127.0.0.255/", "http://127.255.255.255/", "http://0/", "http://0.0.0.0/",
    "http://0x0/", "http://00/", "http://[::1]/", "http://[0:0:0:0:0:0:0:1]/", "http://[::]/",
    "http://[::ffff:127.0.0.1]/", "http://[::ffff:7f00:1]/", "http://[0:0:0:0:0:ffff:127.0.0.1]/",
    "http://[::127.0.0.1]/", "http://[64:ff9b::127.0.0.1]/", "http://[64:ff9b::7f00:1]/",
    "http://[2002:7f00:1::]/", "http://[2002:7f00:0001::1]/", "http://[::ffff:0:7f00:1]/",
    "http://[fe80::1%25eth0]/", "http://[fe80::1]/", "http://[::1%25lo]/",
    "http://\uff11\uff12\uff17\u3002\uff10\u3002\uff10\u3002\uff11/",
    "http://127\u30020\u30020\u30021/", "http://127\uff0e0\uff0e0\uff0e1/",
    "http://localhost/", "http://LOCALHOST/", "http://localhost./", "http://localhost:80/",
    "http://foo.localhost/", "http://a.b.localhost./", "http://localhost.localdomain/",
    "http://ip6-localhost/", "http://printer.local/", "http://db.internal/",
    "http://router.lan/", "http://nas.home.arpa/", "http://x.corp/", "http://intranet/",
    "http://kubernetes.default.svc/", "http://kubernetes.default.svc.cluster.local/",
    # private networks
    "http://10.0.0.1/", "http://10.255.255.254/", "http://012.0.0.1/", "http://0xa000001/",
    "http://167772161/", "http://172.16.0.1/", "http://172.31.255.255/", "http://192.168.1.1/",
    "http://0xc0a80101/", "http://3232235777/", "http://192.168.257/", "http://100.64.0.1/",
    "http://[fd00::1]/", "http://[fc00::1]/", "http://[::ffff:10.0.0.1]/",
    "http://[::ffff:192.168.0.1]/", "http://[64:ff9b::c0a8:1]/", "http://[2002:c0a8:101::1]/",
    "http://[64:ff9b:1::a00:1]/",
    # cloud metadata
    "http://169.254.169.254/latest/meta-data/", "http://169.254.169.254:80/",
    "http://2852039166/", "http://0xa9fea9fe/", "http://0xA9.0xFE.0xA9.0xFE/",
    "http://0251.0376.0251.0376/", "http://169.254.43518/", "http://169.16689662/",
    "http://[::ffff:169.254.169.254]/", "http://[::ffff:a9fe:a9fe]/", "http://[64:ff9b::a9fe:a9fe]/",
    "http://[2002:a9fe:a9fe::]/", "http://[fd00:ec2::254]/", "http://169.254.170.2/v2/credentials",
    "http://100.100.100.200/latest/meta-data/", "http://168.63.129.16/", "http://192.0.0.192/",
    "http://metadata.google.internal/computeMetadata/v1/", "http://metadata.google.internal./",
    "http://METADATA.GOOGLE.INTERNAL/", "http://metadata/", "http://metadata.goog/",
    "http://instance-data/", "http://instance-data.ec2.internal/",
    "http://metadata.tencentyun.com/",
    # other special ranges
    "http://224.0.0.1/", "http://239.255.255.250:1900/", "http://255.255.255.255/",
    "http://240.0.0.1/", "http://192.0.2.1/", "http://198.51.100.1/", "http://203.0.113.1/",
    "http://198.18.0.1/", "http://192.0.0.1/", "http://192.88.99.1/", "http://[2001:db8::1]/",
    "http://[ff02::1]/", "http://[100::1]/", "http://[3fff::1]/",
    # names that resolve to private addresses by design, or spell one
    "http://127.0.0.1.nip.io/", "http://app.10.0.0.1.nip.io/", "http://169.254.169.254.nip.io/",
    "http://magic-127-0-0-1.sslip.io/", "http://localtest.me/", "http://x.lvh.me/",
    "http://7f000001.c0a80001.rbndr.us/", "http://make-127-0-0-1-rebind-8-8-8-8-rr.1u.ms/",
    "http://ip-10-0-0-1.ec2.example.com/", "http://169-254-169-254.example.net/",
    "http://127.0.0.1.example.com/",
    # credentials and authority confusion
    "https://user:pass@example.com/", "https://user@example.com/", "https://@example.com/",
    "https://example.com@127.0.0.1/", "https://127.0.0.1#@example.com/",
    "https://example.com%40127.0.0.1/", "https://example.com\\@127.0.0.1/",
    "http://127.0.0.1:80\\@example.com/", "http://[::1]@example.com/",
]  # fmt: skip


@pytest.mark.parametrize("url", HOSTILE)
def test_hostile_urls_are_refused(url: str) -> None:
    assert refusal(url) in (ErrorCode.BLOCKED_URL, ErrorCode.INVALID_URL)


METADATA_URLS = [u for u in HOSTILE if "169.254" in u or "metadata" in u or "a9fe" in u]


@pytest.mark.parametrize("url", METADATA_URLS)
def test_metadata_stays_blocked_with_private_network_allowed(url: str) -> None:
    assert refusal(url, PRIVATE_OK) in (ErrorCode.BLOCKED_URL, ErrorCode.INVALID_URL)


@pytest.mark.parametrize(
    "url", ["http://127.0.0.1:8000/", "http://localhost/", "http://10.1.2.3/", "http://printer.local/",
            "http://[::1]:3000/", "http://[fd00::1]/", "http://intranet/"],
)  # fmt: skip
def test_private_network_opens_with_the_flag(url: str) -> None:
    assert refusal(url) == ErrorCode.BLOCKED_URL
    assert is_successful(check_url(url, PRIVATE_OK))


@pytest.mark.parametrize(
    "url", ["http://0x7f.1:8000/", "http://2130706433/", "http://017700000001/",
            "http://0127.0.0.1/", "http://127.000.000.001/", "http://134744072/",
            "http://8.8.010.8/", "http://0x8.8.8.8/", "http://8.8.2056/"],
)  # fmt: skip
def test_non_canonical_numeric_hosts_are_refused_even_when_allowed(url: str) -> None:
    # 0127.0.0.1 is 87.0.0.1 to a WHATWG parser and 127.0.0.1 to inet_aton: refuse, never guess.
    error = check_url(url, PRIVATE_OK).failure()
    assert error.code is ErrorCode.BLOCKED_URL
    assert error.detail["reason"] == "non-canonical IPv4 host"
    assert "a.b.c.d" in error.message


def test_canonical_dotted_quads_and_fullwidth_forms_are_read_as_the_address() -> None:
    assert clean("http://8.8.8.8/") == "http://8.8.8.8/"
    assert clean("http://127.0.0.1:8000/", PRIVATE_OK) == "http://127.0.0.1:8000/"
    assert clean("http://\uff18.\uff18.\uff18.\uff18/") == "http://8.8.8.8/"


def test_credentials_get_a_clear_message() -> None:
    result = check_url("https://user:secret@example.com/", HTTPS)
    error = result.failure()
    assert error.code == ErrorCode.BLOCKED_URL
    assert "credentials" in error.message
    assert "secret" not in error.message


def test_trusted_addresses_admit_exactly_those() -> None:
    policy = UrlPolicy(allow_http=True, trusted_addresses=("127.0.0.1",))
    assert is_successful(check_url("http://127.0.0.1:9/", policy))
    assert refusal("http://127.0.0.2/", policy) == ErrorCode.BLOCKED_URL
    assert refusal("http://10.0.0.1/", policy) == ErrorCode.BLOCKED_URL
    assert refusal("http://[::ffff:127.0.0.1]/", policy) == ErrorCode.BLOCKED_URL
    meta = UrlPolicy(allow_http=True, trusted_addresses=("169.254.169.254",))
    assert refusal("http://169.254.169.254/", meta) == ErrorCode.BLOCKED_URL


class TestLists:
    def test_blocklist_matches_domain_and_subdomains(self) -> None:
        policy = UrlPolicy(blocklist=("Evil.com",))
        assert refusal("https://evil.com/", policy) == ErrorCode.BLOCKED_URL
        assert refusal("https://a.b.EVIL.com./", policy) == ErrorCode.BLOCKED_URL
        assert is_successful(check_url("https://notevil.com/", policy))
        assert is_successful(check_url("https://evil.com.example.org/", policy))

    def test_allowlist_admits_only_its_domains(self) -> None:
        policy = UrlPolicy(allowlist=("docs.python.org", "*.example.com"))
        assert is_successful(check_url("https://docs.python.org/3/", policy))
        assert is_successful(check_url("https://www.example.com/", policy))
        assert is_successful(check_url("https://example.com/", policy))
        assert refusal("https://python.org/", policy) == ErrorCode.BLOCKED_URL
        assert refusal("https://badexample.com/", policy) == ErrorCode.BLOCKED_URL

    def test_blocklist_wins_over_allowlist(self) -> None:
        policy = UrlPolicy(allowlist=("example.com",), blocklist=("bad.example.com",))
        assert is_successful(check_url("https://good.example.com/", policy))
        assert refusal("https://x.bad.example.com/", policy) == ErrorCode.BLOCKED_URL

    def test_allowlist_does_not_open_private_addresses(self) -> None:
        policy = UrlPolicy(allow_http=True, allowlist=("localhost", "127.0.0.1"))
        assert refusal("http://localhost/", policy) == ErrorCode.BLOCKED_URL
        assert refusal("http://127.0.0.1/", policy) == ErrorCode.BLOCKED_URL

    def test_idn_entries_and_url_shaped_entries(self) -> None:
        policy = UrlPolicy(blocklist=("b\u00fccher.de", "https://tracker.example/path"))
        assert refusal("https://xn--bcher-kva.de/", policy) == ErrorCode.BLOCKED_URL
        assert refusal("https://b\u00fccher.de/", policy) == ErrorCode.BLOCKED_URL
        assert refusal("https://tracker.example/", UrlPolicy(blocklist=("tracker.example",)))

    def test_invalid_allowlist_entries_fail_closed(self) -> None:
        policy = UrlPolicy(allowlist=("not a domain!",))
        assert refusal("https://example.com/", policy) == ErrorCode.BLOCKED_URL


ORDINARY = [
    "https://www.python.org/", "https://docs.python.org/3/library/ipaddress.html",
    "https://en.wikipedia.org/wiki/Special:Random", "https://github.com/aio-libs/aiohttp/issues/1",
    "https://news.ycombinator.com/item?id=1", "https://example.com/search?q=a%26b&page=2",
    "https://api.github.com/repos/python/cpython", "https://1.1.1.1/dns-query",
    "https://[2606:4700:4700::1111]/", "https://xn--e1afmkfd.xn--p1ai/", "https://\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444/",
    "https://www.bbc.co.uk/news", "https://s3.amazonaws.com/bucket/key", "https://localhost.run/",
    "https://ec2-52-1-2-3.compute-1.amazonaws.com/", "https://my.local.news.com/",
    "https://internal.example.com/", "https://metadata.example.com/", "https://10.example.com/",
    "https://a.b.c.d.example.com/", "https://1.2.3.4.example.com/", "https://www.0x7f.com/",
]  # fmt: skip


@pytest.mark.parametrize("url", ORDINARY)
def test_ordinary_public_urls_pass(url: str) -> None:
    assert is_successful(check_url(url, HTTPS)), check_url(url, HTTPS)
