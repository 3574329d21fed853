"""The error model: every failure the kernel or an adapter reports is a `WebError`.

`ErrorCode` string values are a public contract (agents and scripts match on them).
Messages are written for the LLM that reads them: what went wrong and what to do next.
A message is `OwnText` (`kernel.own_text.own`: a literal template with closed-form parts), so
it may stand outside the untrusted-content fence; what a server wrote about the failure goes
to `detail[WEB_TEXT]`, which the renderer shows fenced.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType

import attrs

from webdistill.kernel.own_text import OwnText


class ErrorCode(enum.StrEnum):
    """Why a request, or one item of it, failed."""

    INVALID_INPUT = "INVALID_INPUT"
    INVALID_URL = "INVALID_URL"
    BLOCKED_URL = "BLOCKED_URL"
    PROVIDER_NOT_CONFIGURED = "PROVIDER_NOT_CONFIGURED"
    PROVIDER_AUTH_FAILED = "PROVIDER_AUTH_FAILED"
    PROVIDER_RATE_LIMITED = "PROVIDER_RATE_LIMITED"
    PROVIDER_UNAVAILABLE = "PROVIDER_UNAVAILABLE"
    INVALID_BACKEND_DATA = "INVALID_BACKEND_DATA"
    TIMEOUT = "TIMEOUT"
    NETWORK_ERROR = "NETWORK_ERROR"
    HTTP_ERROR = "HTTP_ERROR"
    TOO_LARGE = "TOO_LARGE"
    UNSUPPORTED_CONTENT = "UNSUPPORTED_CONTENT"
    COMPRESSION_FAILED = "COMPRESSION_FAILED"
    #: A bug or an unexpected failure inside webdistill (not the network, not the input):
    #: not retryable; the traceback is logged.
    INTERNAL_ERROR = "INTERNAL_ERROR"
    NOT_FOUND = "NOT_FOUND"


#: Codes where trying again later may succeed without changing the request.
RETRYABLE_CODES = frozenset(
    {
        ErrorCode.PROVIDER_RATE_LIMITED,
        ErrorCode.PROVIDER_UNAVAILABLE,
        ErrorCode.TIMEOUT,
        ErrorCode.NETWORK_ERROR,
    }
)


def _frozen_detail(value: Mapping[str, object] | None) -> Mapping[str, str]:
    if not value:
        return MappingProxyType({})
    return MappingProxyType({str(k): str(v) for k, v in value.items()})


@attrs.frozen(hash=False)
class WebError:
    """A failure with a stable `code`, an actionable `message` and string `detail`."""

    code: ErrorCode
    message: OwnText
    retryable: bool = False
    detail: Mapping[str, str] = attrs.field(factory=dict, converter=_frozen_detail)

    @classmethod
    def of(
        cls,
        code: ErrorCode,
        message: OwnText,
        *,
        retryable: bool | None = None,
        **detail: object,
    ) -> WebError:
        """Build an error; `retryable` defaults from the code, `detail` values become strings."""
        if retryable is None:
            retryable = code in RETRYABLE_CODES
        return cls(code=code, message=message, retryable=retryable, detail=detail)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form: `{"code", "message", "retryable", "detail"}`."""
        return {
            "code": self.code.value,
            "message": self.message,
            "retryable": self.retryable,
            "detail": dict(self.detail),
        }
