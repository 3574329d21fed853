"""DuckDuckGo's list of tracking parameters, as data (used by `urls.strip_tracking`).

Source: duckduckgo/privacy-configuration `features/tracking-parameters.json`
("settings.parameters"), last changed @03358d9 (2026-02-20), read @58293df (2026-08-22).
Licence: Apache-2.0, Copyright 2010 Duck Duck Go, Inc. (the repository's LICENSE). Global
names, stripped on every site.
"""

from __future__ import annotations

DDG_TRACKING_PARAMETERS = frozenset(
    {
        "utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "gclid",
        "fbclid", "fb_action_ids", "fb_action_types", "fb_source", "fb_ref", "ga_source",
        "ga_medium", "ga_term", "ga_content", "ga_campaign", "ga_place", "action_object_map",
        "action_type_map", "action_ref_map", "gs_l", "mkt_tok", "hmb_campaign", "hmb_source",
        "hmb_medium",
    }
)  # fmt: skip
