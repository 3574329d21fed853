"""One place that turns aiohttp / asyncio / OS exceptions into the kernel's `WebError`s.

The client catches everything at its edge and hands it here with the URL and the hop it
was fetching, so an agent learns what failed, where in the redirect chain, and what to do.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import socket
from collections.abc import Mapping

import aiohttp

from webdistill.adapters.http.guard import BlockedAddressError, DnsTimeoutError
from webdistill.kernel.errors import RETRYABLE_CODES, ErrorCode, WebError
from webdistill.kernel.own_text import (
    WEB_TEXT,
    OwnText,
    code,
    describe_url,
    host,
    name,
    number,
    own,
    site,
)
from webdistill.kernel.quoting import shown_url

_RESET_ERRNOS = frozenset({errno.ECONNRESET, errno.EPIPE, errno.ECONNABORTED})
#: Exceptions that mean the network or the peer failed (everything else is a bug of ours).
#: What the network or the peer failing raises (anything else is a bug: INTERNAL_ERROR).
NETWORK_EXCEPTIONS = (aiohttp.ClientError, OSError, EOFError, TimeoutError)
_NETWORK_EXCEPTIONS = NETWORK_EXCEPTIONS
logger = logging.getLogger("webdistill")


def shown(url: str) -> OwnText:
    """Where `url` points, for a message: its site `scheme://host[:port]` (`own_text.site`).
    Its path and query are never quoted: a redirecting server or a search provider chose
    them (`/SYSTEM:%20IGNORE%20PREVIOUS...`); the renderer shows the URL only fenced."""
    return site(url)


def place(url: str, hop: int) -> OwnText:
    """Where a fetch failed, for its message: the caller's own URL's site at hop 0; at a
    later hop a redirect target, which a server chose (its host name can spell a sentence),
    described ("the redirect target of hop 2"): its URL is in the fenced `hop_text` detail."""
    return shown(url) if hop == 0 else own("the redirect target of hop {}", number(hop))


def hop_text(url: str, hop: int) -> dict[str, object]:
    """The fenced `WEB_TEXT` detail naming a redirect hop's full URL (hop 0 is the caller's
    own URL, shown in its heading: nothing to add)."""
    return {WEB_TEXT: f"redirect hop {hop} address: {url}"} if hop > 0 else {}


def make_error(
    code: ErrorCode,
    message: OwnText,
    detail: Mapping[str, object],
    *,
    retryable: bool | None = None,
) -> WebError:
    """A `WebError` with `detail` as a mapping (`WebError.of` takes it as keywords)."""
    if retryable is None:
        retryable = code in RETRYABLE_CODES
    return WebError(code=code, message=message, retryable=retryable, detail=dict(detail))


def _causes(exc: BaseException) -> list[BaseException]:
    """`exc` and the chain of exceptions behind it (bounded, cycle-safe)."""
    chain: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and current not in chain and len(chain) < 16:
        chain.append(current)
        current = current.__cause__ or current.__context__
    return chain


def blocked_error(reason: OwnText, url: str, hop: int, **detail: object) -> WebError:
    """BLOCKED_URL naming the URL (the agent's own; a redirect target only in the fenced
    `WEB_TEXT` detail, as the server chose it), the hop and why."""
    if hop == 0:
        where = own("the requested URL ({})", shown(url))
    else:
        where = own("redirect hop {} (to {})", number(hop), describe_url(url))
        detail = {**detail, WEB_TEXT: f"redirect target: {url}"}
    return make_error(
        ErrorCode.BLOCKED_URL,
        own(
            "Blocked {}: {}. Only public Internet addresses may be fetched; do not retry this URL.",
            where,
            reason,
        ),
        {"url": url, "hop": hop, "reason": reason, **detail},
    )


_REFUSED_TARGET = {
    ErrorCode.BLOCKED_URL: own("the policy does not allow that address; do not retry this URL"),
    ErrorCode.INVALID_URL: own("it is not a valid http(s) URL; use another source"),
}


def with_hop(error: WebError, url: str, hop: int) -> WebError:
    """A kernel refusal of `url` at redirect `hop`, with the hop named in message and detail.

    Hop 0 is the agent's own URL. A later hop's target is the server's choice: the message
    describes it ("a javascript: URL") and the refusal that quotes it goes to the fenced
    `WEB_TEXT` detail."""
    detail = {**error.detail, "url": shown_url(url, 400), "hop": str(hop)}
    if hop == 0:
        return make_error(error.code, error.message, detail, retryable=error.retryable)
    why = _REFUSED_TARGET.get(error.code, own("use another source"))
    if error.detail.get("reason") == "scheme":  # our policy's own words, not the server's
        why = own("only https pages may be fetched (WEB_ALLOW_HTTP allows http)")
    message = own(
        "Redirect hop {} to {} refused ({}): {}.",
        number(hop),
        describe_url(url),
        code(error.code),
        why,
    )
    detail[WEB_TEXT] = f"redirect target: {url}; refusal: {error.message}"
    return make_error(error.code, message, detail, retryable=error.retryable)


def closed_error(url: str | None = None) -> WebError:
    """NETWORK_ERROR for a call the toolkit's close ended or refused: a page read under way
    (queued, on the wire, being extracted), a request of the client left by its `async with`,
    or a call made after the close (`url` None: no one page is named)."""
    if url is None:
        return WebError.of(
            ErrorCode.NETWORK_ERROR,
            own(
                "The toolkit was closed before this call was answered: open a new one "
                "(`async with build(config) as toolkit:`) and call again."
            ),
            retryable=False,
            reason="the toolkit was closed",
        )
    return WebError.of(
        ErrorCode.NETWORK_ERROR,
        own(
            "The toolkit was closed before the request to {} was answered: open a new one "
            "(`async with build(config) as toolkit:`) and call again.",
            shown(url),
        ),
        retryable=False,
        url=shown_url(url, 400),
        reason="the toolkit was closed",
    )


def total_timeout_error(url: str, hop: int, seconds: float) -> WebError:
    """TIMEOUT for a fetch (all its redirects and retries) that outlived its total budget."""
    return make_error(
        ErrorCode.TIMEOUT,
        own(
            "Fetching {} took longer than {} s in total; the server is slow. "
            "Try again later or another source.",
            place(url, hop),
            number(seconds),
        ),
        {"url": url, "hop": hop, "limit_s": seconds, **hop_text(url, hop)},
    )


def is_connection_reset(exc: BaseException) -> bool:
    """Was this a connection reset / dropped by the server (worth one more try)?"""
    for cause in _causes(exc):
        if isinstance(cause, aiohttp.ServerDisconnectedError | ConnectionResetError):
            return True
        if isinstance(cause, OSError) and cause.errno in _RESET_ERRNOS:
            return True
    return False


#: getaddrinfo's answers that mean "this name does not exist" (NXDOMAIN, no address of it);
#: any other failure (EAI_AGAIN, EAI_FAIL...) means no name server could be asked or answered.
_NO_SUCH_NAME = frozenset(
    getattr(socket, name)
    for name in ("EAI_NONAME", "EAI_NODATA", "EAI_ADDRFAMILY")
    if hasattr(socket, name)
)


def _dns_error(
    exc: aiohttp.ClientConnectorDNSError, where: OwnText, detail: dict[str, object]
) -> WebError:
    """NETWORK_ERROR for a failed look-up: a name that does not exist (check the spelling)
    apart from a look-up that could not be made (no network, no name server)."""
    failures = [c for c in (exc.os_error, *_causes(exc)) if isinstance(c, socket.gaierror)]
    if failures and all(f.errno not in _NO_SUCH_NAME for f in failures):
        return make_error(
            ErrorCode.NETWORK_ERROR,
            own(
                "The host name of {} could not be resolved: no name server answered "
                "(this machine may be offline or have no DNS). Check the network and try again.",
                where,
            ),
            {**detail, "stage": "dns", "reason": "no resolver"},
        )
    return make_error(
        ErrorCode.NETWORK_ERROR,
        own(
            "The host name of {} could not be resolved: it does not exist (the name "
            "server says so); check the spelling.",
            where,
        ),
        {**detail, "stage": "dns", "reason": "no such name"},
    )


def translate(exc: BaseException, url: str, hop: int) -> WebError:
    """The `WebError` for an exception raised while fetching `url` at redirect `hop`."""
    causes = _causes(exc)
    for cause in causes:
        if isinstance(cause, BlockedAddressError):
            named = own("{} resolves", host(cause.host)) if hop == 0 else own("it resolves")
            return blocked_error(
                own(
                    "{} to {}, {} (refused at {})",
                    named,
                    host(cause.address),
                    cause.reason,
                    cause.stage,
                ),
                url,
                hop,
                address=cause.address,
            )
    detail: dict[str, object] = {"url": url, "hop": hop, "exception": type(exc).__name__}
    detail.update(hop_text(url, hop))
    where = place(url, hop)
    for cause in causes:
        if isinstance(cause, DnsTimeoutError):
            return make_error(
                ErrorCode.TIMEOUT,
                own(
                    "The DNS lookup of {} got no answer within {} s (the "
                    "name server is down or unreachable); try again later.",
                    host(cause.host) if hop == 0 else own("the host of {}", where),
                    number(cause.seconds),
                ),
                {**detail, "stage": "dns", "limit_s": cause.seconds},
            )
    if any(isinstance(c, asyncio.TimeoutError | TimeoutError) for c in causes):
        return make_error(
            ErrorCode.TIMEOUT,
            own(
                "Fetching {} timed out; the server is slow or unreachable. Try again later.",
                where,
            ),
            detail,
        )
    if isinstance(exc, aiohttp.ClientConnectorDNSError):
        return _dns_error(exc, where, detail)
    if isinstance(exc, aiohttp.ClientSSLError | aiohttp.ServerFingerprintMismatch):
        return make_error(
            ErrorCode.NETWORK_ERROR,
            own("The TLS connection to {} failed (certificate or handshake error).", where),
            detail,
            retryable=False,
        )
    if isinstance(exc, aiohttp.InvalidURL):
        return make_error(
            ErrorCode.INVALID_URL, own("{} is not a URL that can be fetched.", where), detail
        )
    if isinstance(exc, aiohttp.ClientResponseError):
        # The parser's message quotes server bytes: keep them out of an LLM-facing message.
        return make_error(
            ErrorCode.NETWORK_ERROR,
            own(
                "The server at {} sent a malformed or oversized response (status line or "
                "headers); use another source.",
                where,
            ),
            detail,
            retryable=False,
        )
    if isinstance(exc, aiohttp.ClientPayloadError):
        return make_error(
            ErrorCode.NETWORK_ERROR,
            own("The body from {} ended early or was malformed; try again later.", where),
            detail,
        )
    if isinstance(exc, aiohttp.ClientConnectorError):
        return make_error(
            ErrorCode.NETWORK_ERROR,
            own("Could not connect to {} (refused or unreachable); try again later.", where),
            detail,
        )
    if any(isinstance(c, _NETWORK_EXCEPTIONS) for c in causes):
        return make_error(
            ErrorCode.NETWORK_ERROR,
            own(
                "The connection to {} failed ({}); try again later.",
                where,
                name(type(exc).__name__),
            ),
            detail,
        )
    return internal_error(exc, own("fetching {}", where), detail)


def internal_error(exc: BaseException, doing: OwnText, detail: Mapping[str, object]) -> WebError:
    """INTERNAL_ERROR for an exception that is not the network's or the peer's fault: a bug.

    Not retryable; the traceback is logged (logger `webdistill`), the message says so.
    """
    logger.error("internal error while %s", doing, exc_info=exc)
    return make_error(
        ErrorCode.INTERNAL_ERROR,
        own(
            "An internal error ({}) happened while {}; this is a bug in "
            "webdistill, not a network problem, so retrying will not help. Use another source "
            "and report it (the traceback is in the log).",
            name(type(exc).__name__),
            doing,
        ),
        detail,
        retryable=False,
    )
