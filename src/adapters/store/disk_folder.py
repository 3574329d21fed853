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

Once the folder is ours and 0700, no other user can add or swap anything in it, so the
checks hold after they ran. What they cannot cover: a parent folder that another user may
rename entries in (a world-writable `WEB_CACHE_DIR` without the sticky bit) and root.
`WEB_CACHE_DIR` itself may be a symbolic link (a cache moved to another disk): only
`store-v1` and what is in it are checked.

A refusal is a `StoreRefused` (an `OSError`, so the store answers it as a `Failure`) with
two texts, both made here: `reason`, shown to the model in the store's notice, names the
folder by its name (`store-v1`) and the owner by uid, never the absolute path (which names
the local user); `detail`, for the operator's log, names the full path and the owner.
`scrub` takes the folder's path out of any other error text the same way.
"""

from __future__ import annotations

import contextlib
import os
import stat
from typing import NoReturn

#: The folder's mode, and the mode of every file in it.
FOLDER_MODE = 0o700
FILE_MODE = 0o600
#: SQLite's own files next to the database.
COMPANIONS = ("-wal", "-shm", "-journal")


class StoreRefused(OSError):
    """The store's folder or a file in it is not the user's alone; it is not used."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(reason)
        #: Safe to show to the model: no absolute path, no user name.
        self.reason = reason
        #: For the operator's log: the full path and the owner.
        self.detail = detail


def _owner(uid: int) -> str:
    try:
        import pwd  # (POSIX only, as everything here)

        return f"{pwd.getpwuid(uid).pw_name} (uid {uid})"
    except (ImportError, KeyError):
        return f"uid {uid}"


#: What to do, after the problem (and before "or set WEB_CACHE_DIR...").
_REMOVE = "remove it (it holds only a cache)"
_REMOVE_LINK = "remove the link"
_HAVE_REMOVED = "have it removed (by its owner or an administrator)"


def _refuse(
    folder: str, name: str | None, problem: str, to_do: str, owner: int | None = None
) -> NoReturn:
    """Raise the refusal of the folder (`name` None) or of the file `name` inside it;
    `problem` may name the `{owner}`: by uid for the model, by name and uid in the log."""
    where = f"the store folder {os.path.basename(folder)}"
    if name is not None:
        where = f"the file {name} of {where}"
    full = folder if name is None else os.path.join(folder, name)
    said = problem.format(owner=f"uid {owner}")
    told = problem.format(owner=_owner(owner) if owner is not None else "")
    what = f"{to_do}, or set WEB_CACHE_DIR to a folder of your own"
    me = _owner(os.geteuid())
    raise StoreRefused(
        f"{where} (in WEB_CACHE_DIR) {said}, so the disk store is not used: {what}",
        f"{full} {told}, so the disk store is not used (this process runs as {me}): {what}",
    )


def _check(folder: str, name: str | None, st: os.stat_result) -> None:
    """Refuse what `st` (an `lstat`) shows unsafe; the folder's mode is checked apart."""
    is_folder = name is None
    if stat.S_ISLNK(st.st_mode):
        _refuse(folder, name, "is a symbolic link, which is never followed", _REMOVE_LINK)
    if is_folder and not stat.S_ISDIR(st.st_mode):
        _refuse(folder, name, "is not a folder", _REMOVE)
    if not is_folder and not stat.S_ISREG(st.st_mode):
        _refuse(folder, name, "is not a regular file", _REMOVE)
    if st.st_uid != os.geteuid():
        _refuse(folder, name, "belongs to {owner}, another user", _HAVE_REMOVED, st.st_uid)


def _open_folder(folder: str) -> int:
    """A descriptor of the checked folder, set to 0700."""
    _check(folder, None, os.lstat(folder))
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    try:
        st = os.fstat(fd)
        _check(folder, None, st)  # (the one opened, should it have changed since)
        mode = stat.S_IMODE(st.st_mode)
        if mode & 0o022:
            problem = f"is writable by other users (mode {mode:o}): what it holds cannot be trusted"
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


def prepare(folder: str, file_name: str) -> None:
    """Make or check `folder` and the database `file_name` in it (see the module's doc);
    afterwards the database exists, 0600. Raises `StoreRefused`, or `OSError`."""
    if os.name != "posix":  # (no owners or modes to check: the user's own profile)
        os.makedirs(folder, mode=FOLDER_MODE, exist_ok=True)
        return
    folder = os.path.abspath(folder)
    os.makedirs(os.path.dirname(folder), mode=FOLDER_MODE, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.mkdir(folder, FOLDER_MODE)
    fd = _open_folder(folder)
    try:
        if not _check_file(folder, fd, file_name):
            _create(fd, file_name)
            _check_file(folder, fd, file_name)
        for suffix in COMPANIONS:
            _check_file(folder, fd, file_name + suffix)
    finally:
        os.close(fd)


def damaged(folder: str, file_name: str) -> tuple[str, str]:
    """What to do about a damaged or foreign database: for the model, for the operator."""
    path = os.path.join(folder, file_name)
    return (
        f"delete the file {file_name} of the store folder {os.path.basename(folder)} "
        "(a cache) to start an empty store",
        f"the disk store's file {path} is damaged or not a webdistill store of this "
        f"release: delete it (a cache) to start an empty store",
    )


def scrub(text: str, folder: str) -> str:
    """`text` (an error's) without the folder's absolute path, nor its parent's."""
    parent = os.path.dirname(folder)
    text = text.replace(folder, f"<{os.path.basename(folder)}>")
    return text.replace(parent, "<WEB_CACHE_DIR>") if parent not in ("", os.sep) else text
