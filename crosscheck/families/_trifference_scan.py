"""Triple scans of the second ``trifference`` verifier (numpy and plain Python; written apart from the primary).

Notation: t(x, y, z) is the number of coordinates where x, y, z are pairwise different. For the pair
(y, z) let P be the coordinates where y_i != z_i and s_i = 3 - y_i - z_i the missing symbol there; then
t(x, y, z) = #{i in P : x_i = s_i}.

``scan_small_m`` (m <= 3, any list size): every triple x < y < z is met once, with y its middle word.
For a fixed y the rows are the words z > y and each row holds the set of words x < y (a bit set, bit x of
byte x // 8, most significant bit first, grouped in big-endian uint64 words) whose count t(x, y, z) is
still below m, split by the count so far (one set per count 0..m-1). Coordinates are consumed in
blocks; for a block the pair (y, z) is summarised by one symbol per coordinate (s_i, or 3 when
y_i = z_i), and a table built once per block gives, for each of the 4^b summaries, the set of words x
with exactly j hits in the block. Sets are combined like counters; a row whose sets are empty is done;
a row still non-empty after the last block is a triple with t < m (counted again exactly).
Coordinates where one symbol never occurs cannot separate anything and are skipped; the others are
taken in decreasing order of their smallest symbol class.

``scan_direct`` (m >= 4, at most 243 words): plain Python integers as bit masks over the coordinates,
t(x, y, z) = popcount(d(x, y) & d(x, z) & d(y, z)) with d the mask of differing coordinates.
"""
from __future__ import annotations

import numpy as np

from . import _ternary

BLOCK = {1: 8, 2: 6, 3: 6}
TABLE_BUDGET = 600 * 2 ** 20


def _matrix(words: tuple[str, ...], n: int) -> np.ndarray:
    """The words as an N x n array of 0..2 (uint8), built from the ASCII bytes."""
    flat = np.frombuffer(b"".join(w.encode("ascii") for w in words), dtype=np.uint8)
    return flat.reshape(len(words), n) - np.uint8(48)


def _bits(flags: np.ndarray, width: int) -> np.ndarray:
    """Boolean (..., N) -> big-endian uint64 bit sets (..., width): bit x is bit 7 - x % 8 of byte x // 8."""
    raw = np.packbits(flags, axis=-1, bitorder="big")
    missing = width * 8 - raw.shape[-1]
    if missing > 0:
        raw = np.concatenate([raw, np.zeros(raw.shape[:-1] + (missing,), np.uint8)], axis=-1)
    return np.ascontiguousarray(raw).view(">u8").astype(np.uint64)


def _lowest_member(row: np.ndarray) -> int:
    """The smallest x in a big-endian bit set."""
    raw = row.astype(">u8").view(np.uint8)
    hits = np.flatnonzero(np.unpackbits(raw, bitorder="big"))
    return int(hits[0])


def _separating(d: np.ndarray, x: int, y: int, z: int) -> int:
    a, b, c = d[x], d[y], d[z]
    return int(((a != b) & (a != c) & (b != c)).sum())


def scan_small_m(words: tuple[str, ...], n: int, m: int) -> tuple[int, int, int] | None:
    total = len(words)
    if total < 3:
        return None
    d = _matrix(words, n)
    classes = np.stack([(d == s).sum(axis=0) for s in range(3)])
    smallest = classes.min(axis=0)
    coords = [int(c) for c in np.argsort(-smallest, kind="stable") if smallest[c] > 0]
    width = -(-total // 64)
    b = BLOCK[m]
    blocks = [coords[i:i + b] for i in range(0, len(coords), b)]
    member = [_bits(np.stack([d[:, c] == s for s in range(3)]), width) for c in coords]   # per coordinate: 3 x width
    where = {c: t for t, c in enumerate(coords)}
    tables: dict[int, list[np.ndarray]] = {}
    used = 0

    def table(t: int) -> list[np.ndarray]:
        nonlocal used
        if t in tables:
            return tables[t]
        counts = [np.full((1, width), np.uint64(0xFFFFFFFFFFFFFFFF))] + [np.zeros((1, width), np.uint64)] * (m - 1)
        for c in blocks[t]:
            sym = member[where[c]]
            parts = []
            for s in range(4):               # summary digit s (3 = no target): new index s * 4^j + old
                if s == 3:
                    parts.append(counts)
                    continue
                hit, miss = sym[s], ~sym[s]
                parts.append([(counts[j] & miss) | (counts[j - 1] & hit) if j else counts[0] & miss for j in range(m)])
            counts = [np.concatenate([p[j] for p in parts]) for j in range(m)]
        size = sum(x.nbytes for x in counts)
        if used + size <= TABLE_BUDGET:
            tables[t] = counts
            used += size
        return counts

    # the summary of a pair over a block, from two look-ups: each half (at most 4 coordinates) of the block is
    # read as a base-3 number per word, and summary[(Y, Z)] for a half is a table of 3^h x 3^h base-4 numbers
    pair_tables: dict[int, np.ndarray] = {}

    def pair_table(h: int) -> np.ndarray:
        if h not in pair_tables:
            table = np.zeros((3 ** h, 3 ** h), np.int64)
            for yv in range(3 ** h):
                for zv in range(3 ** h):
                    code = 0
                    for j in range(h):
                        a, c = (yv // 3 ** j) % 3, (zv // 3 ** j) % 3
                        code += (3 if a == c else 3 - a - c) * 4 ** j
                    table[yv, zv] = code
            pair_tables[h] = table
        return pair_tables[h]

    block_keys = []
    for cols in blocks:
        pieces = []
        for start in range(0, len(cols), 4):
            part = cols[start:start + 4]
            key = np.zeros(total, np.int64)
            for j, c in enumerate(part):
                key += d[:, c].astype(np.int64) * 3 ** j
            pieces.append((key, pair_table(len(part)), 4 ** start))
        block_keys.append(pieces)
    for y in range(1, total - 1):
        wy = -(-y // 64)                      # words holding x < y
        first = np.zeros(width * 64, bool)
        first[:y] = True
        start = _bits(first, width)[:wy]
        zs = np.arange(y + 1, total)
        state = [np.repeat(start[None, :], len(zs), axis=0)] + [np.zeros((len(zs), wy), np.uint64) for _ in range(m - 1)]
        for t, cols in enumerate(blocks):
            index = np.zeros(len(zs), np.int64)
            for key, lut, scale in block_keys[t]:
                index += lut[key[y]][key[zs]] * scale
            rows = [np.take(plane, index, axis=0)[:, :wy] for plane in table(t)]
            new = []
            for j in range(m):
                acc = state[j] & rows[0]
                for i in range(j):
                    acc |= state[i] & rows[j - i]
                new.append(acc)
            state = new
            any_left = state[0]
            for plane in state[1:]:
                any_left = any_left | plane
            live = np.bitwise_or.reduce(any_left, axis=1) != 0
            if not live.all():
                zs = zs[live]
                state = [plane[live] for plane in state]
                if len(zs) == 0:
                    break
        if len(zs):
            row = state[0][0]
            for plane in state[1:]:
                row = row | plane[0]
            x, z = _lowest_member(row), int(zs[0])
            if not (x < y < z) or _separating(d, x, y, z) >= m:
                raise RuntimeError("second trifference scan self-check failed")
            return x, y, z
    return None


def scan_direct(words: tuple[str, ...], n: int, m: int) -> tuple[int, int, int] | None:
    vecs = [_ternary.vec(w) for w in words]
    total = len(vecs)
    diff = [[0] * total for _ in range(total)]
    for i in range(total):
        for j in range(i + 1, total):
            diff[i][j] = diff[j][i] = _ternary.differ(vecs[i], vecs[j])
    for x in range(total):
        for y in range(x + 1, total):
            dxy = diff[x][y]
            row_x, row_y = diff[x], diff[y]
            for z in range(y + 1, total):
                if (dxy & row_x[z] & row_y[z]).bit_count() < m:
                    return x, y, z
    return None
