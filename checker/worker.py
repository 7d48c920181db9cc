"""Process entry point of the primary verifier (``python -m endless_exam.checker.worker``); see certificates.worker.

The harness forks each request's process from the primary's zygote (``endless_exam.certificates.zygote``),
which imports this module and calls ``preload`` once: numpy, python-flint, gmpy2 and every implemented
family module of the primary.
"""
import sys

from endless_exam.certificates.worker import main
from endless_exam.certificates.worker import preload as _preload

from .families import FAMILIES, load

LIBRARIES = ("numpy", "flint", "gmpy2")


def preload() -> None:
    _preload(LIBRARIES, [load(key) for key, info in FAMILIES.items() if info.implemented])


if __name__ == "__main__":
    sys.exit(main(load))
