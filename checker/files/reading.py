"""Reading a file the project parses whole (a suite, a scores file, a dossier, a witness index): bounded.

``read_document`` opens without blocking (a FIFO never hangs the open), refuses anything but a regular
file (a FIFO, a device such as ``/dev/zero``, a directory) and any file larger than the limit, checked on
the open descriptor before a byte is read, and then reads at most ``limit + 1`` bytes (a file that grows
while it is read is still refused). Hashing, parsing and every other whole-file work happens only after
this check.
"""
from __future__ import annotations

import os
import stat
from typing import Any


class DocumentError(Exception):
    """The file cannot be read as a document: the message says why, in words."""


def read_document(path: str, limit: int, what: str) -> bytes:
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise DocumentError(f"cannot read the {what} {path}: {exc.strerror or exc}") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise DocumentError(f"the {what} {path} is a directory")
        if not stat.S_ISREG(st.st_mode):
            raise DocumentError(f"the {what} {path} is not a regular file (a device, FIFO or socket); refusing to read it")
        if st.st_size > limit:
            raise DocumentError(f"the {what} {path} is larger than {limit:,} bytes ({st.st_size:,} bytes)")
        os.set_blocking(fd, True)
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise DocumentError(f"the {what} {path} grew over the limit of {limit:,} bytes while it was read")
        return b"".join(chunks)
    except OSError as exc:
        raise DocumentError(f"cannot read the {what} {path}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def read_strict_json(path: str, limit: int, what: str) -> Any:
    """The strict JSON document at ``path`` (``certificates.strictjson``), read as ``read_document`` reads it;
    every failure is a ``DocumentError`` that names the file as ``what``."""
    from endless_exam.certificates.errors import AnswerError
    from endless_exam.certificates.strictjson import loads

    try:
        return loads(read_document(str(path), limit, what).decode("utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise DocumentError(f"cannot read the {what} {path}: {exc}") from None
    except AnswerError as exc:
        raise DocumentError(f"the {what} {path} is not strict JSON: {exc.message}") from None
