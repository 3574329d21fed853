"""The MCP bridge reads the errors the real tavily-mcp server relays as the direct Tavily
provider reads the same bodies (issue 28, found by an attack test).

Shape source: tavily-ai/tavily-mcp `src/index.ts` @7bcf907 (CallTool handler's catch):
an axios error that `search()` does not itself rewrite (every status but 401 and 429) is
answered `isError: true` with text
    `Tavily API error: ${JSON.stringify(responseData.detail)}\nDocumentation: ${docsUrl}`
Tavily's own bodies: tests/providers/fixtures/tavily/error-432.json / error-400.json
(the same bodies the direct Tavily provider maps to rate limited / rejected).
"""

from __future__ import annotations

import json
from pathlib import Path

from mcp.types import CallToolResult, TextContent

from webdistill.adapters.providers.mcp_bridge import rows_of, tool_error
from webdistill.kernel.errors import ErrorCode

FIXTURES = Path(__file__).parent / "fixtures" / "tavily"
DOCS = "\nDocumentation: https://docs.tavily.com/documentation/api-reference/endpoint/search"


def relayed(fixture: str) -> CallToolResult:
    detail = json.loads((FIXTURES / fixture).read_text())["detail"]
    text = f"Tavily API error: {json.dumps(detail, separators=(',', ':'))}{DOCS}"
    return CallToolResult(content=[TextContent(type="text", text=text)], isError=True)


def test_tavily_mcp_relayed_432_plan_limit_is_a_rate_limit_not_an_outage() -> None:
    error = rows_of(relayed("error-432.json")).failure()
    # The direct Tavily provider answers PROVIDER_RATE_LIMITED, not retryable, for this body.
    assert error.code is ErrorCode.PROVIDER_RATE_LIMITED, (error.code, error.message)
    assert not error.retryable


def test_tavily_mcp_relayed_400_is_not_a_retryable_outage() -> None:
    error = rows_of(relayed("error-400.json")).failure()
    # "Invalid topic. Must be ..." is a refused value: retrying the same call cannot help.
    assert not error.retryable, (error.code, error.message)


def test_a_relayed_outage_stays_retryable_and_a_relayed_status_decides() -> None:
    # axios' own message, relayed when the upstream body is no JSON object (index.ts @7bcf907).
    outage = tool_error("Tavily API error: Request failed with status code 502")
    assert outage.code is ErrorCode.PROVIDER_UNAVAILABLE and outage.retryable
    refused = tool_error("Tavily API error: Request failed with status code 400")
    assert not refused.retryable
