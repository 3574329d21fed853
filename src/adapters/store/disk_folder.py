"""The disk store's folder and files on a shared machine: the user's alone, or not used.

Another local user who could write into the store's folder could plant pages served as
ours without a download, and one who could read its files could read every page we keep
(the `-wal` file holds the latest ones). So, before SQLite opens anything (`prepare`, on the
store's thread, each time the database is opened):

- the folder (`store-v1` under `WEB_CACHE_DIR`) is created 0700; an existing one is
  checked with `lstat`, never followed: it is refused when it is a symbolic link, not a
  folder, owned by another user, or writable by its group or by everyone (what such a
  folder holds cannot be trusted); one of ours that is merely readable by others is
  tightened to 0700, through a descriptor opened with `O_NOFOLLOW`;
- inside it, the database and its `-wal`, `-shm` and `-journal` are checked the same way:
  a symbolic link or anything but a regular file is refused (never followed), a file of
  another user is refused, a file of ours with another mode (a database left 0644 by an
  earlier release) is set to 0600;
- a missing database is created here, 0600, with `O_CREAT | O_EXCL | O_NOFOLLOW`, and
  SQLite is then told to open it read-write without ever creating it (`mode=rw`).

Why creating the file, not setting the umask around SQLite's open: the umask belongs to
the process, not to a thread. Set on the store thread, it would also apply to every file
another thread creates meanwhile (a log, the audit log), and two store threads (two
stores, or a store reopened while its old thread drains) each saving and restoring it
could interleave and leave the process with the wrong umask for good. Creating the file
ourselves touches nothing shared: the mode given to `open` can only lose bits to the
umask, and an explicit `fchmod` sets it exactly. SQLite creates the `-wal`, `-shm` and
`-journal` files with the database file's own permission bits (its unix VFS copies them
and `fchmod`s a new file past the umask), so they are 0600 from their creation too,
whatever the umask (tests/store/test_disk_folder.py checks it under 022 and 000).

Once the folder is ours and 0700, no other user can add or swap anything in it, and
`disk_path.real_cache_dir` first makes sure that no other user can swap the folder itself
(`WEB_CACHE_DIR`, resolved to its real path, and every folder above it can change only by
the user or root), so the checks hold after they ran: SQLite opens the real path `prepare`
returns. `WEB_CACHE_DIR` may be a symbolic link (a cache moved to another disk); `store-v1`
may not. Root can change anything: it is out of scope.

A refusal is a `StoreRefused` (`disk_path.py`) with two texts, both made here: `reason`,
shown to the model in the store's notice, names the folder by its name (`store-v1`) and the
owner by uid, never the absolute path (which names the local user); `detail`, for the
operator's log, names the full path and the owner. `scrub` takes every absolute path out
of any other error text.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
from typing import NoReturn

from webdistill.adapters.store.disk_path import (
    FOLDER_MODE,
    StoreRefused,
    mode_of,
    owner_name,
    real_cache_dir,
)
from webdistill.kernel.own_text import OwnText, name, number, own, words

#: The mode of every file in the folder (the folder's is `FOLDER_MODE`).
FILE_MODE = 0o600
#: SQLite's own files next to the database.
COMPANIONS = ("-wal", "-shm", "-journal")

#: What to do, after the problem (and before "or set WEB_CACHE_DIR...").
_REMOVE = words("remove it (it holds only a cache)")
_REMOVE_LINK = words("remove the link")
_HAVE_REMOVED = words("have it removed (by its owner or an administrator)")


def _where(folder: str, file_name: str | None) -> OwnText:
    """The store folder by its name (ours, or the operator's setting) or a file in it."""
    shown = own("the store folder {}", name(os.path.basename(folder), "of the store"))
    if file_name is None:
        return shown
    return own("the file {} of {}", name(file_name, "(a file)"), shown)


def _refuse(
    folder: str, file_name: str | None, said: OwnText, to_do: OwnText, told: str | None = None
) -> NoReturn:
    """Raise the refusal of the folder (`file_name` None) or of the file inside it: `said`
    for the model (an owner by uid), `told` for the log (by name), else `said`."""
    full = folder if file_name is None else os.path.join(folder, file_name)
    what = own("{}, or set WEB_CACHE_DIR to a folder of your own", to_do)
    me = owner_name(os.geteuid())
    told = said if told is None else told
    raise StoreRefused(
        own(
            "{} (in WEB_CACHE_DIR) {}, so the disk store is not used: {}",
            _where(folder, file_name),
            said,
            what,
        ),
        f"{full} {told}, so the disk store is not used (this process runs as {me}): {what}",
    )


def _check(folder: str, name: str | None, st: os.stat_result) -> None:
    """Refuse what `st` (an `lstat`) shows unsafe; the folder's mode is checked apart."""
    is_folder = name is None
    if stat.S_ISLNK(st.st_mode):
        said = words("is a symbolic link, which is never followed")
        _refuse(folder, name, said, _REMOVE_LINK)
    if is_folder and not stat.S_ISDIR(st.st_mode):
        _refuse(folder, name, words("is not a folder"), _REMOVE)
    if not is_folder and not stat.S_ISREG(st.st_mode):
        _refuse(folder, name, words("is not a regular file"), _REMOVE)
    if st.st_uid != os.geteuid():
        said = own("belongs to uid {}, another user", number(st.st_uid))
        told = f"belongs to {owner_name(st.st_uid)}, another user"
        _refuse(folder, name, said, _HAVE_REMOVED, told)


def _open_folder(folder: str) -> int:
    """A descriptor of the checked folder, set to 0700."""
    _check(folder, None, os.lstat(folder))
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    try:
        st = os.fstat(fd)
        _check(folder, None, st)  # (the one opened, should it have changed since)
        mode = stat.S_IMODE(st.st_mode)
        if mode & 0o022:
            problem = own(
                "is writable by other users (mode {}): what it holds cannot be trusted",
                mode_of(mode),
            )
            _refuse(folder, None, problem, _REMOVE)
        if mode != FOLDER_MODE:
            os.fchmod(fd, FOLDER_MODE)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _check_file(folder: str, fd: int, name: str) -> bool:
    """Check the file `name` in the folder `fd`, set it to 0600; False when it is absent."""
    try:
        st = os.stat(name, dir_fd=fd, follow_symlinks=False)
    except FileNotFoundError:
        return False
    _check(folder, name, st)
    if stat.S_IMODE(st.st_mode) != FILE_MODE:
        file = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=fd)
        try:
            os.fchmod(file, FILE_MODE)
        finally:
            os.close(file)
    return True


def _create(fd: int, name: str) -> None:
    """Create the empty file `name` 0600 in the folder `fd` (another process may first)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    with contextlib.suppress(FileExistsError):  # (checked again by the caller)
        file = os.open(name, flags, FILE_MODE, dir_fd=fd)
        try:
            os.fchmod(file, FILE_MODE)  # the umask may have taken bits away
        finally:
            os.close(file)


def prepare(folder: str, file_name: str) -> str:
    """Make or check the path to `folder`, `folder` and the database `file_name` in it (see
    the module's doc); afterwards the database exists, 0600. The folder's real path, which
    SQLite must open. Raises `StoreRefused`, or `OSError`."""
    if os.name != "posix":  # (no owners or modes to check: the user's own profile)
        os.makedirs(folder, mode=FOLDER_MODE, exist_ok=True)
        return folder
    folder = os.path.abspath(folder)
    folder = os.path.join(real_cache_dir(os.path.dirname(folder)), os.path.basename(folder))
    try:
        os.mkdir(folder, FOLDER_MODE)
    except FileExistsError:
        pass  # (checked below)
    else:  # exactly 0700 whatever the umask (in a checked folder: nobody else can swap it)
        os.chmod(folder, FOLDER_MODE)
    fd = _open_folder(folder)
    try:
        if not _check_file(folder, fd, file_name):
            _create(fd, file_name)
            _check_file(folder, fd, file_name)
        for suffix in COMPANIONS:
            _check_file(folder, fd, file_name + suffix)
    finally:
        os.close(fd)
    return folder


def damaged(folder: str, file_name: str) -> tuple[OwnText, str]:
    """What to do about a damaged or foreign database: for the model, for the operator."""
    path = os.path.join(folder, file_name)
    return (
        own("delete {} (a cache) to start an empty store", _where(folder, file_name)),
        f"the disk store's file {path} is damaged or not a webdistill store of this "
        f"release: delete it (a cache) to start an empty store",
    )


#: An absolute path in an error's text: quoted (as `OSError` shows one), else up to a space.
_PATH = re.compile(r"""'/[^']*'|"/[^"]*"|(?<![\w.~/>-])/[^\s'",;]*""")
#: What the model is told instead of a path outside the store's folder.
ON_THE_PATH = "a folder on the path to WEB_CACHE_DIR"


def scrub(text: str, folder: str) -> str:
    """`text` (an error's) without an absolute path: the folder's (as given) is written
    `<store-v1>`, its parent's `<WEB_CACHE_DIR>`, any other (a folder above, or the real
    path a symbolic link leads to) `ON_THE_PATH`. For the model: the operator's log may
    keep the text as it was."""
    parent = os.path.dirname(folder)
    text = text.replace(folder, f"<{os.path.basename(folder)}>")
    if parent not in ("", os.sep):
        text = text.replace(parent, "<WEB_CACHE_DIR>")
    return _PATH.sub(ON_THE_PATH, text)
