"""z3 formal oracle of the ``corners`` family: is there a corner among the given points?

What is encoded. For a tuple of grid points p_0, ..., p_{N-1} (pairs of integers) the oracle asks z3
whether the following statement is satisfiable, written as directly as possible:

    there exist integers i, j, k in [0, N) and an integer d with
      * d != 0,
      * p_j = (X[i] + d, Y[i])   (the point d to the right of, or for d < 0 to the left of, p_i), and
      * p_k = (X[i], Y[i] + d)   (the point d above, or below, p_i).

The points are data: two uninterpreted arrays ``X, Y : Int -> Int`` constrained by X[t] = x_t and
Y[t] = y_t for every t < N; z3 (not Python) chooses i, j, k and d. Nothing else is encoded: no row
grouping, no bitsets, no symmetry reduction.

Why sat/unsat answer the question. A model is literally a corner (x, y), (x + d, y), (x, y + d) with
d != 0 among the listed points (d != 0 makes i, j, k three different points); ``unsat`` means there is
none. Duplicated points are not corners (they are the verifiers' ``DUPLICATE`` business). A ``sat``
model is re-checked in plain Python before it is returned (a failure raises ``RuntimeError``: an
oracle bug, never a verdict); ``unknown`` is returned as ``("unknown", None)`` and the caller must
treat it as an ERROR.

Limits. Small instances only: at most ``MAX_POINTS`` = 400 points with coordinates in 0..``MAX_COORD``
(larger inputs raise ``ValueError``). z3 is imported lazily inside :func:`oracle`.
"""
from __future__ import annotations

from ._z3 import solve

MAX_POINTS = 400
MAX_COORD = 10_000
DEFAULT_TIMEOUT_MS = 120_000


def _validate(points) -> tuple[tuple[int, int], ...]:
    if not isinstance(points, (tuple, list)):
        raise ValueError(f"points must be a sequence of pairs, got {type(points).__name__}")
    if len(points) > MAX_POINTS:
        raise ValueError(f"the corners oracle handles at most {MAX_POINTS} points, got {len(points)}")
    out = []
    for t, p in enumerate(points):
        if (not isinstance(p, (tuple, list)) or len(p) != 2
                or not all(type(c) is int and 0 <= c <= MAX_COORD for c in p)):
            raise ValueError(f"point {t} is not a pair of integers in 0..{MAX_COORD}: {p!r}")
        out.append((p[0], p[1]))
    return tuple(out)


def is_corner(p, q, r) -> bool:
    """The definition in plain Python: q = p + (d, 0) and r = p + (0, d) for one d != 0."""
    d = q[0] - p[0]
    return d != 0 and q[1] == p[1] and r[0] == p[0] and r[1] - p[1] == d


def decide(points, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, tuple[int, int, int, int] | None]:
    """``("sat", (i, j, k, d))`` for a corner p_i, p_j = p_i + (d, 0), p_k = p_i + (0, d);
    ``("unsat", None)`` when there is none; ``("unknown", None)`` when z3 gives up."""
    pts = _validate(points)
    import z3  # lazy

    n = len(pts)
    solver = z3.Solver()
    solver.set("timeout", int(timeout_ms))
    X = z3.Array("X", z3.IntSort(), z3.IntSort())
    Y = z3.Array("Y", z3.IntSort(), z3.IntSort())
    for t, (x, y) in enumerate(pts):
        solver.add(X[t] == x, Y[t] == y)
    i, j, k, d = z3.Ints("i j k d")
    solver.add(0 <= i, i < n, 0 <= j, j < n, 0 <= k, k < n)
    solver.add(d != 0)
    solver.add(X[j] == X[i] + d, Y[j] == Y[i])
    solver.add(X[k] == X[i], Y[k] == Y[i] + d)
    answer, found = solve(solver, (i, j, k, d))
    if found is None:
        return answer, None
    ii, jj, kk, dd = found
    if not all(0 <= t < n for t in (ii, jj, kk)) or not is_corner(pts[ii], pts[jj], pts[kk]) \
            or pts[jj][0] - pts[ii][0] != dd:
        raise RuntimeError(f"corners oracle self-check failed: z3 model {(ii, jj, kk, dd)} is not a corner")
    return "sat", (ii, jj, kk, dd)


# ---- the contract's entry point (one signature for every family) ----------------------------------

SIZE_RULE = f"at most {MAX_POINTS} points"


def fits(parsed) -> bool:
    """Is the parsed answer small enough for the oracle ({SIZE_RULE})?"""
    return len(parsed.points) <= MAX_POINTS and parsed.n <= MAX_COORD


def oracle(parsed, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, dict | None]:
    """The definition decided by z3 on a parsed answer that ``fits``: ``("sat", witness)`` with the
    family's PROPERTY_VIOLATION witness, ``("unsat", None)`` or ``("unknown", None)``."""
    status, hit = decide(parsed.points, timeout_ms=timeout_ms)
    if hit is None:
        return status, None
    return status, {"corner": [*parsed.points[hit[0]], hit[3]], "indices": list(hit[:3])}
