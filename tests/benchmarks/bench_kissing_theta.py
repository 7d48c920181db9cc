"""kissing_theta verifier benchmark (a script, not a test): ``python -m tests.benchmarks.bench_kissing_theta``.

The cases live with the kissing ones in ``tests/benchmarks/bench_kissing.py`` (the two families share
their verifiers' scan code): 20,000 valid vectors in d = 16, the same size with the only violating pair
last, an orbit expanding to exactly 20,000 vectors, and an orbit refused before expansion.
"""
from __future__ import annotations

import sys

from tests.benchmarks.bench_kissing import main

if __name__ == "__main__":
    sys.exit(main(("kissing_theta",)))
