"""Does a URL's query carry a credential? An agent must not ship one to an arbitrary site.

A URL the model asks to fetch goes to whatever host it names; a query parameter such as
`api_key=...` or a value shaped like a well-known token (`sk-...`, `ghp_...`, `AKIA...`, a JWT)
would hand that credential to the site. `credential_in_query` names the offending parameter
(never its value) so the refusal can say why; signed links (`X-Amz-Signature`, `sig`) are
capabilities for the site that issued them and are not refused.

Stdlib only; nothing here raises.
"""

from __future__ import annotations

import re
from urllib.parse import unquote_plus

#: Parameter names that only ever carry secrets (compared lower-case, `-` read as `_`).
SECRET_NAMES = frozenset(
    {
        "api_key", "apikey", "x_api_key", "api_secret", "apisecret", "access_token",
        "accesstoken", "refresh_token", "id_token", "auth_token", "authtoken", "bearer",
        "client_secret", "app_secret", "secret_key", "secretkey", "private_key",
        "private_token", "password", "passwd", "aws_secret_access_key", "session_token",
        "x_amz_security_token", "openai_api_key", "anthropic_api_key", "subscription_key",
        "x_goog_api_key",
    }
)  # fmt: skip

#: Values shaped like well-known credentials, whatever the parameter is called.
SECRET_VALUE = re.compile(
    r"\b(?:sk-(?:ant-|proj-)?[A-Za-z0-9_\-]{20,}"
    r"|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}"
    r"|xox[abposr]-[A-Za-z0-9\-]{10,}"
    r"|(?:AKIA|ASIA)[0-9A-Z]{16}"
    r"|AIza[0-9A-Za-z_\-]{35}"
    r"|glpat-[A-Za-z0-9_\-]{20,}"
    r"|[sr]k_(?:live|test)_[A-Za-z0-9]{16,}"
    r"|hf_[A-Za-z0-9]{30,}"
    r"|tvly-[A-Za-z0-9\-]{20,}"
    r"|eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,})"
)


def _decoded(text: str) -> str:
    if "%" not in text:  # what unquote_plus gives when there is no escape to decode
        return text.replace("+", " ")
    return unquote_plus(text, errors="replace")


def credential_in_query(query: str) -> str | None:
    """The name of the first parameter of `query` that looks like a credential, or None."""
    if not query:
        return None
    # Decoding only ever undoes "%" and "+": without them every name and value is a piece of
    # the query between "&"/"=" (stripping a name's edge spaces keeps a word boundary there),
    # and no SECRET_VALUE match can cross "&" or "=", so one search over the whole query
    # finds a match whenever the per-parameter searches would.
    scan_values = "%" in query or "+" in query or SECRET_VALUE.search(query) is not None
    for pair in query.split("&"):
        raw_name, _, raw_value = pair.partition("=")
        name = _decoded(raw_name).strip()
        if name.lower().replace("-", "_") in SECRET_NAMES and raw_value:
            return name[:40]
        if scan_values and (SECRET_VALUE.search(_decoded(raw_value)) or SECRET_VALUE.search(name)):
            return name[:40] or "(a value without a name)"
    return None
