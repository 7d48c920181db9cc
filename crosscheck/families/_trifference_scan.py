"""Triple scans of the second ``trifference`` verifier (numpy and plain Python; written apart from the primary).

Notation: t(x, y, z) is the number of coordinates where x, y, z are pairwise different. For the pair
(y, z) let P be the coordinates where y_i != z_i and s_i = 3 - y_i - z_i the missing symbol there; then
t(x, y, z) = #{i in P : x_i = s_i}.

``scan_triples`` (any m, any list size): every triple x < y < z is met once, with y its middle word.
For a fixed y the rows are the words z > y and each row is a set of words x < y (bit x of byte x // 8,
most significant bit first, grouped in big-endian uint64 words). Two stages:

1. A filter that only certifies. The coordinates where all three symbols occur (elsewhere nothing is
   separated) are cut into blocks of ``BLOCK``; for a block the pair (y, z) has a summary (s_i, or 3 where
   y_i = z_i), and a table built per block gives for each of the 4^BLOCK summaries the set of x with
   x_i != s_i on the whole block: the x for which the block holds no separating coordinate. The filter
   keeps the nested sets L_0 <= L_1 <= ... <= L_{m-1}, L_j = the x with at most j *blocks* holding a
   separating coordinate so far; a block with table set U updates L_j <- (L_j & U) | L_{j-1} and
   L_0 <- L_0 & U. An x outside L_{m-1} has m different blocks with a separating coordinate each, so
   t >= m: it is certified (the blocks are disjoint).
2. The x left in L_{m-1} are counted exactly, 64 coordinates at a time, with the identity
   t(x, y, z) = #{i : x_i + y_i + z_i = 0 mod 3} - #{i : x_i = y_i = z_i} (a coordinate with
   x_i + y_i + z_i = 0 holds three equal or three different symbols), on bit-sliced F_3 words (ones and
   twos masks, the carry-free addition of ``_ternary``). A triple still below m after every chunk is
   counted once more on the raw symbols before it is reported.

The hand-over from 1 to 2 happens once a sample of L_{m-1} (every ``SAMPLE_STRIDE``-th row) holds at most
one x per ``SPARSE_WORDS`` words, or after the last block. Coordinates are ordered by a sampled greedy count (the
coordinate that raises most sampled triples still below m, ``SAMPLES`` triples, fixed seed; the rest by
their smallest symbol class), the words are reordered so that close words sit side by side (each word
joins the nearest of ``REFERENCES`` reference words picked by farthest-point traversal, references in
nearest-neighbour chain order), and for a middle word whose blocks stop emptying L_0 the remaining
blocks are re-ranked by how many sampled open triples each one separates. None of this changes what is
decided, only how fast.

For m > ``LEVELS_MAX`` the levels (2m - 1 set operations per block) give way to a *counting* filter: the
table of a block holds, per summary, the three bit planes of c(x) = #{i in block : x_i = s_i} (0..6, the
separating coordinates of the block), and a bit-sliced binary counter (``m.bit_length()`` planes, least
significant first, and a sticky overflow plane) adds c(x) block after block with a ripple-carry adder. An
x whose counter reaches m (or overflows) has at least m separating coordinates (the blocks are
disjoint): certified. The rest (counter below m, compared bit-sliced from the top bit) is counted
exactly as above; the hand-over test runs every fourth block. Cost per block: three table planes and
about 5 + 2 log2(m) set operations, against 2m - 1 for the levels: measured at 2,500 random words of
length 1,024, levels / counting 8.8 / 10.3 s for m = 6, 15.9 / 13.2 s for m = 10 (hence ``LEVELS_MAX`` =
8). Coordinates are then taken by their smallest symbol class (the greedy order serves the levels).

``scan_direct`` (m >= 4, at most ``trifference.DIRECT_MAX`` = 243 words): plain Python integers as bit masks over the coordinates,
t(x, y, z) = popcount(d(x, y) & d(x, z) & d(y, z)) with d the mask of differing coordinates.
"""
from __future__ import annotations

import numpy as np

from . import _ternary

BLOCK = 6
SAMPLES = 6000
SEED = 97
REFERENCES = 48
Y_CHUNK = 320
TABLE_BUDGET = 700 * 2 ** 20
SPARSE_WORDS = {1: 18, 2: 9, 3: 7}     # by m; m >= 3 uses the value of 3
LEVELS_MAX = 8                          # largest m filtered with m levels; above, the counting filter
EXACT_BATCH = 1 << 20
RERANK_SAMPLE = 192
SAMPLE_STRIDE = 32                      # every SAMPLE_STRIDE-th row of the sets is popcounted to steer the stages
_FULL = np.uint64(0xFFFFFFFFFFFFFFFF)


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


def _separating(d: np.ndarray, x: int, y: int, z: int) -> int:
    a, b, c = d[x], d[y], d[z]
    return int(((a != b) & (a != c) & (b != c)).sum())


def _word_order(d: np.ndarray) -> np.ndarray:
    """Close words side by side: references by farthest-point traversal, each word to its nearest reference."""
    total = d.shape[0]
    if total <= 3:
        return np.arange(total)
    refs = [0]
    far = (d != d[0]).sum(axis=1)
    dist = [far.copy()]
    while len(refs) < min(REFERENCES, total):
        nxt = int(np.argmax(far))
        if far[nxt] == 0:
            break
        refs.append(nxt)
        row = (d != d[nxt]).sum(axis=1)
        dist.append(row)
        far = np.minimum(far, row)
    dist = np.stack(dist, axis=1)                                   # N x references (Hamming distances)
    home = np.argmin(dist, axis=1)
    between = dist[refs]
    chain = [0]
    todo = list(range(1, len(refs)))
    while todo:
        last = chain[-1]
        pick = min(todo, key=lambda r: (between[last, r], r))
        chain.append(pick)
        todo.remove(pick)
    place = np.zeros(len(refs), np.int64)
    place[chain] = np.arange(len(refs))
    return np.lexsort((dist[np.arange(total), home], place[home]))


def _coordinate_order(d: np.ndarray, m: int, width: int) -> list[int]:
    classes = np.stack([(d == s).sum(axis=0) for s in range(3)])
    smallest = classes.min(axis=0)
    coords = [int(c) for c in np.argsort(-smallest, kind="stable") if smallest[c] > 0]
    total = d.shape[0]
    if len(coords) <= 1 or total < 3 or m > LEVELS_MAX:     # the counting filter takes them by class size
        return coords
    rng = np.random.default_rng(SEED)
    trip = rng.integers(0, total, size=(2 * SAMPLES, 3))
    trip = trip[(trip[:, 0] != trip[:, 1]) & (trip[:, 1] != trip[:, 2]) & (trip[:, 0] != trip[:, 2])][:SAMPLES]
    if len(trip) == 0:
        return coords
    cols = np.array(coords)
    p, q, r = d[trip[:, 0]][:, cols], d[trip[:, 1]][:, cols], d[trip[:, 2]][:, cols]
    sep = ((p != q) & (p != r) & (q != r)).astype(np.float32)       # samples x coords (0/1: they only order)
    blocks_hit = np.zeros(len(trip), np.int64)                      # separated blocks so far, per sample
    in_block = np.zeros(len(trip), bool)                            # separated inside the block being filled
    free = np.ones(len(cols), bool)
    picked: list[int] = []
    while free.any():
        want = (blocks_hit < m) & ~in_block
        if not ((blocks_hit + in_block) < m).any():
            break
        gain = want.astype(np.float32) @ sep
        gain[~free] = -1.0
        c = int(np.argmax(gain))
        picked.append(c)
        free[c] = False
        in_block |= sep[:, c] > 0
        if len(picked) % width == 0:
            blocks_hit += in_block
            in_block[:] = False
    rest = [t for t in range(len(cols)) if free[t]]
    return [coords[t] for t in picked + rest]


class _Scanner:
    def __init__(self, d_original: np.ndarray, m: int):
        self.original = d_original
        self.m = m
        self.total = total = d_original.shape[0]
        self.order = _word_order(d_original)
        d = d_original[self.order]
        useful = int(np.count_nonzero(np.stack([(d == s).any(axis=0) for s in range(3)]).all(axis=0)))
        width = min(BLOCK, max(1, useful // m))
        coords = _coordinate_order(d, m, width)
        self.b = width
        pad = (-len(coords)) % width
        body = np.zeros((total, len(coords) + pad), np.uint8)
        body[:, :len(coords)] = d[:, coords]
        self.d = body
        self.nb = body.shape[1] // width
        self.words = -(-total // 64)
        self.member = [_bits(np.stack([body[:, c] == s for s in range(3)]), self.words) for c in range(body.shape[1])]
        # summary of (y, z) on a block: key[y] * 3^b + key[z] -> base-4 number of the summary digits
        digits = np.array([[(v // 3 ** j) % 3 for j in range(width)] for v in range(3 ** width)], np.int64)
        yy, zz = digits[:, None, :], digits[None, :, :]
        summary = np.where(yy == zz, 3, 3 - yy - zz)
        self.summary = (summary * 4 ** np.arange(width)).sum(axis=2).ravel()
        self.keys = (body.reshape(total, self.nb, width).astype(np.int64) * 3 ** np.arange(width)).sum(axis=2)
        self.keys_by_block = np.ascontiguousarray(self.keys.T)
        # exact count: bit-sliced F_3 words per chunk of 64 coordinates (chunks x N), coordinate j of a chunk at bit j
        chunks = max(1, -(-body.shape[1] // 64))
        full = np.zeros((total, chunks * 64), np.uint8)
        full[:, :body.shape[1]] = body
        weights = np.uint64(1) << np.arange(64, dtype=np.uint64)
        lanes = full.reshape(total, chunks, 64)
        self.ones = np.ascontiguousarray(((lanes == 1) * weights).sum(axis=2, dtype=np.uint64).T)
        self.twos = np.ascontiguousarray(((lanes == 2) * weights).sum(axis=2, dtype=np.uint64).T)
        per_table = 4 ** width * self.words * 8
        planes = 1 if m <= LEVELS_MAX else 3          # the counting filter keeps three count planes per block
        self.budget_blocks = min(self.nb, max(1, TABLE_BUDGET // max(1, planes * per_table)))
        if m <= LEVELS_MAX:
            self.budget_blocks = min(self.nb, max(m, self.budget_blocks))
        self.separates: np.ndarray | None = None

    # ---- filter tables ----------------------------------------------------------------------------------

    def _table(self, t: int, k: int) -> np.ndarray:
        """For block t and the first k words of the x sets: row = summary, set = x with no hit in the block."""
        cols = range(t * self.b, (t + 1) * self.b)
        halves = []
        for part in (list(cols)[:3], list(cols)[3:]):
            if not part:
                continue
            acc = np.full((1, k), _FULL)
            for c in part:
                sym = self.member[c][:, :k]
                acc = np.concatenate([acc & ~sym[0], acc & ~sym[1], acc & ~sym[2], acc])
            halves.append(acc)
        if len(halves) == 1:
            return halves[0]
        low, high = halves
        return (high[:, None, :] & low[None, :, :]).reshape(-1, k)

    # ---- exact count -------------------------------------------------------------------------------------

    def _exact(self, y: int, zs: np.ndarray, open_set: np.ndarray) -> tuple[int, int] | None:
        flat = np.flatnonzero(open_set != 0)
        step = max(1, EXACT_BATCH // 64)
        k = open_set.shape[1]
        for start in range(0, len(flat), step):
            part = flat[start:start + step]
            rows, cols = np.divmod(part, k)
            vals = open_set.ravel()[part]
            xs_parts, zs_parts = [], []
            while len(vals):
                low = vals & (~vals + np.uint64(1))
                pos = np.bitwise_count(low - np.uint64(1)).astype(np.int64)     # bit position from the right
                xs_parts.append(64 * cols + 63 - pos)
                zs_parts.append(zs[rows])
                vals = vals ^ low
                more = vals != 0
                vals, rows, cols = vals[more], rows[more], cols[more]
            hit = self._count(y, np.concatenate(xs_parts), np.concatenate(zs_parts))
            if hit is not None:
                return hit
        return None

    def _count(self, y: int, xs: np.ndarray, zs: np.ndarray) -> tuple[int, int] | None:
        t = np.zeros(len(xs), np.int64)
        for c in range(self.ones.shape[0]):
            o, w = self.ones[c], self.twos[c]
            a1, a2, b1, b2 = o[xs], w[xs], o[y], w[y]
            c1, c2 = o[zs], w[zs]
            carry = (a1 | b2) ^ (a2 | b1)                                   # a + b, bit-sliced
            s1, s2 = (a2 | b2) ^ carry, (a1 | b1) ^ carry
            carry = (s1 | c2) ^ (s2 | c1)                                   # (a + b) + c
            r1, r2 = (s2 | c2) ^ carry, (s1 | c1) ^ carry
            zero = ~(r1 | r2)
            same = ~((a1 ^ b1) | (a2 ^ b2) | (a1 ^ c1) | (a2 ^ c2))
            t += np.bitwise_count(zero).astype(np.int64) - np.bitwise_count(same).astype(np.int64)
            below = t < self.m
            if not below.all():
                xs, zs, t = xs[below], zs[below], t[below]
                if len(xs) == 0:
                    return None
        pick = int(np.lexsort((zs, xs))[0])
        return int(xs[pick]), int(zs[pick])

    # ---- re-ranking of blocks ----------------------------------------------------------------------------

    def _rerank(self, y: int, zs: np.ndarray, open_set: np.ndarray, rest: list[int]) -> list[int]:
        rows = np.arange(0, len(zs), max(1, len(zs) // 48))
        sub = open_set[rows]
        flat = np.flatnonzero(sub != 0)
        if len(flat) == 0 or not rest:
            return rest
        flat = flat[:: max(1, len(flat) // RERANK_SAMPLE)]
        r, c = np.divmod(flat, sub.shape[1])
        vals = sub.ravel()[flat]
        low = vals & (~vals + np.uint64(1))
        xs = 64 * c + 63 - np.bitwise_count(low - np.uint64(1)).astype(np.int64)
        zz = zs[rows[r]]
        if self.separates is None:                  # [summary, key of x]: the block holds a separating coordinate
            b = self.b
            sdig = (np.arange(4 ** b)[:, None] // 4 ** np.arange(b)) % 4
            xdig = (np.arange(3 ** b)[:, None] // 3 ** np.arange(b)) % 3
            self.separates = (sdig[:, None, :] == xdig[None, :, :]).any(axis=2)
        blocks = np.array(rest)
        kz, kx = np.take(self.keys, zz, axis=0)[:, blocks], np.take(self.keys, xs, axis=0)[:, blocks]   # S x blocks
        summ = self.summary[self.keys[y, blocks][None, :] * 3 ** self.b + kz]
        score = self.separates[summ, kx].sum(axis=0)
        return [int(blocks[t]) for t in np.argsort(-score, kind="stable")]

    # ---- the counting filter (m > LEVELS_MAX) --------------------------------------------------------------

    def _count_table(self, t: int, k: int) -> np.ndarray:
        """3 x 4^b x k: bit plane j of c(x) = #{i in block t : x_i = s_i} for each summary s (the separating
        coordinates of the block for (x, y, z)), as sets over the first k words x."""
        planes = np.zeros((3, 1, k), np.uint64)
        for c in range(t * self.b, (t + 1) * self.b):
            sym = self.member[c][:, :k]
            parts = []
            for digit in range(4):
                if digit == 3:                               # y_i = z_i: nothing to add
                    parts.append(planes)
                    continue
                carry = np.broadcast_to(sym[digit], planes.shape[1:])
                out = np.empty_like(planes)
                for j in range(3):                           # + 1 on the bits of sym[digit], bit-sliced
                    out[j] = planes[j] ^ carry
                    carry = planes[j] & carry
                parts.append(out)
            planes = np.concatenate(parts, axis=1)
        return planes

    def _below(self, counter: list[np.ndarray], over: np.ndarray) -> np.ndarray:
        """The x whose count (the counter planes, least significant first, and the overflow plane) is < m."""
        less = np.zeros_like(over)
        equal = ~over
        for j in range(len(counter) - 1, -1, -1):
            if (self.m >> j) & 1:
                less |= equal & ~counter[j]
                equal &= counter[j]
            else:
                equal &= ~counter[j]
        return less

    def _one_counting(self, y: int, k: int, table) -> tuple[int, int] | None:
        """The x < y of each z > y are certified once the separating coordinates counted in the blocks so far
        reach m: a bit-sliced binary counter (``m.bit_length()`` planes and a sticky overflow plane) to which
        each block adds its count c(x) (0..b, three planes from the block's table)."""
        zs = np.arange(y + 1, self.total)
        start = self._start(y, k)
        width = self.m.bit_length()
        counter = [np.zeros((len(zs), k), np.uint64) for _ in range(width)]
        over = np.zeros((len(zs), k), np.uint64)
        for step in range(self.budget_blocks):
            kb = self.keys_by_block[step]
            index = self.summary[kb[y] * 3 ** self.b + kb[zs]]
            value = np.take(table(step), index, axis=1)      # 3 x rows x k
            carry = None
            for j in range(width):
                if j < 3:
                    v = value[j] if carry is None else value[j] ^ carry
                    new_carry = counter[j] & value[j] if carry is None else \
                        (counter[j] & value[j]) | (carry & (counter[j] ^ value[j]))
                    counter[j] ^= v
                else:
                    new_carry = counter[j] & carry
                    counter[j] ^= carry
                carry = new_carry
            over |= carry
            if step % 4 == 3:
                top = self._below([c[::SAMPLE_STRIDE] for c in counter], over[::SAMPLE_STRIDE]) & start
                if int(np.bitwise_count(top).sum()) * SPARSE_WORDS[3] <= top.size:
                    break
        return self._exact(y, zs, self._below(counter, over) & start)

    # ---- the scan -------------------------------------------------------------------------------------------

    def _start(self, y: int, k: int) -> np.ndarray:
        flags = np.zeros(64 * k, bool)
        flags[:y] = True
        return _bits(flags, k)

    def _one(self, y: int, k: int, table) -> tuple[int, int] | None:
        m = self.m
        zs = np.arange(y + 1, self.total)
        start = self._start(y, k)
        levels = [None] * m                       # levels[j]: x with at most j separated blocks
        blocks = list(range(self.budget_blocks))
        reranked = False
        for step in range(len(blocks)):
            t = blocks[step]
            kb = self.keys_by_block[t]
            index = self.summary[kb[y] * 3 ** self.b + kb[zs]]
            u = np.take(table(t), index, axis=0)
            if step == 0:
                u &= start
                levels[0] = u
                for j in range(1, m):
                    levels[j] = np.repeat(start[None, :], len(zs), axis=0)
                before0 = None
            else:
                before0 = int(np.bitwise_count(levels[0][::SAMPLE_STRIDE]).sum())
                for j in range(m - 1, 0, -1):
                    levels[j] &= u
                    levels[j] |= levels[j - 1]
                levels[0] &= u
            top = levels[m - 1][::SAMPLE_STRIDE]
            if int(np.bitwise_count(top).sum()) * SPARSE_WORDS.get(m, SPARSE_WORDS[3]) <= top.size:
                break
            if not reranked and before0 is not None and step + 1 < len(blocks):
                after0 = int(np.bitwise_count(levels[0][::SAMPLE_STRIDE]).sum())
                if 2 * after0 > before0:
                    blocks[step + 1:] = self._rerank(y, zs, levels[m - 1], blocks[step + 1:])
                    reranked = True
        if levels[m - 1] is None:                 # no block at all: nothing is certified
            levels[m - 1] = np.repeat(start[None, :], len(zs), axis=0)
        return self._exact(y, zs, levels[m - 1])

    def run(self) -> tuple[int, int, int] | None:
        for y0 in range(1, self.total - 1, Y_CHUNK):
            y1 = min(y0 + Y_CHUNK, self.total - 1)
            k = max(1, -(-(y1 - 1) // 64))
            made: dict[int, np.ndarray] = {}

            def table(t: int, k=k, made=made) -> np.ndarray:
                if t not in made:
                    made[t] = self._table(t, k) if self.m <= LEVELS_MAX else self._count_table(t, k)
                return made[t]
            for y in range(y0, y1):
                found = self._one(y, k, table) if self.m <= LEVELS_MAX else self._one_counting(y, k, table)
                if found is not None:
                    x, z = found
                    if not (x < y < z) or _separating(self.d, x, y, z) >= self.m:
                        raise RuntimeError("second trifference scan self-check failed")
                    i, j, l = sorted(int(self.order[v]) for v in (x, y, z))
                    if _separating(self.original, i, j, l) >= self.m:
                        raise RuntimeError("second trifference scan self-check failed (original order)")
                    return i, j, l
        return None


def scan_triples(words: tuple[str, ...], n: int, m: int) -> tuple[int, int, int] | None:
    if len(words) < 3:
        return None
    return _Scanner(_matrix(words, n), m).run()


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


CLOSE_WORK = 50_000_000        # N^2 n: the near-pair look runs when it is this small


def near_pair_violation(words: tuple[str, ...], n: int, m: int) -> tuple[int, int, int] | None:
    """A failing triple (positions) with two of its words among the N nearest pairs, or None (then the full
    scan decides). t(x, y, w) <= d(x, y), so near pairs fail first. Distances: per symbol s a bit set of
    the coordinates holding s (64-bit words), d(x, y) = n - sum_s popcount(S_s(x) & S_s(y)). For a pair
    (x, y) and every w at once, the sum identity t = #{i : x_i + y_i + w_i = 0} - #{i : x_i = y_i = w_i}
    on the same bit sets. Runs only when N^2 n <= ``CLOSE_WORK``."""
    total = len(words)
    if total < 3 or total * total * n > CLOSE_WORK:
        return None
    d = _matrix(words, n)
    width = -(-n // 64)
    sets = np.stack([_bits(d == s, width) for s in range(3)])             # 3 x N x width
    agree = np.zeros((total, total), np.int64)
    for lo in range(0, total, 256):                                      # 256 rows at a time (memory)
        for s in range(3):
            agree[lo:lo + 256] += np.bitwise_count(sets[s][lo:lo + 256, None, :] & sets[s][None, :, :]).sum(
                axis=2, dtype=np.int64)
    far = np.where(np.triu(np.ones((total, total), bool), 1), n - agree, n + 1)
    near = np.argsort(far, axis=None, kind="stable")[:total]
    for flat in near:
        x, y = divmod(int(flat), total)
        if far[x, y] > n:
            break
        need = (3 - (d[x].astype(np.int16) + d[y])) % 3                     # w_i = -(x_i + y_i)
        same = d[x] == d[y]
        count = np.zeros(total, np.int64)
        for s in range(3):
            count += np.bitwise_count(sets[s] & _bits(need == s, width)[None, :]).sum(axis=1, dtype=np.int64)
            count -= np.bitwise_count(sets[s] & _bits(same & (d[x] == s), width)[None, :]).sum(axis=1, dtype=np.int64)
        count[[x, y]] = m
        low = np.flatnonzero(count < m)
        if len(low):
            w = int(low[0])
            if _separating(d, x, y, w) >= m:
                raise RuntimeError("second trifference self-check failed: the near-pair look disagrees with a count")
            return x, y, w
    return None
