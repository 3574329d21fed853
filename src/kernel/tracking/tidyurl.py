"""Site-scoped tracking parameters of Amazon and Alibaba's shops and of the share links of
Spotify, Twitter/X, LinkedIn, Reddit, YouTube and TikTok, as data (for `urls.strip_tracking`).

Source: DrKain/tidy-url `data/rules.js` @234e706 (2024-06-15, package version 1.18.3),
entries "amazon.com" and "aliexpress.com", and of "spotify.com" (`si`), "twitter.com"
(`s`), "linkedin.com" (`trk`), "reddit.com" (`share_id`, `rdt`) and "youtube.com"
(`feature`) the share-link names only, and of "tiktok.com" its share-link names (their
other names, such as Reddit's `keyword` or `domain`, may select content). X is Twitter
renamed: Brave scopes its Twitter names to twitter.com and x.com alike (`tracking.brave`),
and so is `s` here. Licence: MIT,
Copyright (c) 2021 DrKain (the repository's LICENSE; the notice is kept here).
Names are compared in lower case.

Left out of tidy-url's lists because they select what the page shows (this package keeps
the parameters that select content): Amazon `keywords` (the search terms), `psc` (the
chosen product variant), `smid` (the chosen seller's offer), `rnid` (a browse refinement),
`colid`/`coliid` (a list and its item), `content-id`; AliExpress `productId`/`productIds`.

Taobao and Tmall: `spm` is the same Alibaba "Super Position Model" position code that
tidy-url strips on AliExpress (Alibaba Group's sites share it; it records where on which
page a link was clicked), so it is applied on those two sites as well (ours, not tidy-url's).

MIT License — Copyright (c) 2021 DrKain (https://github.com/DrKain). Permission is hereby
granted, free of charge, to any person obtaining a copy of this software and associated
documentation files (the "Software"), to deal in the Software without restriction,
including without limitation the rights to use, copy, modify, merge, publish, distribute,
sublicense, and/or sell copies of the Software, and to permit persons to whom the Software
is furnished to do so, subject to the following conditions: The above copyright notice and
this permission notice shall be included in all copies or substantial portions of the
Software. THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED.
"""

from __future__ import annotations

TIDY_AMAZON = frozenset(
    {
        "linkid", "tag", "linkcode", "ms3_c", "pf_rd_s", "pf_rd_t", "pf_rd_i", "pf_rd_m",
        "pd_rd_w", "qid", "sr", "dchild", "ref", "ref_", "pf_rd_r", "pf_rd_p", "pd_rd_r",
        "pd_rd_wg", "spla", "crid", "sprefix", "hvlocint", "hvdvcmdl", "hvptwo", "hvpone",
        "hvpos", "qu", "pd_rd_i", "nc2", "nc1", "trk", "sc_icampaign", "trkcampaign", "ufe",
        "sc_icontent", "sc_ichannel", "sc_iplace", "sc_country", "sc_outcome", "sc_geo",
        "sc_campaign", "sc_channel",
    }
)  # fmt: skip

TIDY_ALIEXPRESS = frozenset(
    {
        "_t", "spm", "algo_pvid", "algo_expid", "btsid", "ws_ab_test", "initiative_id",
        "origin", "widgetid", "tabtype", "gps-id", "scm", "scm_id", "scm-url", "pvid",
        "algo_exp_id", "pdp_pi", "fromrankid", "sourcetype", "utparam", "gatewayadapt",
        "_evo_buckets", "tpp_rcmd_bucket_id", "scenario", "pdp_npi", "tt", "spreadtype",
        "srcsns", "biztype", "social_params", "aff_fcid", "aff_fsk", "aff_platform",
        "aff_trace_key", "shareid", "platform", "businesstype", "terminal_id",
        "afsmartredirect", "sk", "gbraid",
    }
)  # fmt: skip

#: TikTok's share-link names (tidy-url's "tiktok.com" entry, matched on www.tiktok.com there,
#: applied to tiktok.com and its subdomains here). Left out as they may name what is shown:
#: `user_id`, `sec_user_id`, `sec_uid`, `source`, `refer`.
TIDY_TIKTOK = frozenset(
    {
        "is_copy_url", "is_from_webapp", "sender_device", "sender_web_id", "share_app_id",
        "share_item_id", "share_link_id", "social_sharing", "_r", "u_code", "tt_from",
        "share_author_id", "checksum", "_d", "enter_from", "enter_method", "attr_medium",
        "attr_source",
    }
)  # fmt: skip

#: (host pattern, names): the names are trackers on hosts the pattern matches (tidy-url's
#: own host patterns, anchored on a label boundary: `amazon.co.uk`, `www.amazon.de`,
#: `fr.aliexpress.com`; not `notamazon.com`).
TIDY_SCOPED: tuple[tuple[str, frozenset[str]], ...] = (
    (r"(?:^|\.)amazon\.(?:com?\.)?[a-z]{2,3}$", TIDY_AMAZON),
    (r"(?:^|\.)aliexpress\.[a-z]{2,}$", TIDY_ALIEXPRESS),
    (r"(?:^|\.)(?:taobao|tmall)\.com$", frozenset({"spm"})),
    (r"^open\.spotify\.com$", frozenset({"si"})),
    (r"(?:^|\.)(?:twitter|x)\.com$", frozenset({"s"})),
    (r"(?:^|\.)linkedin\.com$", frozenset({"trk"})),
    (r"(?:^|\.)reddit\.com$", frozenset({"share_id", "rdt"})),
    (r"(?:^|\.)youtube\.com$", frozenset({"feature"})),
    (r"(?:^|\.)tiktok\.com$", TIDY_TIKTOK),
)
