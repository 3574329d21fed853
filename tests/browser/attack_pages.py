"""Hostile pages for the browser attack tests (netns_attacks.py): each tries to make the
browser reach what a reading must never reach.

Targets inside the test's network namespace (netns_attacks.py adds the addresses to its
loopback, where canaries listen): the cloud metadata address 169.254.169.254 (AWS's
documented IMDS endpoint `/latest/meta-data/`), a private address 10.9.9.9, another port
on loopback 127.0.0.1 and [::1], and a DNS-rebinding name (public at first, then private).
"""

from __future__ import annotations

#: What every canary answers: seen in a rendered page only if a request got through.
LEAK = "LEAKED-CANARY-BODY"
ARTICLE = (
    "<article><h1>Harbour notes</h1>"
    + "".join(
        f"<p>Paragraph {i}: the harbour master logs every boat that enters and leaves, the "
        "weather at dawn and dusk, and the height of the tide at each change of watch.</p>"
        for i in range(8)
    )
    + "</article>"
)


def everything(loop_port: int, rebind: str) -> str:
    """One page with every request vector a script or markup has, all aimed at canaries."""
    targets = [
        "http://169.254.169.254/latest/meta-data/",
        "http://10.9.9.9/private",
        f"http://127.0.0.1:{loop_port}/loopback",
        f"http://[::1]:{loop_port}/loopback6",
        f"http://{rebind}/first",
        f"http://{rebind}/second",
        "/redirect-private",
    ]
    js_targets = ",".join(f'"{t}"' for t in targets)
    return f"""<!doctype html><html><head><title>Harbour</title>
<link rel="prefetch" href="http://10.9.9.9/prefetch">
<link rel="preconnect" href="http://169.254.169.254">
<link rel="dns-prefetch" href="http://{rebind}">
<link rel="stylesheet" href="/style.css">
<style>body {{ background: url(http://169.254.169.254/inline-css.png); }}</style>
</head><body><div id="app"></div>
<img src="http://10.9.9.9/img.png"><img src="http://169.254.169.254/img.png">
<iframe src="http://169.254.169.254/latest/meta-data/"></iframe>
<iframe src="http://127.0.0.1:{loop_port}/frame"></iframe>
<script>
const out = (text) => {{ const p = document.createElement('p'); p.textContent = text;
  document.getElementById('app').appendChild(p); }};
for (const t of [{js_targets}]) {{
  fetch(t).then(r => r.text()).then(x => out('fetch got ' + x)).catch(() => {{}});
  try {{ const x = new XMLHttpRequest(); x.open('GET', t);
    x.onload = () => out('xhr got ' + x.responseText); x.send(); }} catch (e) {{}}
  try {{ navigator.sendBeacon(t, 'beacon'); }} catch (e) {{}}
}}
try {{ const ws = new WebSocket('ws://127.0.0.1:{loop_port}/ws');
  ws.onmessage = (m) => out('ws got ' + m.data); }} catch (e) {{}}
try {{ const ws2 = new WebSocket('ws://' + location.host + '/ws');
  ws2.onmessage = (m) => out('ws got ' + m.data); }} catch (e) {{}}
try {{
  const pc = new RTCPeerConnection({{iceServers: [{{urls: 'stun:127.0.0.1:3478'}},
                                                  {{urls: 'stun:10.9.9.9:3478'}}]}});
  pc.createDataChannel('x');
  pc.createOffer().then(o => pc.setLocalDescription(o));
}} catch (e) {{}}
if (navigator.serviceWorker) {{
  navigator.serviceWorker.register('/sw.js').then(() => out('service worker registered'))
    .catch(() => {{}});
}}
try {{ new Worker('/worker.js'); }} catch (e) {{}}
window.open('http://10.9.9.9/popup');
</script>
{ARTICLE}
</body></html>"""


STYLE = "body { background-image: url(http://10.9.9.9/css.png); }"
WORKER = "fetch('http://169.254.169.254/latest/meta-data/worker').catch(() => {});"
SERVICE_WORKER = "self.addEventListener('fetch', () => {});"

FILE_URL = f"""<!doctype html><html><head><title>Harbour</title></head><body>{ARTICLE}
<script>window.setTimeout(() => {{ location = 'file:///etc/passwd'; }}, 50);</script>
</body></html>"""

FLOOD = f"""<!doctype html><html><head><title>Harbour</title></head><body>{ARTICLE}
<script>for (let i = 0; i < 10000; i++) {{ fetch('/api/n?i=' + i).catch(() => {{}}); }}</script>
</body></html>"""

MEMORY = f"""<!doctype html><html><head><title>Harbour</title></head><body>{ARTICLE}
<script>const hoard = []; while (true) {{ hoard.push(new Array(1000000).fill(7)); }}</script>
</body></html>"""
