"""Bot walls are told from ordinary pages that carry a captcha widget or a vendor's script.

Real pages: tests/walls/fixtures (SOURCES.md names each file's repository and licence). The
vendor pages written inline below are the vendors' own generated pages as recorded in public
repositories (named at each), cut to what identifies them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from webdistill.adapters.extract.html.reader import extract_html
from webdistill.adapters.http.walls import SAMPLE_BYTES, wall_from_body, wall_from_headers

FIXTURES = Path(__file__).parent / "fixtures"


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8", errors="replace")


#: Imperva's script as an ordinary page behind it carries it (ziplokk1/incapsula-cracker-py3,
#: tests/whoscored/whoscored-index_unblocked.html, Unlicense).
IMPERVA_SCRIPT = (
    '<script type="text/javascript">(function() { var _analytics_scr = '
    "document.createElement('script'); _analytics_scr.type = 'text/javascript'; "
    "_analytics_scr.async = true; _analytics_scr.src = "
    "'/_Incapsula_Resource?SWJIYLWA=2977d8d74f63d7f8fedbea018b7a1d05&ns=2'; })();</script>"
)
#: DataDome's tag with its client key, as its integration guide has sites embed it.
DATADOME_TAG = (
    "<script>window.ddjskey = 'A55FBF4311ED6F1BF9911EB71931D5'; window.ddoptions = {};</script>"
    '<script src="https://js.datadome.co/tags.js" async></script>'
)

ORDINARY = {
    "recaptcha v2 demo form": fixture("ordinary_recaptcha_v2_berstend.html"),
    "recaptcha v3 demo form": fixture("ordinary_recaptcha_v3_berstend.html"),
    "recaptcha enterprise demo form": fixture("ordinary_recaptcha_enterprise_berstend.html"),
    # A login page: reCAPTCHA v2 widget (esborges/reCaptchaDemo loginView.jsp, rendered).
    "login with recaptcha": (
        "<html><head><title>Login</title><script src='https://www.google.com/recaptcha/api.js'>"
        '</script></head><body><h3>Login:</h3><form name="loginForm" method="POST" '
        'action="doLogin"><table><tr><td>User Name</td><td><input type="text" '
        'name="userName" /></td></tr><tr><td>Password</td><td><input type="password" '
        'name="password" /></td></tr></table><p>Please verify you are human.</p>'
        '<div class="g-recaptcha" data-sitekey="6LemYRcTAAAAAAfNkB-MaHkytxNuCipRG8qPC110">'
        '</div><input type="submit" value="Submit" /></form></body></html>'
    ),
    # A sign-up form with hCaptcha (hCaptcha's documented embed).
    "sign-up with hcaptcha": (
        '<html><head><title>Sign up</title><script src="https://js.hcaptcha.com/1/api.js" '
        'async defer></script></head><body><form action="/signup" method="POST">'
        '<input type="email" name="email"><div class="h-captcha" '
        'data-sitekey="10000000-ffff-ffff-ffff-000000000001"></div>'
        '<input type="submit" value="Create account"></form></body></html>'
    ),
    # A status page with an inactive (invisible) reCAPTCHA on its subscribe button.
    "status page": (
        "<html><head><title>Example Status</title><script "
        'src="https://www.google.com/recaptcha/api.js?render=explicit"></script></head><body>'
        "<h1>All Systems Operational</h1><p>API: Operational</p><p>Website: Operational</p>"
        '<div class="g-recaptcha" data-size="invisible"></div></body></html>'
    ),
    "short page behind Imperva": (
        "<html><head><title>Fixtures</title></head><body><h1>Fixtures</h1>"
        f"<p>No matches today.</p>{IMPERVA_SCRIPT}</body></html>"
    ),
    "app shell naming a DataDome key": (
        f'<html><head><title>Shop</title>{DATADOME_TAG}</head><body><div id="__next"></div>'
        '<script id="__NEXT_DATA__" type="application/json">{"props":{"ddKey":'
        '"A55FBF4311ED6F1BF9911EB71931D5"}}</script></body></html>'
    ),
    # Cloudflare's JavaScript detections, injected into ordinary pages of its sites.
    "page with Cloudflare's detections": (
        "<html><head><title>Notes</title></head><body><p>Short note.</p><script>(function(){"
        "window['__CF$cv$params']={r:'8f1e2d3c4b5a6978',t:'MTcwMDAwMDAwMA=='};var a="
        "document.createElement('script');a.src='/cdn-cgi/challenge-platform/h/b/scripts/jsd/"
        "e0c90b6a3ed1/main.js';document.getElementsByTagName('head')[0].appendChild(a);})();"
        '</script><script src="https://challenges.cloudflare.com/turnstile/v0/api.js">'
        "</script></body></html>"
    ),
}

WALLS = {
    "cloudflare js challenge": (fixture("wall_cloudflare_jschl_anorov.html"), "cloudflare"),
    "cloudflare access denied": (
        fixture("wall_cloudflare_access_denied_codemanki.html"), "cloudflare"),
    "cloudflare bot fight mode": (fixture("wall_cloudflare_bfm_venomous.html"), "cloudflare"),
    "sucuri": (fixture("wall_sucuri_codemanki.html"), "sucuri"),
    "anubis proof of work": (fixture("wall_anubis_template.html"), "anubis"),
    # Akamai's 403 as www2.hm.com served it (recorded in a public Go test of an H&M checker).
    "akamai access denied": (
        "<html><head>\n<title>Access Denied</title>\n</head><body>\n<h1>Access Denied</h1>\n"
        "You don't have permission to access \"http://www2.hm.com/it_it/productpage.html\" on "
        "this server.<p>\nReference #18.bc1f1602.1786122111.32343e34\n</p></body></html>",
        "akamai"),
    # CloudFront's "Request blocked" (AWS WAF block action), as recorded by several projects.
    "cloudfront request blocked": (
        '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"><HTML><HEAD><TITLE>'
        "ERROR: The request could not be satisfied</TITLE></HEAD><BODY><H1>403 ERROR</H1><H2>"
        "The request could not be satisfied.</H2><HR noshade size=\"1px\">Request blocked. We "
        "can't connect to the server for this app or website at this time.<BR clear=\"all\">"
        "<HR noshade size=\"1px\"><PRE>Generated by cloudfront (CloudFront)\nRequest ID: "
        "x1Y2z3</PRE></BODY></HTML>", "aws-waf"),
    # Imperva's block: the incident iframe (as recorded by a public KRS-registry probe).
    "imperva incident": (
        '<html style="height:100%"><head><META NAME="ROBOTS" CONTENT="NOINDEX, NOFOLLOW">'
        '<script type="text/javascript" src="/_Incapsula_Resource?SWJIYLWA=719d34d31c8e">'
        '</script></head><body><iframe id="main-iframe" src="/_Incapsula_Resource?SWUDNSAI=31">'
        "Request unsuccessful. Incapsula incident ID: 1848000740416814348</iframe></body></html>",
        "imperva"),
    # PerimeterX's block page as adorama.com served it (silverfoxy/JSCryptoMinerStudy).
    "perimeterx": (
        "<html><head><title>Access to this page has been denied.</title></head><body>"
        "<h1>Please verify you are a human</h1><div id=\"px-captcha\"></div><p>Access to this "
        "page has been denied because we believe you are using automation tools to browse the "
        "website.</p><script>window._pxAppId = 'PXTY0eJULE';</script></body></html>",
        "perimeterx"),
    # A visitor check of no named vendor, answered with 200 (The Sun's feed, as recorded).
    "visitor check": (
        '<!DOCTYPE html><html lang="en"><head><title>Verifying Device</title>'
        '<link rel="stylesheet" href="/toadmash-1.0.11.css"></head><body><div class="box">'
        "<p>Verifying your device, please wait…</p></div><script src=\"/toadmash-1.0.11.js\">"
        "</script></body></html>", "unknown"),
    # F5 BIG-IP ASM / NGINX App Protect's block page (F5's NGINX App Protect lab README).
    "f5 request rejected": (
        "<html><head><title>Request Rejected</title></head><body>The requested URL was "
        "rejected. Please consult with your administrator.<br><br>Your support ID is: "
        "4045204596866416688<br><br><a href='javascript:history.back();'>[Go Back]</a>"
        "</body></html>", "f5"),
    # SiteGround's captcha answer: only a refresh to its captcha (notes in real_cases.py).
    "siteground captcha": (
        '<html><head><link rel="icon" href="data:;"><meta http-equiv="refresh" content="0;'
        '/.well-known/sgcaptcha/?r=%2F&y=ipr:34.76.10.20:1789720000.123"></meta></head></html>',
        "siteground"),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(ORDINARY))
def test_an_ordinary_page_with_a_widget_or_vendor_script_is_no_wall(name: str) -> None:
    page = ORDINARY[name]
    assert wall_from_body(page.encode()) is None
    assert "challenge" not in extract_html(page).flags


@pytest.mark.parametrize("name", sorted(WALLS))
def test_a_wall_is_reported_with_its_vendor(name: str) -> None:
    page, vendor = WALLS[name]
    assert wall_from_body(page.encode()) == vendor
    document = extract_html(page)
    assert "challenge" in document.flags


def test_a_wall_named_by_no_marker_takes_the_vendor_from_the_headers() -> None:
    page = "<html><head><title>Just a moment...</title></head><body></body></html>"
    assert wall_from_body(page.encode()) == "unknown"
    assert wall_from_body(page.encode(), {"Server": "AkamaiGHost"}) == "akamai"


def test_markers_far_into_a_big_block_page_are_found() -> None:
    """A Cloudflare custom block page carries its markers after ~320 KB of the site's styles."""
    styles = "<style>" + ".x{color:red}\n" * (320_000 // 14) + "</style>"
    page = (
        f"<html><head><title>Example</title>{styles}</head><body><p>Blocked.</p>"
        "<script>window._cf_chl_opt={cvId:'3',cType:'managed'};</script></body></html>"
    )
    assert len(page.encode()) > 320_000 and len(page.encode()) < SAMPLE_BYTES
    assert wall_from_body(page.encode()) == "cloudflare"


def test_siteground_and_kasada_walls_are_named_by_their_headers() -> None:
    """SiteGround's captcha answers 202 with `sg-captcha: challenge` (tests/walls/real_cases.py
    names the notes it comes from); Kasada's answers 429 with its `x-kpsdk-*` headers, which
    its successful answers carry too: they name a wall only on a refusal."""
    assert wall_from_headers({"SG-Captcha": "challenge", "Server": "nginx"}) == "siteground"
    kasada = {"x-kpsdk-ct": "0aBcD", "x-kpsdk-r": "1-AA"}
    assert wall_from_headers(kasada, refusal=True) == "kasada"
    assert wall_from_headers(kasada) is None


def test_a_quoted_wall_in_escaped_html_outside_pre_is_no_wall() -> None:
    """Escaped HTML in ordinary text (a comment quoting a body) is quoted, not the page's own."""
    quoted = fixture("wall_cloudflare_jschl_anorov.html")
    escaped = quoted.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    page = f"<html><head><title>Ask</title></head><body><div>{escaped}</div></body></html>"
    assert wall_from_body(page.encode()) is None
