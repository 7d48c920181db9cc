"""Shannon verifier benchmark (a script, not a test): ``python -m tests.benchmarks.bench_shannon``.

Prints the seconds of the primary and the second verifier, in-process and through the harness, on the
largest allowed inputs (issue 11, item 6):

* A: 4,096 random words of length 256 over 0..6 (valid: no two are confusable);
* B: 4,096 words of length 256 over 0..8 that agree on their first 250 coordinates and run through
  {0,2,4,6}^6 on the last six (valid; every pair survives the common prefix, the worst case for a
  coordinate scan in the given order);
* C: B with its last word replaced by a neighbour of the word before it (one confusable pair, last);
* D: a factors certificate with 16,384 words and d = 256: four factors of 4,096 words of length 8, each
  to the power 8 (valid, 4096^32 words);
* E: D with the last word of the last factor replaced by a neighbour of its first word (invalid);
* F: the product {0,2,4,6}^6 (4,096 words, expanded).
"""
from __future__ import annotations

from endless_exam import crosscheck  # noqa: F401  (first: sets SYMPY_GROUND_TYPES=python before anything imports sympy)

import itertools
import random
import sys

from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import load as _load_second
from tests.benchmarks.common import measure, print_table

primary = _load_primary("shannon")
second = _load_second("shannon")
EVEN = ["0", "2", "4", "6"]


def grid() -> list[str]:
    return ["".join(t) for t in itertools.product(EVEN, repeat=6)]


def cases():
    rnd = random.Random(7)
    words: dict[str, None] = {}
    while len(words) < 4096:
        words.setdefault("".join(rnd.choice("0123456") for _ in range(256)), None)
    yield "A 4,096 random words, q=7, d=256 (valid)", {"q": 7, "d": 256}, list(words)
    prefix = "".join(rnd.choice("012345678") for _ in range(250))
    tail = [prefix + w for w in grid()]
    yield "B 4,096 words, common 250-prefix, q=9 (valid)", {"q": 9, "d": 256}, tail
    spoiled = tail[:-1] + [tail[-2][:-1] + "5"]
    yield "C B with the last word confusable (invalid)", {"q": 9, "d": 256}, spoiled
    factor = [w + "00" for w in grid()]
    yield "D factors: 4 x 4,096 words, d=256 (valid)", {"q": 9, "d": 256}, {
        "factors": [{"words": factor, "power": 8} for _ in range(4)]}
    bad = factor[:-1] + [factor[0][:-1] + "1"]
    yield "E D with a confusable pair, last factor (invalid)", {"q": 9, "d": 256}, {
        "factors": [{"words": factor, "power": 8} for _ in range(3)] + [{"words": bad, "power": 8}]}
    yield "F product {0,2,4,6}^6 (4,096 words)", {"q": 9, "d": 6}, {"product": [EVEN] * 6}


def main() -> int:
    rows = [measure("shannon", primary, second, name, params, answer) for name, params, answer in cases()]
    print_table(rows, size_label="words")
    return 0


if __name__ == "__main__":
    sys.exit(main())
