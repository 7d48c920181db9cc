"""Second check of the ``covering`` family (independent of ``endless_exam.checker.families.covering``).

Checked: every t-subset T of {0, ..., v-1} lies in some block of the answer (shared schema
``endless_exam.certificates.schemas.covering``). Two exact paths decide it; ``path_for`` picks the one of
smaller estimated cost (``FORCE_PATH`` or the ``path`` argument of ``first_uncovered`` forces one).
Both return the lexicographically first uncovered t-subset (the witness), or None.

**The walk** (small instances: chosen only when C(v + 1, t) <= 2 * 10^6, v x blocks <= 2^29 incidence
bits and its estimated cost is the lower one, e.g. C(30, 6, 3) or C(128, 63, 2) with 20,000 blocks).
For a point x let I(x) be the set of blocks containing x (a Python int used as a bitset over the block
indices). T lies in a block iff the intersection of I(x) over x in T is non-empty. A
depth-first walk over increasing point sequences visits every t-subset in lexicographic order through
its C(v + 1, t) - 1 prefixes (hockey stick: the d-prefixes number C(v - t + d, d)) and keeps the prefix
intersections, so an extension costs one AND; when a prefix intersection is empty, the prefix extended
by the smallest following points is the first uncovered t-subset. This is the definition read "for each
t-subset", unlike the primary, which enumerates the t-subsets of each block.

**The lexicographic ranks** (everything else). Write S = {s_1 < ... < s_t} and order the t-subsets
lexicographically. *Rank formula.* The subsets after S are those T whose first difference with S, at
position j, has t_j > s_j; with the first j - 1 points fixed, the number of them with t_j = x is
C(v - 1 - x, t - j) (the remaining t - j points above x), so summing over x > s_j (hockey stick) gives
C(v - 1 - s_j, t - j + 1). Hence

    rank(S) = C(v, t) - 1 - sum_{j=1..t} N_j(s_j),   N_j(x) = C(v - 1 - x, t - j + 1),

is the number of t-subsets before S. It is a bijection onto 0..C(v, t) - 1: an injective map (distinct
subsets have distinct numbers of predecessors in a total order) between two sets of C(v, t) elements.
So the answer is valid iff the set of ranks of the blocks' t-subsets has C(v, t) elements: every
block t-subset is ranked (the number of ranks produced is checked against blocks x C(k, t)), each rank
is checked to lie in 0..C(v, t) - 1 before it marks a boolean table, and ``np.count_nonzero`` of the
table decides; the witness is the first unmarked rank, unranked by ``lex_unrank`` (a binary search per
point on the count of t-subsets with the same first j - 1 points and a j-th point below x,
C(v - 1 - s_{j-1}, t - j + 1) - C(v - x, t - j + 1), in Python integers) and checked by re-ranking it
with ``lex_rank`` (the same count summed, a different formula).

*Enumeration, when t <= k - t.* A block b_0 < ... < b_{k-1} contributes sum_j N_j(b_{i_j}) for its
position sequences i_1 < ... < i_t. A prefix programme builds them front to back: level r holds the
partial sums of the r-point prefixes (sorted by their last position), and a later position q extends all
prefixes whose last position is below q (a leading slice) by one addition. The levels up to t - 1 number
at most C(k, t - 1) <= C(k, t) and the final level is streamed in pieces (the prefixes of one last
position times the later positions, so a prefix's extensions, consecutive in lex order, are marked side
by side), so the work is O(1) per block t-subset.

*Enumeration, when m = k - t < t (the removed points).* A t-subset of the block is B \\ R for a set R of
m positions p_1 < ... < p_m. A kept position i is then the (i + 1 - c)-th point of S, where c is the
number of removed positions below it, so its term is g_c(i) = C(v - 1 - b_i, t - i + c). The kept
positions with c removed below them form the segment p_c < i < p_{c+1} (p_0 = -1, p_{m+1} = k). With
the prefix sums G_c(n) = sum_{c <= i < n} g_c(i),

    sum_j N_j(s_j) = sum_{c=0..m} [G_c(p_{c+1}) - G_c(p_c + 1)]
                   = G_m(k) + sum_{c=1..m} h_c(p_c),   h_c(p) = G_{c-1}(p) - G_c(p + 1)

(regroup the telescoping terms by the removed point they mention; G_0(0) = 0). Every argument lies in
c..t + c (p_c >= c - 1 and p_{c+1} <= t + c), where every g_c(i) is a genuine term of some block subset.
So the ranks are a constant per block plus one table term per removed point: the same prefix
programme over m-sequences of positions, at most C(k + 1, m) <= 2 C(k, t) steps per block, O(1) per
block t-subset in every regime (k - t = 1 with k = 20,000 costs k additions, not k^2 / 2).

*Arithmetic.* Binomials come from a numpy int64 table C(n, q), 0 <= n < v, 0 <= q <= min(t, v - t),
built by cumulative sums (C(n, q) = sum_{n' < n} C(n', q - 1)) and looked up as C(n, min(r, n - r));
every needed entry has min(r, n - r) <= min(t, v - t) (checked), and every entry is at most
C(v - 1, min(t, v - t)) <= C(v, t) (rows are non-decreasing; each row's last entry is checked against
``math.comb``), so nothing overflows. Direct partial
sums lie in [rank, C(v, t) - 1]; the removed-point sums are bounded by (2m + 2) k C(v, t) < 2^62
(checked in Python integers before any array is built). All arrays are bounded (``CHUNK`` entries):
blocks are processed in chunks, and a block with more t-subsets is split on its leading points.

Libraries: numpy (tables, partial sums, marking, counting) and Python integers (``math.comb`` for the
self-checks, ranking and unranking of the witness); no sympy, no z3. The z3 formal oracle is
``endless_exam.crosscheck.oracle.covering``.
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

from endless_exam.certificates.schemas import covering as schema
from endless_exam.certificates.witness import Witness
from endless_exam.certificates.verdict import Verdict, accept, reject

LIBRARIES: tuple[str, ...] = ("numpy",)

CHUNK = 1 << 22                 # entries of the largest intermediate array (int64: 32 MiB)
WALK_MAX_BITS = 1 << 29         # v x blocks incidence bits the walk may hold (64 MiB)
WALK_MAX_PREFIXES = 2_000_000   # C(v + 1, t): above it the walk is never chosen
FORCE_PATH: str | None = None   # "walk" or "ranks" forces that path (tests)
INT64_ROOM = 1 << 62


# ---- the walk ---------------------------------------------------------------------------------------------

def incidence(blocks: tuple[tuple[int, ...], ...], v: int) -> list[int]:
    """I(x) for x in 0..v-1: bit b set iff block b contains x."""
    inc = [0] * v
    for b, block in enumerate(blocks):
        bit = 1 << b
        for x in block:
            inc[x] |= bit
    return inc


def _walk(inc: list[int], everything: int, v: int, t: int) -> list[int] | None:
    prefix: list[int] = []
    masks = [everything]
    x = 0
    while True:
        d = len(prefix)
        # the largest first point that still leaves room for the rest: x <= v - (t - d)
        if x > v - (t - d):
            if not prefix:
                return None
            x = prefix.pop() + 1
            masks.pop()
            continue
        m = masks[-1] & inc[x]
        if not m:
            return prefix + [x] + list(range(x + 1, x + t - d))
        if d + 1 == t:
            x += 1                        # prefix + [x] is covered; try the next last point
            continue
        prefix.append(x)
        masks.append(m)
        x += 1


# ---- lexicographic rank and unrank (Python integers) ------------------------------------------------------

def _before(v: int, t: int, j: int, prev: int, x: int) -> int:
    """The t-subsets with the given first j - 1 points (the last one ``prev``) and a j-th point in
    prev+1..x-1: sum over y of C(v - 1 - y, t - j) = C(v - 1 - prev, t - j + 1) - C(v - x, t - j + 1)."""
    return math.comb(v - 1 - prev, t - j + 1) - math.comb(v - x, t - j + 1)


def _complement(subset, v: int) -> list[int]:
    inside = np.zeros(v, dtype=np.bool_)
    inside[np.asarray(subset, dtype=np.int64)] = True
    return np.nonzero(~inside)[0].tolist()


def lex_rank(subset: list[int] | tuple[int, ...], v: int, t: int) -> int:
    """The number of t-subsets of 0..v-1 before the increasing ``subset`` in lexicographic order.

    For t > v - t through the complement: for S != T of equal size the smallest point of their
    symmetric difference decides (S first iff it lies in S), and complementing moves that point to the
    other set, so complementation reverses the order: rank(S) = C(v, t) - 1 - rank(complement of S)
    (v - t points instead of t)."""
    if t > v - t:
        return math.comb(v, t) - 1 - _lex_rank(_complement(subset, v), v, v - t)
    return _lex_rank(subset, v, t)


def _lex_rank(subset, v: int, t: int) -> int:
    rank, prev = 0, -1
    for j, x in enumerate(subset, 1):
        rank += _before(v, t, j, prev, x)
        prev = x
    return rank


def lex_unrank(rank: int, v: int, t: int) -> list[int]:
    """The t-subset with ``rank`` predecessors in lexicographic order (0 <= rank < C(v, t)); for
    t > v - t the complement of the (v - t)-subset of rank C(v, t) - 1 - rank (``lex_rank``)."""
    if not 0 <= rank < math.comb(v, t):
        raise ValueError(f"rank {rank} outside 0..C({v}, {t}) - 1")
    if t > v - t:
        return _complement(_lex_unrank(math.comb(v, t) - 1 - rank, v, v - t), v)
    return _lex_unrank(rank, v, t)


def _lex_unrank(rank: int, v: int, t: int) -> list[int]:
    out, prev = [], -1
    for j in range(1, t + 1):
        lo, hi = prev + 1, v - (t - j) - 1          # the j-th point: the largest x with _before(x) <= rank
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if _before(v, t, j, prev, mid) <= rank:
                lo = mid
            else:
                hi = mid - 1
        rank -= _before(v, t, j, prev, lo)
        out.append(lo)
        prev = lo
    return out


# ---- the rank path ----------------------------------------------------------------------------------------

class _Binomials:
    """C(n, r) for arrays n in 0..v-1 through a table over q = min(r, n - r) in 0..min(t, v - t)."""

    def __init__(self, v: int, t: int):
        self.s = s = min(t, v - t)
        table = np.zeros((s + 1, v), dtype=np.int64)
        table[0] = 1
        for q in range(1, s + 1):
            # C(n, q) = sum_{n' < n} C(n', q - 1): every partial sum is an entry, <= C(v - 1, s) <= C(v, t)
            np.cumsum(table[q - 1, :-1], out=table[q, 1:])
            if int(table[q, -1]) != math.comb(v - 1, q):
                raise RuntimeError(f"binomial table row {q} is wrong")
        self.table = table

    def __call__(self, n: np.ndarray, r: np.ndarray) -> np.ndarray:
        q = np.minimum(r, n - r)
        if q.size and int(q.max()) > self.s:
            raise RuntimeError("a binomial outside the table was needed")
        return np.where(q >= 0, self.table[np.clip(q, 0, self.s), n], 0)


def _weights(chunk: np.ndarray, v: int, t: int, total: int, binom: _Binomials) -> tuple[np.ndarray, np.ndarray, int]:
    """(base, W, n) for a chunk of blocks (an array blocks x k, rows increasing): the lex ranks of the
    chunk's t-subsets are base[b] + sum_c W[c, b, p_c] over the position sequences p_0 < ... < p_{n-1}
    of 0..k-1 with c <= p_c <= k - n + c."""
    nb, k = chunk.shape
    m = k - t
    far = (v - 1) - chunk                            # v - 1 - b_i, in 0..v-1
    if t <= m:                                       # direct: W[j - 1, b, i] = -N_j(b_i)
        w = np.empty((t, nb, k), dtype=np.int64)
        for c in range(t):
            w[c] = -binom(far, np.full_like(far, t - c))
        return np.full(nb, total - 1, dtype=np.int64), w, t
    # removed points: g_c(i) = C(v - 1 - b_i, t - i + c) on c <= i < t + c, G_c its prefix sums
    big = np.zeros((m + 1, nb, k + 1), dtype=np.int64)
    for c in range(m + 1):
        cols = np.arange(c, t + c)
        np.cumsum(binom(far[:, c:t + c], (t + c) - cols[None, :]), axis=1, out=big[c][:, c + 1:t + c + 1])
        big[c][:, t + c + 1:] = big[c][:, t + c:t + c + 1]
    w = np.empty((m, nb, k), dtype=np.int64)
    for c in range(1, m + 1):
        w[c - 1] = big[c][:, 1:] - big[c - 1][:, :-1]    # -h_c(p) = G_c(p + 1) - G_{c-1}(p)
    return (total - 1) - big[m][:, k], w, m


class _Marks:
    """The boolean table of marked ranks, filled through a buffer; every rank is range-checked first."""

    def __init__(self, total: int):
        self.total = total
        self.seen = np.zeros(total, dtype=np.bool_)
        self.pending: list[np.ndarray] = []
        self.size = 0
        self.count = 0

    def add(self, ranks: np.ndarray) -> None:
        if ranks.size >= CHUNK // 8:                     # large enough to mark without a copy
            self.mark(ranks)
            return
        self.pending.append(ranks)
        self.size += ranks.size
        if self.size >= CHUNK:
            self.flush()

    def flush(self) -> None:
        if self.pending:
            ranks = self.pending[0] if len(self.pending) == 1 else np.concatenate(self.pending)
            self.pending, self.size = [], 0
            self.mark(ranks)

    def mark(self, ranks: np.ndarray) -> None:
        if ranks.size == 0:
            return
        if ranks.dtype != np.int64:
            raise RuntimeError(f"ranks of dtype {ranks.dtype}")
        # one pass for both ends: viewed as uint64 a negative int64 is >= 2^63 > total (negative numpy
        # indices would wrap silently)
        if int(ranks.view(np.uint64).max()) >= self.total:
            bad = ranks[(ranks < 0) | (ranks >= self.total)][0]
            raise RuntimeError(f"a rank {int(bad)} outside 0..{self.total - 1}")
        self.seen[ranks] = True
        self.count += ranks.size


def _sequences(base: np.ndarray, w: np.ndarray, c0: int, lo: int, n: int, k: int,
               emit: Callable[[np.ndarray], None]) -> None:
    """Emit base + sum_{c >= c0} w[c, :, p_c] over c0-suffixes lo <= p_{c0} < ... < p_{n-1}, p_c <= k - n + c."""
    if c0 == n:
        emit(base)
        return
    rest = n - c0
    # the largest materialised level (rest - 1 points placed) has C(k - lo - 1, rest - 1) entries per block
    if base.size * math.comb(k - lo - 1, rest - 1) > CHUNK and rest > 1:
        for p in range(lo, k - n + c0 + 1):
            _sequences(base + w[c0, :, p], w, c0 + 1, p + 1, n, k, emit)
        return
    hi = k - n + c0
    sums = base[:, None] + w[c0, :, lo:hi + 1]             # level c0 + 1: last positions lo..hi
    if rest == 1:
        emit(sums.ravel())
        return
    # the prefixes (columns of sums) come in groups of equal last position: glast[g], ending at gend[g]
    glast = np.arange(lo, hi + 1)
    gend = np.arange(1, hi - lo + 2)
    for c in range(c0 + 1, n):
        if c == n - 1:
            _last_point(sums, glast.tolist(), gend.tolist(), w[c], emit)
            return
        qs = np.arange(lo + c - c0, k - n + c + 1)
        below = np.searchsorted(glast, qs, side="left")          # the groups whose last position is below q
        counts = np.where(below > 0, gend[np.maximum(below - 1, 0)], 0)
        keep = counts > 0
        qs, counts = qs[keep], counts[keep]
        new = np.empty((base.size, int(counts.sum())), dtype=np.int64)
        off = 0
        for q, cnt in zip(qs.tolist(), counts.tolist()):
            np.add(sums[:, :cnt], w[c, :, q, None], out=new[:, off:off + cnt])
            off += cnt
        sums, glast, gend = new, qs, np.cumsum(counts)


def _last_point(sums: np.ndarray, glast: list[int], gend: list[int], wl: np.ndarray,
                emit: Callable[[np.ndarray], None]) -> None:
    """The final level: every prefix (a column of ``sums``; group g, the columns before gend[g], has the
    last position glast[g]) extended by every later position. A piece is one group's prefixes x the
    positions L+1..k-1, so each prefix's extensions are emitted side by side (consecutive lex ranks:
    sequential marking)."""
    nb = sums.shape[0]
    start = 0
    for last, end in zip(glast, gend):
        tail = wl[:, None, last + 1:]                          # (blocks, 1, positions after L)
        step = max(1, CHUNK // max(1, nb * tail.shape[2]))    # prefixes per piece: at most CHUNK ranks
        for a in range(start, end, step):
            emit((sums[:, a:min(end, a + step), None] + tail).ravel())
        start = end


def _first_unmarked_by_ranks(blocks: tuple[tuple[int, ...], ...], v: int, t: int) -> list[int] | None:
    total = math.comb(v, t)
    k = len(blocks[0])
    m = k - t
    # int64 room: direct partial sums lie in [0, C(v, t) - 1]; removed-point tables are sums of at most k
    # terms each <= C(v, t), and a partial rank adds at most 2m + 2 of them
    if (t + 1) * total >= INT64_ROOM or (m < t and (2 * m + 2) * (k + 1) * total >= INT64_ROOM):
        raise RuntimeError("the covering instance is outside the int64 room of the rank path")
    binom = _Binomials(v, t)
    marks = _Marks(total)
    n = min(t, m)
    per_block = math.comb(k, n)
    rows = max(1, CHUNK // max(per_block, (max(n, 1) + 2) * (k + 1)))
    for start in range(0, len(blocks), rows):
        chunk = np.array(blocks[start:start + rows], dtype=np.int64).reshape(-1, k)
        base, w, n = _weights(chunk, v, t, total, binom)
        _sequences(base, w, 0, 0, n, k, marks.add)
    marks.flush()
    if marks.count != len(blocks) * per_block:
        raise RuntimeError(f"{marks.count} ranks made for {len(blocks) * per_block} block t-subsets")
    if int(np.count_nonzero(marks.seen)) == total:
        return None
    first = int(np.argmin(marks.seen))                  # the first False
    subset = lex_unrank(first, v, t)
    if lex_rank(subset, v, t) != first:
        raise RuntimeError("lex_unrank and lex_rank disagree")
    return subset


# ---- choosing a path --------------------------------------------------------------------------------------

def path_for(blocks: tuple[tuple[int, ...], ...], v: int, t: int) -> str:
    """"walk" or "ranks", by estimated CPU seconds (fitted on the benchmark cases; both paths are exact)."""
    if FORCE_PATH is not None:
        return FORCE_PATH
    nb, k = len(blocks), len(blocks[0])
    prefixes = math.comb(v + 1, t)
    if prefixes > WALK_MAX_PREFIXES or v * nb > WALK_MAX_BITS:
        return "ranks"
    walk = nb * k * 0.15e-6 + prefixes * (0.1e-6 + 0.35e-6 * nb / 20_000)
    ranks = 0.5e-3 + nb * k * 0.15e-6 + math.comb(v, t) * 2e-9 + nb * math.comb(k, t) * 12e-9
    return "walk" if walk <= ranks else "ranks"


def first_uncovered(blocks: tuple[tuple[int, ...], ...], v: int, t: int, path: str | None = None) -> list[int] | None:
    """The lexicographically first t-subset contained in no block, or None."""
    path = path or path_for(blocks, v, t)
    if path == "walk":
        return _walk(incidence(blocks, v), (1 << len(blocks)) - 1, v, t)
    if path == "ranks":
        return _first_unmarked_by_ranks(blocks, v, t)
    raise ValueError(f"unknown path {path!r}")


def check(parsed: schema.CoveringAnswer) -> Verdict:
    v, k, t = parsed.v, parsed.k, parsed.t
    subset = first_uncovered(parsed.blocks, v, t)
    if subset is not None:
        return reject("PROPERTY_VIOLATION", f"the {t}-subset {subset} lies in no block", {"subset": subset})
    b = len(parsed.blocks)
    return accept(b, f"covering C({v},{k},{t}) with {b} block{'s' if b > 1 else ''}")


def confirm(parsed: schema.CoveringAnswer, w: Witness) -> tuple[bool, str]:
    """Re-check the primary's witness in plain Python (its syntax is already checked)."""
    subset = set(w["subset"])
    if len(subset) != parsed.t:
        return False, "the witness points are not distinct"
    for b, block in enumerate(parsed.blocks):
        if subset <= set(block):
            return False, f"block {b} contains the t-subset"
    return True, "uncovered t-subset confirmed"
