"""The path to the disk store's folder: `WEB_CACHE_DIR` and every folder above it.

`disk_folder.py` makes sure `store-v1` and its files are the user's alone. That is worth
something only if no other user can rename `store-v1` away and put a folder of theirs in
its place between that check and SQLite's open (SQLite opens its files by path): in a
`WEB_CACHE_DIR` they own or may write in (a shared `/tmp/webdistill-cache` they created
first, a folder reached through their symbolic link), or under any folder above it that
they may write in, they could read our pages and plant theirs. So, as OpenSSH's
StrictModes does for `~/.ssh`, before anything is opened (`real_cache_dir`):

- `WEB_CACHE_DIR` is resolved to its real path once (symbolic links followed there and
  only there); everything afterwards, SQLite's open included, uses that path, so a link
  re-pointed afterwards changes nothing;
- every folder of that path, from `/` down to `WEB_CACHE_DIR` itself, is checked with
  `lstat`: it must be a folder (a symbolic link there appeared since the resolution),
  owned by the user or by root, and writable neither by its group nor by everyone unless
  it has the sticky bit (as `/tmp`: others may add entries to it, but not rename or
  remove ours). Checked from the top down, each check holds once made: a folder that
  passed can be changed only by the user or root, so nobody else can swap the entry
  checked next;
- a missing folder is created in a folder already checked, 0700 exactly: `mkdir` with
  mode 0700, then `chmod` (the umask may take bits away from the mode `mkdir` is given,
  e.g. 0500 under umask 0277; `os.makedirs(mode=0o700)` gives its mode to the last folder
  only, the others get 0777 less the umask: 0777 under umask 000).

Root can change anything: it is out of scope. Access control lists are not read (the
mode bits are), as OpenSSH does not either.

A refusal is a `StoreRefused` (an `OSError`, so the store answers it as a `Failure`) with
two texts: `reason`, shown to the model in the store's notice, says `WEB_CACHE_DIR` or "a
folder on the path to WEB_CACHE_DIR" and the owner by uid, never an absolute path (it
names the local user); `detail`, for the operator's log, names the full path, the owner
and what to do.
"""

from __future__ import annotations

import contextlib
import os
import stat
from typing import NoReturn

from webdistill.kernel import own_text
from webdistill.kernel.own_text import OwnText, number, own, words

#: The mode of every folder the store creates.
FOLDER_MODE = 0o700
#: Owners trusted besides the user: root, who can change anything anyway.
ROOT = 0


class StoreRefused(OSError):
    """The store's folder, a file in it or a folder above it is not the user's alone."""

    def __init__(self, reason: OwnText, detail: str) -> None:
        super().__init__(reason)
        #: Safe to show to the model: own words, no absolute path, no user name.
        self.reason = reason
        #: For the operator's log: the full path and the owner.
        self.detail = detail


def owner_name(uid: int) -> str:
    """The user `uid` as the operator knows them: name and uid."""
    try:
        import pwd  # (POSIX only, as everything here)

        return f"{pwd.getpwuid(uid).pw_name} (uid {uid})"
    except (ImportError, KeyError):
        return f"uid {uid}"


#: What to do, after the problem.
_YOUR_OWN = words(
    "set WEB_CACHE_DIR to a folder of your own, every folder above which belongs to you "
    "or root and is writable by nobody else (your cache folder, the default, usually is)"
)
_NOT_WRITABLE = own("remove that permission (chmod go-w), or {}", _YOUR_OWN)
_AGAIN = own("try again, or {}", _YOUR_OWN)


def mode_of(mode: int) -> OwnText:
    """A file mode in octal (`755`)."""
    return own_text.name(f"{mode:o}", "its mode")


def _refuse(
    path: str, real: str, said: OwnText, to_do: OwnText, told: str | None = None
) -> NoReturn:
    """Refuse the folder `path` of the real `WEB_CACHE_DIR` `real` (or `real` itself):
    `said` for the model (an owner by uid), `told` for the log (by name), else `said`."""
    where = words("WEB_CACHE_DIR" if path == real else "a folder on the path to WEB_CACHE_DIR")
    that = "" if path == real else f", on the path to WEB_CACHE_DIR ({real}),"
    me = owner_name(os.geteuid())
    told = said if told is None else told
    raise StoreRefused(
        own("{} {}, so the disk store is not used: {}", where, said, to_do),
        f"{path}{that} {told}, so the disk store is not used (this process runs as {me}): {to_do}",
    )


def _check(path: str, real: str, st: os.stat_result) -> None:
    """Refuse the folder `path` unless `st` (its `lstat`) shows it can change only by us."""
    if stat.S_ISLNK(st.st_mode):
        _refuse(path, real, words("became a symbolic link while it was checked"), _AGAIN)
    if not stat.S_ISDIR(st.st_mode):
        _refuse(path, real, words("is not a folder"), _YOUR_OWN)
    if st.st_uid not in (os.geteuid(), ROOT):
        said = own(
            "belongs to uid {}, another user, who could swap the store's folder for theirs",
            number(st.st_uid),
        )
        told = (
            f"belongs to {owner_name(st.st_uid)}, another user, who could swap the store's "
            "folder for theirs"
        )
        _refuse(path, real, said, _YOUR_OWN, told)
    mode = stat.S_IMODE(st.st_mode)
    if mode & 0o022 and not mode & stat.S_ISVTX:
        who = words("everyone" if mode & 0o002 else "its group")
        problem = own(
            "is writable by {} without the sticky bit (mode {}): "
            "another user could swap the store's folder for theirs",
            who,
            mode_of(mode),
        )
        _refuse(path, real, problem, _NOT_WRITABLE)


def _make(path: str) -> os.stat_result:
    """Create the folder `path` 0700 in a checked folder (so nobody else can swap it before
    the `chmod`); its `lstat` (another process may make it first: checked all the same)."""
    try:
        os.mkdir(path, FOLDER_MODE)
    except FileExistsError:
        return os.lstat(path)
    os.chmod(path, FOLDER_MODE)  # exactly: the umask may have taken bits away
    return os.lstat(path)


def real_cache_dir(cache_dir: str) -> str:
    """`cache_dir` (`WEB_CACHE_DIR`) resolved, checked and made (see the module's doc):
    its real path, which only the user or root can change. Raises `StoreRefused`, or
    `OSError` (a folder that cannot be made or read)."""
    real = os.path.realpath(cache_dir)
    path = os.sep
    _check(path, real, os.lstat(path))
    for name in real.split(os.sep):
        if not name:
            continue
        path = os.path.join(path, name)
        st: os.stat_result | None = None
        with contextlib.suppress(FileNotFoundError):
            st = os.lstat(path)
        _check(path, real, st if st is not None else _make(path))
    return real
