"""App shells without a browser: read the article a JavaScript page embeds as data.

Pages built with Next.js, Nuxt and the like often ship little visible HTML (a root `<div>`,
some form labels) and the whole article as data for the client to render: the
`__NEXT_DATA__` JSON, Next.js App Router flight chunks (`self.__next_f.push`), Nuxt 3's
`__NUXT_DATA__` JSON or Nuxt 2's `window.__NUXT__=` script, JSON-LD `articleBody`/`text`,
or markup inside `<noscript>`. When the text the HTML reader found is a tiny fraction of the
HTML (`is_shell`), `revise` looks there:

1. JSON-LD `articleBody` / `text` of the page's objects (the publisher's own article text);
2. otherwise the prose strings of the framework data, in document order: strings holding
   HTML are read by the HTML reader, Markdown-looking strings kept as they are, rich-text
   span lists (`[{"text": ...}, ...]`) joined, other prose kept as paragraphs (ids, URLs,
   class names, CSS/JS and short labels are not prose and are skipped);
3. otherwise `<noscript>` markup the parser kept as raw text.

If one of them yields clearly more text than the visible page, it becomes the document
(with a notice naming the source); if none does, the page is flagged `needs_javascript`.
Everything is bounded: scripts are found with `str.find` (linear), at most
`MAX_DATA_CHARS` of data are parsed, `MAX_NODES` values walked, `MAX_OUTPUT_CHARS` kept.
No rule names a site: only the frameworks' public data formats.
"""

from __future__ import annotations

import html as html_lib
import json
import re
from collections.abc import Iterator

import attrs

from webdistill.kernel.model import Document

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

NEEDS_JS_NOTICE = (
    "The page is a JavaScript application shell: its content is rendered in the browser "
    "and is not in the HTML, nor in data the page embeds. Look for another URL with the same "
    "content (an API, an article page, a cached or text version), call again with "
    "prefer_reader=true when a hosted reader is configured (WEB_READER), or use a "
    "browser-based fetcher."
)

_SCRIPT_OPEN = re.compile(r"<script\b([^<>]{0,2000})>", re.IGNORECASE)
_NOSCRIPT_OPEN = re.compile(r"<noscript\b[^<>]{0,2000}>", re.IGNORECASE)
_ATTR = re.compile(r"""([a-zA-Z_:][-\w:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))""")
_JS_STRING = re.compile(r'"((?:[^"\\\n]|\\.){60,20000})"')
_FLIGHT_PUSH = re.compile(r"self\.__next_f\.push\(\s*(\[.*\])\s*\)\s*;?\s*$", re.DOTALL)
_CHILDREN = re.compile(r'"children":\s?"((?:[^"\\]|\\.){1,20000})"')
_HTML_TAG = re.compile(r"<(p|h[1-6]|ul|ol|li|table|blockquote|pre|div|br)\b", re.IGNORECASE)
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
class Embedded:
    """Article text found in a page's data, and where it came from."""

    markdown: str
    text: str
    source: str
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


def _elements(raw_html: str, opener: re.Pattern[str], closer: str) -> Iterator[tuple[str, str]]:
    """(opening tag attributes, content) of each element, found in linear time."""
    lower = raw_html.lower()
    position = 0
    while position < len(raw_html):
        match = opener.search(raw_html, position)
        if match is None:
            return
        end = lower.find(closer, match.end())
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


def _render(strings: Iterator[str], url: str | None) -> tuple[str, str]:
    """Markdown and plain text of the prose among `strings` (deduplicated, bounded)."""
    from webdistill.adapters.extract.html.reader import extract_html

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
            document = extract_html(f"<html><body><article>{value}</article></body></html>", url)
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
    return "\n\n".join(markdown), "\n\n".join(text)


def _json(content: str) -> object:
    if len(content) > MAX_DATA_CHARS:
        return None
    try:
        return json.loads(html_lib.unescape(content) if content.lstrip()[:1] == "&" else content)
    except (ValueError, RecursionError):
        return None


def _json_ld(scripts: list[tuple[dict[str, str], str]]) -> Embedded | None:
    for attributes, content in scripts:
        if attributes.get("type") != "application/ld+json":
            continue
        data = _json(content)
        for item in _strings_of_ld(data):
            body = item.get("articleBody") or item.get("text")
            if isinstance(body, str) and len(body.strip()) >= MIN_EMBEDDED_CHARS:
                markdown, text = _render(iter([body]), None)
                if not markdown:
                    paragraphs = [p.strip() for p in body.split("\n") if p.strip()]
                    markdown = text = "\n\n".join(paragraphs)
                title = item.get("headline") or item.get("name") or ""
                return Embedded(markdown, text, "JSON-LD articleBody", str(title)[:300])
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
) -> Iterator[tuple[str, Iterator[str]]]:
    flight: list[str] = []
    for attributes, content in scripts:
        script_id = attributes.get("id", "")
        if script_id == "__next_data__":
            yield "Next.js page data (__NEXT_DATA__)", _strings(_json(content))
        elif script_id == "__nuxt_data__":
            yield "Nuxt payload (__NUXT_DATA__)", _strings(_json(content))
        elif "window.__NUXT__" in content[:200]:
            literals = (_decode_js(m.group(1)) for m in _JS_STRING.finditer(content))
            yield "Nuxt payload (window.__NUXT__)", literals
        elif "self.__next_f.push" in content[:100]:
            match = _FLIGHT_PUSH.search(content.strip())
            chunk = _json(match.group(1)) if match else None
            if isinstance(chunk, list) and len(chunk) > 1 and isinstance(chunk[1], str):
                flight.append(chunk[1])
    if flight:
        payload = "".join(flight)[:MAX_DATA_CHARS]
        children = (_decode_js(m.group(1)) for m in _CHILDREN.finditer(payload))
        yield "Next.js flight data (self.__next_f)", children


def _decode_js(literal: str) -> str:
    try:
        value = json.loads(f'"{literal}"')
    except ValueError:
        return ""
    return value if isinstance(value, str) else ""


def _noscript(raw_html: str) -> Embedded | None:
    from webdistill.adapters.extract.html.reader import extract_html

    parts = [content for _, content in _elements(raw_html, _NOSCRIPT_OPEN, "</noscript")]
    markup = "".join(parts)[:MAX_DATA_CHARS]
    if "<" not in markup:
        return None
    document = extract_html(f"<html><body>{markup}</body></html>")
    if len(document.text) < MIN_EMBEDDED_CHARS:
        return None
    return Embedded(document.markdown, document.text, "the page's <noscript> content")


def find_embedded(raw_html: str, url: str | None) -> Embedded | None:
    """The article the page embeds as data, or None when it holds none."""
    scripts = [(_attributes(a), c) for a, c in _elements(raw_html, _SCRIPT_OPEN, "</script")]
    found = _json_ld(scripts)
    if found is not None:
        return found
    best: Embedded | None = None
    for source, strings in _framework_data(scripts):
        markdown, text = _render(strings, url)
        if len(text) >= MIN_EMBEDDED_CHARS and (best is None or len(text) > len(best.text)):
            best = Embedded(markdown, text, source)
    return best or _noscript(raw_html)


def revise(document: Document, raw_html: str, url: str | None) -> Document:
    """`document` replaced by the embedded article of an app shell, or flagged; else as is."""
    if "challenge" in document.flags or not is_shell(document.text, raw_html):
        return document
    found = find_embedded(raw_html, url)
    if found is not None and len(found.text) > max(2 * len(document.text), MIN_EMBEDDED_CHARS):
        return attrs.evolve(
            document,
            title=document.title or found.title,
            markdown=found.markdown,
            text=found.text,
            flags=tuple(f for f in document.flags if f not in {"needs_javascript", "empty"}),
            notice=f"The page is a JavaScript application; its text was read from the data "
            f"it embeds ({found.source}), not from its visible HTML.",
        )
    if found is not None:  # what the page embeds is what it shows: nothing hidden
        return document
    if "needs_javascript" in document.flags or len(document.text) >= NEEDS_JS_CHARS:
        return document
    flags = (*(f for f in document.flags if f != "empty"), "needs_javascript")
    return attrs.evolve(document, flags=flags, notice=NEEDS_JS_NOTICE)
