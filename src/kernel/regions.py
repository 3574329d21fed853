"""One spelling of a query's region for every provider: ISO 3166-1 alpha-2, lower case.

ISO 3166-1 "exceptionally reserves" a few codes for a country that has another code; the
only one a user types for a country is `uk`, reserved at the United Kingdom's request (its
code is `gb`). Source: ISO 3166 Maintenance Agency, "Reserved code elements" (exceptional
reservations). Each provider maps the normalised code through its own list (Brave `GB`,
DuckDuckGo `uk-en`, Tavily "united kingdom", Google's `gl`).
"""

from __future__ import annotations

#: Exceptionally reserved code -> the country's ISO 3166-1 alpha-2 code.
ISO_EXCEPTIONAL = {"uk": "gb"}


def iso_region(region: str | None) -> str | None:
    """`region` lower-cased, an exceptionally reserved alias replaced by its ISO code."""
    if region is None:
        return None
    code = region.strip().lower()
    return ISO_EXCEPTIONAL.get(code, code)
