"""Second check of the ``heilbronn`` family (independent of ``endless_exam.checker.families.heilbronn``).

Checked: the n grid points (shared schema ``endless_exam.certificates.schemas.heilbronn``) are pairwise
distinct, and the objective min over all triples of (doubled area) / (2 * 10,000^2) as an exact Fraction
(collinear triples are valid and give 0).

Why it is the definition: every triple i < j < k is examined once, by its first two points: the doubled
area of (p_i, p_j, p_k) is |a x_k + b y_k + c| for the line a x + b y + c = 0 through p_i and p_j
(``crosscheck/families/_planar.py``), a different enumeration and formula from the primary's outer
products; the minimising triple is re-measured by the shoelace formula as a self-check.

Libraries: none beyond the standard library. Path: plain Python integers, ``dict`` and
``fractions.Fraction`` only (no numpy, no FLINT, no gmpy2; z3
states the same minimum for small n in ``endless_exam.crosscheck.oracle.heilbronn``). Cost: C(n, 3)
evaluations, a few seconds at n = 400.
"""
from __future__ import annotations

from fractions import Fraction

from endless_exam.certificates.schemas import heilbronn as schema
from endless_exam.certificates.verdict import Verdict, accept, reject
from endless_exam.certificates.witness import Witness

from . import _planar

LIBRARIES: tuple[str, ...] = ()


def duplicate_verdict(points) -> Verdict | None:
    dup = _planar.first_duplicate(points)
    if dup is None:
        return None
    i, j = dup
    return reject("DUPLICATE", f"point {list(points[i])} occurs at indices {i} and {j}",
                  {"point": list(points[i]), "indices": [i, j]})


def smallest(points) -> tuple[int, tuple[int, int, int]]:
    m, (i, j, k) = _planar.min_double_area(points)
    if _planar.triangle_area2(points[i], points[j], points[k]) != m:
        raise RuntimeError("heilbronn second check: the shoelace formula disagrees on the minimising triple")
    return m, (i, j, k)


def check(parsed: schema.HeilbronnAnswer) -> Verdict:
    points = parsed.points
    dup = duplicate_verdict(points)
    if dup is not None:
        return dup
    m, (i, j, k) = smallest(points)
    f = Fraction(m, 2 * schema.GRID * schema.GRID)
    return accept(f, f"smallest area {f} ~ {float(f):.8g} at points {i}, {j}, {k}")


def confirm(parsed: schema.HeilbronnAnswer, w: Witness) -> tuple[bool, str]:
    if w.kind != "duplicate":
        return False, f"heilbronn has no {w.kind!r} witnesses"
    a, b = (parsed.points[t] for t in w.indices)
    return a == b, "duplicate confirmed" if a == b else "the indexed points are not the same"
