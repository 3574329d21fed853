"""Hypothesis strategies for provider parsers: arbitrary JSON, shaped-ish JSON, HTML soup."""

from __future__ import annotations

import json

from hypothesis import strategies as st

STATUSES = st.sampled_from(
    [200, 202, 400, 401, 402, 403, 404, 418, 422, 429, 432, 500, 503]
) | st.integers(100, 599)

_scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20)
json_values = st.recursive(
    _scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)

_keys = st.sampled_from(
    [
        "results",
        "web",
        "organic",
        "title",
        "url",
        "link",
        "snippet",
        "description",
        "content",
        "text",
        "highlights",
        "summary",
        "score",
        "publishedDate",
        "published_date",
        "page_age",
        "age",
        "date",
        "error",
        "detail",
        "message",
        "errors",
        "meta",
        "code",
    ]
)
shaped_json = st.recursive(
    _scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(_keys, children, max_size=5),
    max_leaves=25,
)

json_bodies = (json_values | shaped_json).map(lambda value: json.dumps(value).encode())

_tags = st.sampled_from(
    [
        '<div id="links">',
        '<div class="result web-result">',
        '<div class="result result--ad">',
        '<a class="result__a" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fx.example">',
        '<a class="result-link" href="https://y.example">',
        '<a class="result__snippet">',
        '<tr class="result-sponsored">',
        "<tr>",
        "<td class='result-snippet'>",
        "</a>",
        "</div>",
        "</tr>",
        "<h2>",
        "No  results.",
        "anomaly-modal",
        "<table>",
        "\x00",
        "&amp;",
        "<!--",
    ]
)
html_bodies = st.lists(_tags | st.text(max_size=10), max_size=30).map(
    lambda parts: "".join(parts).encode("utf-8", "surrogatepass")
)

bodies = st.binary(max_size=300) | json_bodies | html_bodies
headers = st.dictionaries(
    st.sampled_from(
        ["Retry-After", "retry-after", "X-RateLimit-Reset", "X-RateLimit-Remaining", "Content-Type"]
    ),
    st.text(max_size=20),
    max_size=3,
)
