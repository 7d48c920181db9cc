"""Formal oracles of the second verifier: z3 states a family's definition directly.

An oracle decides the defining property of a *small* instance by handing the literal definition to
z3, without the algorithmic reformulations (Fourier counts, pair scans, lookup tables) that the
verifiers use. It is used by the test suite to check both verifiers against the definition on
generated and mutated objects. Conventions, shared by every oracle module:

* ``sat`` comes with a counterexample (which the oracle re-checks against the definition in plain
  Python before returning it), ``unsat`` means the property holds for the encoding, and ``unknown``
  (a z3 timeout or resource limit) must be treated as an ERROR, never as a verdict;
* inputs above a documented small size are refused with ``ValueError``;
* z3 is imported lazily, inside the oracle call, so that importing this package costs nothing.

Like the rest of ``crosscheck``, this package never imports ``checker``.
"""
from __future__ import annotations

import pkgutil

# every module of this package is the oracle of the family it is named after
ORACLES = tuple(sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")))
