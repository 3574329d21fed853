"""Attack (issue 25 item 4): a key a provider echoes back in another form reaches the model.

`without_secret` replaces exact occurrences only, and the error text is then normalised
(newlines folded into spaces): an echo wrapped over lines (7-character lines here) comes out
as `Kbrave SeCrEt- 0123456 789-abc defXYZ`, the whole key readable; an echo base64'd
(headers echoed encoded) or with HTML entities (`&#45;`) passes untouched. Seen the same
for Brave, Tavily, Exa, Serper and the LLM endpoint (COMPRESSION_FAILED).
"""

from __future__ import annotations

import base64
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

KEY = "KbraveSeCrEt-0123456789-abcdefXYZ"
HERE = Path(__file__).parent


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize("mode", ["split", "b64", "html"])
def test_echoed_key_in_another_form(mode: str, tmp_path: Path) -> None:
    port = _port()
    server = subprocess.Popen(
        [sys.executable, str(HERE / "echo_server.py"), str(port)],
        env={**os.environ, "ECHO_MODE": mode, "ECHO_STATUS": "401"},
    )
    try:
        for _ in range(50):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        env = {k: v for k, v in os.environ.items() if not k.startswith("WEB_") and not k.endswith("_API_KEY")}
        env.update(
            BRAVE_API_KEY=KEY, WEB_SEARCH_PROVIDER="brave", WEB_CACHE="memory",
            WEB_PROVIDER_ENDPOINTS=f"brave=http://127.0.0.1:{port}",
        )  # fmt: skip
        done = subprocess.run(
            [sys.executable, "-m", "webdistill", "--json", "search", "q"],
            env=env, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    finally:
        server.kill()
        server.wait()
    out = done.stdout + done.stderr
    assert "PROVIDER_AUTH_FAILED" in out, out
    flat = out.replace(" ", "").replace("&#45;", "-").replace("&#95;", "_")
    decoded = ""
    for word in flat.replace("|", " ").split():
        try:
            decoded += base64.b64decode(word + "==", validate=False).decode("latin-1")
        except Exception:
            pass
    assert KEY not in flat and KEY not in decoded, out
