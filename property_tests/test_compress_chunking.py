"""Properties of LLM chunking: bounded chunks that together hold all of the text, in order."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from property_tests.strategies_compress import markdown_documents
from webdistill.adapters.compress.chunking import split_chunks

documents = st.one_of(markdown_documents(), st.text(max_size=2000))


@given(documents, st.integers(min_value=1, max_value=1500))
def test_chunks_are_bounded_ordered_and_complete(text: str, chunk_chars: int) -> None:
    chunks = split_chunks(text, chunk_chars)
    assert all(0 < len(chunk) <= chunk_chars for chunk in chunks)
    assert re.sub(r"\s", "", "".join(chunks)) == re.sub(r"\s", "", text)
    position = 0
    for chunk in chunks:
        position = text.index(chunk, position) + len(chunk)
