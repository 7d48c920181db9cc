"""The real second verifier, except that its process also loads python-flint (one of the primary's
libraries): its reply must be an ERROR, never a verdict."""
import sys

import flint  # noqa: F401

from endless_exam.certificates.worker import main
from endless_exam.crosscheck.families import load
from endless_exam.crosscheck.worker import FORBIDDEN

if __name__ == "__main__":
    sys.exit(main(load, FORBIDDEN))
