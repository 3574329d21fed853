"""Worst-case cost of reading HTML on the event loop (extract/inline.py), on hostile shapes.

Very small HTML is read inline when it is ASCII, at most INLINE_HTML_MAX_BYTES and has at
most INLINE_HTML_MAX_TAGS `<`. The HTML reader's cost grows with blocks and words, so each
shape here is built to sit at the bounds (as many tags and bytes as are allowed) in a way
that stresses one part of the reader: deep nesting, unclosed paragraphs, headings, many
attributes or classes, entity storms, long titles / meta / JSON-LD, whitespace and control
characters, CJK, tables, links, images. Every shape is checked to be taken inline (else it
would not measure the inline path), then timed through `read_inline` itself. Prints each
shape's median and worst CPU time (this process: the machine's other load does not count)
and its median wall time, and the worst median (the budget is about 2 ms).

    .venv/bin/python bench/inline_html_cost.py [--repeat 15] [--top 10]
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time

from webdistill.adapters.extract.inline import (
    INLINE_HTML_MAX_BYTES,
    INLINE_HTML_MAX_TAGS,
    read_inline,
    reads_inline,
)

URL = "https://example.org/a/page"


def _fit(make: object) -> str:
    """The largest `make(n)` (a callable of a repeat count) that is at most the cap."""
    assert callable(make)
    cap = INLINE_HTML_MAX_BYTES
    n = 1
    while len(make(n * 2).encode()) <= cap:
        n *= 2
    step = n // 2
    while step:
        if len(make(n + step).encode()) <= cap:
            n += step
        step //= 2
    return str(make(n))


def shapes() -> dict[str, str]:
    tags = INLINE_HTML_MAX_TAGS
    half = tags // 2
    blocks = [
        ("deep_div", lambda n: "<div>" * half + "word " * n + "</div>" * half),
        ("deep_inline", lambda n: "<b>" * half + "word " * n + "</b>" * half),
        ("deep_list", lambda n: "<ul><li>" * (half // 2) + "w " * n + "</li></ul>" * (half // 2)),
        ("unclosed_p", lambda n: "<p>" + ("a " * n + "<p>") * (tags - 2) + "a"),
        ("headings", lambda n: ("<h2>" + "h " * n + "</h2>") * half),
        ("h2_p", lambda n: ("<h2>h</h2><p>" + "w " * n + "</p>") * (tags // 4)),
        ("paragraph_words", lambda n: ("<p>" + "w " * n + "</p>") * half),
        ("one_paragraph_words", lambda n: "<p>" + "a " * n + "</p>"),
        ("sentences", lambda n: "<p>" + "The board voted. " * n + "</p>"),
        ("attributes", lambda n: ("<p " + "a=b " * n + ">x</p>") * half),
        ("classes", lambda n: ('<div class="' + "nav " * n + '">x</div>') * half),
        ("entities", lambda n: "<p>" + "&amp;" * n + "</p>"),
        ("numeric_entities", lambda n: "<p>" + "&#x41;" * n + "</p>"),
        ("unknown_entities", lambda n: "<p>" + "&zz;" * n + "</p>"),
        ("cjk_numeric", lambda n: "<p>" + "&#x6F22;&#x5B57;" * n + "</p>"),
        ("line_breaks", lambda n: "<p>" + ("a " * n + "<br>") * (tags - 2) + "</p>"),
        ("pre_lines", lambda n: "<pre>" + "a\n" * n + "</pre>"),
        ("long_title", lambda n: "<title>" + "t " * n + "</title><p>x</p>"),
        ("long_meta", lambda n: '<meta name="description" content="' + "d " * n + '"><p>x</p>'),
        ("json_ld", lambda n: '<script type="application/ld+json">{"author":"' + "a " * n
         + '"}</script><p>x</p>'),
        ("json_ld_nested", lambda n: '<script type="application/ld+json">' + "[" * n + "]" * n
         + "</script><p>x</p>"),
        ("comment", lambda n: "<!--" + "c" * n + "--><p>x</p>"),
        ("whitespace", lambda n: "<p>" + " \n\t" * n + "x</p>"),
        ("control_chars", lambda n: "<p>" + "\x01\x0b" * n + "</p>"),
        ("markdown_chars", lambda n: "<p>" + "*_[]`#>|\\" * n + "</p>"),
        ("urls_in_text", lambda n: "<p>" + "http://a.b/c " * n + "</p>"),
        ("table_cells", lambda n: "<table><tr>" + ("<td>" + "c " * n + "</td>") * ((tags - 6) // 2)
         + "</tr></table>"),
        ("links", lambda n: ('<a href="/' + "p" * n + '">a</a>') * half),
        ("images", lambda n: ('<img src="/i.png" alt="' + "a " * n + '">') * tags),
        ("main_and_article", lambda n: "<main><article><h1>T</h1><p>" + "w " * n
         + "</p></article></main><footer><p>f</p></footer>"),
    ]  # fmt: skip
    return {name: _fit(make) for name, make in blocks}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args()
    cases = shapes()
    for name, html in cases.items():
        body = html.encode()
        assert reads_inline(body, "text/html", URL), (name, len(body), body.count(b"<"))
    read_inline(b"<p>warm up</p>", "text/html", URL)
    rows = []
    for name, html in cases.items():
        body = html.encode()
        cpu, wall = [], []
        for _ in range(args.repeat):
            gc.collect()
            began, began_cpu = time.perf_counter(), time.process_time()
            read_inline(body, "text/html", URL)
            cpu.append(time.process_time() - began_cpu)
            wall.append(time.perf_counter() - began)
        rows.append((statistics.median(cpu), max(cpu), statistics.median(wall), name, len(body),
                     body.count(b"<")))  # fmt: skip
    rows.sort(reverse=True)
    print(f"{len(rows)} shapes at <= {INLINE_HTML_MAX_BYTES} bytes, <= {INLINE_HTML_MAX_TAGS} "
          f"tags, {args.repeat} runs each; CPU median / worst, wall median (ms):")  # fmt: skip
    for median, worst, wall_median, name, size, tags in rows[: args.top]:
        print(f"  {name:20s} {size:5d} B {tags:3d} '<'  {median * 1e3:6.2f} / {worst * 1e3:6.2f}"
              f"   {wall_median * 1e3:6.2f}")  # fmt: skip
    tiny = b"<html><head><title>t</title></head><body><p>hello</p></body></html>"
    times = []
    for _ in range(200):
        began = time.perf_counter()
        read_inline(tiny, "text/html", URL)
        times.append(time.perf_counter() - began)
    print(f"worst CPU median {rows[0][0] * 1e3:.2f} ms ({rows[0][3]}); the 70-byte page: "
          f"{statistics.median(times) * 1e6:.0f} us")  # fmt: skip


if __name__ == "__main__":
    main()
