"""Issue 28 attack (tracking parameters on real shared links): a TikTok "copy link" URL as
published in a public README (search code corpus: `?is_from_webapp=1&sender_device=pc&
web_id=...`, the standard TikTok web share suffix). `web_id` is a per-browser identifier;
`is_from_webapp` / `sender_device` select no content. They survive `shown_url`, so two
shares of one video are two hits and the identifier reaches the server on a read.
"""

from __future__ import annotations

from webdistill.kernel.hits import hit_policy, shown_url
from webdistill.kernel.urls import UrlPolicy

SHARED = (
    "https://www.tiktok.com/@matscode/video/7548933674947857671"
    "?is_from_webapp=1&sender_device=pc&web_id=7517615038972544518"
)


def test_tiktok_share_suffix_is_stripped() -> None:
    shown = shown_url(SHARED, hit_policy(UrlPolicy())).unwrap()
    assert shown == "https://www.tiktok.com/@matscode/video/7548933674947857671", shown
