"""Which paths the commands may write, and how. ``checker.commands.paths`` classifies every path of every
command (inputs and outputs) and applies this rule to each output before the command starts.

A path may be written when it does not exist yet or is a regular file, and it is none of the inputs the
command reads (the answers file, a scores file, a dossier: under any name, same real path or same inode).
A directory, a device (``/dev/null`` included), a FIFO or a socket is never replaced; two outputs of one
command may not name the same file. Every path is checked before the command does any work
(``check_all``), and written by replacing it (``write_text``, ``replace_file``: a fresh temporary file in
the same directory, moved into place), so a symlink at the path is replaced, never followed, and a
reader never sees half a file.
"""
from __future__ import annotations

import os
import stat
import tempfile
from typing import Callable, Iterable, Sequence


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def refusal(path: str, what: str, source: str | None = None,
            source_identity: tuple[int, int] | None = None, *, inputs: Iterable[str] = ()) -> str | None:
    """Why ``path`` (the command's ``what``) may not be written, or None when it may. ``source`` /
    ``source_identity`` name the input file (path, and (device, inode)) that must never be overwritten;
    ``inputs`` names more input files (a report's scores files, a dossier to check)."""
    if not isinstance(path, str) or not path or "\0" in path:
        return f"the {what} path {path!r} is empty or not a file name"
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        return f"the directory of the {what} ({directory}) does not exist"
    sources = [s for s in (source, *inputs) if s not in (None, "-", "")]
    for src in sources:
        if os.path.realpath(path) == os.path.realpath(src):
            return f"the {what} {path} is the input file {src}; refusing to overwrite it"
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
    for src in sources:
        if _same_file(path, src):
            return f"the {what} {path} is the input file {src} (the same file under another name); refusing to overwrite it"
    return None


def clash(outputs: Sequence[tuple[str, str]]) -> str | None:
    """Why two of a command's outputs (``(path, what)`` pairs) would be the same file, or None."""
    for n, (a, what_a) in enumerate(outputs):
        for b, what_b in outputs[n + 1:]:
            if os.path.realpath(a) == os.path.realpath(b) or _same_file(a, b):
                return f"the {what_a} and the {what_b} are the same file ({a}); refusing to write one over the other"
    return None


def check_all(outputs: Sequence[tuple[str, str]], inputs: Iterable[str] = ()) -> str | None:
    """The first refusal among ``(path, what)`` outputs of one command (each against every input, and
    against each other), or None when all may be written. Run it before any work."""
    inputs = list(inputs)
    for path, what in outputs:
        why = refusal(path, what, inputs=inputs)
        if why is not None:
            return why
    return clash(outputs)


def _match_umask(path: str) -> None:
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(path, 0o666 & ~mask)


def replace_file(path: str, write: Callable[[object], None]) -> None:
    """Write a new file at ``path`` with ``write(binary file object)`` and move it into place: a symlink at
    ``path`` is replaced (never followed), and nothing is left behind if ``write`` fails."""
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix="." + os.path.basename(path) + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        _match_umask(tmp)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_text(path: str, text: str) -> None:
    """``path`` replaced by ``text`` (UTF-8), as ``replace_file``."""
    data = text.encode("utf-8")
    replace_file(path, lambda fh: fh.write(data))
