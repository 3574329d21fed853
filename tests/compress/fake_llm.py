"""A fake OpenAI-compatible chat-completions server for tests (served on 127.0.0.1 only).

It records every request body and header, and answers each call with the next behaviour of
its script (then `default`): "ok", "slow", "429", "500", "401", "400", "malformed",
"no_choices", "empty", "refusal", "sorry", "filtered", "think", "verbose".
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from aiohttp import web

MERGE_MARK = "Merge these compressed notes"
SECRET_ECHO = "Incorrect API key provided: {key}"


class FakeChatServer:
    """Scripted `/v1/chat/completions`; `requests` holds the JSON bodies received."""

    def __init__(
        self,
        script: list[str] | None = None,
        default: str = "ok",
        delay_s: float = 0.0,
        slow_s: float = 1.0,
    ) -> None:
        self.script = list(script or [])
        self.default = default
        self.delay_s = delay_s
        self.slow_s = slow_s
        self.requests: list[dict[str, Any]] = []
        self.authorizations: list[str | None] = []
        self.in_flight = 0
        self.max_in_flight = 0

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_post("/v1/chat/completions", self.handle)
        return app

    def user_prompts(self) -> list[str]:
        return [str(body["messages"][-1]["content"]) for body in self.requests]

    def merge_prompts(self) -> list[str]:
        return [prompt for prompt in self.user_prompts() if MERGE_MARK in prompt]

    def chunk_prompts(self) -> list[str]:
        return [prompt for prompt in self.user_prompts() if MERGE_MARK not in prompt]

    async def handle(self, request: web.Request) -> web.StreamResponse:
        body = await request.json()
        self.requests.append(body)
        self.authorizations.append(request.headers.get("Authorization"))
        behaviour = self.script.pop(0) if self.script else self.default
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            await asyncio.sleep(self.delay_s)
            return await self._answer(behaviour, body, request)
        finally:
            self.in_flight -= 1

    async def _answer(
        self, behaviour: str, body: dict[str, Any], request: web.Request
    ) -> web.StreamResponse:
        if behaviour == "slow":
            await asyncio.sleep(self.slow_s)
            return _completion("too late")
        if behaviour in ("429", "500", "400"):
            return web.json_response(
                {"error": {"message": f"fake {behaviour}"}}, status=int(behaviour)
            )
        if behaviour == "401":
            key = request.headers.get("Authorization", "").removeprefix("Bearer ")
            return web.json_response(
                {"error": {"message": SECRET_ECHO.format(key=key)}}, status=401
            )
        if behaviour == "malformed":
            return web.Response(text='{"choices": [{"message": ', content_type="application/json")
        if behaviour == "no_choices":
            return web.json_response({"id": "x", "choices": []})
        if behaviour == "empty":
            return _completion("   ")
        if behaviour == "refusal":
            return web.json_response(
                {"choices": [{"message": {"content": None, "refusal": "I can't help."}}]}
            )
        if behaviour == "sorry":
            return _completion("I'm sorry, but I can't help with that request.")
        if behaviour == "filtered":
            return _completion("partial", finish_reason="content_filter")
        if behaviour == "verbose":
            return _completion("This page says many things. " * 400)
        if behaviour == "think":
            return _completion("<think>reasoning here</think>\n\n# Kept\n\nThe answer is 42.")
        return _completion(_summary_of(body))


def _summary_of(body: dict[str, Any]) -> str:
    """A deterministic answer naming what was asked: `summary-<part>` or `merged-<n>`."""
    prompt = str(body["messages"][-1]["content"])
    if MERGE_MARK in prompt:
        parts = re.findall(r"<<<PART \d+", prompt)
        return f"merged-{len(parts)}"
    part = re.search(r"part (\d+) of (\d+)", prompt)
    return f"summary-{part.group(1)}" if part else "summary-page"


def _completion(content: str, finish_reason: str = "stop") -> web.Response:
    payload = {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": finish_reason,
            }
        ],
    }
    return web.Response(text=json.dumps(payload), content_type="application/json")
