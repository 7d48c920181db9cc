"""Primary check of the ``heilbronn`` family (Heilbronn's triangle problem in the unit square).

What is checked: the answer is n grid points (shared schema ``endless_exam.certificates.schemas.heilbronn``:
JSON integers in 0..10,000), pairwise distinct. The objective is the smallest triangle area over all
C(n, 3) triples, normalised by the square: min |cross(b - a, c - a)| / (2 * 10,000^2), an exact
Fraction. Collinear triples are valid and give the objective 0 (docs/SPECIFICATION.md 3.4).

Why the computation is exact: every cross product of grid differences is an integer of absolute value
<= 2 * 10^8 < 2^31 - 1, computed in int32 without overflow (``checker/families/_planar.py`` has the
bound and the scan, a brute force over every triple).

Libraries: numpy (int64 arrays of the validated Python ints; duplicates by sorting integer keys; the
triple scan as cache-sized blocks of int32 outer products per first point); Python ``Fraction`` for the
objective. The bound (``SPEC.bound``) is the trivial 1/(n - 2) (kind ``trivial``).
"""
from __future__ import annotations

from fractions import Fraction

from endless_exam.certificates.schemas import heilbronn as schema
from endless_exam.certificates.verdict import Verdict, accept, reject
from endless_exam.certificates.witness import Witness

from . import _planar
from .spec import FamilySpec

LIBRARIES = ("numpy",)
SCALE = 2 * schema.GRID * schema.GRID          # doubled area of the square, in grid units


def _bound(p: dict) -> tuple[Fraction, str]:
    return Fraction(1, p["n"] - 2), "trivial"


SPEC = FamilySpec(key="heilbronn", bound=_bound)


def duplicate_verdict(points) -> Verdict | None:
    dup = _planar.first_duplicate(points)
    if dup is None:
        return None
    i, j = dup
    return reject("DUPLICATE", f"point {list(points[i])} occurs at indices {i} and {j}",
                  {"point": list(points[i]), "indices": [i, j]})


def smallest(points) -> tuple[int, tuple[int, int, int]]:
    m, (i, j, k) = _planar.min_double_area(points)
    if _planar.double_area(points[i], points[j], points[k]) != m:
        raise RuntimeError("heilbronn primary self-check failed: the reported triple does not have the minimum area")
    return m, (i, j, k)


def check(parsed: schema.HeilbronnAnswer) -> Verdict:
    points = parsed.points
    dup = duplicate_verdict(points)
    if dup is not None:
        return dup
    m, (i, j, k) = smallest(points)
    f = Fraction(m, SCALE)
    return accept(f, f"smallest triangle: points {i}, {j}, {k} {[list(points[t]) for t in (i, j, k)]}, "
                     f"doubled area {m} grid units, area {f} ~ {float(f):.8g} of the square"
                     + (" (collinear)" if m == 0 else ""))


def confirm(parsed: schema.HeilbronnAnswer, w: Witness) -> tuple[bool, str]:
    """Is the other verifier's duplicate witness real (its syntax is already checked)?"""
    if w.kind != "duplicate":
        return False, f"heilbronn has no {w.kind!r} witnesses"
    i, j = w.indices
    ok = parsed.points[i] == parsed.points[j]
    return ok, "duplicate confirmed" if ok else "the two indexed points differ"
