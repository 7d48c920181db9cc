"""Process entry point of the primary verifier (``python -m endless_exam.checker.verify.worker``); see certificates.worker.

The harness forks each request's process from the primary's zygote (``endless_exam.certificates.zygote``),
which imports this module and calls ``preload(families)`` for the families in front of it: their modules
and the libraries those import (numpy, python-flint), nothing for the others.
"""
import sys

from endless_exam.certificates.worker import main
from endless_exam.certificates.worker import preload as _preload

from endless_exam.certificates.contract import FAMILIES
from endless_exam.checker.families import load


def preload(families: list[str] | None = None) -> None:
    """Import the primary's modules of ``families`` (every implemented family when None)."""
    keys = [key for key, info in FAMILIES.items() if info.implemented] if families is None else families
    _preload((), [load(key) for key in keys])


if __name__ == "__main__":
    sys.exit(main(load))
