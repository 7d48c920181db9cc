"""Standard output and error that cannot change a command's outcome.

A reader that closes the pipe (``| head -1``), or a stream closed at start (``>&-``), used to raise
``BrokenPipeError`` in the middle of a command: ``cli.main`` mapped it to success, so a failing ``audit
--witnesses`` or ``certify --check`` exited 0, and a ``score`` whose standard error was gone (``2>&1 |
head``) stopped before it wrote scores.json. ``guard()`` puts a ``Guarded`` stream in front of each: a
write or flush that fails with a broken pipe (or on a stream that was never open) is dropped and
remembered, the command runs to its end and returns its own exit code (results files are written as if
the streams were open). ``lost()`` tells which streams were lost; ``cli.main`` then keeps a failure's exit
code and ends a success quietly (the reader took what it wanted, as with other tools), and says on
standard error, while it is still open, that standard output was lost.
"""
from __future__ import annotations

import errno
import io
import sys
from typing import Any


def _is_lost(exc: BaseException) -> bool:
    return isinstance(exc, BrokenPipeError) or (isinstance(exc, OSError) and exc.errno in (errno.EPIPE, errno.EBADF))


class Guarded(io.TextIOBase):
    """A text stream in front of ``inner`` (possibly None: a stream closed at start)."""

    def __init__(self, inner: Any, name: str) -> None:
        super().__init__()
        self.inner = inner
        self.name = name
        self.broken = inner is None

    def write(self, text: str) -> int:
        if not self.broken:
            try:
                return self.inner.write(text)
            except (OSError, ValueError) as exc:        # ValueError: the stream was closed
                if not (_is_lost(exc) or isinstance(exc, ValueError)):
                    raise
                self.broken = True
        return len(text)

    def flush(self) -> None:
        if not self.broken:
            try:
                self.inner.flush()
            except (OSError, ValueError) as exc:
                if not (_is_lost(exc) or isinstance(exc, ValueError)):
                    raise
                self.broken = True

    def isatty(self) -> bool:
        if self.broken:
            return False
        try:
            return self.inner.isatty()
        except (OSError, ValueError):
            return False

    def fileno(self) -> int:
        if self.inner is None:
            raise io.UnsupportedOperation("the stream is closed")
        return self.inner.fileno()

    def writable(self) -> bool:
        return True

    @property
    def buffer(self):
        return self.inner.buffer if self.inner is not None else io.BytesIO()

    @property
    def encoding(self):                 # type: ignore[override]
        return getattr(self.inner, "encoding", "utf-8")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def guard() -> tuple[Any, Any]:
    """Put ``Guarded`` streams in front of ``sys.stdout`` and ``sys.stderr``; returns the previous pair."""
    previous = (sys.stdout, sys.stderr)
    sys.stdout = Guarded(sys.stdout, "stdout")
    sys.stderr = Guarded(sys.stderr, "stderr")
    return previous


def lost() -> tuple[bool, bool]:
    """Were standard output and standard error lost (a closed pipe, a stream closed at start)?"""
    out, err = sys.stdout, sys.stderr
    return (isinstance(out, Guarded) and out.broken, isinstance(err, Guarded) and err.broken)


def restore(previous: tuple[Any, Any]) -> tuple[bool, bool]:
    """Flush the guarded streams, put the previous ones back, and return ``lost()`` as it stood after the
    flush: output still buffered when the command ends meets a closed pipe only here, and a stream lost
    here must be known as lost too (else the interpreter's own final flush fails and the process exits
    with status 120 instead of the command's code)."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, Guarded):
            stream.flush()
    gone = lost()
    sys.stdout, sys.stderr = previous
    return gone
