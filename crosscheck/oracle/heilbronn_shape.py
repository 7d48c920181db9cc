"""z3 formal oracle of the ``heilbronn_shape`` family: points outside T, duplicates, the smallest triangle.

What is encoded (``crosscheck/oracle/_planar.py``): the points are data; z3 chooses.

* ``decide(points, T)``: the property "every point lies in the closed triangle T", negated: "some
  listed point p_t is strictly separated from T by a line": real unknowns (a, b, c) per point with
  a x_t + b y_t > c and a u + b v <= c for the three vertices (u, v) of T, the disjunction over t asked
  at once. By the separating hyperplane theorem (T is convex and closed) such a line exists iff p_t is
  not in T. ``sat`` yields the index of a point outside (the family's PROPERTY_VIOLATION witness
  ``{"points": [p], "indices": [t]}``), re-checked with exact Fractions; ``unsat`` means all points are
  in T.
* ``duplicates(points)``: "there exist i < j with p_i = p_j" (the verifiers' DUPLICATE).
* ``objective(parsed)``: the minimum doubled area over all triples by z3 ``Optimize``, divided by the
  doubled area of T (shoelace, plain Python).

``unknown`` is returned as such (an ERROR for the caller). Limits: at most ``MAX_POINTS`` = 12 points
(``ValueError`` beyond). z3 is imported lazily.
"""
from __future__ import annotations

from fractions import Fraction

from . import _planar

MAX_POINTS = _planar.MAX_POINTS
DEFAULT_TIMEOUT_MS = _planar.DEFAULT_TIMEOUT_MS


def decide(points, triangle, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, tuple[int] | None]:
    """A point outside T ``("sat", (t,))``, ``("unsat", None)`` or ``("unknown", None)``."""
    return _planar.find_outside(points, triangle, timeout_ms=timeout_ms)


def duplicates(points, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, tuple[int, int] | None]:
    return _planar.find_duplicate(points, timeout_ms=timeout_ms)


# ---- the contract's entry point (one signature for every family) ----------------------------------

SIZE_RULE = f"at most {MAX_POINTS} points"


def fits(parsed) -> bool:
    """Is the parsed answer small enough for the oracle ({SIZE_RULE})?"""
    return len(parsed.points) <= MAX_POINTS


def oracle(parsed, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, dict | None]:
    """Containment in T decided by z3: ``("sat", {"points": [p], "indices": [t]})``, ``("unsat", None)``
    or ``("unknown", None)``."""
    status, hit = decide(parsed.points, parsed.T, timeout_ms=timeout_ms)
    if hit is None:
        return status, None
    (t,) = hit
    return status, {"points": [list(parsed.points[t])], "indices": [t]}


def objective(parsed, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> Fraction | None:
    status, hit = _planar.smallest_double_area(parsed.points, timeout_ms=timeout_ms)
    if hit is None:
        return None
    (ax, ay), (bx, by), (cx, cy) = parsed.T
    area_t = abs(ax * (by - cy) + bx * (cy - ay) + cx * (ay - by))
    return Fraction(hit[0], area_t)
