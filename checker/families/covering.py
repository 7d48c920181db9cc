"""Primary check of the ``covering`` family.

What is checked: the answer is a list of blocks, k-subsets of {0, ..., v-1} (shared schema
``endless_exam.certificates.schemas.covering``), such that every t-subset of {0, ..., v-1} is contained in
at least one block. Repeated blocks are allowed; the objective is the number of blocks as listed.

Why the check is sufficient. The colex rank of a t-subset e_1 < e_2 < ... < e_t is
rank = C(e_1, 1) + C(e_2, 2) + ... + C(e_t, t); it is a bijection from the t-subsets of {0..v-1} onto
0..C(v, t)-1 (the t-subsets with largest element e_t come after all C(e_t, t) subsets of {0..e_t-1}, and
induction on t). A t-subset is covered iff it is a t-subset of some block, so marking the ranks of the
C(k, t) t-subsets of every block and finding no unmarked rank in 0..C(v, t)-1 proves that every
t-subset is covered; an unmarked rank, unranked, is an uncovered t-subset (the witness is the one of
smallest colex rank).

How the ranks of a block are made, O(1) work per t-subset whatever t is. Let the block be
b_0 < ... < b_{k-1} and c = min(t, k - t). Every t-subset of the block is given by c chosen positions
i_0 < ... < i_{c-1} of range(k), and its rank is const + sum_j Tab[j, i_j] for a table of c x (k - c + 1)
entries (position i_j >= j and i_j <= k - c + j):
* kept positions (c = t): Tab[j, p] = C(b_p, j + 1), const = 0 (the definition);
* removed positions (c = k - t < t): with s removed positions before a kept position q, q is point
  number q - s of the subset and adds C(b_q, q - s + 1). Let cum_s(x) be the sum over q < x of those
  terms for a fixed s (0 where q - s is outside 0..t-1). The kept positions between the removed ones
  r_s < q < r_{s+1} (r_0 = -1, r_{c+1} = k) give rank = sum over s = 0..c of cum_s(r_{s+1}) - cum_s(r_s + 1)
  = cum_c(k) + sum over s = 1..c of [cum_{s-1}(r_s) - cum_s(r_s + 1)], so const = cum_c(k) and
  Tab[s - 1, p] = cum_{s-1}(p) - cum_s(p + 1): one term per removed position.
The sums over all c-subsets are then built from the top (a suffix dynamic programme): L_r lists the sums
of the last r terms over the r-subsets of positions, ordered so that those inside positions x..k-1 come
first (C(k - x, r) of them); L_(r+1) is, for p from high to low, Tab[c - r - 1, p] + the first
C(k - 1 - p, r) entries of L_r. The last level is never stored: each of its slices is marked as it is
made. The intermediate levels hold C(k + 1, c) - C(k, c) sums, at most C(k, c) since c <= k / 2.
Every rank is checked to lie in 0..C(v, t)-1 before it is marked (a negative index would wrap).

Binomials: a band table band[j, d] = min(C(d + j, j + 1), C(v, t)) for j < t and 0 <= d <= v - t, by
exact integer cumulative sums (hockey stick); the terms used are C(b_p, j + 1) with 0 <= b_p - j <= v - t
and, being terms of a rank, below C(v, t), so the saturation never changes one. The band has at most
8 * 10^6 entries under the schema's C(v, t) <= 10^8.

Libraries: numpy (tables, dynamic programme, marking; int64 throughout: |cum| <= k C(v, t) < 2^63); Python
``math.comb`` for the binomial counts, the unranking and the bound.

The bound (``SPEC.bound``): the proven lower bounds recorded for the suite instances (La Jolla Covering
Repository: C(18,7,4) >= 111, C(30,6,3) >= 210, C(24,6,3) >= 112); otherwise the Schoenheim bound
L(v, k, t) = ceil(v/k ceil((v-1)/(k-1) ... ceil((v-t+1)/(k-t+1)))), computed with exact integer ceilings.
"""
from __future__ import annotations

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

CHUNK_ENTRIES = 1 << 22          # int64 entries per array for one chunk of blocks (a single block may exceed it)


def band_table(v: int, t: int, cap: int) -> np.ndarray:
    """band[j, d] = min(C(d + j, j + 1), cap) for 0 <= j < t and 0 <= d <= v - t (int64).

    Row by row: C(d + j, j + 1) = sum over d' <= d of C(d' + j - 1, j) (hockey stick); column by column:
    C(d + j, j + 1) = 1 + sum over i <= j of C(d - 1 + i, i + 1). Either way along the shorter side. The
    summands are non-negative and saturated at ``cap``: a partial sum reaches ``cap`` only if the true one
    does, so min(sum, cap) is min(true value, cap); sums stay below (v + 1) cap < 2^63."""
    width = v - t + 1
    band = np.empty((t, width), dtype=np.int64)
    if t <= width:
        row = np.minimum(np.arange(width, dtype=np.int64), cap)          # C(d, 1) = d
        band[0] = row
        for j in range(1, t):
            row = np.minimum(np.cumsum(row), cap)
            band[j] = row
    else:
        col = np.zeros(t, dtype=np.int64)                                # C(j, j + 1) = 0
        band[:, 0] = col
        for d in range(1, width):
            col = np.minimum(np.cumsum(col) + 1, cap)
            band[:, d] = col
    return band


def _position_tables(chunk: np.ndarray, band: np.ndarray, t: int) -> tuple[np.ndarray, np.ndarray, int]:
    """(Tab, const, c) for a chunk of sorted blocks (b x k): rank = const + sum_j Tab[:, j, i_j - j] over the
    c chosen positions i_0 < ... < i_{c-1} (module docstring)."""
    b_count, k = chunk.shape
    c = min(t, k - t)
    span = np.arange(k - c + 1)
    if c == t:                                                            # kept positions
        tab = np.empty((b_count, c, k - c + 1), dtype=np.int64)
        for j in range(c):
            tab[:, j] = band[j][chunk[:, j + span] - j]
        return tab, np.zeros(b_count, dtype=np.int64), c
    q = np.arange(k)
    cum = np.zeros((b_count, c + 1, k + 1), dtype=np.int64)
    for s in range(c + 1):
        level = q - s                                                     # point number of position q
        inside = np.nonzero((level >= 0) & (level < t))[0]
        terms = np.zeros((b_count, k), dtype=np.int64)
        terms[:, inside] = band[level[inside], chunk[:, inside] - level[inside]]
        np.cumsum(terms, axis=1, out=cum[:, s, 1:])
    const = cum[:, c, k].copy()
    tab = np.empty((b_count, c, k - c + 1), dtype=np.int64)
    for j in range(c):                                                    # removed position number j + 1
        p = j + span
        tab[:, j] = cum[:, j, p] - cum[:, j + 1, p + 1]
    return tab, const, c


def _mark(covered: np.ndarray, ranks: np.ndarray) -> None:
    if ranks.size and (int(ranks.min()) < 0 or int(ranks.max()) >= len(covered)):
        raise RuntimeError("covering self-check failed: a t-subset rank is outside 0..C(v, t)-1")
    covered[ranks.ravel()] = True


def mark_blocks(blocks: np.ndarray, v: int, t: int, covered: np.ndarray) -> None:
    """Mark the colex ranks of the t-subsets of every block (sorted rows of ``blocks``)."""
    b_total, k = blocks.shape
    band = band_table(v, t, len(covered))
    c = min(t, k - t)
    widest = math.comb(k - 1, c - 1) if c >= 1 else 1                    # the largest stored level
    per_block = widest + (c + 3) * (k + 1)
    per_chunk = max(1, CHUNK_ENTRIES // per_block)
    for start in range(0, b_total, per_chunk):
        tab, const, c = _position_tables(blocks[start:start + per_chunk], band, t)
        if c == 0:                                                        # t = k: the block itself
            _mark(covered, const)
            continue
        if c == 1:
            _mark(covered, const[:, None] + tab[:, 0])
            continue
        level = tab[:, c - 1, ::-1].copy()                                # L_1: positions k-1 down to c-1
        for r in range(1, c - 1):                                         # L_(r+1) at point number j
            j = c - r - 1
            nxt = np.empty((len(level), math.comb(k - c + r + 1, r + 1)), dtype=np.int64)
            at = 0
            for p in range(k - 1 - r, j - 1, -1):
                size = math.comb(k - 1 - p, r)
                np.add(level[:, :size], tab[:, j, p - j, None], out=nxt[:, at:at + size])
                at += size
            level = nxt
        base = const[:, None]
        for p in range(k - c, -1, -1):                                   # the last level, slice by slice
            size = math.comb(k - 1 - p, c - 1)
            _mark(covered, level[:, :size] + (base + tab[:, 0, p, None]))


def _first_of_colex(rank: int, n: int, r: int) -> list[int]:
    """The r-subset of {0..n-1} of colex rank ``rank`` (increasing), by binary search per point."""
    out = []
    for j in range(r, 0, -1):
        lo, hi = j - 1, n - 1                                             # the largest x with C(x, j) <= rank
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if math.comb(mid, j) <= rank:
                lo = mid
            else:
                hi = mid - 1
        out.append(lo)
        rank -= math.comb(lo, j)
    if rank != 0:
        raise RuntimeError("covering self-check failed: colex unranking left a remainder")
    return out[::-1]


def unrank(rank: int, v: int, t: int) -> list[int]:
    """The t-subset of colex rank ``rank`` (increasing). Complementation reverses colex order (for two sets
    of equal size the largest element of their symmetric difference decides, and it changes sides), so a
    t-subset of rank R is the complement of the (v - t)-subset of rank C(v, t) - 1 - R: for t > v / 2 the
    shorter unranking is used."""
    if t <= v - t:
        return _first_of_colex(rank, v, t)
    outside = np.zeros(v, dtype=bool)
    outside[_first_of_colex(math.comb(v, t) - 1 - rank, v, v - t)] = True
    return np.nonzero(~outside)[0].tolist()


def covered_ranks(parsed: schema.CoveringAnswer) -> np.ndarray:
    v, k, t = parsed.v, parsed.k, parsed.t
    covered = np.zeros(math.comb(v, t), dtype=np.bool_)                  # C(v, t) <= 10^8 (validated)
    blocks = np.array(parsed.blocks, dtype=np.int64).reshape(len(parsed.blocks), k)
    mark_blocks(blocks, v, t, covered)
    return covered


def check(parsed: schema.CoveringAnswer) -> Verdict:
    covered = covered_ranks(parsed)
    first = int(np.argmin(covered))                                       # the first False, if any
    v, k, t = parsed.v, parsed.k, parsed.t
    if not covered[first]:
        subset = unrank(first, v, t)
        missing = len(covered) - int(np.count_nonzero(covered))
        shown = subset if t <= 20 else subset[:10] + ["..."] + subset[-10:]
        return reject("PROPERTY_VIOLATION",
                      f"the {t}-subset {shown} lies in no block ({missing:,} of {len(covered):,} t-subsets "
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
