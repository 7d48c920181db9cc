"""Triple scan of the primary ``trifference`` verifier for lists that are not affine subspaces (numpy).

For three distinct words x, y, z write t(x, y, z) for the number of coordinates where they are 0, 1, 2
in some order. Fix the pair (x, y) and let D be the coordinates where x_i != y_i and w_i = 3 - x_i - y_i
the third symbol there. Then t(x, y, z) = #{i in D : z_i = w_i}: the agreements of z with w on D.
So the list is m-trifferent iff for every pair x < y no word z > y agrees with w on fewer than m
coordinates of D (every triple is met exactly once, with y its middle word).

The scan fixes y and treats all x < y at once, one row per x, each row a bit set over the words z > y
("candidates": words whose agreement count is still below m, with one bit plane per count 0..m-1,
m <= 3). Coordinates are taken in blocks of ``BLOCK`` (in decreasing order of n_0 n_1 n_2, the number of
triples they separate; coordinates where a symbol is missing separate nothing and are dropped). For a
block, the pair (x, y) has a *pattern*: per coordinate the forbidden... rather the target symbol w_i,
or "none" when x_i = y_i, i.e. one of 4^BLOCK patterns. A precomputed table gives, for every pattern,
the bit set of the words with exactly j agreements in the block (j < m); the candidate planes are
combined with them like counters (c'_j = OR_{a+b=j} c_a & T_b). Rows whose candidates are all gone
are dropped; a row that keeps a candidate after the last block is a triple with t < m (re-counted
exactly before it is reported). Bit sets are little-endian uint64 words over the word indices.

Lists with m >= 4 are limited (``MAX_WORDS_LARGE_M`` words) and counted directly: per pair the three
bit masks "target symbol s" and per word z the one-hot masks of its symbols give
t = popcount((Z0 & T0) | (Z1 & T1) | (Z2 & T2)).
"""
from __future__ import annotations

import numpy as np

BLOCKS = {1: 8, 2: 6, 3: 6}          # coordinates per block, by m
CACHE_BYTES = 600 * 2 ** 20          # block tables kept in memory at most


def digits_of(words: tuple[str, ...], n: int) -> np.ndarray:
    raw = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8)
    return (raw.reshape(len(words), n) - ord("0")).astype(np.uint8)


def useful_order(digits: np.ndarray) -> np.ndarray:
    """Coordinates where all three symbols occur, most separating first."""
    counts = np.stack([(digits == s).sum(axis=0) for s in range(3)]).astype(np.int64)   # 3 x n
    product = counts[0] * counts[1] * counts[2]
    cols = np.nonzero(product > 0)[0]
    return cols[np.argsort(-product[cols], kind="stable")]


def _pack(flags: np.ndarray, words: int) -> np.ndarray:
    """Bool array (..., N) -> uint64 bit sets (..., words), bit z of the set is flags[..., z]."""
    packed = np.packbits(flags, axis=-1, bitorder="little")
    pad = words * 8 - packed.shape[-1]
    if pad:
        packed = np.concatenate([packed, np.zeros(packed.shape[:-1] + (pad,), np.uint8)], axis=-1)
    return np.ascontiguousarray(packed).view("<u8")


def _first_bit(row: np.ndarray) -> int:
    for w, value in enumerate(row.tolist()):
        if value:
            return 64 * w + ((value & -value).bit_length() - 1)
    raise ValueError("empty bit set")


def rainbow(digits: np.ndarray, i: int, j: int, k: int) -> int:
    a, b, c = digits[i], digits[j], digits[k]
    return int(np.count_nonzero((a != b) & (a != c) & (b != c)))


class _Tables:
    """Per block: the bit sets of words with exactly j agreements (j < m) for every pattern."""

    def __init__(self, digits: np.ndarray, order: np.ndarray, m: int, nwords: int):
        self.m = m
        self.block = BLOCKS[m]
        self.cols = order
        self.d = digits[:, order]                               # N x n' (useful coordinates only)
        self.nwords = nwords
        self.nblocks = -(-len(order) // self.block)
        self.cache: dict[int, list[np.ndarray]] = {}
        self.cached = 0
        self.classes = _pack(self.d.T[:, None, :] == np.arange(3, dtype=np.uint8)[None, :, None], nwords)

    def span(self, b: int) -> tuple[int, int]:
        return b * self.block, min(len(self.cols), (b + 1) * self.block)

    def get(self, b: int) -> list[np.ndarray]:
        if b in self.cache:
            return self.cache[b]
        lo, hi = self.span(b)
        planes = [np.full((1, self.nwords), np.uint64(2 ** 64 - 1), np.uint64)]
        planes += [np.zeros((1, self.nwords), np.uint64) for _ in range(self.m - 1)]
        for t in range(lo, hi):
            hits = self.classes[t]                               # 3 x nwords: words with symbol s here
            new = [[] for _ in range(self.m)]
            for s in range(3):
                h = hits[s][None, :]
                miss = ~h
                for j in range(self.m):
                    part = planes[j] & miss
                    if j:
                        part |= planes[j - 1] & h
                    new[j].append(part)
            for j in range(self.m):
                new[j].append(planes[j])                         # pattern "none": x_i = y_i
            planes = [np.concatenate(parts, axis=0) for parts in new]
        size = sum(p.nbytes for p in planes)
        if self.cached + size <= CACHE_BYTES:
            self.cache[b] = planes
            self.cached += size
        return planes


def _half_codes(width: int) -> np.ndarray:
    """lut[X, Y] = the pattern (base 4) of a pair over ``width`` coordinates whose symbols (base 3) are X and Y:
    digit j is 3 where x_j = y_j and 3 - x_j - y_j (the missing symbol) elsewhere."""
    size = 3 ** width
    vals = np.arange(size)
    digits = np.stack([(vals // 3 ** j) % 3 for j in range(width)], axis=1)           # size x width
    x, y = digits[:, None, :], digits[None, :, :]
    code = np.where(x == y, 3, 3 - x - y)
    return (code * (4 ** np.arange(width))).sum(axis=2).astype(np.int64)


def _scan_small_m(digits: np.ndarray, order: np.ndarray, m: int) -> tuple[int, int, int] | None:
    n_words = digits.shape[0]
    nwords = -(-n_words // 64)
    tables = _Tables(digits, order, m, nwords)
    d = tables.d
    # per block: its coordinates split into halves of at most 4, each word's symbols there as a base-3 number,
    # and the pair-pattern lookup of each half (a block pattern is lut0[X0, Y0] + 4^h0 lut1[X1, Y1])
    halves = []
    luts: dict[int, np.ndarray] = {}
    for b in range(tables.nblocks):
        lo, hi = tables.span(b)
        parts = []
        shift = 0
        for a in range(lo, hi, 4):
            z = min(hi, a + 4)
            value = (d[:, a:z].astype(np.int64) * (3 ** np.arange(z - a))).sum(axis=1)
            if z - a not in luts:
                luts[z - a] = _half_codes(z - a)
            parts.append((value, luts[z - a], shift))
            shift += 2 * (z - a)
        halves.append(parts)
    all_bits = _pack(np.ones(n_words, bool), nwords)
    for y in range(1, n_words - 1):
        o = (y + 1) // 64                                       # first bit-set word holding a z > y
        base = all_bits[o:].copy()
        first = y + 1 - 64 * o                                   # clear bits of z <= y in the first word
        if first:
            base[0] &= ~np.uint64((1 << first) - 1)
        xs = np.arange(y)
        planes = [np.tile(base, (len(xs), 1))] + [np.zeros((len(xs), nwords - o), np.uint64) for _ in range(m - 1)]
        for b in range(tables.nblocks):
            pattern = None
            for value, lut, shift in halves[b]:
                part = lut[:, value[y]][value[xs]] << shift
                pattern = part if pattern is None else pattern + part
            table = tables.get(b)
            rows = [np.take(t, pattern, axis=0)[:, o:] for t in table]   # take + slice: far faster than t[pattern, o:]
            if m == 1:
                planes = [planes[0] & rows[0]]
            else:
                new = []
                for j in range(m):
                    acc = planes[j] & rows[0]
                    for a in range(j):
                        acc |= planes[a] & rows[j - a]
                    new.append(acc)
                planes = new
            merged = planes[0] if m == 1 else np.bitwise_or.reduce(planes, axis=0)
            alive = np.bitwise_or.reduce(merged, axis=1) != 0
            if not alive.all():
                xs = xs[alive]
                planes = [p[alive] for p in planes]
            if len(xs) == 0:
                break
        if len(xs):
            merged = planes[0][0].copy()
            for p in planes[1:]:
                merged |= p[0]
            z = 64 * o + _first_bit(merged)
            x = int(xs[0])
            if not (x < y < z < n_words) or rainbow(digits, x, y, z) >= m:
                raise RuntimeError("trifference triple-scan self-check failed: reported triple is not a violation")
            return x, y, z
    return None


def _scan_direct(digits: np.ndarray, order: np.ndarray, m: int) -> tuple[int, int, int] | None:
    n_words = digits.shape[0]
    d = digits[:, order]
    ncols = d.shape[1]
    nw = max(1, -(-ncols // 64))
    onehot = _pack(d[:, None, :] == np.arange(3, dtype=np.uint8)[None, :, None], nw)   # N x 3 x nw
    pop = np.bitwise_count
    for y in range(1, n_words - 1):
        X = onehot[:y]                                   # x < y
        Y = onehot[y][None]
        differ = ~((X[:, 0] & Y[:, 0]) | (X[:, 1] & Y[:, 1]) | (X[:, 2] & Y[:, 2]))
        targets = [differ & ~X[:, s] & ~Y[:, s] for s in range(3)]     # x != y and neither is s: z must be s
        Z = onehot[y + 1:]
        count = np.zeros((y, n_words - y - 1), np.int64)
        for w in range(nw):
            mask = ((targets[0][:, None, w] & Z[None, :, 0, w]) | (targets[1][:, None, w] & Z[None, :, 1, w])
                    | (targets[2][:, None, w] & Z[None, :, 2, w]))
            count += pop(mask)
        bad = np.argwhere(count < m)
        if len(bad):
            x, zi = (int(v) for v in bad[0])
            z = y + 1 + zi
            if rainbow(digits, x, y, z) >= m:
                raise RuntimeError("trifference direct-count self-check failed")
            return x, y, z
    return None


def find_bad_triple(words: tuple[str, ...], n: int, m: int) -> tuple[int, int, int] | None:
    """Indices x < y < z of three (distinct, as the caller guarantees) words with fewer than m separating
    coordinates, or None."""
    if len(words) < 3:
        return None
    digits = digits_of(words, n)
    order = useful_order(digits)
    if m <= 3:
        return _scan_small_m(digits, order, m)
    return _scan_direct(digits, order, m)
