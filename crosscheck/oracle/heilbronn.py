"""z3 formal oracle of the ``heilbronn`` family: duplicates and the smallest triangle, stated directly.

What is encoded (``crosscheck/oracle/_planar.py`` has the encodings): the points are data (z3 arrays);
z3 chooses the indices.

* ``decide(points)``: "there exist 0 <= i < j < n with p_i = p_j" (a duplicate). The family has no
  PROPERTY_VIOLATION (collinear triples are valid with objective 0, docs/SPECIFICATION.md 3.4, and the square's
  range is the schema's), so its only rejection beyond parsing is DUPLICATE: the contract's ``oracle``
  entry point decides that and returns ``("sat", {"point": p, "indices": [i, j]})``, a witness in the
  family's DUPLICATE syntax that both verifiers confirm, or ``("unsat", None)`` for distinct points.
* ``smallest(points)``: the minimum over 0 <= i < j < k < n of the doubled area |cross(p_j - p_i,
  p_k - p_i)| by z3's ``Optimize``; ``objective(parsed)`` divides by 2 * 10,000^2. The property tests
  compare it with both verifiers.

Why sat/unsat answer the question: the constraints are the definitions over exact integers (z3 ``Int``),
so a duplicate model is a duplicate and the optimum is the minimum doubled area over all triples.
``unknown`` is returned as such (an ERROR for the caller). Limits: at most ``MAX_POINTS`` = 12 points
(``ValueError`` beyond); a 12-point minimum takes z3 about a second. z3 is imported lazily.
"""
from __future__ import annotations

from fractions import Fraction

from . import _planar

MAX_POINTS = _planar.MAX_POINTS
DEFAULT_TIMEOUT_MS = _planar.DEFAULT_TIMEOUT_MS
GRID = 10_000


def decide(points, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, tuple[int, int] | None]:
    """A duplicate pair ``("sat", (i, j))``, ``("unsat", None)`` or ``("unknown", None)``."""
    return _planar.find_duplicate(points, timeout_ms=timeout_ms)


def smallest(points, *, timeout_ms: int = DEFAULT_TIMEOUT_MS):
    """``("sat", (doubled area, (i, j, k)))`` or ``("unknown", None)``."""
    return _planar.smallest_double_area(points, timeout_ms=timeout_ms)


# ---- the contract's entry point (one signature for every family) ----------------------------------

SIZE_RULE = f"at most {MAX_POINTS} points"


def fits(parsed) -> bool:
    """Is the parsed answer small enough for the oracle ({SIZE_RULE})?"""
    return len(parsed.points) <= MAX_POINTS


def oracle(parsed, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, dict | None]:
    """Distinctness decided by z3 (the family has no property witness): ``("sat", duplicate witness)``,
    ``("unsat", None)`` for a valid answer, or ``("unknown", None)``."""
    status, hit = decide(parsed.points, timeout_ms=timeout_ms)
    if hit is None:
        return status, None
    i, j = hit
    return status, {"point": list(parsed.points[i]), "indices": [i, j]}


def objective(parsed, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> Fraction | None:
    status, hit = smallest(parsed.points, timeout_ms=timeout_ms)
    return None if hit is None else Fraction(hit[0], 2 * GRID * GRID)
