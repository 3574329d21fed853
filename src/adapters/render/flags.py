"""Launch switches that leave Chromium without a network of its own (belt and braces).

Every request is meant to be intercepted and fulfilled by the guarded client (guard_route.py);
these switches make one that slips past the interception fail instead of leaking:

- `--proxy-server=127.0.0.1:PORT` with a port bound by us and never listened on, so any
  direct connection attempt is refused; `--proxy-bypass-list=<-loopback>` removes Chromium's
  implicit bypass (loopback and link-local 169.254/16 would otherwise skip the proxy: see
  Chromium's net/docs/proxy.md, "Implicit bypass rules");
- `--host-resolver-rules=MAP * ~NOTFOUND`: every name fails to resolve inside the browser;
- `--force-webrtc-ip-handling-policy=disable_non_proxied_udp`: WebRTC may not send UDP
  (STUN) around the proxy; `--dns-prefetch-disable`, `--disable-background-networking`,
  `--disable-component-update`, `--no-pings`, `--disable-sync`, `--disable-domain-reliability`:
  no traffic of the browser's own;
- `--js-flags=--max-old-space-size=N`: one page's JavaScript heap is bounded.

Switch names are Chromium's (components/network_session_configurator, chrome_switches, and
content_switches); Chromium ignores a switch it does not know, so `process.py` also checks.
"""

from __future__ import annotations


def launch_args(closed_port: int, heap_mb: int) -> list[str]:
    """The switches for a browser whose only way out is the interception."""
    return [
        f"--proxy-server=http://127.0.0.1:{closed_port}",
        "--proxy-bypass-list=<-loopback>",
        "--host-resolver-rules=MAP * ~NOTFOUND",
        "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
        "--webrtc-ip-handling-policy=disable_non_proxied_udp",
        "--dns-prefetch-disable",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-domain-reliability",
        "--disable-sync",
        "--no-pings",
        "--no-first-run",
        "--disable-features=NetworkPrediction,InterestFeedContentSuggestions,MediaRouter",
        f"--js-flags=--max-old-space-size={max(16, heap_mb)}",
    ]
