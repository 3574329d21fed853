"""Attack (issue 25 item 3): folders the store creates under a permissive umask.

`prepare` runs `os.makedirs(WEB_CACHE_DIR, mode=0o700)`: Python applies `mode` to the last
folder only; every missing ancestor is made 0777 & ~umask. Under umask 000 a fresh account
whose `~/.cache` does not exist yet gets a world-writable `~/.cache` (no sticky bit) from
webdistill itself: any local user may then rename `~/.cache/webdistill` away and swap in a
folder of theirs, the check/open race of test_store_parent_race.py. The README promises
"created 0700 ... whatever the umask".
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from returns.result import Success

from webdistill.adapters.store.disk import DiskStore


async def test_missing_ancestors_are_not_world_writable(tmp_path: Path) -> None:
    cache_dir = tmp_path / "home" / ".cache" / "webdistill"  # ~/.cache missing
    old = os.umask(0)
    try:
        store = DiskStore(str(cache_dir / "store-v1"), 1 << 24)
        assert isinstance(await store.put("k", b"v", 60), Success)
        await store.close()
    finally:
        os.umask(old)
    modes = {
        str(p.relative_to(tmp_path)): oct(stat.S_IMODE(p.stat().st_mode))
        for p in (tmp_path / "home", tmp_path / "home" / ".cache", cache_dir)
    }
    assert all(int(m, 8) & 0o022 == 0 for m in modes.values()), modes
