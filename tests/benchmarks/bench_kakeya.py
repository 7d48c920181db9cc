"""Kakeya verifier benchmark (a script, not a test): ``python -m tests.benchmarks.bench_kakeya``.

Prints the wall-clock seconds of the primary and the second verifier, in-process and through the real
harness, at the largest allowed inputs. The cost of a valid answer is about (number of directions) x
(|K| + q^n); the parameter limits q^n <= 2^20 and q^(2n-1) <= 2^26 bound it:

* A: all of F_13^4 (28,561 points, 2,380 directions; q^(2n-1) = 13^7 close to 2^26), valid.
* B: all of F_2^13 (8,192 points, 8,191 directions: the most directions allowed), valid.
* C: all of F_5^6 (15,625 points, 3,906 directions), valid.
* D: all of F_401^2 (160,801 points, the largest q for n = 2), valid.
* E: all of F_q^1 for q = 1,048,573 (the largest prime <= 2^20; 1,048,573 points, a 10 MB answer).
* F: all of F_11^4 minus a transversal of the last direction: only the last direction checked fails.
* G: the bundled (11, 4) construction (2,691 points), valid.
Then the inputs of issue 8 item 5 (A and F) as medians of several in-process runs beside the public
release's recorded figure.
"""
from __future__ import annotations

import itertools
import sys

from endless_exam import fixtures
from endless_exam.checker.families import load as _load_primary
primary = _load_primary("kakeya")
from endless_exam.crosscheck.families import load as _load_second
second = _load_second("kakeya")
from tests.benchmarks import side_by_side
from tests.benchmarks.common import measure, print_table


def space(q: int, n: int) -> list[list[int]]:
    return [list(p) for p in itertools.product(range(q), repeat=n)]


def minus_transversal(q: int, n: int) -> list[list[int]]:
    v = (1,) + (q - 1,) * (n - 1)
    drop = set()
    for b in itertools.product(range(q), repeat=n - 1):
        g = sum(x * x for x in b) % q
        drop.add(tuple((c + g * vc) % q for c, vc in zip((0,) + b, v)))
    return [list(p) for p in itertools.product(range(q), repeat=n) if p not in drop]


CASES = (
    ("A all of F_13^4 (valid)", lambda: (space(13, 4), 13, 4)),
    ("B all of F_2^13 (valid)", lambda: (space(2, 13), 2, 13)),
    ("C all of F_5^6 (valid)", lambda: (space(5, 6), 5, 6)),
    ("D all of F_401^2 (valid)", lambda: (space(401, 2), 401, 2)),
    ("E all of F_1048573 (valid)", lambda: ([[i] for i in range(1_048_573)], 1_048_573, 1)),
    ("F F_11^4 minus transversal (last dir)", lambda: (minus_transversal(11, 4), 11, 4)),
    ("G fixture (11,4) 2,691 pts (valid)",
     lambda: (fixtures.read_json("constructions", "kakeya", "q11_n4.json")["answer"], 11, 4)),
)


def main() -> int:
    rows = []
    for name, build in CASES:
        points, q, n = build()
        rows.append(measure("kakeya", primary, second, name, {"q": q, "n": n}, points))
    print_table(rows)
    print()
    issue = [("A all of F_13^4 (valid)", {"q": 13, "n": 4}, space(13, 4), "0.10s"),
             ("F F_11^4 minus transversal", {"q": 11, "n": 4}, minus_transversal(11, 4), "0.07s")]
    side_by_side.print_rows(side_by_side.median_rows(primary, second, issue))
    return 0


if __name__ == "__main__":
    sys.exit(main())
