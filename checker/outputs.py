"""Which paths the commands may write: one rule for ``score``, ``export``, ``report`` and ``certify``.

A path may be written when it does not exist yet or is a regular file, and it is not the input the
command reads (the answers file, under any name: same real path or same inode). A directory, a device
(``/dev/null`` included), a FIFO or a socket is never replaced.
"""
from __future__ import annotations

import os
import stat


def refusal(path: str, what: str, source: str | None = None,
            source_identity: tuple[int, int] | None = None) -> str | None:
    """Why ``path`` (the command's ``what``) may not be written, or None when it may. ``source`` /
    ``source_identity`` name the input file (path, and (device, inode)) that must never be overwritten."""
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        return f"the directory of the {what} ({directory}) does not exist"
    if source not in (None, "-") and os.path.realpath(path) == os.path.realpath(source):
        return f"the {what} {path} is the input file; refusing to overwrite it"
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"cannot use {path} as the {what}: {exc.strerror}"
    if stat.S_ISDIR(st.st_mode):
        return f"the {what} {path} is a directory"
    if not stat.S_ISREG(st.st_mode):
        return f"the {what} {path} is not a regular file (a device, FIFO or socket); refusing to write to or replace it"
    if source_identity is not None and (st.st_dev, st.st_ino) == source_identity:
        return f"the {what} {path} is the input file (the same file under another name); refusing to overwrite it"
    if source not in (None, "-") and os.path.exists(source) and os.path.samefile(path, source):
        return f"the {what} {path} is the input file (the same file under another name); refusing to overwrite it"
    return None
