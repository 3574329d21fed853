"""A fake provider / reader / LLM endpoint that answers 401 echoing every header, the URL and
the body it received, each written in one of the forms a real server may echo text in.

Forms (ECHO_MODE or `forms(mode, text)`): "raw"; "pct" (percent-encoded, as a URL echoed);
"b64" (base64, as headers echoed encoded); "b64-wrapped" (base64 cut in 76-character MIME
lines); "split" (7-character lines: a message wrapped by its server); "spaced" (a space
between every two characters); "upper"; "json" (JSON-escaped, `/` as `\\/`, `-` as
`\\u002d`); "html" (`-` and `_` as `&#45;` `&#95;`); "html-hex" (`&#x2d;`, `&lowbar;`).

Run as a module (`python -m tests.echo_server PORT`, ECHO_MODE / ECHO_STATUS from the
environment) for end-to-end tests through `python -m webdistill`; `echo_app` serves the same
in-process. Listens on 127.0.0.1 only.
"""

from __future__ import annotations

import base64
import json
import os
import sys
import urllib.parse

from aiohttp import web

MODES = (
    "raw", "pct", "b64", "b64-wrapped", "split", "spaced", "upper", "json", "html", "html-hex",
)  # fmt: skip


def forms(mode: str, text: str) -> str:
    """`text` written in form `mode`."""
    if mode == "pct":
        return urllib.parse.quote(text, safe="")
    if mode == "b64":
        return base64.b64encode(text.encode()).decode()
    if mode == "b64-wrapped":
        return base64.encodebytes(text.encode()).decode()
    if mode == "split":
        return "\n".join(text[i : i + 7] for i in range(0, len(text), 7))
    if mode == "spaced":
        return " ".join(text)
    if mode == "upper":
        return text.upper()
    if mode == "json":
        return json.dumps(text)[1:-1].replace("/", "\\/").replace("-", "\\u002d")
    if mode == "html":
        return text.replace("-", "&#45;").replace("_", "&#95;")
    if mode == "html-hex":
        return text.replace("-", "&#x2d;").replace("_", "&lowbar;")
    return text


def _credential(name: str) -> bool:
    return any(part in name.lower() for part in ("auth", "key", "token"))


#: Error envelopes, by whose they are: OpenAI-style (providers, the LLM endpoint), Jina
#: Reader's, Firecrawl's (as in tests/readers/test_reader_secrets.py).
ENVELOPES = {
    "error": lambda text: {"error": {"message": text}},
    "jina": lambda text: {
        "code": 401, "name": "AuthenticationRequiredError", "message": text,
        "readableMessage": text,
    },
    "firecrawl": lambda text: {"success": False, "error": text},
}  # fmt: skip


def echo_app(mode: str, status: int = 401, envelope: str = "error") -> web.Application:
    """An app answering `status` to anything, echoing the request in form `mode`, in the
    error envelope `envelope`."""

    async def handle(request: web.Request) -> web.Response:
        body = await request.text()
        # Credential-carrying headers first, so a cut of the echo cannot hide them.
        headers = sorted(request.headers.items(), key=lambda kv: not _credential(kv[0]))
        parts = [f"{k}: {v}" for k, v in headers]
        parts.append("url: " + str(request.rel_url))
        parts.append("body: " + body[:500])
        text = " | ".join(forms(mode, part) for part in parts)
        return web.json_response(ENVELOPES[envelope](text), status=status)

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handle)
    return app


if __name__ == "__main__":
    application = echo_app(
        os.environ.get("ECHO_MODE", "raw"), int(os.environ.get("ECHO_STATUS", "401"))
    )
    web.run_app(application, host="127.0.0.1", port=int(sys.argv[1]), print=None)
