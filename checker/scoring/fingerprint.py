"""The fingerprint of the installed checker code: what a saved verdict is bound to.

``code_fingerprint()`` is the SHA-256 over the relative path, length and bytes of every ``.py`` file of the
installed ``endless_exam`` packages (the checker, both verifiers' shared parsing and the second verifier),
computed once per process. The version string alone (0.1.0 on every commit) cannot tell two
installations apart; this can. ``score`` writes it into its progress header, so a verdict saved by other
code is never reused on resume, and the Ray backend compares it between the driver and every worker.
It detects a changed installation, not a hostile one: whoever can rewrite the installed code can make it
report any fingerprint (see the README's threat model).
"""
from __future__ import annotations

import hashlib
import importlib
import os

_PACKAGES = ("endless_exam", "endless_exam.checker", "endless_exam.certificates", "endless_exam.crosscheck")
_fingerprint: str | None = None


def code_fingerprint() -> str:
    """The SHA-256 (hex) of the installed ``endless_exam`` Python sources (cached per process)."""
    global _fingerprint
    if _fingerprint is None:
        h = hashlib.sha256(b"endless-exam code v1\n")
        for name in _PACKAGES:
            for root in importlib.import_module(name).__path__:
                files = []
                for here, dirs, names in os.walk(root):
                    dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
                    files += [os.path.join(here, n) for n in names if n.endswith(".py")]
                for path in sorted(files):
                    rel = os.path.relpath(path, root).replace(os.sep, "/")
                    with open(path, "rb") as fh:
                        data = fh.read()
                    h.update(f"{name}/{rel}\n{len(data)}\n".encode())
                    h.update(data)
        _fingerprint = h.hexdigest()
    return _fingerprint
