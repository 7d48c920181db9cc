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

Algorithm (numpy on validated Python ints, exact): points are keyed y * n + x (< n^2 <= 10^18,
int64) and the keys are sorted (``numpy.sort``), which orders the points by row y, then x; equal
neighbours are duplicates, and only then is a stable argsort computed to name the two indices (the
duplicate whose second occurrence comes first). A dense boolean grid holds membership. All
unordered same-row pairs (the total is sum over rows of r(r-1)/2 = delta^2 n^3 / 2 for a set of
density delta with even rows: 1.2 * 10^8 at n = 2,000 needs delta > 0.17, far denser than any known
corner-free set, while a dense set with a corner is rejected within its first chunks) are
generated in chunks, and the two third points of every pair are looked up in the grid (padded by n
empty cells on either side of every column, so that a third point off the grid reads False without a
range test, and its cell index is one addition per pair). The chunks
grow geometrically from ``FIRST_CHUNK`` (4096) to ``PAIR_CHUNK`` (2^20) pairs, and the scan stops at
the first chunk with a hit: a set with a corner among its first rows (a random set, a full row, a
planted corner in a low row) is rejected after a few thousand pairs, while a valid set still costs
one pass over all pairs in large chunks. The reported corner is the first one in the order (row y,
then u, then v; for one pair, the corner at (u, y) with d = v - u > 0 first), whatever the chunk
sizes; its answer indices are found by comparing the keys in answer order.

Large grids (n > ``DENSE_N`` = 2,000; issue 21, n up to 10^9): the n x 3n grid would not fit, and one
row can hold most of the points. The set is then scanned in the cheapest of three views that map
corners onto corners (``_views``: the identity, the transpose, and (x, y) -> (x, 2n - 2 - x - y),
whose rows are the anti-diagonals), i.e. the one with the fewest same-row pairs (every corner has a
same-row pair in each view); the pairs are formed in the same growing chunks and a third point is
looked up in the view's sorted keys (``numpy.searchsorted``) after a range test; the corner found is
mapped back and its corner point identified. The schema bounds that pair count (``MAX_PAIRS``).
Only rows holding an *active* point (one whose view column holds another point) are scanned, and only
active points are looked up (the corner point and the third point of a corner share a column; issue
31): exact, the same first corner, and a long line of points alone in their columns costs nothing.

Libraries: numpy: sorted keys, the boolean grid and the chunked row-pair scan on validated coordinates.
"""
from __future__ import annotations

import itertools

import numpy as np

from endless_exam.certificates.schemas import corners as schema
from endless_exam.certificates.witness import Witness
from endless_exam.certificates.verdict import Verdict, accept, reject

from . import _pairs
from ._duplicates import confirm_duplicate, first_duplicate
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


# ---- large grids (n > DENSE_N): a sparse scan in the cheapest of three corner-preserving views ----

DENSE_N = 2000   # up to this n the dense grid above is used (n * 3n cells); beyond, the sparse views below


def view_pair_counts(xs: np.ndarray, ys: np.ndarray, n: int) -> list[int]:
    """Same-row pairs of the three views (rows, columns, anti-diagonals; see ``_views``)."""
    out = []
    for rows in (ys, xs, xs + ys):
        _, counts = np.unique(rows, return_counts=True)
        out.append(int((counts * (counts - 1) // 2).sum()))
    return out


def _views(xs: np.ndarray, ys: np.ndarray, n: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """The set in three coordinate systems that map corners onto corners, so that each is corner-free
    iff the set is: the identity; the transpose (x, y) -> (y, x) (the corner at (x, y) with d becomes
    the corner at (y, x) with the same d); and A(x, y) = (x, 2n - 2 - x - y), whose rows are the
    anti-diagonals x + y = c: A maps (x, y), (x + d, y), (x, y + d) to P = (X, Y), Q = (X + d, Y - d),
    R = (X, Y - d), the corner at R with the same d (P = R + (0, d), Q = R + (d, 0)); A is an integer
    affine bijection whose inverse (X, Y) -> (X, 2n - 2 - X - Y) maps corners onto corners by the same
    computation. Every corner has a pair in each view's rows, so scanning the same-row pairs of one
    view finds every corner."""
    return [(xs, ys), (ys, xs), (xs, 2 * n - 2 - xs - ys)]


def _original(view: int, X: int, Y: int, n: int) -> tuple[int, int]:
    if view == 0:
        return X, Y
    if view == 1:
        return Y, X
    return X, 2 * n - 2 - X - Y


def _sparse_corner(xs: np.ndarray, ys: np.ndarray, n: int, view: int) -> tuple[tuple[int, int], ...] | None:
    """Three points (original coordinates) of the first corner found in ``view``, or None. Membership of a
    third point is looked up in sorted keys Y * 2n + X (``numpy.searchsorted``), after a range test.

    Pruning (exact; issue 31): the corner point (u, y) and the third point (u, y + d) of a corner share
    the view's column u, so both are *active* points, whose column holds at least two points. Hence
    only rows that contain an active point can hold the pair of a corner (its corner point is in the
    row), the third point is looked up among the active points only, and the lookup of a pair (u, v)
    is made only for a corner point that is active: (u, y) for the corner above, (v, y) for the corner
    below. The pairs scanned are those of the kept rows, in the same (row, u, v) order, so the first
    corner found is the same as without the pruning (the pruned pairs have none). E.g. a long row of
    points alone in their columns costs no pair at all."""
    X, Y = _views(xs, ys, n)[view]
    width = 2 * n                                          # X < n; Y <= 2n - 2 (int64: n <= 10^9)
    keys = np.sort(Y * width + X)
    sy, sx = np.divmod(keys, width)
    _, column, in_column = np.unique(sx, return_inverse=True, return_counts=True)
    active = in_column[column] > 1
    change = np.concatenate(([0], np.flatnonzero(sy[1:] != sy[:-1]) + 1))
    row_of = np.repeat(np.arange(len(change)), np.diff(np.concatenate((change, [len(sy)]))))
    keep = np.bincount(row_of, weights=active, minlength=len(change))[row_of] > 0
    lookup = keys[active]                                  # the possible third points, sorted
    sy, sx, active = sy[keep], sx[keep], active[keep]
    if len(lookup) == 0 or len(sy) == 0:
        return None
    top = int(lookup[-1] // width)                         # no third point lies above the highest active point
    later = _pairs.later_in_group(sy)

    def present(qx: np.ndarray, qy: np.ndarray, asked: np.ndarray) -> np.ndarray:
        out = np.zeros(len(qx), dtype=np.bool_)
        ask = np.flatnonzero(asked & (qy >= 0) & (qy <= top))
        if len(ask):
            q = qy[ask] * width + qx[ask]
            at = np.minimum(np.searchsorted(lookup, q), len(lookup) - 1)
            out[ask] = lookup[at] == q
        return out

    for i, j in _pairs.pair_chunks(later, FIRST_CHUNK, PAIR_CHUNK):
        u, v, y = sx[i], sx[j], sy[i]
        d = v - u
        up = present(u, y + d, active[i])                  # corner at (u, y) with d > 0
        down = present(v, y - d, active[j])                # corner at (v, y) with -d
        hits = np.flatnonzero(up | down)
        if len(hits):
            h = int(hits[0])
            uu, vv, yy, dd = int(u[h]), int(v[h]), int(y[h]), int(d[h])
            if up[h]:
                corner = ((uu, yy), (vv, yy), (uu, yy + dd))
            else:
                corner = ((vv, yy), (uu, yy), (vv, yy - dd))
            return tuple(_original(view, a, b, n) for a, b in corner)
    return None


def _as_witness(points: tuple[tuple[int, int], ...], keys: np.ndarray, n: int) -> tuple[int, int, int, int]:
    """(i, j, k, d) for three points that form a corner, in any order: the corner point is the one that
    shares its row with one other point and its column with the third."""
    for p in points:
        others = [q for q in points if q != p]
        row = [q for q in others if q[1] == p[1]]
        col = [q for q in others if q[0] == p[0]]
        if len(row) == 1 and len(col) == 1 and row[0][0] - p[0] == col[0][1] - p[1] != 0:
            d = row[0][0] - p[0]

            def index(x: int, y: int) -> int:
                at = np.flatnonzero(keys == y * n + x)
                if len(at) != 1:
                    raise RuntimeError("corners self-check failed: a corner point is not in the set once")
                return int(at[0])
            return index(*p), index(*row[0]), index(*col[0]), d
    raise RuntimeError("corners self-check failed: a view's corner is not a corner of the set")


def find_corner(points: tuple[tuple[int, int], ...], n: int) -> tuple[int, int, int, int] | None:
    """(i, j, k, d): answer indices of (x, y), (x + d, y), (x, y + d), d != 0, or None. Points distinct."""
    keys = _row_keys(points, n)
    if n <= DENSE_N:
        return _corner_in_sorted(keys, np.sort(keys), n)
    flat = np.fromiter(itertools.chain.from_iterable(points), dtype=np.int64, count=2 * len(points))
    return _sparse_find(flat[0::2], flat[1::2], keys, n)


def _sparse_find(xs: np.ndarray, ys: np.ndarray, keys: np.ndarray, n: int) -> tuple[int, int, int, int] | None:
    counts = view_pair_counts(xs, ys, n)
    view = counts.index(min(counts))
    corner = _sparse_corner(xs, ys, n, view)
    return None if corner is None else _as_witness(corner, keys, n)


def check(parsed: schema.CornersAnswer) -> Verdict:
    n, coords = parsed.n, parsed.coords
    keys = _row_keys((), n, coords)
    sk = np.sort(keys)                                        # by row y, then x
    dup = first_duplicate(keys, sk)
    if dup is not None:
        i, j = dup
        p = list(coords[2 * i:2 * i + 2])
        return reject("DUPLICATE", f"point {p} occurs at indices {i} and {j}", {"point": p, "indices": [i, j]})
    if n <= DENSE_N:
        hit = _corner_in_sorted(keys, sk, n)
    else:
        flat = np.fromiter(coords, dtype=np.int64, count=len(coords))
        hit = _sparse_find(flat[0::2], flat[1::2], keys, n)
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
        return confirm_duplicate(points, w.indices)
    x, y, d = w["corner"]
    want = [(x, y), (x + d, y), (x, y + d)]
    ok = d != 0 and [points[t] for t in w.indices] == want
    return ok, "corner confirmed" if ok else "the indexed points are not the stated corner"
