"""A fake OpenAI-compatible chat-completions server for tests (served on 127.0.0.1 only).

It records every request body and header, and answers each call with the next behaviour of
its script (then `default`): "ok", "slow", "429", "429-date" (Retry-After as an HTTP date
`retry_after_s` ahead), "429-long" (Retry-After: 120 seconds), "500", "401", "400",
"malformed", "no_choices", "empty", "refusal", "sorry", "filtered", "length", "think",
"verbose".

The answers have the shape of recorded OpenAI responses (gpt-4o-mini, 2024-2025: `id`,
`object`, `created`, `model`, `choices[].message` with `role`, `content`, `refusal: null`,
`annotations`, `logprobs: null`, `finish_reason`, `usage` with token details,
`service_tier`, `system_fingerprint`). A refusal is `content: null` with the refusal text in
`message.refusal` and `finish_reason: "stop"`; a content-filter stop is Azure OpenAI's shape
(`finish_reason: "content_filter"`, `content_filter_results` per choice); a cut-off answer is
`finish_reason: "length"` with the text stopping mid-sentence.
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import re
import time
from typing import Any

from aiohttp import web

MERGE_MARK = "Merge these compressed notes"
SECRET_ECHO = "Incorrect API key provided: {key}"
_PAGE_FENCE = re.compile(r"<<<PAGE ([0-9a-f]+)\n(.*)\nPAGE \1>>>", re.DOTALL)


class FakeChatServer:
    """Scripted `/v1/chat/completions`; `requests` holds the JSON bodies received."""

    def __init__(
        self,
        script: list[str] | None = None,
        default: str = "ok",
        delay_s: float = 0.0,
        slow_s: float = 1.0,
        retry_after_s: float = 2.0,
    ) -> None:
        self.script = list(script or [])
        self.default = default
        self.delay_s = delay_s
        self.slow_s = slow_s
        self.retry_after_s = retry_after_s
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
            return _error(int(behaviour), f"fake {behaviour}")
        if behaviour == "429-date":
            when = email.utils.formatdate(time.time() + self.retry_after_s, usegmt=True)
            return _error(429, "Rate limit reached for requests", {"Retry-After": when})
        if behaviour == "429-long":
            return _error(429, "Rate limit reached for requests", {"Retry-After": "120"})
        if behaviour == "401":
            key = request.headers.get("Authorization", "").removeprefix("Bearer ")
            return _error(401, SECRET_ECHO.format(key=key))
        if behaviour == "malformed":
            return web.Response(text='{"choices": [{"message": ', content_type="application/json")
        if behaviour == "no_choices":
            return web.json_response({"id": "x", "choices": []})
        if behaviour == "empty":
            return _completion("   ")
        if behaviour == "refusal":
            return _completion(None, refusal="I'm sorry, I cannot assist with that request.")
        if behaviour == "sorry":  # a short honest answer, not a refusal
            return _completion("Sorry, the page has no prices; it lists opening hours only.")
        if behaviour == "filtered":
            return _completion("The page describes", finish_reason="content_filter")
        if behaviour == "length":
            return _completion("# Notes\n\nThe page lists the tide tables for", "length")
        if behaviour == "verbose":
            return _completion("This page says many things. " * 400)
        if behaviour == "think":
            return _completion("<think>reasoning here</think>\n\n# Kept\n\nThe answer is 42.")
        return _completion(_summary_of(body))


def page_of(prompt: str) -> str | None:
    """The page text between the nonce fences of a compress prompt (None if not fenced)."""
    found = _PAGE_FENCE.search(prompt)
    return found.group(2) if found else None


def _summary_of(body: dict[str, Any]) -> str:
    """A deterministic answer naming what was asked: `summary-<part>` or `merged-<n>`."""
    prompt = str(body["messages"][-1]["content"])
    if MERGE_MARK in prompt:
        parts = re.findall(r"<<<PART \d+ [0-9a-f]+\n", prompt)
        return f"merged-{len(parts)}"
    part = re.search(r"part (\d+) of (\d+)", prompt)
    return f"summary-{part.group(1)}" if part else "summary-page"


def _error(status: int, message: str, headers: dict[str, str] | None = None) -> web.Response:
    payload = {"error": {"message": message, "type": "requests", "param": None, "code": None}}
    return web.json_response(payload, status=status, headers=headers)


def _completion(
    content: str | None, finish_reason: str = "stop", refusal: str | None = None
) -> web.Response:
    choice: dict[str, Any] = {
        "index": 0,
        "message": {
            "role": "assistant",
            "content": content,
            "refusal": refusal,
            "annotations": [],
        },
        "logprobs": None,
        "finish_reason": finish_reason,
    }
    if finish_reason == "content_filter":
        choice["content_filter_results"] = {
            "hate": {"filtered": False, "severity": "safe"},
            "self_harm": {"filtered": False, "severity": "safe"},
            "sexual": {"filtered": False, "severity": "safe"},
            "violence": {"filtered": True, "severity": "medium"},
        }
    payload = {
        "id": "chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT",
        "object": "chat.completion",
        "created": 1741569952,
        "model": "fake-model-2025-01-01",
        "choices": [choice],
        "usage": {
            "prompt_tokens": 19,
            "completion_tokens": 10,
            "total_tokens": 29,
            "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
            "completion_tokens_details": {
                "reasoning_tokens": 0,
                "audio_tokens": 0,
                "accepted_prediction_tokens": 0,
                "rejected_prediction_tokens": 0,
            },
        },
        "service_tier": "default",
        "system_fingerprint": "fp_0705bf87c0",
    }
    return web.Response(text=json.dumps(payload), content_type="application/json")
