"""CPU per `check_url` call on URLs never seen before (the memo misses), by kind of URL.

A reader fetches mostly new URLs, so the kernel's per-(URL, policy) memo does not help them;
this times the full check. Kinds: the fetch bench's loopback URL (IP literal + port, a known
authority), a long news URL with trackers in the query, a URL needing normalisation (escapes,
fragment), an IDNA host, public IPv4 literals (a new authority each time), and new host names
(a new authority each time: the host parser runs). Each kind: `--urls` distinct URLs per
repeat, `--repeats` repeats, process CPU time, the median and min-max per call printed.
Compare two trees by running this alternately with `PYTHONPATH` at each tree's export:
    .venv/bin/python bench/url_check_cost.py [--urls 5000] [--repeats 7]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from webdistill.kernel.urls import UrlPolicy, check_url

_LOOPBACK = UrlPolicy(allow_http=True, trusted_addresses=("127.0.0.1",))
_DEFAULT = UrlPolicy()

KINDS: dict[str, tuple[Callable[[int], str], UrlPolicy]] = {
    "bench loopback http://127.0.0.1:port/N": (
        lambda i: f"http://127.0.0.1:43567/{i}", _LOOPBACK),
    "news, query with trackers": (
        lambda i: f"https://www.news-site.com/world/2024/05/12/a-long-article-title-{i}"
        f"?utm_source=twitter&utm_medium=social&id={i}&ref=home", _DEFAULT),
    "news, plain path": (
        lambda i: f"https://www.news-site.com/world/2024/05/12/a-long-article-title-{i}",
        _DEFAULT),
    "escapes and fragment": (
        lambda i: f"https://www.news-site.com/a%20b/{i}?q=caf%C3%A9&p=a+b#top", _DEFAULT),
    "IDNA host": (lambda i: f"https://bücher.de/{i}", _DEFAULT),
    "new IPv4 literal": (lambda i: f"https://8.{i % 250}.{i // 250 % 250}.9/x", _DEFAULT),
    "new host name": (lambda i: f"https://site{i}.example-news.com/p", _DEFAULT),
}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--urls", type=int, default=5000)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    offset = 0
    for kind, (make, policy) in KINDS.items():
        per_call = []
        for _ in range(args.repeats):
            urls = [make(offset + n) for n in range(args.urls)]
            offset += args.urls
            start = time.process_time()
            for url in urls:
                check_url(url, policy)
            per_call.append((time.process_time() - start) / args.urls * 1e6)
        print(f"{kind:40s} median {statistics.median(per_call):6.2f} us "
              f"(min {min(per_call):6.2f}, max {max(per_call):6.2f})")  # fmt: skip


if __name__ == "__main__":
    main()
