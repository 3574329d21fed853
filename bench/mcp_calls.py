"""MCP calls per second in one session, stdio against streamable HTTP, alternating.

One `webdistill mcp` process per transport (stdio, and `--http 127.0.0.1:PORT`), each
initialized once; then rounds of `--calls` sequential `tools/call web_fetch` of one loopback
page (stored after its first read, so each call is the server's own path: JSON-RPC, the
store, rendering), the transports alternating within the run. Printed per transport: the
median calls/s over rounds, the p50 / p90 latency of every call, the server process's
CPU time per call (user + system, from /proc: steadier than rates on a loaded machine) and
this client's. The HTTP side's client is as lean as the stdio side's (one send, a head read
to its blank line, a body by its length: `RawHttp`), so the ratio compares the servers;
`--stdlib-client` adds a side over http.client, which costs ~0.2 ms a call more client CPU
on the same two cores.
Goals (issue 33): HTTP calls/s >= stdio's; HTTP p50 <= 5 ms. With `--before VENV`, the
same for that checkout's `webdistill` too (e.g. /work/main/.venv), alternating with this.

    .venv/bin/python bench/mcp_calls.py [--calls 200] [--rounds 5] [--before VENV]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

PROTOCOL = "2025-06-18"
INIT = {
    "protocolVersion": PROTOCOL,
    "capabilities": {},
    "clientInfo": {"name": "b", "version": "0"},
}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _env(cache_dir: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("WEB_")}
    env.update(WEB_ALLOW_HTTP="true", WEB_TRUSTED_ADDRESSES="127.0.0.1",
               WEB_RESPECT_ROBOTS="false", WEB_CACHE_DIR=cache_dir)  # fmt: skip
    return env


class Stdio:
    def __init__(self, binary: str, env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            [binary, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, env=env,
        )  # fmt: skip
        self.next_id = 0
        self.call("initialize", INIT)
        self._write({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def _write(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message).encode() + b"\n")
        self.process.stdin.flush()

    def call(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self.next_id += 1
        self._write({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        assert self.process.stdout is not None
        while True:
            message = json.loads(self.process.stdout.readline())
            if message.get("id") == self.next_id:
                return dict(message)

    def close(self) -> None:
        self.process.kill()
        self.process.wait()


class _NoDelayConnection(http.client.HTTPConnection):
    """http.client writes a request's headers and body in two sends: without TCP_NODELAY
    the body waits for the server's delayed ACK (~40 ms), a cost of this client, not of the
    server (which sets TCP_NODELAY on its side, doors/mcp/listen.py)."""

    def connect(self) -> None:
        super().connect()
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class Http:
    """A client over `http.client` (the standard library's: ~0.2 ms a call more client CPU
    than the stdio reader on this machine, on the same two cores as the server)."""

    def __init__(self, binary: str, env: dict[str, str]) -> None:
        port = _free_port()
        self.process = subprocess.Popen(
            [binary, "mcp", "--http", f"127.0.0.1:{port}"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
        )  # fmt: skip
        for _ in range(600):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        self.connection = _NoDelayConnection("127.0.0.1", port)
        self.session = ""
        self.next_id = 0
        self.call("initialize", INIT)
        self._post({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def _post(self, message: dict[str, Any]) -> tuple[http.client.HTTPResponse, bytes]:
        headers = {
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
            "MCP-Protocol-Version": PROTOCOL,
        }
        if self.session:
            headers["Mcp-Session-Id"] = self.session
        try:
            self.connection.request("POST", "/mcp", json.dumps(message), headers)
            response = self.connection.getresponse()
        except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
            # The server closed a keep-alive connection left idle (while the other side
            # ran): open another, as any client does.
            self.connection.close()
            self.connection.request("POST", "/mcp", json.dumps(message), headers)
            response = self.connection.getresponse()
        return response, response.read()

    def call(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        response, body = self._post(message)
        self.session = response.getheader("Mcp-Session-Id") or self.session
        if (response.getheader("Content-Type") or "").startswith("text/event-stream"):
            for line in body.decode().splitlines():
                if line.startswith("data:") and line[5:].strip():
                    answer = json.loads(line[5:])
                    if answer.get("id") == self.next_id:
                        return dict(answer)
            raise RuntimeError(f"no answer in the event stream: {body[:200]!r}")
        return dict(json.loads(body))

    def close(self) -> None:
        self.connection.close()
        self.process.terminate()
        self.process.wait()


class RawHttp(Http):
    """A client that does for HTTP what the stdio client does for lines: one `sendall` of
    the request, the head read up to its blank line, the body by its Content-Length, over
    one keep-alive socket with TCP_NODELAY; so the two transports compare the server's
    costs, not two clients' parsers (the head is the shape http.client and httpx send)."""

    def __init__(self, binary: str, env: dict[str, str]) -> None:
        self.sock: socket.socket | None = None
        self.buffer = b""
        super().__init__(binary, env)

    def _connect(self) -> socket.socket:
        sock = socket.create_connection(("127.0.0.1", self.connection.port))
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""
        return sock

    def _exchange(self, request: bytes) -> tuple[dict[str, str], bytes]:
        if self.sock is None:
            self.sock = self._connect()
        self.sock.sendall(request)
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionResetError("closed before the answer's head")
            self.buffer += chunk
        head, _, rest = self.buffer.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        length = int(headers.get("content-length", "0"))
        while len(rest) < length:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionResetError("closed inside the answer's body")
            rest += chunk
        self.buffer = rest[length:]
        if headers.get("connection", "").lower() == "close":
            self.sock.close()
            self.sock = None
        return headers, rest[:length]

    def call(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        body = json.dumps(message).encode()
        session = f"Mcp-Session-Id: {self.session}\r\n" if self.session else ""
        request = (
            f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{self.connection.port}\r\n"
            "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
            f"MCP-Protocol-Version: {PROTOCOL}\r\n{session}"
            f"Content-Length: {len(body)}\r\n\r\n"
        ).encode() + body
        try:
            headers, answer = self._exchange(request)
        except (BrokenPipeError, ConnectionResetError):
            if self.sock is not None:
                self.sock.close()
            self.sock = None  # an idle keep-alive connection the server closed: open another
            headers, answer = self._exchange(request)
        self.session = headers.get("mcp-session-id") or self.session
        if not answer:
            return {}
        return dict(json.loads(answer))

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
        super().close()


def print_sides(
    names: list[str],
    rates: dict[str, list[float]],
    latencies: dict[str, list[float]],
    cpu: dict[str, list[float]],
    mine: dict[str, list[float]],
    *,
    width: int,
) -> None:
    """One line per side: median calls/s, p50 / p90 latency, server and client CPU a call."""
    for name in names:
        ordered = sorted(latencies[name])
        p50, p90 = ordered[len(ordered) // 2], ordered[int(len(ordered) * 0.9)]
        print(f"  {name:<{width}} {statistics.median(rates[name]):7.1f} calls/s   "
              f"p50 {p50:6.2f} ms   p90 {p90:6.2f} ms   "
              f"server CPU {statistics.median(cpu[name]):5.2f} ms/call   "
              f"client CPU {statistics.median(mine[name]):5.2f} ms/call")  # fmt: skip


def _cpu_s(pid: int) -> float:
    """User + system CPU seconds of process `pid` so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _round(
    client: Stdio | Http,
    url: str,
    calls: int,
    latencies: list[float],
    *,
    cpu: list[float] | None = None,
    client_cpu: list[float] | None = None,
) -> float:
    params = {"name": "web_fetch", "arguments": {"url": url}}
    cpu_before = _cpu_s(client.process.pid)
    mine_before = time.process_time()
    began = time.perf_counter()
    for _ in range(calls):
        start = time.perf_counter()
        answer = client.call("tools/call", params)
        latencies.append((time.perf_counter() - start) * 1000)
        assert not answer["result"].get("isError"), answer
    rate = calls / (time.perf_counter() - began)
    if cpu is not None:
        cpu.append((_cpu_s(client.process.pid) - cpu_before) * 1000 / calls)
    if client_cpu is not None:
        client_cpu.append((time.process_time() - mine_before) * 1000 / calls)
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--before", help="another checkout's virtualenv, alternated with this")
    parser.add_argument("--stdlib-client", action="store_true",
                        help="also a side over http.client (more client CPU)")  # fmt: skip
    args = parser.parse_args()
    binaries = {"after": str(Path(sys.executable).parent / "webdistill")}
    if args.before:
        binaries["before"] = str(Path(args.before) / "bin" / "webdistill")
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "page.html").write_text("<html><body><article>" + "<p>Tide pools.</p>" * 200
                                        + "</article></body></html>")  # fmt: skip
        port = _free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
            cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        clients: dict[str, Stdio | Http] = {}
        try:
            time.sleep(1)
            url = f"http://127.0.0.1:{port}/page.html"
            for side, binary in binaries.items():
                env = _env(str(root / f"cache-{side}"))
                clients[f"{side} stdio"] = Stdio(binary, env)
                clients[f"{side} http"] = RawHttp(binary, env)
                if args.stdlib_client:
                    clients[f"{side} http.client"] = Http(binary, env)
            for client in clients.values():
                _round(client, url, 3, [])  # warm: the page read once, then stored
            rates: dict[str, list[float]] = {name: [] for name in clients}
            latencies: dict[str, list[float]] = {name: [] for name in clients}
            cpu: dict[str, list[float]] = {name: [] for name in clients}
            mine: dict[str, list[float]] = {name: [] for name in clients}
            names = list(clients)
            for number in range(args.rounds):
                shift = number % len(names)
                for name in names[shift:] + names[:shift]:
                    rates[name].append(
                        _round(
                            clients[name],
                            url,
                            args.calls,
                            latencies[name],
                            cpu=cpu[name],
                            client_cpu=mine[name],
                        )
                    )
        finally:
            for client in clients.values():
                client.close()
            server.terminate()
    print(f"{args.calls} cached web_fetch calls per round, median of {args.rounds} rounds "
          f"(loadavg {os.getloadavg()[0]:.1f})")  # fmt: skip
    print_sides(names, rates, latencies, cpu, mine, width=14)
    for side in binaries:
        ratio = statistics.median(rates[f"{side} http"]) / statistics.median(rates[f"{side} stdio"])
        print(f"  {side}: http / stdio calls/s = {ratio:.2f} (goal >= 1.0)")
        if f"{side} http.client" in rates:
            ratio = statistics.median(rates[f"{side} http.client"]) / statistics.median(
                rates[f"{side} stdio"]
            )
            print(f"  {side}: http (client http.client) / stdio calls/s = {ratio:.2f}")


if __name__ == "__main__":
    main()
