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

Also read: values percent-encoded twice (two rounds of decoding, no more), a whole value
or path segment in base64 that decodes to text in a format, `name=value` pairs after a `;`
(a query separator to HTML 4.01 B.2.2, Rack, Perl's CGI), a JSON object inside a parameter
(`{"api_key": "..."}`), and HTTP credentials (`Bearer ...`, `Basic ...`) under an
`authorization`-like name.

What passes: links meant to be shared. A signed URL's own parameters (AWS SigV4/SigV2,
CloudFront, GCS V4/V2, Azure SAS, bunny.net and Fastly CDN tokens, the OAuth 1.0a
authorization redirect; `secret_formats.SIGNED_SCHEMES`) are a capability the issuer minted
for that link, but only by *name* and only while each value has its scheme's shape: a value
in a known secret format is never exempted, except an AWS access key ID in SigV4's
`X-Amz-Credential` or SigV2's `AWSAccessKeyId` (a public identifier). Also passing: Google
browser keys and Firebase download tokens on Google's own hosts; Mapbox public `pk.` tokens,
Stripe publishable keys and PayPal checkout tokens anywhere; JWTs under a non-secret name
(invitations, signed embeds); paging cursors (`pageToken`, `pagination_token`...). Other
parameters of a signed URL are still judged.

`find_credential` says where the credential is, never its value: a name that itself holds a
secret (`?token_AKIA...=`) is named by its position instead. Stdlib only; never raises.
"""

from __future__ import annotations

import binascii
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
    SignedScheme,
    checksummed_token_in,
    may_hold_format,
)


class Found(NamedTuple):
    """Where a credential was found: `where` is "query", "path" or "host"; `name` the
    parameter's name when there is one that holds no secret itself (cut to 40 characters),
    else ""; `position` (1-based) the parameter's or path segment's place when its name
    holds a secret and so is not shown (0 otherwise)."""

    where: str
    name: str = ""
    position: int = 0


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
#: keywords, as whole words: `rlkey`, `monkey`, `tokenize` are other words), and the HTTP
#: header a credential travels in (`authorization=Bearer ...`, RFC 9110 section 11.6.2).
WEAK_WORDS = frozenset({"auth", "pass", "credential", "credentials", "creds", "authorization"})
#: Weak words that links meant to be followed also use for a JWT the site minted
#: (invitations `?token=<JWT>`, Keycloak action links `?key=<JWT>`): a JWT there passes.
LINK_WORDS = frozenset({"key", "token"})
#: A weak word right after one of these names something that is not a credential: a
#: session or anti-forgery id the site itself issued (Mapbox Search `session_token`, a
#: `csrf_token`), or a paging cursor (Google APIs' `pageToken`, AIP-158; Twitter/X
#: `next_token` and `pagination_token`, developer.x.com "Pagination"; AWS APIs'
#: `PaginationToken`, e.g. Resource Groups Tagging GetResources; Azure `continuationToken`).
NOT_SECRET_QUALIFIERS = frozenset(
    {"session", "csrf", "xsrf", "page", "next", "continuation", "pagination"}
)

NONE, LINK, WEAK, STRONG = 0, 1, 2, 3
#: How a parameter with no name of its own is named.
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
#: HTTP credentials as the Authorization header carries them: an auth scheme, a space and
#: the credentials (RFC 9110 section 11.4; schemes from the IANA HTTP Authentication Scheme
#: Registry, plus "Token" and "Bot" that GitHub and Discord document).
_HTTP_CREDENTIALS = re.compile(
    r"(?i:basic|bearer|digest|negotiate|hoba|mutual|ntlm|token|bot|dpop)\s+\S{8,}"
)
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


#: A whole value or segment that may be base64 (standard or URL-safe) of 18+ bytes.
_BASE64_RUN = re.compile(
    r"(?<![A-Za-z0-9+/_\-])[A-Za-z0-9+/_\-]{24,4096}={0,2}(?![A-Za-z0-9+/_\-=])"
)
#: Escapes left after a first round of decoding: a value percent-encoded twice.
_ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")


def _base64_texts(text: str) -> list[str]:
    """The printable ASCII texts that the base64 runs of `text` decode to (a key wrapped in
    base64 once; the decoded texts are no longer than `text`)."""
    texts: list[str] = []
    for match in _BASE64_RUN.finditer(text):
        run = match.group()
        if run == run.lower() or run == run.upper():  # base64 of 18+ bytes of text mixes cases
            continue
        try:
            data = binascii.a2b_base64(
                run.replace("-", "+").replace("_", "/").rstrip("=")
                + "=" * (-len(run.rstrip("=")) % 4)
            )
        except (binascii.Error, ValueError):
            continue
        if data.isascii() and data.decode("ascii").isprintable():
            texts.append(data.decode("ascii"))
    return texts


def _format_in(text: str, google: bool) -> bool:
    if not may_hold_format(text):
        return False
    for match in SECRET_FORMAT.finditer(text):
        if not (google and GOOGLE_PUBLIC_KEY.fullmatch(match.group())):
            return True
    return checksummed_token_in(text)


def _has_format(text: str, google: bool) -> bool:
    """Does `text` (decoded once) hold a value in a known format: as it is, after a second
    round of percent-decoding, or wrapped in base64?"""
    if _format_in(text, google):
        return True
    if "%" in text and _ESCAPE.search(text) and _format_in(unquote(text, errors="replace"), google):
        return True
    if text.islower() or text.isupper():  # no base64 run of 18+ bytes in it (those mix cases)
        return False
    return any(_format_in(decoded, google) for decoded in _base64_texts(text))


def _secret_pair(name: str, value: str, google: bool) -> bool:
    """Does the parameter `name`=`value` (both decoded) carry a secret by its name?"""
    if not value:
        return False
    kind = name_class(name)
    if kind == NONE or (google and kind != STRONG) or PUBLIC_TOKEN.fullmatch(value):
        return False
    if _HTTP_CREDENTIALS.fullmatch(value):
        return True
    if kind == LINK and _JWT.fullmatch(value):
        return False
    return kind == STRONG or looks_random(value)


#: A JSON member with a string value (inside a parameter: `?json={"api_key":"..."}`).
_JSON_MEMBER = re.compile(r'"([^"\\]{1,64})"\s*:\s*"([^"\\]{0,1024})"')


def _secret_in_json(value: str, google: bool) -> bool:
    """Does a JSON object inside `value` carry a secret by a member's name?"""
    if '"' not in value:
        return False
    return any(_secret_pair(n, v, google) for n, v in _JSON_MEMBER.findall(value))


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


def _fully_decoded(text: str) -> str:
    """`text` (decoded once) after the second round of decoding, for reading names."""
    return unquote(text, errors="replace") if "%" in text else text


_RANDOM_RUN = re.compile(r"[A-Za-z0-9]{16,}")


def _shown(name: str, google: bool) -> bool:
    """May `name` be shown in a message? Not when it holds a secret itself: a value in a
    known format or a random-looking run glued to it (`token_9f86d0818...`)."""
    if len(name) > 40 and _hinted(name[40:]):
        return False
    return not _has_format(name, google) and not any(
        looks_random(run) for run in _RANDOM_RUN.findall(name)
    )


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
    return _in_query(query, google, path) if query else None


#: Hosts whose webhook formats start with the host name itself (Slack, Discord, Teams).
_WEBHOOK_HOSTS = ("hooks.slack.com", "discord.com", "discordapp.com", ".webhook.office.com")


def _path_found(name: str, segment: int, google: bool) -> Found:
    return Found("path", name[:40]) if _shown(name, google) else Found("path", "", segment)


def _in_path(host: str, path: str, google: bool) -> Found | None:
    # The host name is scanned with the path only where a webhook format starts with it.
    webhook = host.endswith(_WEBHOOK_HOSTS)
    if _has_format((host if webhook else "") + _decoded(path), google):
        return Found("path")
    if not (_hinted(path) or ("%" in path and _hinted(_fully_decoded(_decoded(path))))):
        return None
    segments = path.split("/")
    for number, segment in enumerate(segments):
        if "=" not in segment:
            continue
        for piece in re.split(r"[;&]", segment):
            raw_name, equals, raw_value = piece.partition("=")
            name = _fully_decoded(_decoded(raw_name)).strip()
            if equals and _secret_pair(name, _fully_decoded(_decoded(raw_value)), google):
                return _path_found(name, number, google)
    for number, (raw_name, raw_value) in enumerate(itertools.pairwise(segments)):
        name = _fully_decoded(_decoded(raw_name))
        if name_class(name) == STRONG and looks_random(_fully_decoded(_decoded(raw_value))):
            return _path_found(name, number, google)
    return None


def _last_segment(path: str) -> str:
    return path.rstrip("/").rpartition("/")[2].lower()


def _schemes(pairs: list[tuple[str, str]], path: str) -> list[SignedScheme]:
    """The signed-link schemes whose markers this query (at `path`) carries."""
    values = {name.lower(): value for name, value in pairs if value}
    found = []
    for scheme in SIGNED_SCHEMES:
        if scheme.endpoints and _last_segment(path) not in scheme.endpoints:
            continue
        if all(
            name in values and (shape is None or shape.fullmatch(values[name]))
            for name, shape in scheme.markers.items()
        ):
            found.append(scheme)
    return found


def _exempt(schemes: list[SignedScheme], name: str, value: str, in_format: bool) -> bool:
    """Is `name`=`value` a signing parameter of one of `schemes`, of the scheme's shape?
    A value in a known format only as the scheme's own credential ID (`own_id`)."""
    lowered = name.lower()
    for scheme in schemes:
        shape = scheme.own_id.get(lowered) if in_format else scheme.exempt.get(lowered)
        if shape is not None and shape.fullmatch(value):
            return True
    return False


#: Query separators: "&", and ";" (HTML 4.01 appendix B.2.2; Rack, Perl's CGI.pm and
#: Python's parse_qs before 3.10 split on it too, so a server may read `;name=value`).
_QUERY_SEPARATORS = re.compile("[&;]")


def _in_query(query: str, google: bool, path: str = "") -> Found | None:
    # Decoding only undoes "%" and "+": a format match never spans "&", ";" or "=" (no
    # format's alphabet holds "&" or ";", and "=" only as trailing padding), so one search of
    # the decoded query finds a match whenever a per-parameter search would; without one,
    # and without a name hint, no parameter can be refused.
    text = _decoded_query_part(query)
    scan = _has_format(text, google)
    if not scan and not _hinted(text) and not ("%" in text and _hinted(_fully_decoded(text))):
        return None
    pairs = []
    for pair in _QUERY_SEPARATORS.split(query) if ";" in query else query.split("&"):
        if not pair:
            pairs.append(("", ""))
            continue
        raw_name, _, raw_value = pair.partition("=")
        pairs.append((_decoded_query_part(raw_name).strip(), _decoded_query_part(raw_value)))
    schemes: list[SignedScheme] | None = None
    for position, (name, value) in enumerate(pairs, start=1):
        if not value and not (scan and name):  # nothing that any rule below could refuse
            continue
        name_is_secret = scan and _has_format(name, google)
        value_is_secret = scan and _has_format(value, google)
        plain_name, plain_value = _fully_decoded(name), _fully_decoded(value)
        if not (
            name_is_secret
            or value_is_secret
            or _secret_pair(plain_name, plain_value, google)
            or _secret_in_json(plain_value, google)
        ):
            continue
        if schemes is None:
            schemes = _schemes(pairs, path)
        if schemes and not name_is_secret and _exempt(schemes, name, value, value_is_secret):
            continue
        # Never echo a credential: a name that holds one is named by its position.
        if not name:
            return Found("query", UNNAMED)
        if name_is_secret or not _shown(name, google):
            return Found("query", "", position)
        return Found("query", name[:40])
    return None


def credential_in_query(query: str) -> str | None:
    """The name of the first parameter of `query` that carries a credential, or None
    (the query alone, as on a host that is not Google's); a parameter whose name holds a
    secret is named "parameter N"."""
    found = _in_query(query, google=False) if query else None
    if found is None:
        return None
    return found.name or f"parameter {found.position}"
