"""The listening socket of `webdistill mcp --http`, bound before anything says it is ready.

Binding here (rather than inside uvicorn) means the "serving at ..." line is printed only
once the port is really ours, and a failure says what is wrong: a host name that does not
resolve, an address this machine does not have, a port already in use, or one that needs
privileges. uvicorn then serves on the bound socket.
"""

from __future__ import annotations

import errno
import ipaddress
import socket


class ListenError(OSError):
    """The server cannot listen where asked; the message says why and what to do."""


def _explain(host: str, port: int, error: OSError) -> str:
    where = f"{host}:{port}"
    if isinstance(error, socket.gaierror):
        return (
            f"cannot listen on {where}: the host {host!r} does not resolve to an address of "
            "this machine; give an IP address such as 127.0.0.1 or ::1."
        )
    if error.errno == errno.EADDRINUSE:
        return f"cannot listen on {where}: the port {port} is already in use; choose another."
    if error.errno == errno.EADDRNOTAVAIL:
        return (
            f"cannot listen on {where}: {host} is not an address of this machine; give one of "
            "its addresses, e.g. 127.0.0.1."
        )
    if error.errno in (errno.EACCES, errno.EPERM):
        return f"cannot listen on {where}: permission denied; use a port above 1023."
    return f"cannot listen on {where}: {error.strerror or error}."


def _address(host: str, port: int) -> tuple[socket.AddressFamily, tuple[object, ...]]:
    """The socket family and address for `host` (an IP literal needs no lookup)."""
    try:
        literal = ipaddress.ip_address(host)
    except ValueError:
        literal = None
    if literal is not None:
        if literal.version == 6:
            return socket.AF_INET6, (host, port, 0, 0)
        return socket.AF_INET, (host, port)
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError as error:
        raise ListenError(_explain(host, port, error)) from None
    family, _, _, _, address = infos[0]
    return family, tuple(address)


def bind_listener(host: str, port: int) -> socket.socket:
    """A listening TCP socket on `host:port` (IPv4 or IPv6); raises `ListenError`."""
    family, address = _address(host, port)
    # Made for TCP (not protocol 0) so asyncio sets TCP_NODELAY on each accepted connection.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as error:
        sock.close()
        raise ListenError(_explain(host, port, error)) from None
    sock.set_inheritable(True)
    return sock
