"""Content-Encoding decoding under a cap: exactly the body's first bytes, never short.

Whatever the codings (one or two stacked), the compression level, how the wire is chunked and
where the cap falls, the decoded output is the body's first `cap + 1` bytes: the whole body
when it fits (so "complete" is never a lie), one byte over the cap when it does not.
"""

from __future__ import annotations

import gzip
import zlib
from collections.abc import Callable

import brotli  # type: ignore[import-untyped]
from hypothesis import given
from hypothesis import strategies as st

from webdistill.adapters.http.decoders import decoder_for

ENCODERS: dict[str, Callable[[bytes, int], bytes]] = {
    "gzip": lambda data, level: gzip.compress(data, compresslevel=level),
    "deflate": zlib.compress,
    "br": lambda data, level: brotli.compress(data, quality=min(level, 11)),
}
codings = st.lists(st.sampled_from(sorted(ENCODERS)), min_size=1, max_size=2)
bodies = st.one_of(
    st.binary(max_size=3000),  # incompressible: stored blocks, inner streams longer than text
    st.text(alphabet="ab <p>", max_size=3000).map(str.encode),  # compressible
)


@given(bodies, codings, st.integers(0, 9), st.integers(1, 4000), st.integers(1, 700))
def test_decoding_gives_exactly_the_first_cap_plus_one_bytes(
    body: bytes, names: list[str], level: int, cap: int, chunk: int
) -> None:
    data = body
    for name in names:
        data = ENCODERS[name](data, level)
    decoder = decoder_for(", ".join(names), cap + 1)
    assert decoder is not None
    out = b""
    for i in range(0, len(data), chunk):
        out += b"".join(decoder.feed(data[i : i + chunk], cap + 1 - len(out)))
        assert len(out) <= cap + 1
        if len(out) > cap:
            break
    assert out == body[: cap + 1]
    assert not decoder.cut


@given(
    bodies,
    st.sampled_from(sorted(ENCODERS)),
    st.integers(0, 9),
    st.lists(st.tuples(st.integers(1, 900), st.integers(0, 5000)), min_size=1, max_size=40),
)
def test_small_or_spent_budgets_hold_output_back_but_never_drop_it(
    body: bytes, name: str, level: int, steps: list[tuple[int, int]]
) -> None:
    # a caller that gives small (or no) budgets and comes back later gets every byte, in order
    data = ENCODERS[name](body, level)
    decoder = decoder_for(name)
    assert decoder is not None
    out, at = b"", 0
    for size, budget in steps:
        got = b"".join(decoder.feed(data[at : at + size], budget))
        assert len(got) <= budget
        out, at = out + got, at + size
    out += b"".join(decoder.feed(data[at:], 10**9))
    assert out == body
