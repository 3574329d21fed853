"""Search hits keep the trackers the issue (#28) names: Amazon's pd_rd_*/pf_rd_*, ref_,
linkCode, tag, linkId and Alibaba/Taobao's spm reach the user's URL unchanged.

Tracker names: ClearURLs rules (ClearURLs/Rules data.min.json, provider "amazon":
`pd_rd_[a-z]*`, `pf_rd_[a-z]*`, `ref_?`, `linkCode`, `tag`, `linkId`...; "aliexpress" /
"taobao": `spm`), and the issue text itself. README: "search hits with tracking-free URLs".
Content-selecting parameters (YouTube v and t, Amazon's dp/ASIN path) must survive.
"""

from __future__ import annotations

import pytest

from tests.providers.open_28.scripted import scripted, search
from webdistill.kernel.urls import strip_tracking

AMAZON = (
    "https://www.amazon.com/Some-Product/dp/B0ABC12345?pd_rd_w=Xyz&pf_rd_p=abc&pd_rd_r=jkl"
    "&pd_rd_wg=GhI&ref_=pd_gw_ci_mcx_mr_hp_atf_m&linkCode=ll1&tag=someaff-20&linkId=abc123"
)
TAOBAO = "https://item.taobao.com/item.htm?id=123456&spm=a21bo.jianhua.201876.1"
ALIEXPRESS = "https://www.aliexpress.com/item/1005001.html?spm=a2g0o.home.0.0"
TRACKERS = ("pd_rd_w", "pf_rd_p", "pd_rd_r", "pd_rd_wg", "ref_", "linkCode", "tag", "linkId", "spm")


@pytest.mark.parametrize("url", [AMAZON, TAOBAO, ALIEXPRESS])
def test_strip_tracking_removes_the_trackers_the_issue_names(url: str) -> None:
    stripped = strip_tracking(url)
    query = stripped.partition("?")[2]
    names = {pair.split("=")[0] for pair in query.split("&") if pair}
    assert not names & set(TRACKERS), stripped
    assert "/dp/B0ABC12345" in stripped or "id=123456" in stripped or "1005001" in stripped


async def test_search_hits_carry_amazon_and_spm_trackers() -> None:
    urls = [AMAZON, TAOBAO, "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s&si=AbCdEfGh1234"]

    def answer(request, params, n):  # type: ignore[no-untyped-def]
        rows = [{"url": u, "title": f"T{i}", "content": "c", "engine": "google"}
                for i, u in enumerate(urls)]  # fmt: skip
        return 200, {"query": "electric ferries", "results": rows}

    async with scripted(answer) as (base, _seen):
        outcome = (await search("searxng", base, {"max_results": 5})).unwrap()[0]
    got = [hit.url for hit in outcome.hits]
    # YouTube holds: v and t kept, si gone
    assert "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s" in got
    leaking = [u for u in got if any(f"{t}=" in u for t in TRACKERS)]
    assert leaking == [], leaking
