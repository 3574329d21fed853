"""Secrets kept out of everything webdistill shows: repr, `webdistill config`, errors, notices.

One helper per kind of secret, used wherever that kind is shown:

- a key or token held whole (`*_API_KEY`, `WEB_MCP_TOKEN`): `masked_key` keeps the first 3
  and last 2 characters of a long one so a person can tell keys apart, nothing of a short one;
- a configured URL (`SEARXNG_URL`, `WEB_PROXY`, the Redis URL of `WEB_CACHE`...):
  `masked_url` hides the password (everything up to the last "@" before the host, an
  unencoded "#" or "?" in it included; a bare user-info, maybe a token, whole), path
  segments shaped like a token, path parameters named like a credential (`;api_key=`),
  every query value and the fragment, keeping the scheme, user name, host, port, the rest of
  the path and the query's parameter names (`redis://app:***@host:6379/0?password=***`);
  `url_secrets` gives the password and the pieces a URL parser makes of it;
- a command line (`WEB_MCP_SEARCH_COMMAND`): `masked_command` hides the values of options and
  environment assignments whose name looks like a credential (key, token, secret, password,
  auth..., and `SHORT_CREDENTIAL_OPTIONS`), of header arguments naming one (`Authorization:
  ...`, `--header=Authorization: ...`), of keys so named in a JSON argument (Smithery's
  `--config '{"braveApiKey":"..."}'`) or in `name: value` pairs, every word shaped like a
  token (24+ letters, digits, `-`, `_`, with both letters and digits), masks URLs in it, and
  reads quoted sub-commands (`sh -c '...'`) by the same rules, 4 levels deep (deeper: hidden
  whole); `command_secrets` gives the values it hides, to scrub them from what that command
  prints: one rule, two uses;
- a known secret inside text someone else wrote (a key echoed in an error body):
  `without_secret` replaces every occurrence, in every form `echo_forms` knows (spread over
  whitespace, percent-, entity- or JSON-escaped, any letter case, base64'd), and is applied
  before any cut, so no part of the secret can survive at the cut;
- a local path in text for the model: `home_relative` writes the home folder as `~`.

Stdlib only; nothing here raises.
"""

from __future__ import annotations

import json
import re
import shlex
from typing import AnyStr

from webdistill.kernel.echo_forms import secret_spans

MASK = "***"

#: Scheme (if any) and slashes, then the user-info: everything up to the LAST "@" followed by
#: a host (and port) and the end, a "/", "?" or "#". The password is taken to run to that "@"
#: even when it holds an unencoded "#", "?" or "/" (`redis://:Zq7x#9Kp2@host`), which a URL
#: parser would cut there, showing its start; a URL with an "@" in its path or query may be
#: over-masked, never under-masked.
_USERINFO = re.compile(
    r"((?:[A-Za-z][A-Za-z0-9+.\-]*:)?/*)(.*)@(?=[A-Za-z0-9.\-_~%:\[\]]*(?:[/?#]|$))", re.DOTALL
)
#: A path parameter (`/serper;api_key=...`): its value is masked when its name says secret.
_PATH_PARAMETER = re.compile(r";([^;/?#=]*)=([^;/?#]*)")
#: Name fragments that make an option, variable or header a credential (compared lower-case,
#: separators removed): over-masking a harmless value costs nothing, showing a key does.
_SECRET_PARTS = (
    "key", "token", "secret", "pass", "pwd", "auth", "credential", "bearer", "cookie",
    "signature",
)  # fmt: skip
#: A word shaped like a generated token (package names with a year stay shorter than this).
_TOKEN_WORD = re.compile(r"(?=[A-Za-z0-9_\-]*[0-9])(?=[A-Za-z0-9_\-]*[A-Za-z])[A-Za-z0-9_\-]{24,}")
#: A path segment shaped like a token (a key in the path: `/bot123:AAH.../`, `/fc-.../mcp`).
_PATH_TOKEN = re.compile(
    r"(?<=/)(?=[A-Za-z0-9_\-:]*[0-9])(?=[A-Za-z0-9_\-:]*[A-Za-z])[A-Za-z0-9_\-:]{24,}(?=/|$)"
)
_NAME = re.compile(r"-{0,2}[A-Za-z_][A-Za-z0-9_.\-]*")
#: One-letter options that take a credential, as their tools document them: `-k` is the short
#: form of `--api-key` in Commander.js CLIs (e.g. nettune-mcp's `-k, --api-key <key>`, the
#: Immich and Stripe connector CLIs), `-p` the password of the mysql/mariadb clients and of
#: sshpass (`-p password`). The MCP search servers whose docs we checked (Brave's official
#: server: `--brave-api-key` only; Smithery's CLI: `--config <json>`, `--headers <json>`;
#: mcp-remote: `--header`) define no one-letter key option. Over-masking a `-p 8080` or an
#: `npx -p package` costs a person one word of the display; showing a password costs more.
SHORT_CREDENTIAL_OPTIONS = frozenset({"-k", "-p"})
#: Option names meaning a password that the name fragments above do not contain.
_PASSWORD_NAMES = frozenset({"pw", "pwd", "pass", "passwd"})
#: How deep quoted sub-commands (`sh -c '...'`) and JSON strings are read; deeper is hidden.
_MAX_DEPTH = 4
#: `name: value` or `name=value` pairs in a word (a JS-like `{braveApiKey: 'K'}`, `a=1,b=2`).
_PAIR = re.compile(
    r"""(["']?)(?P<name>[A-Za-z_][\w.\-]*)\1\s*[:=]\s*"""
    r"""(?P<value>"(?:[^"\\]|\\.)*"|'[^']*'|[^\s,;&}\]"']+)"""
)
_HEADER = re.compile(r"([A-Za-z][A-Za-z0-9\-]*)\s*:\s*(\S.*)", re.DOTALL)


def masked_key(value: str) -> str:
    """A key as shown: "sk-…9f" (first 3 and last 2 characters); short keys fully hidden."""
    if len(value) < 10:
        return "…"
    return f"{value[:3]}…{value[-2:]}"


def masked_url(url: str) -> str:
    """`url` with user-info, query values and fragment hidden (works on malformed URLs too)."""
    text, prefix = str(url), ""
    userinfo = _USERINFO.match(text)
    if userinfo:
        prefix, text = _masked_userinfo(userinfo), text[userinfo.end() :]
    text, hash_mark, fragment = text.partition("#")
    head, question, query = text.partition("?")
    head = _PATH_PARAMETER.sub(_masked_path_parameter, head)
    shown = _PATH_TOKEN.sub(MASK, prefix + head)
    if question:
        shown += "?" + "&".join(_masked_parameter(item) for item in query.split("&"))
    if hash_mark and fragment:
        shown += "#" + MASK
    return shown


def _masked_userinfo(match: re.Match[str]) -> str:
    """`user:***@` when a password follows the user name, else `***@` (a bare token)."""
    start, userinfo = match.group(1), match.group(2)
    user, colon, _ = userinfo.partition(":")
    plain = colon and not any(char in user for char in "/?#")
    return f"{start}{user}:{MASK}@" if plain else f"{start}{MASK}@"


def _masked_path_parameter(match: re.Match[str]) -> str:
    name, value = match.group(1), match.group(2)
    return f";{name}={MASK}" if value and looks_secret(name) else match.group()


def url_secrets(url: str) -> tuple[str, ...]:
    """The user-info of `url` as `masked_url` reads it, its password, and the pieces of that
    password a URL parser would make of it (cut at "#", "?", "/", "@", ":"), to scrub them
    from a library's message about the URL."""
    userinfo = _USERINFO.match(str(url))
    if not userinfo:
        return ()
    whole = userinfo.group(2)
    _, _, password = whole.partition(":")
    pieces = re.split(r"[#?/@:]", whole)
    return tuple(dict.fromkeys(part for part in (whole, password, *pieces) if part))


def _masked_parameter(item: str) -> str:
    name, equals, value = item.partition("=")
    if not equals:
        return MASK if item else item
    return f"{name}={MASK}" if value else f"{name}="


def looks_secret(name: str) -> bool:
    """Whether an option, variable, parameter or header name says it holds a credential."""
    plain = re.sub(r"[^a-z0-9]", "", name.lower())
    return any(part in plain for part in _SECRET_PARTS)


def masked_command(command: str) -> str:
    """`command` as shown, its credentials masked (an unparseable one is hidden whole)."""
    words = _walk(command, 0)
    if words is None:
        return MASK
    return " ".join(_quoted(shown) for shown, _ in words)


def command_secrets(command: str) -> tuple[str, ...]:
    """The values `masked_command` hides in `command` (the whole line if unparseable): one
    rule, two uses, so what is hidden when shown is also scrubbed from what the command says."""
    words = _walk(command, 0)
    if words is None:
        return (command,) if command else ()
    return tuple(dict.fromkeys(secret for _, secrets in words for secret in secrets))


_Shown = tuple[str, tuple[str, ...]]


def _walk(command: str, depth: int) -> list[_Shown] | None:
    """Each word of `command` as shown, with the secrets it hid."""
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    out: list[_Shown] = []
    hide_next = False
    for word in words:
        if hide_next and not word.startswith("-"):
            out.append((MASK, (word,)))
            hide_next = False
            continue
        out.append(_masked_word(word, depth))
        hide_next = word.startswith("-") and "=" not in word and _credential_option(word)
    return out


def _credential_option(name: str) -> bool:
    """Whether option or variable `name` holds a credential (see `SHORT_CREDENTIAL_OPTIONS`)."""
    if name in SHORT_CREDENTIAL_OPTIONS or name.lstrip("-").lower() in _PASSWORD_NAMES:
        return True
    return len(name) > 2 and looks_secret(name)


def _masked_word(word: str, depth: int) -> _Shown:
    name, equals, value = word.partition("=")
    if equals and value and _NAME.fullmatch(name):
        if _credential_option(name):
            return f"{name}={MASK}", (value,)
        shown, secrets = _masked_value(value, depth)
        return f"{name}={shown}", secrets
    if word[:2] in SHORT_CREDENTIAL_OPTIONS and len(word) > 2:  # `-pSECRET`, as mysql takes it
        return word[:2] + MASK, (word[2:],)
    return _masked_value(word, depth)


def _masked_value(value: str, depth: int) -> _Shown:
    """One word's value as shown: a JSON object, a header, a quoted sub-command (`sh -c
    '...'`), a URL, a token-shaped word or `name: value` pairs, each masked by its own rule."""
    nested = depth < _MAX_DEPTH
    if value.lstrip()[:1] in ("{", "["):
        data = _masked_json(value, depth) if nested else None
        if data is not None:
            return data
        pairs = _masked_pairs(value)  # not JSON: a JS-like object, `{braveApiKey: 'K'}`?
        if pairs[1]:
            return pairs
    header = _HEADER.fullmatch(value)
    if header and looks_secret(header.group(1)):
        return f"{header.group(1)}: {MASK}", _header_secrets(header.group(2))
    if any(char.isspace() for char in value):
        words = _walk(value, depth + 1) if nested else None
        if words is None:
            return MASK, (value,)
        shown = " ".join(_quoted(word) for word, _ in words)
        return shown, tuple(secret for _, secrets in words for secret in secrets)
    if "://" in value:
        shown = masked_url(value)
        return shown, (() if shown == value else (value,))
    if _TOKEN_WORD.fullmatch(value):
        return MASK, (value,)
    return _masked_pairs(value)


def _header_secrets(value: str) -> tuple[str, ...]:
    """A header's value, and its credential alone when a scheme (`Bearer`, `Basic`) leads it."""
    scheme, _, credential = value.strip().partition(" ")
    credential = credential.strip()
    if scheme.isalpha() and credential:
        return (value, credential)
    return (value,)


def _masked_json(text: str, depth: int) -> _Shown | None:
    """A JSON argument (Smithery's `--config '{"braveApiKey":"..."}'`, `--headers '{...}'`)
    with the values of keys named like a credential masked, and every string in it masked by
    the rules for words; None when it is not JSON."""
    try:
        data = json.loads(text)
        if not isinstance(data, dict | list):
            return None
        secrets: list[str] = []
        shown = _masked_data(data, secrets, depth, hide=False)
        return json.dumps(shown, ensure_ascii=False, separators=(",", ":")), tuple(secrets)
    except (ValueError, RecursionError):
        return None


def _masked_data(data: object, secrets: list[str], depth: int, *, hide: bool) -> object:
    if isinstance(data, dict):
        return {
            key: _masked_data(value, secrets, depth, hide=hide or looks_secret(str(key)))
            for key, value in data.items()
        }
    if isinstance(data, list):
        return [_masked_data(item, secrets, depth, hide=hide) for item in data]
    if hide and isinstance(data, str | int | float) and not isinstance(data, bool):
        secrets.extend(_header_secrets(str(data)))
        return MASK
    if isinstance(data, str) and data:
        shown, found = _masked_value(data, depth + 1)
        secrets.extend(found)
        return shown
    return data


def _masked_pairs(value: str) -> _Shown:
    """`value` with the values of `name: value` / `name=value` pairs named like a credential
    masked (a JS-like object, `k1=v1,k2=v2`...); unchanged when it has none."""
    secrets: list[str] = []

    def hide(match: re.Match[str]) -> str:
        if not looks_secret(match.group("name")):
            return match.group()
        secret = match.group("value")
        secrets.append(secret[1:-1] if secret[:1] in ("'", '"') else secret)
        return match.group()[: match.start("value") - match.start()] + MASK

    shown = _PAIR.sub(hide, value)
    return shown, tuple(secret for secret in secrets if secret)


def _quoted(word: str) -> str:
    """A word as a shell would need it, quoted only when it has spaces or quotes."""
    if word and not any(c.isspace() or c in "'\"\\" for c in word):
        return word
    return shlex.quote(word)


def without_secret(text: AnyStr, *secrets: str | None) -> AnyStr:
    """`text` (str or bytes) with each secret replaced by "***" wherever it occurs, in any
    form it can be echoed in (`echo_forms`: spread over whitespace, percent-, entity- or
    JSON-escaped, any letter case, base64'd); bytes are read as UTF-8, other bytes kept."""
    if isinstance(text, bytes):
        plain = _without(text.decode("utf-8", "surrogateescape"), secrets)
        return plain.encode("utf-8", "surrogateescape")
    return _without(text, secrets)


def _without(text: str, secrets: tuple[str | None, ...]) -> str:
    for secret in sorted(filter(None, secrets), key=len, reverse=True):
        spans = secret_spans(text, secret)
        if spans:
            kept, at = [], 0
            for start, end in spans:
                kept.append(text[at:start])
                at = end
            kept.append(text[at:])
            text = MASK.join(kept)
    return text


def home_relative(text: str, home: str) -> str:
    """`text` with the home folder `home` written as "~" wherever a path starts with it."""
    home = home.rstrip("/")
    if not home:
        return text
    return re.sub(re.escape(home) + r"(?=$|[/\s'\"),;:])", "~", text)
