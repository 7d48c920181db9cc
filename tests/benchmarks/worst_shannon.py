"""Worst admitted shannon inputs per verifier path (issue 31), for ``tests.benchmarks.worst_cases``.

Domain (schema): q in {5, 7, 9}, d <= 256, lists of at most 4,096 words, factors certificates of at most
16,384 words in all. The primary's paths: boxes (N 2^d <= 2^21 keys) and the lane filter
(``filter_work`` = N^2 / 2 pair tests times the packed words at most: 5.4e8 at 4,096 words, d = 256,
q = 9); the second's bit-set intersections cost N d big-integer ANDs of N bits.
"""
from __future__ import annotations

import itertools
import random


def _random_words(q: int, d: int, count: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    out: dict[str, None] = {}
    while len(out) < count:
        out.setdefault("".join(str(rnd.randrange(q)) for _ in range(d)), None)
    return list(out)


def _late_pairs(q: int, d: int) -> list[str]:
    """4,096 words over {0, 2} on the last 12 coordinates, the first d - 12 all 0: in list order every pair
    agrees on 244 coordinates (the filter reads the 12 varying, most uniform, coordinates first)."""
    tail = ["".join(t) for t in itertools.product("02", repeat=12)]
    return ["0" * (d - 12) + w for w in tail]


def cases() -> list[dict]:
    out = []

    def add(name, path, params, answer, expect):
        out.append({"name": name, "path": path, "params": params, "answer": answer, "expect": expect})

    add("3,000 random words q=7 d=256 (issue 31 upstream-faster)", "lane filter / bit sets", {"q": 7, "d": 256},
        lambda: _random_words(7, 256, 3000, 7), "ACCEPT")

    def pair_last():
        w = _random_words(7, 256, 3000, 7)
        x = w[-2]
        return w[:-1] + [x[:-1] + str((int(x[-1]) + 1) % 7)]
    add("3,000 random words q=7 d=256, confusable pair last", "lane filter / bit sets", {"q": 7, "d": 256},
        pair_last, "REJECT")
    add("4,096 random words q=9 d=256", "lane filter (16-bit lanes) / bit sets", {"q": 9, "d": 256},
        lambda: _random_words(9, 256, 4096, 9), "ACCEPT")
    add("4,096 words differing only on the last 12 of 256 coordinates, q=9",
        "lane filter: the varying coordinates are read first", {"q": 9, "d": 256}, lambda: _late_pairs(9, 256),
        "ACCEPT")
    add("4,096 words q=5 d=9 (the box method at its key budget)", "boxes / bit sets", {"q": 5, "d": 9},
        lambda: _random_words(5, 9, 4096, 5)[:4096], "REJECT")
    grid = ["".join(t) for t in itertools.product(["0", "2", "4", "6"], repeat=6)]
    factor = [w + "00" for w in grid]
    add("factors 4 x 4,096 words of length 8, power 8, q=9 d=256", "factors: each factor once",
        {"q": 9, "d": 256}, lambda: {"factors": [{"words": factor, "power": 8} for _ in range(4)]}, "ACCEPT")
    return out
