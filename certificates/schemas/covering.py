"""Answer schema of the ``covering`` family (covering designs C(v, k, t)).

Instance parameters: ``{"v": V, "k": K, "t": T}``, JSON integers with 1 <= T <= K <= V <= ``MAX_V`` = 4,096
and C(V, T) <= ``MAX_TSUBSETS`` = 5,000,000 (both verifiers treat every t-subset: the primary keeps a
table of C(V, T) flags, the second walks all of them) and C(V + 1, T) <= ``MAX_WALK`` = 12,000,000 (the
number of prefixes that walk visits, about (V + 1) / (V + 1 - T) times C(V, T): it only binds for T
close to V; the former worst case, C(128, 126, 125), has 10.8 million). The public release enumerates all C(V, T)
t-subsets too, looking each up in a set of the blocks' t-subsets (about 0.35 us per t-subset and per
block t-subset on our machine), so on a valid covering it decides C(V, T) up to about 8 * 10^7 in
60 s: **our C(V, T) bound is narrower** (by a factor of about 16; the second's walk, 0.2-0.5 us per
prefix with 20,000 blocks, sets it: 4 s of CPU for the 8.9 million prefixes of C(65, 63, 61) with
18,720 blocks, 1.7 s for C(3152, 32, 2) with 19,306 blocks; ``tests/benchmarks/bench_covering.py``). V <= 4,096 bounds the
second's incidence bitsets (V x 20,000 bits) and the primary's binomial tables (V x (K + 2)).
The points are 0..V-1 (docs/SPECIFICATION.md 3.14; upstream labels are 0-based too; LJCR files use
1..V and must be shifted).

Work bound on the answer (replacing the former parameter bound C(K, T) <= 2,000): at most
``MAX_BLOCK_TSUBSETS`` = 10^8 block t-subsets, (number of blocks) x C(K, T), decided from the length
of the list before any block is examined (``SIZE_LIMIT``): the primary ranks the t-subsets of every
block, up to about 0.13 us each when T is about 11 (13 s of CPU at the bound; 44 blocks of all 25
points for C(25, 25, 11) took 29 s at 1.96 * 10^8), the second's walk does not depend on it. The
public release puts every block t-subset into a set before it enumerates (about 35 s for 10^8 at
0.35 us each), so **this bound is narrower too**, by at most a factor 1.7 (answers that take it 35 to
60 s).

Accepted form: a JSON list of 1..``MAX_BLOCKS`` = 20,000 blocks, each a JSON list of exactly K distinct
JSON integers (``type(x) is int``) in 0..V-1, in any order. Repeated blocks are allowed and counted (the
objective is the length of the list, UPSTREAM_NOTES.md 6.19). There is no compact form. Checks, in
this order and before anything is allocated: not a list -> ``FORMAT_TYPE``; empty -> ``EMPTY``; more than
20,000 blocks or more than 10^8 block t-subsets -> ``SIZE_LIMIT`` (from the length alone); then per block in answer order: not a list ->
``FORMAT_TYPE``; not K entries -> ``FORMAT_SHAPE``; an entry not an integer -> ``FORMAT_TYPE``; outside
0..V-1 -> ``RANGE``; a point repeated inside the block -> ``FORMAT_SHAPE`` (a block is a set of K
points). Parse diagnostics name ``{"block"}`` or ``{"block", "position"}`` (0-based).

The result is the tuple of blocks, each a sorted tuple of K points. Whether every t-subset lies in some
block is decided by the verifiers; the witness of a failure is ``{"subset": [x_1, ..., x_T]}``, T points of
0..V-1 (distinct and increasing for a genuine witness) contained in no block.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..errors import AnswerError, ParamsError, describe
from ..params import exact_keys, int_in
from ..witness import Fields, WitnessError

MAX_V = 4_096
MAX_BLOCKS = 20_000
MAX_TSUBSETS = 5_000_000
MAX_WALK = 12_000_000               # C(v + 1, t): the prefixes of the second's walk over all t-subsets
MAX_BLOCK_TSUBSETS = 100_000_000    # (number of blocks) x C(k, t), a bound on the answer
LIMITS = {"MAX_V": MAX_V, "MAX_BLOCKS": MAX_BLOCKS, "MAX_TSUBSETS": MAX_TSUBSETS, "MAX_WALK": MAX_WALK,
          "MAX_BLOCK_TSUBSETS": MAX_BLOCK_TSUBSETS}


def _subset(value: Any, parsed: "CoveringAnswer") -> tuple[int, ...]:
    """Syntax of an uncovered t-subset: a list of t JSON integers in 0..v-1."""
    t, v = parsed.t, parsed.v
    if type(value) is not list or len(value) != t or not all(type(x) is int and 0 <= x < v for x in value):
        raise WitnessError(f"a t-subset is a list of {t} integers in 0..{v - 1}")
    return tuple(value)


WITNESSES = (
    Fields("uncovered", "PROPERTY_VIOLATION", {"subset": _subset}),
)


def validate_params(params: Any) -> dict:
    """``{"v", "k", "t"}`` with 1 <= t <= k <= v <= 4,096, C(v, t) <= 5 * 10^6 and C(v + 1, t) <= 1.2 * 10^7."""
    exact_keys(params, {"v", "k", "t"})
    v = int_in(params, "v", 1, MAX_V)
    k = int_in(params, "k", 1, v)
    t = int_in(params, "t", 1, k)
    if math.comb(v, t) > MAX_TSUBSETS:
        raise ParamsError(f"C(v, t) = C({v}, {t}) = {math.comb(v, t):,} exceeds {MAX_TSUBSETS:,} t-subsets")
    if math.comb(v + 1, t) > MAX_WALK:
        raise ParamsError(f"C(v + 1, t) = C({v + 1}, {t}) = {math.comb(v + 1, t):,} exceeds {MAX_WALK:,} (the prefixes of "
                          f"all t-subsets, walked by the second verifier)")
    return {"v": v, "k": k, "t": t}


@dataclass(frozen=True)
class CoveringAnswer:
    v: int
    k: int
    t: int
    blocks: tuple[tuple[int, ...], ...]     # each sorted, k distinct points


def _block(value: Any, v: int, k: int, b: int) -> tuple[int, ...]:
    if type(value) is not list:
        raise AnswerError("FORMAT_TYPE", f"block {b} must be a JSON list of {k} points, got {describe(value)}", {"block": b})
    if len(value) != k:
        raise AnswerError("FORMAT_SHAPE", f"block {b} has {len(value):,} points; every block has exactly k = {k}",
                          {"block": b})
    for pos, x in enumerate(value):
        if type(x) is not int:
            raise AnswerError("FORMAT_TYPE", f"point {pos} of block {b} must be a JSON integer, got {describe(x)}",
                              {"block": b, "position": pos})
        if not 0 <= x < v:
            raise AnswerError("RANGE", f"point {pos} of block {b} is {describe(x, 40)}; points are 0..{v - 1}",
                              {"block": b, "position": pos})
    points = tuple(sorted(value))
    for i in range(1, k):
        if points[i] == points[i - 1]:
            pos = [p for p, x in enumerate(value) if x == points[i]][1]
            raise AnswerError("FORMAT_SHAPE", f"block {b} repeats the point {points[i]}; a block is a set of {k} "
                                              f"distinct points", {"block": b, "position": pos})
    return points


def parse(answer: Any, params: dict) -> CoveringAnswer:
    v, k, t = params["v"], params["k"], params["t"]
    if type(answer) is not list:
        raise AnswerError("FORMAT_TYPE", f"a covering answer must be a JSON list of blocks (no other form exists), "
                                         f"got {describe(answer)}")
    if len(answer) == 0:
        raise AnswerError("EMPTY", "the list of blocks is empty")
    if len(answer) > MAX_BLOCKS:
        raise AnswerError("SIZE_LIMIT", f"{len(answer):,} blocks are given; at most {MAX_BLOCKS:,} are accepted")
    per_block = math.comb(k, t)
    if len(answer) * per_block > MAX_BLOCK_TSUBSETS:
        raise AnswerError("SIZE_LIMIT", f"{len(answer):,} blocks of C(k, t) = C({k}, {t}) = {per_block:,} t-subsets each make "
                                        f"{len(answer) * per_block:,} block t-subsets; at most {MAX_BLOCK_TSUBSETS:,} "
                                        f"are accepted")
    return CoveringAnswer(v, k, t, tuple(_block(block, v, k, b) for b, block in enumerate(answer)))


def size(parsed: CoveringAnswer) -> int:
    return len(parsed.blocks)


def item(parsed: CoveringAnswer, i: int) -> list[int]:
    return list(parsed.blocks[i])
