"""Kakeya verifier benchmark (a script, not a test): ``python -m tests.benchmarks.bench_kakeya``.

Prints the wall-clock seconds of the primary and the second verifier, in-process and through the real
harness, at the largest allowed inputs. The cost of a valid answer is about (number of directions) x
(|K| + q^n); the parameter limits q^n <= 2^20 and q^(2n-1) <= 2^29 bound it (2^26 until issue 21;
A-G are the old tops, H-K the new ones):

* A: all of F_13^4 (28,561 points, 2,380 directions; q^(2n-1) = 13^7 close to 2^26), valid.
* B: all of F_2^13 (8,192 points, 8,191 directions), valid.
* C: all of F_5^6 (15,625 points, 3,906 directions), valid.
* D: all of F_401^2 (160,801 points, the largest q for n = 2), valid.
* E: all of F_q^1 for q = 1,048,573 (the largest prime <= 2^20; 1,048,573 points, a 10 MB answer).
* F: all of F_11^4 minus a transversal of the last direction: only the last direction checked fails.
* G: the bundled (11, 4) construction (2,691 points), valid.
* H: the parabola Kakeya set of (17, 4) (``checker/constructions/kakeya.py`` with every offset 0;
  13,601 points, few of them on a full line of a given direction, so the line counts run for most of
  the 5,220 directions), valid; H2: H without its last point (invalid).
* I: the parabola set of (53, 3) (39,703 points), valid. J: that of (3, 9) (1,270 points, 9,841
  directions), valid.
* K: a Kakeya set of F_2^13 (8,191 directions): the 191 points with their high 6 or their low 7
  coordinates zero (every direction (h, l) is the difference of (h, 0) and (0, l)). The same set in
  F_2^15 (383 points, 32,767 directions) took the second 57 s of CPU: hence the direction bound.
* L (issue 31): the split set of F_2^14 (255 points, 16,383 directions; the public release: 4.3 s /
  6.7 s); M: the hyperplane x_0 = 0 of F_2^14 with one point in its middle (8,193 points: the primary's
  line counts run for the 8,192 directions with v_0 = 1); N: F_2^13 with 254 points (the split set and 63
  random points; the second took 12.7 s before its q = 2 autocorrelation).
``python -m tests.benchmarks.bench_kakeya L M N`` runs some cases only.
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


def parabola(q: int, n: int) -> list[list[int]]:
    from endless_exam.checker.constructions.kakeya import parabola_lines

    points = set()
    for v, a in parabola_lines(q, n, (0,) * (n - 1)).items():
        for t in range(q):
            points.add(tuple((x + t * y) % q for x, y in zip(a, v)))
    return [list(p) for p in sorted(points)]


def split_f2(high: int, low: int) -> list[list[int]]:
    points = {(0,) * high + b for b in itertools.product((0, 1), repeat=low)}
    points |= {b + (0,) * low for b in itertools.product((0, 1), repeat=high)}
    return [list(p) for p in sorted(points)]


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
    ("H parabola (17,4) 13,601 pts (valid)", lambda: (parabola(17, 4), 17, 4)),
    ("H2 H without its last point", lambda: (parabola(17, 4)[:-1], 17, 4)),
    ("I parabola (53,3) (valid)", lambda: (parabola(53, 3), 53, 3)),
    ("J parabola (3,9) (valid)", lambda: (parabola(3, 9), 3, 9)),
    ("K F_2^13 split set, 191 pts (valid)", lambda: (split_f2(6, 7), 2, 13)),
    # issue 31: F_2^14 is admitted (16,383 directions); the second decides q = 2 by an autocorrelation
    ("L F_2^14 split set, 255 pts (valid)", lambda: (split_f2(7, 7), 2, 14)),
    ("M F_2^14 hyperplane + 1 point (valid)", lambda: (_worst().hyperplane_plus_one(14), 2, 14)),
    ("N F_2^13 254 pts (valid)", lambda: (_worst().split_plus_random(254), 2, 13)),
)


def _worst():
    from tests.benchmarks import worst_kakeya
    return worst_kakeya


def main() -> int:
    rows = []
    only = set(sys.argv[1:])
    for name, build in CASES:
        if only and name.split()[0] not in only:
            continue
        points, q, n = build()
        rows.append(measure("kakeya", primary, second, name, {"q": q, "n": n}, points))
    print_table(rows)
    if only:
        return 0
    print()
    issue = [("A all of F_13^4 (valid)", {"q": 13, "n": 4}, space(13, 4), "0.10s"),
             ("F F_11^4 minus transversal", {"q": 11, "n": 4}, minus_transversal(11, 4), "0.07s")]
    side_by_side.print_rows(side_by_side.median_rows(primary, second, issue))
    return 0


if __name__ == "__main__":
    sys.exit(main())
