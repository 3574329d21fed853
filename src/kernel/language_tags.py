"""BCP 47 language tags as the search options take them: language, script, region.

A careful parser of the part of RFC 5646's `langtag` a search can use: a primary language
of 2-3 letters, an optional script (4 letters: `hant`, `latn`), an optional region (2
letters or 3 digits: `tw`, `419`), in that order, case-insensitive (`zh-Hant-TW`,
`sr-Latn-RS`, `es-419`, `pt_BR`). Extended languages, variants, extensions and private
use are not taken: no search provider has a parameter for them. (A library such as
`langcodes` would add a dependency and its data for a split this small.)

`script_of` says in which script a language is written in a region, after CLDR's likely
subtags, so a provider can tell when a region's locale would swap the script the caller
asked for (`zh-hant` with region `cn` is Simplified Chinese at DuckDuckGo and SearXNG).
"""

from __future__ import annotations

import re

import attrs

from webdistill.kernel.own_text import OwnText, echo_quoted, name, own

_TAG = re.compile(r"([a-z]{2,3})(?:-([a-z]{4}))?(?:-([a-z]{2}|[0-9]{3}))?")

#: Language -> (its script by default, {region: another script}) for the languages whose
#: script depends on the region. Source: Unicode CLDR `likelySubtags` (unicode-org/cldr
#: `common/supplemental/likelySubtags.xml`, as in cldr-json `likelySubtags.json`):
#: zh -> zh-Hans-CN, zh-Hant -> zh-Hant-TW, zh-HK/-MO/-TW/... -> zh-Hant-*;
#: sr -> sr-Cyrl-RS, sr-ME/-RO/-RU/-TR -> sr-Latn-*. Licence: Unicode License v3.
_ZH_HANT_REGIONS = (
    "au", "bn", "gb", "gf", "hk", "id", "mo", "my", "pa", "pf", "ph", "sr", "th", "tw", "us",
    "vn",
)  # fmt: skip
LIKELY_SCRIPTS: dict[str, tuple[str, dict[str, str]]] = {
    "zh": ("hans", dict.fromkeys(_ZH_HANT_REGIONS, "hant")),
    "sr": ("cyrl", dict.fromkeys(("me", "ro", "ru", "tr"), "latn")),
}


@attrs.frozen
class LanguageTag:
    """A parsed language tag, lower case: `language`, and `script`/`region` or None."""

    language: str
    script: str | None = None
    region: str | None = None

    @property
    def text(self) -> str:
        """The tag as written in lower case (`zh-hant-tw`)."""
        return "-".join(part for part in (self.language, self.script, self.region) if part)


def parse_language(tag: str) -> LanguageTag | None:
    """`tag` split into its subtags, or None when it is not a tag this package takes."""
    match = _TAG.fullmatch(tag.strip().lower().replace("_", "-"))
    if match is None:
        return None
    language, script, region = match.groups()
    return LanguageTag(language=language, script=script, region=region)


def script_of(language: str, region: str | None) -> str | None:
    """The script `language` is written in in `region` (CLDR), or None when it does not
    depend on the region."""
    likely = LIKELY_SCRIPTS.get(language)
    if likely is None:
        return None
    default, by_region = likely
    return by_region.get(region or "", default)


def swapped_by_region(tag: LanguageTag, region: str | None) -> OwnText | None:
    """Why searching `tag` in `region`'s locale would not give what the tag asks for (its
    own region or script differs from the region's), or None when it would: own words
    around the caller's tag and region (echoed) and CLDR's script names (`name`)."""
    if region is None:
        return None
    if tag.region is not None and tag.region != region:
        return own(
            "{} asks for region {}, not {}",
            echo_quoted(tag.text),
            echo_quoted(tag.region.upper()),
            echo_quoted(region.upper()),
        )
    if tag.script is not None:
        written = script_of(tag.language, region)
        if written is not None and written != tag.script:
            return own(
                "{} is written in {}, not the {} script {} asks for",
                echo_quoted(f"{tag.language}-{region.upper()}"),
                name(written.title(), "another script"),
                name(tag.script.title(), "another script"),
                echo_quoted(tag.text),
            )
    return None
