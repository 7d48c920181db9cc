"""Formal oracles of the second verifier: z3 states a family's definition directly.

An oracle decides the defining property of a *small* instance by handing the literal definition to
z3, without the algorithmic reformulations (Fourier counts, pair scans, lookup tables) that the
verifiers use. It is used by the test suite to check both verifiers against the definition on
generated and mutated objects, and at run time by ``verify --formal`` / ``score --formal`` as a third,
formal opinion. Every oracle module has the contract's entry point

* ``oracle(parsed, *, timeout_ms) -> (status, witness)`` on the family's parsed answer, the witness in
  the family's PROPERTY_VIOLATION syntax (so both verifiers can confirm it);
* ``fits(parsed) -> bool`` and ``SIZE_RULE`` (text): which answers are small enough;
* ``decide(...)``: the encoding itself, on the family's plain data.

Conventions, shared by every oracle module:

* ``sat`` comes with a counterexample (which the oracle re-checks against the definition in plain
  Python before returning it), ``unsat`` means the property holds for the encoding, and ``unknown``
  (a z3 timeout or resource limit) must be treated as an ERROR, never as a verdict;
* inputs above a documented small size are refused with ``ValueError``;
* z3 is imported lazily, inside the oracle call, so that importing this package costs nothing.

Like the rest of ``crosscheck``, this package never imports ``checker``.
"""
from __future__ import annotations
