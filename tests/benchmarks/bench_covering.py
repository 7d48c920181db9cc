"""Covering verifier benchmark (a script, not a test): ``python -m tests.benchmarks.bench_covering``.

Prints the wall-clock seconds of the primary and the second verifier, in-process and through the real
harness, at the largest allowed inputs: 20,000 blocks, with parameters at the old limits C(v, t) <= 10^6
and C(k, t) <= 2,000 (A-H) and at the new ones, C(v, t) <= 5 * 10^6, v <= 4,096 and (blocks) x C(k, t)
<= 10^8 (I-L) (random blocks from a seeded ``random.Random(0)``; with 20,000 random blocks that
large every t-subset is covered with overwhelming probability, and the verdicts say so exactly).

* A: C(30,6,3), the bundled construction repeated to 20,000 blocks (valid).
* B: A without any copy of the construction's first block (invalid).
* C: v = 128, k = 63, t = 2 (C(63,2) = 1,953 pairs per block, the per-block limit): 20,000 random blocks.
* D: v = 71, k = 16, t = 4 (C(71,4) = 971,635 quadruples, the C(v, t) limit; C(16,4) = 1,820): 20,000
  random blocks, valid: the worst case of both verifiers (every quadruple walked; 3.6 * 10^7 ranks).
* E: D with point 70 removed from every block (replaced by a random other point): invalid, but the
  second's walk only fails at the prefixes that reach 70, late in lexicographic order.
* F: v = 128, k = 23, t = 3 (C(128,3) = 341,376 triples, C(23,3) = 1,771): 20,000 random blocks.
* G: v = 65, k = 63, t = 61 (C(65,61) = 677,040; C(63,61) = 1,953 subsets of 61 points per block): the
  largest t * C(k, t), the primary's worst case (20,000 random blocks).
* H: v = 128, k = 126, t = 125: the 8,128 complements of pairs, repeated to 20,000 (valid).
* I: v = 3,152, k = 32, t = 2 (C(3152, 2) = 4,965,976 pairs, near the C(v, t) limit): the 19,306 unions of
  two of 197 groups of 16 points (valid).
* J: I without its last block (the pairs between the last two groups: uncovered late in both orders).
* K: v = k = 25, t = 11 (C(25, 11) = 4,457,400 per block): 22 copies of the whole point set, 9.8 * 10^7
  block t-subsets, near the work bound 10^8: the primary's worst case (valid).
* L: v = 1,000, k = 48, t = 2: the 1,000 translates of a difference cover of Z_1000 (valid).
Target: each verifier under about 20 s of CPU at the top (the limit is 60 s each).
"""
from __future__ import annotations

import itertools
import random
import sys

from endless_exam import fixtures
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import load as _load_second
from tests.benchmarks.common import measure, print_table

primary = _load_primary("covering")
second = _load_second("covering")
N = 20_000


def main() -> int:
    c30 = fixtures.read_json("constructions", "covering", "v30_k6_t3.json")["answer"]
    a = [c30[i % len(c30)] for i in range(N)]
    rest = c30[1:]
    b = [rest[i % len(rest)] for i in range(N)]
    rng = random.Random(0)
    c = [rng.sample(range(128), 63) for _ in range(N)]
    d = [rng.sample(range(71), 16) for _ in range(N)]
    e = []
    for block in d:
        block = list(block)
        if 70 in block:
            free = [x for x in range(70) if x not in block]
            block[block.index(70)] = free[rng.randrange(len(free))]
        e.append(block)
    f = [rng.sample(range(128), 23) for _ in range(N)]
    g = [rng.sample(range(65), 63) for _ in range(N)]
    pairs = [[x for x in range(128) if x not in pr] for pr in itertools.combinations(range(128), 2)]
    h = [pairs[i % len(pairs)] for i in range(N)]
    groups = [list(range(i, i + 16)) for i in range(0, 3152, 16)]
    i_blocks = [x + y for x, y in itertools.combinations(groups, 2)]
    base = list(range(32)) + [32 * j for j in range(1, 17)]
    l_blocks = [sorted((x + j) % 1000 for x in base) for j in range(1000)]
    rows = [measure("covering", primary, second, name, params, answer) for name, params, answer in (
        ("A C(30,6,3) x 20,000 (valid)", {"v": 30, "k": 6, "t": 3}, a),
        ("B A without its first block", {"v": 30, "k": 6, "t": 3}, b),
        ("C v=128 k=63 t=2, 20,000 random", {"v": 128, "k": 63, "t": 2}, c),
        ("D v=71 k=16 t=4, 20,000 random", {"v": 71, "k": 16, "t": 4}, d),
        ("E D with point 70 removed", {"v": 71, "k": 16, "t": 4}, e),
        ("F v=128 k=23 t=3, 20,000 random", {"v": 128, "k": 23, "t": 3}, f),
        ("G v=65 k=63 t=61, 20,000 random", {"v": 65, "k": 63, "t": 61}, g),
        ("H v=128 k=126 t=125, pair complements", {"v": 128, "k": 126, "t": 125}, h),
        ("I v=3152 k=32 t=2, 19,306 group pairs", {"v": 3152, "k": 32, "t": 2}, i_blocks),
        ("J I without its last block", {"v": 3152, "k": 32, "t": 2}, i_blocks[:-1]),
        ("K v=k=25 t=11, 22 whole sets", {"v": 25, "k": 25, "t": 11}, [list(range(25))] * 22),
        ("L v=1000 k=48 t=2, cyclic", {"v": 1000, "k": 48, "t": 2}, l_blocks))]
    print_table(rows, size_label="blocks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
