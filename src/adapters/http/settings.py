"""Settings of the guarded HTTP client: policy, size caps, timeouts, limits, identity."""

from __future__ import annotations

import attrs

from webdistill.kernel.quoting import redacted_url
from webdistill.kernel.urls import UrlPolicy


@attrs.frozen
class HttpSettings:
    """How the guarded client fetches. Sizes are bytes, times seconds.

    `timeout_s` bounds a whole `get` (every redirect and retry included); `connect_timeout_s`
    one connection attempt; `read_timeout_s` the silence between two reads. `concurrency`
    bounds simultaneous fetches, `per_host_connections` the connections to one host.
    `proxy` is the only way traffic goes through a proxy (the environment is ignored).
    """

    policy: UrlPolicy = attrs.field(factory=UrlPolicy)
    max_response_bytes: int = 5 * 1024 * 1024
    timeout_s: float = 15.0
    connect_timeout_s: float = 10.0
    read_timeout_s: float = 10.0
    max_redirects: int = 5
    concurrency: int = 8
    per_host_connections: int = 4
    user_agent: str = "webdistill/0.1"
    proxy: str | None = attrs.field(default=None, repr=redacted_url)
    #: The proxy resolves page names itself (they are sent, vetted); default: it is sent
    #: the vetted addresses. `socks5h://` implies it (see proxy.py).
    proxy_remote_dns: bool = False
    retries: int = 2
    #: Markdown first: sites that serve agents Markdown (content negotiation) send it.
    accept: str = (
        "text/markdown, text/html;q=0.9, application/xhtml+xml;q=0.9, "
        "application/xml;q=0.8, */*;q=0.7"
    )
    #: Longest Retry-After (seconds) honoured before a retry; longer ones end the retries.
    max_retry_after_s: float = 5.0
    #: Raw (still compressed) bytes read before giving up; None means max_response_bytes + 64 KiB.
    max_wire_bytes: int | None = None

    @property
    def wire_cap(self) -> int:
        """The cap on bytes read off the wire for one response."""
        if self.max_wire_bytes is not None:
            return self.max_wire_bytes
        return self.max_response_bytes + 64 * 1024
