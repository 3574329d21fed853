"""The `webdistill` command end to end: a subprocess against fake sites on 127.0.0.1.

Each subprocess runs under a loopback-only audit hook (tests/netguard_site), so a
refusal that failed to refuse could not reach the address it names.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import pytest

from tests.interfaces.sites import FIXTURES, LOOPBACK_ONLY_QUERY, local_env, run_cli, site_app
from tests.servers import serve
from webdistill.doors.cli.main import main

CLOSED_PORT_URL = "http://127.0.0.1:9/nothing-listens-here"


@pytest.fixture
async def site() -> AsyncIterator[str]:
    async with serve(site_app()) as base_url:
        yield base_url


def _no_leak(err: str) -> None:
    assert "test guard" not in err and "Traceback" not in err


async def test_search_prints_numbered_hits_with_clean_urls(site: str) -> None:
    ran = await run_cli("search", "tide pools", "--max-results", "5", env=local_env(site))
    assert ran.code == 0, ran.err
    assert '## Search: "tide pools"\nProvider: duckduckgo' in ran.out
    assert f"1. Tide pools of the north coast\n   {site}/article\n" in ran.out
    assert "2. Tide tables explained\n   https://guide.example/tides\n" in ran.out
    assert "utm_source" not in ran.out and "<<<" not in ran.out  # the CLI does not fence
    assert ran.err == ""


async def test_search_json_with_contents(site: str) -> None:
    ran = await run_cli(
        "search", LOOPBACK_ONLY_QUERY, "--include-content", "--json", env=local_env(site)
    )
    assert ran.code == 0, ran.err
    (outcome,) = json.loads(ran.out)["results"]
    assert outcome["provider"] == "duckduckgo"
    assert [hit["url"] for hit in outcome["hits"]] == [f"{site}/article"]
    (content,) = outcome["contents"]
    assert "hermit crabs" in content["page"]["content"].lower()


async def test_fetch_prints_markdown_and_paging_hint(site: str) -> None:
    ran = await run_cli("fetch", f"{site}/article", "--max-chars", "300", env=local_env(site))
    assert ran.code == 0, ran.err
    assert ran.out.startswith(f"## Tide pools of the north coast\nURL: {site}/article\n")
    assert "By: Ada Shore" in ran.out and "Tide pools form where the sea" in ran.out
    assert "Home | About" not in ran.out  # navigation is not content
    assert f"To read more run: webdistill fetch {site}/article --start-index " in ran.out


async def test_fetch_several_reports_each_item_and_the_first_failure(site: str) -> None:
    ran = await run_cli(
        "--json", "fetch", f"{site}/article", CLOSED_PORT_URL, "not a url", env=local_env(site)
    )
    assert ran.code == 4, ran.err  # the closed port (NETWORK_ERROR) fails first
    ok, refused, invalid = json.loads(ran.out)["results"]
    assert ok["page"]["title"] == "Tide pools of the north coast"
    assert refused["error"]["code"] == "NETWORK_ERROR"
    assert invalid["error"]["code"] == "INVALID_URL"
    assert ran.err == ""  # no progress spinner: stderr is not a terminal


async def test_fetch_metadata_and_private_addresses_are_blocked_without_connecting() -> None:
    ran = await run_cli(
        "fetch", "http://169.254.169.254/", "https://169.254.169.254/latest/meta-data/"
    )
    assert ran.code == 3
    assert ran.out.count("Error BLOCKED_URL:") == 2
    _no_leak(ran.err)
    allowed_private = local_env("http://127.0.0.1:1")
    ran = await run_cli("fetch", "http://169.254.169.254/latest/", env=allowed_private)
    assert ran.code == 3 and "metadata" in ran.out  # stays blocked even with private allowed
    _no_leak(ran.err)


async def test_fetch_network_failure_exits_4_with_a_clear_line() -> None:
    ran = await run_cli("fetch", CLOSED_PORT_URL, env=local_env("http://127.0.0.1:1"))
    assert ran.code == 4
    assert "Error NETWORK_ERROR:" in ran.out
    assert (
        ran.err == "webdistill: 1 of 1 URLs failed (first: NETWORK_ERROR); see the output above.\n"
    )


async def test_request_level_errors_exit_2_on_one_line() -> None:
    ran = await run_cli("fetch", *[f"https://a{i}.example/" for i in range(11)])
    assert ran.code == 2
    assert ran.out == ""
    assert ran.err.startswith("webdistill: INVALID_INPUT:") and ran.err.count("\n") == 1


async def test_provider_failure_exits_5(site: str) -> None:
    env = local_env(site, SEARXNG_URL=site)
    ran = await run_cli("search", "q", "--provider", "searxng", env=env)
    assert ran.code == 5
    assert "Error PROVIDER_UNAVAILABLE:" in ran.out
    _no_leak(ran.err)


async def test_compression_failure_exits_6(site: str) -> None:
    llm = {"WEB_COMPRESSOR": "llm", "WEB_LLM_BASE_URL": f"{site}/v1", "WEB_LLM_MODEL": "m"}
    args = ("fetch", f"{site}/article", "--compress", "--max-chars", "200")  # the page won't fit
    ran = await run_cli(*args, env=local_env(site, **llm))
    assert ran.code == 6
    assert "Error COMPRESSION_FAILED:" in ran.out and "--no-compress" in ran.out
    assert "compress=false" not in ran.out
    _no_leak(ran.err)


def test_provider_flag_overrides_the_setting(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("WEB_SEARCH_PROVIDER", "duckduckgo")
    assert main(["search", "q", "--provider", "none"]) == 2  # answered before any request
    assert "Error PROVIDER_NOT_CONFIGURED:" in capsys.readouterr().out


async def test_bad_setting_exits_2_naming_it() -> None:
    ran = await run_cli("search", "q", env={"WEB_SEARCH_PROVIDER": "altavista"})
    assert ran.code == 2
    assert "WEB_SEARCH_PROVIDER" in ran.err and "duckduckgo" in ran.err
    _no_leak(ran.err)


async def test_robots_txt_is_respected_when_asked(site: str) -> None:
    env = local_env(site, WEB_RESPECT_ROBOTS="true")
    ran = await run_cli("fetch", f"{site}/private/page", f"{site}/article", env=env)
    assert ran.code == 3
    assert f"Error BLOCKED_URL: The robots.txt of {site} disallows" in ran.out
    assert "Tide pools form where the sea" in ran.out


async def test_missing_robots_txt_allows_everything() -> None:
    async with serve(site_app(robots_txt=False)) as bare:
        env = local_env(bare, WEB_RESPECT_ROBOTS="true")
        ran = await run_cli("fetch", f"{bare}/private/page", env=env)
    assert ran.code == 0, ran.out
    assert "Tide pools form where the sea" in ran.out


async def test_config_masks_keys_and_lists_providers() -> None:
    env = {"BRAVE_API_KEY": "sk-secret-value-0123456789f", "WEB_SEARCH_PROVIDER": "auto"}
    ran = await run_cli("config", "--json", env=env)
    assert ran.code == 0, ran.err
    shown = json.loads(ran.out)
    assert shown["config"]["BRAVE_API_KEY"] == "sk-…9f"
    assert "secret" not in ran.out
    providers = {row["name"]: row for row in shown["providers"]}
    assert providers["brave"]["usable"] is True
    assert providers["tavily"]["usable"] is False and "TAVILY_API_KEY" in providers["tavily"]["why"]


def test_config_hides_passwords_in_urls(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("WEB_PROXY", "http://bob:hunter2@proxy.internal:3128")
    monkeypatch.setenv("WEB_PROVIDER_ENDPOINTS", "searxng=https://ann:s3cret@searx.internal")
    assert main(["config"]) == 0
    out = capsys.readouterr().out
    assert "hunter2" not in out and "s3cret" not in out
    assert "http://bob:***@proxy.internal:3128" in out


async def test_extract_reads_stdin_offline() -> None:
    html = (FIXTURES / "article.html").read_bytes()
    ran = await run_cli("extract", "-", "--url", "https://shore.example/tides", stdin=html)
    assert ran.code == 0, ran.err
    assert ran.out.startswith("# Tide pools of the north coast")
    assert "Copyright" not in ran.out
