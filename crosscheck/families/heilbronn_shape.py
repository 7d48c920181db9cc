"""Second check of the ``heilbronn_shape`` family (independent of ``endless_exam.checker.families.heilbronn_shape``).

Checked: the n grid points (shared schema ``endless_exam.certificates.schemas.heilbronn_shape``) are pairwise
distinct (``DUPLICATE`` first), each lies in the closed triangle T (``PROPERTY_VIOLATION`` naming the
first point outside), and the objective min (doubled triangle area) / (doubled area of T) as an exact
Fraction (collinear triples give 0).

Why it is the definition: membership in T by exact barycentric coordinates (u, v >= 0, u + v <= 1, as
Fractions by Cramer's rule), unlike the primary's three edge signs; the smallest triangle by the
collinearity test and the rotating sweep of ``heilbronn`` (``crosscheck/families/_planar.py``); the
area of T by the shoelace formula.

Libraries: numpy (the sweep's direction keys, as in ``heilbronn``); membership, areas and the objective
are plain Python integers and ``fractions.Fraction`` (no FLINT, no gmpy2); z3 states
the membership and the minimum for small n in ``endless_exam.crosscheck.oracle.heilbronn_shape``.
"""
from __future__ import annotations

from fractions import Fraction

from endless_exam.certificates.schemas import heilbronn_shape as schema
from endless_exam.certificates.verdict import Verdict, accept, reject
from endless_exam.certificates.witness import Witness

from . import _planar
from .heilbronn import duplicate_verdict, smallest

LIBRARIES = ("numpy",)


def check(parsed: schema.ShapeAnswer) -> Verdict:
    points, triangle = parsed.points, parsed.T
    dup = duplicate_verdict(points)
    if dup is not None:
        return dup
    for t, p in enumerate(points):
        if not _planar.inside(p, triangle):
            return reject("PROPERTY_VIOLATION", f"point {t} {list(p)} is not in the closed triangle T",
                          {"points": [list(p)], "indices": [t]})
    area_t = _planar.triangle_area2(*triangle)
    m, (i, j, k) = smallest(points)
    f = Fraction(m, area_t)
    return accept(f, f"smallest area ratio {f} ~ {float(f):.8g} at points {i}, {j}, {k}")


def confirm(parsed: schema.ShapeAnswer, w: Witness) -> tuple[bool, str]:
    if w.kind == "duplicate":
        a, b = (parsed.points[t] for t in w.indices)
        return a == b, "duplicate confirmed" if a == b else "the indexed points are not the same"
    (t,) = w.indices
    ok = not _planar.inside(parsed.points[t], parsed.T)
    return ok, "the point is outside T" if ok else "the indexed point is inside or on T"
