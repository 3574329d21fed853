"""What each setting of `config.FIELDS` means, for the generated reference (docs/configuration.md).

`config_doc` writes the reference from `config.FIELDS` (the variables, their order and what
each accepts), `Config`'s defaults and the texts here; a setting added to `FIELDS` without a
text here fails `tests/docs/test_configuration_doc.py`, so the reference cannot fall behind.
`DEFAULTS` holds the defaults a value cannot say by itself (computed at run time, or depending
on the door or the store).
"""

from __future__ import annotations

#: Sections of the reference, in order: (title, one sentence under the title).
SECTIONS: tuple[tuple[str, str], ...] = (
    ("Search", "Which provider answers `web_search`, and how much of it a search may use."),
    ("Pages and safety", "What a page fetch may reach, and how much of it is read."),
    ("Store", "Where searches, pages and results are kept between calls and processes."),
    ("Compression", "Shortening long pages toward the request's window."),
    ("Hosted reader", "The opt-in fallback for pages plain HTML cannot show."),
    ("Rendering", "The local browser for pages that exist only after their scripts run."),
    ("MCP HTTP server", "`webdistill mcp --http HOST:PORT`: who may call it, and its bounds."),
    ("Operations", "Logging of what webdistill sends."),
)

#: variable -> (section title, meaning).
HELP: dict[str, tuple[str, str]] = {
    "WEB_SEARCH_PROVIDER": (
        "Search",
        "`auto`: providers with keys first, then OpenSERP and SearXNG if their URL is set, "
        "then an MCP bridge if its command is set, then DuckDuckGo; a rate-limited, unavailable "
        "or timed-out provider hands over to the next, and so does one whose key is refused "
        "(recorded in `skipped`, warned on the CLI, not asked again until restart). `none` "
        "turns search off.",
    ),
    "BRAVE_API_KEY": ("Search", "Brave Search API key."),
    "TAVILY_API_KEY": ("Search", "Tavily API key."),
    "EXA_API_KEY": ("Search", "Exa API key."),
    "SERPER_API_KEY": ("Search", "Serper (Google results) API key."),
    "SEARXNG_URL": (
        "Search",
        "your SearXNG instance (its `search.formats` must include `json`).",
    ),
    "OPENSERP_URL": ("Search", "a self-hosted OpenSERP server."),
    "OPENSERP_ENGINE": (
        "Search",
        "the engine OpenSERP queries; `mega` is its cross-engine search.",
    ),
    "WEB_MCP_SEARCH_COMMAND": (
        "Search",
        "`WEB_SEARCH_PROVIDER=mcp`: the command line of an MCP search server run over stdio "
        "(e.g. `env BRAVE_API_KEY=... npx -y @brave/brave-search-mcp-server`); shown with "
        "credential-like option values masked.",
    ),
    "WEB_MCP_SEARCH_TOOL": ("Search", "the tool of that server to call."),
    "WEB_PROVIDER_PRIORITY": (
        "Search",
        "`auto`'s order, e.g. `searxng,brave,duckduckgo`: exactly these providers, most "
        "preferred first (those not configured are left out).",
    ),
    "WEB_PROVIDER_ENDPOINTS": (
        "Search",
        "`name=URL,...` overrides provider endpoints with a **base URL** (scheme, host and "
        "optional path prefix, e.g. `brave=https://proxy.example/brave`; the provider appends "
        "its own API path) for self-hosted proxies and tests; `duckduckgo_lite` names "
        "DuckDuckGo's fallback endpoint.",
    ),
    "WEB_SEARCH_TIMEOUT_MS": ("Search", "time for one provider call."),
    "WEB_SEARCH_MAX_REQUESTS": (
        "Search",
        "requests one query may make to one provider while paging for `max_results` (Brave "
        "`offset`, Serper `page`, SearXNG `pageno`, DuckDuckGo's next-page form).",
    ),
    "WEB_SEARCH_SNIPPET_CHARS": (
        "Search",
        "most characters of one hit's snippet (a call's `max_chars_per_result` overrides it).",
    ),
    "WEB_SEARCH_CONTENT_HITS": (
        "Search",
        "how many top hits `include_content` reads (a call's `content_hits` overrides it).",
    ),
    "WEB_SEARCH_CONTENT_CHARS": (
        "Search",
        "characters read from each of those hits (a call's `content_max_chars` overrides it).",
    ),
    "WEB_DDG_MIN_INTERVAL_MS": (
        "Search",
        "least time between two DuckDuckGo requests of this process (of all replicas, on Redis).",
    ),
    "WEB_DDG_BACKOFF_MS": (
        "Search",
        "after a DuckDuckGo challenge, how long it is not asked (doubling on each further "
        "block, up to 16x); searches fail fast with `retry_after` meanwhile.",
    ),
    "WEB_DOMAIN_BLOCKLIST": (
        "Pages and safety",
        "domains never fetched nor shown as search hits (subdomains included).",
    ),
    "WEB_DEFAULT_BLOCKLIST": (
        "Pages and safety",
        "also refuse the shipped malware list (a URLhaus snapshot, see "
        "[security](security.md#default-malware-blocklist)); `false` turns it off.",
    ),
    "WEB_DOMAIN_ALLOWLIST": (
        "Pages and safety",
        "if set, only these domains (and subdomains) are fetched or shown as search hits "
        "(removed hits are counted in the outcome's `removed`).",
    ),
    "WEB_ALLOW_HTTP": ("Pages and safety", "allow plain `http://` pages (https only otherwise)."),
    "WEB_ALLOW_PRIVATE_NETWORK": (
        "Pages and safety",
        "allow loopback and private addresses, for local development; cloud metadata "
        "addresses stay blocked.",
    ),
    "WEB_TRUSTED_ADDRESSES": (
        "Pages and safety",
        "exact IP addresses allowed although private (e.g. one intranet server); metadata "
        "addresses never.",
    ),
    "WEB_MAX_RESPONSE_BYTES": (
        "Pages and safety",
        "most bytes read from a page, counted after decompression (text beyond is cut and "
        "flagged; another body is `TOO_LARGE`).",
    ),
    "WEB_MAX_CONTENT_CHARS": ("Pages and safety", "default `max_chars` of a fetch."),
    "WEB_USER_AGENT": ("Pages and safety", "User-Agent of page fetches."),
    "WEB_FETCH_TIMEOUT_MS": (
        "Pages and safety",
        "total time for one page: robots.txt, redirects, download, extraction and the hosted "
        "reader (`WEB_READER`) together.",
    ),
    "WEB_CONCURRENCY": ("Pages and safety", "pages or queries in flight at once."),
    "WEB_PER_HOST": (
        "Pages and safety",
        "connections to one host at once (politeness towards each site; `WEB_CONCURRENCY` "
        "bounds all of them).",
    ),
    "WEB_RESPECT_ROBOTS": (
        "Pages and safety",
        "obey robots.txt (RFC 9309) before fetching: the page asked for, every redirect hop, "
        "and every request a rendered page makes.",
    ),
    "WEB_FENCE_UNTRUSTED": (
        "Pages and safety",
        'wrap web text in a labelled "untrusted data" fence.',
    ),
    "WEB_IMAGE_LINKS": (
        "Pages and safety",
        "images with alt text in a page's Markdown as `![alt](url)`; `false` keeps their alt "
        "text alone (no image URLs in the content; `data:` URIs are never copied either way).",
    ),
    "WEB_EXTRACT_MEMORY_MB": (
        "Pages and safety",
        "resident memory (MiB) one page-reading worker process may use, itself included "
        "(~90 MB at rest): a worker that goes past it is killed and the page answered "
        "`TOO_LARGE` (the fetch's total timeout bounds its time).",
    ),
    "WEB_PROXY": (
        "Pages and safety",
        "a proxy for what webdistill sends to the web (page fetches, search provider calls, "
        "the hosted reader; not the `WEB_LLM_BASE_URL` endpoint). A page's name is resolved "
        "and vetted here and the proxy is asked for that **address**, with the name in `Host` "
        "and as the TLS server name; `socks5h://` sends the (vetted) name instead, see "
        "`WEB_PROXY_REMOTE_DNS`. The proxy's own address may be dialled as the proxy, never "
        "fetched as a page, unless it is listed in `WEB_TRUSTED_ADDRESSES`.",
    ),
    "WEB_PROXY_REMOTE_DNS": (
        "Pages and safety",
        "`true`: the proxy is sent page **names** and resolves them itself. Names are still "
        "vetted here first, but a name that resolves differently on the proxy (DNS "
        "rebinding) is then stopped only by the proxy's own egress rules.",
    ),
    "WEB_CACHE": (
        "Store",
        "where searches (5 min), pages (10 min) and results (1 h) are kept: `disk` (a store in "
        "the user's cache folder, shared by every process of the user), `memory` (this "
        "process only), `redis://HOST:PORT/DB` (shared by replicas; needs the `redis` "
        "package) or `off` (pages not kept; results in memory). `true`/`false` mean "
        "`disk`/`off`.",
    ),
    "WEB_CACHE_DIR": (
        "Store",
        "absolute folder of the `disk` store; the store lives in its `store-v1` folder, which "
        "must be the user's alone, as must every folder above it (see "
        "[deployment](deployment.md#one-process)).",
    ),
    "WEB_CACHE_MAX_BYTES": (
        "Store",
        "bound of the `disk` / `memory` store; least recently used entries go first (Redis: "
        "bound it with `maxmemory`).",
    ),
    "WEB_MAX_STORED_RESULTS": (
        "Store",
        "results kept for `web_get_result` per caller (per MCP session, or per connection of "
        "a session-less client), oldest dropped first; `0` turns results and "
        "`web_get_result` off.",
    ),
    "WEB_MAX_STORED_CHARS": (
        "Store",
        "most characters of page content one stored result keeps (cut beyond, with a notice).",
    ),
    "WEB_COMPRESSOR": (
        "Compression",
        "`extractive` (offline, query-focused) or `llm` (an OpenAI-compatible endpoint).",
    ),
    "WEB_COMPRESS_MIN_LENGTH": (
        "Compression",
        "pages shorter than this are not compressed unless a request asks (`compress: "
        "true`); a page that fits the request's `max_chars` is never compressed.",
    ),
    "WEB_LLM_BASE_URL": ("Compression", "OpenAI-compatible endpoint for `WEB_COMPRESSOR=llm`."),
    "WEB_LLM_API_KEY": ("Compression", "its key."),
    "WEB_LLM_MODEL": ("Compression", "the model to ask."),
    "WEB_LLM_TIMEOUT_MS": ("Compression", "time for one model call."),
    "WEB_LLM_TOTAL_TIMEOUT_MS": (
        "Compression",
        "time for one whole compression (every part, retry, `Retry-After` wait and merge); "
        "no retry starts past it.",
    ),
    "WEB_LLM_CHUNK_CHARS": (
        "Compression",
        "pages longer than this are compressed in parts of at most this many characters, "
        "then merged.",
    ),
    "WEB_LLM_MAX_OUTPUT_TOKENS": (
        "Compression",
        "`max_tokens` of each model call; an answer cut off at this limit is asked again "
        "shorter once, then fails.",
    ),
    "WEB_READER": (
        "Hosted reader",
        "opt-in hosted reader fallback: `jina` (Jina Reader, key optional) or `firecrawl` "
        "(needs a key, or a self-hosted `WEB_READER_URL`); only public hosts are ever sent.",
    ),
    "WEB_READER_URL": (
        "Hosted reader",
        "base URL of the hosted reader (a self-hosted instance, tests).",
    ),
    "WEB_READER_API_KEY": (
        "Hosted reader",
        "the hosted reader's key (sent as `Authorization: Bearer`).",
    ),
    "WEB_READER_TIMEOUT_MS": (
        "Hosted reader",
        "most time for one hosted-reader call; it also gets no more than what is left of "
        "`WEB_FETCH_TIMEOUT_MS`.",
    ),
    "WEB_MCP_ALLOWED_HOSTS": (
        "MCP HTTP server",
        "`Host` values the server answers (others get 421), comma-separated, `host` or "
        "`host:port`.",
    ),
    "WEB_MCP_ALLOWED_ORIGINS": (
        "MCP HTTP server",
        "`Origin` values it accepts (others get 403), e.g. `https://app.example.org`.",
    ),
    "WEB_MCP_TOKEN": (
        "MCP HTTP server",
        "bearer token the server requires (`Authorization: Bearer ...`, compared in constant "
        "time); at least 16 characters, no spaces; required with `--allow-remote`.",
    ),
    "WEB_MCP_HEADER_TIMEOUT_MS": (
        "MCP HTTP server",
        "time a connection has to send a request's headers (from connecting, or from the "
        "previous answer); then 408 and closed.",
    ),
    "WEB_MCP_BODY_TIMEOUT_MS": (
        "MCP HTTP server",
        "time it has to send the whole body once the headers are in, however it trickles "
        "(then 408 and closed); also how long writing an answer may make no progress (a "
        "client not reading) before the connection is closed.",
    ),
    "WEB_MCP_MAX_CONNECTIONS": (
        "MCP HTTP server",
        "connections open at once (never more than half the process's descriptor limit); "
        "past it the one waiting longest for a request or standing longest as a GET event "
        "stream is closed, or the new one gets 503 when all are busy.",
    ),
    "WEB_MCP_MAX_SESSIONS": (
        "MCP HTTP server",
        "MCP sessions (protocol 2025-11-25 and older) open at once; past it the session idle "
        "the longest ends (503 only when none is idle).",
    ),
    "WEB_MCP_MAX_SESSIONS_PER_CLIENT": (
        "MCP HTTP server",
        "sessions one client address may hold (all local clients share 127.0.0.1); past it "
        "that client's session idle the longest ends; at most `WEB_MCP_MAX_SESSIONS` (the "
        "default follows a lower total; a value you set above it is refused).",
    ),
    "WEB_MCP_SESSION_IDLE_MINUTES": (
        "MCP HTTP server",
        "minutes a session may go without a request (an open GET event stream does not "
        "count) before it ends (its id then answers 404 and the client opens a new session).",
    ),
    "WEB_AUDIT_LOG": (
        "Operations",
        "`stderr` or a file path (appended): one line per outbound request, page fetches and "
        "provider calls alike: UTC time, tool, method, host, URL without its query, status, "
        "bytes, time, outcome.",
    ),
    "WEB_RENDER": (
        "Rendering",
        "`auto`: a page flagged `needs_javascript` is rendered by the local headless Chromium "
        "when one is installed (otherwise the flag stays and a notice says how to install "
        "one); `always`: every HTML page; `never`: none. A call's `render: true` (CLI "
        "`--render`) asks for one page. Every request the browser makes goes through the "
        "guarded client.",
    ),
    "WEB_BROWSER_PATH": (
        "Rendering",
        "the Chromium executable to drive; unset: `chromium-headless-shell`, `chromium`, "
        "`chromium-browser`, `google-chrome` on `PATH`, then Playwright's own installs.",
    ),
    "WEB_RENDER_CONCURRENCY": ("Rendering", "pages rendered at once (one browser per toolkit)."),
    "WEB_RENDER_TIMEOUT_MS": (
        "Rendering",
        "most time one render may take, inside the fetch's `WEB_FETCH_TIMEOUT_MS` (a value set "
        "must be below it); the page is read as it is when time is up.",
    ),
    "WEB_RENDER_MAX_REQUESTS": (
        "Rendering",
        "most requests one rendered page may make; later ones are aborted.",
    ),
    "WEB_RENDER_MAX_BYTES": (
        "Rendering",
        "most bytes one rendered page's requests may bring in all, counted across requests in "
        "flight together (each is capped at its share of what is left); later requests are "
        "aborted.",
    ),
    "WEB_BROWSER_MEMORY_MB": (
        "Rendering",
        "memory of the browser's process tree (summed proportional set sizes: a page shared by "
        "its processes counts once) past which the renders under way are stopped and it is "
        "restarted (polled every 0.2 s while pages render); each page's JavaScript heap is "
        "capped at half of it.",
    ),
}

#: Defaults the `Config` value cannot say by itself.
DEFAULTS: dict[str, str] = {
    "WEB_USER_AGENT": "`webdistill/0.1 (+…)`",
    "WEB_FENCE_UNTRUSTED": "on for MCP, off for the CLI",
    "WEB_CACHE_DIR": "the user's cache folder (`$XDG_CACHE_HOME/webdistill` on Linux)",
    "WEB_CACHE_MAX_BYTES": "256 MiB on disk, 64 MiB in memory",
    "WEB_MCP_ALLOWED_HOSTS": "loopback names and the bound address",
    "WEB_MCP_ALLOWED_ORIGINS": "`http://` and `https://` on each allowed host",
    "WEB_MCP_SEARCH_TOOL": "the first tool named like `search`",
    "WEB_READER_URL": "the service's own",
    "WEB_AUDIT_LOG": "off",
}
