"""The folders the disk store creates are 0700 exactly, whatever the umask.

Source: an attack on issue 25 item 3 (tests/attack/test_store_umask_ancestors.py).
`prepare` ran `os.makedirs(WEB_CACHE_DIR, mode=0o700)`: Python applies `mode` to the last
folder only; every missing ancestor is made 0777 & ~umask. Under umask 000 a fresh account
whose `~/.cache` does not exist yet got a world-writable `~/.cache` (no sticky bit) from
webdistill itself (`{'home': '0o777', 'home/.cache': '0o777', 'home/.cache/webdistill':
'0o700'}`): any local user could then rename `~/.cache/webdistill` away and swap in a
folder of theirs, the check/open race of test_disk_path_owners.py. Now each missing folder
is made 0700 (`mkdir`, then `chmod`: a umask such as 0277 would also take bits away from
0700), and folders that existed are left as they were.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from returns.result import Success

from webdistill.adapters.store.disk import DiskStore


@pytest.fixture(params=[0o000, 0o022, 0o277], ids=oct)
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    old = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


async def test_every_missing_folder_is_made_0700(tmp_path: Path, umask: int) -> None:
    os.chmod(tmp_path, 0o750)  # (it exists: left as it is)
    cache_dir = tmp_path / "home" / ".cache" / "webdistill"  # ~/.cache missing
    store = DiskStore(str(cache_dir / "store-v1"), 1 << 24)
    assert await store.put("k", b"v", 60) == Success(None)
    assert await store.get("k") == Success(b"v")
    await store.close()
    made = [tmp_path / "home", tmp_path / "home" / ".cache", cache_dir, cache_dir / "store-v1"]
    modes = {str(p.relative_to(tmp_path)): oct(_mode(p)) for p in made}
    assert set(modes.values()) == {"0o700"}, modes
    assert _mode(tmp_path) == 0o750
