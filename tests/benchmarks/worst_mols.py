"""Worst admitted mols inputs per verifier path (issue 31), for ``tests.benchmarks.worst_cases``.

Domain (schema): 2 <= n <= 2,703, k <= n - 1 squares, k n^2 <= 2^24 entries, C(k, 2) n^2 <= 1.1e9 pair
cells. The costliest admitted answers: the complete set of order 211 (210 squares, 9.8e8 pair cells, the
pair-cell bound), valid and with the only failing pair last; the prime order 251 with the largest k
within both bounds (``_largest_k``: 187 squares); 4 squares of the prime order 2,039 (the entry bound
with pairs); one square of the largest order 2,703 (the entry bound).
"""
from __future__ import annotations

from math import comb

from endless_exam.certificates.schemas import mols as schema


def _cyclic(q: int, k: int) -> list:
    """k mutually orthogonal squares a i + j mod q (q prime), a = 1..k."""
    return [[[(a * i + j) % q for j in range(q)] for i in range(q)] for a in range(1, k + 1)]


def _largest_k(n: int) -> int:
    k = n - 1
    while k > 1 and (k * n * n > schema.MAX_ENTRIES or comb(k, 2) * n * n > schema.MAX_PAIR_CELLS):
        k -= 1
    return k


def cases() -> list[dict]:
    out = []

    def add(name, path, params, answer, expect):
        out.append({"name": name, "path": path, "params": params, "answer": answer, "expect": expect})

    add("n=211, the complete set of 210 squares (9.8e8 pair cells)", "every pair of squares (pair-cell bound)",
        {"n": 211}, lambda: _cyclic(211, 210), "ACCEPT")

    def last_pair():
        s = _cyclic(211, 210)
        return s[:-1] + [[list(r) for r in s[-2]]]
    add("n=211, 210 squares, last pair not orthogonal", "every pair, the failing pair last", {"n": 211}, last_pair,
        "REJECT")
    k = _largest_k(251)
    add(f"n=251, {k} squares (largest k within both bounds)", "pair-cell and entry bounds together", {"n": 251},
        lambda k=k: _cyclic(251, k), "ACCEPT")
    add("n=2039, 4 squares (entry bound with pairs)", "entry bound, 6 pairs of 4.2e6 cells", {"n": 2039},
        lambda: _cyclic(2039, 4), "ACCEPT")
    add("n=2703, one square (the largest order)", "Latin check only, the entry bound", {"n": 2703},
        lambda: [[[(i + j) % 2703 for j in range(2703)] for i in range(2703)]], "ACCEPT")
    return out
