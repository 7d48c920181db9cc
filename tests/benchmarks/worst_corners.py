"""Worst admitted corners inputs per verifier path (issue 31), for ``tests/benchmarks/worst_cases.py``.

* the near-limit shape of issue 31: n = 10^9, three disjoint lines of 15,492 points (a row, a column,
  an anti-diagonal: every view just under ``MAX_PAIRS``) and 1.7 million isolated points (29.7 MiB);
* the same lines with every row point made *active* (a second point far up its column), so that the
  primary's pruned scan still forms and looks up all 1.2e8 pairs of its view (its top);
* the product set {1000 i} x {0..459} (issue 31; refused before, now decided in the right-point role)
  and the same with a corner planted last.
``python -m tests.benchmarks.worst_corners [NAME-PREFIX ...]`` runs them in-process.
"""
from __future__ import annotations

import sys

L = 15_492            # C(15,492, 2) = 119,991,786 <= MAX_PAIRS = 1.2e8
N = 10 ** 9


def _prime_at_least(m: int) -> int:
    m = max(m, 1002)
    while any(m % f == 0 for f in range(2, int(m ** 0.5) + 1)):
        m += 1
    return m


def lines(active: bool, isolated: int) -> list[list[int]]:
    row = [[x, 0] for x in range(1, L + 1)]
    col = [[0, y] for y in range(1, L + 1)]
    anti = [[x, 2 * 10 ** 8 - x] for x in range(10 ** 7, 10 ** 7 + L)]
    extra = [[x, 4 * 10 ** 8 + 2 * x] for x in range(1, L + 1)] if active else []   # no corner: x + d leaves the row
    # isolated points on distinct rows, columns and anti-diagonals (x = c + i, y = c + (k i mod M) for a
    # prime M: i -> k i and i -> (1 + k) i are injective mod M), 7-digit coordinates, no same-line pair
    M = _prime_at_least(isolated)
    lonely = [[2 * 10 ** 6 + i, 2 * 10 ** 6 + (1000 * i) % M] for i in range(isolated)]
    return row + col + anti + extra + lonely


def product(corner: bool) -> list[list[int]]:
    pts = [[1000 * i, j] for i in range(460) for j in range(460)]
    return pts + ([[459_001, 0]] if corner else [])


def cases() -> list[dict]:
    return [
        {"name": "three lines + 1.7M isolated (issue 31 near-limit)", "params": {"n": N}, "expect": "ACCEPT",
         "path": "primary: pruned view scan (no active row point: no pair); second: cheapest role; parse of 29.7 MiB",
         "answer": lambda: lines(False, 1_700_000)},
        {"name": "three active lines at the pair cap", "params": {"n": N}, "expect": "ACCEPT",
         "path": "primary: 1.2e8 pairs looked up (MAX_PAIRS); second: corner role, about 5 L lookups",
         "answer": lambda: lines(True, 0)},
        {"name": "three active lines + 1.7M isolated", "params": {"n": N}, "expect": "ACCEPT",
         "path": "primary at MAX_PAIRS with the largest parse", "answer": lambda: lines(True, 1_700_000)},
        {"name": "product {1000 i} x {0..459} (issue 31)", "params": {"n": 10 ** 6}, "expect": "ACCEPT",
         "path": "second: right-point role (211,600 lookups; 9.7e7 as corner points); primary: anti-diagonal view",
         "answer": lambda: product(False)},
        {"name": "product + corner last", "params": {"n": 10 ** 6}, "expect": "REJECT",
         "path": "as above, the corner found at the end", "answer": lambda: product(True)},
    ]


if __name__ == "__main__":
    from tests.benchmarks import worst_cases      # the shared runner; an argument selects cases by name

    sys.exit(worst_cases.main(["corners", *(["--case", sys.argv[1]] if len(sys.argv) > 1 else [])]))
