"""URL parsing, normalisation, tracking-parameter stripping and the URL policy.

`check_url` is the gate every URL passes before any backend or socket sees it. It parses
the URL itself (not with `urlsplit().hostname`, whose leniency is what parser-confusion
attacks exploit) and follows the WHATWG host rules that HTTP clients and browsers apply:
IDNA-encoding (which folds full-width digits and dots), and the IPv4 number forms
("2130706433", "0x7f.1", "017700000001", "127.1"), which are canonicalised to dotted decimal
so that the address that was checked is the address that is dialled. Names that only make
sense inside a network (localhost, *.local, *.internal, metadata names, single labels,
known loopback/rebinding DNS services, names spelling a private IPv4) are refused too.
The resolver in adapters/http still vets every DNS answer: this is the first of two gates.

Stdlib + attrs + returns only; nothing here raises.
"""

from __future__ import annotations

import functools
import ipaddress
import re
from urllib.parse import urljoin, urlsplit

import attrs
from returns.pipeline import is_successful
from returns.result import Failure, Result, Success

from webdistill.kernel import addresses, hosts
from webdistill.kernel.credentials import Found, credential_in_host, find_credential
from webdistill.kernel.errors import ErrorCode, WebError
from webdistill.kernel.own_text import OwnText, echo, echo_quoted, host, joined, number, own
from webdistill.kernel.tracking.brave import BRAVE_CONDITIONAL, BRAVE_SCOPED, BRAVE_SIMPLE
from webdistill.kernel.tracking.ddg import DDG_TRACKING_PARAMETERS
from webdistill.kernel.tracking.tidyurl import TIDY_SCOPED


@attrs.frozen(cache_hash=True)
class UrlPolicy:
    """Which URLs may be fetched.

    `allowlist`/`blocklist` hold domains; a domain matches itself and its subdomains.
    A non-empty allowlist admits only its domains. The blocklists always win.
    `default_blocklist` holds the shipped malware list's hosts in canonical form (names and
    public addresses, see `adapters/blocklist.py`): a listed name matches itself and its
    subdomains, a listed address itself; each look-up is one set probe per label.
    """

    allow_http: bool = False
    allow_private_network: bool = False
    allowlist: tuple[str, ...] = ()
    blocklist: tuple[str, ...] = ()
    #: Exact IP addresses admitted although not public (e.g. a test server on 127.0.0.1),
    #: without opening the rest of the private network. Metadata addresses are never admitted.
    trusted_addresses: tuple[str, ...] = ()
    default_blocklist: frozenset[str] = attrs.field(
        factory=frozenset, repr=lambda hosts: f"<{len(hosts)} hosts>"
    )


#: Address forms whose verdicts are memoised (exact types: no bool/int aliasing of keys).
_MEMO_ADDRESS_TYPES = (str, ipaddress.IPv4Address, ipaddress.IPv6Address)


def address_allowed(ip: object, policy: UrlPolicy) -> bool:
    """May `ip` be dialled under `policy`? The one rule check_url and the HTTP guard share.

    Pure, so verdicts are memoised per (address, policy value); the verdict is a bool.
    """
    if type(ip) in _MEMO_ADDRESS_TYPES and not (isinstance(ip, str) and len(ip) > 64):
        try:
            return _address_allowed_memo(ip, policy)
        except TypeError:  # a policy holding unhashable values: judge it uncached
            pass
    return _address_allowed(ip, policy)


@functools.lru_cache(maxsize=4096, typed=True)
def _address_allowed_memo(ip: object, policy: UrlPolicy) -> bool:
    return _address_allowed(ip, policy)


def _address_allowed(ip: object, policy: UrlPolicy) -> bool:
    category = addresses.address_category(ip)
    if category == addresses.AddressCategory.PUBLIC:
        return True
    if category == addresses.AddressCategory.METADATA:
        return False
    if policy.allow_private_network and category == addresses.AddressCategory.PRIVATE:
        return True
    if not policy.trusted_addresses:
        return False
    addr = addresses.parse_address(ip)
    return addr is not None and addr in _trusted(tuple(policy.trusted_addresses))


@functools.lru_cache(maxsize=64)
def _trusted(entries: tuple[object, ...]) -> frozenset[addresses.IPAddress]:
    parsed = (addresses.parse_address(e) for e in entries)
    return frozenset(a for a in parsed if a is not None)


#: Exact tracking parameter names (compared case-insensitively); `utm_*` is a prefix rule.
#: Our own names, plus the maintained lists of DuckDuckGo (`tracking.ddg`, Apache-2.0) and
#: Brave (`tracking.brave`, MPL-2.0); Brave's site-scoped and conditional names are applied
#: by `strip_tracking` on their sites only, like tidy-url's Amazon and AliExpress names
#: (`tracking.tidyurl`, MIT). (The ClearURLs rules are LGPL-3.0: not bundled in this MIT
#: package.)
OWN_TRACKING_PARAMETERS = frozenset(
    {
        "fbclid", "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "msclkid", "mc_eid",
        "mc_cid", "_ga", "_gl", "yclid", "ysclid", "igshid", "igsh", "ref_src", "ref_url",
        "twclid", "ttclid", "li_fat_id", "epik", "srsltid", "_hsenc", "_hsmi", "__hssc",
        "__hstc", "__hsfp", "hsctatracking", "mkt_tok", "oly_anon_id", "oly_enc_id",
        "vero_id", "vero_conv", "rb_clickid", "s_cid", "wickedid", "_openstat", "__s", "_kx",
        "sc_cid", "ss_campaign_id", "ss_campaign_name", "ss_source",
    }
)  # fmt: skip
TRACKING_PARAMETERS = OWN_TRACKING_PARAMETERS | DDG_TRACKING_PARAMETERS | BRAVE_SIMPLE
#: Stripped from every URL: all but the conditional names, which `strip_tracking` keeps
#: where the URL needs them.
_ALWAYS_STRIPPED = TRACKING_PARAMETERS - BRAVE_CONDITIONAL.keys()
TRACKING_PREFIXES = ("utm_",)
_CONDITIONAL = {name: re.compile(pattern) for name, pattern in BRAVE_CONDITIONAL.items()}
_SITE_SCOPED = tuple((re.compile(pattern), names) for pattern, names in TIDY_SCOPED)

MAX_URL_LENGTH = 8192
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
_PERCENT = re.compile(r"%([0-9A-Fa-f]{2})")
#: Raw control characters, spaces and other whitespace/invisible characters: refused anywhere
#: in a URL, never stripped or collapsed (parsers disagree on what they mean).
_CONTROL = re.compile(
    "[\x00-\x20\x7f-\xa0\u1680\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]"
)
_ENCODE_IN_PATH = frozenset(' "<>`\\')
_NEEDS_NORMALISING = re.compile(r'[%\s"<>`\\]|[^\x00-\x7f]')
_AUTHORITY_END = re.compile(r"[/?#]")
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")
_DEFAULT_PORTS = {"http": 80, "https": 443}


def _normalise_escape(match: re.Match[str]) -> str:
    char = chr(int(match.group(1), 16))
    return char if char in _UNRESERVED else "%" + match.group(1).upper()


def _normalise_component(text: str) -> str:
    """Conservative percent-encoding normalisation (RFC 3986 6.2.2): decode unreserved
    escapes, uppercase the others, encode spaces, quotes and non-ASCII as UTF-8."""
    if _NEEDS_NORMALISING.search(text) is None:
        return text
    if "%" in text:
        text = _PERCENT.sub(_normalise_escape, text)
    return _TO_ENCODE.sub(_encode_character, text)


#: The characters `_normalise_component` encodes: those of `_ENCODE_IN_PATH` and non-ASCII.
_TO_ENCODE = re.compile("[" + re.escape("".join(sorted(_ENCODE_IN_PATH))) + r"]|[^\x00-\x7f]")


def _encode_character(match: re.Match[str]) -> str:
    return "".join(f"%{b:02X}" for b in match.group().encode("utf-8", "surrogatepass"))


def _parameter_name(pair: str) -> str:
    name = pair.split("=", 1)[0]
    if "%" in name:  # without one there is no escape to decode
        name = _PERCENT.sub(lambda m: chr(int(m.group(1), 16)), name)
    return name.strip().lower()


def is_tracking_parameter(name: str) -> bool:
    """True for a tracking parameter on every site (utm_*, fbclid, gclid...); the names
    tracking only on some sites (`si` on YouTube) are applied by `strip_tracking`."""
    lowered = name.lower()
    return lowered in TRACKING_PARAMETERS or lowered.startswith(TRACKING_PREFIXES)


def _strip_query(query: str, url: str, host: str) -> str:
    pairs = query.split("&")
    kept = [p for p in pairs if not _is_tracker_here(_parameter_name(p), url, host)]
    return query if len(kept) == len(pairs) else "&".join(kept)


def _is_tracker_here(lowered: str, url: str, host: str) -> bool:
    """A tracker everywhere, on this site (Brave's scoped names), or unless the URL needs it."""
    if lowered in _ALWAYS_STRIPPED or lowered.startswith(TRACKING_PREFIXES):
        return True
    sites = BRAVE_SCOPED.get(lowered, ())
    if any(host == site or host.endswith("." + site) for site in sites):
        return True
    needed = _CONDITIONAL.get(lowered)
    if needed is not None:
        return needed.search(url) is None
    return any(lowered in names and site.search(host) for site, names in _SITE_SCOPED)


def _host_of(base: str) -> str:
    try:
        return (urlsplit(base).hostname or "").rstrip(".")
    except ValueError:
        return ""


def strip_tracking(url: str) -> str:
    """Remove tracking parameters (utm_*, fbclid, gclid...) from a URL, keeping the others
    and their order. Anything that is not a tracker is left untouched."""
    try:
        head, hash_mark, fragment = url.partition("#")
        base, question, query = head.partition("?")
        if not question:
            return url
        kept = _strip_query(query, url, _host_of(base))
        if not kept.strip("&"):
            return base + hash_mark + fragment
        return base + "?" + kept + hash_mark + fragment
    except Exception:  # noqa: BLE001 - strip_tracking never raises, whatever the input
        return url if isinstance(url, str) else ""


#: The `reason` detail of a refusal by `UrlPolicy.default_blocklist`.
DEFAULT_BLOCKLIST_REASON = "default malware blocklist"


def _blocked(message: OwnText, **detail: str) -> Failure[WebError]:
    return Failure(WebError(code=ErrorCode.BLOCKED_URL, message=message, detail=detail))


def _invalid(message: OwnText) -> Failure[WebError]:
    return Failure(WebError.of(ErrorCode.INVALID_URL, message))


def _list_entry(entry: object) -> str:
    """A policy-list entry as a canonical domain ("" when it is not usable)."""
    if not isinstance(entry, str):
        return ""
    text = entry.strip().lower()
    if "://" in text:
        text = text.split("://", 1)[1]
    text = re.split(r"[/?#]", text, maxsplit=1)[0].removeprefix("*.")
    if text.rfind(":") > text.rfind("]"):  # "host:port": the port says nothing about the domain
        text = text[: text.rfind(":")]
    text = text.strip(".")
    parsed = hosts.parse_host(text)
    return parsed.unwrap().name if is_successful(parsed) else ""


def _on_list(host: hosts.Host, entries: tuple[str, ...], *, embedded: bool = True) -> bool:
    """Is `host` on a list of domains? An address also by the IPv4 addresses it embeds
    (`embedded`: for a blocklist, never to widen an allowlist)."""
    if embedded and host.address is not None:
        names = addresses.lookup_forms(host.address)
    else:
        names = [host.name]
    return any(hosts.domain_matches(n, _list_entry(e)) for e in entries for n in names)


def _on_default_list(host: hosts.Host, listed: frozenset[str]) -> bool:
    """Is `host` (or, for a name, a domain it is under; for an address, an IPv4 address it
    embeds) in `listed`? O(labels) set probes."""
    if host.address is not None:
        return not listed.isdisjoint(addresses.lookup_forms(host.address))
    name = host.name
    return not listed.isdisjoint(
        [name, *(name[i + 1 :] for i, char in enumerate(name) if char == ".")]
    )


def _check_host(host: hosts.Host, policy: UrlPolicy) -> Result[None, WebError]:
    if _on_list(host, tuple(policy.blocklist)):
        return _blocked(
            own("{} is on the domain blocklist; do not fetch it.", host_name(host.name)),
            host=host.name,
        )
    if policy.default_blocklist and _on_default_list(host, policy.default_blocklist):
        return _blocked(
            own(
                "{} is on the default malware blocklist (hosts seen serving malware, "
                "from abuse.ch URLhaus); do not fetch anything from it.",
                host_name(host.name),
            ),
            host=host.name,
            reason=DEFAULT_BLOCKLIST_REASON,
        )
    if policy.allowlist and not _on_list(host, tuple(policy.allowlist), embedded=False):
        return _blocked(
            own(
                "{} is not on the domain allowlist; only these domains may be fetched: {}",
                host_name(host.name),
                joined([echo(str(e)) for e in policy.allowlist], ", "),
            ),
            host=host.name,
        )
    if host.address is not None:
        if address_allowed(host.address, policy):
            return Success(None)
        reason = addresses.describe_address(host.address)
        return _blocked(
            own(
                "{} is {}; only public Internet addresses may be fetched.",
                host_name(host.name),
                reason,
            ),
            host=host.name,
            reason=reason,
        )
    problem = hosts.name_problem(host.name)
    if problem is None:
        return Success(None)
    is_metadata, why = problem
    if is_metadata or not policy.allow_private_network:
        return _blocked(own("Blocked: {}; only public Internet hosts may be fetched.", why),
                        host=host.name, reason=why)  # fmt: skip
    return Success(None)


def _split_authority(authority: str) -> Result[tuple[str, int | None], WebError]:
    if "@" in authority:
        return _blocked(
            own(
                "URLs with credentials (user:password@host) are not allowed; remove them and "
                "pass the URL without a user name or password."
            ),
            reason="credentials",
        )
    if "\\" in authority:
        return _invalid(own("Backslashes are not allowed in a URL's host."))
    host, port_text = authority, ""
    closing = authority.rfind("]")
    colon = authority.rfind(":")
    if colon > closing:
        host, port_text = authority[:colon], authority[colon + 1 :]
    if not port_text:
        return Success((host, None))
    if not port_text.isascii() or not port_text.isdigit() or not 0 < int(port_text) < 65536:
        return _invalid(
            own("The URL's port {} is not a number from 1 to 65535.", echo_quoted(port_text, 20))
        )
    return Success((host, int(port_text)))


#: Longer authorities are judged without the memo (bounds the memory a key can take).
_MEMO_AUTHORITY_LENGTH = 300


def _vet_authority(
    authority: str, policy: UrlPolicy
) -> Result[tuple[hosts.Host, int | None], WebError]:
    """Split, parse and judge a URL's authority under `policy`: the host and port, or why not.

    Pure, so verdicts are memoised per (authority, policy value): authorities repeat far more
    than whole URLs do. A cached value is immutable (a returns container holding a tuple of a
    frozen `Host` and an int, or a frozen `WebError` whose detail is a read-only mapping).
    """
    if len(authority) <= _MEMO_AUTHORITY_LENGTH:
        try:
            return _vet_authority_memo(authority, policy)
        except TypeError:  # a policy holding unhashable values: judge it uncached
            pass
    return _judge_authority(authority, policy)


@functools.lru_cache(maxsize=1024, typed=True)
def _vet_authority_memo(
    authority: str, policy: UrlPolicy
) -> Result[tuple[hosts.Host, int | None], WebError]:
    return _judge_authority(authority, policy)


def _judge_authority(
    authority: str, policy: UrlPolicy
) -> Result[tuple[hosts.Host, int | None], WebError]:
    split = _split_authority(authority)
    if not is_successful(split):
        return Failure(split.failure())
    if credential_in_host(authority):  # before the host is named in any message
        return _credential_refusal(Found("host"))
    raw_host, port = split.unwrap()
    parsed = hosts.parse_host(raw_host)
    if not is_successful(parsed):
        return Failure(parsed.failure())
    host = parsed.unwrap()
    verdict = _check_host(host, policy)
    if not is_successful(verdict):
        return Failure(verdict.failure())
    return Success((host, port))


#: A URL already in the common plain shape: lowercase http(s), an authority of host
#: characters, a path and query of unreserved/sub-delim characters only (no escapes, spaces,
#: fragment or non-ASCII). `_clean_general` would leave its path and query as they are, so
#: such a URL skips straight to the same authority vetting and assembly.
_PLAIN_URL = re.compile(
    r"(https?)://([A-Za-z0-9._\-:\[\]]+)(/[A-Za-z0-9\-._~!$&'()*+,;=:@/]*)?"
    r"(?:\?([A-Za-z0-9\-._~!$&'()*+,;=:@/?]*))?"
)


def _clean(url: str, policy: UrlPolicy) -> Result[str, WebError]:
    if isinstance(url, str) and len(url) <= MAX_URL_LENGTH:
        plain = _PLAIN_URL.fullmatch(url)
        if plain is not None:
            scheme, authority, path, query = plain.groups()
            if scheme == "http" and not policy.allow_http:
                return _blocked(own("Plain http URLs are not allowed; use https."), reason="scheme")
            return _assemble(scheme, authority, path or "", query or "", policy, plain=True)
    return _clean_general(url, policy)


def _clean_general(url: str, policy: UrlPolicy) -> Result[str, WebError]:
    if not isinstance(url, str):
        return _invalid(own("The URL must be a string."))
    text = url
    if not text:
        return _invalid(own("The URL is empty; pass an absolute http(s) URL."))
    if len(text) > MAX_URL_LENGTH:
        return _invalid(own("The URL is longer than {} characters.", number(MAX_URL_LENGTH)))
    bad = _CONTROL.search(text)
    if bad is not None:
        return _invalid(_control_message(bad))
    scheme_match = _SCHEME.match(text)
    if scheme_match is None:
        return _invalid(
            own("Not an absolute URL: {}. Use https://host/path.", echo_quoted(text, 120))
        )
    scheme = scheme_match.group(1).lower()
    if scheme not in _DEFAULT_PORTS:
        return _invalid(own("Only http(s) URLs can be fetched, not {}: URLs.", echo(scheme)))
    rest = text[scheme_match.end() :]
    if not rest.startswith("//"):
        return _invalid(
            own("Not a valid {} URL: write {}://host/path.", echo(scheme), echo(scheme))
        )
    if scheme == "http" and not policy.allow_http:
        return _blocked(own("Plain http URLs are not allowed; use https."), reason="scheme")
    rest = rest[2:]
    end_match = _AUTHORITY_END.search(rest)
    end = end_match.start() if end_match else len(rest)
    authority, rest = rest[:end], rest[end:]
    rest = rest.partition("#")[0]
    path, _, query = rest.partition("?")
    return _assemble(scheme, authority, path, query, policy)


def host_name(name: str) -> OwnText:
    """A canonical host name (it passed `hosts.parse_host`) for a message."""
    return host(name)


def code_point(char: str) -> OwnText:
    """A character's code point, `0020`."""
    return own("{}", echo(f"{ord(char):04X}"))


def _control_message(bad: re.Match[str]) -> OwnText:
    char = bad.group()
    what = own("a space") if char == " " else own("the character U+{}", code_point(char))
    return own(
        "The URL contains {} at position {}; spaces, tabs, line breaks and "
        "other control or invisible characters are not allowed anywhere in a URL (they are "
        "not removed for you). Pass the URL exactly, without surrounding whitespace, and "
        "percent-encode a space inside it as %20.",
        what,
        number(bad.start()),
    )


def _credential_refusal(found: Found) -> Failure[WebError]:
    """The refusal of a URL carrying a credential: where it is, never the credential (a
    name that holds one itself is named by its position)."""
    why = own(
        "looks like a credential (an API key, token or password). Fetching it would send "
        "that secret to the site, so it is refused:"
    )
    reason = f"credential in {found.where}"
    if found.where == "query" and (found.name or found.position):
        label = found.name or f"parameter {found.position}"
        what = (
            own("'{}'", echo(found.name))
            if found.name
            else own(
                "number {} (its name, not shown, holds a secret itself)", number(found.position)
            )
        )
        return _blocked(
            own("The URL's query parameter {} {} remove the parameter and fetch the URL "
                "without it.", what, why),
            reason=reason,
            parameter=label,
        )  # fmt: skip
    if found.name or found.position:
        label = found.name or f"path segment {found.position}"
        what = (
            own("'{}'", echo(found.name))
            if found.name
            else own(
                "in path segment {} (its name, not shown, holds a secret itself)",
                number(found.position),
            )
        )
        return _blocked(
            own(
                "The URL's path parameter {} {} remove it and fetch the URL without it.", what, why
            ),
            reason=reason,
            parameter=label,
        )
    place = own("host name") if found.where == "host" else own("path")
    return _blocked(
        own(
            "The URL's {} holds a value in a known secret format (an API key, token or "
            "webhook secret). Fetching it would send that secret to the site, so it is refused: "
            "fetch a URL without it.",
            place,
        ),
        reason=reason,
    )


def _assemble(
    scheme: str, authority: str, path: str, query: str, policy: UrlPolicy, *, plain: bool = False
) -> Result[str, WebError]:
    """The cleaned URL from its parts, or why not. `plain`: the URL matched `_PLAIN_URL`, so
    its path and query hold no escape, space, quote, backslash or non-ASCII character and
    `_normalise_component` would return them unchanged: it is skipped."""
    vetted = _vet_authority(authority, policy)
    if not isinstance(vetted, Success):
        return Failure(vetted.failure())
    host, port = vetted.unwrap()
    netloc = host.text if port in (None, _DEFAULT_PORTS[scheme]) else f"{host.text}:{port}"
    clean_path = (path if plain else _normalise_component(path)) or "/"
    whole = f"{scheme}://{netloc}{clean_path}?{query}"  # for Brave's conditional names
    clean_query = (
        _strip_query(query if plain else _normalise_component(query), whole, host.name)
        if query
        else ""
    )
    found = find_credential(host.name, clean_path, clean_query)
    if found is not None:
        return _credential_refusal(found)
    if not clean_query:
        return Success(f"{scheme}://{netloc}{clean_path}")
    suffix = "?" + clean_query if clean_query.strip("&") else ""
    return Success(f"{scheme}://{netloc}{clean_path}{suffix}")


def check_url(url: str, policy: UrlPolicy) -> Result[str, WebError]:
    """Parse, normalise and vet `url` against `policy`; the cleaned URL or why not.

    The cleaned URL has a lowercase scheme and host, an IDNA-encoded host (IPv4 in dotted
    decimal), no default port, no fragment, normalised escapes and no tracking parameters.
    Refusals are BLOCKED_URL (policy) or INVALID_URL (unparseable); this never raises.
    """
    return _check_url(url, policy)


def _check_url(url: str, policy: UrlPolicy) -> Result[str, WebError]:
    try:
        return _clean(url, policy)
    except Exception:  # noqa: BLE001 - check_url never raises: anything odd is a refusal
        return _invalid(own("The URL could not be parsed; pass an absolute http(s) URL."))


_HAS_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")


def resolve_reference(base: str, reference: str) -> Result[str, WebError]:
    """The absolute URL a redirect `reference` (a Location value) points to from `base`.

    Read strictly rather than leniently: control characters, spaces and backslashes are
    refused (WHATWG reads `\\` as `/`, so `/\\evil.example/` means another host to a browser
    but a path to `urljoin`), and so are http(s) references whose authority is not written
    `scheme://host` (`https:evil.example`, `https:///evil.example`, `///evil.example`).
    The result still has to pass `check_url`. INVALID_URL when refused; never raises.
    """
    try:
        return _resolve(base, reference)
    except Exception:  # noqa: BLE001 - never raises: anything odd is a refusal
        return _invalid(own("The redirect target could not be parsed."))


def _resolve(base: str, reference: str) -> Result[str, WebError]:
    if not isinstance(reference, str) or not reference:
        return _invalid(own("The redirect has an empty target."))
    if len(reference) > MAX_URL_LENGTH:
        return _invalid(
            own("The redirect target is longer than {} characters.", number(MAX_URL_LENGTH))
        )
    bad = _CONTROL.search(reference)
    if bad is not None:
        return _invalid(own("The redirect target is malformed: {}", _control_message(bad)))
    if "\\" in reference:
        return _invalid(
            own(
                "The redirect target contains a backslash, which parsers read differently (as a "
                "path character or as '/'); it is not followed."
            )
        )
    scheme = _HAS_SCHEME.match(reference)
    if scheme is not None:
        name = scheme.group()[:-1].lower()
        rest = reference[scheme.end() :]
        if name in _DEFAULT_PORTS and (not rest.startswith("//") or rest.startswith("///")):
            return _invalid(
                own(
                    "The redirect target is not a valid {} URL (write {}://host/path); "
                    "it is not followed.",
                    echo(name),
                    echo(name),
                )
            )
        return Success(reference)
    if reference.startswith("///"):
        return _invalid(own("The redirect target has an empty host (///...); it is not followed."))
    return Success(urljoin(base, reference))
