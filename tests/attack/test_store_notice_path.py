"""Attack (issue 25 items 3/4): the disk store's notice carries an absolute path.

`scrub` replaces only `store-v1`'s path and its parent (WEB_CACHE_DIR); `home_relative`
only the process's HOME. An error on a *grandparent* (makedirs failing at a missing
`~alice/.cache` of a home that is not this process's HOME, e.g. a service whose
WEB_CACHE_DIR=/home/alice/.cache/webdistill) reaches the model's notice verbatim, with the
local user's name. (As root the failure is made with a regular file in the way; as another
user an unwritable home gives `PermissionError: '/home/alice/.cache'` the same way.)
"""

from __future__ import annotations

import os
from pathlib import Path

from returns.result import Failure

from webdistill.adapters.store.choice import open_store


async def test_grandparent_path_not_in_notice(tmp_path: Path) -> None:
    home = tmp_path / "home" / "alice-local-user"
    home.parent.mkdir()
    home.write_text("")  # something in the way of makedirs
    cache_dir = home / ".cache" / "webdistill"
    store = open_store("disk", str(cache_dir), None)
    answer = await store.put("k", b"v", 60)
    await store.close()
    assert isinstance(answer, Failure)
    reason = answer.failure().reason
    assert "alice-local-user" not in reason and str(tmp_path) not in reason, reason
