"""Answer schema of the ``covering`` family (covering designs C(v, k, t)).

Instance parameters: ``{"v": V, "k": K, "t": T}``, JSON integers with 1 <= T <= K <= V <= ``MAX_V`` = 128,
C(V, T) <= ``MAX_TSUBSETS`` = 1,000,000 (every t-subset is enumerated by the second verifier) and
C(K, T) <= ``MAX_BLOCK_TSUBSETS`` = 2,000 (the primary enumerates the t-subsets of every block: at most
20,000 x 2,000 = 4 * 10^7). With these bounds both verifiers stay far inside 60 s (see
``tests/benchmarks/bench_covering.py``). The points are 0..V-1 (docs/SPECIFICATION.md 3.14; upstream labels are
0-based too; LJCR files use 1..V and must be shifted).

Accepted form: a JSON list of 1..``MAX_BLOCKS`` = 20,000 blocks, each a JSON list of exactly K distinct
JSON integers (``type(x) is int``) in 0..V-1, in any order. Repeated blocks are allowed and counted (the
objective is the length of the list, UPSTREAM_NOTES.md 6.19). There is no compact form. Checks, in
this order and before anything is allocated: not a list -> ``FORMAT_TYPE``; empty -> ``EMPTY``; more than
20,000 blocks -> ``SIZE_LIMIT`` (from the length alone); then per block in answer order: not a list ->
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

MAX_V = 128
MAX_BLOCKS = 20_000
MAX_TSUBSETS = 1_000_000
MAX_BLOCK_TSUBSETS = 2_000
LIMITS = {"MAX_V": MAX_V, "MAX_BLOCKS": MAX_BLOCKS, "MAX_TSUBSETS": MAX_TSUBSETS,
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
    """``{"v", "k", "t"}`` with 1 <= t <= k <= v <= 128, C(v, t) <= 10^6 and C(k, t) <= 2,000."""
    exact_keys(params, {"v", "k", "t"})
    v = int_in(params, "v", 1, MAX_V)
    k = int_in(params, "k", 1, v)
    t = int_in(params, "t", 1, k)
    if math.comb(v, t) > MAX_TSUBSETS:
        raise ParamsError(f"C(v, t) = C({v}, {t}) = {math.comb(v, t):,} exceeds {MAX_TSUBSETS:,} t-subsets")
    if math.comb(k, t) > MAX_BLOCK_TSUBSETS:
        raise ParamsError(f"C(k, t) = C({k}, {t}) = {math.comb(k, t):,} exceeds {MAX_BLOCK_TSUBSETS:,} t-subsets per block")
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
    return CoveringAnswer(v, k, t, tuple(_block(block, v, k, b) for b, block in enumerate(answer)))


def size(parsed: CoveringAnswer) -> int:
    return len(parsed.blocks)


def item(parsed: CoveringAnswer, i: int) -> list[int]:
    return list(parsed.blocks[i])
