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

Algorithm (numpy on validated integers; no floats). When k - t >= t: the sorted blocks form an int64 array (b, k); the
index table of the C(k, t) position t-subsets of range(k) gathers the (b, C(k, t), t) element array, in
chunks of blocks (at most ``CHUNK_ENTRIES`` entries at once); a binomial table C(x, j) (x < v, j <= t,
saturated at C(v, t) <= 5 * 10^6 by Pascal's rule: larger entries never occur in a rank; int32) turns them into ranks; a boolean array of C(v, t)
entries is marked. When k - t < t the same ranks are computed from the k - t removed positions of each
t-subset with prefix sums of the block's terms (``_ranks_by_removals``: k - t + 1 lookups per subset
instead of t). The witness is the uncovered t-subset of smallest colex rank.

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


SPEC = FamilySpec(key="covering", bound=covering_bound)

# ---- the check ----------------------------------------------------------------------------------------

CHUNK_ENTRIES = 1 << 22


def saturated_binomials(v: int, columns: int, cap: int) -> np.ndarray:
    """table[x, j] = min(C(x, j), cap) for 0 <= x < v, 0 <= j < columns, by Pascal's rule row by row:
    C(x, j) = C(x - 1, j - 1) + C(x - 1, j), and min(a + b, cap) of saturated a, b is min(C(x, j), cap)
    (if either term is saturated the true sum is at least cap). int64: every sum is at most 2 cap."""
    table = np.zeros((v, columns), dtype=np.int64)
    row = np.zeros(columns, dtype=np.int64)
    row[0] = 1                                                   # C(0, j)
    for x in range(v):
        table[x] = row
        nxt = row.copy()
        nxt[1:] += row[:-1]
        row = np.minimum(nxt, cap)
    return table


def binomial_table(v: int, t: int) -> np.ndarray:
    """table[x, j] = min(C(x, j), C(v, t)) for 0 <= x < v, 0 <= j <= t: at most C(v, t) <= 5 * 10^6 (int32-safe)."""
    # an entry above C(v, t) is never used: every term C(e_j, j + 1) of a rank is at most the rank, which is
    # below C(v, t); such entries are stored as C(v, t), an index that would fail loudly if it were used
    return saturated_binomials(v, t + 1, math.comb(v, t))


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


def _ranks_by_subsets(blocks: np.ndarray, v: int, t: int, covered: np.ndarray) -> None:
    """Mark the colex ranks of the t-subsets of every block, gathering their t points."""
    k = blocks.shape[1]
    combos = np.array(list(itertools.combinations(range(k), t)), dtype=np.intp).reshape(-1, t)
    binom = binomial_table(v, t).astype(np.int32)
    per_chunk = max(1, CHUNK_ENTRIES // (len(combos) * t))
    for start in range(0, len(blocks), per_chunk):
        subs = blocks[start:start + per_chunk][:, combos]               # (b, C(k, t), t), increasing per row
        ranks = binom[subs[:, :, 0], 1]
        for j in range(1, t):
            ranks = ranks + binom[subs[:, :, j], j + 1]
        covered[ranks.ravel()] = True


def _ranks_by_removals(blocks: np.ndarray, v: int, t: int, covered: np.ndarray) -> None:
    """The same ranks when m = k - t < t, from the m removed positions instead of the t kept ones.

    For a block B (sorted) and removed positions r_1 < ... < r_m, a kept position p with s removed positions
    before it is point number p - s of the t-subset, contributing C(B[p], p - s + 1). With
    cum[s][p] = sum over q < p of C(B[q], q - s + 1), the rank is the sum over the segments s = 0..m of
    cum[s][r_{s+1}] - cum[s][r_s + 1] (r_0 = -1, r_{m+1} = k): m + 1 lookups per subset instead of t.
    In segment s every position q satisfies q >= s and q - s <= t - 1, so only genuine terms (each below
    C(v, t), exact in the saturated table) survive the differences; cum is int64 (at most k C(v, t)).
    """
    b_count, k = blocks.shape
    m = k - t
    combos = list(itertools.combinations(range(k), m))
    removed = np.array(combos, dtype=np.intp).reshape(len(combos), m)
    lo = np.concatenate([np.zeros((len(removed), 1), dtype=np.intp), removed + 1], axis=1)     # (C, m + 1)
    hi = np.concatenate([removed, np.full((len(removed), 1), k, dtype=np.intp)], axis=1)
    total = math.comb(v, t)
    table = saturated_binomials(v, k + 2, total)
    pos = np.arange(k, dtype=np.intp)
    per_chunk = max(1, CHUNK_ENTRIES // (len(removed) * (m + 1)))
    for start in range(0, b_count, per_chunk):
        chunk = blocks[start:start + per_chunk]
        ranks = np.zeros((len(chunk), len(removed)), dtype=np.int64)
        for shift in range(m + 1):
            column = np.clip(pos - shift + 1, 0, k + 1)                  # q - s + 1 (clipped where q < s)
            terms = table[chunk, column[None, :]]                        # (b, k)
            cum = np.concatenate([np.zeros((len(chunk), 1), dtype=np.int64), np.cumsum(terms, axis=1)], axis=1)
            ranks += cum[:, hi[:, shift]] - cum[:, lo[:, shift]]
        if ranks.size and (int(ranks.min()) < 0 or int(ranks.max()) >= total):
            raise RuntimeError("covering self-check failed: a rank from removed positions is out of range")
        covered[ranks.ravel()] = True


def covered_ranks(parsed: schema.CoveringAnswer) -> np.ndarray:
    v, k, t = parsed.v, parsed.k, parsed.t
    covered = np.zeros(math.comb(v, t), dtype=np.bool_)
    # validated: points < 4,096 fit int16, every rank < C(v, t) <= 5 * 10^6 fits int32 (smaller arrays, less traffic)
    blocks = np.array(parsed.blocks, dtype=np.int16).reshape(len(parsed.blocks), k)
    if k - t < t:
        _ranks_by_removals(blocks, v, t, covered)
    else:
        _ranks_by_subsets(blocks, v, t, covered)
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
