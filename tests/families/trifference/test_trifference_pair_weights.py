"""The second ``trifference`` verifier's pair criterion by codeword weights, against the definition.

``crosscheck.families.trifference._pair_violation`` decides a whole linear code of rank <= 8 (listed in
any order, 0 among its words) from the weights alone: 3 t(0, a, b) = wt(a) + wt(b) + wt(a - b) -
2 wt(a + b). The tests compare its verdict and its pair (the earliest by position) with a direct count on
random codes in random orders, on codes that must fail (a short codeword, a planted weak pair, m above
the length), and check that a list which is not a whole code is refused rather than decided.
"""
from __future__ import annotations

import itertools
import random

import pytest

from endless_exam import crosscheck  # noqa: F401  (sets the sympy ground types first)
from endless_exam.crosscheck.families import _ternary as t3
from endless_exam.crosscheck.families.trifference import _pair_violation


def _span(rows: list[t3.Vec]) -> list[t3.Vec]:
    span = [(0, 0)]
    for r in rows:
        span = span + [t3.plus(v, r) for v in span] + [t3.minus(v, r) for v in span]
    return span


def _expected(code: list[t3.Vec], m: int):
    """The earliest (by position) pair of non-zero words a before b with fewer than m separating coordinates
    together with 0, by counting."""
    for a, b in itertools.combinations(range(len(code)), 2):
        if code[a] != (0, 0) and code[b] != (0, 0) and t3.separating((0, 0), code[a], code[b]) < m:
            return a, b
    return None


def _random_code(rnd: random.Random, n: int, k: int) -> list[t3.Vec]:
    red = t3.Reducer()
    rows = []
    while len(rows) < k:
        v = t3.vec("".join(rnd.choice("012") for _ in range(n)))
        if red.add(v)[0]:
            rows.append(v)
    code = _span(rows)
    rnd.shuffle(code)
    return code


@pytest.mark.parametrize("seed", range(20))
def test_random_codes_agree_with_the_count(seed):
    rnd = random.Random(seed)
    n = rnd.randrange(3, 30)
    k = rnd.randrange(1, min(6, n + 1))
    code = _random_code(rnd, n, k)
    for m in (1, 2, 3, 5, 8):
        assert _pair_violation(code, n, m) == _expected(code, m), (n, k, m)


def test_rank_7_against_a_bit_count():
    """3^7 words of length 64 (one 64-bit word each): every pair counted with numpy popcounts."""
    import numpy as np
    rnd = random.Random(8)
    code = _random_code(rnd, 64, 7)
    ones = np.array([v[0] for v in code], np.uint64)
    twos = np.array([v[1] for v in code], np.uint64)
    t = np.bitwise_count((ones[:, None] & twos[None, :]) | (twos[:, None] & ones[None, :])).astype(np.int64)
    nonzero = (ones | twos) != 0
    upper = np.triu(np.ones((len(code), len(code)), bool), 1) & nonzero[:, None] & nonzero[None, :]
    weakest = int(t[upper].min())
    for m in (weakest, weakest + 1, 65):
        bad = np.argwhere(upper & (t < m))
        expected = None if len(bad) == 0 else (int(bad[0][0]), int(bad[0][1]))
        assert _pair_violation(code, 64, m) == expected, m
    assert _pair_violation(code, 64, weakest) is None
    assert _pair_violation(code, 64, weakest + 1) is not None


def test_planted_weak_pair_is_found_among_many_words():
    # rank 6 code on 40 coordinates whose first two generators share support on only one coordinate
    # pair (a_i = -b_i there): t(0, a, b) = 1, found for m = 2 wherever the list puts a and b
    rnd = random.Random(3)
    a = t3.vec("1" + "1" * 19 + "0" * 20)
    b = t3.vec("2" + "0" * 19 + "1" * 20)
    red = t3.Reducer()
    rows = [r for r in (a, b) if red.add(r)[0]]
    while len(rows) < 6:
        v = t3.vec("".join(rnd.choice("012") for _ in range(40)))
        if red.add(v)[0]:
            rows.append(v)
    code = _span(rows)
    rnd.shuffle(code)
    got = _pair_violation(code, 40, 2)
    assert got is not None and got == _expected(code, 2)
    assert t3.separating((0, 0), code[got[0]], code[got[1]]) < 2


def test_a_list_that_is_not_a_whole_code_is_refused():
    rnd = random.Random(5)
    code = _random_code(rnd, 20, 3)
    broken = code[:-1] + [t3.vec("1" * 20) if t3.vec("1" * 20) not in code else t3.vec("2" * 20)]
    with pytest.raises((RuntimeError, KeyError)):
        _pair_violation(broken, 20, 1)
