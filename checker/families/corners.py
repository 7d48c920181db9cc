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

Algorithm (numpy on validated Python ints, exact): points are keyed x * n + y (< n^2 <= 4 * 10^6,
int64); duplicates by a stable sort of the keys; a dense int32 index grid maps a key to its answer
index; points are sorted by (y, x) and all unordered same-row pairs are generated in chunks of at most
``PAIR_CHUNK`` pairs (the total is sum over rows of r(r-1)/2 <= N n / 2 <= 6 * 10^7), and the two
third points of every pair are looked up in the grid. The reported corner is the first one in the
order (row y, then u, then v; for one pair, the corner at (u, y) with d = v - u > 0 first).

Libraries: numpy: sorted keys and the vectorised row-pair scan on validated coordinates.
"""
from __future__ import annotations


import numpy as np

from endless_exam.certificates.schemas import corners as schema
from endless_exam.certificates.forms import digits, diffset
from endless_exam.certificates.witness import Witness
from endless_exam.certificates.verdict import Verdict, accept, reject

from .spec import FamilySpec

LIBRARIES = ("numpy",)   # distributions this verifier's process loads for the family

PAIR_CHUNK = 1 << 20   # pairs per vectorised step (bounds the temporary arrays to ~100 MB)


def _statement(p: dict) -> str:
    n = p["n"]
    return (f"Find a set of points of the grid {{0, 1, ..., {n - 1}}}^2 (integer pairs [x, y] with "
            f"0 <= x, y <= {n - 1}) that is as large as possible and contains no corner: no three points "
            f"(x, y), (x + d, y), (x, y + d) with d != 0, where d may be positive or negative. "
            f"The objective is the number of points (maximise).")


def _format(p: dict) -> str:
    return (f"a JSON list of distinct points, each a list [x, y] of two integers with 0 <= x, y <= {p['n'] - 1} "
            "(the order of the points does not matter)")


def _compact(p: dict) -> list[str]:
    n = p["n"]
    return [("Compact form: X may instead be {\"diff_set\": D} (exactly that key), which stands for every grid "
             "point (x, y) with x - y in D, checked as a list. D is either a JSON list of integers in "
             f"{-(n - 1)}..{n - 1} (a value listed twice lists its points twice, which is a duplicate) or a "
             f"digit spec, of which the values in {-(n - 1)}..{n - 1} are used."),
            digits.GRAMMAR]


def _limits(p: dict) -> list[str]:
    return [f"At most {schema.MAX_POINTS:,} points are accepted in a list.",
            f"A diff_set may describe at most {diffset.POINT_LIMIT:,} grid points (the diagonal x - y = d has "
            f"n - |d| points; the count is computed before any point is built), and a listed D has at most "
            f"{diffset.POINT_LIMIT:,} entries.",
            *digits.limit_sentences(),
            f"The grid size n is at most {schema.MAX_N}.",
            "Verification has 60 seconds per verifier."]


def _bound(p: dict):
    return p["n"] ** 2, "trivial"


SPEC = FamilySpec(key="corners", statement=_statement, answer_format=_format, compact_forms=_compact,
                  limits=_limits, bound=_bound)


def _first_duplicate(keys: np.ndarray) -> tuple[int, int] | None:
    order = np.argsort(keys, kind="stable")
    sk = keys[order]
    same = np.nonzero(sk[1:] == sk[:-1])[0]
    if len(same) == 0:
        return None
    firsts = order[same]          # stable sort: the earlier index of each equal neighbour pair
    seconds = order[same + 1]
    t = int(np.argmin(seconds))   # the duplicate whose second occurrence comes first
    second = int(seconds[t])
    first = int(np.min(firsts[seconds == second]))
    return first, second


def _row_pairs(later_all: np.ndarray, lo_pt: int, hi_pt: int) -> tuple[np.ndarray, np.ndarray]:
    """Unordered same-row pairs (i, j), i < j, of sorted positions, for i in lo_pt..hi_pt-1.

    ``later_all[i]`` is the number of points after position i in its row (rows are contiguous).
    """
    idx = np.arange(lo_pt, hi_pt, dtype=np.int64)
    later = later_all[lo_pt:hi_pt]
    total = int(later.sum())
    first = np.repeat(idx, later)
    base = np.cumsum(later) - later
    step = np.arange(total, dtype=np.int64) - np.repeat(base, later)
    second = first + 1 + step
    return first, second


def find_corner(points: tuple[tuple[int, int], ...], n: int) -> tuple[int, int, int, int] | None:
    """(i, j, k, d): answer indices of (x, y), (x + d, y), (x, y + d), d != 0, or None. Points distinct."""
    pts = np.array(points, dtype=np.int64).reshape(-1, 2)
    xs, ys = pts[:, 0], pts[:, 1]
    grid = np.full(n * n, -1, dtype=np.int32)
    grid[xs * n + ys] = np.arange(len(points), dtype=np.int32)
    order = np.lexsort((xs, ys))                              # by row y, then x
    sx, sy = xs[order], ys[order]
    change = np.flatnonzero(np.diff(sy)) + 1
    starts = np.concatenate(([0], change)).astype(np.int64)
    sizes = np.diff(np.concatenate((starts, [len(order)]))).astype(np.int64)
    row_of = np.repeat(np.arange(len(starts)), sizes)
    pos_in_row = np.arange(len(order)) - starts[row_of]
    later = sizes[row_of] - 1 - pos_in_row
    cum = np.cumsum(later)
    lo = 0
    while lo < len(order):
        # take as many first-members as fit into one chunk of pairs (at least one)
        done = int(cum[lo - 1]) if lo else 0
        hi = int(np.searchsorted(cum, done + PAIR_CHUNK, side="right"))
        hi = max(hi, lo + 1)
        i, j = _row_pairs(later, lo, hi)
        lo = hi
        if len(i):
            u, v, y = sx[i], sx[j], sy[i]                     # u < v, same row y
            d = v - u
            up = y + d                                        # corner at (u, y), third point (u, y + d)
            down = y - d                                      # corner at (v, y), third point (v, y - d)
            hit_up = np.zeros(len(i), dtype=bool)
            ok = up < n
            hit_up[ok] = grid[u[ok] * n + up[ok]] >= 0
            hit_down = np.zeros(len(i), dtype=bool)
            ok = down >= 0
            hit_down[ok] = grid[v[ok] * n + down[ok]] >= 0
            hits = np.flatnonzero(hit_up | hit_down)
            if len(hits):
                h = int(hits[0])
                uu, vv, yy, dd = int(u[h]), int(v[h]), int(y[h]), int(d[h])
                if hit_up[h]:
                    x0, y0, dlt = uu, yy, dd
                else:
                    x0, y0, dlt = vv, yy, -dd
                ci = int(grid[x0 * n + y0])
                cj = int(grid[(x0 + dlt) * n + y0])
                ck = int(grid[x0 * n + y0 + dlt])
                return ci, cj, ck, dlt
    return None


def check(parsed: schema.CornersAnswer) -> Verdict:
    n, points = parsed.n, parsed.points
    pts = np.array(points, dtype=np.int64).reshape(-1, 2)
    dup = _first_duplicate(pts[:, 0] * n + pts[:, 1])
    if dup is not None:
        i, j = dup
        p = list(points[i])
        return reject("DUPLICATE", f"point {p} occurs at indices {i} and {j}", {"point": p, "indices": [i, j]})
    hit = find_corner(points, n)
    if hit is not None:
        i, j, k, d = hit
        x, y = points[i]
        return reject("PROPERTY_VIOLATION",
                      f"corner: ({x}, {y}), ({x + d}, {y}), ({x}, {y + d}) with d = {d} (indices {i}, {j}, {k})",
                      {"corner": [x, y, d], "indices": [i, j, k]})
    return accept(len(points), f"corner-free set of {len(points)} points in the {n} x {n} grid")


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
