"""Hypothesis strategies for untrusted, JSON-like tool input and backend rows."""

from __future__ import annotations

from hypothesis import strategies as st

odd_text = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)),
    max_size=40,
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(allow_nan=True, allow_infinity=True),
    odd_text,
    st.sampled_from(["https://example.com/", "http://127.0.0.1/", "day", "\x00", "   "]),
)
json_like = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6),
        st.dictionaries(odd_text, inner, max_size=6),
    ),
    max_leaves=25,
)

search_keys = st.sampled_from(
    ["query", "queries", "max_results", "time_range", "include_content", "extra"]
)
fetch_keys = st.sampled_from(
    ["url", "urls", "max_chars", "start_index", "focus", "compress", "extra"]
)
search_args = st.one_of(json_like, st.dictionaries(search_keys, json_like, max_size=5))
fetch_args = st.one_of(json_like, st.dictionaries(fetch_keys, json_like, max_size=6))

hit_keys = st.sampled_from(["title", "url", "snippet", "score", "published", "description"])
search_rows = st.lists(
    st.one_of(json_like, st.dictionaries(hit_keys, json_like, max_size=6)), max_size=4
)
page_keys = st.sampled_from(["url", "content", "title", "content_type", "flags", "notice"])
page_rows = st.one_of(json_like, st.dictionaries(page_keys, json_like, max_size=6))
