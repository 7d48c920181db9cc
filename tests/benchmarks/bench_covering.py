"""Covering verifier benchmark (a script, not a test): ``python -m tests.benchmarks.bench_covering``.

Prints the wall-clock seconds of the primary and the second verifier, in-process and through the real
harness, at the largest allowed inputs: 20,000 blocks, and parameters at the C(v, t) and C(k, t) limits.

* A: C(30,6,3), the bundled construction repeated to 20,000 blocks (valid; 20 triples per block).
* B: A without any copy of the construction's first block (invalid if that block covered a triple alone).
* C: C(100,3,... ) is not allowed (C(100,3) > 10^6); instead v = 128, t = 2 (8,128 pairs), k = 63
  (C(63,2) = 1,953 pairs per block, the per-block limit): 20,000 cyclic shifts of {0..62} mod 128 (valid).
* D: v = 182 is not allowed (v <= 128); C(v, t) near 10^6: v = 128, k = 3, t = 2 is small, so
  v = 24, k = 12, t = 5 (C(24,5) = 42,504; C(12,5) = 792): 20,000 random 12-subsets, seed 0.
* E: v = 100, k = 20, t = 4 would exceed C(k,t); v = 64, k = 10, t = 4 (C(64,4) = 635,376 quadruples,
  C(10,4) = 210 per block): 20,000 random 10-subsets (invalid: most quadruples uncovered; the second's
  walk stops at the first), and F: its worst case for the second, the same with an extra block
  containing {0, 1, 2, 3} removed... (the walk covers many prefixes before failing).
Targets on a two-core machine: primary under 3 s, second under 30 s (the limit is 60 s each).
"""
from __future__ import annotations

import itertools
import random
import sys

from endless_exam import fixtures
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import load as _load_second
from tests.benchmarks.common import measure, print_table

primary = _load_primary("covering")
second = _load_second("covering")
N = 20_000


def main() -> int:
    c30 = fixtures.read_json("constructions", "covering", "v30_k6_t3.json")["answer"]
    a = [c30[i % len(c30)] for i in range(N)]
    rest = c30[1:]
    b = [rest[i % len(rest)] for i in range(N)]
    c = [[(x + i) % 128 for x in range(63)] for i in range(N)]
    rng = random.Random(0)
    d = [rng.sample(range(24), 12) for _ in range(N)]
    e = [rng.sample(range(64), 10) for _ in range(N)]
    # F: every quadruple of 0..63 whose smallest point is >= 1 is covered (blocks of all points but 0 would
    # be too large), so take 20,000 blocks that all avoid point 63: the walk fails only at prefixes with 63
    f = [rng.sample(range(63), 10) for _ in range(N)]
    rows = [measure("covering", primary, second, name, params, answer) for name, params, answer in (
        ("A C(30,6,3) x 20,000 (valid)", {"v": 30, "k": 6, "t": 3}, a),
        ("B A without its first block", {"v": 30, "k": 6, "t": 3}, b),
        ("C v=128 k=63 t=2, 20,000 shifts (valid)", {"v": 128, "k": 63, "t": 2}, c),
        ("D v=24 k=12 t=5, 20,000 random", {"v": 24, "k": 12, "t": 5}, d),
        ("E v=64 k=10 t=4, 20,000 random", {"v": 64, "k": 10, "t": 4}, e),
        ("F v=64 k=10 t=4, all avoid 63", {"v": 64, "k": 10, "t": 4}, f))]
    print_table(rows, size_label="blocks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
