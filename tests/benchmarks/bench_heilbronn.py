"""Heilbronn (square) verifier benchmark (a script, not a test): ``python -m tests.benchmarks.bench_heilbronn``.

Prints the wall-clock seconds of the primary and the second verifier, in-process and through the real
harness, on the largest allowed inputs (n = 600, the family's bound; every triple is scanned unless a
collinear triple ends the scan):

* A: 600 Erdos points (16x, 16 (x^2 mod 601)): no three collinear, so all C(600, 3) = 35,820,200
  triples are examined (valid); A400: the same at n = 400 (24x, 24 (x^2 mod 401)), the old top;
* B: the same with the last point replaced by a copy of the first (DUPLICATE, found before the scan);
* C: 599 Erdos points and a last point on the line through the two before it, so that the only
  collinear triple is the last three points (valid, objective 0, found at the end of both scans);
* D: the largest bundled construction (n = 50).
Targets on a two-core machine: primary under 3 s, second under 30 s (the limit is 60 s per verifier).
"""
from __future__ import annotations

import itertools
import math
import sys

from endless_exam import fixtures
from endless_exam.certificates.schemas import heilbronn as schema
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import load as _load_second
from tests.benchmarks.common import measure, print_table

primary = _load_primary("heilbronn")
second = _load_second("heilbronn")


def erdos(count: int, p: int = 601, scale: int = 16) -> list[list[int]]:
    return [[scale * x, scale * (x * x % p)] for x in range(count)]


def late_collinear(count: int) -> list[list[int]]:
    """``count`` - 1 Erdos points, then a grid point on the line through the last two of them that lies
    on no other line through two of the points: the only collinear triple is the last three points."""
    pts = erdos(count - 1)
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    dx, dy = bx - ax, by - ay
    g = math.gcd(dx, dy)
    dx, dy = dx // g, dy // g
    for t in itertools.chain.from_iterable((s, -s) for s in range(1, 20_000)):
        q = [bx + t * dx, by + t * dy]
        if not (0 <= q[0] <= schema.GRID and 0 <= q[1] <= schema.GRID) or q in pts:
            continue
        cross = lambda a, b: (b[0] - a[0]) * (q[1] - a[1]) - (b[1] - a[1]) * (q[0] - a[0])
        if sum(cross(a, b) == 0 for a, b in itertools.combinations(pts, 2)) == 1:
            return pts + [q]
    raise SystemExit("no suitable point found")


def main() -> int:
    n = schema.MAX_N
    pts = erdos(n)
    doc = fixtures.read_json("constructions", "heilbronn", "n50.json")
    cases = [(f"A n={n} Erdos, no collinear triple (valid)", {"n": n}, pts),
             (f"B n={n}, duplicate of the first point last", {"n": n}, pts[:-1] + [pts[0]]),
             (f"C n={n}, only collinear triple = the last three", {"n": n}, late_collinear(n)),
             ("A400 n=400 Erdos mod 401 (the old top)", {"n": 400}, erdos(400, 401, 24)),
             ("D fixture n=50 (valid)", doc["params"], doc["answer"])]
    rows = [measure("heilbronn", primary, second, name, params, answer) for name, params, answer in cases]
    print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
