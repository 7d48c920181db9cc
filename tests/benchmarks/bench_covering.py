"""Covering verifier benchmark (a script, not a test):
``python -m tests.benchmarks.bench_covering [--widened-only] [--only LETTERS]``.

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

The widened domain (issue 21: v <= 4,000,000, C(v, t) <= 10^8, blocks x C(k, t) <= 2 * 10^8, no walk
bound), the same columns (the harness gets compact JSON; U and V are 31 MB):

* M: v = k = 29, t = 14 (C(29, 14) = 77,558,760 t-subsets): one block of all 29 points (valid).
* N: v = k = 25, t = 11: 44 copies of the whole point set (1.96 * 10^8 block t-subsets, valid).
* O: v = k = 20,000, t = 19,999: one block (k - t = 1: the removed-point enumeration, valid).
* P: v = k = 14,000, t = 2 (C(14000, 2) = 97,993,000 pairs): one block (valid).
* Q: v = 14,000, k = 13,999, t = 2: the blocks 0..13998 and 0..13997 + 13999 (1.96 * 10^8 block pairs):
  only the last pair {13998, 13999} is uncovered.
* R: v = 14,000, k = 200, t = 2: the 9,730 unions of two of 140 groups of 100 points (1.94 * 10^8 block
  pairs, valid).
* S: v = 14,142, k = 100, t = 2 (C(v, 2) = 99,991,011): two blocks (invalid: the table of 10^8 flags is
  counted for two blocks).
* T: v = 843, k = 40, t = 3 (C(843, 3) = 99,491,141; C(40, 3) = 9,880): 20,000 random blocks
  (1.98 * 10^8 block triples; invalid).
* U: v = k = 4,000,000, t = 1: one block (the largest v; valid).
* V: v = k = 4,000,000, t = 3,999,999: one block (k - t = 1 at the largest k; valid).
* W: v = 2,001, k = 2,000, t = 1,999: the complements of the points 2..2000 (only {2..2000}, the last
  subset in lexicographic order, is uncovered).
"""
from __future__ import annotations

import argparse
import itertools
import math
import random
import sys


from endless_exam import fixtures
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import load as _load_second
from tests.benchmarks.common import measure, print_table

primary = _load_primary("covering")
second = _load_second("covering")
N = 20_000


def widened_cases() -> list[tuple[str, dict, list]]:
    """The rows M-W (see the module docstring), built lazily: each answer is made when its row runs."""
    rng = random.Random(0)
    groups = [list(range(i, i + 100)) for i in range(0, 14_000, 100)]
    full = set(range(2_001))
    return [
        ("M v=k=29 t=14, one block", {"v": 29, "k": 29, "t": 14}, lambda: [list(range(29))]),
        ("N v=k=25 t=11, 44 whole sets", {"v": 25, "k": 25, "t": 11}, lambda: [list(range(25))] * 44),
        ("O v=k=20000 t=19999, one block", {"v": 20_000, "k": 20_000, "t": 19_999}, lambda: [list(range(20_000))]),
        ("P v=k=14000 t=2, one block", {"v": 14_000, "k": 14_000, "t": 2}, lambda: [list(range(14_000))]),
        ("Q v=14000 k=13999 t=2, last pair open", {"v": 14_000, "k": 13_999, "t": 2},
         lambda: [list(range(13_999)), list(range(13_998)) + [13_999]]),
        ("R v=14000 k=200 t=2, 9,730 group pairs", {"v": 14_000, "k": 200, "t": 2},
         lambda: [x + y for x, y in itertools.combinations(groups, 2)]),
        ("S v=14142 k=100 t=2, two blocks", {"v": 14_142, "k": 100, "t": 2},
         lambda: [list(range(100)), list(range(50, 150))]),
        ("T v=843 k=40 t=3, 20,000 random", {"v": 843, "k": 40, "t": 3},
         lambda: [rng.sample(range(843), 40) for _ in range(N)]),
        ("U v=k=4e6 t=1, one block", {"v": 4_000_000, "k": 4_000_000, "t": 1}, lambda: [list(range(4_000_000))]),
        ("V v=k=4e6 t=v-1, one block", {"v": 4_000_000, "k": 4_000_000, "t": 3_999_999},
         lambda: [list(range(4_000_000))]),
        ("W v=2001 k=2000 t=1999, last open", {"v": 2_001, "k": 2_000, "t": 1_999},
         lambda: [sorted(full - {x}) for x in range(2, 2_001)]),
    ]


def run_widened(only: str | None) -> None:
    rows = []
    for name, params, make in widened_cases():
        if only and name[0] not in only:
            continue
        answer = make()
        v, k, t = params["v"], params["k"], params["t"]
        print(f"{name}: C(v, t) = {math.comb(v, t):,}, blocks x C(k, t) = {len(answer) * math.comb(k, t):,}",
              file=sys.stderr, flush=True)
        rows.append(measure("covering", primary, second, name, params, answer, compact=True))
    if rows:
        print_table(rows, size_label="blocks")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--widened-only", action="store_true", help="only the rows M-W of the widened domain")
    ap.add_argument("--only", help="letters of the rows to run (e.g. MNQ)")
    args = ap.parse_args(argv)
    if not args.widened_only:
        run_old(args.only)
    run_widened(args.only)
    return 0


def run_old(only: str | None) -> None:
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
        ("L v=1000 k=48 t=2, cyclic", {"v": 1000, "k": 48, "t": 2}, l_blocks)) if not only or name[0] in only]
    if rows:
        print_table(rows, size_label="blocks")


if __name__ == "__main__":
    sys.exit(main())
