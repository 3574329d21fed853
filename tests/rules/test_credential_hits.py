"""Search hits refused for a credential are counted under their own reason, and a host that
holds the credential is never shown as an example."""

from __future__ import annotations

from webdistill.kernel.hits import CREDENTIAL, PRIVATE, filter_hits
from webdistill.kernel.model import SearchQuery
from webdistill.kernel.urls import UrlPolicy

# gitleaks anthropic.go true positive (a fake key) and docs.github.com's gho_ example.
ANTHROPIC = (
    "sk-ant-api03-abc123xyz-456def789ghij-klmnopqrstuvwx-3456yza789bcde-1234fghijklmnopby56aaaog"
    "aopaaaabc123xyzAA"
)
GHO_DOCS = "gho_16C7e42F292c6912E7710c838347Ae178B4a"


def _row(url: str) -> dict[str, object]:
    return {"title": "t", "url": url, "snippet": "s"}


def test_credential_hits_get_their_own_reason_not_the_private_host_one() -> None:
    rows = [
        _row(f"https://leaky.example.com/?key={ANTHROPIC}"),
        _row("https://api.example.org/v1;api_key=abc123/items"),
        _row(f"https://{GHO_DOCS}.example.net/"),
        _row("https://10.0.0.1/"),
        _row("https://news.example.com/a"),
    ]
    filtered = filter_hits(rows, UrlPolicy(), SearchQuery("q"), 200).unwrap()
    assert [hit.url for hit in filtered.hits] == ["https://news.example.com/a"]
    removed = {item.reason: item for item in filtered.removed}
    assert set(removed) == {CREDENTIAL, PRIVATE}
    assert removed[CREDENTIAL].count == 3
    assert removed[CREDENTIAL].hosts == ("leaky.example.com", "api.example.org")
    assert removed[PRIVATE].count == 1
    shown = repr(filtered)
    assert ANTHROPIC not in shown and GHO_DOCS.lower() not in shown.lower()
