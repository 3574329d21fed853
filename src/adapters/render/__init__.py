"""The local browser (rendering): a headless Chromium with no network of its own.

Pages that exist only after their scripts run (app shells) are rendered here, every request
the page makes fulfilled by the guarded HTTP client or refused. The pieces, in call order:

- `settings.py`  what the configuration asks (WEB_RENDER, WEB_BROWSER_PATH, caps, deadline);
- `locate.py`    which browser executable to drive (the setting, else the usual places);
- `flags.py`     launch switches that leave Chromium unable to resolve or connect by itself;
- `process.py`   one shared browser: started lazily, restarted after a crash or past its
                 memory limit (its process tree's PSS, read from /proc);
- `guard_route.py` every request of a page through the guarded client, counted and capped;
                 WebSockets refused;
- `settle.py`    wait until the network is idle or the DOM stops changing, capped;
- `renderer.py`  one page: a fresh context, popups closed, dialogs dismissed, the DOM back;

The pipeline stage that decides when to render (auto, never, always, `render: true`) and reads
the rendered DOM with the same HTML reader is `adapters/pipeline/render.py`.
"""
