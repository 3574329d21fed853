"""Bot-wall pages: tell a page whose *purpose* is a bot check from a page that carries one.

Ordinary pages carry the same vendors' code as their walls: a login form with a reCAPTCHA,
hCaptcha or Turnstile widget, a shop with DataDome's or PerimeterX's tag, a site behind
Imperva with its `_Incapsula_Resource` script, a Cloudflare site with its `challenge-platform`
JavaScript detections. None of these is a wall. A page is a wall when what it shows and does
is the check:

- its own markup (tags, inline scripts, its title: never its visible text) carries a marker
  only the vendor's challenge or block page has (Cloudflare's `_cf_chl_opt`, DataDome's
  `var dd={'rt':...}` loader, Imperva's incident iframe, PerimeterX's `px-captcha` box, AWS
  WAF's `gokuProps`, Sucuri's cloudproxy script, Anubis's `anubis_challenge`, Akamai's
  `errors.edgesuite.net` reference, SiteGround's refresh to `/.well-known/sgcaptcha/`), or
- its short visible text is a vendor's fixed block message (Akamai's "Access Denied", F5 BIG-IP
  ASM / NGINX App Protect's "The requested URL was rejected", CloudFront's "Request blocked"), or
- its title says it is one ("Just a moment...", "Verify you are human", "Access to this page
  has been denied", ...: the wall words being most of the title), or it has no title of its
  own (none, or a bare host name) and the wall words are most of its short visible text; and
  the page asks nothing of a person but the check (no text, e-mail or password field: a login
  page saying "please verify you are human" next to its widget is a login page).

A page *about* a wall is no wall: what is inside `<pre>`, `<code>`, `<blockquote>`,
`<textarea>` or written as escaped HTML (`&lt;script&gt;...`) is quoted, and counts neither as
markup nor as text; a question or an article quoting a wall's words in its prose has a title
of its own and more to say.

The vendor is then named from its markers anywhere in the page or the answer's `Server`-like
headers, else `"unknown"`. Only the first `SAMPLE_CHARS` characters are looked at.
Shapes come from real pages: cloudscraper's and cloudflare-scrape's recorded Cloudflare and
Sucuri pages, incapsula-cracker's whoscored pages, PerimeterX's and Anubis's own templates
(tests/walls/ names each).
"""

from __future__ import annotations

import html as htmllib
import re
from collections.abc import Mapping

#: How much of a page is looked at (a Cloudflare custom block page carries its markers at
#: ~320 KB, after the site's own inline styles and scripts).
SAMPLE_CHARS = 512 * 1024
#: Visible text longer than this is a page's content, not a wall's message.
WALL_TEXT_CHARS = 1500

_I = re.IGNORECASE
#: Markers only a vendor's challenge or block page carries (never its widget or tag): the
#: vendor, words every match holds (each alternative holds one; a plain substring test skips
#: the pattern on the pages without any), and the pattern, in lower case. They are searched
#: case-sensitively in the lowered markup (`wall_of_page`): IGNORECASE patterns over half a
#: megabyte of scripts cost ~0.1 s on every page read.
_CHALLENGE_ONLY: tuple[tuple[str, tuple[str, ...], re.Pattern[str]], ...] = (
    (
        "cloudflare",
        (
            "_cf_chl_opt",
            "cf-browser-verification",
            "cf_chl_prog",
            "jschl",
            "/cdn-cgi/challenge-platform/",
            "challenge-form",
        ),
        re.compile(
            r"_cf_chl_opt|cf-browser-verification|cf_chl_prog|jschl[-_](vc|answer)|"
            r"/cdn-cgi/challenge-platform/(?:h/[a-z]/)?orchestrate/|"
            r"<form[^>]{0,200}id=[\"']challenge-form",
        ),
    ),
    # (DataDome's two kinds of marker apart: "dd" is on nearly every page, and the loader's
    # pattern alone starts with a literal, which the regex engine scans for fast)
    ("datadome", ("dd",), re.compile(r"var\s+dd\s*=\s*\{\s*['\"]rt['\"]")),
    (
        "datadome",
        ("captcha-delivery.com",),
        re.compile(
            r"geo\.captcha-delivery\.com/(captcha|interstitial)|ct\.captcha-delivery\.com/[ic]\.js"
        ),
    ),
    (
        "imperva",
        ("_incapsula_resource", "content.incapsula.com/jstest.html"),
        re.compile(
            r"<iframe[^>]{0,300}src=[\"'][^\"']{0,80}_incapsula_resource|"
            r"content\.incapsula\.com/jstest\.html",
        ),
    ),
    (
        "perimeterx",
        ("px-captcha", "_pxcaptcha", "window._pxblockedurl"),
        re.compile(r"id=[\"']px-captcha[\"']|_pxcaptcha|window\._pxblockedurl"),
    ),
    (
        "aws-waf",
        ("gokuprops", "awswafcookiedomainlist"),
        re.compile(r"gokuprops\b|awswafcookiedomainlist"),
    ),
    (
        "sucuri",
        ("sucuri",),
        re.compile(r"sucuri_cloudproxy_js|sucuri website firewall - access denied"),
    ),
    ("anubis", ("anubis_challenge",), re.compile(r"id=[\"']anubis_challenge[\"']")),
    ("go-away", ("__goaway_challenge",), re.compile(r"__goaway_challenge")),
    (
        "ddos-guard",
        ("ddos-guard",),
        re.compile(r"<title>\s*ddos-guard\s*</title>|/ddos-guard/js-challenge"),
    ),
    (
        "akamai",
        ("errors.edgesuite.net", "/_sec/verify?provider=interstitial"),
        re.compile(r"errors\.edgesuite\.net|/_sec/verify\?provider=interstitial"),
    ),
    (
        "vercel",
        ("vercel security checkpoint",),
        re.compile(r"<title>\s*vercel security checkpoint"),
    ),
    (
        "siteground",
        ("/.well-known/sgcaptcha/",),
        re.compile(r"<meta\b[^>]{0,300}/\.well-known/sgcaptcha/"),
    ),
)

#: What a wall says (in its title, or as the whole of its short visible text).
_WALL_WORDS = re.compile(
    r"just a moment\.\.\.|attention required|checking (if the site connection is secure|"
    r"your browser)|verify(ing)? (that )?you are (a )?human|are you a (ro)?bot\b|"
    r"(you'?re|you are|are you) not a (ro)?bot|human verification|bot (verification|check)|"
    r"verifying (your )?(browser|device|connection|you are human)|security checkpoint|"
    r"ddos protection by|pardon our interruption|access to this page has been denied|"
    r"request unsuccessful|sorry, you have been blocked|why have i been blocked|"
    r"request blocked\.|needs to review the security of your connection|"
    r"enable javascript and cookies to continue|please enable js and disable any ad ?blocker|"
    r"used cloudflare to restrict access|one more step|proof[- ]of[- ]work|"
    r"please complete the security check|browser (check|verification)|client challenge",
    _I,
)
#: Vendors' fixed block pages, told by their title (None: any) and their short visible text.
_BLOCK_PAGES: tuple[tuple[str, re.Pattern[str] | None, re.Pattern[str]], ...] = (
    (  # Akamai's plain "Access Denied" (no edgesuite link in older ones): its reference.
        "akamai",
        re.compile(r"^Access Denied$", _I),
        re.compile(r"You don'?t have permission to access .{0,400}?Reference #\s*\d+\.", _I),
    ),
    (  # F5 BIG-IP ASM and NGINX App Protect (title "Request Rejected").
        "f5",
        None,
        re.compile(
            r"The requested URL was rejected\. Please consult with your administrator\..{0,200}?"
            r"support ID is:?\s*\d+",
            _I,
        ),
    ),
    (  # CloudFront's error page for an AWS WAF block.
        "aws-waf",
        re.compile(r"^ERROR: The request could not be satisfied$", _I),
        re.compile(r"Request blocked\.", _I),
    ),
    ("imperva", None, re.compile(r"Incapsula incident ID:?\s*\d+", _I)),
)
#: Share of a title, or of an untitled page's visible text, the wall words must make up.
TITLE_SHARE = 0.5
TEXT_SHARE = 0.4
#: A title that is only the site's host name ("etsy.com"): the page has no title of its own.
_HOST_TITLE = re.compile(r"(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}", _I)

#: Vendor markers of any kind, to name the vendor of a page already known to be a wall.
_VENDOR_HINTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("cloudflare", re.compile(r"cloudflare|/cdn-cgi/", _I)),
    ("datadome", re.compile(r"datadome|captcha-delivery\.com", _I)),
    ("perimeterx", re.compile(r"perimeterx|_pxAppId|px-cdn\.net", _I)),
    ("imperva", re.compile(r"incapsula|imperva", _I)),
    ("aws-waf", re.compile(r"awswaf|cloudfront", _I)),
    ("akamai", re.compile(r"akamai|edgesuite", _I)),
    ("sucuri", re.compile(r"sucuri", _I)),
    ("ddos-guard", re.compile(r"ddos-guard", _I)),
    ("vercel", re.compile(r"vercel", _I)),
    ("anubis", re.compile(r"anubis", _I)),
)
#: Response headers naming the service in front of the site, lower-cased name -> (value
#: pattern, vendor).
_HEADER_HINTS: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("server", re.compile(r"cloudflare", _I), "cloudflare"),
    ("server", re.compile(r"akamaighost", _I), "akamai"),
    ("server", re.compile(r"cloudfront|awselb", _I), "aws-waf"),
    ("server", re.compile(r"ddos-guard", _I), "ddos-guard"),
    ("server", re.compile(r"sucuri", _I), "sucuri"),
    ("server", re.compile(r"vercel", _I), "vercel"),
    ("x-datadome", re.compile(r"."), "datadome"),
    ("x-iinfo", re.compile(r"."), "imperva"),
    ("x-amz-cf-id", re.compile(r"."), "aws-waf"),
    ("x-sucuri-id", re.compile(r"."), "sucuri"),
    ("cf-ray", re.compile(r"."), "cloudflare"),
)

_TITLE = re.compile(r"<title[^>]*>(.*?)</title", _I | re.DOTALL)
_HIDDEN_START = re.compile(r"<(script|style|template|svg|head)\b|<!--", _I)
_HIDDEN_NAMES = ("script", "style", "template", "svg", "head")
_QUOTED_NAMES = ("pre", "code", "blockquote", "textarea", "xmp")
_OWN_ELEMENTS = frozenset({"script", "style", "head", "title"})
_ENDS = {
    name: re.compile(f"</{name}[^>]*>", _I) for name in (*_HIDDEN_NAMES, *_QUOTED_NAMES, "title")
}
_ENDS["--"] = re.compile("-->")
#: Elements that are not the page's visible own text: hidden, quoted, or the title.
_SPLIT_START = re.compile(
    r"<(script|style|template|svg|head|title|pre|code|blockquote|textarea|xmp)\b|<!--", _I
)
#: Escaped markup (`&lt;script`) in text: the run of text holding it is quoted HTML.
_ESCAPED_TAG = re.compile(r"&(lt|#0*60|#x0*3c);[/!?a-z]", _I)
_TAG = re.compile(r"<[^>]+>")
#: Elements a page shows (closing tags, `<body>`, `<html>`, `<noscript>` and `<br>` aside).
_TAG_NAME = re.compile(r"<(?!/|body\b|html\b|noscript\b|br\b|meta\b|link\b)[a-z][^>]*>", _I)
#: A bot-protection vendor's script (on ordinary pages too: a wall only when it is all there is).
_BOT_SCRIPT = re.compile(
    r"__CF\$cv\$params|/cdn-cgi/bm/cv/|_Incapsula_Resource|datadome|_pxAppId|awswaf", _I
)
_SPACE = re.compile(r"\s+")
#: A field a person fills in: the page is a form (login, sign-up, comment, search), not a wall.
_PERSON_FIELD = re.compile(
    r"<textarea\b|<input\b(?![^>]*\btype\s*=\s*[\"']?(hidden|submit|button|image|checkbox|radio)\b)"
    r"[^>]*>",
    _I,
)


def page_title(page: str) -> str:
    """The page's `<title>` text, unescaped and with spaces collapsed ("" without one)."""
    found = _TITLE.search(page)
    return _SPACE.sub(" ", htmllib.unescape(found.group(1))).strip() if found else ""


def visible_text(page: str) -> str:
    """The text a browser shows, quotes left out (scripts, styles, the head, `<pre>`, `<code>`,
    `<blockquote>`, `<textarea>` and escaped HTML), spaces collapsed."""
    return _text_of(_split(page)[1])


def _text_of(shown: str) -> str:
    return _SPACE.sub(" ", htmllib.unescape(_TAG.sub(" ", shown))).strip()


def _split(page: str) -> tuple[str, str]:
    """`page` as its own markup (tags, scripts, styles, head and title, no text) and the HTML
    it shows (no scripts, styles, head, comments, nor quoted elements or escaped HTML).

    One pass: each such element is skipped to its end tag (an unclosed one takes the rest).
    """
    own: list[str] = []
    shown: list[str] = []
    at = 0
    while (found := _SPLIT_START.search(page, at)) is not None:
        own.extend(_TAG.findall(page, at, found.start()))
        shown.append(_unescaped_runs(page[at : found.start()]))
        name = (found.group(1) or "--").lower()
        end = _ENDS[name].search(page, found.end())
        stop = len(page) if end is None else end.end()
        if name in _OWN_ELEMENTS:
            own.append(page[found.start() : stop])
        at = stop
    own.extend(_TAG.findall(page, at))
    shown.append(_unescaped_runs(page[at:]))
    return " ".join(own), " ".join(shown)


def _unescaped_runs(html: str) -> str:
    """`html` without the runs of text (between two tags) that hold escaped markup."""
    if "&" not in html:
        return html
    kept: list[str] = []
    at = 0
    for found in _ESCAPED_TAG.finditer(html):
        if found.start() < at:
            continue
        start = max(
            at, html.rfind("<", 0, found.start()) + 1, html.rfind(">", 0, found.start()) + 1
        )
        ends = [i for i in (html.find("<", found.end()), html.find(">", found.end())) if i >= 0]
        kept.append(html[at:start])
        at = min(ends, default=len(html))
    kept.append(html[at:])
    return " ".join(kept)


def _strip_hidden(page: str) -> str:
    """`page` without scripts, styles, templates, SVG, the head and comments.

    One pass: each hidden element is skipped to its end tag (an unclosed one hides the rest).
    """
    kept: list[str] = []
    at = 0
    while (found := _HIDDEN_START.search(page, at)) is not None:
        kept.append(page[at : found.start()])
        name = found.group(1)
        end = _ENDS["--" if name is None else name.lower()].search(page, found.end())
        if end is None:
            at = len(page)
            break
        at = end.end()
    kept.append(page[at:])
    return " ".join(kept)


def vendor_hint(page: str, headers: Mapping[str, str] | None = None) -> str:
    """The service a wall page comes from, by its markers or the headers, else "unknown"."""
    for vendor, pattern in _VENDOR_HINTS:
        if pattern.search(page):
            return vendor
    lowered = {k.lower(): v for k, v in (headers or {}).items()}
    for name, value, vendor in _HEADER_HINTS:
        if name in lowered and value.search(lowered[name]):
            return vendor
    return "unknown"


def _only_scripts(sample: str, text: str) -> bool:
    """Whether the page shows nothing: no text, and no element in its body but scripts."""
    if text:
        return False
    body = sample.lower().partition("<body")[2] or sample
    return _TAG_NAME.findall(visible_body(body)) == []


def visible_body(body: str) -> str:
    """`body` without its scripts, styles and comments."""
    return _strip_hidden(body)


#: The only characters outside ASCII whose lower case holds ASCII ("\u0130" lowers to "i" and
#: a combining dot, the Kelvin sign to "k"). Every other one lowers to one character outside
#: ASCII that is a word character, a blank or a digit exactly when it is one.
_LOWERS_TO_ASCII = ("\u0130", "\u212a")


def _lowered(markup: str) -> str:
    """`markup.lower()` as the challenge markers (ASCII, lower case, no IGNORECASE) see it:
    with ASCII letters lowered and the other characters left as they are, which lowering
    would turn into characters none of the markers' literals, classes or counts tell apart.
    Lowering all of a page's scripts in Python costs ~3 ms on a page with any non-ASCII
    character; the bytes' ASCII-only lowering is a memory-speed copy."""
    if markup.isascii() or any(char in markup for char in _LOWERS_TO_ASCII):
        return markup.lower()
    return markup.encode("utf-8", "surrogatepass").lower().decode("utf-8", "surrogatepass")


def challenge_vendor(own: str) -> str | None:
    """The vendor whose challenge-only marker a page's own markup (`_split`) carries, else None."""
    lowered = _lowered(own)
    for vendor, needles, pattern in _CHALLENGE_ONLY:
        if any(needle in lowered for needle in needles) and pattern.search(lowered):
            return vendor
    return None


def wall_of_page(
    page: str, headers: Mapping[str, str] | None = None, text_chars: int | None = None
) -> str | None:
    """The vendor whose wall `page` is ("unknown" for a plain wall of no known vendor), else None.

    `page` is HTML (or the text of a page: Markdown from a hosted reader reads the same way).
    `text_chars`, the length of the text a reader kept, when known: a page with more text
    than a wall says is only a wall by a challenge-only marker.
    """
    sample = page[:SAMPLE_CHARS]
    if text_chars is not None and text_chars >= WALL_TEXT_CHARS and not may_hold_marker(sample):
        return None  # (what the rest would answer: no challenge-only marker, too much text)
    own, shown = _split(sample)
    if (vendor := challenge_vendor(own)) is not None:
        return vendor
    if text_chars is not None and text_chars >= WALL_TEXT_CHARS:
        return None
    text = _text_of(shown)
    if len(text) > WALL_TEXT_CHARS:
        return None
    title = page_title(own)
    for vendor, title_is, says in _BLOCK_PAGES:
        if (title_is is None or title_is.search(title)) and says.search(text):
            return vendor
    if _BOT_SCRIPT.search(own) and _only_scripts(sample, text):
        return vendor_hint(sample, headers)  # the vendor's script is all the page is
    if title and not _HOST_TITLE.fullmatch(title):  # the page's own title decides
        said = _share(title) >= TITLE_SHARE
    else:
        said = _share(text) >= TEXT_SHARE
    if not said or _PERSON_FIELD.search(sample):
        return None
    return vendor_hint(sample, headers)


#: Words one of which each challenge-only marker's words holds (DataDome's loader aside: "dd" is
#: on every page), as bytes; a few markers share one, for fewer passes over a page. Each is
#: rare on ordinary pages (1,152 dev pages: `/cdn-cgi/challenge-platform/` on 46, `_challenge`
#: on 18, the others on 0-3). tests/walls/test_wall_prefilter.py checks every marker word holds one.
MARKER_WORDS = (
    b"cf_chl",  # _cf_chl_opt, cf_chl_prog
    b"cf-browser-verification",
    b"jschl",
    b"/cdn-cgi/challenge-platform/",
    b"challenge-form",
    b"captcha-delivery.com",
    b"incapsula",  # _incapsula_resource, content.incapsula.com/jstest.html
    b"px-captcha",
    b"_pxcaptcha",
    b"window._pxblockedurl",
    b"gokuprops",
    b"awswafcookiedomainlist",
    b"sucuri",
    b"_challenge",  # anubis_challenge, __goaway_challenge
    b"ddos-guard",
    b"errors.edgesuite.net",
    b"/_sec/verify?provider=interstitial",
    b"vercel security checkpoint",
    b"/.well-known/sgcaptcha/",
)
#: Words several of `MARKER_WORDS` hold: a page without one holds none of those words, so one
#: pass over the page stands for several (most pages have none of these three).
_SHARED_WORDS = (b"captcha", b"challenge", b"chl")
_GROUPED_WORDS = tuple(
    (shared, tuple(word for word in MARKER_WORDS if shared in word)) for shared in _SHARED_WORDS
)
_OTHER_WORDS = tuple(
    word for word in MARKER_WORDS if not any(shared in word for shared in _SHARED_WORDS)
)


def _holds_marker_word(lowered: bytes) -> bool:
    """Whether `lowered` holds one of `MARKER_WORDS` (in 13 passes over it instead of 19)."""
    return any(word in lowered for word in _OTHER_WORDS) or any(
        shared in lowered and any(word in lowered for word in words)
        for shared, words in _GROUPED_WORDS
    )


#: Every page DataDome's loader pattern (`var\s+dd`) matches, and more, in UTF-8: `\s` of `str`
#: patterns also matches U+001C-U+001F, U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028,
#: U+2029, U+202F, U+205F and U+3000 (here any three-byte character from U+1000 to U+3FFF).
_DD_LOADER_BYTES = re.compile(
    rb"var(?:[\t-\r\x1c-\x1f ]|\xc2[\x85\xa0]|[\xe1-\xe3][\x80-\xbf]{2})+dd"
)


def may_hold_marker(sample: str) -> bool:
    """Whether a challenge-only marker might match in `sample`'s own markup (False: none can).

    The own markup (`_split`) is whole pieces of the page (tags; scripts, styles, the head and
    the title as written) joined by a space, always between one piece's `>` and the next one's
    `<`. Every marker match holds one of its words (`_CHALLENGE_ONLY`), none of which holds `>`
    or `<`, so a word in the lowered markup is a word in the lowered page, and each holds one of
    `MARKER_WORDS`. The page is searched as UTF-8 bytes lowered in ASCII, where an ASCII word is
    found exactly where it is in the text (the two characters whose lower case is ASCII send the
    page to the full check). On a long article this spares splitting ~200 KB of markup and
    lowering it as text: ~2.5 ms of a news page's ~40 ms read."""
    if any(char in sample for char in _LOWERS_TO_ASCII):
        return True
    lowered = sample.encode("utf-8", "surrogatepass").lower()
    return _holds_marker_word(lowered) or bool(_DD_LOADER_BYTES.search(lowered))


def _share(words: str) -> float:
    """How much of `words` wall words make up (0 to 1)."""
    said = sum(len(found.group(0)) for found in _WALL_WORDS.finditer(words))
    return said / len(words) if words else 0.0
