"""App shells without a browser: read the article a JavaScript page embeds as data.

Pages built with Next.js, Nuxt and the like often ship little visible HTML (a root `<div>`,
some form labels) and the whole article as data for the client to render: the
`__NEXT_DATA__` JSON, Next.js App Router flight chunks (`self.__next_f.push`), Nuxt 3's
`__NUXT_DATA__` JSON or Nuxt 2's `window.__NUXT__=` script, JSON-LD `articleBody`/`text`,
or markup inside `<noscript>`. When the text the HTML reader found is a tiny fraction of the
HTML (`is_shell`), `revise` looks there:

1. JSON-LD `articleBody` / `text` of the page's objects (the publisher's own article text;
   HTML in it, even just an inline `<a href>`, is converted whole by `convert_html`);
2. otherwise the prose strings of the framework data, in document order (Next.js flight
   data: React's text rows `<id>:T<hex byte length>,<text>` and the `"children"` strings;
   Nuxt 2: every string literal, however long, up to `MAX_LITERAL_CHARS`), except that one
   string holding most of the prose (`MAIN_SHARE`) comes first: strings holding
   HTML are read by the HTML reader, Markdown-looking strings kept as they are, rich-text
   span lists (`[{"text": ...}, ...]`) joined, other prose kept as paragraphs (ids, URLs,
   class names, CSS/JS and short labels are not prose and are skipped);
3. otherwise `<noscript>` markup the parser kept as raw text.

If one of them yields clearly more text than the visible page, it becomes the document
(with a notice naming the source): JSON-LD whenever the page is a shell, framework data only
when the page shows under `NEEDS_JS_CHARS` (on the extraction benchmark, sifting framework
data of pages that show 1700-2600 characters made them worse, JSON-LD never did). If none
does, a page showing under `NEEDS_JS_CHARS` is flagged `needs_javascript` when it looks
like an app (a framework's data or root element, or mostly script); a thin static page is not.
Everything is bounded: scripts are found with `str.find` and literals scanned by a regex
with one way to match each character (linear), at most `MAX_DATA_CHARS` of data are parsed,
`MAX_NODES` values or rows walked, `MAX_OUTPUT_CHARS` kept.
No rule names a site: only the frameworks' public data formats.
"""

from __future__ import annotations

import functools
import html as html_lib
import json
import re
from collections.abc import Callable, Iterator

import attrs

from webdistill.kernel.model import Document
from webdistill.kernel.own_text import OwnText, own, words

#: The page is a shell when its text is under this share of the HTML and under SHELL_CHARS.
SHELL_RATIO = 0.03
SHELL_CHARS = 3000
#: Smaller pages carry no data worth a look (an empty page is just empty).
MIN_SHELL_HTML = 4096
#: A shell with less visible text than this and no embedded article is `needs_javascript`.
NEEDS_JS_CHARS = 1000
MIN_EMBEDDED_CHARS = 300
MAX_DATA_CHARS = 4_000_000
MAX_NODES = 200_000
MAX_OUTPUT_CHARS = 500_000
MIN_PROSE_CHARS = 60
#: The most kept of one JS string literal (Nuxt 2): a transcript of 130,000 characters in one
#: literal is read whole; past this the literal is cut. It equals MAX_OUTPUT_CHARS (nothing
#: longer could be kept anyway), so memory stays bounded per literal; the scan itself is
#: linear in the script, of which at most MAX_DATA_CHARS are read.
MAX_LITERAL_CHARS = MAX_OUTPUT_CHARS
#: A string holding at least this share of all the prose found is the page's main text and
#: leads the output (a transcript before the staff bios the data lists first).
MAIN_SHARE = 0.5

NEEDS_JS_NOTICE = words(
    "The page is a JavaScript application shell: its content is rendered in the browser "
    "and is not in the HTML, nor in data the page embeds. Look for another URL with the same "
    "content (an API, an article page, a cached or text version), call again with "
    "prefer_reader=true when a hosted reader is configured (WEB_READER), or use a "
    "browser-based fetcher."
)

_SCRIPT_OPEN = re.compile(r"<script\b([^<>]{0,2000})>", re.IGNORECASE)
_NOSCRIPT_OPEN = re.compile(r"<noscript\b[^<>]{0,2000}>", re.IGNORECASE)
_ATTR = re.compile(r"""([a-zA-Z_:][-\w:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))""")
#: The body of a double-quoted JS string literal from after its opening quote: linear (one
#: way to match each character), unbounded; the caller bounds what it keeps.
_JS_BODY = re.compile(r'(?:[^"\\\n]+|\\.)*+')
_FLIGHT_PUSH = re.compile(r"self\.__next_f\.push\(\s*(\[.*\])\s*\)\s*;?\s*$", re.DOTALL)
_CHILDREN = re.compile(r'"children":\s?"((?:[^"\\]|\\.){1,20000})"')
_HTML_TAG = re.compile(r"<(p|h[1-6]|ul|ol|li|table|blockquote|pre|div|br)\b", re.IGNORECASE)
#: Any HTML element in a publisher's text (an articleBody with only `<a href>` is HTML too).
_ANY_HTML_TAG = re.compile(
    r"</?(a|p|br|em|strong|b|i|u|span|sup|sub|h[1-6]|ul|ol|li|table|blockquote|pre|div|figure"
    r"|img|code)\b[^<>]{0,2000}>",
    re.IGNORECASE,
)
#: An RSC row header: hex id, colon, and for a text row `T<hex byte length>,`.
_ROW_HEAD = re.compile(rb"([0-9a-fA-F]{1,8}):(T([0-9a-fA-F]{1,8}),)?")
#: Share of `{};=` among a text's characters above which it is script, not prose.
CODE_SHARE = 0.03
_MARKDOWN = re.compile(r"(^|\n)(#{1,6} |[-*] |\d+\. |> )", re.MULTILINE)
_NOT_PROSE = re.compile(r"^(https?://|/|data:|[\w.-]+\.(js|css|png|jpe?g|svg|webp)$)|[{};]\s*$")
_SKIP_KEYS = frozenset(
    {
        "__typename", "id", "_id", "slug", "url", "href", "src", "srcset", "image", "images",
        "classname", "class", "style", "css", "buildid", "query", "runtimeconfig", "i18n",
        "locale", "locales", "config", "scriptloader", "assetprefix", "icon", "hash",
    }
)  # fmt: skip


@attrs.frozen
class Reading:
    """The HTML reader's two entry points, with which embedded markup is read: `page`
    (`reader.extract_html`) and `fragment` (`reader.convert_html`). The reader passes them
    in (`reader.READING`): it sits above this module, which imports nothing of it."""

    page: Callable[[str, str | None], Document]
    fragment: Callable[[str, str | None], tuple[str, str]]


@attrs.frozen
class Embedded:
    """Article text found in a page's data, and where it came from."""

    markdown: str
    text: str
    source: OwnText
    title: str = ""


def is_shell(text: str, raw_html: str) -> bool:
    """Is the visible text a tiny fraction of the HTML (the rest scripts and data)?"""
    return (
        len(raw_html) >= MIN_SHELL_HTML
        and len(text) < SHELL_CHARS
        and len(text) < SHELL_RATIO * len(raw_html)
    )


def _attributes(raw: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for match in _ATTR.finditer(raw):
        value = next((v for v in match.group(2, 3, 4) if v is not None), "")
        found.setdefault(match.group(1).lower(), value.strip().lower())
    return found


@functools.cache
def _closer_pattern(closer: str) -> re.Pattern[str]:
    return re.compile(re.escape(closer), re.IGNORECASE | re.ASCII)


def _closer_finder(raw_html: str, closer: str) -> Callable[[int], int]:
    """Where the first `closer` (ASCII) at or after a position is in `raw_html`, its ASCII
    letters in any case (as an HTML parser reads a closing tag). Positions are `raw_html`'s
    own: lowering the page first would shift them after a character whose lower case is
    longer (U+0130 "İ" lowers to two), cutting every later element in the wrong place, and
    would let the Kelvin sign (U+212A) stand for a "k"."""
    search = _closer_pattern(closer).search

    def find(position: int) -> int:
        found = search(raw_html, position)
        return -1 if found is None else found.start()

    return find


def _elements(raw_html: str, opener: re.Pattern[str], closer: str) -> Iterator[tuple[str, str]]:
    """(opening tag attributes, content) of each element, found in linear time."""
    find = _closer_finder(raw_html, closer)
    position = 0
    while position < len(raw_html):
        match = opener.search(raw_html, position)
        if match is None:
            return
        end = find(match.end())
        if end < 0:
            return
        attributes = match.group(1) if match.groups() else ""
        yield attributes, raw_html[match.end() : end]
        position = end + len(closer)


def _is_prose(value: str) -> bool:
    stripped = value.strip()
    return (
        len(stripped) >= MIN_PROSE_CHARS
        and stripped.count(" ") >= 8
        and not _NOT_PROSE.search(stripped)
        and sum(c.isalpha() for c in stripped) > 0.6 * len(stripped.replace(" ", ""))
    )


def _spans(items: list[object]) -> str | None:
    """A rich-text run: a list of objects each with a "text" string, joined."""
    if len(items) < 2 or not all(isinstance(i, dict) and isinstance(i.get("text"), str)
                                 for i in items):  # fmt: skip
        return None
    return "".join(str(i["text"]) for i in items if isinstance(i, dict))


def _strings(value: object) -> Iterator[str]:
    """Prose-bearing strings of a JSON value, in document order (iterative, bounded)."""
    stack: list[object] = [value]
    nodes = 0
    while stack and nodes < MAX_NODES:
        item = stack.pop()
        nodes += 1
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            children = [v for k, v in item.items() if str(k).lower() not in _SKIP_KEYS]
            stack.extend(reversed(children))
        elif isinstance(item, list):
            joined = _spans(item)
            if joined is not None:
                yield joined
            else:
                stack.extend(reversed(item))


def _render(strings: Iterator[str], url: str | None, reading: Reading) -> tuple[str, str]:
    """Markdown and plain text of the prose among `strings` (deduplicated, bounded)."""
    seen: set[str] = set()
    markdown: list[str] = []
    text: list[str] = []
    size = 0
    for raw in strings:
        value = raw.strip()
        if value in seen or size > MAX_OUTPUT_CHARS:
            continue
        seen.add(value)
        if _HTML_TAG.search(value) and len(value) >= MIN_PROSE_CHARS:
            document = reading.page(f"<html><body><article>{value}</article></body></html>", url)
            md, plain = document.markdown, document.text
        elif len(value) >= MIN_PROSE_CHARS and _MARKDOWN.search(value):
            md, plain = value, value
        elif _is_prose(value):
            md = plain = "\n\n".join(p.strip() for p in value.splitlines() if p.strip())
        else:
            continue
        if md.strip():
            markdown.append(md.strip())
            text.append(plain.strip())
            size += len(md)
    _lead_with_main(markdown, text)
    return "\n\n".join(markdown), "\n\n".join(text)


def _lead_with_main(markdown: list[str], text: list[str]) -> None:
    """Put first the one string that holds most of the prose (`MAIN_SHARE`), if any: data
    lists things in the app's order (a staff bio, then the transcript), and the reader wants
    the main text first. Many comparable strings (an article's paragraphs) keep their order."""
    if len(text) < 2:
        return
    longest = max(range(len(text)), key=lambda i: len(text[i]))
    if longest and len(text[longest]) >= MAIN_SHARE * sum(len(t) for t in text):
        markdown.insert(0, markdown.pop(longest))
        text.insert(0, text.pop(longest))


def _json(content: str) -> object:
    if len(content) > MAX_DATA_CHARS:
        return None
    try:
        return json.loads(html_lib.unescape(content) if content.lstrip()[:1] == "&" else content)
    except (ValueError, RecursionError):
        return None


def _json_ld(
    scripts: list[tuple[dict[str, str], str]], url: str | None, reading: Reading
) -> Embedded | None:
    for attributes, content in scripts:
        if attributes.get("type") != "application/ld+json":
            continue
        data = _json(content)
        for item in _strings_of_ld(data):
            body = item.get("articleBody") or item.get("text")
            if isinstance(body, str) and len(body.strip()) >= MIN_EMBEDDED_CHARS:
                if _ANY_HTML_TAG.search(body):  # the body as HTML: converted whole, no tags left
                    markdown, text = reading.fragment(f"<html><body>{body}</body></html>", url)
                else:
                    markdown, text = _render(iter([body]), None, reading)
                if not markdown:
                    paragraphs = [p.strip() for p in body.split("\n") if p.strip()]
                    markdown = text = "\n\n".join(paragraphs)
                title = item.get("headline") or item.get("name") or ""
                return Embedded(markdown, text, words("JSON-LD articleBody"), str(title)[:300])
    return None


def _strings_of_ld(data: object) -> Iterator[dict[str, object]]:
    stack: list[object] = [data]
    nodes = 0
    while stack and nodes < 10_000:
        item = stack.pop()
        nodes += 1
        if isinstance(item, dict):
            yield item
            stack.extend(v for v in item.values() if isinstance(v, dict | list))
        elif isinstance(item, list):
            stack.extend(reversed(item))


def _framework_data(
    scripts: list[tuple[dict[str, str], str]],
) -> Iterator[tuple[OwnText, Iterator[str]]]:
    flight: list[str] = []
    for attributes, content in scripts:
        script_id = attributes.get("id", "")
        if script_id == "__next_data__":
            yield words("Next.js page data (__NEXT_DATA__)"), _strings(_json(content))
        elif script_id == "__nuxt_data__":
            yield words("Nuxt payload (__NUXT_DATA__)"), _strings(_json(content))
        elif "window.__NUXT__" in content[:200]:
            yield words("Nuxt payload (window.__NUXT__)"), _js_literals(content)
        elif "self.__next_f.push" in content[:100]:
            match = _FLIGHT_PUSH.search(content.strip())
            chunk = _json(match.group(1)) if match else None
            if isinstance(chunk, list) and len(chunk) > 1 and isinstance(chunk[1], str):
                flight.append(chunk[1])
    if flight:
        payload = "".join(flight)[:MAX_DATA_CHARS]
        yield words("Next.js flight data (self.__next_f)"), _flight_strings(payload)


def _flight_strings(payload: str) -> Iterator[str]:
    """The prose-bearing strings of an RSC payload, in stream order: each text row whole
    (`<id>:T<hex byte length>,<text>`, no newline after it: React sends strings of 1,024
    characters and more this way, referenced as "$<id>"), and the "children" strings of the
    other rows (one a line). A text row holding JSON (an app's serialised state, JSON-LD) or
    script (a share of `{};=` over `CODE_SHARE`) is not prose and is skipped."""
    data = payload.encode("utf-8", "surrogatepass")
    position = rows = 0
    while position < len(data) and rows < MAX_NODES:
        rows += 1
        head = _ROW_HEAD.match(data, position)
        if head is not None and head.group(2):
            start = head.end()
            position = start + int(head.group(3), 16)
            text = data[start:position].decode("utf-8", "replace")
            if text.lstrip()[:1] not in {"{", "["} and not _is_code(text):
                yield text
            continue
        end = data.find(b"\n", position)
        end = len(data) if end < 0 else end
        line = data[position:end].decode("utf-8", "replace")
        yield from (_decode_js(m.group(1)) for m in _CHILDREN.finditer(line))
        position = end + 1


def _is_code(text: str) -> bool:
    return sum(text.count(c) for c in "{};=") > CODE_SHARE * max(len(text), 1)


def _js_literals(script: str) -> Iterator[str]:
    """The double-quoted string literals of a script (Nuxt 2's window.__NUXT__), decoded, in
    order; linear in the script (at most MAX_DATA_CHARS read), each literal kept up to
    MAX_LITERAL_CHARS."""
    text = script[:MAX_DATA_CHARS]
    position = text.find('"')
    while position >= 0:
        body = _JS_BODY.match(text, position + 1)  # (always matches: `*`)
        end = body.end() if body is not None else position + 1
        if end - position - 1 >= MIN_PROSE_CHARS:
            yield _decode_cut(text[position + 1 : min(end, position + 1 + MAX_LITERAL_CHARS)])
        position = text.find('"', end + 1)


def _decode_cut(literal: str) -> str:
    """A literal decoded; one cut short may end inside an escape (`\\u00`): drop that tail."""
    for cut in range(7):
        value = _decode_js(literal[: len(literal) - cut])
        if value or not literal:
            return value
    return ""


def _decode_js(literal: str) -> str:
    try:
        value = json.loads(f'"{literal}"')
    except ValueError:
        return ""
    return value if isinstance(value, str) else ""


def _noscript(raw_html: str, reading: Reading) -> Embedded | None:
    parts = [content for _, content in _elements(raw_html, _NOSCRIPT_OPEN, "</noscript")]
    markup = "".join(parts)[:MAX_DATA_CHARS]
    if "<" not in markup:
        return None
    document = reading.page(f"<html><body>{markup}</body></html>", None)
    if len(document.text) < MIN_EMBEDDED_CHARS:
        return None
    return Embedded(document.markdown, document.text, words("the page's <noscript> content"))


def find_embedded(raw_html: str, url: str | None, reading: Reading) -> Embedded | None:
    """The article the page embeds as data, or None when it holds none."""
    scripts = [(_attributes(a), c) for a, c in _elements(raw_html, _SCRIPT_OPEN, "</script")]
    found = _json_ld(scripts, url, reading)
    if found is not None:
        return found
    best: Embedded | None = None
    for source, strings in _framework_data(scripts):
        markdown, text = _render(strings, url, reading)
        if len(text) >= MIN_EMBEDDED_CHARS and (best is None or len(text) > len(best.text)):
            best = Embedded(markdown, text, source)
    return best or _noscript(raw_html, reading)


_APP_ROOT = re.compile(
    r"""<div[^<>]{0,300}\bid=["'](root|app|__next|__nuxt|___gatsby|svelte|main-app)["']""",
    re.IGNORECASE,
)
_APP_DATA = ("__NEXT_DATA__", "__NUXT", "self.__next_f", "__APOLLO_STATE__", "__INITIAL_STATE__")
#: Script text above this share of the HTML marks a page rendered by script.
SCRIPT_SHARE = 0.5


def _looks_like_an_app(raw_html: str) -> bool:
    """A framework's data or root element, or an HTML made mostly of script."""
    if _APP_ROOT.search(raw_html) or any(marker in raw_html for marker in _APP_DATA):
        return True
    script = sum(len(c) for _, c in _elements(raw_html, _SCRIPT_OPEN, "</script"))
    return script >= SCRIPT_SHARE * len(raw_html)


def revise(document: Document, raw_html: str, url: str | None, reading: Reading) -> Document:
    """`document` replaced by the embedded article of an app shell, or flagged; else as is
    (embedded markup read with `reading`, the HTML reader's: `reader.READING`)."""
    if "challenge" in document.flags or not is_shell(document.text, raw_html):
        return document
    found = find_embedded(raw_html, url, reading)
    # Framework data is sifted for prose, so it replaces only a page that shows next to
    # nothing; the publisher's own JSON-LD articleBody may replace a thin page too.
    trusted = found is not None and found.source.startswith("JSON-LD")
    if found is not None and not trusted and len(document.text) >= NEEDS_JS_CHARS:
        return document
    if found is not None and len(found.text) > max(2 * len(document.text), MIN_EMBEDDED_CHARS):
        return attrs.evolve(
            document,
            title=document.title or found.title,
            markdown=found.markdown,
            text=found.text,
            flags=tuple(f for f in document.flags if f not in {"needs_javascript", "empty"}),
            notice=own(
                "The page is a JavaScript application; its text was read from the data it "
                "embeds ({}), not from its visible HTML.",
                found.source,
            ),
        )
    if found is not None:  # what the page embeds is what it shows: nothing hidden
        return document
    if "needs_javascript" in document.flags or len(document.text) >= NEEDS_JS_CHARS:
        return document
    if not _looks_like_an_app(raw_html):
        return document  # a static page that is merely thin: nothing hidden to point at
    flags = (*(f for f in document.flags if f != "empty"), "needs_javascript")
    return attrs.evolve(document, flags=flags, notice=NEEDS_JS_NOTICE)
