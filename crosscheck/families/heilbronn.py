"""Second check of the ``heilbronn`` family (independent of ``endless_exam.checker.families.heilbronn``).

Checked: the n grid points (shared schema ``endless_exam.certificates.schemas.heilbronn``) are pairwise
distinct, and the objective min over all triples of (doubled area) / (2 * 10,000^2) as an exact Fraction
(collinear triples are valid and give 0).

Why it is the definition: the minimum is 0 exactly when three points are collinear (found by equal
reduced directions from a common point); otherwise a rotating sweep over the n(n-1)/2 pair directions
visits every pair (p, q) when p and q are neighbours in the order by distance to a line of their
direction, and the nearest point to the line pq on either side is next to them; every triangle has a
base, so the smallest of these candidates is the smallest triangle (``crosscheck/families/_planar.py``
has the argument). A different algorithm from the primary's brute force over all C(n, 3) triples; the
minimising triple is re-measured by the shoelace formula as a self-check.

Libraries: numpy (gcds and sorts of the integer direction keys; exact integers). The sweep itself and
every area are plain Python integers; the objective a ``fractions.Fraction`` (no FLINT, no gmpy2; z3
states the same minimum for small n in ``endless_exam.crosscheck.oracle.heilbronn``). Cost O(n^2 log n):
about 7 s of CPU at n = 3,500 (6.1 million pairs swept).
"""
from __future__ import annotations

from fractions import Fraction

from endless_exam.certificates.schemas import heilbronn as schema
from endless_exam.certificates.verdict import Verdict, accept, reject
from endless_exam.certificates.witness import Witness

from . import _planar

LIBRARIES = ("numpy",)


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
