"""Primary check of the ``corners`` family.

What is checked: the answer (shared schema ``endless_exam.certificates.schemas.corners``: a list of [x, y] points of the
grid {0..n-1}^2, or a ``diff_set`` expanded by the shared form) is a set of distinct points with no
corner, i.e. no points (x, y), (x + d, y), (x, y + d) with d != 0 (d of either sign).

Why the check is sufficient. In a corner the two points (x, y) and (x + d, y) lie in the same row y
and are distinct (d != 0); conversely an unordered pair {(u, y), (v, y)}, u < v, of one row is the
horizontal side of exactly two candidate corners: with the corner point at (u, y) and d = v - u, whose
third point is (u, y + (v - u)); and with the corner point at (v, y) and d = u - v < 0, whose third
point is (v, y - (v - u)). Every corner therefore shows up when every unordered same-row pair is
formed and both third points are looked up; nothing else can be a corner.

Algorithm (numpy on validated Python ints, exact): points are keyed y * n + x (< n^2 <= 4 * 10^6,
int64) and the keys are sorted (``numpy.sort``), which orders the points by row y, then x; equal
neighbours are duplicates, and only then is a stable argsort computed to name the two indices (the
duplicate whose second occurrence comes first). A dense boolean grid holds membership. All
unordered same-row pairs (the total is sum over rows of r(r-1)/2 <= N n / 2 <= 6 * 10^7) are
generated in chunks, and the two third points of every pair are looked up in the grid (padded by n
empty cells on either side of every column, so that a third point off the grid reads False without a
range test, and its cell index is one addition per pair). The chunks
grow geometrically from ``FIRST_CHUNK`` (4096) to ``PAIR_CHUNK`` (2^20) pairs, and the scan stops at
the first chunk with a hit: a set with a corner among its first rows (a random set, a full row, a
planted corner in a low row) is rejected after a few thousand pairs, while a valid set still costs
one pass over all pairs in large chunks. The reported corner is the first one in the order (row y,
then u, then v; for one pair, the corner at (u, y) with d = v - u > 0 first), whatever the chunk
sizes; its answer indices are found by comparing the keys in answer order.

Libraries: numpy: sorted keys, the boolean grid and the chunked row-pair scan on validated coordinates.
"""
from __future__ import annotations

import itertools

import numpy as np

from endless_exam.certificates.schemas import corners as schema
from endless_exam.certificates.witness import Witness
from endless_exam.certificates.verdict import Verdict, accept, reject

from . import _pairs
from ._duplicates import first_duplicate
from .spec import FamilySpec

LIBRARIES = ("numpy",)   # distributions this verifier's process loads for the family

PAIR_CHUNK = 1 << 20   # largest number of pairs per vectorised step (bounds the temporary arrays to ~100 MB)
FIRST_CHUNK = 1 << 12  # pairs in the first step; each further step doubles, up to PAIR_CHUNK


def _bound(p: dict):
    return p["n"] ** 2, "trivial"


SPEC = FamilySpec(key="corners", bound=_bound)


def _row_keys(points: tuple[tuple[int, int], ...], n: int, coords: tuple[int, ...] = ()) -> np.ndarray:
    """y * n + x for every point, as int64 (< n^2 <= 4 * 10^6; the coordinates are validated ints in
    0..n-1), read with ``numpy.fromiter`` from the parse's flattened ``coords`` (x0, y0, x1, y1, ...)
    or, without them, from the pairs chained into one stream (several times faster than
    ``numpy.array`` on the pairs)."""
    stream = coords if coords else itertools.chain.from_iterable(points)
    flat = np.fromiter(stream, dtype=np.int64, count=len(coords) if coords else 2 * len(points))
    return flat[1::2] * n + flat[0::2]


def _corner_in_sorted(keys: np.ndarray, sk: np.ndarray, n: int) -> tuple[int, int, int, int] | None:
    """The first corner in (row, u, v) order: answer indices (i, j, k, d). ``keys`` are the distinct
    row keys y * n + x in answer order, ``sk`` the same sorted."""
    # member[x * 3n + n + y]: (x, y) in the set, with n empty columns of padding on either side of
    # every x, so that a third point with y + d >= n or y - d < 0 reads False without a range test
    width = 3 * n
    member = np.zeros(n * width, dtype=np.bool_)
    sy, sx = np.divmod(sk, n)
    member[sx * width + n + sy] = True
    # for the pair (u, v) of row y, d = v - u: the corner at (u, y) has its third point (u, y + d) at
    # u (3n - 1) + n + y + v = base[i] + sx[j], the corner at (v, y) its third point (v, y - d) at
    # v (3n - 1) + n + y + u = base[j] + sx[i]
    base = sx * (width - 1) + n + sy
    later = _pairs.later_in_group(sy)
    # the chunks grow from FIRST_CHUNK to PAIR_CHUNK, so that a corner among the first rows is found early
    for i, j in _pairs.pair_chunks(later, FIRST_CHUNK, PAIR_CHUNK):
        hit_up = member[base[i] + sx[j]]
        hit_down = member[base[j] + sx[i]]
        hits = np.flatnonzero(hit_up | hit_down)
        if len(hits):
            h = int(hits[0])
            uu, vv, yy = int(sx[i[h]]), int(sx[j[h]]), int(sy[i[h]])
            dd = vv - uu
            if hit_up[h]:
                x0, y0, dlt = uu, yy, dd
            else:
                x0, y0, dlt = vv, yy, -dd

            def index(x: int, yv: int) -> int:
                at = np.flatnonzero(keys == yv * n + x)
                if len(at) != 1:
                    raise RuntimeError("corners self-check failed: a corner point is not in the set once")
                return int(at[0])

            return index(x0, y0), index(x0 + dlt, y0), index(x0, y0 + dlt), dlt
    return None


def find_corner(points: tuple[tuple[int, int], ...], n: int) -> tuple[int, int, int, int] | None:
    """(i, j, k, d): answer indices of (x, y), (x + d, y), (x, y + d), d != 0, or None. Points distinct."""
    keys = _row_keys(points, n)
    return _corner_in_sorted(keys, np.sort(keys), n)


def check(parsed: schema.CornersAnswer) -> Verdict:
    n, coords = parsed.n, parsed.coords
    keys = _row_keys((), n, coords)
    sk = np.sort(keys)                                        # by row y, then x
    dup = first_duplicate(keys, sk)
    if dup is not None:
        i, j = dup
        p = list(coords[2 * i:2 * i + 2])
        return reject("DUPLICATE", f"point {p} occurs at indices {i} and {j}", {"point": p, "indices": [i, j]})
    hit = _corner_in_sorted(keys, sk, n)
    if hit is not None:
        i, j, k, d = hit
        x, y = coords[2 * i:2 * i + 2]
        return reject("PROPERTY_VIOLATION",
                      f"corner: ({x}, {y}), ({x + d}, {y}), ({x}, {y + d}) with d = {d} (indices {i}, {j}, {k})",
                      {"corner": [x, y, d], "indices": [i, j, k]})
    return accept(len(keys), f"corner-free set of {len(keys)} points in the {n} x {n} grid")


def confirm(parsed: schema.CornersAnswer, w: Witness) -> tuple[bool, str]:
    """Is the other verifier's witness a real duplicate or corner? (its syntax is already checked)"""
    points = parsed.points
    if w.kind == "duplicate":
        i, j = w.indices
        ok = points[i] == points[j]
        return ok, "duplicate confirmed" if ok else "the two indexed points differ"
    x, y, d = w["corner"]
    want = [(x, y), (x + d, y), (x, y + d)]
    ok = d != 0 and [points[t] for t in w.indices] == want
    return ok, "corner confirmed" if ok else "the indexed points are not the stated corner"
