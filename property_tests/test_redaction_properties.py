"""The redaction helpers never raise, and never let the secret they were built to hide through.

- `masked_url`: a password put in a URL's user-info, or as any query value, is not in the
  result, whatever the host, path and other parameters around it;
- `masked_command`: a key given as an option named like a credential (`--api-key KEY`,
  `--api-key=KEY`) or an environment assignment (`API_KEY=KEY`) is not in the result, and
  `command_secrets` names it;
- `without_secret`: no occurrence of the secret survives, whatever text surrounds it, and
  cutting the result anywhere never leaves a piece of the secret of 8 characters or more;
  nor does any form a server may echo it in: spread over whitespace, percent-encoded, HTML
  entities (decimal, hex, named, with or without ";"), JSON `\\u` escapes, another letter
  case, base64 (standard or URL-safe, at each of the 3 byte alignments, maybe wrapped) — the
  key is not in the result with its whitespace removed, nor once that form is undone;
- `masked_command` / `command_secrets`: a key in a JSON argument, a quoted sub-command or a
  `--header=` word is hidden, and named as a secret (one rule, two uses);
- all of them (and `masked_key`, `home_relative`) answer a string for any string.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import html
import json
import re
import shlex
import urllib.parse

from hypothesis import given
from hypothesis import strategies as st

from webdistill.kernel.redaction import (
    command_secrets,
    home_relative,
    masked_command,
    masked_key,
    masked_url,
    without_secret,
)

_SAFE = st.text(st.characters(categories=("L", "N"), max_codepoint=0x7F), min_size=1, max_size=12)
#: Secrets: URL-safe characters, long enough to be told apart from the text around them.
secrets = st.text(
    st.sampled_from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_."),
    min_size=12,
    max_size=40,
).map(lambda s: "Q" + s + "Z")


@given(st.text(max_size=200))
def test_nothing_raises(text: str) -> None:
    for helper in (masked_url, masked_command, masked_key):
        assert isinstance(helper(text), str)
    assert isinstance(command_secrets(text), tuple)
    assert isinstance(without_secret(text, text[:5]), str)
    assert isinstance(home_relative(text, "/home/someone"), str)


_URL_PARTS = st.tuples(
    st.sampled_from(["http", "https", "redis", "rediss", "socks5h"]),
    _SAFE,
    st.lists(_SAFE, max_size=3),
    st.lists(st.tuples(_SAFE, _SAFE), max_size=3),
)


@given(secrets, _URL_PARTS, st.booleans())
def test_a_password_in_a_url_is_hidden(
    secret: str, parts: tuple[str, str, list[str], list[tuple[str, str]]], in_query: bool
) -> None:
    scheme, host, path, params = parts
    query = "&".join(f"{k}={v}" for k, v in params)
    if in_query:
        query = "&".join(filter(None, [query, f"password={secret}"]))
        url = f"{scheme}://{host}.example/{'/'.join(path)}?{query}"
    else:
        url = f"{scheme}://user:{secret}@{host}.example/{'/'.join(path)}" + (
            f"?{query}" if query else ""
        )
    shown = masked_url(url)
    assert secret not in shown
    assert f"{host}.example" in shown


@given(
    secrets,
    st.lists(_SAFE.map(lambda w: "w" + w), max_size=4),
    st.sampled_from(["--api-key {}", "--api-key={}", "BRAVE_API_KEY={}", "--token {}"]),
)
def test_a_key_in_a_command_is_hidden(secret: str, words: list[str], form: str) -> None:
    command = shlex.join(["server", *words]) + " " + form.format(shlex.quote(secret))
    assert secret not in masked_command(command)
    assert secret in command_secrets(command)


@given(st.text(max_size=300), secrets, st.text(max_size=300), st.integers(0, 700))
def test_a_secret_in_text_is_gone_before_any_cut(
    before: str, secret: str, after: str, cut: int
) -> None:
    text = without_secret(before + secret + after + secret, secret)
    assert secret not in text
    if secret[:8] not in before + after:
        assert secret[:8] not in text[:cut]


_SPACES = st.sampled_from(["", "", "", " ", "\n", "\t", "\r\n", "  ", "\u00a0"])
_NAMED = {"-": "&hyphen;", "_": "&lowbar;", ".": "&period;"}


@st.composite
def _echoed(draw: st.DrawFn, key: str) -> tuple[str, str]:
    """(form, text): `key` written in one echo form, spread over whitespace or not."""
    form = draw(
        st.sampled_from(["spread", "percent", "html", "json", "case", "base64", "base64url"])
    )
    chars = list(key)
    if form == "percent":
        chars = [f"%{ord(c):02X}" if draw(st.booleans()) else c for c in key]
    elif form == "html":
        out = []
        for i, char in enumerate(key):
            follows_digit = i + 1 < len(key) and key[i + 1].isdigit()
            kinds = ["plain", "dec", "hex"] + (["named"] if char in _NAMED else [])
            kinds += [] if follows_digit else ["dec-bare"]
            kind = draw(st.sampled_from(kinds))
            out.append(
                {"plain": char, "dec": f"&#{ord(char)};", "hex": f"&#x{ord(char):x};",
                 "named": _NAMED.get(char, char), "dec-bare": f"&#{ord(char)}"}[kind]
            )  # fmt: skip
        chars = out
    elif form == "json":
        chars = [f"\\u{ord(c):04x}" if draw(st.booleans()) else c for c in key]
    elif form == "case":
        chars = [c.swapcase() if draw(st.booleans()) else c for c in key]
    elif form.startswith("base64"):
        before = draw(st.binary(max_size=5))
        after = draw(st.binary(max_size=5))
        encode = base64.b64encode if form == "base64" else base64.urlsafe_b64encode
        encoded = encode(before + key.encode() + after).decode()
        width = draw(st.sampled_from([0, 76, 64, 7]))
        if width:
            encoded = "\n".join(encoded[i : i + width] for i in range(0, len(encoded), width))
        return form, encoded
    return form, "".join(char + draw(_SPACES) for char in chars).rstrip()


def _undone(form: str, text: str) -> list[str]:
    """`text` without whitespace, and with `form` undone."""
    flat = "".join(text.split())
    if form == "percent":
        return [flat, urllib.parse.unquote(flat)]
    if form == "html":
        return [flat, html.unescape(flat)]
    if form == "json":
        return [flat, re.sub(r"\\u([0-9a-f]{4})", lambda m: chr(int(m.group(1), 16)), flat)]
    if form == "case":
        return [flat.lower()]
    out = [flat]
    for word in re.findall(r"[A-Za-z0-9+/_\-]{4,}={0,2}", flat):
        for skip in range(4):
            chunk = word[skip:]
            chunk = chunk[: len(chunk) - len(chunk) % 4]
            for decode in (base64.b64decode, base64.urlsafe_b64decode):
                with contextlib.suppress(binascii.Error, ValueError):
                    out.append(decode(chunk).decode("latin-1"))
    return out


@given(st.text(max_size=120), secrets, st.text(max_size=120), st.data())
def test_no_echoed_form_of_a_secret_survives(
    before: str, secret: str, after: str, data: st.DataObject
) -> None:
    form, echoed = data.draw(_echoed(secret))
    shown = without_secret(before + echoed + after, secret)
    key = secret.lower() if form == "case" else secret
    for reading in _undone(form, shown):
        assert key not in reading, (form, echoed, shown)
    # bytes (a raw body) the same, whatever is not UTF-8 around it
    raw = without_secret(
        b"\xff" + (before + echoed + after).encode("utf-8", "surrogatepass"), secret
    )
    for reading in _undone(form, raw[1:].decode("utf-8", "surrogatepass")):
        assert key not in reading, (form, echoed, raw)


@given(secrets, st.lists(_SAFE.map(lambda w: "w" + w), max_size=3), st.integers(0, 3))
def test_a_key_in_json_or_a_sub_command_is_hidden_and_named(
    secret: str, words: list[str], shape: int
) -> None:
    inner = shlex.join(["server", *words, "--api-key", secret])
    argument = [
        json.dumps({"name": "x", "braveApiKey": secret}),
        json.dumps({"headers": {"Authorization": f"Bearer {secret}"}}),
        inner,
        f"--header=X-Api-Key: {secret}",
    ][shape]
    command = shlex.join(["runner", *words, "--config", argument])
    assert secret not in masked_command(command)
    assert secret in command_secrets(command)
