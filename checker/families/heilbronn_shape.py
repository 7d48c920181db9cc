"""Primary check of the ``heilbronn_shape`` family (Heilbronn's triangle problem in a triangle T).

What is checked: the answer is n grid points (shared schema
``endless_exam.certificates.schemas.heilbronn_shape``: JSON integers in 0..10,000), pairwise distinct
(``DUPLICATE`` first), each inside or on the boundary of the instance's triangle T (``PROPERTY_VIOLATION``
with the first point outside). The objective is min |cross(b - a, c - a)| over all triples divided by
|cross(t1 - t0, t2 - t0)| (the doubled areas cancel): the smallest area as a fraction of the area of T,
an exact Fraction; collinear triples give 0.

Why the checks are exact: a point p is in T iff its three edge cross products with the sides of T are
all >= 0 or all <= 0 (T is non-degenerate by the parameter check); all cross products of grid points are
integers below 2^31 in absolute value, computed in int64 (duplicates, the edge signs) and int32 (the
brute-force triple scan) without overflow (``checker/families/_planar.py``).

Libraries: numpy (arrays of validated ints: duplicate keys, the edge-sign test, the triple scan);
Python ``Fraction`` for the objective. The bound (``SPEC.bound``) is the trivial 1/(n - 2).
"""
from __future__ import annotations

from fractions import Fraction

from endless_exam.certificates.schemas import heilbronn_shape as schema
from endless_exam.certificates.verdict import Verdict, accept, reject
from endless_exam.certificates.witness import Witness

from . import _planar
from ._duplicates import confirm_duplicate
from .heilbronn import duplicate_verdict, smallest
from .spec import FamilySpec

LIBRARIES = ("numpy",)


def _bound(p: dict) -> tuple[Fraction, str]:
    return Fraction(1, p["n"] - 2), "trivial"


SPEC = FamilySpec(key="heilbronn_shape", bound=_bound)


def check(parsed: schema.ShapeAnswer) -> Verdict:
    points, triangle = parsed.points, parsed.T
    dup = duplicate_verdict(points)
    if dup is not None:
        return dup
    out = _planar.first_outside(points, triangle)
    if out is not None:
        return reject("PROPERTY_VIOLATION", f"point {out} {list(points[out])} lies outside the triangle T",
                      {"points": [list(points[out])], "indices": [out]})
    area_t = _planar.double_area(*triangle)
    m, (i, j, k) = smallest(points)
    f = Fraction(m, area_t)
    return accept(f, f"smallest triangle: points {i}, {j}, {k} {[list(points[t]) for t in (i, j, k)]}, "
                     f"doubled area {m} of {area_t} (T), ratio {f} ~ {float(f):.8g}"
                     + (" (collinear)" if m == 0 else ""))


def confirm(parsed: schema.ShapeAnswer, w: Witness) -> tuple[bool, str]:
    """Is the other verifier's witness (a duplicate or a point outside T) real?"""
    if w.kind == "duplicate":
        return confirm_duplicate(parsed.points, w.indices)
    (i,) = w.indices
    ok = bool(_planar.outside_mask((parsed.points[i],), parsed.T)[0])
    return ok, "the point lies outside T" if ok else "the indexed point is inside or on T"
