"""Secrets kept out of everything webdistill shows: repr, `webdistill config`, errors, notices.

One helper per kind of secret, used wherever that kind is shown:

- a key or token held whole (`*_API_KEY`, `WEB_MCP_TOKEN`): `masked_key` keeps the first 3
  and last 2 characters of a long one so a person can tell keys apart, nothing of a short one;
- a configured URL (`SEARXNG_URL`, `WEB_PROXY`, the Redis URL of `WEB_CACHE`...):
  `masked_url` hides the password (a bare user-info, maybe a token, whole), path segments
  shaped like a token, every query value and the fragment, keeping the scheme, user name,
  host, port, the rest of the path and the query's parameter names
  (`redis://app:***@host:6379/0?password=***`);
- a command line (`WEB_MCP_SEARCH_COMMAND`): `masked_command` hides the values of options and
  environment assignments whose name looks like a credential (key, token, secret, password,
  auth...), of header arguments naming one (`Authorization: ...`), every word shaped like a
  token (24+ letters, digits, `-`, `_`, with both letters and digits), and masks URLs in it;
  `command_secrets` gives the words it hides, to scrub them from what that command prints;
- a known secret inside text someone else wrote (a key echoed in an error body):
  `without_secret` replaces every occurrence, and is applied before any cut, so no part of
  the secret can survive at the cut;
- a local path in text for the model: `home_relative` writes the home folder as `~`.

Stdlib only; nothing here raises.
"""

from __future__ import annotations

import re
import shlex
from typing import AnyStr

MASK = "***"

#: Scheme (if any) and slashes, then everything up to the last "@" before the query.
_USERINFO = re.compile(r"^((?:[A-Za-z][A-Za-z0-9+.\-]*:)?/*)[^?#]*@")
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
_HEADER = re.compile(r"([A-Za-z][A-Za-z0-9\-]*)\s*:\s*(\S.*)", re.DOTALL)


def masked_key(value: str) -> str:
    """A key as shown: "sk-…9f" (first 3 and last 2 characters); short keys fully hidden."""
    if len(value) < 10:
        return "…"
    return f"{value[:3]}…{value[-2:]}"


def masked_url(url: str) -> str:
    """`url` with user-info, query values and fragment hidden (works on malformed URLs too)."""
    text = str(url)
    text, hash_mark, fragment = text.partition("#")
    head, question, query = text.partition("?")
    head = _USERINFO.sub(_masked_userinfo, head)
    shown = _PATH_TOKEN.sub(MASK, head)
    if question:
        shown += "?" + "&".join(_masked_parameter(item) for item in query.split("&"))
    if hash_mark and fragment:
        shown += "#" + MASK
    return shown


def _masked_userinfo(match: re.Match[str]) -> str:
    """`user:***@` when a password follows the user name, else `***@` (a bare token)."""
    start, userinfo = match.group(1), match.group()[len(match.group(1)) : -1]
    user, colon, _ = userinfo.partition(":")
    return f"{start}{user}:{MASK}@" if colon and "/" not in user else f"{start}{MASK}@"


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
    words = _walk(command)
    if words is None:
        return MASK
    return " ".join(_quoted(shown) for shown, _ in words)


def command_secrets(command: str) -> tuple[str, ...]:
    """The values `masked_command` hides in `command` (the whole line if unparseable)."""
    words = _walk(command)
    if words is None:
        return (command,) if command else ()
    return tuple(secret for _, secrets in words for secret in secrets)


def _walk(command: str) -> list[tuple[str, tuple[str, ...]]] | None:
    """Each word of `command` as shown, with the secrets it hid."""
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    out: list[tuple[str, tuple[str, ...]]] = []
    hide_next = False
    for word in words:
        if hide_next and not word.startswith("-"):
            out.append((MASK, (word,)))
            hide_next = False
            continue
        out.append(_masked_word(word))
        hide_next = (
            word.startswith("-") and "=" not in word and len(word) > 2 and looks_secret(word)
        )
    return out


def _masked_word(word: str) -> tuple[str, tuple[str, ...]]:
    name, equals, value = word.partition("=")
    if equals and value and _NAME.fullmatch(name):
        if looks_secret(name):
            return f"{name}={MASK}", (value,)
        shown, secrets = _masked_value(value)
        return f"{name}={shown}", secrets
    header = _HEADER.fullmatch(word)
    if header and looks_secret(header.group(1)):
        return f"{header.group(1)}: {MASK}", (header.group(2),)
    return _masked_value(word)


def _masked_value(value: str) -> tuple[str, tuple[str, ...]]:
    if "://" in value:
        shown = masked_url(value)
        return shown, (() if shown == value else (value,))
    if _TOKEN_WORD.fullmatch(value):
        return MASK, (value,)
    return value, ()


def _quoted(word: str) -> str:
    """A word as a shell would need it, quoted only when it has spaces or quotes."""
    if word and not any(c.isspace() or c in "'\"\\" for c in word):
        return word
    return shlex.quote(word)


def without_secret(text: AnyStr, *secrets: str | None) -> AnyStr:
    """`text` (str or bytes) with every occurrence of each secret replaced by "***"."""
    for secret in sorted(filter(None, secrets), key=len, reverse=True):
        if isinstance(text, bytes):
            text = text.replace(secret.encode("utf-8", "surrogatepass"), MASK.encode())
        else:
            text = text.replace(secret, MASK)
    return text


def home_relative(text: str, home: str) -> str:
    """`text` with the home folder `home` written as "~" wherever a path starts with it."""
    home = home.rstrip("/")
    if not home:
        return text
    return re.sub(re.escape(home) + r"(?=$|[/\s'\"),;:])", "~", text)
