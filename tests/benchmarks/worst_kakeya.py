"""Worst admitted kakeya inputs per verifier path (issue 31), for ``tests/benchmarks/worst_cases.py``.

* F_2^14 (16,383 directions, admitted since issue 31): the 255-point split set (the issue's case) and
  the hyperplane x_0 = 0 with one point added in its middle (8,193 points: no candidate base point is
  the extra point, so the primary counts the lines of the 8,192 directions with v_0 = 1: its top);
* F_2^15 (admitted since issue 31 up to 2,048 points) at its point bound, the candidate base points on
  a subspace (the primary's top there);
* F_2^13 with 254 points (the split set and 63 random points; issue 31: second 12.7 s before);
* n = 1, q = 1,048,573 (all of F_q, about 10 MB of JSON; issue 31: second up to 15 s);
* the parabola sets of (17, 4) and (3, 9) (few points on full lines: the line counts and the windows
  run for most directions; bench_kakeya H and J).
``python -m tests.benchmarks.worst_kakeya [NAME-PREFIX ...]`` runs them in-process.
"""
from __future__ import annotations

import itertools
import random
import sys


def split_f2(high: int, low: int) -> list[list[int]]:
    points = {(0,) * high + b for b in itertools.product((0, 1), repeat=low)}
    points |= {b + (0,) * low for b in itertools.product((0, 1), repeat=high)}
    return [list(p) for p in sorted(points)]


def hyperplane_plus_one(n: int) -> list[list[int]]:
    H = [[0] + [(x >> (n - 2 - i)) & 1 for i in range(n - 1)] for x in range(2 ** (n - 1))]
    cut = 2 ** (n - 2) + 3
    return H[:cut] + [[1] * n] + H[cut:]


def split_plus_random(total: int) -> list[list[int]]:
    pts = {tuple(p) for p in split_f2(6, 7)}
    rng = random.Random(3)
    while len(pts) < total:
        pts.add(tuple(rng.randrange(2) for _ in range(13)))
    return [list(p) for p in sorted(pts)]


def f2_15_at_the_point_bound() -> list[list[int]]:
    """2,048 points of F_2^15 (the point bound there): the 1,024 vectors with their last 5 coordinates 0
    (a subspace W) and 1,024 random points outside it, W's points at the primary's 8 candidate positions,
    so that its candidate lines cover only the 1,023 directions of W and the line counts run for most of
    the 32,767 directions (valid: the differences cover every direction)."""
    import numpy as np
    rng = random.Random(2)
    W = [tuple((x >> (9 - c)) & 1 for c in range(10)) + (0,) * 5 for x in range(1024)]
    R: list = []
    have: set = set()
    while len(R) < 1024:
        p = tuple(rng.randrange(2) for _ in range(15))
        if any(p[10:]) and p not in have:
            have.add(p)
            R.append(p)
    m = 2048
    cand = set(np.unique(np.linspace(0, m - 1, 8).astype(np.int64)).tolist())
    rest = [p for p in W[len(cand):]]
    order, w, r = [], iter(W[:len(cand)]), iter(R + rest)           # W's first points at the candidate positions
    for i in range(m):
        order.append(next(w) if i in cand else next(r))
    return [list(p) for p in order]


def parabola(q: int, n: int) -> list[list[int]]:
    from tests.benchmarks.bench_kakeya import parabola as the_parabola   # (imported late: it loads both verifiers)

    return the_parabola(q, n)


def cases() -> list[dict]:
    return [
        {"name": "F_2^14 split 255 (issue 31)", "params": {"q": 2, "n": 14}, "expect": "ACCEPT",
         "path": "primary: line counts for every direction; second: autocorrelation (Walsh-Hadamard)",
         "answer": lambda: split_f2(7, 7)},
        {"name": "F_2^14 hyperplane + 1", "params": {"q": 2, "n": 14}, "expect": "ACCEPT",
         "path": "primary: 8,192 directions left to the count, |K| = 8,193 (its top at the direction bound)",
         "answer": lambda: hyperplane_plus_one(14)},
        {"name": "F_2^15 2,048 points (the point bound)", "params": {"q": 2, "n": 15}, "expect": "ACCEPT",
         "path": "primary: candidates on a subspace, line counts for most of 32,767 directions",
         "answer": f2_15_at_the_point_bound},
        {"name": "F_2^13 254 points (issue 31)", "params": {"q": 2, "n": 13}, "expect": "ACCEPT",
         "path": "second: was the shifted windows per direction (12.7 s)", "answer": lambda: split_plus_random(254)},
        {"name": "F_1048573^1 all (issue 31)", "params": {"q": 1_048_573, "n": 1}, "expect": "ACCEPT",
         "path": "the largest answer (10 MB); one direction", "answer": lambda: [[x] for x in range(1_048_573)]},
        {"name": "parabola (17, 4)", "params": {"q": 17, "n": 4}, "expect": "ACCEPT",
         "path": "primary line counts / second windows for most of 5,220 directions", "answer": lambda: parabola(17, 4)},
        {"name": "parabola (3, 9)", "params": {"q": 3, "n": 9}, "expect": "ACCEPT",
         "path": "second: windows for most of 9,841 directions", "answer": lambda: parabola(3, 9)},
    ]


if __name__ == "__main__":
    from tests.benchmarks import worst_cases      # the shared runner; an argument selects cases by name

    sys.exit(worst_cases.main(["kakeya", *(["--case", sys.argv[1]] if len(sys.argv) > 1 else [])]))
