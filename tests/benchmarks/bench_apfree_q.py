"""apfree_q verifier benchmark (a script, not a test): ``python -m tests.benchmarks.bench_apfree_q``.

Prints the wall-clock seconds of the primary and the second verifier, in-process and through the real
harness (own processes, limits, witness re-checks), on the largest allowed inputs:

* A: 20,000 random distinct points of F_5^7 (the issue's case; primary: Fourier count in Z[X]/(X^5-1);
  second: pair scan, which stops at the first progression).
* B: 20,000 random distinct points of F_7^6 (same paths).
* C: 20,000 random distinct points of F_7^7 (primary on its pair path: the transform would be 7^8 cells).
* D: the first 20,000 points of {0,1}^15 in F_3^15: VALID, so both verifiers scan all 2*10^8 pairs
  (the worst case of every pair scan; F_3^15 is the largest table, 3^15 cells).
* E: {0,1,3}^8 in F_7^8 (6,561 points, valid, the largest q^n for q = 7) plus 2y - x for its last two
  points x, y: the only progression is (x, y, 2y - x), found in the second-to-last row of a pair scan.
* F: the bundled 625-point construction of F_5^6 (valid).
* G (issue 21): 12,544 distinct points of {0,1}^1000 in F_7^1000 (valid; the top beyond q^n = 2^24:
  both verifiers sketch and scan every pair);
* H: G's first 12,543 points plus the midpoint of the last two (a progression found in the last row);
* I: 12,544 points of {0,1}^16 in F_3^16 (valid; the smallest sketched instance of q = 3);
* J: 12,544 points of {0,1}^2600 in F_5^2600 (valid; about 32.7 MB of JSON, near the 32 MiB limit).
Targets on a two-core machine: primary under 3 s on A and B, second under 30 s; every case far below
the 60 s limit; G-J at most about 20 s CPU each. ``python -m tests.benchmarks.bench_apfree_q G H``
runs some cases only.
"""
from __future__ import annotations

import itertools
import random
import sys

from endless_exam import fixtures
from endless_exam.checker.families import load as _load_primary
primary = _load_primary("apfree_q")
from endless_exam.crosscheck.families import load as _load_second
second = _load_second("apfree_q")
from tests.benchmarks.common import binary_points, measure, print_table


def _random(q: int, n: int, m: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    keys = rnd.sample(range(q ** n), m)
    return ["".join(str((k // q ** (n - 1 - c)) % q) for c in range(n)) for k in keys]


def case_a():
    return _random(5, 7, 20_000, 1), 5, 7


def case_b():
    return _random(7, 6, 20_000, 2), 7, 6


def case_c():
    return _random(7, 7, 20_000, 3), 7, 7


def case_d():
    return ["".join(t) for t in itertools.islice(itertools.product("01", repeat=15), 20_000)], 3, 15


def case_e():
    pts = ["".join(t) for t in itertools.product("013", repeat=8)]
    x, y = pts[-2], pts[-1]        # 33333331, 33333333 -> 33333335: only the row of x finds it
    return pts + ["".join(str((2 * int(b) - int(a)) % 7) for a, b in zip(x, y))], 7, 8


def case_f():
    return fixtures.read_json("constructions", "apfree_q", "q5_n6.json")["answer"], 5, 6


def _midpoint(x: str, z: str, q: int) -> str:
    return "".join(str((int(a) + int(c)) * (q + 1) // 2 % q) for a, c in zip(x, z))


def case_g():
    return binary_points(12_544, 1000, 31), 7, 1000


def case_h():
    pts = binary_points(12_544, 1000, 31)[:12_543]
    return pts + [_midpoint(pts[-2], pts[-1], 7)], 7, 1000


def case_i():
    return binary_points(12_544, 16, 32), 3, 16


def case_j():
    return binary_points(12_544, 2600, 33), 5, 2600


CASES = (("A 20,000 random pts F_5^7", case_a), ("B 20,000 random pts F_7^6", case_b),
         ("C 20,000 random pts F_7^7", case_c), ("D 20,000 pts {0,1}^15 F_3^15 (valid)", case_d),
         ("E 6,562 pts F_7^8, planted at end", case_e), ("F fixture 625 pts F_5^6 (valid)", case_f),
         ("G 12,544 pts {0,1}^1000 F_7^1000 (valid)", case_g), ("H G with a progression last", case_h),
         ("I 12,544 pts {0,1}^16 F_3^16 (valid)", case_i), ("J 12,544 pts {0,1}^2600 F_5^2600 (valid)", case_j))


def main() -> int:
    rows = []
    wanted = set(sys.argv[1:])
    for name, build in CASES:
        if wanted and name.split()[0] not in wanted:
            continue
        points, q, n = build()
        rows.append(measure("apfree_q", primary, second, name, {"q": q, "n": n}, points))
    print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
