"""Helpers shared by the property tests (``tests/families/<family>/test_<family>_properties.py``); not a test module.

* ``both``: run both verifiers in-process on one answer; they must agree, and each witness (every reason of
  ``reasons.WITNESS_REASONS``) must be confirmed by the OTHER verifier's ``witness_holds``;
* ``assert_reference_construction``: a bundled construction document is well formed and accepted by
  both verifiers with its recorded objective;
* ``assert_crosscheck_is_independent``: in a fresh interpreter, the second verifier and the oracle
  of a family import neither ``checker`` nor (eagerly) z3;
* ``det_mod``: a determinant modulo a prime (for the affine-map mutations).
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from endless_exam.certificates.reasons import WITNESS_REASONS
from endless_exam.certificates.params import validate
from endless_exam.certificates.verdict import Status, Verdict, objective_from_str

ROOT = str(Path(__file__).resolve().parent.parent)
CONSTRUCTION_KEYS = {"family", "params", "answer", "objective", "method", "generated_by"}


def both(primary: ModuleType, second: ModuleType, params: dict, answer: Any) -> tuple[Verdict, Verdict]:
    """Both verifiers' verdicts; they agree on status, reason and objective, and every witness (a reason of
    ``reasons.WITNESS_REASONS``: duplicates, property violations, invalid certificates) is confirmed by the
    other verifier."""
    p, s = primary.check(params, answer), second.check(params, answer)
    assert (p.status, p.reason, p.objective) == (s.status, s.reason, s.objective), (p, s)
    if p.reason in WITNESS_REASONS:
        for verdict, other in ((p, second), (s, primary)):
            holds, message = other.witness_holds(params, answer, verdict.witness)
            assert holds, (verdict.witness, message)
    return p, s


def generators(family: str) -> tuple[str, str]:
    """The commands that may have written a construction of ``family``."""
    return (f"python -m endless_exam.checker.constructions.{family}", "python -m endless_exam.checker.suites.tiers")


def assert_reference_construction(family: str, primary: ModuleType, second: ModuleType, doc: dict) -> dict:
    """A document of ``fixtures/constructions/<family>/``: exactly the documented keys, written by the
    family's generator (or by the tiers generator, which runs the family's baseline for the a1/a2 suites), and
    accepted by both verifiers with its recorded objective. Returns its params."""
    assert set(doc) == CONSTRUCTION_KEYS
    assert doc["family"] == family and doc["generated_by"] in generators(family)
    params = validate(family, doc["params"])
    p, s = primary.check(params, doc["answer"]), second.check(params, doc["answer"])
    assert p.status is s.status is Status.ACCEPT, (p.message, s.message)
    recorded = doc["objective"]          # an int, or the exact text "p/q" of a rational objective
    expected = objective_from_str(recorded) if isinstance(recorded, str) else recorded
    assert p.objective == s.objective == expected
    return params


def assert_crosscheck_is_independent(family: str, *statements: str) -> None:
    """Import the oracle and the second verifier of ``family`` in a fresh interpreter: z3 is not imported
    yet (it is lazy); then run ``statements``; ``checker`` must never have been imported."""
    code = "\n".join([
        "import sys",
        f"import endless_exam.crosscheck.oracle, endless_exam.crosscheck.oracle.{family}, endless_exam.crosscheck.families.{family}",
        "assert 'z3' not in sys.modules, 'z3 imported eagerly'",
        *statements,
        "bad = sorted(m for m in sys.modules if m == 'endless_exam.checker' or m.startswith('endless_exam.checker.'))",
        "assert not bad, bad",
    ]) + "\n"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": ROOT})
    assert done.returncode == 0, done.stderr


def det_mod(matrix: list[list[int]], q: int) -> int:
    """The determinant of a square integer matrix modulo the prime ``q`` (Gaussian elimination)."""
    m = [list(row) for row in matrix]
    size, det = len(m), 1
    for col in range(size):
        piv = next((r for r in range(col, size) if m[r][col] % q), None)
        if piv is None:
            return 0
        if piv != col:
            m[col], m[piv] = m[piv], m[col]
            det = -det
        det = det * m[col][col] % q
        inv = pow(m[col][col], q - 2, q)
        for r in range(col + 1, size):
            f = m[r][col] * inv % q
            m[r] = [(a - f * b) % q for a, b in zip(m[r], m[col])]
    return det % q
