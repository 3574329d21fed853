"""Site-scoped share trackers of Spotify, Twitter/X, LinkedIn, Reddit and YouTube.

Source of the names and their sites: DrKain/tidy-url `data/rules.js` @234e706 (MIT), the
entries "spotify.com" (`si`, on open.spotify.com), "twitter.com" (`s`), "linkedin.com"
(`trk`), "reddit.com" (`share_id`, `rdt`) and "youtube.com" (`feature`). X is Twitter's
new name: Brave scopes its Twitter names to both twitter.com and x.com (brave/brave-core
`components/query_filter/utils.cc` @4d9ded2, `ref_src`), and so are these.
The URL shapes are the ones each site's share button writes (the shapes tidy-url's issues
and its README show: `open.spotify.com/track/ID?si=`, `x.com/USER/status/ID?s=20`,
`www.reddit.com/r/SUB/comments/ID/SLUG/?share_id=...&rdt=...`, `youtube.com/watch?v=ID
&feature=shared`, `www.linkedin.com/in/NAME?trk=public_profile_browsemap`).
"""

from __future__ import annotations

import pytest

from webdistill.kernel.urls import UrlPolicy, check_url, strip_tracking


@pytest.mark.parametrize(
    ("url", "clean"),
    [
        (
            "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=3f2b8c1e0a4d4e7b",
            "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC",
        ),
        (
            "https://x.com/rustlang/status/1790000000000000000?s=20",
            "https://x.com/rustlang/status/1790000000000000000",
        ),
        (
            "https://twitter.com/rustlang/status/1790000000000000000?s=46",
            "https://twitter.com/rustlang/status/1790000000000000000",
        ),
        (
            "https://www.linkedin.com/in/some-name?trk=public_profile_browsemap",
            "https://www.linkedin.com/in/some-name",
        ),
        (
            "https://www.reddit.com/r/rust/comments/1abcde/borrowck/?share_id=Xy12AbCd&rdt=51234",
            "https://www.reddit.com/r/rust/comments/1abcde/borrowck/",
        ),
        (
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ&feature=shared",
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        ),
    ],
)
def test_share_trackers_are_stripped_on_their_sites(url: str, clean: str) -> None:
    assert strip_tracking(url) == clean
    assert check_url(url, UrlPolicy()).unwrap() == clean


@pytest.mark.parametrize(
    "url",
    [
        "https://docs.example.com/units?si=metric",  # `si` is content elsewhere
        "https://player.example.org/watch?v=7&t=90",  # a start time
        "https://search.example.net/?s=borrow+checker",  # WordPress's search parameter
        "https://jobs.example.com/apply?trk=7&feature=remote&share_id=1&rdt=2",
    ],
)
def test_the_same_names_on_other_sites_are_content(url: str) -> None:
    assert strip_tracking(url) == url


#: A TikTok "copy link" URL as published in a public README (search code corpus), with the
#: share suffix TikTok's web app appends (`is_from_webapp`, `sender_device`) and `_r`.
#: Names: tidy-url `data/rules.js` @234e706 (MIT) entry "tiktok.com". `lang` selects the
#: page's language: kept.
TIKTOK_SHARED = (
    "https://www.tiktok.com/@matscode/video/7548933674947857671"
    "?is_from_webapp=1&sender_device=pc&_r=1&lang=en"
)


def test_tiktok_share_suffix_is_stripped_on_tiktok_only() -> None:
    assert strip_tracking(TIKTOK_SHARED) == (
        "https://www.tiktok.com/@matscode/video/7548933674947857671?lang=en"
    )
    elsewhere = "https://example.org/app?sender_device=pc&_r=1"
    assert strip_tracking(elsewhere) == elsewhere
