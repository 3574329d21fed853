"""quick_head.read_post accepts only what h11 reads the same way (issue 33).

Requests are built from a plain `POST /mcp` whose head lines are drawn from awkward pieces
(separators, controls, obs-fold, framing headers, duplicates, bytes past ASCII); whenever
`read_post` takes a request, h11 must read the same bytes as the same request: method,
target, headers (as uvicorn lists them) and body, ending at the same byte.
"""

from __future__ import annotations

import h11
from hypothesis import given
from hypothesis import strategies as st

from webdistill.doors.mcp.quick_head import QuickPost, read_post

NAMES = st.sampled_from([b"Host", b"host", b"Content-Length", b"Transfer-Encoding",
                         b"Connection", b"Expect", b"Upgrade", b"X-A", b"X A", b"X-A ",
                         b"", b"Mcp-Session-Id", b"Accept"])  # fmt: skip
ODD_VALUES = [b"127.0.0.1", b"5", b"05", b"+5", b"5, 5", b"chunked", b"keep-alive", b"close",
              b"100-continue", b" a b ", b"a\tb", b"", b"\x00", b"caf\xe9", b"a\r\n b",
              b"a\nb", b"a\rb"]  # fmt: skip
VALUES = st.one_of(st.sampled_from(ODD_VALUES), st.binary(max_size=6))
LINES = st.lists(st.tuples(NAMES, st.sampled_from([b":", b": ", b" :", b""]), VALUES), max_size=6)


def _h11_request(raw: bytes) -> tuple[h11.Request, bytes, int] | None:
    """What h11 reads from `raw` as a server: the request, its body, bytes left over."""
    server = h11.Connection(h11.SERVER)
    server.receive_data(raw)
    try:
        request = server.next_event()
        if not isinstance(request, h11.Request):
            return None
        body = b""
        while not isinstance(event := server.next_event(), h11.EndOfMessage):
            if not isinstance(event, h11.Data):
                return None
            body += event.data
    except h11.RemoteProtocolError:
        return None
    return request, body, len(server.trailing_data[0])


@given(LINES, st.binary(max_size=20), st.binary(max_size=8))
def test_what_read_post_takes_h11_reads_alike(
    lines: list[tuple[bytes, bytes, bytes]], body: bytes, after: bytes
) -> None:
    head = [b"POST /mcp HTTP/1.1", b"Host: 127.0.0.1", b"Content-Length: %d" % len(body)]
    head += [name + colon + value for name, colon, value in lines]
    raw = b"\r\n".join(head) + b"\r\n\r\n" + body + after
    post = read_post(raw, 16_384)
    if not isinstance(post, QuickPost):
        return
    read = _h11_request(raw)
    assert read is not None, raw  # h11 accepts it too
    request, h11_body, left = read
    assert (request.method, request.target, request.http_version) == (b"POST", b"/mcp", b"1.1")
    assert [(name.lower(), value) for name, value in request.headers] == post.headers
    assert h11_body == post.body
    assert len(raw) - post.size == left  # the next request starts at the same byte
