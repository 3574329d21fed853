"""A ceiling on one extraction worker's memory: watched from outside, backed by a hard limit.

A worker reads hostile bytes; the deadline bounds its time, this bounds its memory. Two parts:

- the pool watches each busy worker's resident memory (`resident_bytes`, from /proc) while it
  waits for the answer, and kills a worker that goes past the limit: the body is answered
  TOO_LARGE, never read half-way. Killing from outside is what makes the answer honest: a C
  library that runs out of memory inside (libxml2) reports a vague parse error, and the page
  would come back silently empty;
- in the worker, a hard address-space limit (`limit_address_space`) well above that, for a
  burst faster than the watch: past it an allocation fails (MemoryError, answered TOO_LARGE
  too) instead of the machine swapping.

On a platform without /proc or `resource` the worker runs with the deadline alone.
"""

from __future__ import annotations

import contextlib
import ctypes
import logging
import os

logger = logging.getLogger("webdistill.extract")

MIB = 1 << 20
#: The hard limit is this many times the watched one above the worker's size at start.
HARD_FACTOR = 2


def resident_bytes(pid: int) -> int | None:
    """Resident memory of process `pid` in bytes, or None when it cannot be read."""
    try:
        with open(f"/proc/{pid}/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


def _address_space_now() -> int | None:
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


def limit_address_space(megabytes: int) -> int | None:
    """Cap this process's address space at its present size plus HARD_FACTOR x `megabytes`.

    Answers the limit set in bytes, or None when it cannot be set (logged; the caller goes on
    with the outside watch and the deadline)."""
    try:
        import resource
    except ImportError:  # not POSIX
        return None
    base = _address_space_now()
    if base is None:
        return None
    # glibc loads libgcc_s lazily when a thread exits; under the limit that load can fail
    # and abort the process, so load it now
    with contextlib.suppress(OSError):
        ctypes.CDLL("libgcc_s.so.1")
    limit = base + HARD_FACTOR * megabytes * MIB
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ValueError, OSError) as exc:
        logger.warning("could not limit an extraction worker's address space: %s", exc)
        return None
    return limit
