"""Process entry point of the second verifier (``python -m endless_exam.crosscheck.worker``); see certificates.worker.

This process never imports ``checker``: the second verifier is independent of the primary.
"""
import sys

from endless_exam import crosscheck  # noqa: F401  (sets SYMPY_GROUND_TYPES=python before anything imports sympy)
from endless_exam.certificates.worker import main

from .families import load

if __name__ == "__main__":
    if "endless_exam.checker" in sys.modules:
        raise SystemExit("the second verifier must not import the primary verifier")
    sys.exit(main(load))
