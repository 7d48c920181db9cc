"""Primary check of the ``covering`` family.

What is checked: the answer is a list of blocks, k-subsets of {0, ..., v-1} (shared schema
``endless_exam.certificates.schemas.covering``), such that every t-subset of {0, ..., v-1} is contained in
at least one block. Repeated blocks are allowed; the objective is the number of blocks as listed.

Why the check is sufficient. The colex rank of a t-subset e_1 < e_2 < ... < e_t is
rank = C(e_1, 1) + C(e_2, 2) + ... + C(e_t, t); it is a bijection from the t-subsets of {0..v-1} onto
0..C(v, t)-1 (the t-subsets with largest element e_t come after all C(e_t, t) subsets of {0..e_t-1}, and
induction on t). A t-subset is covered iff it is a t-subset of some block, so marking the ranks of the
C(k, t) t-subsets of every block and finding no unmarked rank in 0..C(v, t)-1 proves that every
t-subset is covered; an unmarked rank, unranked greedily (largest e_t with C(e_t, t) <= rank, ...), is an
uncovered t-subset.

Algorithm (numpy on validated integers; no floats): the sorted blocks form an int64 array (b, k); the
index table of the C(k, t) position t-subsets of range(k) gathers the (b, C(k, t), t) element array, in
chunks of blocks (at most ``CHUNK_ENTRIES`` entries at once); a binomial table C(x, j) (x < v, j <= t,
all <= 10^6 by the parameter bounds, exact in int64) turns them into ranks; a boolean array of C(v, t)
entries is marked. The witness is the uncovered t-subset of smallest colex rank.

Libraries: numpy (arrays, gathers, marking); Python ``math.comb`` for the exact binomial tables and the
bound.

The bound (``SPEC.bound``): the proven lower bounds recorded for the suite instances (La Jolla Covering
Repository: C(18,7,4) >= 111, C(30,6,3) >= 210, C(24,6,3) >= 112); otherwise the Schoenheim bound
L(v, k, t) = ceil(v/k ceil((v-1)/(k-1) ... ceil((v-t+1)/(k-t+1)))), computed with exact integer ceilings.
"""
from __future__ import annotations

import itertools
import math

import numpy as np

from endless_exam.certificates.schemas import covering as schema
from endless_exam.certificates.witness import Witness
from endless_exam.certificates.verdict import Verdict, accept, reject

from .spec import FamilySpec

LIBRARIES = ("numpy",)

# ---- the declarative part ---------------------------------------------------------------------------


def _statement(p: dict) -> str:
    v, k, t = p["v"], p["k"], p["t"]
    return (f"Find as few blocks as possible, each block a set of {k} distinct points of {{0, 1, ..., {v - 1}}}, "
            f"such that every set of {t} distinct points of {{0, 1, ..., {v - 1}}} is contained in at least one "
            f"block (a covering design C({v}, {k}, {t})). The objective is the number of blocks (minimise); "
            f"repeated blocks are allowed but each copy counts.")


def _format(p: dict) -> str:
    return (f"a JSON list of blocks, each a list of {p['k']} distinct integers in 0..{p['v'] - 1} "
            f"(in any order)")


def _compact(p: dict) -> list[str]:
    return []


def _limits(p: dict) -> list[str]:
    return [f"At most {schema.MAX_BLOCKS:,} blocks are accepted.",
            "Every point must be a JSON integer (not true/false, not 1.0, not \"1\").",
            "There is no compact form: X must be the literal list of blocks.",
            f"This family is defined for 1 <= t <= k <= v <= {schema.MAX_V} with C(v, t) <= "
            f"{schema.MAX_TSUBSETS:,} and C(k, t) <= {schema.MAX_BLOCK_TSUBSETS:,}.",
            "Verification has 60 seconds per verifier."]


RECORDED_LOWER_BOUNDS = {(18, 7, 4): 111, (30, 6, 3): 210, (24, 6, 3): 112}   # LJCR, as in the suites


def schoenheim(v: int, k: int, t: int) -> int:
    """L(v, k, t), innermost ceiling first, with exact integer ceilings."""
    value = 1
    for i in range(t - 1, -1, -1):
        value = -(-(v - i) * value // (k - i))
    return value


def covering_bound(params: dict) -> tuple[int, str]:
    key = (params["v"], params["k"], params["t"])
    if key in RECORDED_LOWER_BOUNDS:
        return RECORDED_LOWER_BOUNDS[key], "bound"
    return schoenheim(*key), "bound"


SPEC = FamilySpec(key="covering", statement=_statement, answer_format=_format, compact_forms=_compact,
                  limits=_limits, bound=covering_bound)

# ---- the check ----------------------------------------------------------------------------------------

CHUNK_ENTRIES = 1 << 22


def binomial_table(v: int, t: int) -> np.ndarray:
    """table[x, j] = C(x, j) for 0 <= x < v, 0 <= j <= t (int64; all <= C(v, t) <= 10^6 when j <= t)."""
    return np.array([[math.comb(x, j) for j in range(t + 1)] for x in range(v)], dtype=np.int64)


def unrank(rank: int, v: int, t: int) -> list[int]:
    """The t-subset of colex rank ``rank`` (increasing)."""
    out = []
    for j in range(t, 0, -1):
        x = j - 1
        while x + 1 < v and math.comb(x + 1, j) <= rank:
            x += 1
        out.append(x)
        rank -= math.comb(x, j)
    if rank != 0:
        raise RuntimeError("covering self-check failed: colex unranking left a remainder")
    return out[::-1]


def covered_ranks(parsed: schema.CoveringAnswer) -> np.ndarray:
    v, k, t = parsed.v, parsed.k, parsed.t
    total = math.comb(v, t)
    covered = np.zeros(total, dtype=np.bool_)
    blocks = np.array(parsed.blocks, dtype=np.int64).reshape(len(parsed.blocks), k)
    combos = np.array(list(itertools.combinations(range(k), t)), dtype=np.int64).reshape(-1, t)
    binom = binomial_table(v, t)
    per_chunk = max(1, CHUNK_ENTRIES // (len(combos) * t))
    for start in range(0, len(blocks), per_chunk):
        subs = blocks[start:start + per_chunk][:, combos]               # (b, C(k, t), t), increasing per row
        ranks = np.zeros(subs.shape[:2], dtype=np.int64)
        for j in range(t):
            ranks += binom[subs[:, :, j], j + 1]
        covered[ranks.ravel()] = True
    return covered


def check(parsed: schema.CoveringAnswer) -> Verdict:
    covered = covered_ranks(parsed)
    missing = np.nonzero(~covered)[0]
    v, k, t = parsed.v, parsed.k, parsed.t
    if len(missing):
        subset = unrank(int(missing[0]), v, t)
        return reject("PROPERTY_VIOLATION",
                      f"the {t}-subset {subset} lies in no block ({len(missing):,} of {len(covered):,} t-subsets "
                      f"are uncovered)", {"subset": subset})
    b = len(parsed.blocks)
    return accept(b, f"covering C({v},{k},{t}) with {b} block{'s' if b > 1 else ''}")


def confirm(parsed: schema.CoveringAnswer, w: Witness) -> tuple[bool, str]:
    """Is the other verifier's witness a t-subset contained in no block?"""
    subset = w["subset"]
    if len(set(subset)) != parsed.t:
        return False, "the witness points are not distinct"
    blocks = np.array(parsed.blocks, dtype=np.int64)
    inside = np.isin(blocks, np.array(subset, dtype=np.int64)).sum(axis=1)
    hit = np.nonzero(inside == parsed.t)[0]
    if len(hit):
        return False, f"block {int(hit[0])} contains the t-subset"
    return True, "uncovered t-subset confirmed"
