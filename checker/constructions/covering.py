"""Deterministic constructions of covering designs C(v, k, t).

Methods (the project's own; the searches are seeded and budgeted in moves, not seconds):

* **Witt design + pair covering (C(24, 6, 3)).** The octads of the extended binary Golay code through two
  fixed points give the Steiner system S(3, 6, 22) (77 blocks on 0..21, every triple exactly once); the
  blocks Q + {22, 23} for the blocks Q of a covering C(22, 4, 2) cover the triples through 22 or 23.
* **Two Kirkman triple systems (C(30, 6, 3)).** The lines of PG(3, 2) resolved into 7 spreads are a KTS(15);
  on two copies, the 175 blocks A + B' (A, B lines of the same parallel class) cover every triple meeting
  both copies, and a partial covering of the non-line triples inside a copy (annealed, below) completes it.
* **Greedy start and local search (everything else, and the auxiliary C(22,4,2) and inner C(15,6,3)),**
  in the style of Nurmela and Oestergard's simulated annealing for coverings:

1. **Greedy start.** Blocks are added one at a time; each new block is the best of ``GREEDY_CANDIDATES``
   candidates, every candidate being a random uncovered t-subset completed by
   the points that lie in the most uncovered t-subsets together with it (ties by a seeded
   ``random.Random``), scored by the number of uncovered t-subsets it covers. This gives a covering.
2. **Shrink and repair.** Repeatedly: remove the block whose t-subsets are least often covered only by
   it (the uncovered count rises a little), then run a local search on the b - 1 remaining blocks: pick
   a uncovered t-subset T at random, a block B meeting T in t - 1 points, a point x of B outside T, and
   replace x by the point of T missing from B; the change in the number of uncovered t-subsets is
   computed exactly from coverage counts and the move is accepted when it does not increase it, or with
   probability exp(-delta / temperature) (geometric cooling). When the uncovered count reaches 0 the
   b - 1 blocks are a covering and the next block is removed; an unrepaired step is followed by another,
   reheated one, until the total move budget is spent; the last covering is kept.

Everything is seeded (``random.Random(seed)``) and budgeted in *moves*, not seconds, so the output is
identical on every machine. The budgets per instance are in ``TARGETS`` (the whole generator runs about
two CPU minutes). Every covering is re-checked by ``is_covering`` (a naive enumeration of all t-subsets,
independent of both verifiers) before it is written. Run as
``python -m endless_exam.checker.constructions.covering`` (rewrites ``fixtures/constructions/covering/``);
``--verify`` re-checks the written files with both verifiers.

The family's documented baseline (``endless-exam instance covering --baseline``; registry ``baselines.py``):
``baseline(params, log)`` and ``domain(params)`` at the end of this module, ``build`` with the plan
``COVERING_PLAN``.
"""
from __future__ import annotations

import itertools
import math
import random
import sys

from . import both_verifiers, document, require, run_generator, verify_fixtures, write_fixture
from ._baseline import Baseline, Log

FAMILY = "covering"

# (v, k, t): (seed, moves per shrink step, total moves, initial temperature)
TARGETS = {
    (18, 7, 4): (1, 200_000, 600_000, 0.3),
    (22, 4, 2): (2, 300_000, 3_000_000, 0.3),     # the pair covering inside the C(24, 6, 3) construction
    (15, 6, 3): (3, 200_000, 1_000_000, 0.5),     # the partial covering inside the C(30, 6, 3) construction
    (12, 6, 3): (1, 100_000, 300_000, 0.3),
    (16, 6, 3): (1, 100_000, 300_000, 0.3),
}
GREEDY_CANDIDATES = 40


def is_covering(blocks: list[list[int]], v: int, k: int, t: int) -> bool:
    if any(len(set(b)) != k or not all(0 <= x < v for x in b) for b in blocks):
        return False
    sets = [frozenset(b) for b in blocks]
    return all(any(frozenset(T) <= s for s in sets) for T in itertools.combinations(range(v), t))


class Search:
    def __init__(self, v: int, k: int, t: int, seed: int, precovered=()) -> None:
        self.v, self.k, self.t = v, k, t
        self.rng = random.Random(seed)
        self.subsets = list(itertools.combinations(range(v), t))      # rank = lexicographic position
        self.rank_of = {sub: r for r, sub in enumerate(self.subsets)}
        self.total = len(self.subsets)
        self.count = [0] * self.total                # how many blocks contain each t-subset (by colex rank)
        self.uncovered: list[int] = list(range(self.total))
        self.where = {r: r for r in range(self.total)}
        self.blocks: list[list[int]] = []
        self.masks: list[int] = []                   # the blocks as bitmasks of points
        for sub in precovered:                       # t-subsets covered by blocks outside this search
            self._cover(self.rank(sub))

    # ---- bookkeeping ----
    def rank(self, subset) -> int:
        return self.rank_of[tuple(sorted(subset))]

    def unrank(self, r: int) -> tuple[int, ...]:
        return self.subsets[r]

    def _cover(self, r: int) -> None:
        if self.count[r] == 0:
            i = self.where.pop(r)
            last = self.uncovered.pop()
            if last != r:
                self.uncovered[i] = last
                self.where[last] = i
        self.count[r] += 1

    def _uncover(self, r: int) -> None:
        self.count[r] -= 1
        if self.count[r] == 0:
            self.where[r] = len(self.uncovered)
            self.uncovered.append(r)

    def add_block(self, block: list[int]) -> None:
        self.blocks.append(sorted(block))
        self.masks.append(sum(1 << p for p in block))
        for sub in itertools.combinations(sorted(block), self.t):
            self._cover(self.rank(sub))

    def remove_block(self, i: int) -> None:
        block = self.blocks.pop(i)
        self.masks.pop(i)
        for sub in itertools.combinations(block, self.t):
            self._uncover(self.rank(sub))

    # ---- greedy ----
    def greedy(self) -> None:
        while self.uncovered:
            best, best_gain = None, -1
            for _ in range(GREEDY_CANDIDATES):
                T = self.unrank(self.uncovered[self.rng.randrange(len(self.uncovered))])
                block = list(T)
                while len(block) < self.k:
                    scores = []
                    for y in range(self.v):
                        if y in block:
                            continue
                        gain = sum(1 for sub in itertools.combinations(block, self.t - 1)
                                   if self.count[self.rank(sub + (y,))] == 0)
                        scores.append((gain, self.rng.random(), y))
                    block.append(max(scores)[2])
                gain = sum(1 for sub in itertools.combinations(sorted(block), self.t) if self.count[self.rank(sub)] == 0)
                if gain > best_gain:
                    best, best_gain = block, gain
            self.add_block(best)

    # ---- local search ----
    def _delta(self, block: list[int], x: int, y: int) -> int:
        rest = [p for p in block if p != x]
        delta = 0
        for sub in itertools.combinations(rest, self.t - 1):
            if self.count[self.rank(sub + (x,))] == 1:
                delta += 1
            if self.count[self.rank(sub + (y,))] == 0:
                delta -= 1
        return delta

    def _move(self, i: int, x: int, y: int) -> None:
        block = self.blocks[i]
        rest = [p for p in block if p != x]
        for sub in itertools.combinations(rest, self.t - 1):
            self._uncover(self.rank(sub + (x,)))
            self._cover(self.rank(sub + (y,)))
        self.blocks[i] = sorted(rest + [y])
        self.masks[i] ^= (1 << x) | (1 << y)

    def anneal(self, moves: int, temperature: float) -> int:
        """Local search until nothing is uncovered or ``moves`` moves were tried; returns moves used."""
        rng = self.rng
        cooling = 0.01 ** (1.0 / max(1, moves))      # the temperature falls to 1% over the budget
        used = 0
        while self.uncovered and used < moves:
            used += 1
            T = self.unrank(self.uncovered[rng.randrange(len(self.uncovered))])
            tmask = 0
            for p in T:
                tmask |= 1 << p
            target = self.t - 1
            candidates = [i for i, m in enumerate(self.masks) if (m & tmask).bit_count() == target]
            if not candidates:
                continue
            i = candidates[rng.randrange(len(candidates))]
            block = self.blocks[i]
            (y,) = set(T).difference(block)
            outside = [p for p in block if p not in T]
            x = outside[rng.randrange(len(outside))]
            delta = self._delta(block, x, y)
            if delta <= 0 or rng.random() < math.exp(-delta / temperature):
                self._move(i, x, y)
            temperature *= cooling
        return used

    def least_useful_block(self) -> int:
        def unique(block):
            return sum(1 for sub in itertools.combinations(block, self.t) if self.count[self.rank(sub)] == 1)
        return min(range(len(self.blocks)), key=lambda i: (unique(self.blocks[i]), i))


# ---- C(24, 6, 3) from the Witt design S(3, 6, 22) -------------------------------------------------------

GOLAY_GENERATOR = 0b110001110101   # g(x) = x^11 + x^10 + x^6 + x^5 + x^4 + x^2 + 1 (bit i = coefficient of x^i)


def golay_octads() -> list[frozenset[int]]:
    """The 759 weight-8 words of the extended binary Golay code, as subsets of 0..23.

    The cyclic code of length 23 generated by g(x) (a factor of x^23 - 1 over GF(2)) is the binary Golay
    code; appending an overall parity bit (position 23) gives the extended code, whose 759 words of
    weight 8 (octads) are the blocks of the Steiner system S(5, 8, 24). Both facts are re-checked here:
    there are 4096 words, the minimum non-zero weight is 8 and there are exactly 759 octads.
    """
    rows = [GOLAY_GENERATOR << i for i in range(12)]               # x^i g(x), degree < 23
    words = []
    for combo in range(1 << 12):
        w = 0
        for i in range(12):
            if combo >> i & 1:
                w ^= rows[i]
        if bin(w).count("1") % 2:
            w |= 1 << 23
        words.append(w)
    weights = [bin(w).count("1") for w in words]
    require(len(set(words)) == 4096 and min(x for x in weights if x) == 8, "not the extended Golay code")
    octads = [frozenset(i for i in range(24) if w >> i & 1) for w in words if bin(w).count("1") == 8]
    require(len(octads) == 759, "the extended Golay code must have 759 octads")
    return octads


def witt_s3622() -> list[list[int]]:
    """S(3, 6, 22): the octads through the points 22 and 23, without them (77 blocks on 0..21)."""
    blocks = [sorted(o - {22, 23}) for o in golay_octads() if {22, 23} <= o]
    require(len(blocks) == 77 and is_covering(blocks, 22, 6, 3), "derived design is not S(3,6,22)")
    return blocks


def extend_by_two(steiner: list[list[int]], pair_cover: list[list[int]], v: int) -> list[list[int]]:
    """C(v + 2, 6, 3) from a C(v, 6, 3) and a C(v, 4, 2): the triples with both new points or one new
    point lie in Q + {v, v + 1} for a 4-block Q of the pair covering (Q meets every point and every pair)."""
    return [list(b) for b in steiner] + [sorted(q + [v, v + 1]) for q in pair_cover]


def shrink_and_repair(s: Search, step_moves: int, total_moves: int, temperature: float,
                      log=print) -> tuple[list[list[int]], int]:
    """The shrink-and-repair loop on a search whose blocks are a covering: (the last covering, moves used)."""
    best = [list(b) for b in s.blocks]
    spent = 0
    while spent < total_moves:
        if not s.uncovered:
            s.remove_block(s.least_useful_block())
        spent += s.anneal(min(step_moves, total_moves - spent), temperature)
        if s.uncovered:
            continue                      # not repaired within one step: reheat and go on
        best = [list(b) for b in s.blocks]
        log(f"  C({s.v},{s.k},{s.t}) <= {len(best)} after {spent:,} moves")
    return best, spent


def build(v: int, k: int, t: int, log=print, precovered=(), key=None,
          plan: tuple[int, int, int, float] | None = None) -> tuple[list[list[int]], str]:
    """Greedy start and shrink-and-repair search; ``plan`` = (seed, moves per step, total moves, temperature),
    by default ``TARGETS[key or (v, k, t)]``."""
    seed, step_moves, total_moves, temperature = plan or TARGETS[key or (v, k, t)]
    s = Search(v, k, t, seed, precovered)
    s.greedy()
    greedy_size = len(s.blocks)
    best, spent = shrink_and_repair(s, step_moves, total_moves, temperature, log)
    if not precovered:
        require(is_covering(best, v, k, t), f"C({v},{k},{t}) construction is not a covering")
    method = (f"Greedy start ({greedy_size} blocks; each block the best of {GREEDY_CANDIDATES} candidates grown from "
              f"an uncovered t-subset), then shrink-and-repair local search: remove the least useful block, repair "
              f"by point-exchange moves towards an uncovered t-subset with simulated-annealing acceptance "
              f"(initial temperature {temperature}, cooling to 1% over at most {step_moves:,} moves per step), "
              f"a step that does not repair is followed by another (reheated) one, until {total_moves:,} moves in all; seed {seed}. "
              f"Result: {len(best)} blocks, moves used {spent:,}.")
    return sorted(best), method


def build_witt_24(log=print) -> tuple[list[list[int]], str]:
    pairs, pair_method = build(22, 4, 2, log=log)
    blocks = extend_by_two(witt_s3622(), pairs, 22)
    require(is_covering(blocks, 24, 6, 3), "C(24,6,3) construction is not a covering")
    method = ("Witt design plus a pair covering: the 77 blocks of S(3,6,22) (the octads of the extended binary "
              "Golay code, generated by x^11 + x^10 + x^6 + x^5 + x^4 + x^2 + 1 and a parity bit, that contain the "
              "points 22 and 23, without them) cover every triple of 0..21; every block Q of a covering "
              f"C(22,4,2) of {len(pairs)} blocks gives the block Q + {{22, 23}}, which covers the triples with one "
              f"or both of the points 22, 23. Total 77 + {len(pairs)}. The C(22,4,2) is built by: " + pair_method)
    return sorted(blocks), method


# ---- C(30, 6, 3) from two copies of a Kirkman triple system ------------------------------------------------

def pg32_lines() -> list[tuple[int, ...]]:
    """The 35 lines {a, b, a xor b} of PG(3, 2) on the points 1..15 (non-zero vectors of GF(2)^4): an STS(15)."""
    return sorted({tuple(sorted((a, b, a ^ b))) for a in range(1, 16) for b in range(1, 16) if a < b})


def kirkman_classes() -> list[list[tuple[int, ...]]]:
    """A resolution of the lines of PG(3, 2) into 7 parallel classes (spreads of 5 disjoint lines), points
    relabelled 0..14: a Kirkman triple system KTS(15). Found by exhaustive search (first in order)."""
    lines = pg32_lines()
    spreads: list[tuple] = []

    def grow(used: int, chosen: list) -> None:
        if len(chosen) == 5:
            spreads.append(tuple(sorted(chosen)))
            return
        p = next(x for x in range(1, 16) if not used >> x & 1)
        for line in lines:
            if p in line and not any(used >> x & 1 for x in line):
                grow(used | sum(1 << x for x in line), chosen + [line])

    grow(1, [])
    spreads = sorted(set(spreads))

    def pack(chosen: list, used: set):
        if len(chosen) == 7:
            return chosen
        for sp in spreads:
            if (not chosen or sp > chosen[-1]) and not used.intersection(sp):
                found = pack(chosen + [sp], used | set(sp))
                if found:
                    return found
        return None

    packing = pack([], set())
    require(packing is not None, "PG(3,2) has no packing?")
    return [[tuple(x - 1 for x in line) for line in sp] for sp in packing]


def build_kirkman_30(log=print) -> tuple[list[list[int]], str]:
    """Points 0..14 (side 0) and 15..29 (side 1), each side a copy of the KTS(15). The blocks A + (B + 15)
    for A, B in the same parallel class (7 x 5 x 5 = 175) cover every triple with points on both sides:
    the pair on one side lies in a unique line, and the point on the other side lies in one line of the
    class paired with it. The triples inside a side that are not lines are covered by an annealed
    partial covering of 6-blocks (the same search with the 35 line triples counted as covered), used on
    both sides."""
    classes = kirkman_classes()
    mixed = [sorted(list(a) + [x + 15 for x in b]) for cls in classes for a in cls for b in cls]
    inner, inner_method = build(15, 6, 3, log=log, precovered=[line for cls in classes for line in cls],
                                key=(15, 6, 3))
    blocks = mixed + [list(b) for b in inner] + [[x + 15 for x in b] for b in inner]
    require(is_covering(blocks, 30, 6, 3), "C(30,6,3) construction is not a covering")
    method = ("Two copies of a Kirkman triple system: KTS(15) = the 35 lines of PG(3,2) resolved into 7 spreads "
              "(exhaustive search, first packing found), on the points 0..14 and 15..29; the 175 blocks A + B' for "
              "lines A and B of the same parallel class cover every triple meeting both sides; the triples inside "
              f"a side that are not lines are covered by {len(inner)} blocks of 6 points used on both sides, built by: "
              + inner_method + f" Total 175 + 2 x {len(inner)} = {len(blocks)}.")
    return sorted(blocks), method


FIXTURES = [(18, 7, 4), (24, 6, 3), (30, 6, 3), (12, 6, 3), (16, 6, 3)]


def build_fixture(v: int, k: int, t: int, log=print) -> tuple[list[list[int]], str]:
    if (v, k, t) == (24, 6, 3):
        return build_witt_24(log=log)
    if (v, k, t) == (30, 6, 3):
        return build_kirkman_30(log=log)
    return build(v, k, t, log=log)


def write_all() -> None:
    from endless_exam.checker.families import load

    primary = load(FAMILY)
    for (v, k, t) in FIXTURES:
        blocks, method = build_fixture(v, k, t)
        params = {"v": v, "k": k, "t": t}
        verdict = primary.check(params, blocks)
        require(verdict.status.value == "ACCEPT", f"primary rejects C({v},{k},{t}): {verdict.message}")
        path = write_fixture(f"v{v}_k{k}_t{t}.json", document(FAMILY, params, blocks, verdict.objective, method))
        print(f"{path.name}: {verdict.objective} blocks")


def verify_all() -> int:
    def check(doc: dict) -> tuple[bool, str]:
        res = both_verifiers(FAMILY, doc["params"], doc["answer"])
        ok = res.valid and res.objective == doc["objective"]
        return ok, f"{doc['params']}: {res.status.value} {res.objective} (recorded {doc['objective']})"

    return verify_fixtures(FAMILY, check)


# ---- the documented baseline and its domain (the registry is baselines.py) ------------------------------

COVERING_PLAN = (1, 100_000, 300_000, 0.3)    # seed, moves per shrink step, total moves, initial temperature


def baseline(params: dict, log: Log) -> Baseline:
    v, k, t = params["v"], params["k"], params["t"]
    blocks, method = build(v, k, t, log=log, plan=COVERING_PLAN)
    return Baseline(blocks, method + " (checker/constructions/covering.py)",
                    dict(zip(("seed", "step_moves", "total_moves", "temperature"), COVERING_PLAN)))


def domain(params: dict) -> str | None:
    return None


def main(argv: list[str] | None = None) -> int:
    return run_generator(argv, write_all, verify_all)


if __name__ == "__main__":
    sys.exit(main())
