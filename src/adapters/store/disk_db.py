"""The disk store's database: one SQLite file, one table, the byte total kept by triggers.

Everything here is synchronous and runs on the store's own thread (`disk_thread.py`), never
on the event loop. The file (`FILE_NAME`, in the store's folder) holds one row per key:
its expiry (wall clock: other processes share it), when it was last used (for LRU
eviction), the bytes it counts and the value, last (a scan of the other columns never
reads a big value). Triggers keep the total of those bytes in a one-row table inside
the same statement, so a put is one statement and the total is always exact, whichever
process wrote. Every write transaction ends by evicting the least recently used rows, in
one batch down to `LOW_WATER` of the bound, when the total is over it: the committed
total never exceeds the bound.

Reads are one SELECT outside any transaction (WAL: they never wait for another process's
write). Recording that a hit was used would make every read a write, so the hits' times
are kept here and written by the next write transaction (before its eviction, which so
sees them) or, once `MAX_TOUCHES` are waiting, by a transaction of their own.

Several processes share the file safely: WAL journal, every write in one `BEGIN
IMMEDIATE` transaction (the write lock taken first, so no transaction can deadlock on an
upgrade), a short busy timeout (a lock held too long answers `StoreBusy`). The schema is
versioned twice: `SCHEMA` is in the file name (a store of another layout, such as the
diskcache `cache.db` earlier releases wrote in this folder, is never opened) and in
`PRAGMA user_version` with our `application_id` (a file of that name holding anything else
is refused, never misread or overwritten). Before the file is opened, `disk_folder.prepare`
makes sure the path to the folder, the folder and the files are the user's alone (0700,
0600, no symbolic link) and creates the file; SQLite opens it by its real path, without
ever creating it.
"""

from __future__ import annotations

import contextlib
import math
import os
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

from webdistill.adapters.store.disk_folder import prepare

#: The layout's version; a new layout takes a new file name, so releases never share one.
SCHEMA = 1
FILE_NAME = f"entries-v{SCHEMA}.sqlite3"
#: `PRAGMA application_id` of our files ("wdst").
APPLICATION_ID = 0x77647374
#: Bytes counted per row on top of its key and value (row header, index entries).
ENTRY_OVERHEAD = 128
#: Eviction removes rows until the total is at most this share of the bound.
LOW_WATER = 0.9
#: Hits whose time of use waits for a write before one is written for them alone.
MAX_TOUCHES = 256

_CREATE = (
    """CREATE TABLE entries (
        key TEXT PRIMARY KEY,
        expires REAL NOT NULL,
        used REAL NOT NULL,
        size INTEGER NOT NULL,
        value BLOB NOT NULL
    )""",
    "CREATE INDEX entries_used ON entries (used)",
    "CREATE TABLE total (one INTEGER PRIMARY KEY CHECK (one = 0), bytes INTEGER NOT NULL)",
    "INSERT INTO total VALUES (0, 0)",
    """CREATE TRIGGER entries_inserted AFTER INSERT ON entries
        BEGIN UPDATE total SET bytes = bytes + new.size; END""",
    """CREATE TRIGGER entries_deleted AFTER DELETE ON entries
        BEGIN UPDATE total SET bytes = bytes - old.size; END""",
    """CREATE TRIGGER entries_resized AFTER UPDATE OF size ON entries
        BEGIN UPDATE total SET bytes = bytes - old.size + new.size; END""",
    f"PRAGMA application_id = {APPLICATION_ID}",
    f"PRAGMA user_version = {SCHEMA}",
)
_GET = "SELECT expires, value FROM entries WHERE key = ?"
_UPSERT = (
    "INSERT INTO entries (key, expires, used, size, value) VALUES (?, ?, ?, ?, ?) "
    "ON CONFLICT (key) DO UPDATE SET expires = excluded.expires, used = excluded.used, "
    "size = excluded.size, value = excluded.value"
)
#: Writes only over an absent or expired row (the last parameter is now).
_ADD = _UPSERT + " WHERE entries.expires <= ?"
_DELETE = "DELETE FROM entries WHERE key = ?"
_TOUCH = "UPDATE entries SET used = ? WHERE key = ?"
_TOTAL = "SELECT bytes FROM total"
_OLDEST = "SELECT rowid, size FROM entries ORDER BY used LIMIT 256"
_DROP = "DELETE FROM entries WHERE rowid = ?"


class StoreBusy(sqlite3.OperationalError):
    """Another process kept the write lock past the busy timeout."""


class StoreFormatError(sqlite3.DatabaseError):
    """The file is not a webdistill store of this layout."""


def _locked(exc: sqlite3.OperationalError) -> bool:
    return getattr(exc, "sqlite_errorname", "").startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))


def _seconds(stored: bytes | None) -> float | None:
    """A pace turn as written by `pace`, or None (absent, or not a turn: another writer)."""
    try:
        turn = float(stored) if stored is not None and len(stored) <= 32 else None
    except ValueError:
        return None
    return turn if turn is not None and math.isfinite(turn) else None


class Database:
    """One connection to the store's file, used by one thread."""

    def __init__(self, folder: str, max_bytes: int, busy_timeout_s: float) -> None:
        # the path, the folder and the files are ours alone, the file exists; the real path
        # is opened (a symbolic link in WEB_CACHE_DIR re-pointed afterwards changes nothing)
        self.path = os.path.join(prepare(folder, FILE_NAME), FILE_NAME)
        self._max_bytes = max_bytes
        self._depth = 0
        self._touched: dict[str, float] = {}
        uri = f"{Path(os.path.abspath(self.path)).as_uri()}?mode=rw"  # never creates it
        self._con = sqlite3.connect(
            uri, timeout=busy_timeout_s, isolation_level=None, cached_statements=32, uri=True
        )
        try:
            self._prepare()
        except BaseException:
            self._con.close()
            raise

    def _prepare(self) -> None:
        con = self._con
        if self._layout() != (APPLICATION_ID, SCHEMA):
            self._refuse_unless_empty()  # before anything is written into the file
            con.execute("PRAGMA journal_mode = WAL")  # kept by the file; needs no transaction
            with self.write():  # another process may be creating it too: check again
                if self._layout() != (APPLICATION_ID, SCHEMA):
                    self._refuse_unless_empty()
                    for statement in _CREATE:  # (executescript would commit)
                        con.execute(statement)
        con.execute("PRAGMA synchronous = NORMAL")  # WAL: consistent, no fsync per commit

    def _refuse_unless_empty(self) -> None:
        if self._layout() != (0, 0) or self._con.execute("SELECT 1 FROM sqlite_master").fetchone():
            raise StoreFormatError(f"{FILE_NAME} is not a webdistill store of this release")

    def _layout(self) -> tuple[int, int]:
        application = self._con.execute("PRAGMA application_id").fetchone()[0]
        return application, self._con.execute("PRAGMA user_version").fetchone()[0]

    @contextlib.contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction; a nested one joins the outer (a batch of jobs).

        The outermost one first records the hits' times, and evicts before committing."""
        if self._depth:
            self._depth += 1
            try:
                yield self._con
            finally:
                self._depth -= 1
            return
        con, touched = self._con, self._touched
        try:
            con.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if _locked(exc):
                raise StoreBusy(str(exc)) from exc
            raise
        self._depth, self._touched = 1, {}
        try:
            if touched:
                con.executemany(_TOUCH, ((used, key) for key, used in touched.items()))
            yield con
            self._evict()
            con.execute("COMMIT")
        except BaseException:
            if con.in_transaction:
                con.execute("ROLLBACK")
            self._touched = {**touched, **self._touched}
            raise
        finally:
            self._depth = 0

    def _evict(self) -> None:
        total = self._con.execute(_TOTAL).fetchone()[0]
        if total <= self._max_bytes:
            return
        excess = total - int(self._max_bytes * LOW_WATER)
        while excess > 0:
            rows = self._con.execute(_OLDEST).fetchall()
            if not rows:
                return
            drop = []
            for rowid, size in rows:
                drop.append((rowid,))
                excess -= size
                if excess <= 0:
                    break
            self._con.executemany(_DROP, drop)

    def get(self, key: str) -> bytes | None:
        row = self._con.execute(_GET, (key,)).fetchone()
        now = time.time()
        if row is None or row[0] <= now or not isinstance(row[1], bytes):
            return None
        self._touched[key] = now
        if len(self._touched) >= MAX_TOUCHES and not self._depth:
            try:
                with self.write():
                    pass  # the times are written
            except sqlite3.Error:  # busy: drop them, rather than wait again on every hit
                self._touched.clear()
        return row[1]

    def _set(self, key: str, value: bytes, ttl_s: float, now: float) -> None:
        """Inside a write transaction."""
        size = len(key) + len(value) + ENTRY_OVERHEAD
        if size > self._max_bytes:  # could never be kept: only the old value goes
            self._con.execute(_DELETE, (key,))
            return
        self._con.execute(_UPSERT, (key, now + ttl_s, now, size, value))

    def put(self, key: str, value: bytes, ttl_s: float) -> None:
        with self.write():
            self._set(key, value, ttl_s, time.time())

    def add(self, key: str, value: bytes, ttl_s: float) -> bool:
        size = len(key) + len(value) + ENTRY_OVERHEAD
        with self.write() as con:
            now = time.time()
            cursor = con.execute(_ADD, (key, now + ttl_s, now, size, value, now))
            return cursor.rowcount > 0

    def delete(self, key: str) -> None:
        with self.write() as con:
            con.execute(_DELETE, (key,))

    def _live(self, key: str, now: float) -> bytes | None:
        row = self._con.execute(_GET, (key,)).fetchone()
        if row is None or row[0] <= now or not isinstance(row[1], bytes):
            return None
        return row[1]

    def _count_up(self, key: str, ttl_s: float, now: float) -> int:
        """Inside a write transaction: the counter plus one (1 when absent, expired or not
        a count: something else wrote the key), kept `ttl_s` from now."""
        current = self._live(key, now)
        counted = current is not None and len(current) <= 18 and current.isdigit()
        count = int(current) + 1 if counted and current is not None else 1
        self._set(key, str(count).encode(), ttl_s, now)
        return count

    def incr(self, key: str, ttl_s: float) -> int:
        with self.write():
            return self._count_up(key, ttl_s, time.time())

    def put_in_ring(self, counter: str, slots: int, prefix: str, value: bytes, ttl_s: float) -> int:
        with self.write():
            now = time.time()
            slot = self._count_up(counter, ttl_s, now) % max(1, slots)
            self._set(f"{prefix}{slot}", value, ttl_s, now)
        return slot

    def pace(self, key: str, interval_s: float) -> float:
        with self.write():
            now = time.time()  # wall clock: the turn is shared between processes
            turn = max(now, _seconds(self._live(key, now)) or now)
            self._set(key, repr(turn + interval_s).encode(), turn + interval_s - now + 60, now)
        return turn - now

    def close(self) -> None:
        """Write the waiting hits' times (when the store is free), then close."""
        try:
            if self._touched:
                with contextlib.suppress(sqlite3.Error), self.write():
                    pass
        finally:
            self._con.close()
