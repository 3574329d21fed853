"""Does a URL carry a credential? An agent must not ship one to an arbitrary site.

A URL the model asks to fetch goes to whatever host it names; an API key, token or password
anywhere in it (query, path, path parameters, a host label) is handed to that site. Two rules,
each with its source:

- **Formats**: a value in a published provider format (`secret_formats.PROVIDER_FORMATS`,
  from the gitleaks and trufflehog rule lists; GitHub/npm tokens also by their checksum),
  wherever it sits: in a parameter, a path segment, a host label, a webhook URL inside a
  parameter, or as the URL itself (Slack/Discord/Teams webhooks, Telegram `/bot<token>/`).
- **Names**: a parameter (query `a=b`, path parameter `;a=b`, a `/name=value/` segment, or a
  segment after a `/apikey/`-like segment) whose name says secret. Names are read as words
  (`data[api_key]`, `api_key[]`, `access.token`, `apiKey`, `X-Api-Key` all read "api key" or
  "access token"): a *strong* name (password, secret, api key, access token...) is refused
  with any value; a *weak* one (key, token, auth, pass, credential) only with a value that
  looks random (hex of 16+ characters, or 16+ token characters mixing letters and digits with
  the Shannon entropy of 3.5 bits a character that gitleaks' generic rule uses). A JWT counts
  as random except under `key`/`token`, which invitation and action links use for one.

What passes: links meant to be shared. A signed URL's own signing parameters (AWS SigV4/SigV2,
CloudFront, GCS V4/V2, Azure SAS; `secret_formats.SIGNED_SCHEMES`) are a capability the issuer
minted for that link; Google browser keys and Firebase download tokens on Google's own hosts;
Mapbox public `pk.` tokens and Stripe publishable keys anywhere; JWTs under a non-secret name
(invitations, signed embeds). Other parameters of a signed URL are still judged.

`find_credential` says where the credential is (never its value). Stdlib only; never raises.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections import Counter
from typing import NamedTuple
from urllib.parse import unquote, unquote_plus

from webdistill.kernel.secret_formats import (
    GOOGLE_DOMAINS,
    GOOGLE_PUBLIC_KEY,
    PUBLIC_TOKEN,
    SECRET_FORMAT,
    SIGNED_SCHEMES,
    checksummed_token_in,
    may_hold_format,
)


class Found(NamedTuple):
    """Where a credential was found: `where` is "query", "path" or "host"; `name` the
    parameter's name when there is one (cut to 40 characters), else ""."""

    where: str
    name: str = ""


#: Names that only ever carry secrets, read as one word or as two adjacent words.
STRONG_WORDS = frozenset(
    {
        "secret", "secrets", "password", "passwd", "passphrase", "apikey", "apisecret",
        "apitoken", "accesstoken", "accesskey", "authtoken", "refreshtoken", "idtoken",
        "clientsecret", "privatekey", "privatetoken", "secretkey", "bearer", "xapikey",
        "subscriptionkey", "appsecret", "securitytoken",
    }
)  # fmt: skip
STRONG_PAIRS = frozenset(
    {
        ("api", "key"), ("api", "secret"), ("api", "token"), ("access", "token"),
        ("access", "key"), ("refresh", "token"), ("auth", "token"), ("id", "token"),
        ("client", "secret"), ("private", "key"), ("private", "token"), ("secret", "key"),
        ("app", "secret"), ("subscription", "key"), ("security", "token"), ("bearer", "token"),
    }
)  # fmt: skip
#: Names that carry a secret when their value looks random (gitleaks' generic-api-key
#: keywords, as whole words: `rlkey`, `monkey`, `tokenize` are other words).
WEAK_WORDS = frozenset({"auth", "pass", "credential", "credentials", "creds"})
#: Weak words that links meant to be followed also use for a JWT the site minted
#: (invitations `?token=<JWT>`, Keycloak action links `?key=<JWT>`): a JWT there passes.
LINK_WORDS = frozenset({"key", "token"})
#: A weak word right after one of these names something that is not a credential: a
#: session or anti-forgery id the site itself issued (Mapbox Search `session_token`, a
#: `csrf_token`), or a paging cursor (Google APIs' `pageToken`, AIP-158; Twitter/X
#: `next_token`; Azure `continuationToken`).
NOT_SECRET_QUALIFIERS = frozenset({"session", "csrf", "xsrf", "page", "next", "continuation"})

NONE, LINK, WEAK, STRONG = 0, 1, 2, 3
#: How a parameter with no name of its own (or one that is itself a secret) is named.
UNNAMED = "(a value without a name)"
#: Lower-case pieces one of which every word above holds.
_HINTS = ("key", "secret", "pass", "auth", "token", "bearer", "cred")


def _hinted(text: str) -> bool:
    """A cheap test that `text` may hold one of the words above."""
    lowered = text.lower()
    return any(hint in lowered for hint in _HINTS)


_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_WORD = re.compile(r"[a-z0-9]+")
_HEX = re.compile(r"[0-9a-fA-F\-]{16,}")
_TOKEN_CHARS = re.compile(r"[A-Za-z0-9_\-+/=.~]{16,}")
_JWT = re.compile(r"eyJ[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]*")
#: gitleaks' generic-api-key rule asks this entropy (bits per character) of a value.
MIN_ENTROPY = 3.5


@functools.lru_cache(maxsize=2048)
def name_class(name: str) -> int:
    """NONE, LINK, WEAK or STRONG: what a parameter or segment name says about its value."""
    if not _hinted(name):
        return NONE
    words = _WORD.findall(_CAMEL.sub("_", name).lower())
    found = NONE
    for index, word in enumerate(words):
        if word in STRONG_WORDS or (index and (words[index - 1], word) in STRONG_PAIRS):
            return STRONG
        if index and words[index - 1] in NOT_SECRET_QUALIFIERS:
            continue
        if word in WEAK_WORDS:
            found = WEAK
        elif word in LINK_WORDS and found == NONE:
            found = LINK
    return found


def looks_random(value: str) -> bool:
    """Does `value` look like a generated secret (a JWT included) rather than a word?"""
    if len(value) < 16 or _TOKEN_CHARS.fullmatch(value) is None:
        return False
    has_digit = any(c.isdigit() for c in value)
    has_letter = any(c.isalpha() for c in value)
    if not (has_digit and has_letter):
        return False
    if _HEX.fullmatch(value):
        return True
    counts = Counter(value)
    entropy = -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values())
    return entropy >= MIN_ENTROPY


def _has_format(text: str, google: bool) -> bool:
    if not may_hold_format(text):
        return False
    for match in SECRET_FORMAT.finditer(text):
        if not (google and GOOGLE_PUBLIC_KEY.fullmatch(match.group())):
            return True
    return checksummed_token_in(text)


def _secret_pair(name: str, value: str, google: bool) -> bool:
    """Does the parameter `name`=`value` (both decoded) carry a secret by its name?"""
    if not value:
        return False
    kind = name_class(name)
    if kind == NONE or (google and kind != STRONG) or PUBLIC_TOKEN.fullmatch(value):
        return False
    if kind == LINK and _JWT.fullmatch(value):
        return False
    return kind == STRONG or looks_random(value)


_GOOGLE_SUFFIXES = tuple("." + domain for domain in GOOGLE_DOMAINS)


def is_google_host(host: str) -> bool:
    """Is `host` (lower-case) one of Google's own domains or under one?"""
    return host.endswith(_GOOGLE_SUFFIXES) or host in GOOGLE_DOMAINS


def _decoded(text: str) -> str:
    return unquote(text, errors="replace") if "%" in text else text


def _decoded_query_part(text: str) -> str:
    if "%" not in text:  # what unquote_plus gives when there is no escape to decode
        return text.replace("+", " ")
    return unquote_plus(text, errors="replace")


def credential_in_host(authority: str) -> bool:
    """Does a URL's authority (host and port, as written) carry a provider-format secret?"""
    return _has_format(_decoded(authority), google=False)


def find_credential(host: str, path: str, query: str) -> Found | None:
    """Where `path` or `query` (or a webhook URL spanning `host` and `path`) carries a
    credential, or None. `host` is the URL's lower-case host name."""
    google = is_google_host(host)
    if len(path) > 1:
        found = _in_path(host, path, google)
        if found is not None:
            return found
    return _in_query(query, google) if query else None


#: Hosts whose webhook formats start with the host name itself (Slack, Discord, Teams).
_WEBHOOK_HOSTS = ("hooks.slack.com", "discord.com", "discordapp.com", ".webhook.office.com")


def _in_path(host: str, path: str, google: bool) -> Found | None:
    # The host name is scanned with the path only where a webhook format starts with it.
    webhook = host.endswith(_WEBHOOK_HOSTS)
    if _has_format((host if webhook else "") + _decoded(path), google):
        return Found("path")
    if "=" in path:
        for piece in re.split(r"[/;&]", path):
            raw_name, equals, raw_value = piece.partition("=")
            if equals and _secret_pair(_decoded(raw_name).strip(), _decoded(raw_value), google):
                return Found("path", _decoded(raw_name).strip()[:40])
    if _hinted(path):
        segments = path.split("/")
        for name, value in itertools.pairwise(segments):
            if name_class(_decoded(name)) == STRONG and looks_random(_decoded(value)):
                return Found("path", _decoded(name)[:40])
    return None


def _signed_names(pairs: list[tuple[str, str]]) -> frozenset[str]:
    """The names of the signing scheme this query is signed with (empty when unsigned)."""
    present = {name.lower() for name, value in pairs if value}
    exempt: frozenset[str] = frozenset()
    for markers, names in SIGNED_SCHEMES:
        if markers <= present:
            exempt |= names
    return exempt


def _in_query(query: str, google: bool) -> Found | None:
    # Decoding only undoes "%" and "+": a format match never spans "&" or "=" (no format's
    # alphabet holds "&", and "=" only as trailing padding), so one search of the decoded
    # query finds a match whenever a per-parameter search would; without one, and without a
    # name hint, no parameter can be refused.
    text = _decoded_query_part(query)
    scan = _has_format(text, google)
    if not scan and not _hinted(text):
        return None
    pairs = []
    for pair in query.split("&"):
        raw_name, _, raw_value = pair.partition("=")
        pairs.append((_decoded_query_part(raw_name).strip(), _decoded_query_part(raw_value)))
    exempt: frozenset[str] | None = None
    for name, value in pairs:
        name_is_secret = scan and _has_format(name, google)
        if not (
            name_is_secret
            or _secret_pair(name, value, google)
            or (scan and _has_format(value, google))
        ):
            continue
        if exempt is None:
            exempt = _signed_names(pairs)
        if name.lower() not in exempt:
            # Never echo a credential: a name that is itself one is not shown.
            return Found("query", UNNAMED if name_is_secret or not name else name[:40])
    return None


def credential_in_query(query: str) -> str | None:
    """The name of the first parameter of `query` that carries a credential, or None
    (the query alone, as on a host that is not Google's)."""
    found = _in_query(query, google=False) if query else None
    return None if found is None else found.name
