"""Properties of the credential rule (kernel/credentials.py).

- It never raises, whatever the text.
- Its one-search shortcut over the whole query answers what judging each parameter on its
  own answers (the reference below does no shortcut).
- What it reports never holds the credential: a reported name is never in a secret format.
- A signed URL's own parameters pass with values of their documented shapes; a provider
  token in any of them (but an AWS key ID in `X-Amz-Credential`) or in any other parameter
  of it is refused.
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
    """`credentials._in_query` without its whole-query shortcut (and its skips)."""
    pairs = []
    for pair in re.split("[&;]", query):
        raw_name, _, raw_value = pair.partition("=")
        pairs.append(
            (
                credentials._decoded_query_part(raw_name).strip(),
                credentials._decoded_query_part(raw_value),
            )
        )
    schemes = credentials._schemes(pairs, "")
    for position, (name, value) in enumerate(pairs, start=1):
        in_name = credentials._has_format(name, google)
        in_value = credentials._has_format(value, google)
        plain_name, plain_value = (
            credentials._fully_decoded(name),
            credentials._fully_decoded(value),
        )
        hit = (
            in_name
            or in_value
            or credentials._secret_pair(plain_name, plain_value, google)
            or credentials._secret_in_json(plain_value, google)
        )
        if not hit or (not in_name and credentials._exempt(schemes, name, value, in_value)):
            continue
        if not name:
            return credentials.UNNAMED
        if in_name or not credentials._shown(name, google):
            return f"parameter {position}"
        return name[:40]
    return None


@given(st.text(max_size=80), st.text(max_size=80), st.text(max_size=80))
def test_it_never_raises(host: str, path: str, query: str) -> None:
    credentials.find_credential(host, path, query)
    credentials.credential_in_host(host)
    credentials.credential_in_query(query)


@given(_queries() | st.text("abk=&+%-_.ey0AKIAsk-ghp_ ", max_size=60), st.booleans())
def test_the_whole_query_shortcut_answers_as_each_parameter_would(query: str, google: bool) -> None:
    found = credentials._in_query(query, google) if query else None
    shown = (found.name or f"parameter {found.position}") if found else None
    assert shown == (_reference(query, google) if query else None)


@given(_queries(), st.text("abc/;=_-.", max_size=30))
def test_a_reported_name_never_holds_a_credential(query: str, path: str) -> None:
    found = credentials.find_credential("evil.example.com", "/" + path, query)
    if found is not None:
        assert SECRET_FORMAT.search(found.name) is None
        assert all(token not in found.name for token in _TOKENS)


# A SigV4 presigned URL's own parameters, each with a value of its documented shape
# (docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html).
_SIGV4 = {
    "X-Amz-Algorithm": st.just("AWS4-HMAC-SHA256"),
    "X-Amz-Credential": st.sampled_from(
        ["AKIALALEMEL33243OLIB/20130524/us-east-1/s3/aws4_request",
         "ASIAIOSFODNN7EXAMPLE/20240101/eu-west-3/s3/aws4_request",
         "releaseassetproduction/20240101/us-east-1/s3/aws4_request"]
    ),
    "X-Amz-Date": st.from_regex(r"\A20[0-9]{6}T[0-9]{6}Z\Z"),
    "X-Amz-Expires": st.integers(1, 604800).map(str),
    "X-Amz-SignedHeaders": st.sampled_from(["host", "host;x-amz-content-sha256"]),
    "X-Amz-Security-Token": st.from_regex(r"\A[A-Za-z0-9+/]{100,300}={0,2}\Z"),
    "X-Amz-Signature": st.from_regex(r"\A[0-9a-f]{64}\Z"),
}  # fmt: skip


@given(st.fixed_dictionaries(_SIGV4))
def test_a_signed_urls_own_parameters_of_their_shapes_pass(values: dict[str, str]) -> None:
    query = "&".join(f"{n}={v.replace('+', '%2B')}" for n, v in values.items())
    assert credentials.find_credential("bucket.s3.amazonaws.com", "/f.txt", query) is None


@given(st.sampled_from(list(_SIGV4)), st.sampled_from(_TOKENS))
def test_a_known_format_in_a_signing_parameter_is_refused(name: str, token: str) -> None:
    """Only an AWS key ID in X-Amz-Credential's own shape is exempt, never another format."""
    values = {
        "X-Amz-Algorithm": "AWS4-HMAC-SHA256",
        "X-Amz-Credential": "AKIALALEMEL33243OLIB%2F20130524%2Fus-east-1%2Fs3%2Faws4_request",
        "X-Amz-Date": "20130524T000000Z",
        "X-Amz-Expires": "86400",
        "X-Amz-SignedHeaders": "host",
        "X-Amz-Security-Token": "AQoEXAMPLEH4aoAH0gNCAPy" * 6,
        "X-Amz-Signature": "aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404",
    } | {name: token}
    query = "&".join(f"{n}={v}" for n, v in values.items())
    if token.startswith("AKIA") and name == "X-Amz-Credential":
        query = query.replace(token, token + "%2F20130524%2Fus-east-1%2Fs3%2Faws4_request")
        assert credentials.find_credential("b.s3.amazonaws.com", "/f", query) is None
    else:
        assert credentials.find_credential("b.s3.amazonaws.com", "/f", query) is not None


@given(st.sampled_from(_TOKENS[:4]))
def test_a_token_beside_a_signature_is_still_refused(token: str) -> None:
    query = (
        "X-Amz-Signature=abc&X-Amz-Credential=AKIALALEMEL33243OLIB%2F20130524%2Fus-east-1"
        f"%2Fs3%2Faws4_request&note={token}"
    )
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
