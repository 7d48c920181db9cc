"""LABS verifier benchmark (a script, not a test): ``python -m tests.benchmarks.bench_labs``.

Prints the wall-clock seconds of the primary and the second verifier, in-process and through the real
harness (own processes, limits), at N = 20,000 and at the largest allowed N = 100,000 (case G):

* A: a seeded random +-1 sequence of length 20,000 (valid);
* B: all +1 of length 20,000 (valid; the largest energy, E = sum j^2 ~ 2.7 * 10^12);
* C: 20,000 entries with the only bad entry (3) last (RANGE, found by the shared parse);
* D: the largest bundled construction (N = 375);
* G: a seeded random +-1 sequence of length 100,000, the top of the domain (valid; A is the old top).
Targets on a two-core machine: primary under 3 s at N = 20,000 and 15 s at 100,000, second under 30 s (the
limit is 60 s per verifier).
"""
from __future__ import annotations

import random
import sys

from endless_exam import fixtures
from endless_exam.certificates.schemas import labs as schema
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import load as _load_second
from tests.benchmarks.common import measure, print_table

primary = _load_primary("labs")
second = _load_second("labs")


def main() -> int:
    n = 20_000
    rng = random.Random(20000)
    bad = [1] * n
    bad[-1] = 3
    doc = fixtures.read_json("constructions", "labs", "n375.json")
    cases = [("A N=20,000 random (valid)", {"N": n}, [rng.choice((1, -1)) for _ in range(n)]),
             ("B N=20,000 all +1 (valid, largest E)", {"N": n}, [1] * n),
             ("C N=20,000 bad entry last (RANGE)", {"N": n}, bad),
             ("D fixture N=375 (valid)", doc["params"], doc["answer"]),
             ("G N=100,000 random (valid)", {"N": schema.MAX_N}, [rng.choice((1, -1)) for _ in range(schema.MAX_N)])]
    rows = [measure("labs", primary, second, name, params, answer) for name, params, answer in cases]
    print_table(rows, size_label="entries")
    return 0


if __name__ == "__main__":
    sys.exit(main())
