"""Answer schema of the ``covering`` family (covering designs C(v, k, t)).

Instance parameters: ``{"v": V, "k": K, "t": T}``, JSON integers with 1 <= T <= K <= V <= ``MAX_V`` =
4,000,000 and C(V, T) <= ``MAX_TSUBSETS`` = 10^8. Both verifiers account for every one of the C(V, T)
t-subsets (the primary keeps a flag per colex rank, the second one per lexicographic rank), so C(V, T)
bounds their memory (100 MB of flags) and their final scan. The public release enumerates all C(V, T)
t-subsets too, looking each up in a set of the blocks' t-subsets (about 0.35 us per t-subset and per
block t-subset on our machine, more for long subsets), so on a valid covering it decides C(V, T) up to
about 8 * 10^7 in 60 s: our bound is wider. ``MAX_V`` only keeps the binomial tables small (a band of
T (V - T + 1) <= 8 * 10^6 entries under the C(V, T) bound); a valid covering with V in the millions
needs T = 1 or T close to V and more points than a 32 MiB answer holds, but smaller answers are
decided. (Before issue 21's second pass: V <= 4,096, C(V, T) <= 5 * 10^6 and C(V + 1, T) <= 1.2 * 10^7,
which bounded the second's walk over all t-subsets; that walk now runs only where it is cheap.)
C(V, T) is never computed as a huge integer: ``comb_capped`` stops as soon as it passes the bound.
The points are 0..V-1 (docs/SPECIFICATION.md 3.14; upstream labels are 0-based too; LJCR files use
1..V and must be shifted).

Work bound on the answer: at most ``MAX_BLOCK_TSUBSETS`` = 2 * 10^8 block t-subsets, (number of
blocks) x C(K, T), decided from the length of the list before any block is examined (``SIZE_LIMIT``).
Both verifiers spend O(1) per block t-subset whatever T is (dynamic programmes over the points of a
block, by kept or by removed points, whichever are fewer); the public release builds a T-tuple per
block t-subset and needs about 35 s for 10^8 of them, so this bound is wider too.

Accepted form: a JSON list of 1..``MAX_BLOCKS`` = 20,000 blocks, each a JSON list of exactly K distinct
JSON integers (``type(x) is int``) in 0..V-1, in any order. Repeated blocks are allowed and counted (the
objective is the length of the list, UPSTREAM_NOTES.md 6.19). There is no compact form. Checks, in
this order and before anything is allocated: not a list -> ``FORMAT_TYPE``; empty -> ``EMPTY``; more than
20,000 blocks or more than 2 * 10^8 block t-subsets -> ``SIZE_LIMIT`` (from the length alone); then per block in answer order: not a list ->
``FORMAT_TYPE``; not K entries -> ``FORMAT_SHAPE``; an entry not an integer -> ``FORMAT_TYPE``; outside
0..V-1 -> ``RANGE``; a point repeated inside the block -> ``FORMAT_SHAPE`` (a block is a set of K
points). Parse diagnostics name ``{"block"}`` or ``{"block", "position"}`` (0-based).

The result is the tuple of blocks, each a sorted tuple of K points. Whether every t-subset lies in some
block is decided by the verifiers; the witness of a failure is ``{"subset": [x_1, ..., x_T]}``, T points of
0..V-1 (distinct and increasing for a genuine witness) contained in no block.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import AnswerError, ParamsError, describe
from ..params import exact_keys, int_in
from ..witness import Fields, WitnessError

MAX_V = 4_000_000
MAX_BLOCKS = 20_000
MAX_TSUBSETS = 100_000_000
MAX_BLOCK_TSUBSETS = 200_000_000    # (number of blocks) x C(k, t), a bound on the answer
LIMITS = {"MAX_V": MAX_V, "MAX_BLOCKS": MAX_BLOCKS, "MAX_TSUBSETS": MAX_TSUBSETS,
          "MAX_BLOCK_TSUBSETS": MAX_BLOCK_TSUBSETS}


def comb_capped(n: int, r: int, cap: int) -> int:
    """C(n, r) if it is at most ``cap``, else some integer above ``cap`` (never the huge exact value).

    C(n, i) for i = 1..min(r, n - r) by exact integer steps C(n, i) = C(n, i - 1) (n - i + 1) / i; the
    sequence increases while i <= n / 2, so it stops at the first term above ``cap``; C(n, i) >= 2^i
    there keeps the loop to about log2(cap) steps once n is large."""
    if r < 0 or r > n:
        return 0
    r = min(r, n - r)
    value = 1
    for i in range(1, r + 1):
        value = value * (n - i + 1) // i
        if value > cap:
            return value
    return value


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
    """``{"v", "k", "t"}`` with 1 <= t <= k <= v <= 4,000,000 and C(v, t) <= 10^8."""
    exact_keys(params, {"v", "k", "t"})
    v = int_in(params, "v", 1, MAX_V)
    k = int_in(params, "k", 1, v)
    t = int_in(params, "t", 1, k)
    if comb_capped(v, t, MAX_TSUBSETS) > MAX_TSUBSETS:
        raise ParamsError(f"C(v, t) = C({v}, {t}) exceeds {MAX_TSUBSETS:,} t-subsets (each is accounted for by both "
                          f"verifiers)")
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
    per_block = comb_capped(k, t, MAX_BLOCK_TSUBSETS)         # C(k, t) <= C(v, t) <= 10^8: exact
    if len(answer) * per_block > MAX_BLOCK_TSUBSETS:
        raise AnswerError("SIZE_LIMIT", f"{len(answer):,} blocks of C(k, t) = C({k}, {t}) = {per_block:,} t-subsets each make "
                                        f"{len(answer) * per_block:,} block t-subsets; at most {MAX_BLOCK_TSUBSETS:,} "
                                        f"are accepted")
    return CoveringAnswer(v, k, t, tuple(_block(block, v, k, b) for b, block in enumerate(answer)))


def size(parsed: CoveringAnswer) -> int:
    return len(parsed.blocks)


def item(parsed: CoveringAnswer, i: int) -> list[int]:
    return list(parsed.blocks[i])
