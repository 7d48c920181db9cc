"""MOLS verifier benchmark (a script, not a test): ``python -m tests.benchmarks.bench_mols``.

Prints the wall-clock seconds of the primary and the second verifier, each in-process and through the
real harness: n = 64 with n - 1 = 63 squares (the complete GF(64) set, 258,048 entries, 1,953 pairs of
squares), valid and with the only violation at the very end, the largest bench-v1 construction
(n = 20), the old worst case (n <= 100: the complete set of order 97, 96 squares, 903,264 entries,
4,560 pairs) and the new ones: the complete set of order 211 (210 squares, 9,349,410 entries, 21,945
pairs, 9.8 * 10^8 pair cells, near the work bound 1.1 * 10^9 and the 32 MiB limit), two squares of
order 307, and one square of the largest order 2,703. The harness gets every answer written without
spaces (the order-211 set is 32.6 MB so, 42 MB with ", " separators).

* A: the complete set of 63 MOLS of order 64 (valid: every check runs to the end).
* B: A with square 62 replaced by a copy of square 61 (only the last pair fails).
* C: A with the last entry of the last square changed (a Latin failure in the last row and column).
* D: the bundled n = 20 construction (valid).
* E: the complete set of 96 MOLS of the prime order 97, L_a(i, j) = a i + j mod 97 (valid).
* F: E with square 95 replaced by a copy of square 94 (only the last pair fails).
* G: the complete set of 210 MOLS of the prime order 211 (valid).
* H: G with square 209 replaced by a copy of square 208 (only the last pair fails).
* I: two orthogonal squares of order 307 (valid; refused before as n > 100).
* J: one Latin square of order 2,703, the largest n (valid).
Target: each verifier under about 20 s of CPU at the top (the limit is 60 s each).
"""
from __future__ import annotations

import sys

from endless_exam import fixtures
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import load as _load_second
from tests.benchmarks.common import measure, print_table
from tests.families.mols.test_mols_vectors import gf2_squares

primary = _load_primary("mols")
second = _load_second("mols")


def main() -> int:
    full = gf2_squares(6, 67)
    copy = [[list(r) for r in sq] for sq in full]
    copy[62] = [list(r) for r in copy[61]]
    entry = [[list(r) for r in sq] for sq in full]
    entry[62][63][63] = entry[62][63][62]
    n20 = fixtures.read_json("constructions", "mols", "n20.json")["answer"]
    prime = [[[(a * i + j) % 97 for j in range(97)] for i in range(97)] for a in range(1, 97)]
    prime_copy = prime[:-1] + [[list(r) for r in prime[-2]]]
    big = [[[(a * i + j) % 211 for j in range(211)] for i in range(211)] for a in range(1, 211)]
    big_copy = big[:-1] + [[list(r) for r in big[-2]]]
    pair307 = [[[(a * i + j) % 307 for j in range(307)] for i in range(307)] for a in (1, 2)]
    top = 2703
    single = [[[(i + j) % top for j in range(top)] for i in range(top)]]
    rows = [measure("mols", primary, second, name, {"n": n}, answer, compact=True) for name, n, answer in (
        ("A n=64, 63 squares (valid)", 64, full),
        ("B n=64, last pair not orthogonal", 64, copy),
        ("C n=64, last entry repeated", 64, entry),
        ("D n=20 bundled construction (valid)", 20, n20),
        ("E n=97, 96 squares (valid)", 97, prime),
        ("F n=97, last pair not orthogonal", 97, prime_copy),
        ("G n=211, 210 squares (valid)", 211, big),
        ("H n=211, last pair not orthogonal", 211, big_copy),
        ("I n=307, 2 squares (valid)", 307, pair307),
        ("J n=2703, 1 square (valid)", top, single))]
    print_table(rows, size_label="squares")
    return 0


if __name__ == "__main__":
    sys.exit(main())
