"""Worst admitted mols inputs per verifier path (issue 31), for ``tests.benchmarks.worst_cases``.

Domain (schema): 2 <= n <= 2,703, k <= n - 1 squares, k n^2 <= 2^24 entries, C(k, 2) n^2 <= 1.1e9 pair
cells; and, before any verifier runs, the harness's answer limit of ``MAX_BYTES`` = 32 MiB = 33,554,432
bytes of JSON (``certificates/strictjson.py``). The harness receives compact JSON (no spaces). Every
row of a Latin square is a permutation of 0..n-1, so k Latin squares of order n always take
``answer_bytes(n, k)`` bytes, whatever the squares; each case below is sized with it.

Which bound binds. For valid (Latin) answers the byte limit binds before either work bound:

* the entry bound 2^24 is unreachable by any answer within 32 MiB (each entry takes at least two bytes,
  a digit and a comma or bracket, so 2^24 entries need more than 2^25 bytes); a Latin answer of at most
  32 MiB carries at most 9,572,859 entries (211 squares of order 213);
* the pair-cell bound 1.1e9 is unreachable by a Latin answer within 32 MiB (at most 1,005,150,195 pair
  cells: 211 squares of order 213). Among the orders the generator can build (cyclic squares), the
  complete set of order 211 (977,013,345 pair cells, 32,612,581 bytes) carries the most; the next,
  191 squares of the prime order 223, 902,332,705.

The cases: the complete set of order 211 (210 squares, k <= n - 1 binds), valid and with the only failing
pair last; the prime order 251 with the largest k within all bounds (``_largest_k``: 149 squares, the
byte limit binds; the schema's bounds alone allow 187, whose 42,055,927 bytes the harness refuses as
``SIZE_LIMIT``); 4 squares of order 1,409, the largest order (prime) at which 4 cyclic squares fit
(the byte limit binds; the entry bound alone allows order 2,039, 74,113,581 bytes; order 1,410 would fit
but is even, so it has no cyclic pair); 2 squares of order 1,945, the largest order at which any pair
of squares fits (the byte limit binds: order 1,946 takes 33,556,829 bytes); one square of the largest
order 2,703 (``MAX_N``, where the schema bound and the byte limit coincide: 33,536,124 bytes, order
2,704 would take 33,562,051).
"""
from __future__ import annotations

from math import comb, gcd

from endless_exam.certificates.schemas import mols as schema
from endless_exam.certificates.strictjson import MAX_BYTES


def _cyclic(n: int, k: int) -> list:
    """k mutually orthogonal Latin squares a i + j mod n, a = 1..k (n with no prime factor <= k)."""
    assert all(gcd(d, n) == 1 for d in range(1, k + 1)), (n, k)   # a and a - b prime to n
    return [[[(a * i + j) % n for j in range(n)] for i in range(n)] for a in range(1, k + 1)]


def answer_bytes(n: int, k: int) -> int:
    """Bytes of k Latin squares of order n as compact JSON (every row a permutation of 0..n-1)."""
    row = sum(len(str(x)) for x in range(n)) + (n - 1) + 2      # digits, commas, brackets
    square = n * row + (n - 1) + 2
    return k * square + (k - 1) + 2


def _admitted(n: int, k: int) -> bool:
    """k Latin squares of order n pass every size bound: the schema's and the harness's byte limit."""
    return (k <= n - 1 and k * n * n <= schema.MAX_ENTRIES and comb(k, 2) * n * n <= schema.MAX_PAIR_CELLS
            and answer_bytes(n, k) <= MAX_BYTES)


def _largest_k(n: int) -> int:
    k = n - 1
    while k > 1 and not _admitted(n, k):
        k -= 1
    return k


def _largest_order(k: int) -> int:
    """The largest order n <= MAX_N admitting k cyclic squares (no prime factor of n up to k)."""
    n = schema.MAX_N
    while n > k and not (_admitted(n, k) and all(gcd(d, n) == 1 for d in range(1, k + 1))):
        n -= 1
    return n


def cases() -> list[dict]:
    out = []

    def add(name, path, params, answer, expect):
        out.append({"name": name, "path": path, "params": params, "answer": answer, "expect": expect})

    add("n=211, the complete set of 210 squares (9.8e8 pair cells)", "every pair of squares (k <= n - 1 binds)",
        {"n": 211}, lambda: _cyclic(211, 210), "ACCEPT")

    def last_pair():
        s = _cyclic(211, 210)
        return s[:-1] + [[list(r) for r in s[-2]]]
    add("n=211, 210 squares, last pair not orthogonal", "every pair, the failing pair last", {"n": 211}, last_pair,
        "REJECT")
    k = _largest_k(251)
    add(f"n=251, {k} squares (largest k within the byte limit)",
        f"every pair; the 32 MiB limit binds ({answer_bytes(251, k):,} bytes; the schema's bounds allow 187)",
        {"n": 251}, lambda k=k: _cyclic(251, k), "ACCEPT")
    n4 = _largest_order(4)
    add(f"n={n4}, 4 squares (largest order of 4 within the byte limit)",
        f"6 pairs of {n4 * n4 / 1e6:.1f}e6 cells; the 32 MiB limit binds ({answer_bytes(n4, 4):,} bytes; "
        f"the entry bound allows n=2039)", {"n": n4}, lambda: _cyclic(n4, 4), "ACCEPT")
    n2 = _largest_order(2)
    add(f"n={n2}, 2 squares (largest order with a pair within the byte limit)",
        f"one pair of {n2 * n2 / 1e6:.1f}e6 cells; the 32 MiB limit binds ({answer_bytes(n2, 2):,} bytes)",
        {"n": n2}, lambda: _cyclic(n2, 2), "ACCEPT")
    add("n=2703, one square (the largest order)",
        f"Latin check only; MAX_N and the 32 MiB limit coincide ({answer_bytes(2703, 1):,} bytes)", {"n": 2703},
        lambda: _cyclic(2703, 1), "ACCEPT")
    return out
