"""Matmul verifier benchmark (a script, not a test): ``python -m tests.benchmarks.bench_matmul``.

Prints the wall-clock seconds of the primary and the second verifier, in-process and through the
real harness (own processes, limits, witness re-checks), at the largest allowed inputs:

* A: <8,8,8> (n*m*p = 512, the limit) with r = 4nmp = 2,048 products: the naive 512 products plus
  768 cancelling pairs (u, v, w), (u, v, -w) whose coefficients are all non-zero (dense, -4..4):
  valid, every tensor entry is computed in full.
* B: A whose last cancelling pair acts on the last entry of A only, with one coefficient of the last
  product changed: the only wrong tensor entries are in the last slice (a = 63), found after all
  earlier slices were compared.
* C: <16,16,2> (largest dimension) with 2,048 products, built like A: valid.
* D: 2,048 products of all 4s for <8,8,8>: tensor entries of 131,072 (the no-overflow bound), invalid.
* E: the largest bundled construction (<5,5,5>).
Issue 21 (dimensions free, work bounds): F <10,10,10> with r = 4,000 dense products built like A
(r (nmp)^2 = 4e9, the dense bound): valid; G the same with its last cancelling pair on A's last
entry and one coefficient of the last product changed (wrong entries only in the last slice); H the
naive <2,2,100> (400 products, valid, sparse paths) and I the same with the last coefficient wrong;
J the sparse bound: <1,1000,1000> with one product of 19 x 1,000 x 1,000 non-zero coefficients
(N + nmp = 2e7): invalid, found after all terms are summed.
Targets on a two-core machine: primary under 3 s, second under 30 s (the limit is 60 s per verifier).
"""
from __future__ import annotations

import random
import sys

from endless_exam import fixtures
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import load as _load_second
from tests.common import matmul_schemes as ms
from tests.benchmarks.common import measure, print_table

primary = _load_primary("matmul")
second = _load_second("matmul")


def dense_padded(n: int, m: int, p: int, r: int, seed: int) -> list:
    rnd = random.Random(seed)
    scheme = ms.naive(n, m, p)
    nonzero = [x for x in range(-4, 5) if x]
    while len(scheme) + 2 <= r:
        u = [rnd.choice(nonzero) for _ in range(n * m)]
        v = [rnd.choice(nonzero) for _ in range(m * p)]
        w = [rnd.choice(nonzero) for _ in range(n * p)]
        scheme += [[u, v, w], [list(u), list(v), [-x for x in w]]]
    return scheme


def main() -> int:
    rows = []
    a = dense_padded(8, 8, 8, 2048, 1)
    rows.append(measure("matmul", primary, second, "A <8,8,8> r=2048 dense, valid", {"n": 8, "m": 8, "p": 8}, a))
    b = [[list(f) for f in prod] for prod in a]
    # the last cancelling pair acts on A's last entry only, and its second product's last w coefficient is
    # changed: the only wrong entries are in the last slice (a = 63), met after all others were compared
    b[-2][0] = [0] * 63 + [1]
    b[-1][0] = [0] * 63 + [1]
    b[-1][2][-1] = 0 if b[-1][2][-1] != 0 else 1
    rows.append(measure("matmul", primary, second, "B <8,8,8> r=2048, last product wrong", {"n": 8, "m": 8, "p": 8}, b))
    c = dense_padded(16, 16, 2, 2048, 2)
    rows.append(measure("matmul", primary, second, "C <16,16,2> r=2048 dense, valid", {"n": 16, "m": 16, "p": 2}, c))
    d = [[[4] * 64, [4] * 64, [4] * 64] for _ in range(2048)]
    rows.append(measure("matmul", primary, second, "D <8,8,8> r=2048 all 4s", {"n": 8, "m": 8, "p": 8}, d))
    f = dense_padded(10, 10, 10, 4000, 3)
    rows.append(measure("matmul", primary, second, "F <10,10,10> r=4000 dense, valid (dense top)",
                        {"n": 10, "m": 10, "p": 10}, f))
    gg = [[list(x) for x in prod] for prod in f]
    gg[-2][0] = [0] * 99 + [1]
    gg[-1][0] = [0] * 99 + [1]
    gg[-1][2][-1] = 0 if gg[-1][2][-1] != 0 else 1
    rows.append(measure("matmul", primary, second, "G <10,10,10> r=4000, last product wrong",
                        {"n": 10, "m": 10, "p": 10}, gg))
    h = ms.naive(2, 2, 100)
    rows.append(measure("matmul", primary, second, "H <2,2,100> naive, valid", {"n": 2, "m": 2, "p": 100}, h))
    i = [[list(x) for x in prod] for prod in h]
    i[-1][2][-1] = 2
    rows.append(measure("matmul", primary, second, "I <2,2,100> naive, last coefficient wrong",
                        {"n": 2, "m": 2, "p": 100}, i))
    u = [1] * 19 + [0] * 981
    v = ([1] + [0] * 999) * 1000
    w = [1] * 1000
    rows.append(measure("matmul", primary, second, "J <1,1000,1000> N + nmp = 2e7 (sparse top)",
                        {"n": 1, "m": 1000, "p": 1000}, [[u, v, w]]))
    docs = sorted(fixtures.list_json("constructions", "matmul"),
                  key=lambda nd: nd[1]["params"]["n"] * nd[1]["params"]["m"] * nd[1]["params"]["p"])
    if docs:
        name, doc = docs[-1]
        rows.append(measure("matmul", primary, second, f"E fixture {name}", doc["params"], doc["answer"]))
    print_table(rows, size_label="products")
    return 0


if __name__ == "__main__":
    sys.exit(main())
