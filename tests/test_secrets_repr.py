"""No `repr()` of a settings or endpoint object shows a key or a URL's credentials."""

from __future__ import annotations

from webdistill import Config
from webdistill.adapters.compress.llm import LlmSettings
from webdistill.adapters.compress.openai_chat import ChatEndpoint
from webdistill.adapters.http.settings import HttpSettings
from webdistill.adapters.providers.settings import ProviderSettings
from webdistill.adapters.readers.base import ReaderSettings

KEY = "sk-test-0123456789abcdefSECRET"
AUTH_URL = "https://admin:hunter2pass@search.example/?token=querysecret"


def _clean(text: str) -> None:
    for secret in (KEY, "hunter2pass", "querysecret"):
        assert secret not in text, text


def test_config_repr_hides_keys_and_url_credentials() -> None:
    config = Config(
        brave_api_key=KEY, tavily_api_key=KEY, exa_api_key=KEY, serper_api_key=KEY,
        llm_api_key=KEY, searxng_url=AUTH_URL, llm_base_url=AUTH_URL, proxy=AUTH_URL,
        provider_endpoints={"brave": AUTH_URL},
    )  # fmt: skip
    text = repr(config)
    _clean(text)
    assert "search.example" in text  # the URL is still recognisable


def test_adapter_settings_reprs_hide_keys() -> None:
    _clean(repr(ProviderSettings(brave_api_key=KEY, searxng_url=AUTH_URL,
                                 base_urls={"brave": AUTH_URL})))  # fmt: skip
    _clean(repr(LlmSettings(base_url=AUTH_URL, model="m", api_key=KEY)))
    _clean(repr(HttpSettings(proxy=AUTH_URL)))
    _clean(repr(ReaderSettings(name="jina", base_url=AUTH_URL, api_key=KEY)))
    endpoint = ChatEndpoint(
        base_url=AUTH_URL, model="m", api_key=KEY, timeout_s=1.0, max_output_tokens=1,
        temperature=0.0, retries=0, backoff_s=0.0,
    )  # fmt: skip
    _clean(repr(endpoint))


def test_llm_error_text_is_redacted_before_it_is_cut() -> None:
    from webdistill.adapters.compress.openai_chat import _http_failure

    endpoint = ChatEndpoint(
        base_url="http://127.0.0.1:9/v1", model="m", api_key=KEY, timeout_s=1.0,
        max_output_tokens=1, temperature=0.0, retries=0, backoff_s=0.0,
    )  # fmt: skip
    for pad in range(185, 200):  # the echoed key straddles the 200-character cut
        error = _http_failure(endpoint, 400, "e" * pad + " " + KEY, 1).failure()
        assert KEY[:6] not in error.message, pad
