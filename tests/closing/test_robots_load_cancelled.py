"""A robots.txt download that no page read waits for any more is cancelled (issue 33,
finding 3 of the session-11 attack on the toolkit's close).

robots.txt is loaded once per origin in a task of its own that the page reads of that
origin wait for (shielded, so one read's deadline does not end it for the others). Before,
nothing cancelled that task when every read waiting for it had gone (their deadline fired),
and it had no timer of its own (it inherited the first read's deadline as "enclosing"): a
robots.txt that never answered held its connection until the toolkit closed. Now the last
read to stop waiting cancels it; while one still waits it goes on.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping

import attrs
from returns.result import Result, Success

from tests.http.rawserver import raw_server, read_request
from webdistill import Config, build
from webdistill.adapters.pipeline.robots import RobotsResponse, RobotsRules
from webdistill.kernel.errors import WebError


async def test_a_robots_download_nobody_waits_for_is_cancelled() -> None:
    robots_came, robots_gone = asyncio.Event(), asyncio.Event()
    pages: list[bytes] = []

    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = await read_request(reader)
        if head.startswith(b"GET /robots.txt "):
            robots_came.set()
            await reader.read()  # never answers; b"" once the client has let go
            robots_gone.set()
        else:
            pages.append(head)

    async with raw_server(handler) as base:
        settings = attrs.evolve(
            Config(allow_http=True, trusted_addresses=("127.0.0.1",), cache="off"),
            fetch_timeout_ms=60_000,  # the robots download's own timer cannot end it here
            respect_robots=True,
        )
        async with build(settings) as toolkit:
            # The page read's own deadline (timeout_ms) fires while robots.txt is held.
            (outcome,) = (await toolkit.fetch({"url": f"{base}/page", "timeout_ms": 300})).unwrap()
            assert outcome.error is not None and outcome.error.code.value == "TIMEOUT", outcome
            assert robots_came.is_set()
            try:
                await asyncio.wait_for(robots_gone.wait(), 20)  # a hang guard only
            except TimeoutError:
                raise AssertionError(
                    "the robots.txt download held its connection after its page read ended"
                ) from None
        assert not pages


@attrs.frozen
class _Answer:
    status: int
    body: bytes


class HeldRobots:
    """A hand-written `RobotsClient`: every `get` waits until `release`; counts how many
    started and how many were cancelled."""

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.started = 0
        self.cancelled = 0

    async def get(
        self, url: str, *, headers: Mapping[str, str] | None = None
    ) -> Result[RobotsResponse, WebError]:
        self.started += 1
        try:
            await self.release.wait()
        except asyncio.CancelledError:
            self.cancelled += 1
            raise
        return Success(_Answer(200, b"User-agent: *\nDisallow: /private\n"))


async def settle() -> None:
    for _ in range(10):
        await asyncio.sleep(0)


async def test_the_load_goes_on_while_one_read_waits_and_ends_with_the_last() -> None:
    client = HeldRobots()
    rules = RobotsRules(client, "webdistill-test")
    first = asyncio.create_task(rules.refusal("http://example.com/a"))
    second = asyncio.create_task(rules.refusal("http://example.com/private/b"))
    await settle()
    assert client.started == 1  # one download for the origin
    first.cancel()
    await asyncio.gather(first, return_exceptions=True)
    await settle()
    assert client.cancelled == 0  # the second read still waits for it
    second.cancel()
    await asyncio.gather(second, return_exceptions=True)
    await settle()
    assert client.cancelled == 1  # nobody waits: the download is cancelled
    # A later read starts a new download (nothing was cached from the cancelled one).
    third = asyncio.create_task(rules.refusal("http://example.com/private/c"))
    await settle()
    assert client.started == 2
    client.release.set()
    refusal = await third
    assert refusal is not None and refusal.code.value == "BLOCKED_URL"
    assert await rules.refusal("http://example.com/a") is None
    assert client.started == 2


async def test_a_read_arriving_as_the_load_is_cancelled_gets_a_new_one() -> None:
    """The cancelled load leaves the table at once: a read that comes in the same turn
    waits for a new download, not for the cancelled one (its CancelledError is not its own)."""
    client = HeldRobots()
    rules = RobotsRules(client, "webdistill-test")
    first = asyncio.create_task(rules.refusal("http://example.com/a"))
    await settle()
    first.cancel()
    second = asyncio.create_task(rules.refusal("http://example.com/b"))
    await asyncio.gather(first, return_exceptions=True)
    await settle()
    client.release.set()
    assert await asyncio.wait_for(second, 10) is None  # a hang guard
    assert client.started == 2 and client.cancelled == 1
