"""Process entry point of the primary verifier (``python -m endless_exam.checker.worker``); see certificates.worker."""
import sys

from endless_exam.certificates.worker import main

from .families import load

if __name__ == "__main__":
    sys.exit(main(load))
