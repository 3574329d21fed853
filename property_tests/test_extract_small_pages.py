"""Shortcuts of the HTML reader's fixed cost answer exactly what the full steps do.

- `read_inline` (very small pages, read on the event loop): its `Document` equals
  `extract_content`'s for the same body, type and URL, with images as links and as alt text.
- `classify.all_content` (pages whose blocks are all paragraphs and headings of one
  parent, no links, no furniture): whenever it vouches for the blocks, `classify_steps`
  keeps every block.

Pages are built from the parts small pages are made of: the shapes of recorded tiny pages
(test fixtures of HTTP libraries: `<html><body>42</body></html>`, `<h1>It works!</h1>`, a
title and one paragraph with the template's line breaks and indentation, error pages with
a heading and a sentence), and what could trip a shortcut: attributes (class names of
furniture, hidden, style, lang), comments, entities (`&copy;`, `&amp;`, numeric, unknown),
scripts and styles, nav/footer, lists, links, images, figures, meta tags, odd nesting,
unclosed tags, control characters, repeated lines, long paragraphs.
"""

from __future__ import annotations

from hypothesis import event, given
from hypothesis import strategies as st
from lxml import etree

from webdistill.adapters.extract.dispatch import extract_content
from webdistill.adapters.extract.html.classify import all_content, classify_steps
from webdistill.adapters.extract.html.measure import measure
from webdistill.adapters.extract.html.parsing import parse_html
from webdistill.adapters.extract.html.reader import (
    JUNK_TAGS,
    _article_container,
    _unwrap_noscript,
    find_main,
)
from webdistill.adapters.extract.html.segment import BlockMaker
from webdistill.adapters.extract.inline import inline_kind, read_inline

_WORDS = st.sampled_from(
    ["the", "hello", "Not Found", "It works!", "42", "OK", "and it was", "&amp;", "&copy;",
     "&#169;", "&#x41;", "&zz;", "&lt;b&gt;", "  ", "\n", "\t", "\x01", "\x0b", "a](b) .",
     "Moved", "The requested URL was not found on this server.", "|", " - ", "[x]", "*", "#",
     "der die das", "la le les", "\u00a0", "&nbsp;", "I heard you like HTML.",
     "The board voted on the plan and the council will meet again on Monday."]
)  # fmt: skip
_TEXT = st.lists(_WORDS, max_size=6).map(" ".join)
_ATTRS = st.sampled_from(
    ["", "", "", ' class="nav"', ' class="footer"', ' id="main"', " hidden",
     ' style="display:none"', ' lang="de"', ' role="main"', ' class="caption"',
     ' aria-hidden="true"', ' itemprop="author"', ' rel="author"', ' class="sr-only"']
)  # fmt: skip
_BLOCK_TAGS = st.sampled_from(["p", "p", "p", "h1", "h2", "h3", "h6", "div", "li", "blockquote"])
_INLINE = st.sampled_from(
    ["", "", "", "<b>x</b>", "<a href=/l>link</a>", "<br>", "<img src=/i.png alt=pic>"]
)


@st.composite
def _block(draw: st.DrawFn) -> str:
    tag = draw(_BLOCK_TAGS)
    closed = draw(st.booleans()) or tag != "p"
    inner = draw(_TEXT) + draw(_INLINE) + draw(st.sampled_from(["", "", draw(_TEXT)]))
    return f"<{tag}{draw(_ATTRS)}>{inner}" + (f"</{tag}>" if closed else "")


_EXTRA = st.sampled_from(
    ["", "", "", "<!-- c -->", "<script>var a=1;</script>", "<style>p{}</style>",
     "<nav>Home</nav>", "<footer>&copy; 2024</footer>", "<ul><li>a<li>b</ul>", "<hr>",
     "<figure><p>cap</p></figure>", "<noscript>js</noscript>", "text", "<div>", "</div>"]
)  # fmt: skip
_HEAD = st.sampled_from(
    ["", "<title>t</title>", "<title>Page | Site</title>", "<title></title>",
     "<title>404 Not Found</title>", '<meta charset="utf-8"><title>x</title>',
     '<meta name="description" content="d">', '<meta name="author" content="Ann">',
     '<link rel="author" href="/a">', '<title lang="en">T</title>', "<title>a - b</title>",
     '<meta property="og:title" content="OG">', "<base href=/>"]
)  # fmt: skip


@st.composite
def tiny_pages(draw: st.DrawFn) -> bytes:
    """A small page, often of the plain shape, sometimes with a part that is not."""
    doctype = draw(st.sampled_from(["", "<!DOCTYPE html>\n", "<!doctype html>"]))
    html_open = draw(st.sampled_from(["<html>", '<html lang="en">', '<html lang="">',
                                      '<html class="x">', "", "<html>\n"]))  # fmt: skip
    head = draw(_HEAD)
    head = draw(st.sampled_from([f"<head>{head}</head>", head, f"<head>\n  {head}\n</head>\n"]))
    sep = draw(st.sampled_from(["", "\n", "\n  "]))
    blocks = draw(st.lists(st.one_of(_block(), _EXTRA, _TEXT), max_size=5))
    body_open = draw(st.sampled_from(["<body>", "", "<body>\n", '<body class="home">']))
    body_close = draw(st.sampled_from(["</body>", "", "</body>\n"]))
    tail = draw(st.sampled_from(["</html>", "", "</html>\n", "</html>tail"]))
    page = doctype + html_open + head + body_open + sep + sep.join(blocks) + body_close + tail
    return page.encode("ascii", "replace")


_PLAIN_TEXT = st.lists(
    st.sampled_from(["hello", "the", "It works!", "Not Found", "and", "42", "&amp;", "  ",
                     "\n", "a](b) .", "Error", "I heard you like HTML.", "&#x41;", "&zz;",
                     "The requested URL was not found on this server."]),
    max_size=5,
).map(" ".join)  # fmt: skip


@st.composite
def plain_pages(draw: st.DrawFn) -> bytes:
    """A page of the plain shape (the shortcut's own), with its variations of blanks,
    titles, languages and paragraph counts."""
    title = draw(
        st.sampled_from(["", "<title>t</title>", "<title>A | B</title>", "<title> </title>",
                         "<title>x</title><title>y</title>"])
    )  # fmt: skip
    lang = draw(st.sampled_from(["", ' lang="en"', ' lang="fr"', ' lang=""']))
    ws = draw(st.sampled_from(["", "\n", "\n  ", " "]))
    if draw(st.booleans()):
        tags = draw(st.lists(st.sampled_from(["p", "h1", "h2", "h4"]), max_size=3))
        inner = ws.join(f"<{t}>{draw(_PLAIN_TEXT)}</{t}>" for t in tags)
    else:
        inner = draw(_PLAIN_TEXT)
    page = f"<html{lang}>{ws}<head>{title}</head>{ws}<body>{ws}{inner}{ws}</body>{ws}</html>"
    return page.encode()


_SIMPLE_TEXT = st.lists(
    st.sampled_from(["hello", "The", "a>b", '"q"', "\r\n", "\t", " ", "It works!", "x|y",
                     "Page - Site", "'s", "a](b) .", "42", "=", "Error 404", "der", "und"]),
    max_size=5,
).map("".join)  # fmt: skip


@st.composite
def simple_pages(draw: st.DrawFn) -> bytes:
    """Pages written the simplest way (read without a parse), with the variations that
    could make libxml2's tree differ: letter case, missing or stray wrappers, blanks and
    line ends, end tags of another level, titles outside <head>, a doctype."""
    ws = st.sampled_from(["", "\n", "\r\n", " ", "\n\t"])
    case = draw(st.sampled_from([str.lower, str.upper, str.title]))
    out = [draw(st.sampled_from(["", "<!DOCTYPE html>", "<!doctype html>", "<!DOCTYPE HTML>"]))]
    out.append(draw(ws))
    out.append(draw(st.sampled_from(["", "<html>", '<html lang="en">', '<html lang="">',
                                     '<html lang="fr-CA">', "<HTML>"])))  # fmt: skip
    head = draw(st.sampled_from([("", ""), ("<head>", "</head>"), ("<head>", ""), ("", "</head>")]))
    titles = draw(st.lists(_SIMPLE_TEXT, max_size=2))
    out += [head[0], draw(ws), *(f"<title>{t}</title>{draw(ws)}" for t in titles), head[1]]
    out.append(draw(st.sampled_from(["", "<body>", "<BODY>"])) + draw(ws))
    for _ in range(draw(st.integers(0, 4))):
        tag = case(draw(st.sampled_from(["p", "h1", "h2", "h6"])))
        end = draw(st.sampled_from([tag, tag, tag, tag.lower(), "h3", "p", ""]))
        closing = f"</{end}>" if end else ""
        out.append(f"<{tag}>{draw(_SIMPLE_TEXT)}{closing}{draw(ws)}")
    out += [
        draw(st.sampled_from(["", "</body>"])),
        draw(ws),
        draw(st.sampled_from(["", "</html>"])),
    ]
    out.append(draw(ws))
    return "".join(out).encode()


_TYPES = st.sampled_from(["text/html", "text/html; charset=utf-8", None,
                          "text/html; charset=utf-16", "application/xhtml+xml"])  # fmt: skip
_URLS = st.sampled_from([None, "https://example.org/a/page", "https://example.org/x.md"])


def _check_same(body: bytes, content_type: str | None, url: str | None) -> None:
    if inline_kind(body, content_type, url) != "text/html":
        event("not inline HTML")
    for image_links in (True, False):
        inline = read_inline(body, content_type, url, image_links=image_links)
        if inline is not None:
            assert inline == extract_content(body, content_type, url, image_links=image_links)


@given(body=tiny_pages(), content_type=_TYPES, url=_URLS)
def test_inline_reader_answers_what_the_reader_would(
    body: bytes, content_type: str | None, url: str | None
) -> None:
    _check_same(body, content_type, url)


@given(body=simple_pages(), content_type=_TYPES, url=_URLS)
def test_inline_reader_on_simply_written_pages(
    body: bytes, content_type: str | None, url: str | None
) -> None:
    _check_same(body, content_type, url)


@given(body=plain_pages(), content_type=_TYPES, url=_URLS)
def test_inline_reader_on_plain_pages(
    body: bytes, content_type: str | None, url: str | None
) -> None:
    _check_same(body, content_type, url)


#: Recorded shapes of tiny pages (HTTP libraries' test fixtures, default server pages).
REAL_SHAPES = [
    b"<html><head><title>t</title></head><body><p>hello</p></body></html>",
    b"<html><body>42</body></html>",
    b"<html><body><h1>It works!</h1></body></html>",
    b"<h1>Hello</h1>",
    b"<!DOCTYPE html>\n<html>\n<head>\n  <title>yo dawg</title>\n</head>\n<body>\n"
    b"  <p>I heard u like HTML.</p>\n</body>\n</html>\n",
    b"<html>\n<head><title>Hello Title!</title>\n</head>\n<body>\n<h1>Hello Headline!</h1>\n"
    b"<p>Hello World!</p>\n</body>\n</html>",
    b'<html lang="en"><head><title>404 Not Found</title></head><body><h1>Not Found</h1>'
    b"<p>The requested URL was not found on this server.</p></body></html>",
    b"OK",
]


def test_real_small_shapes_are_read_inline_alike() -> None:
    for body in REAL_SHAPES:
        inline = read_inline(body, "text/html", "https://example.org/")
        assert inline is not None, body
        assert inline == extract_content(body, "text/html", "https://example.org/")


# --- classify.all_content ------------------------------------------------------------

_PAGE_BLOCK = st.sampled_from(
    ["<p>{}</p>", "<h1>{}</h1>", "<h2>{}</h2>", "<p>{}</p>", "<p>{}</p>", "<div>{}</div>",
     '<p class="nav">{}</p>', "<p>{} <a href=/l>link</a></p>", "<li>{}</li>", "<pre>{}</pre>",
     '<p style="display:none">{}</p>', "<figure><p>{}</p></figure>", "<footer>{}</footer>",
     "<blockquote>{}</blockquote>", "{}"]
)  # fmt: skip
_PAGE_TEXT = st.sampled_from(
    ["Short line.", "Home", "&copy; 2024 Example", "menu",
     "The council met on Monday and decided that the new bridge over the river would be "
     "built next year, after a long debate about its cost and about the traffic it brings.",
     "It was the best of times, it was the worst of times, it was the age of wisdom, it was "
     "the age of foolishness, it was the epoch of belief, it was the epoch of incredulity.",
     "Der Rat hat am Montag beschlossen, dass die neue Br\u00fccke gebaut wird, und die Stadt "
     "wird die Kosten tragen, die nach langer Debatte nun feststehen.",
     "\u65b0\u3057\u3044\u6a4b\u306f\u6765\u5e74\u5efa\u8a2d\u3055\u308c\u307e\u3059\u3002"]
)  # fmt: skip
_WRAPPERS = st.sampled_from(
    ["{}", "{}", "<div>{}</div>", "<article>{}</article>", '<div class="content">{}</div>',
     "<main>{}</main>", '<div class="sidebar">{}</div>', "<section><div>{}</div></section>"]
)  # fmt: skip


@st.composite
def pages(draw: st.DrawFn) -> str:
    """Pages of paragraphs and headings, inside one wrapper or spread over several."""
    groups = []
    for _ in range(draw(st.integers(1, 3))):
        blocks = draw(st.lists(st.tuples(_PAGE_BLOCK, _PAGE_TEXT), min_size=1, max_size=6))
        inner = "".join(shape.format(text) for shape, text in blocks)
        groups.append(draw(_WRAPPERS).format(inner))
    return "<html><body>" + draw(_WRAPPERS).format("".join(groups)) + "</body></html>"


def _blocks_of(html: str) -> tuple[list, etree._Element | None]:  # type: ignore[type-arg]
    """The reader's blocks of `html` and its dense container, as `extract_html` makes them."""
    root = parse_html(html).root
    assert root is not None
    etree.strip_elements(root, *JUNK_TAGS, with_tail=False)
    _unwrap_noscript(root)
    body = root.find("body")
    body = root if body is None else body
    measures = measure(body)
    blocks = BlockMaker(None, find_main(measures), measures).walk(body)
    return blocks, _article_container(body, measures)


def _check_all_content(html: str) -> None:
    blocks, dense = _blocks_of(html)
    if not blocks or not all_content(blocks, dense):
        event("steps needed")
        return
    event("all content")
    classify_steps(blocks, "English", dense)
    assert [b.class_type for b in blocks] == ["good"] * len(blocks)


@given(html=pages())
def test_all_content_vouches_only_for_what_the_steps_keep(html: str) -> None:
    _check_all_content(html)


@st.composite
def one_parent_pages(draw: st.DrawFn) -> str:
    """Paragraphs and headings of one parent (what `all_content` looks for), sometimes
    beside another group of long paragraphs (a denser container elsewhere)."""
    blocks = draw(
        st.lists(
            st.tuples(st.sampled_from(["<p>{}</p>", "<h1>{}</h1>", "<h3>{}</h3>"]), _PAGE_TEXT),
            min_size=1,
            max_size=8,
        )
    )
    group = draw(_WRAPPERS).format("".join(shape.format(text) for shape, text in blocks))
    other = draw(st.sampled_from(["", "", "<div><p>{0}</p><p>{0}.</p></div>", "<p>{0}</p>"]))
    long_text = draw(_PAGE_TEXT)
    parts = [group, other.format(long_text)]
    if draw(st.booleans()):
        parts.reverse()
    return "<html><body>" + draw(_WRAPPERS).format("".join(parts)) + "</body></html>"


@given(html=one_parent_pages())
def test_all_content_on_pages_of_one_parent(html: str) -> None:
    _check_all_content(html)
