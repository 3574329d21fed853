"""docs/security.md says what the code does, where the attacking review of issue 32 found it
silent: the hosted reader's share of a page read's time, and why JWTs in URLs pass."""

from __future__ import annotations

from pathlib import Path

import pytest
from returns.result import Failure, Success

from webdistill.kernel.urls import UrlPolicy, check_url

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "security.md").read_text(encoding="utf-8")

#: The example JWT of RFC 7519 section 3.1.
JWT = (
    "eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9"
    ".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ"
    ".dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
)


def test_the_time_item_covers_the_hosted_reader() -> None:
    item = DOC[DOC.index("- **Time**") : DOC.index("- **CPU and memory")]
    assert "WEB_READER" in item and "what is left" in item


def test_the_doc_says_jwts_are_not_secrets_by_shape() -> None:
    assert "JSON Web Tokens are deliberately not treated as secrets" in DOC


@pytest.mark.parametrize("name", ["token", "key", "invite"])
def test_a_jwt_under_a_link_name_passes_as_the_doc_says(name: str) -> None:
    assert isinstance(check_url(f"https://example.org/join?{name}={JWT}", UrlPolicy()), Success)


@pytest.mark.parametrize("name", ["access_token", "id_token", "password", "auth"])
def test_a_jwt_under_a_secret_name_is_refused_as_the_doc_says(name: str) -> None:
    assert isinstance(check_url(f"https://example.org/cb?{name}={JWT}", UrlPolicy()), Failure)
