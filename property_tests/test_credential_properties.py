"""Properties of the credential rule (kernel/credentials.py).

- It never raises, whatever the text.
- Its one-search shortcut over the whole query answers what judging each parameter on its
  own answers (the reference below does no shortcut).
- What it reports never holds the credential: a reported name is never in a secret format.
- A signed URL's own parameters pass whatever their values; a provider token in any other
  parameter of it is refused.
- The cheap gate in front of the format scan (`may_hold_format`) holds for every format.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webdistill.kernel import credentials
from webdistill.kernel.secret_formats import PROVIDER_FORMATS, SECRET_FORMAT, may_hold_format

# Fake tokens in published formats: gitleaks fixtures (anthropic.go, slack.go, aws.go) and
# docs.github.com's OAuth example.
_TOKENS = [
    "sk-ant-api03-abc123xyz-456def789ghij-klmnopqrstuvwx-3456yza789bcde-1234fghijklmnopby56aaaog"
    "aopaaaabc123xyzAA",
    "xoxb-781236542736-2364535789652-GkwFDQoHqzXDVsC6GzqYUypD",
    "AKIALALEMEL33243OLIB",
    "gho_16C7e42F292c6912E7710c838347Ae178B4a",
    "AIzaSyNHxIf32IQ1a1yjl3ZJIqKZqzLAK1XhDk-",
]
_NAMES = st.sampled_from(
    ["q", "id", "key", "token", "auth", "pass", "api_key", "apiKey", "data[api_key]",
     "access.token", "secret", "session_token", "pageToken", "sig", "sv", "X-Amz-Signature",
     "X-Amz-Credential", "AWSAccessKeyId", "Signature", "x-goog-signature", "", "a+b",
     "api%5Fkey", "api_key[]"]
)  # fmt: skip
_VALUES = st.one_of(
    st.sampled_from(_TOKENS),
    st.sampled_from(["", "1", "abc", "5f4dcc3b5aa765d61d8327deb882cf99", "a%2Bb", "x+y"]),
    st.text("abcXYZ019-_.%+=/", max_size=40),
)


@st.composite
def _queries(draw: st.DrawFn) -> str:
    pairs = draw(st.lists(st.tuples(_NAMES, _VALUES, st.booleans()), max_size=6))
    return "&".join(f"{n}={v}" if eq else n + v for n, v, eq in pairs)


def _reference(query: str, google: bool) -> str | None:
    """`credentials._in_query` without its whole-query shortcut."""
    pairs = []
    for pair in query.split("&"):
        raw_name, _, raw_value = pair.partition("=")
        pairs.append(
            (
                credentials._decoded_query_part(raw_name).strip(),
                credentials._decoded_query_part(raw_value),
            )
        )
    exempt = credentials._signed_names(pairs)
    for name, value in pairs:
        in_name = credentials._has_format(name, google)
        hit = (
            in_name
            or credentials._secret_pair(name, value, google)
            or credentials._has_format(value, google)
        )
        if hit and name.lower() not in exempt:
            return credentials.UNNAMED if in_name or not name else name[:40]
    return None


@given(st.text(max_size=80), st.text(max_size=80), st.text(max_size=80))
def test_it_never_raises(host: str, path: str, query: str) -> None:
    credentials.find_credential(host, path, query)
    credentials.credential_in_host(host)
    credentials.credential_in_query(query)


@given(_queries() | st.text("abk=&+%-_.ey0AKIAsk-ghp_ ", max_size=60), st.booleans())
def test_the_whole_query_shortcut_answers_as_each_parameter_would(query: str, google: bool) -> None:
    found = credentials._in_query(query, google) if query else None
    assert (found.name if found else None) == (_reference(query, google) if query else None)


@given(_queries(), st.text("abc/;=_-.", max_size=30))
def test_a_reported_name_never_holds_a_credential(query: str, path: str) -> None:
    found = credentials.find_credential("evil.example.com", "/" + path, query)
    if found is not None:
        assert SECRET_FORMAT.search(found.name) is None
        assert all(token not in found.name for token in _TOKENS)


_SIGV4 = [
    "X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Date", "X-Amz-Expires",
    "X-Amz-SignedHeaders", "X-Amz-Security-Token",
]  # fmt: skip


@given(st.lists(_VALUES, min_size=len(_SIGV4), max_size=len(_SIGV4)), _VALUES)
def test_a_signed_urls_own_parameters_pass_whatever_they_hold(
    values: list[str], signature: str
) -> None:
    query = "&".join(f"{n}={v}" for n, v in zip(_SIGV4, values, strict=True))
    query += "&X-Amz-Signature=" + (signature.replace("&", "") or "abc")
    assert credentials.find_credential("bucket.s3.amazonaws.com", "/f.txt", query) is None


@given(st.sampled_from(_TOKENS[:4]))
def test_a_token_beside_a_signature_is_still_refused(token: str) -> None:
    query = f"X-Amz-Signature=abc&X-Amz-Credential=AKIALALEMEL33243OLIB&note={token}"
    found = credentials.find_credential("bucket.s3.amazonaws.com", "/f.txt", query)
    assert found == credentials.Found("query", "note")


@pytest.mark.parametrize("rule", [rule for rule, _, _ in PROVIDER_FORMATS], ids=str)
@given(data=st.data())
@settings(max_examples=25)
def test_the_cheap_gate_never_hides_a_format(rule: str, data: st.DataObject) -> None:
    regex = next(r for name, _, r in PROVIDER_FORMATS if name == rule)
    behind = "/bot" if regex.startswith("(?<=/bot)") else ""  # a look-behind can't be drawn
    token = behind + data.draw(
        st.from_regex(re.compile(regex.removeprefix("(?<=/bot)"), re.ASCII), fullmatch=True)
    )
    text = data.draw(st.sampled_from(["", "/x/", "q=", "a-b."])) + token
    assert may_hold_format(text), (rule, token)
