"""Heilbronn (square) verifier benchmark (a script, not a test): ``python -m tests.benchmarks.bench_heilbronn``.

Prints the wall-clock seconds of the primary and the second verifier, in-process and through the real
harness, on the largest allowed inputs (n = 3,500, the family's bound; the primary examines every
triple and the second sweeps every pair unless a collinear triple ends the scans):

* A: 3,500 Erdos points (2x, 2 (x^2 mod 3511)): no three collinear, so all C(3500, 3) = 7.1 * 10^9
  triples are examined by the primary and all 6.1 * 10^6 pairs swept by the second (valid);
  A600: the same at n = 600 (16x, 16 (x^2 mod 601)), the old top;
* B: the same with the last point replaced by a copy of the first (DUPLICATE, found before the scan);
* C: 3,499 Erdos points and a last point on the line through the two before it, so that the only
  collinear triple is the last three points (valid, objective 0, found at the end of both scans);
* D: the largest bundled construction (n = 50).
Target: each verifier under about 20 s of CPU at the top (the limit is 60 s per verifier).
"""
from __future__ import annotations

import itertools
import math
import sys

import numpy as np

from endless_exam import fixtures
from endless_exam.certificates.schemas import heilbronn as schema
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import load as _load_second
from tests.benchmarks.common import measure, print_table

primary = _load_primary("heilbronn")
second = _load_second("heilbronn")


def erdos(count: int, p: int = 3511, scale: int = 2) -> list[list[int]]:
    return [[scale * x, scale * (x * x % p)] for x in range(count)]


def late_collinear(count: int) -> list[list[int]]:
    """``count`` - 1 Erdos points, then a grid point on the line through the last two of them that lies
    on no other line through two of the points: the only collinear triple is the last three points."""
    pts = erdos(count - 1)
    xy = np.array(pts, dtype=np.int64)
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    dx, dy = bx - ax, by - ay
    g = math.gcd(dx, dy)
    dx, dy = dx // g, dy // g
    for t in itertools.chain.from_iterable((s, -s) for s in range(1, 20_000)):
        q = [bx + t * dx, by + t * dy]
        if not (0 <= q[0] <= schema.GRID and 0 <= q[1] <= schema.GRID) or q in pts:
            continue
        d = xy - np.array(q, dtype=np.int64)                      # q is on the line ab iff d_a x d_b = 0
        on_lines = np.count_nonzero(np.triu(np.outer(d[:, 0], d[:, 1]) - np.outer(d[:, 1], d[:, 0]) == 0, 1))
        if on_lines == 1:
            return pts + [q]
    raise SystemExit("no suitable point found")


def main() -> int:
    n = schema.MAX_N
    pts = erdos(n)
    doc = fixtures.read_json("constructions", "heilbronn", "n50.json")
    cases = [(f"A n={n} Erdos, no collinear triple (valid)", {"n": n}, pts),
             (f"B n={n}, duplicate of the first point last", {"n": n}, pts[:-1] + [pts[0]]),
             (f"C n={n}, only collinear triple = the last three", {"n": n}, late_collinear(n)),
             ("A600 n=600 Erdos mod 601 (the old top)", {"n": 600}, erdos(600, 601, 16)),
             ("D fixture n=50 (valid)", doc["params"], doc["answer"])]
    rows = [measure("heilbronn", primary, second, name, params, answer) for name, params, answer in cases]
    print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
