"""The fetch pipeline: what happens to a page (and a search) between the kernel and the web.

Six decorators of one port, `kernel.ports.WebBackend`, one module per stage. A call goes
in at the top and each stage wraps the one below it:

    cache.py     CachingBackend   pages 10 min, searches 5 min, in the store; one flight per key
                                  (left out when WEB_CACHE=off)
    fallback.py  ReaderFallback   a hosted reader when local reading cannot work (WEB_READER)
    deadline.py  DeadlineBackend  one total deadline (WEB_FETCH_TIMEOUT_MS) and one slot per page
    robots.py    RobotsGate       robots.txt obeyed (left out unless WEB_RESPECT_ROBOTS)
    render.py    RenderingBackend a page that needs JavaScript rendered by the local browser
                                  (adapters/render; left out when WEB_RENDER=never)
    backend.py   HttpWebBackend   the guarded HTTP client, then extraction (or raw.py, or a
                                  markdown alternate, alternates.py); searches to the providers

`chain.py` holds this order as data (`STAGES`, each stage's builder); the composition root
builds the chain from it. `raw.py` and `alternates.py` are helpers of `backend.py`. This
module imports nothing, so a stage's helper (`deadline.enclosing_deadline`, used by the
HTTP client) imports without the rest of the chain.
"""
