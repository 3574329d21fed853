"""The browser attack tests (issue 27). They run ONLY inside a network namespace with no
route (`unshare -n`, started by test_attacks.py), where a request that escaped the guard
could reach nothing but the canaries this module puts there.

Inside the namespace the loopback interface also carries 93.184.216.34 (the "public" site,
pages-demo.net through a fake DNS), 169.254.169.254 (cloud metadata) and 10.9.9.9 (a
private host); canaries listen on the metadata and private addresses, on another loopback
port (127.0.0.1 and ::1) and on UDP 3478 (STUN). The toolkit runs with the default policy
(http allowed, nothing private trusted). Each test fails if the guard is bypassed:
- a canary saw a connection or a datagram, or its body reached the rendered page;
- the audit log shows a request that succeeded to anything but the site;
- the browser's processes hold an inet socket (/proc/<pid>/fd against /proc/net/*): its only
  channel is the pipe to its driver.
The Python connect guard of tests/conftest.py is disarmed here: the namespace is the guard.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator, Iterator

import attrs
import pytest
import pytest_asyncio
from aiohttp import web

from tests.browser import attack_pages
from tests.browser.site import browser_or_skip
from tests.http import netguard
from tests.http.fakes_http import FakeResolver
from webdistill import Config, FetchOutcome, build
from webdistill.compose import Toolkit


def _interfaces() -> list[str]:
    """This network namespace's interfaces (/proc/net/dev is per namespace; /sys is not
    remounted by `unshare -n`)."""
    with open("/proc/net/dev", encoding="ascii") as handle:
        return sorted(row.split(":")[0].strip() for row in handle.read().splitlines()[2:])


IN_NETNS = os.environ.get("WEBDISTILL_NETNS") == "1" and _interfaces() == ["lo"]
pytestmark = [
    pytest.mark.skipif(not IN_NETNS, reason="only inside `unshare -n` (see test_attacks.py)"),
    pytest.mark.asyncio(loop_scope="module"),
]

SITE_IP = "93.184.216.34"
SITE = "pages-demo.net"
REBIND = "rebind-demo.net"
CANARY_TCP = [("169.254.169.254", 80), ("10.9.9.9", 80)]
CANARY_UDP = [("127.0.0.1", 3478), ("10.9.9.9", 3478)]


@attrs.define
class Canaries:
    loop_port: int = 0
    tcp: list[str] = attrs.field(factory=list)
    udp: list[str] = attrs.field(factory=list)

    def seen(self) -> list[str]:
        return [*self.tcp, *self.udp]


@attrs.define
class Rig:
    toolkit: Toolkit
    canaries: Canaries
    hits: dict[str, int]
    audit: list[logging.LogRecord]


@pytest.fixture(autouse=True)
def namespace_is_the_guard(loopback_only: None) -> Iterator[None]:
    was = netguard.STATE.armed
    netguard.STATE.armed = False
    try:
        yield
    finally:
        netguard.STATE.armed = was


class _Udp(asyncio.DatagramProtocol):
    def __init__(self, seen: list[str], where: str) -> None:
        self.seen, self.where = seen, where

    def datagram_received(self, data: bytes, addr: tuple[str | object, ...]) -> None:
        self.seen.append(f"udp {self.where} from {addr}")


@contextlib.asynccontextmanager
async def canaries() -> AsyncIterator[Canaries]:
    found = Canaries()

    def tcp_handler(where: str):  # type: ignore[no-untyped-def]
        async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            found.tcp.append(f"tcp {where} from {writer.get_extra_info('peername')}")
            body = attack_pages.LEAK.encode()
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))
            with contextlib.suppress(OSError):
                await writer.drain()
            writer.close()

        return handle

    servers = [await asyncio.start_server(tcp_handler(f"{h}:{p}"), h, p) for h, p in CANARY_TCP]
    loop4 = await asyncio.start_server(tcp_handler("127.0.0.1"), "127.0.0.1", 0)
    found.loop_port = loop4.sockets[0].getsockname()[1]
    loop6 = await asyncio.start_server(tcp_handler("::1"), "::1", found.loop_port)
    servers += [loop4, loop6]
    loop = asyncio.get_running_loop()
    transports = [
        (
            await loop.create_datagram_endpoint(
                lambda h=h, p=p: _Udp(found.udp, f"{h}:{p}"), local_addr=(h, p)
            )
        )[0]
        for h, p in CANARY_UDP
    ]
    try:
        yield found
    finally:
        for server in servers:
            server.close()
        for transport in transports:
            transport.close()


def site_app(hits: dict[str, int], loop_port: int) -> web.Application:
    @web.middleware
    async def count(request: web.Request, handler: web.RequestHandler) -> web.StreamResponse:
        hits[request.path] = hits.get(request.path, 0) + 1
        return await handler(request)

    def text(body: str, kind: str = "text/html") -> web.RequestHandler:
        async def handler(request: web.Request) -> web.Response:
            return web.Response(text=body, content_type=kind)

        return handler

    async def redirect(request: web.Request) -> web.Response:
        raise web.HTTPFound("http://10.9.9.9/redirected")

    app = web.Application(middlewares=[count])
    app.router.add_get("/attack", text(attack_pages.everything(loop_port, REBIND)))
    app.router.add_get("/style.css", text(attack_pages.STYLE, "text/css"))
    app.router.add_get("/worker.js", text(attack_pages.WORKER, "text/javascript"))
    app.router.add_get("/sw.js", text(attack_pages.SERVICE_WORKER, "text/javascript"))
    app.router.add_get("/redirect-private", redirect)
    app.router.add_get("/file", text(attack_pages.FILE_URL))
    app.router.add_get("/flood", text(attack_pages.FLOOD))
    app.router.add_get("/api/n", text("{}", "application/json"))
    app.router.add_get("/memory", text(attack_pages.MEMORY))
    app.router.add_get("/ws", text("no"))
    return app


class _Records(logging.Handler):
    def __init__(self, records: list[logging.LogRecord]) -> None:
        super().__init__(logging.INFO)
        self.records = records

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def rig() -> AsyncIterator[Rig]:
    hits: dict[str, int] = {}
    records: list[logging.LogRecord] = []
    audit = logging.getLogger("webdistill.http")
    handler = _Records(records)
    audit.addHandler(handler)
    level = audit.level
    audit.setLevel(logging.INFO)
    config = Config(
        allow_http=True,
        fetch_timeout_ms=25_000,
        render_timeout_ms=5_000,
        browser_path=browser_or_skip(),
        cache="off",
        render_max_requests=200,
    )
    dns = FakeResolver({SITE: [[SITE_IP]], REBIND: [[SITE_IP], ["10.9.9.9"]]})
    async with canaries() as found:
        runner = web.AppRunner(site_app(hits, found.loop_port), handle_signals=False)
        await runner.setup()
        await web.TCPSite(runner, SITE_IP, 80).start()
        try:
            async with build(config, resolver=dns) as toolkit:
                yield Rig(toolkit, found, hits, records)
        finally:
            await runner.cleanup()
            audit.removeHandler(handler)
            audit.setLevel(level)


async def fetch(rig: Rig, path: str) -> FetchOutcome:
    answer = await rig.toolkit.fetch({"url": f"http://{SITE}{path}", "render": True})
    return answer.unwrap()[0]


def _hex_address(text: str) -> str:
    """/proc/net's `ADDR:PORT` in hex -> "a.b.c.d:port" (IPv4, or IPv4 in IPv6) or as is."""
    address, _, port = text.partition(":")
    if len(address) == 8:
        ip = ".".join(str(int(address[i : i + 2], 16)) for i in (6, 4, 2, 0))
    elif len(address) == 32:
        tail = address[24:]
        ip = ".".join(str(int(tail[i : i + 2], 16)) for i in (6, 4, 2, 0))
        ip = ip if address[:24] == "0000000000000000FFFF0000" else f"v6:{address}"
    else:
        ip = address
    return f"{ip}:{int(port, 16)}"


def _inet_sockets() -> dict[str, str]:
    """inode -> "proto local -> remote" for every inet socket of this namespace."""
    found: dict[str, str] = {}
    for name in ("tcp", "tcp6", "udp", "udp6", "raw", "raw6"):
        with contextlib.suppress(OSError), open(f"/proc/net/{name}", encoding="ascii") as f:
            for row in f.read().splitlines()[1:]:
                fields = row.split()
                if len(fields) > 9:
                    local, remote = _hex_address(fields[1]), _hex_address(fields[2])
                    found[fields[9]] = f"{name} {local} -> {remote}"
    return found


def browser_inet_sockets(pids: list[int]) -> list[str]:
    """The inet sockets (TCP, UDP, raw) any browser process holds, with their peers."""
    inet = _inet_sockets()
    held: list[str] = []
    for pid in pids:
        with contextlib.suppress(OSError):
            for fd in os.listdir(f"/proc/{pid}/fd"):
                with contextlib.suppress(OSError):
                    link = os.readlink(f"/proc/{pid}/fd/{fd}")
                    if link.startswith("socket:[") and link[8:-1] in inet:
                        held.append(inet[link[8:-1]])
    return held


def reaching_out(sockets: list[str], proxy_port: int) -> list[str]:
    """The sockets with a peer other than the closed proxy port (its refusal is the switches
    doing their work: a `<link rel=preconnect>` opens a connection with no request for
    the interception to see) and other than none (unconnected)."""
    allowed = {f"127.0.0.1:{proxy_port}", "0.0.0.0:0"}
    return [
        s
        for s in sockets
        if s.rsplit(" -> ", 1)[1] not in allowed
        and not s.rsplit(" -> ", 1)[1].startswith("v6:00000000000000000000000000000000")
    ]


def _process(toolkit: Toolkit) -> object:
    from tests.browser.test_render import _process as find

    return find(toolkit)


async def _watch_sockets(rig: Rig, seen: list[str], stop: asyncio.Event) -> None:
    process = _process(rig.toolkit)
    while not stop.is_set():
        seen.extend(browser_inet_sockets(process.pids()))  # type: ignore[attr-defined]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.05)


def _only_vetted(rig: Rig) -> None:
    """Every request the audit log shows as done went to the site; the rest were refused."""
    done = [r for r in rig.audit if getattr(r, "outcome", "") == "ok"]
    assert done, "the audit log saw no request at all"
    assert {getattr(r, "host", "") for r in done} == {SITE}, [r.getMessage() for r in done]


async def test_every_request_vector_is_fulfilled_by_the_guard_or_refused(rig: Rig) -> None:
    stop = asyncio.Event()
    sockets: list[str] = []
    watcher = asyncio.create_task(_watch_sockets(rig, sockets, stop))
    try:
        outcome = await fetch(rig, "/attack")
    finally:
        stop.set()
        await watcher
    page = outcome.page
    assert page is not None, outcome.error
    assert page.reader == "browser", page.notice
    assert "harbour master" in page.content
    assert attack_pages.LEAK not in page.content
    assert "service worker registered" not in page.content
    assert rig.canaries.seen() == []
    process = _process(rig.toolkit)
    proxy_port = process._port.getsockname()[1] if process._port else 0  # type: ignore[attr-defined]
    assert reaching_out(sockets, proxy_port) == [], sockets
    _only_vetted(rig)
    refused = [r for r in rig.audit if getattr(r, "outcome", "") == "BLOCKED_URL"]
    refused_urls = " ".join(str(getattr(r, "url", "")) for r in refused)
    for target in ("169.254.169.254", "10.9.9.9", "127.0.0.1", REBIND):
        assert target in refused_urls, (target, refused_urls)
    assert rig.hits.get("/ws", 0) == 0  # the WebSocket was refused, not fetched
    assert rig.hits.get("/style.css", 0) >= 1  # the guard did fetch the page's own CSS


async def test_a_script_cannot_navigate_to_a_local_file(rig: Rig) -> None:
    outcome = await fetch(rig, "/file")
    page = outcome.page
    assert page is not None, outcome.error
    assert "root:" not in page.content
    assert "harbour master" in page.content
    assert not any("file:" in str(getattr(r, "url", "")) for r in rig.audit)
    assert rig.canaries.seen() == []


async def test_ten_thousand_requests_stay_bounded(rig: Rig) -> None:
    """Bounded, not rendered: Playwright routes each request through the driver, so 10,000
    of them outlast the render deadline; the page is then read as served, with a notice,
    and no more than WEB_RENDER_MAX_REQUESTS reached the site."""
    outcome = await fetch(rig, "/flood")
    page = outcome.page
    assert page is not None, outcome.error
    assert "harbour master" in page.content
    assert rig.hits.get("/api/n", 0) <= 200
    _only_vetted(rig)
    assert rig.canaries.seen() == []


async def test_a_page_hoarding_memory_is_stopped_and_the_browser_goes_on(rig: Rig) -> None:
    outcome = await fetch(rig, "/memory")
    page = outcome.page
    assert page is not None, outcome.error  # the page as served, with a notice
    assert page.reader is None and page.notice is not None
    assert "browser" in page.notice
    again = await fetch(rig, "/file")
    assert again.page is not None and again.page.reader == "browser"
    assert rig.canaries.seen() == []
