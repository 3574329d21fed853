# This Source Code Form is subject to the terms of the Mozilla Public License, v. 2.0. If a
# copy of the MPL was not distributed with this file, You can obtain one at
# https://mozilla.org/MPL/2.0/. (The data below is Brave's; this file alone is under MPL-2.0.)
"""Brave's query-string filter, as data (used by `urls.strip_tracking`).

Source: brave/brave-core `components/query_filter/utils.cc` @4d9ded2
(kSimpleQueryStringTrackers, kConditionalQueryStringTrackers, kScopedQueryStringTrackers),
each entry justified there by a brave-browser issue. Licence: MPL-2.0 (The Brave Authors).
Scoped names are trackers only on their sites and subdomains (`si` selects nothing on
YouTube but may elsewhere); a conditional name is kept where the URL matches its pattern
(`mkt_tok` is needed by unsubscribe links).
"""

from __future__ import annotations

BRAVE_SIMPLE = frozenset(
    {
        "__hsfp", "__hssc", "__hstc", "__s", "_bhlid", "_branch_match_id", "_branch_referrer",
        "_gl", "_hsenc", "_kx", "_openstat", "at_recipient_id", "at_recipient_list", "bbeml",
        "bsft_clkid", "bsft_uid", "dclid", "et_rid", "fb_action_ids", "fb_comment_id",
        "fbclid", "gbraid", "gclid", "guce_referrer", "guce_referrer_sig", "hsctatracking",
        "irclickid", "mc_eid", "ml_subscriber", "ml_subscriber_hash", "msclkid", "mtm_cid",
        "oft_c", "oft_ck", "oft_d", "oft_id", "oft_ids", "oft_k", "oft_lk", "oft_sk",
        "oly_anon_id", "oly_enc_id", "pk_cid", "rb_clickid", "s_cid", "srsltid",
        "ss_email_id", "twclid", "unicorn_click_id", "vero_conv", "vero_id", "vgo_ee",
        "wbraid", "wickedid", "yclid", "ymclid", "ysclid",
    }
)  # fmt: skip

#: name -> a pattern; the name is kept when the whole URL matches the pattern.
BRAVE_CONDITIONAL = {
    "h_sid": "/email/",
    "h_slt": "/email/",
    "mkt_tok": "([uU]nsubscribe|emailWebview)",
}

#: name -> the sites (and their subdomains) where it is a tracker.
BRAVE_SCOPED = {
    "igsh": ("instagram.com",),
    "igshid": ("instagram.com",),
    "ref_src": ("twitter.com", "x.com"),
    "ref_url": ("twitter.com", "x.com"),
    "si": ("youtube.com", "youtu.be"),
}
