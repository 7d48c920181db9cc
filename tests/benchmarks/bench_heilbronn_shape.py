"""Heilbronn-triangle verifier benchmark (a script, not a test): ``python -m tests.benchmarks.bench_heilbronn_shape``.

Both verifiers, in-process and through the harness, at the largest allowed inputs (n = 3,500):

* A: 3,500 Erdos points (x, x^2 mod 3511) inside T = (0,0), (10000,0), (0,10000): no three
  collinear, every triple scanned by the primary and every pair swept by the second (valid);
* B: the same with the last point moved outside T (PROPERTY_VIOLATION, found before the scan);
* C: the bundled construction of bench-v1 T4 (n = 40).
Target: each verifier under about 20 s of CPU at the top (the limit is 60 s per verifier).
"""
from __future__ import annotations

import sys

from endless_exam import fixtures
from endless_exam.certificates.schemas import heilbronn_shape as schema
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import load as _load_second
from tests.benchmarks.common import measure, print_table

primary = _load_primary("heilbronn_shape")
second = _load_second("heilbronn_shape")
T0 = [[0, 0], [10000, 0], [0, 10000]]


def main() -> int:
    n = schema.MAX_N
    pts = [[x, x * x % 3511] for x in range(n)]
    doc = fixtures.read_json("constructions", "heilbronn_shape", "T4_n40.json")
    cases = [(f"A n={n} Erdos in T, no collinear triple (valid)", {"n": n, "T": T0}, pts),
             (f"B n={n}, last point outside T", {"n": n, "T": T0}, pts[:-1] + [[10000, 10000]]),
             ("C fixture T4 n=40 (valid)", doc["params"], doc["answer"])]
    rows = [measure("heilbronn_shape", primary, second, name, params, answer) for name, params, answer in cases]
    print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
