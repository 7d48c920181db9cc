"""Triple scan of the primary ``trifference`` verifier for lists that are not affine subspaces (numpy).

For three distinct words x, y, z let t(x, y, z) be the number of coordinates where they are 0, 1, 2 in
some order ("rainbow" coordinates). Every triple is met exactly once, as x < y < z with y its middle
word; for a fixed y the scan treats all pairs (x, z) at once, one row per x, each row a bit set over
the words z > y (little-endian uint64 words over the word indices).

Two stages per y decide whether some (x, z) has t(x, y, z) < m:

1. A *filter* that only ever certifies triples (it never rejects). The useful coordinates (those where
   all three symbols occur; elsewhere no triple is rainbow) are cut into blocks of at most ``BLOCK``,
   and block b belongs to group b mod m. For a block the pair (x, y) has a pattern: per coordinate the
   missing symbol w_i = 3 - x_i - y_i where x_i != y_i, "none" where x_i = y_i (4^BLOCK patterns). A
   table built once per block (from two half tables of at most 4 coordinates) gives, for every
   pattern, the set of words z with z_i != w_i on the whole block, i.e. the z for which no coordinate
   of the block is rainbow. A group's bit set is the AND of the tables of its blocks: the z not yet
   separated inside that group. A bit that is clear in every group's set belongs to a triple that is
   rainbow somewhere in each of the m groups; the groups are disjoint sets of coordinates, so
   t >= m. Certified triples are final; the sets only lose bits.
2. An *exact count* of every triple the filter left (the set bits of the OR of the group sets): with
   R1_c(u), R2_c(u) the 64-coordinate masks (chunk c of the useful coordinates) where u_i = y_i + 1
   and u_i = y_i + 2 (mod 3), coordinate i is rainbow for (x, y, z) iff (x_i, z_i) is
   (y_i + 1, y_i + 2) or (y_i + 2, y_i + 1), so t(x, y, z) = sum_c popcount((R1_c(x) & R2_c(z)) |
   (R2_c(x) & R1_c(z))), taken chunk by chunk until it reaches m. A triple below m after the last
   chunk is a violation; it is counted once more on the raw digits before it is reported.

The filter runs block after block; after each block (once every group has one) a sample of its rows
(every ``SAMPLE_ROWS``-th) is popcounted, and it hands over to the exact count as soon as the sample holds
at most one open triple per ``SPARSE_RATIO[m]`` words (or after the last block; rows whose sets are empty are dropped
on the way). Every triple ends certified or counted, so the order of words and coordinates, the block
sizes and these switches only change the speed:
* the coordinate order is greedy: ``SAMPLES`` random triples (a fixed seed) are tested at every
  coordinate, and block by block the coordinate that separates most sampled triples not yet separated in
  the block's group comes next (the rest by the number n_0 n_1 n_2 of triples a coordinate separates), so
  coordinates that repeat one another are not stacked in one block;
* the words are reordered (``cluster_order``: nearest of ``PIVOTS`` pivots, pivots in a nearest-neighbour
  chain) so that close words sit side by side; a triple whose outer words are close then has its middle
  word close to them too;
* when a block halves nothing (its group's sampled bits do not halve), the remaining blocks for this y are
  re-ordered from a sample of the open triples (``_replan``: greedy, ``REPLAN_PICKS`` at a time), which
  finds the coordinates private to a cluster of words;
* the middle words are processed in chunks of ``Y_CHUNK`` that share copies of the tables narrowed to the
  words z above the chunk's first y (``TABLE_BUDGET`` bounds the blocks the filter may use).
The reported triple is mapped back to the caller's positions and counted on the raw digits.

The filter (m groups; ``SPARSE_RATIO`` of m = 3 from m = 3 on) is used when its m bit sets fit in
``GROUP_BYTES`` and either m <= 8 or the list has more than ``COUNT_WORDS_PER_M`` * m words; otherwise every
triple is counted directly (``_scan_counted``). Which one runs changes only the speed: a block adds at most
1 to one group, so the filter needs about 6 m blocks of work that is bit-parallel over the words, while the
exact count adds 64 coordinates to every pair at once (not bit-parallel over the words) and drops a row or
column of pairs as soon as all of it has reached m. So the count wins for large m and short lists.
Measured on random words of length 1,024 (CPU, filter / count, load 0.5-2): 1,000 words: m = 6 2.0 / 2.5 s,
m = 12 5.4 / 3.5 s, m = 20 13.0 / 5.7 s, m = 40 39 s (harness wall) / 8.3 s, m = 140 59 s (harness wall) /
18 s; 400 words at m = 40 15.0 / 0.41 s; 1,500 words at m = 40 54 / 27 s; 3,000 words at m = 16 49 s
(harness wall) / 115 s.
"""
from __future__ import annotations

import numpy as np

BLOCK = 6                       # coordinates per filter block (table of 4^BLOCK patterns)
SAMPLES = 8192                  # random triples that steer the coordinate order
SEED = 20261130
Y_CHUNK = 256                   # middle words that share one narrowed copy of the tables
TABLE_BUDGET = 768 * 2 ** 20    # bytes of filter tables held for one chunk
SPARSE_RATIO = {1: 20, 2: 10, 3: 8}   # hand over at most one open triple per SPARSE_RATIO live words, by m (3 on)
GROUP_BYTES = 768 * 2 ** 20     # the filter's m bit sets for one middle word may take this much; above, every triple is counted
COUNT_FROM = 9                  # from this m on, and for at most COUNT_WORDS_PER_M * m words, every triple is
COUNT_WORDS_PER_M = 100         # counted (``_scan_counted``): faster there than the filter's m groups
REPLAN_SAMPLE = 256             # open triples sampled to reorder the blocks for one y
REPLAN_PICKS = 8                # blocks chosen per reordering
PIVOTS = 64                     # words that steer the order of the list
SPARSE_BATCH = 1 << 21          # triples counted exactly at a time
PATTERN_BATCH = 4               # blocks whose pair patterns are computed together
SAMPLE_ROWS = 32                # every SAMPLE_ROWS-th row of the bit sets steers the switches
_ONE = np.uint64(1)


def _ratio(m: int) -> int:
    return SPARSE_RATIO[m] if m in SPARSE_RATIO else SPARSE_RATIO[3]


def digits_of(words: tuple[str, ...], n: int) -> np.ndarray:
    raw = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8)
    return (raw.reshape(len(words), n) - ord("0")).astype(np.uint8)


def _pack(flags: np.ndarray, words: int) -> np.ndarray:
    """Bool array (..., N) -> uint64 bit sets (..., words), bit z of the set is flags[..., z]."""
    packed = np.packbits(flags, axis=-1, bitorder="little")
    pad = words * 8 - packed.shape[-1]
    if pad:
        packed = np.concatenate([packed, np.zeros(packed.shape[:-1] + (pad,), np.uint8)], axis=-1)
    return np.ascontiguousarray(packed).view("<u8")


def rainbow(digits: np.ndarray, i: int, j: int, k: int) -> int:
    a, b, c = digits[i], digits[j], digits[k]
    return int(np.count_nonzero((a != b) & (a != c) & (b != c)))


def _half_codes(width: int) -> np.ndarray:
    """lut[X, Y] = the pattern (base 4) of a pair over ``width`` coordinates whose symbols (base 3) are X and Y:
    digit j is 3 where x_j = y_j and 3 - x_j - y_j (the missing symbol) elsewhere. Built digit by digit:
    X = x_0 + 3 X', so lut[X, Y] = code(x_0, y_0) + 4 lut'[X', Y'] (one broadcast add per digit)."""
    one = np.array([[3, 2, 1], [2, 3, 0], [1, 0, 3]], np.int64)          # code(x, y) for one coordinate
    lut = np.zeros((1, 1), np.int64)
    for _ in range(width):
        size = lut.shape[0]
        lut = (4 * lut[:, None, :, None] + one[None, :, None, :]).reshape(3 * size, 3 * size)
    return lut


def coordinate_order(digits: np.ndarray, m: int, block: int) -> np.ndarray:
    """The useful coordinates (all three symbols occur) in the greedy order described above."""
    counts = np.stack([(digits == s).sum(axis=0) for s in range(3)]).astype(np.int64)   # 3 x n
    product = counts[0] * counts[1] * counts[2]
    cols = np.nonzero(product > 0)[0]
    cols = cols[np.argsort(-product[cols], kind="stable")]
    total = digits.shape[0]
    if len(cols) <= 1 or total < 3:
        return cols
    rng = np.random.default_rng(SEED)
    draw = rng.integers(0, total, size=(4 * SAMPLES, 3))
    draw = draw[(draw[:, 0] != draw[:, 1]) & (draw[:, 0] != draw[:, 2]) & (draw[:, 1] != draw[:, 2])][:SAMPLES]
    if len(draw) == 0:
        return cols
    a, b, c = (digits[draw[:, t]][:, cols] for t in range(3))
    width = -(-len(draw) // 64)
    separates = _pack(((a != b) & (a != c) & (b != c)).T, width)      # per coordinate: the sampled triples it separates
    open_in = [_pack(np.ones(len(draw), bool), width) for _ in range(m)]   # per group: sampled triples not separated there
    used = np.zeros(len(cols), bool)
    chosen: list[int] = []
    while len(chosen) < len(cols):
        group = (len(chosen) // block) % m
        if not any(o.any() for o in open_in):
            break
        gains = np.bitwise_count(separates & open_in[group]).sum(axis=1, dtype=np.int64)
        gains[used] = -1
        best = int(np.argmax(gains))
        used[best] = True
        chosen.append(best)
        open_in[group] &= ~separates[best]
    rest = [t for t in range(len(cols)) if not used[t]]
    return cols[np.array(chosen + rest, dtype=np.int64)]


def cluster_order(digits: np.ndarray) -> np.ndarray:
    """A permutation of the words that keeps close words together: each word goes to its nearest of
    ``PIVOTS`` pivot words (fixed seed), the pivots in nearest-neighbour chain order, and within a pivot by
    distance. (The scan treats every triple whatever the order; close words side by side let the blocks
    chosen for one middle word serve the pairs it forms with its neighbours.)"""
    total, n = digits.shape
    if total <= 3:
        return np.arange(total)
    width = max(1, -(-n // 64))
    onehot = _pack(digits[:, None, :] == np.arange(3, dtype=np.uint8)[None, :, None], width)   # N x 3 x w
    pivots = np.random.default_rng(SEED).choice(total, size=min(PIVOTS, total), replace=False)
    agree = np.zeros((total, len(pivots)), np.int64)
    for t, p in enumerate(pivots):
        agree[:, t] = np.bitwise_count(onehot & onehot[p][None]).sum(axis=(1, 2))
    nearest = np.argmax(agree, axis=1)
    chain, left = [0], set(range(1, len(pivots)))
    between = agree[pivots]                                                    # pivot x pivot agreements
    while left:
        here = chain[-1]
        nxt = max(left, key=lambda t: (between[here, t], -t))
        chain.append(nxt)
        left.remove(nxt)
    rank = np.empty(len(pivots), np.int64)
    rank[np.array(chain)] = np.arange(len(pivots))
    return np.lexsort((-agree[np.arange(total), nearest], rank[nearest])).astype(np.int64)


class _Scan:
    def __init__(self, digits: np.ndarray, m: int):
        self.raw = digits
        self.m = m
        self.total = total = digits.shape[0]
        self.perm = cluster_order(digits)
        digits = digits[self.perm]
        useful = int(np.count_nonzero(np.all([(digits == s).any(axis=0) for s in range(3)], axis=0)))
        self.block = block = min(BLOCK, max(1, useful // m))
        order = coordinate_order(digits, m, block)
        pad = -len(order) % block                      # constant columns (never rainbow) fill the last block
        d = np.zeros((total, len(order) + pad), np.uint8)
        d[:, :len(order)] = digits[:, order]
        self.d = d                                                             # N x n' (useful coordinates)
        self.width = width = -(-total // 64)
        self.valid = _pack(np.ones(total, bool), width)
        self.nblocks = d.shape[1] // block
        self.hits = _pack(d.T[:, None, :] == np.arange(3, dtype=np.uint8)[None, :, None], width)   # n' x 3 x W
        # per block and word: its symbols there as a base-3 number; lut[Y * 3^b + X] is the pattern of (x, y)
        self.lut = _half_codes(block).T.ravel().copy()
        self.by_word = (d.reshape(total, self.nblocks, block).astype(np.int64) * 3 ** np.arange(block)).sum(axis=2)
        self.values = self.by_word.T.copy()                                    # blocks x N
        # the exact count: one-hot masks of every word over chunks of 64 useful coordinates (3 x chunks x N)
        chunks = max(1, -(-d.shape[1] // 64))
        onehot = np.zeros((3, chunks, total), np.uint64)
        for s in range(3):
            onehot[s] = _pack(d == s, chunks).T
        self.onehot = onehot
        table_bytes = 4 ** block * width * 8
        self.plan = list(range(min(self.nblocks, max(m, TABLE_BUDGET // max(1, table_bytes)))))
        self._o = 0
        self._rainbow: np.ndarray | None = None

    # ---- the filter tables --------------------------------------------------------------------------------

    def _half_table(self, cols: range, o: int) -> np.ndarray:
        table = self.valid[None, o:].copy()
        for c in cols:
            hits = self.hits[c, :, o:]
            table = np.concatenate([table & ~hits[0], table & ~hits[1], table & ~hits[2], table], axis=0)
        return table

    def _table(self, b: int, o: int) -> np.ndarray:
        lo, hi = b * self.block, (b + 1) * self.block
        mid = min(hi, lo + 4)
        low = self._half_table(range(lo, mid), o)                              # index p0 < 4^h0
        if mid == hi:
            return low
        high = self._half_table(range(mid, hi), o)
        return (high[:, None, :] & low[None, :, :]).reshape(-1, low.shape[1])   # index p0 + 4^h0 p1

    def _patterns(self, first: int, count: int, xs: np.ndarray | None, y: int) -> np.ndarray:
        """The patterns of (x, y) for blocks first .. first + count - 1 (count x len(xs)); xs None: all x < y."""
        vals = self.values[first:first + count]
        return self.lut[vals[:, y, None] * 3 ** self.block + (vals[:, :y] if xs is None else vals[:, xs])]

    # ---- the exact count ----------------------------------------------------------------------------------

    def _relative(self, y: int, c: int, cache: dict) -> tuple[np.ndarray, np.ndarray]:
        if c not in cache:
            o0, o1, o2 = self.onehot[0, c], self.onehot[1, c], self.onehot[2, c]
            y0, y1, y2 = o0[y], o1[y], o2[y]
            plus1 = (o1 & y0) | (o2 & y1) | (o0 & y2)                          # u_i = y_i + 1
            plus2 = (o2 & y0) | (o0 & y1) | (o1 & y2)                          # u_i = y_i + 2
            cache[c] = plus1, plus2
        return cache[c]

    def _count(self, y: int, xs: np.ndarray, zs: np.ndarray, cache: dict) -> tuple[int, int] | None:
        count = np.zeros(len(xs), np.int64)
        for c in range(self.onehot.shape[1]):
            plus1, plus2 = self._relative(y, c, cache)
            count += np.bitwise_count((plus1[xs] & plus2[zs]) | (plus2[xs] & plus1[zs]))
            low = count < self.m
            if not low.all():
                xs, zs, count = xs[low], zs[low], count[low]
                if len(xs) == 0:
                    return None
        best = int(np.argmin(xs * self.total + zs))
        return int(xs[best]), int(zs[best])

    def _exact(self, y: int, xs: np.ndarray, live: np.ndarray, o: int) -> tuple[int, int] | None:
        """The first (x, z) among the set bits of ``live`` (rows xs, words from o) with t(x, y, z) < m."""
        cache: dict = {}
        flat = np.flatnonzero(live != 0)                                       # by row (x), then word (z)
        step = max(1, SPARSE_BATCH // 64)
        for start in range(0, len(flat), step):
            part = flat[start:start + step]
            values = live.ravel()[part]
            rows, words = np.divmod(part, live.shape[1])
            got_x, got_z = [], []
            while len(values):
                lowest = values & (~values + _ONE)
                got_x.append(xs[rows])
                got_z.append(64 * (o + words) + np.bitwise_count(lowest - _ONE).astype(np.int64))
                values = values ^ lowest
                keep = values != 0
                values, rows, words = values[keep], rows[keep], words[keep]
            found = self._count(y, np.concatenate(got_x), np.concatenate(got_z), cache)
            if found is not None:
                return found            # a later batch holds no smaller (x, z)
        return None

    # ---- the scan -------------------------------------------------------------------------------------------

    def _base(self, y: int, o: int) -> np.ndarray:
        base = self.valid[o:].copy()
        full, part = divmod(y + 1 - 64 * o, 64)                               # clear the bits of z <= y
        base[:full] = 0
        if part:
            base[full] &= ~np.uint64((1 << part) - 1)
        return base

    def _replan(self, y: int, xs: np.ndarray, sets: list, done: int, left: list[int]) -> list[int]:
        """The blocks of ``left`` reordered for this y: greedily (at most ``REPLAN_PICKS``), the block for the
        group next in turn that certifies most of a sample of the triples still open; the rest keep their order."""
        m, width = self.m, sets[0].shape[1]
        rows = np.unique(np.linspace(0, len(xs) - 1, min(64, len(xs))).astype(np.int64))
        live = sets[0][rows]
        for other in sets[1:]:
            live = live | other[rows]
        flat = np.flatnonzero(live != 0)
        if len(flat) == 0:
            return left
        flat = flat[np.unique(np.linspace(0, len(flat) - 1, min(REPLAN_SAMPLE, len(flat))).astype(np.int64))]
        r, w = np.divmod(flat, width)
        values = live.ravel()[flat]
        bit = np.bitwise_count((values & (~values + _ONE)) - _ONE)
        x, z = xs[rows[r]], 64 * (self._o + w) + bit.astype(np.int64)
        open_in = np.stack([((s[rows[r], w] >> bit) & _ONE) != 0 for s in sets]).astype(np.float64)   # m x S
        cand = np.array(left, dtype=np.int64)
        by_word = self.by_word                                                        # N x blocks
        size = 3 ** self.block
        pattern = self.lut[by_word[y, cand][None, :] * size + np.take(by_word, x, axis=0)[:, cand]]
        hit = self._rainbow_table()[pattern * size + np.take(by_word, z, axis=0)[:, cand]].astype(np.float64)  # S x cand
        # (small integer counts in floating point: they only order the blocks)
        order: list[int] = []
        taken = np.zeros(len(cand), bool)
        overall = open_in.max(axis=0) @ hit                       # the rest: by sampled open triples separated
        for t in range(min(REPLAN_PICKS, len(cand))):
            g = (done + t) % m
            gains = open_in[g] @ hit
            gains[taken] = -1
            best = int(np.argmax(gains))
            if gains[best] <= 0:
                break
            taken[best] = True
            order.append(int(cand[best]))
            open_in[g] *= 1 - hit[:, best]
        rest = np.flatnonzero(~taken)
        rest = rest[np.argsort(-overall[rest], kind="stable")]
        return order + [int(cand[t]) for t in rest]

    def _rainbow_table(self) -> np.ndarray:
        """table[p, v]: a word whose symbols on a block are v (base 3) has a rainbow coordinate with a pair of
        pattern p (base 4) there. Built digit by digit: p = p_0 + 4 p', v = v_0 + 3 v', and the word is
        rainbow at coordinate 0 iff p_0 = v_0 (pattern 3, equal symbols, never matches)."""
        if self._rainbow is None:
            one = np.arange(4)[:, None] == np.arange(3)[None, :]                       # 4 x 3
            table = np.zeros((1, 1), bool)
            for _ in range(self.block):
                p, v = table.shape
                table = (table[:, None, :, None] | one[None, :, None, :]).reshape(4 * p, 3 * v)
            self._rainbow = table.ravel()                                               # index p * 3^b + v
        return self._rainbow

    def _middle(self, y: int, o: int, tables) -> tuple[int, int] | None:
        m = self.m
        xs = np.arange(y)
        everyone = True                             # xs is still every x < y
        base = self._base(y, o)
        sets: list[np.ndarray | None] = [None] * m
        bits = [0] * m                              # sampled set bits per group after its last block
        plan = list(self.plan)
        patterns = None
        replanned = -1
        for step in range(len(plan)):
            b = plan[step]
            static = replanned == -1
            if static and step % PATTERN_BATCH == 0:
                patterns = self._patterns(b, PATTERN_BATCH, None if everyone else xs, y)
            pattern = patterns[step % PATTERN_BATCH] if static else \
                self._patterns(b, 1, None if everyone else xs, y)[0]
            rows = np.take(tables(b), pattern, axis=0)
            g = step % m
            first = sets[g] is None
            if first:
                rows &= base
                sets[g] = rows
            else:
                sets[g] &= rows
            before, bits[g] = bits[g], int(np.bitwise_count(sets[g][::SAMPLE_ROWS]).sum())   # the switches only
            if step < m - 1:                                                         # steer the speed: samples
                continue                                                             # decide them
            if m == 1:
                open_bits, sample_size = bits[0], sets[0][::SAMPLE_ROWS].size
            else:
                sample = sets[0][::SAMPLE_ROWS]
                for other in sets[1:]:
                    sample = sample | other[::SAMPLE_ROWS]
                open_bits, sample_size = int(np.bitwise_count(sample).sum()), sample.size
            if open_bits * _ratio(m) <= sample_size:
                break
            if not first and step >= replanned and 2 * bits[g] > before:            # a poor block: choose the
                plan[step + 1:] = self._replan(y, xs, sets, step + 1, plan[step + 1:])   # next ones for this y
                replanned = step + REPLAN_PICKS
            if step >= m + 2 and len(xs) >= 64 and open_bits * _ratio(m) > 4 * sample_size:
                keep = sets[0][::SAMPLE_ROWS].any(axis=1)                           # far from the switch, and
                for other in sets[1:]:                                               # many rows empty: drop them
                    keep |= other[::SAMPLE_ROWS].any(axis=1)
                if (len(keep) - np.count_nonzero(keep)) * 5 >= len(keep):
                    keep = sets[0].any(axis=1)
                    for other in sets[1:]:
                        keep |= other.any(axis=1)
                    xs, everyone = xs[keep], False
                    if replanned == -1:
                        patterns = patterns[:, keep]
                    sets = [s[keep] for s in sets]
                    if len(xs) == 0:
                        return None
        if any(s is None for s in sets):      # fewer blocks than groups: nothing is certified
            live = np.tile(base, (len(xs), 1))
        else:
            live = sets[0]
            for other in sets[1:]:
                live = live | other
        found = self._exact(y, xs, live, o)
        return None if found is None else (found[0], y, found[1])

    def run(self) -> tuple[int, int, int] | None:
        held: dict[int, tuple[int, np.ndarray]] = {}          # block -> (first word, table narrowed to it)

        for y0 in range(1, self.total - 1, Y_CHUNK):
            self._o = o = (y0 + 1) // 64

            def tables(b: int, o=o) -> np.ndarray:
                if b not in held:
                    held[b] = o, self._table(b, o)
                start, table = held[b]
                if start != o:
                    table = np.ascontiguousarray(table[:, o - start:])
                    held[b] = o, table
                return table
            for y in range(y0, min(y0 + Y_CHUNK, self.total - 1)):
                found = self._middle(y, o, tables)
                if found is not None:
                    x, y, z = sorted(int(self.perm[t]) for t in found)
                    if rainbow(self.raw, x, y, z) >= self.m or len({x, y, z}) != 3:
                        raise RuntimeError("trifference triple-scan self-check failed: reported triple is not a violation")
                    return x, y, z
        return None


def _scan_counted(digits: np.ndarray, order: np.ndarray, m: int) -> tuple[int, int, int] | None:
    """Every triple x < y < z counted exactly (no filter), 64 coordinates at a time: for the middle word y,
    R1(u), R2(u) are the masks where u_i = y_i + 1 and u_i = y_i + 2 (mod 3), so coordinate i is rainbow
    iff (x_i, z_i) is (y_i + 1, y_i + 2) or (y_i + 2, y_i + 1), and
    t(x, y, z) = sum over chunks of popcount((R1(x) & R2(z)) | (R2(x) & R1(z))), taken for all pairs (x, z)
    of this y at once (a dense uint16 count matrix). After each chunk, the rows x and the columns z whose
    every pair has reached m are dropped (their triples are final: counts only grow), so a list whose
    triples are separated well above m stops after a few chunks. A pair still below m after the last
    chunk is a violation; the first in (y, x, z) order is returned (caller positions). The caller orders the
    coordinates by the number of triples each separates (n_0 n_1 n_2), busiest first, so that rows and
    columns are dropped early; the pair masks of a chunk go to two buffers reused over the whole scan
    (allocated afresh per chunk they cost as much again in page faults: 807 random words of length 1,024
    at m = 140 took 11.3 s in a fresh process, 5.5 s with the buffers and the order)."""
    total = digits.shape[0]
    d = digits[:, order]
    nw = max(1, -(-d.shape[1] // 64))
    onehot = np.stack([_pack(d == s, nw) for s in range(3)])                   # 3 x N x nw
    rows_buf = np.empty((2, total * total // 4 + total), np.uint64)            # the pair masks of one chunk,
    bits_buf = np.empty(total * total // 4 + total, np.uint8)                   # reused (no allocation per chunk)
    for y in range(1, total - 1):
        y0, y1, y2 = onehot[0, y], onehot[1, y], onehot[2, y]
        plus1 = (onehot[1] & y0) | (onehot[2] & y1) | (onehot[0] & y2)          # u_i = y_i + 1
        plus2 = (onehot[2] & y0) | (onehot[0] & y1) | (onehot[1] & y2)          # u_i = y_i + 2
        xs, zs = np.arange(y), np.arange(y + 1, total)
        x1, x2, z1, z2 = plus1[:y], plus2[:y], plus1[y + 1:], plus2[y + 1:]
        count = np.zeros((len(xs), len(zs)), np.uint16)                          # t <= n <= 1024
        for w in range(nw):
            shape = count.shape
            size = shape[0] * shape[1]
            one, two = rows_buf[0, :size].reshape(shape), rows_buf[1, :size].reshape(shape)
            np.bitwise_and(x1[:, w, None], z2[None, :, w], out=one)
            np.bitwise_and(x2[:, w, None], z1[None, :, w], out=two)
            np.bitwise_or(one, two, out=one)
            count += np.bitwise_count(one, out=bits_buf[:size].reshape(shape))
            if w + 1 == nw:
                break
            low = count < m
            rows = low.any(axis=1)
            if rows.all():
                continue
            if not rows.any():
                break
            cols = low[rows].any(axis=0)
            xs, x1, x2 = xs[rows], x1[rows], x2[rows]
            zs, z1, z2 = zs[cols], z1[cols], z2[cols]
            count = count[np.ix_(rows, cols)]
        bad = np.argwhere(count < m)
        if len(bad):
            x, z = int(xs[bad[0][0]]), int(zs[bad[0][1]])
            if rainbow(digits, x, y, z) >= m:
                raise RuntimeError("trifference exact-count self-check failed")
            return x, y, z
    return None


def find_bad_triple(words: tuple[str, ...], n: int, m: int) -> tuple[int, int, int] | None:
    """Indices x < y < z of three (distinct, as the caller guarantees) words with fewer than m separating
    coordinates, or None."""
    if len(words) < 3:
        return None
    digits = digits_of(words, n)
    filtered = m < COUNT_FROM or len(words) > COUNT_WORDS_PER_M * m      # the faster of the two (measured)
    if filtered and m * len(words) * 8 * -(-len(words) // 64) <= GROUP_BYTES:
        return _Scan(digits, m).run()
    counts = np.stack([(digits == s).sum(axis=0) for s in range(3)]).astype(np.int64)
    useful = np.nonzero(counts.min(axis=0) > 0)[0]
    separated = (counts[0] * counts[1] * counts[2])[useful]          # the triples each coordinate separates:
    return _scan_counted(digits, useful[np.argsort(-separated, kind="stable")], m)   # the busiest chunks first


CLOSE_WORK = 50_000_000         # N^2 n: the close-pair pass runs when its two matrix products are this small


def close_pair_violation(digits: np.ndarray, m: int) -> tuple[int, int, int] | None:
    """A violating triple through one of the N closest pairs of words, or None (which decides nothing: the
    scan follows). Why it is a useful first look: t(w, x, z) <= d(x, z), so the triples of a near-duplicate
    pair are the likeliest to fail, and a pair is checked against every third word at once. The Hamming
    distances come from one product of one-hot matrices (float32 BLAS; the entries are integers <= n, exact),
    and for a pair (x, z) with D = {i : x_i != z_i}, t(w, x, z) = #{i in D : w_i = -(x_i + z_i)} is a second
    product of the one-hot matrix with the indicator of those (coordinate, symbol) cells. Runs only when
    N^2 n <= ``CLOSE_WORK``."""
    total, n = digits.shape
    if total < 3 or total * total * n > CLOSE_WORK:
        return None
    onehot = (digits[:, :, None] == np.arange(3, dtype=digits.dtype)[None, None, :]).reshape(total, 3 * n)
    dense = onehot.astype(np.float32)
    dist = n - (dense @ dense.T)
    dist[np.tril_indices(total)] = np.inf                              # each pair x < z once
    take = min(total, total * (total - 1) // 2)
    flat = np.argpartition(dist.ravel(), take - 1)[:take]
    xs, zs = np.divmod(flat, total)
    x, z = digits[xs].astype(np.int16), digits[zs].astype(np.int16)
    third = (-(x + z)) % 3                                             # the symbol that separates, where x != z
    cells = np.zeros((take, n, 3), np.float32)
    rows, cols = np.nonzero(x != z)
    cells[rows, cols, third[rows, cols]] = 1
    t = dense @ cells.reshape(take, 3 * n).T                           # total x take: t(w, x, z)
    t[xs, np.arange(take)] = np.inf
    t[zs, np.arange(take)] = np.inf
    w, p = np.nonzero(t < m)
    if len(w) == 0:
        return None
    i, j, k = int(w[0]), int(xs[p[0]]), int(zs[p[0]])
    if rainbow(digits, i, j, k) >= m:
        raise RuntimeError("trifference self-check failed: the close-pair pass reported a separated triple")
    return i, j, k
