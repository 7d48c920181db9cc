"""Schur verifier benchmark (a script, not a test): ``python -m tests.benchmarks.bench_schur``.

Prints the wall-clock seconds of the primary and the second verifier, each run in-process and
through the real harness (own process, limits, witness re-checks), at the largest allowed size,
200,000 colours. Valid colourings of that length exist from k = 12 colours on (tripling gives
S(12) >= 265,720), so the worst case of both verifiers (a full scan that finds nothing) is measured
directly:

* A: k = 12, the tripling colouring 1 -> 4 -> 13 -> ... cut at 200,000 (valid; 12 classes).
* B: k = 64, the same colouring with each class split in five by position (valid; 60 classes, each
  spread over the whole range: 60 squarings for the primary, the worst k for it).
* C: k = 18, the 2-adic valuation colouring (valid; a 100,000-element class of odd numbers, 32-bit
  slots for the primary).
* D: case A with 200,000 recoloured to the colour of 100,000: the solution 100,000 + 100,000 =
  200,000 (and any other ending at 200,000) is the only violation, at the very end.
* E: k = 8 (bench-v1 instance a3-schur-2): the bundled 3,960-entry colouring extended by a
  seeded random tail to 200,000 entries (invalid; no 8-colouring is longer than 109,600, and the
  second verifier stops at the first summand that has a partner).
* F: k = 8, the bundled 3,960-entry colouring (valid; the largest reference construction).
* G: k = 20,000 (the top of the k domain, issue 21): 19,998 classes of about 10 members spread over
  1..200,000, residues modulo 19,995 and the multiples of 19,995 split {1,3,5,7,9} {2,6,10} {4} {8}
  (valid; the primary's pair-sum path for every class, the second's set path).
* H: case G with 199,950 = 10 * 19,995 moved into the class of the odd multiples: the violations
  (x + y = 199,950) are the only ones, at the end.
Then the input of issue 8 item 5 (E) as the median of several in-process runs beside the public
release's recorded figure.
Targets on a two-core machine: primary a few seconds, second under 30 s (the limit is 60 s each).
"""
from __future__ import annotations

import random
import sys

from endless_exam import fixtures
from endless_exam.checker.families import load as _load_primary
primary = _load_primary("schur")
from endless_exam.crosscheck.families import load as _load_second
second = _load_second("schur")
from tests.benchmarks import side_by_side
from tests.benchmarks.common import measure, print_table

N = 200_000


def _tripling(length: int) -> list[int]:
    c = [0]
    while len(c) < length:
        c = c + [max(c) + 1] * (len(c) + 1) + c
    return c[:length]


def case_a():
    return _tripling(N), 12


def case_b():
    return [5 * c + (x % 5) for x, c in enumerate(_tripling(N), start=1)], 64


def case_c():
    return [(x & -x).bit_length() - 1 for x in range(1, N + 1)], 18


def case_d():
    c = _tripling(N)
    c[N - 1] = c[N // 2 - 1]
    return c, 12


def _fixture(k: int) -> list[int]:
    return fixtures.read_json("constructions", "schur", f"k{k}.json")["answer"]


def case_e():
    rng = random.Random(8)
    c = _fixture(8)
    return c + [rng.randrange(8) for _ in range(N - len(c))], 8


def case_f():
    return _fixture(8), 8


MOD = 19_995


def case_g(last_in_odd: bool = False) -> tuple[list[int], int]:
    colours = [(a % MOD) - 1 for a in range(1, N + 1)]          # residues 1..19,994 -> colours 0..19,993
    split = {1: 0, 3: 0, 5: 0, 7: 0, 9: 0, 2: 1, 6: 1, 10: 1, 4: 2, 8: 3}
    for j in range(1, N // MOD + 1):
        colours[j * MOD - 1] = MOD - 1 + split[j]
    if last_in_odd:
        colours[10 * MOD - 1] = MOD - 1
    return colours, 20_000


def case_h() -> tuple[list[int], int]:
    return case_g(True)


def main() -> int:
    rows = []
    for name, build in (("A k=12 tripling, 200,000 (valid)", case_a),
                        ("B k=64 60 spread classes, 200,000 (valid)", case_b),
                        ("C k=18 2-adic valuation, 200,000 (valid)", case_c),
                        ("D k=12 only violations end at 200,000", case_d),
                        ("E k=8 fixture + random tail to 200,000", case_e),
                        ("F k=8 fixture, 3,960 (valid)", case_f),
                        ("G k=20,000 19,998 sparse classes, 200,000 (valid)", case_g),
                        ("H k=20,000 as G, violations end at 199,950", case_h)):
        colours, k = build()
        rows.append(measure("schur", primary, second, name, {"k": k}, colours))
    print_table(rows, size_label="N")
    print()
    colours, k = case_e()
    issue = [("E k=8 fixture + random tail to 200,000", {"k": k}, colours, "0.05s")]
    side_by_side.print_rows(side_by_side.median_rows(primary, second, issue))
    return 0


if __name__ == "__main__":
    sys.exit(main())
