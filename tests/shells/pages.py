"""Fixture pages in the shape real app shells and bot walls are served in.

Shapes (written for these tests, not copied from any site):
- Next.js pages router: `<div id="__next"></div>` then
  `<script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":...},"page":...,
  "query":...,"buildId":...,"isFallback":false,"gsp":true,"scriptLoader":[]}</script>`, as
  Next.js 12-14 emit it (and scrapers of it read it: props.pageProps);
- Next.js app router: `<script>self.__next_f.push([1,"<RSC line>"])</script>` chunks whose RSC
  lines hold `["$","p",null,{"children":"..."}]` elements;
- Nuxt 3: `<script type="application/json" id="__NUXT_DATA__" data-ssr="true">` holding a
  devalue-flattened array (`[["ShallowReactive",1],{"data":2,...},...]`);
- Nuxt 2: `<script>window.__NUXT__=(function(a,b){return {layout:"default",data:[...]}}
  ("...","..."));</script>`;
- JSON-LD `NewsArticle` with `articleBody`, on a page whose body is rendered by a script;
- Cloudflare's managed challenge (403, `cf-mitigated: challenge`, "Just a moment...",
  `window._cf_chl_opt`, `/cdn-cgi/challenge-platform/`), DataDome's 403 with a
  `captcha-delivery.com` iframe.
"""

from __future__ import annotations

import json
import random

PARAGRAPHS = [
    "Tide pools are rocky pools on the sea shore, filled with sea water when the tide goes "
    "out. Many animals live in them: sea stars, anemones, crabs and small fish.",
    "Each pool is a small world of its own, and the water in it warms in the sun and cools "
    "at night, so the life in it must bear wide swings of temperature and salt.",
    "Walk softly, turn rocks back the way you found them, and never take animals home with "
    "you; the pool is their home and the next visitor's wonder.",
]
ARTICLE_HTML = "".join(f"<p>{p}</p>" for p in PARAGRAPHS)

_HEAD = """<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>
<meta name="viewport" content="width=device-width"/>
<title>Life in the tide pools | Shore Notes</title>
<link rel="preload" href="/_next/static/css/4f3a1c2b.css" as="style"/>
<link rel="stylesheet" href="/_next/static/css/4f3a1c2b.css" data-n-g=""/>
<noscript data-n-css=""></noscript>
<script defer="" nomodule="" src="/_next/static/chunks/polyfills-c67a75d1b6f99dc8.js"></script>
<script src="/_next/static/chunks/webpack-8fa1640cc84ba8fe.js" defer=""></script>
<script src="/_next/static/chunks/framework-2c79e2a64abdb08b.js" defer=""></script>
<script src="/_next/static/chunks/main-0ecb9ccfcb6c9b24.js" defer=""></script>
</head>"""


def _noise(count: int, seed: int = 7) -> list[dict[str, object]]:
    """App state that is not prose: ids, flags, URLs, short labels (deterministic)."""
    rng = random.Random(seed)
    return [
        {
            "__typename": "Product",
            "id": f"prod_{rng.getrandbits(48):x}",
            "sku": f"SKU-{rng.randint(10000, 99999)}",
            "price": {"amount": rng.randint(100, 9999), "currency": "EUR"},
            "image": {"url": f"https://cdn.shore-demo.net/img/{rng.getrandbits(32):x}.webp"},
            "label": rng.choice(["New", "Sale", "Limited", "Back soon"]),
            "inStock": rng.random() > 0.5,
        }
        for _ in range(count)
    ]


def next_pages_shell() -> str:
    """Next.js pages router: the article HTML lives in pageProps.post.content."""
    data = {
        "props": {
            "pageProps": {
                "post": {
                    "id": "c2a7f0",
                    "slug": "life-in-the-tide-pools",
                    "title": "Life in the tide pools",
                    "author": {"name": "Ada Shore", "url": "/authors/ada"},
                    "content": f"<h2>What lives there</h2>{ARTICLE_HTML}",
                    "tags": ["sea", "nature"],
                },
                "related": _noise(40),
            },
            "__N_SSG": True,
        },
        "page": "/posts/[slug]",
        "query": {"slug": "life-in-the-tide-pools"},
        "buildId": "Xk2oT1kQ4b9y",
        "isFallback": False,
        "gsp": True,
        "scriptLoader": [],
    }
    return (
        f'{_HEAD}<body><div id="__next"><div class="loading">Loading…</div></div>'
        f'<script id="__NEXT_DATA__" type="application/json">{json.dumps(data)}</script>'
        "</body></html>"
    )


def next_form_shell() -> str:
    """A Next.js app whose data holds no prose: ~600 chars of labels, ~80 KB of state."""
    labels = "".join(
        f'<label for="f{i}">{name}</label><input id="f{i}" name="f{i}"/>'
        for i, name in enumerate(
            ["First name", "Last name", "E-mail address", "Street", "House number",
             "Postcode", "City", "Country", "Phone", "Delivery notes", "Gift message",
             "Coupon code", "Card holder", "Card number", "Expiry", "CVC", "Billing same",
             "Newsletter", "Terms accepted", "Create account"]
        )
    )  # fmt: skip
    buttons = "<button>Continue to payment</button><button>Back to basket</button>" * 6
    hints = "".join(
        f'<p class="hint">{hint}</p>'
        for hint in [
            "We only use your e-mail address to send you the receipt and delivery updates.",
            "Deliveries to islands and remote areas may take two more working days.",
            "Your card is charged when the parcel leaves our warehouse, not before.",
            "You can return unworn items within thirty days of delivery for a refund.",
            "Gift messages are printed on a card and packed with the order.",
        ]
    )
    data = {
        "props": {"pageProps": {"catalogue": _noise(420)}},
        "page": "/checkout",
        "query": {},
        "buildId": "Xk2oT1kQ4b9y",
        "isFallback": False,
        "scriptLoader": [],
    }
    return (
        f'{_HEAD}<body><div id="__next"><form>{labels}{hints}{buttons}</form></div>'
        f'<script id="__NEXT_DATA__" type="application/json">{json.dumps(data)}</script>'
        "</body></html>"
    )


def next_app_router_shell() -> str:
    """Next.js app router: RSC flight chunks pushed to self.__next_f."""
    lines = ['0:["$","$L1",null,{"buildId":"Xk2oT1kQ4b9y"}]\n']
    for number, paragraph in enumerate(PARAGRAPHS, 2):
        element = ["$", "p", None, {"children": paragraph, "className": "prose"}]
        lines.append(f"{number}:{json.dumps(element, separators=(',', ':'))}\n")
    lines.append('9:["$","button",null,{"children":"Subscribe"}]\n')
    pushes = "".join(
        f"<script>self.__next_f.push({json.dumps([1, line])})</script>" for line in lines
    )
    filler = "".join(
        f'<script src="/_next/static/chunks/app/{i:04x}-3f9a1b2c.js" async=""></script>'
        for i in range(120)
    )
    return (
        f'{_HEAD}<body><div id="root"></div>{filler}'
        f"<script>(self.__next_f=self.__next_f||[]).push([0])</script>{pushes}</body></html>"
    )


def nuxt3_shell() -> str:
    """Nuxt 3: a devalue-flattened payload in __NUXT_DATA__."""
    payload: list[object] = [
        ["ShallowReactive", 1],
        {"data": 2, "state": 8, "once": 9, "_errors": 10, "serverRendered": 11, "path": 12},
        ["ShallowReactive", 3],
        {"article-life-in-the-tide-pools": 4},
        {"title": 5, "body": 6, "slug": 7},
        "Life in the tide pools",
        "\n\n".join(f"{p}" for p in PARAGRAPHS),
        "life-in-the-tide-pools",
        ["Reactive", 13],
        ["Set"],
        ["ShallowReactive", 13],
        True,
        "/articles/life-in-the-tide-pools",
        {},
    ]
    noise = json.dumps(_noise(150))
    return (
        '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Shore Notes</title>'
        '<link rel="modulepreload" as="script" crossorigin href="/_nuxt/entry.4b1c2d3e.js">'
        f'<script>window.__APP_CONFIG__={noise}</script></head>'
        '<body><div id="__nuxt"></div><div id="teleports"></div>'
        '<script type="application/json" id="__NUXT_DATA__" data-ssr="true">'
        f"{json.dumps(payload)}</script>"
        '<script>window.__NUXT__={};window.__NUXT__.config={public:{},app:{baseURL:"/",'
        'buildAssetsDir:"/_nuxt/",cdnURL:""}}</script>'
        '<script type="module" src="/_nuxt/entry.4b1c2d3e.js" crossorigin></script>'
        "</body></html>"
    )


def nuxt2_shell() -> str:
    """Nuxt 2: window.__NUXT__ as an IIFE whose arguments carry the strings."""
    args = ",".join(json.dumps(p) for p in PARAGRAPHS)
    noise = json.dumps(_noise(120))
    return (
        '<!doctype html><html data-n-head-ssr><head><title>Shore Notes</title>'
        '<link rel="preload" href="/_nuxt/2d4e6f.js" as="script"></head>'
        '<body><div data-server-rendered="true" id="__nuxt"><!----><div id="__layout">'
        "<div><header>Shore Notes</header></div></div></div>"
        "<script>window.__NUXT__=(function(a,b,c,d){return {layout:\"default\","
        'data:[{article:{title:"Life in the tide pools",paragraphs:[a,b,c]},related:d}],'
        f'fetch:{{}},error:null,serverRendered:true,routePath:"/a"}}}}({args},{noise}));'
        '</script><script src="/_nuxt/2d4e6f.js" defer></script></body></html>'
    )


def json_ld_shell() -> str:
    """A page rendered by script whose JSON-LD NewsArticle carries the articleBody."""
    ld = {
        "@context": "https://schema.org",
        "@type": "NewsArticle",
        "headline": "Life in the tide pools",
        "datePublished": "2026-03-20T08:00:00Z",
        "author": [{"@type": "Person", "name": "Ada Shore"}],
        "articleBody": "\n".join(PARAGRAPHS),
    }
    bundle = "var a=" + json.dumps(_noise(200)) + ";"
    return (
        '<!doctype html><html><head><title>Life in the tide pools</title>'
        f'<script type="application/ld+json">{json.dumps(ld)}</script>'
        f"<script>{bundle}</script></head>"
        '<body><div id="app"></div><script src="/static/js/main.9f8e7d.js"></script>'
        "</body></html>"
    )


def cloudflare_challenge() -> str:
    """Cloudflare's managed challenge page (served with 403 and cf-mitigated: challenge)."""
    return (
        '<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>'
        '<meta http-equiv="Content-Type" content="text/html; charset=UTF-8">'
        '<meta http-equiv="X-UA-Compatible" content="IE=Edge">'
        '<meta name="robots" content="noindex,nofollow">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        "<style>*{box-sizing:border-box;margin:0;padding:0}html{line-height:1.15}</style>"
        '<meta http-equiv="refresh" content="390"></head><body class="no-js">'
        '<div class="main-wrapper" role="main"><div class="main-content">'
        '<noscript><div id="challenge-error-title"><div class="h2">'
        '<span id="challenge-error-text">Enable JavaScript and cookies to continue</span>'
        "</div></div></noscript></div></div><script>(function(){window._cf_chl_opt={cvId: '3',"
        "cZone: \"tides-demo.net\",cType: 'managed',cRay: '8f1e2d3c4b5a6978',cH: 'x1y2z3'};"
        "var cpo=document.createElement('script');"
        "cpo.src='/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1?ray=8f1e2d3c4b5a6978';"
        "document.getElementsByTagName('head')[0].appendChild(cpo);}());</script></body></html>"
    )


def datadome_block() -> str:
    """DataDome's 403 page: a captcha iframe from captcha-delivery.com."""
    return (
        "<html><head><title>tides-demo.net</title><style>#cmsg{animation: A 1.5s;}</style>"
        "</head><body style=\"margin:0\"><p id=\"cmsg\">Please enable JS and disable any ad "
        "blocker</p><script data-cfasync=\"false\">var dd={'rt':'c','cid':'AHrlqAAAAAMA',"
        "'hsh':'2013457ADA70C67D6A4123E0A76873','t':'fe','s':17434,'e':'e3b0c442',"
        "'host':'geo.captcha-delivery.com'}</script>"
        '<script data-cfasync="false" src="https://ct.captcha-delivery.com/c.js"></script>'
        "</body></html>"
    )
