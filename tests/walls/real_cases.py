# ruff: noqa: E501  (real pages quoted as their sources wrote them: their lines are theirs)
"""Real wall pages and real ordinary pages (quoted from public sources named at each)."""

from __future__ import annotations

from pathlib import Path

from tests.walls.real_harness import Case

D = Path(__file__).parent / "real"
CF = {"Server": "cloudflare", "CF-RAY": "8f1e2d3c4b5a6978-CDG"}


def f(name: str) -> str:
    return (D / name).read_text(encoding="utf-8", errors="replace")


WALLS: list[Case] = []
for name in sorted(p.name for p in D.glob("*.html")):
    if name.startswith(("anorov_requested", "codemanki_page_with")):
        continue
    status = 403 if ("recaptcha" in name.lower() or "captcha" in name) else 503
    headers = dict(CF)
    if "sucuri" in name:
        status, headers = 200, {"Server": "Sucuri/Cloudproxy", "X-Sucuri-ID": "11005"}
    if "bfm" in name:
        status = 200
    WALLS.append(Case(name, f"fixture {name}", status, f(name), True, headers))

# ip.sb managed challenge (2023 generation, /cdn-cgi/styles/challenges.css), quoted in the
# README of a WARP-WireGuard relay project (code corpus); it answered 403.
IPSB = """<!DOCTYPE html>
<html lang="en-US">
<head><title>Just a moment...</title>
    <meta http-equiv="Content-Type" content="text/html; charset=UTF-8">
    <meta http-equiv="X-UA-Compatible" content="IE=Edge">
    <meta name="robots" content="noindex,nofollow">
    <meta name="viewport" content="width=device-width,initial-scale=1">
    <link href="/cdn-cgi/styles/challenges.css" rel="stylesheet">
</head>
<body class="no-js">
<div class="main-wrapper" role="main">
    <div class="main-content">
        <noscript>
            <div id="challenge-error-title">
                <div class="h2"><span class="icon-wrapper"><div class="heading-icon warning-icon"></div></span><span
                        id="challenge-error-text">Enable JavaScript and cookies to continue</span></div>
            </div>
        </noscript>
    </div>
</div>
<script>(function () {
    window._cf_chl_opt = {
        cvId: '2',
        cZone: "ip.sb",
        cType: 'managed',
        cNounce: 'REDACTED',
        cRay: 'REDACTED',
        cHash: 'REDACTED',
        cUPMDTk: "\\/?__cf_chl_tk=REDACTED"
    };
    var cpo = document.createElement('script');
    cpo.src = '/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1?ray=REDACTED';
    document.getElementsByTagName('head')[0].appendChild(cpo);
}());</script>
</body>
</html>"""
WALLS.append(
    Case(
        "cf managed ip.sb 403",
        "WARP-WireGuard relay README",
        403,
        IPSB,
        True,
        {**CF, "cf-mitigated": "challenge"},
    )
)
# Same page without the cf-mitigated header (older edges, or a proxy dropping it).
WALLS.append(Case("cf managed ip.sb 403 no cf-mitigated", "same", 403, IPSB, True, CF))

# chatgpt.com's branded managed challenge (cTplV:5, no <title>, OpenAI logo wrapper), recorded
# in a codex stderr log (code corpus); answered 403. Long tokens cut.
CHATGPT = """<html>
  <head>
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <style global>body{font-family:Arial,Helvetica,sans-serif}.container{align-items:center;display:flex;flex-direction:column;gap:2rem;height:100%;justify-content:center;width:100%}.logo{color:#8e8ea0}.data:empty{display:none}.data{border-radius:5px;color:#8e8ea0;text-align:center}</style>
  <meta http-equiv="refresh" content="360"></head>
  <body>
    <div class="container">
      <div class="logo">
        <svg width="41" height="41" viewBox="0 0 41 41" fill="none" xmlns="http://www.w3.org/2000/svg" strokeWidth="2" class="scale-appear"><path d="M37.5324 16.8707C37.9808 15.5241 38.1363 14.0974 37.9886 12.6859Z" fill="currentColor"/></svg>
      </div>
      <div class="data"><div class="main-wrapper" role="main"><div class="main-content"><noscript><div class="h2"><span id="challenge-error-text">Enable JavaScript and cookies to continue</span></div></noscript></div></div><script>(function(){window._cf_chl_opt = {cFPWv: 'b',cH: 'V9lgsxRh1Y3mjgygqge4OkznCbWkvloelNxKdXOkl9Q-1778901341-1.2.1.1-R',cITimeS: '1778901341',cRay: '9fc7382b1a94dcef',cTplB: '0',cTplC:1,cTplO:0,cTplV:5,cType: 'managed',cUPMDTk:"/backend-api/plugins/featured?platform=codex&__cf_chl_tk=s9.Cn_5Jhtjs8lqVxGy6P8tKzSNHj",cvId: '3',cZone: 'chatgpt.com',fa:"/backend-api/plugins/featured?platform=codex&__cf_chl_f_tk=s9.Cn",md: 'zBv9hW8lQhZ_n6DGyKf',mdrd: 'mvRVwka.bTypNv',};var a = document.createElement('script');a.src = '/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1?ray=9fc7382b1a94dcef';document.getElementsByTagName('head')[0].appendChild(a);}());</script></div>
    </div>
  </body>
</html>"""
WALLS.append(
    Case(
        "cf managed chatgpt branded 403",
        "codex stderr log (code corpus)",
        403,
        CHATGPT,
        True,
        {**CF, "cf-mitigated": "challenge"},
    )
)
WALLS.append(Case("cf managed chatgpt branded 403, no header", "same", 403, CHATGPT, True, CF))

# DataDome JS challenge as etsy.com served it: 403, Server: DataDome (scraper notes, code corpus).
ETSY_DD = """<html lang="en"><head><title>etsy.com</title><style>#cmsg{animation: A 1.5s;}@keyframes A{0%{opacity:0;}99%{opacity:0;}100%{opacity:1;}}</style></head>
<body style="margin:0">
  <p id="cmsg">Please enable JS and disable any ad blocker</p>
  <script data-cfasync="false">var dd={'rt':'c','cid':'AHrlqAAAAAMA1x2y3z','hsh':'D013AA0E9A3B5C5C0F8C8A66C4A3E1','t':'bv','s':17434,'e':'abc','host':'geo.captcha-delivery.com','cookie':'abc'}</script>
  <script data-cfasync="false" src="https://ct.captcha-delivery.com/c.js"></script>
</body></html>"""
WALLS.append(
    Case(
        "datadome etsy 403",
        "etsy scraper notes",
        403,
        ETSY_DD,
        True,
        {"Server": "DataDome", "X-DataDome": "protected", "X-DD-B": "2"},
    )
)
# The same DataDome page served 200 via a proxy that dropped headers (Web Unlocker test, code corpus).
WALLS.append(Case("datadome 200 no headers", "idealista web-unlocker test", 200, ETSY_DD, True, {}))
# monster.com DataDome captcha iframe (recorded in a Kotlin test, code corpus).
MONSTER_DD = """<html lang="en"><head><title>monster.com</title><style>#cmsg{animation: A 1.5s;}</style></head>
<body style="margin:0"><script data-cfasync="false">var dd={'rt':'c','host':'geo.captcha-delivery.com'}</script>
<script data-cfasync="false" src="https://ct.captcha-delivery.com/c.js"></script>
<iframe src="https://geo.captcha-delivery.com/captcha/?initialCid=AHrl&amp;t=fe" title="DataDome CAPTCHA" width="100%" height="100%"></iframe></body></html>"""
WALLS.append(Case("datadome monster 403", "Kotlin test", 403, MONSTER_DD, True, {}))

# AWS WAF challenge (amazon.de, 2011 bytes, quoted verbatim by an engine's notes): 202 +
# x-amzn-waf-action: challenge.
AWSWAF = """<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title></title>
  <script>
    window.awsWafCookieDomainList = [];
    window.gokuProps = {
      "key": "AQIDAHj...",
      "iv": "A6wUCgAhZgAB...",
      "context": "glDLQwA7fqdXeYzd6QoT..."
    };
  </script>
  <script src="https://1c5c1ecf7303.d474e66d.us-west-2.token.awswaf.com/1c5c1ecf7303/e2b2b1f1/challenge.js"></script>
</head>
<body>
  <div id="challenge-container"></div>
  <script>
    AwsWafIntegration.saveReferrer();
    AwsWafIntegration.checkForceRefresh().then((forceRefresh) => {
      if (forceRefresh) {
        AwsWafIntegration.forceRefreshToken().then(() => { window.location.reload(true); });
      } else {
        AwsWafIntegration.getToken().then(() => { window.location.reload(true); });
      }
    });
  </script>
  <noscript>
    <h1>JavaScript is disabled</h1>
    In order to continue, we need to verify that you're not a robot.
    This requires JavaScript. Enable JavaScript and then reload the page.
  </noscript>
</body>
</html>"""
WALLS.append(
    Case(
        "aws waf challenge 202",
        "amazon-de capture",
        202,
        AWSWAF,
        True,
        {"x-amzn-waf-action": "challenge", "Server": "CloudFront"},
    )
)
WALLS.append(Case("aws waf challenge 202 no header", "same", 202, AWSWAF, True, {}))
# AWS WAF CAPTCHA answering 405 (3rd.supply record, code corpus): title Human Verification.
AWSCAP = AWSWAF.replace("<title></title>", "<title>Human Verification</title>").replace(
    "challenge.js", "captcha.js"
)
WALLS.append(
    Case(
        "aws waf captcha 405",
        "3rd.supply record",
        405,
        AWSCAP,
        True,
        {"x-amzn-waf-action": "captcha"},
    )
)

# F5 BIG-IP ASM / NGINX App Protect "Request Rejected" (F5 lab docs, several repos).
F5 = """<html>
  <head>
    <title>Request Rejected</title>
  </head>
  <body>
    The requested URL was rejected. Please consult with your administrator.<br><br>
    Your support ID is: 4045204596866416688<br><br>
    <a href='javascript:history.back();'>[Go Back]</a>
  </body>
</html>"""
WALLS.append(Case("f5 request rejected 200", "F5 NAP lab README", 200, F5, True, {}))
WALLS.append(Case("f5 request rejected 403", "F5 NAP lab README", 403, F5, True, {}))

# SiteGround captcha: HTTP 202, `sg-captcha: challenge`, a meta refresh (several repos' notes).
SG = (
    '<html><head><link rel="icon" href="data:;"><meta http-equiv="refresh" '
    'content="0;/.well-known/sgcaptcha/?r=%2F&y=ipr:34.76.10.20:1789720000.123"></meta></head></html>'
)
WALLS.append(
    Case(
        "siteground sgcaptcha 202",
        "santafetrail / lectio notes",
        202,
        SG,
        True,
        {"sg-captcha": "challenge", "Server": "nginx"},
    )
)

# Vercel Security Checkpoint as captured in production (a Rust crawler's test notes the real page
# carries the "Website owner? Click here to fix" link), answered 429.
VERCEL = (
    "<html><body><h1>Vercel Security Checkpoint</h1><p>We're verifying your browser</p>"
    '<p><a href="https://vercel.link/security-checkpoint">Website owner? Click here to fix</a></p>'
    "</body></html>"
)
WALLS.append(
    Case(
        "vercel checkpoint 429",
        "crawler prod trace",
        429,
        VERCEL,
        True,
        {"Server": "Vercel", "x-vercel-mitigated": "challenge"},
    )
)
WALLS.append(Case("vercel checkpoint 403 no headers", "same", 403, VERCEL, True, {}))

# eBay's "Pardon Our Interruption" (Imperva/Distil heritage), as recorded by several scrapers, 200.
PARDON = (
    "<!doctype html><html><head><title>Pardon Our Interruption</title></head><body>"
    "<h1>Pardon Our Interruption...</h1><p>As you were browsing something about your browser "
    "made us think you were a bot.</p></body></html>"
)
WALLS.append(Case("pardon our interruption 200", "ebay / coles scrapers", 200, PARDON, True, {}))

ORDINARY: list[Case] = []
# hCaptcha on a French login form (PHP page's HTML part, code corpus id 24819082657).
ORDINARY.append(
    Case(
        "login hcaptcha (fr)",
        "connexion.php",
        200,
        """<!DOCTYPE html>
<html lang="fr">
<head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    <link rel="stylesheet" href="src/css/connexion.css">
    <title> Formulaire de connexion </title>
</head>
<body>
    <div class="formulaire_login">
        <form method="post" class="connexion" action="connexion.php">
            <h1> Connexion </h1>
            <div class="div_formulaire" action="connexion.php">
                <input type="text" class="form_input" placeholder="Adresse mail" name="mail" required>
            </div>
            <div class="div_formulaire">
                <input type="password" class="form_input" placeholder="Mot de passe" name="password" required>
            </div>
            <div class="h-captcha" data-sitekey="fe669db7-d4d2-4a64-88ca-f41f0e3b938c"></div>
            <input type="submit" value="connexion" class="form_button" name="valider">
        </form>
    </div>
</body>
</html>

<script src="https://hcaptcha.com/1/api.js" async defer></script>
""",
        False,
    )
)
# Japanese signup form with hCaptcha *and* Turnstile and the words "are you human?" (code corpus).
ORDINARY.append(
    Case(
        "signup hcaptcha+turnstile (ja)",
        "moto server registration form",
        200,
        """<html lang="ja"><head><title>アカウント登録</title><script src="https://js.hcaptcha.com/1/api.js" async defer></script><script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer></script></head><body><form method="post" action="/register"><div><label>ID</label><input id="moto_server_account_auth" type="text" class="inbox" name="moto_server_account_auth" value=""></div>
<div class="captcha_zone"><div class="p2">あなたは人間ですか？<br>もし人間であれば下のチェックボックスにチェックしてください！</div><div class="h-captcha" data-sitekey="10000000-ffff-ffff-ffff-000000000001"></div></div>
<div class="captcha_zone"><div class="cf-turnstile" data-sitekey="1x00000000000000000000AA" data-callback="javascriptCallback" data-language="ja"></div></div>
<button type="submit">登録</button></form></body></html>""",
        False,
    )
)
# Laravel login with Turnstile (blade rendered), code corpus id 156797345.
ORDINARY.append(
    Case(
        "login turnstile (laravel)",
        "laravel auth blade",
        200,
        """<!DOCTYPE html><html><head><title>Sign in</title><script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer></script></head><body><div class="min-h-screen"><h2>Sign in to your account</h2><form method="POST" action="/login"><input type="hidden" name="_token" value="abc"><div><input id="email" name="email" type="email" placeholder="Email address" value=""></div><div><input id="password" name="password" type="password" placeholder="Password"></div><div><div class="cf-turnstile" data-sitekey="0x4AAAAAAABkMYinukE8nzY"></div></div><div><button type="submit" class="group relative w-full">Sign in</button></div></form></div></body></html>""",
        False,
    )
)
# Spanish contact form with Turnstile and a note naming challenges.cloudflare.com.
ORDINARY.append(
    Case(
        "contact turnstile (es)",
        "contact blade",
        200,
        """<!DOCTYPE html><html lang="es"><head><title>Contacto</title></head><body><main><h1>Contacto</h1><form method="post" action="/contacto"><label>Nombre <input name="nombre"></label><label>Mensaje <textarea name="mensaje"></textarea></label><div class="cf-turnstile" data-sitekey="0x4AAAAAAAxyz"></div><script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer></script><button class="btn btn--ink" type="submit">Enviar mensaje</button></form></main></body></html>""",
        False,
    )
)
ORDINARY.append(
    Case(
        "google homepage w/ recaptcha",
        "codemanki page_with_recaptcha.html",
        200,
        f("codemanki_page_with_recaptcha.html"),
        False,
        {},
    )
)
ORDINARY.append(
    Case(
        "short success page",
        "anorov requested_page.html",
        200,
        f("anorov_requested_page.html"),
        False,
        CF,
    )
)
# The WARP relay README as a docs page (GitHub renders it): quotes the whole challenge in <pre>.
WARP = (
    "<html><head><title>WARP-WireGuard Relay</title></head><body><article><h1>WARP-WireGuard Relay</h1>"
    "<p>It's probably not a good idea to use this project on your VPS, because almost all VPS use IP addresses "
    "that are intended for data centers. Therefore, it's very likely that you will encounter a lot of CAPTCHAs "
    "(Cloudflare Turnstile) when you access websites through your relay server.</p>"
    "<p>Even the following command will trigger CAPTCHA:</p><pre><code>curl ip.sb</code></pre>"
    '<p>It fails with a 403 response:</p><pre><code class="language-html">'
    + IPSB.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    + "</code></pre><p>You don't want to solve CAPTCHA every time you access a website, do you?</p>"
    "</article></body></html>"
)
ORDINARY.append(
    Case("readme quoting cf challenge", "WARP-WireGuard relay README", 200, WARP, False, {})
)
# Docs page about DataDome quoting its challenge body (etsy scraper notes rendered).
ETSYDOC = (
    "<html><head><title>Etsy: bot detection</title></head><body><article><h2>Bot detection: DataDome</h2>"
    "<p>Etsy uses DataDome for every user-facing HTML endpoint.</p><h3>What you receive</h3><pre>HTTP 403 Forbidden\nServer: DataDome\nX-DataDome: protected</pre>"
    "<p>Body (816 bytes, a JavaScript challenge, not a hard block):</p><pre><code>"
    + ETSY_DD.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    + "</code></pre><p><code>'rt':'c'</code> means challenge.</p></article></body></html>"
)
ORDINARY.append(
    Case("docs about datadome quoting it", "etsy scraper notes", 200, ETSYDOC, False, {})
)
# F5 lab page quoting the Request Rejected block page.
F5DOC = (
    "<html><head><title>NGINX App Protect lab</title></head><body><h2>Step 5 - Test</h2><p>Now, let's try to send a malicious request to the application:</p>"
    '<pre>curl "http://webapp.f5demo.local/&lt;script&gt;"</pre><pre>'
    + F5.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    + "</pre><h2>Step 6 - Review Logs</h2><p>To review the logs login to Grafana and search with the support ID.</p></body></html>"
)
ORDINARY.append(Case("lab doc quoting f5 block", "F5 NAP lab README", 200, F5DOC, False, {}))
# Blog post about DataDome (entrptaher/gatsby-starter-netlify-cms, 2020-12-05), first paragraphs.
DDBLOG = (
    "<html><head><title>How strong is the Datadome?</title></head><body><article><h1>How strong is the Datadome?</h1>"
    "<p>Datadome is a Real-Time Bot Protection service. They are very proud of their bot detection technology and their blog has tons of information for the customers and scrapers.</p>"
    "<p>Big companies like TripAdvisor, Rakuten, classmates, Celio, Fnac, etc use Datadome to protect their website.</p>"
    "</article></body></html>"
)
ORDINARY.append(Case("blog about datadome", "entrptaher gatsby blog", 200, DDBLOG, False, {}))
# A 404 behind Cloudflare with Cloudflare's detections injected.
NF = (
    "<html><head><title>404 Not Found</title></head><body><center><h1>404 Not Found</h1></center><hr><center>nginx</center>"
    "<script>(function(){function c(){var b=a.contentDocument||a.contentWindow.document;if(b){var d=b.createElement('script');"
    "d.innerHTML=\"window.__CF$cv$params={r:'8f1e2d3c4b5a6978',t:'MTcwMDAwMDAwMA=='};var a=document.createElement('script');a.nonce='';"
    "a.src='/cdn-cgi/challenge-platform/scripts/jsd/main.js';document.getElementsByTagName('head')[0].appendChild(a);\";"
    "b.getElementsByTagName('head')[0].appendChild(d)}}var a=document.createElement('iframe');a.height=1;a.width=1;"
    "a.style.position='absolute';a.style.top=0;a.style.left=0;a.style.border='none';a.style.visibility='hidden';"
    "document.body.appendChild(a);c()})();</script></body></html>"
)
ORDINARY.append(
    Case("404 behind cloudflare with jsd", "cloudflare-injected jsd", 404, NF, False, CF)
)
ORDINARY.append(
    Case(
        "200 short page behind cloudflare with jsd",
        "same",
        200,
        NF.replace("404 Not Found", "Coming soon"),
        False,
        CF,
    )
)

# Kasada: 429, `x-kpsdk-ct` headers, a body that only loads ips.js (shape listed by a vendor
# detection table in the code corpus: "<head> containing ips.js, x-kpsdk-cd/x-kpsdk-cr, 429").
KASADA = (
    '<html><head><script src="/149e9513-01fa-4fb0-aad4-566afd725d1b/2d206a39-8ed7-437e-a3be-'
    '862e0f06eea3/ips.js?tkrm_alpekz_s1.3=0EOFte3LjRKv"></script></head><body></body></html>'
)
WALLS.append(
    Case(
        "kasada 429",
        "vendor table",
        429,
        KASADA,
        True,
        {"x-kpsdk-ct": "0aBcD", "x-kpsdk-r": "1-AA"},
    )
)
