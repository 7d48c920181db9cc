"""One ``score`` run per output at a time: an exclusive lock held for the whole run.

Two runs writing one output interleaved their rows in the progress file, and the next run reported the
duplicates as failing their integrity check. ``hold(output)`` takes an exclusive ``flock`` on
``<output>.lock`` (created if missing, never followed through a symlink, refused under the same rules as
every output) for as long as the run lasts; a second run on the same output is refused at once (exit 2)
and told which process holds it. The kernel releases the lock however the holder ends (also SIGKILL), so
a lock file left behind is harmless: it is kept, since removing it would let a third run lock a new file
while a second still waits on the old one.
"""
from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import stat
from typing import Iterator


class LockedError(Exception):
    """Another run holds the output's lock."""


def lock_path(output: str) -> str:
    return output + ".lock"


@contextlib.contextmanager
def hold(output: str, error: type[Exception] = LockedError) -> Iterator[str]:
    """Hold the exclusive lock of ``output`` for the ``with`` block; ``error`` (default ``LockedError``) if
    another run has it."""
    path = lock_path(output)
    if os.path.islink(path):
        os.unlink(path)                  # a planted symlink is replaced, never followed
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0), 0o666)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise error(f"the lock file {path} is not a regular file")
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise
            holder = os.pread(fd, 64, 0).decode("ascii", "replace").strip() or "unknown"
            raise error(f"another score run (pid {holder}) is writing {output} (it holds {path}); wait for "
                              "it to finish or stop it, then run this command again") from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        yield path
    finally:
        os.close(fd)                     # releases the lock
