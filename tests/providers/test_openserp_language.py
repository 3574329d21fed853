"""OpenSERP gets the region/script subtag of `language` in its format, or it is reported
(issue 28).

Source of OpenSERP's behaviour: karust/openserp @9f68086
- `core/region/region.go` ParseLocale: `lang` is read as `language[-COUNTRY]` ("pt-BR" ->
  pt, BR; `core/locale_test.go` "Pt-bR" -> pt, BR), so OpenSERP takes the variant;
- `google/url.go` googleLocale / googleDefaultCountryByLanguage: with no country from
  `lang` or `region`, "pt" -> gl=br and "zh" -> gl=cn.

webdistill sent only the first subtag (`lang=PT`, `lang=ZH`) and reported nothing, so
`language=pt-pt` was searched as Brazil and `language=zh-hant` as mainland China
(Simplified), while `unsupported` was empty.
"""

from __future__ import annotations

import pytest

from webdistill.adapters.providers import openserp
from webdistill.kernel import SearchQuery


@pytest.mark.parametrize("language", ["pt-pt", "zh-hant", "zh-hant-tw", "en-gb"])
def test_openserp_language_variant_is_sent_or_reported(language: str) -> None:
    query = SearchQuery("electric ferries", language=language)
    sent = openserp.params_for(query, 0, 10)
    subtag_kept = "-" in sent.get("lang", "") or "region" in sent
    reported = any(item.startswith("language") for item in openserp.unsupported(query))
    assert subtag_kept or reported, (sent, openserp.unsupported(query))


@pytest.mark.parametrize(("language", "not_a_language"), [("und", "UND"), ("sgn-de", "SGN")])
def test_openserp_gets_no_code_that_names_no_language(language: str, not_a_language: str) -> None:
    """`und` (undetermined) and `sgn` (sign languages) are no search language; every other
    provider reports them; OpenSERP's `lang` got them upper-cased with nothing reported."""
    query = SearchQuery("electric ferries", language=language)
    sent = openserp.params_for(query, 0, 10).get("lang")
    reported = any(item.startswith("language") for item in openserp.unsupported(query))
    assert sent != not_a_language or reported, (sent, openserp.unsupported(query))


@pytest.mark.parametrize(
    ("language", "region", "lang", "reported"),
    [
        ("pt-pt", None, "PT-PT", False),
        ("zh-hant", None, "ZH-TW", False),
        ("zh-hant", "cn", "ZH", True),
        ("es-419", None, "ES", True),
        ("de", "de", "DE", False),
    ],
)
def test_openserp_lang_is_language_dash_country(
    language: str, region: str | None, lang: str, reported: bool
) -> None:
    query = SearchQuery("electric ferries", language=language, region=region)
    assert openserp.params_for(query, 0, 10)["lang"] == lang
    assert any(item.startswith("language") for item in openserp.unsupported(query)) is reported
