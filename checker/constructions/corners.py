"""Deterministic constructions of large corner-free sets in {0..n-1}^2 (family ``corners``).

Run ``python -m endless_exam.checker.constructions.corners`` to regenerate ``fixtures/constructions/corners/``
(about one and a half minutes on two cores). Every set is re-checked by a plain scan before it is
written, and must reach the instance's reference size.

Methods (no method reads the clock; randomness comes only from ``random.Random(seed)``):

1. **Translated ternary digit set** (the upstream baseline method). If D is free of 3-term
   progressions, the set {(x, y) : x - y in D} is corner-free: a corner (x, y), (x + d, y), (x, y + d)
   has differences x - y - d, x - y, x - y + d, a 3-term progression with d != 0. The ternary set
   T_L = {sum_{i<L} d_i 3^i : d_i in {0, 1}} is 3-AP free (no carries: see
   ``endless_exam.checker.constructions.lineq``, method 1), and so is every translate T_L - c. The diagonal
   x - y = d holds n - |d| points, so L and c are chosen to maximise sum_{t in T_L, |t - c| < n}
   (n - |t - c|) (exhaustive over L = 3..8 and every useful c; the first maximum in the order
   (L, c) is kept). The set is stored as the compact answer {"diff_set": {"base": 3, "allowed":
   [0, 1], "length": L, "offset": -c}} (``n<N>_ternary.json``); it reaches every reference exactly.

2. **Local search on the grid** (``n<N>.json``), from the points of method 1, with a fixed seed and a
   fixed number of iterations. For every grid cell w outside the set the search keeps block[w], the
   number of pairs of set points that form a corner together with w (w as the corner point, as the
   point d to the right, or as the point d above: pairs in the same row, the same column or the same
   anti-diagonal x + y = const as w). An iteration removes one or two random points, then adds, in a
   random order, every cell whose block count is (still) 0; a step that leaves the set smaller is
   undone with probability 0.95. Added cells have block 0, so the set stays corner-free; the best
   set seen is kept and stored as a literal list of [x, y] pairs.

The family's documented baseline (``endless-exam instance corners --baseline``; registry ``baselines.py``):
``baseline(params, log)`` and ``domain(params)`` at the end of this module, the best translate of the ternary
digit set, method 1, as a diff_set (domain: at most 60,000 points).
"""
from __future__ import annotations

import sys
import time

import numpy as np

from . import _search, document, write_fixture
from ._baseline import Baseline, Log
from ._search import BlockedSet


# (n, reference, seed, iterations)
INSTANCES = [
    (138, 3120, 1, 16000),
    (183, 4698, 2, 10000),
    (150, 3504, 3, 14000),
    (162, 3888, 4, 12000),
    (185, 4786, 5, 10000),
]


def ternary(length: int) -> list[int]:
    out = [0]
    for i in range(length):
        out = out + [v + 3 ** i for v in out]
    return sorted(out)


def best_translate(n: int) -> tuple[int, int, int]:
    """(weight, L, c) maximising the number of grid points of the translated ternary diff set."""
    best = (-1, 0, 0)
    for length in range(3, 9):
        tset = ternary(length)
        for c in range(-(n - 1), tset[-1] + n):
            w = sum(n - abs(t - c) for t in tset if abs(t - c) < n)
            if w > best[0]:
                best = (w, length, c)
    return best


def diagonal_points(diffs: list[int], n: int) -> list[tuple[int, int]]:
    return [(x, x - d) for d in diffs for x in range(n) if 0 <= x - d < n]


class GridSearch(BlockedSet):
    """A corner-free subset of the n x n grid with block counts for every cell outside it."""

    def __init__(self, n: int) -> None:
        super().__init__((n, n))                         # member[x, y], block[x, y]
        self.n = n

    def thirds(self, p: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
        x, y = p
        n, g = self.n, self.member
        row = np.flatnonzero(g[:, y])
        row = row[row != x]                              # u = (ux, y)
        col = np.flatnonzero(g[x, :])
        col = col[col != y]                              # u = (x, uy)
        s = x + y
        ax = np.arange(max(0, s - n + 1), min(n - 1, s) + 1)
        anti = ax[g[ax, s - ax]]
        anti = anti[anti != x]                           # u = (ux, s - ux)
        # e=(x,y) with u in its row: e right of corner u -> (ux, y + x - ux); e corner, u right -> (x, y + ux - x)
        # u in its column: e above corner u -> (x + y - uy, uy); e corner, u above -> (x + uy - y, y)
        # u on its anti-diagonal: {e, u} = {right, above} of the corners (ux, y) and (x, s - ux)
        X = np.concatenate([row, np.full(len(row), x), x + y - col, x + col - y, anti, np.full(len(anti), x)])
        Y = np.concatenate([y + x - row, y + row - x, col, np.full(len(col), y), np.full(len(anti), y), s - anti])
        ok = (X >= 0) & (X < n) & (Y >= 0) & (Y < n)
        return X[ok], Y[ok]

    def free(self) -> list[tuple[int, int]]:
        xs, ys = np.nonzero((self.block == 0) & ~self.member)
        return list(zip(xs.tolist(), ys.tolist()))


def local_search(start: list[tuple[int, int]], n: int, iterations: int, seed: int) -> list[tuple[int, int]]:
    st = GridSearch(n)
    for p in start:
        if st.block[p] != 0:
            raise RuntimeError(f"start set is not corner-free at {p}")
        st.add(p)
    return _search.local_search(st, iterations, seed, undo=0.95)


def sanity_check(points: list[tuple[int, int]], n: int) -> None:
    """Plain scan over (point, other point in its row), independent of the search bookkeeping."""
    have = set(points)
    if len(have) != len(points) or not all(0 <= x < n and 0 <= y < n for x, y in points):
        raise RuntimeError("construction has duplicates or points off the grid")
    rows: dict[int, list[int]] = {}
    for x, y in points:
        rows.setdefault(y, []).append(x)
    for x, y in points:
        for x2 in rows[y]:
            d = x2 - x
            if d != 0 and (x, y + d) in have:
                raise RuntimeError(f"construction has the corner ({x}, {y}), d = {d}")


def _write(name: str, params: dict, answer, objective: int, method: str) -> None:
    write_fixture(name, document("corners", params, answer, objective, method))


# ---- the documented baseline and its domain (the registry is baselines.py) ------------------------------

MAX_CORNERS = 60_000         # corners: a diff_set expands to at most 60,000 points


def baseline(params: dict, log: Log) -> Baseline:
    n = params["n"]
    weight, length, c = best_translate(n)
    answer = {"diff_set": {"base": 3, "allowed": [0, 1], "length": length, "offset": -c}}
    return Baseline(answer, f"Translated ternary digit set (the upstream baseline): the points (x, y) with x - y in "
                            f"T_{length} - {c}, T_L the integers with L ternary digits in {{0, 1}} (3-AP free), L and "
                            f"the shift c maximising the number of grid points ({weight}); "
                            f"checker/constructions/corners.py, method 1.", {"length": length, "offset": -c})


def domain(params: dict) -> str | None:
    n = params["n"]
    # T_3 = {0, 1, 3, 4, 9, 10, 12, 13} untranslated already gives 8n - 52 points, and the best translate
    # has at least as many: beyond that the (slow, O(n) per shift) search is not needed to say no
    if (n > 13 and 8 * n - 52 > MAX_CORNERS) or best_translate(n)[0] > MAX_CORNERS:
        return f"the corners baseline writes a diff_set, which may expand to at most {MAX_CORNERS:,} points"
    return None


def main(argv: list[str] | None = None) -> int:
    rows = []
    for n, ref, seed, iterations in INSTANCES:
        t0 = time.perf_counter()
        weight, length, c = best_translate(n)
        diffs = [t - c for t in ternary(length) if abs(t - c) < n]
        base_points = diagonal_points(diffs, n)
        sanity_check(base_points, n)
        if len(base_points) != weight or weight < ref:
            raise SystemExit(f"corners n={n}: ternary diff set gives {len(base_points)} < reference {ref}")
        spec = {"base": 3, "allowed": [0, 1], "length": length, "offset": -c}
        _write(f"n{n}_ternary.json", {"n": n}, {"diff_set": spec}, weight,
               f"Translated ternary digit set: D = {{sum_(i<{length}) d_i 3^i : d_i in {{0, 1}}}} - {c} "
               f"(3-AP free), all grid points with x - y in D; L and c maximise the point count. Compact "
               "diff_set digit-spec form; see checker/constructions/corners.py, method 1.")
        best = local_search(base_points, n, iterations, seed)
        sanity_check(best, n)
        if len(best) < ref:
            raise SystemExit(f"corners n={n}: {len(best)} < reference {ref}")
        _write(f"n{n}.json", {"n": n}, [list(p) for p in best], len(best),
               f"Local search on the grid (seed {seed}, {iterations} iterations: remove 1-2 random points, re-add "
               "every cell not completing a corner in random order, undo a shrinking step with probability "
               f"0.95) started from the translated ternary diff set ({weight} points, L = {length}, offset "
               f"-{c}); see checker/constructions/corners.py, methods 1 and 2.")
        rows.append((n, weight, len(best), ref, time.perf_counter() - t0))
        print(f"corners n={n}: ternary {weight}, local search {len(best)} (reference {ref})", flush=True)
    print("summary:")
    for n, weight, size, ref, secs in rows:
        print(f"corners n={n}: {size} (reference {ref}, ratio {size / ref:.4f}); ternary diff set {weight} "
              f"(ratio {weight / ref:.4f}); {secs:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
