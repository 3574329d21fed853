"""The redaction helpers never raise, and never let the secret they were built to hide through.

- `masked_url`: a password put in a URL's user-info, or as any query value, is not in the
  result, whatever the host, path and other parameters around it;
- `masked_command`: a key given as an option named like a credential (`--api-key KEY`,
  `--api-key=KEY`) or an environment assignment (`API_KEY=KEY`) is not in the result, and
  `command_secrets` names it;
- `without_secret`: no occurrence of the secret survives, whatever text surrounds it, and
  cutting the result anywhere never leaves a piece of the secret of 8 characters or more;
- all of them (and `masked_key`, `home_relative`) answer a string for any string.
"""

from __future__ import annotations

import shlex

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
