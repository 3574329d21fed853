"""Fake provider/reader/LLM: answers 401 (or 500) echoing every header & query & body."""
import base64, json, os, sys, urllib.parse
from aiohttp import web
MODE = os.environ.get("ECHO_MODE", "raw")
STATUS = int(os.environ.get("ECHO_STATUS", "401"))
def forms(s):
    if MODE == "raw": return s
    if MODE == "pct": return urllib.parse.quote(s, safe="")
    if MODE == "b64": return base64.b64encode(s.encode()).decode()
    if MODE == "split": return "\n".join(s[i:i+7] for i in range(0, len(s), 7))
    if MODE == "upper": return s.upper()
    if MODE == "pad": return "x" * int(os.environ.get("ECHO_PAD", "280")) + s
    if MODE == "json": return json.dumps(s)[1:-1].replace("/", "\\/")
    if MODE == "html": return s.replace("-", "&#45;").replace("_", "&#95;")
    return s
async def handle(request):
    body = await request.text()
    parts = [f"{k}: {v}" for k, v in request.headers.items()]
    parts.append("url: " + str(request.rel_url))
    parts.append("body: " + body[:500])
    text = " | ".join(forms(p) for p in parts)
    ctype = os.environ.get("ECHO_CTYPE", "application/json")
    if ctype == "application/json":
        return web.json_response({"error": {"message": text}}, status=STATUS)
    return web.Response(text=text, status=STATUS, content_type=ctype)
app = web.Application()
app.router.add_route("*", "/{tail:.*}", handle)
web.run_app(app, host="127.0.0.1", port=int(sys.argv[1]), print=None)
