"""Edges of the credential rule's fixes (issue 25 item 5, after the attack): what a signing
scheme exempts and what it never does, names that hold a secret, and what the new decoders
must not refuse.

Shapes and their sources: Foursquare's API docs (developer.foursquare.com, v2 "Authentication":
`?oauth_token=ACCESS_TOKEN&v=YYYYMMDD`, an OAuth 2 bearer token); bunny.net's token
authentication example (docs.bunny.net cdn-token-authentication-basic); Fastly's
token-functions README; AWS SigV4 docs' example credential; gitleaks' twilio.go and
aws.go fixtures; the GitHub docs gho_ example.
"""

from __future__ import annotations

import pytest
from returns.pipeline import is_successful

from webdistill.kernel.credentials import credential_in_query
from webdistill.kernel.urls import UrlPolicy, check_url

POLICY = UrlPolicy()
SINK = "https://collect.example.net"
GHO = "gho_16C7e42F292c6912E7710c838347Ae178B4a"  # docs.github.com OAuth apps example
TWILIO = "SK0123456789abcdef0123456789abcdef"  # gitleaks twilio.go shape (fake body)
SCOPE = "%2F20130524%2Fus-east-1%2Fs3%2Faws4_request"  # AWS SigV4 docs example scope


def _refused(url: str) -> bool:
    return not is_successful(check_url(url, POLICY))


@pytest.mark.parametrize(
    "url",
    [
        # an OAuth 2 bearer under oauth_token, away from an authorization endpoint
        "https://api.foursquare.com/v2/users/self?oauth_token=QEJ4AQPTMMNB413HGNZ5YDMJSHTOHZHMLZCAQCCLXIX41OMP&v=20140806",
        # a token of bunny.net's shape carrying a known format instead of an MD5
        f"https://test.b-cdn.net/a.ico?token={GHO}&expires=1456761770",
        # Fastly's `token` name without its <expiry>_<hmac> shape
        f"{SINK}/foo?token=9f86d081884c7d659a2feaa0c55ad015f86d0818",
        # a Twilio key where SigV4 puts its access key ID
        f"{SINK}/f?X-Amz-Signature=1&X-Amz-Credential={TWILIO}{SCOPE}",
        # a short random value as a SigV4 security token (an STS token is base64, hundreds long)
        f"{SINK}/f?X-Amz-Signature=1&X-Amz-Security-Token=9f86d081884c7d659a2feaa0c55ad015",
        # the OAuth 1.0a token *secret* is never part of the authorization redirect
        f"{SINK}/oauth/authorize?oauth_token=Z6eEdO8MOmk394Wo&oauth_token_secret=Kd75W4OQfb2oJTV0vzGzeXftVAwgMnEK9MumzYcM",
    ],
)  # fmt: skip
def test_a_scheme_never_exempts_what_is_not_its_own_shape(url: str) -> None:
    assert _refused(url), url


@pytest.mark.parametrize(
    "url",
    [
        f"{SINK}/f?X-Amz-Signature=1&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE{SCOPE}",
        "https://test.b-cdn.net/a.ico?token=m0EMEkV3pNAKFB33gZuv_Q&expires=1456761770",
        "https://media.example.com/foo/bar.html?token=1441307151_4492f25946a2e8e1414a8bb53dab8a6ba1cf4615",
        "https://www.tumblr.com/oauth/authorize?oauth_token=Z6eEdO8MOmk394WozF5oKyuAv855l4Mlqo7hhlSLik",
    ],
)  # fmt: skip
def test_each_scheme_in_its_own_shape_passes(url: str) -> None:
    assert not _refused(url), check_url(url, POLICY).failure().message


@pytest.mark.parametrize(
    ("url", "parameter"),
    [
        (f"{SINK}/c?a=1&token_AKIAIOSFODNN7EXAMPLE=x", "parameter 2"),
        (f"{SINK}/c?q=1;password_9f86d081884c7d659a2feaa0c55ad015=1", "parameter 2"),
        (f"{SINK}/v1/secret_9f86d081884c7d659a2feaa0c55ad015=abc", "path segment 2"),
        (f"{SINK}/c?password=hunter2", "password"),
    ],
)
def test_a_name_holding_a_secret_is_named_by_its_position(url: str, parameter: str) -> None:
    error = check_url(url, POLICY).failure()
    assert error.detail["parameter"] == parameter, error.message
    assert "9f86d0818" not in error.message and "AKIAIOSFODNN7" not in error.message


def test_credential_in_query_names_a_secret_name_by_position() -> None:
    assert credential_in_query("a=1&x_sk_live_4eC39HqLyjWDarjtT1zdp7dc=1") == "parameter 2"


@pytest.mark.parametrize(
    "url",
    [
        # base64 values that decode to text without a format (Zoom's pwd, Slack's cursor)
        "https://us02web.zoom.us/j/85212345678?pwd=aXN6VUJvZ3hzWEdOSlBqTTdGbkZpdz09",
        "https://slack.com/api/conversations.list?cursor=dXNlcjpVMDYxTkZUVDI%3D&limit=200",
        # JSON in a parameter whose members are not secrets (Teams' context)
        "https://teams.microsoft.com/l/meetup-join/x/0?context=%7b%22Tid%22%3a%2272f988bf%22%7d",
        # a search for the words, not a header value
        "https://duckduckgo.com/?q=basic+authentication+header",
        # ';' inside a value is not a separator of a secret
        "https://example.com/?q=a;b&page=2",
    ],
)
def test_the_new_decoders_leave_ordinary_links_alone(url: str) -> None:
    assert not _refused(url), check_url(url, POLICY).failure().message
