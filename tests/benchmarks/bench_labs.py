"""LABS verifier benchmark (a script, not a test): ``python -m tests.benchmarks.bench_labs``.

Prints the wall-clock seconds of the primary and the second verifier, in-process and through the real
harness (own processes, limits), at N = 20,000, at N = 100,000 (the old top), at N = 250,000 (about the
largest the public release's O(N^2) correlation decides in 60 s) and at the largest allowed
N = 8,000,000:

* A: a seeded random +-1 sequence of length 20,000 (valid);
* B: all +1 of length 20,000 (valid; the largest energy, E = sum j^2 ~ 2.7 * 10^12);
* C: 20,000 entries with the only bad entry (3) last (RANGE, found by the shared parse);
* D: the largest bundled construction (N = 375);
* G: a seeded random +-1 sequence of length 100,000 (valid; the old top);
* H: a seeded random +-1 sequence of length 250,000 (valid);
* I: a seeded random +-1 sequence of length 8,000,000, the top of the domain (valid);
* J: alternating +1/-1 of length 8,000,000 (valid; E = sum j^2, the largest energy, above 2^63);
* K: 8,000,000 entries +1 with the only bad entry (0) last (RANGE, found by the shared parse).
Target: each verifier under about 20 s of CPU at the top (the limit is 60 s per verifier).
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
             ("G N=100,000 random (valid)", {"N": 100_000}, [rng.choice((1, -1)) for _ in range(100_000)]),
             ("H N=250,000 random (valid)", {"N": 250_000}, [rng.choice((1, -1)) for _ in range(250_000)])]
    top = schema.MAX_N
    last_bad = [1] * top
    last_bad[-1] = 0
    cases += [(f"I N={top:,} random (valid)", {"N": top}, [rng.choice((1, -1)) for _ in range(top)]),
              (f"J N={top:,} alternating (valid, largest E)", {"N": top}, [1 - 2 * (i % 2) for i in range(top)]),
              (f"K N={top:,} bad entry last (RANGE)", {"N": top}, last_bad)]
    rows = [measure("labs", primary, second, name, params, answer) for name, params, answer in cases]
    print_table(rows, size_label="entries")
    return 0


if __name__ == "__main__":
    sys.exit(main())
