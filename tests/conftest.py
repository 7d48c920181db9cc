"""Set-up every test module shares, done once before any of them is collected.

* The second verifier's package is imported first: it sets ``SYMPY_GROUND_TYPES=python`` (and
  ``MPMATH_NOGMPY``) before anything imports sympy, and refuses to load after sympy or mpmath did.
* The scripts below ``tests/benchmarks/`` and ``tests/scripts/`` print figures or search for inputs; they
  are run by hand, never collected (their names do not match ``test_*.py`` either).
"""
from __future__ import annotations

from endless_exam import crosscheck  # noqa: F401  (first: sets SYMPY_GROUND_TYPES=python before anything imports sympy)

collect_ignore_glob = ["benchmarks/*", "scripts/*"]
