"""Near-affine lists for the primary ``trifference`` verifier (numpy): the affine core and the extra words.

A list S is *near-affine* when an affine subspace A = x0 + L of small dimension holds all but a few of
its words: S = (S n A) u X with X = S \\ A small (A may hold words that are not in S). The decision
built on it lives in ``trifference._near_affine``; this module finds A and scans the triples through X.

* ``find_cores``: A is grown from one origin x0 in S by adding, in a fixed order, the next word whose
  difference from x0 is not yet in the span, until at most ``max_extra`` words lie outside (or the rank
  limit is reached). The differences are reduced exactly over F_3 (int8 numpy row operations, each new
  basis row normalised at its first non-zero coordinate and eliminated from every row), so "residual 0"
  means exactly "in x0 + L". The first order is the list's own, the others are seeded permutations:
  an extra word taken as origin or as an early basis row spoils one attempt, not the next. Which A is
  found never changes a verdict (every triple is still covered, see ``trifference``), only the speed.
* ``extra_violation``: every triple with at least one word in X, counted exactly: for the j-th extra
  word e and the words u, v not among the first j extras, t(e, u, v) = popcount((P1(u) & P2(v)) |
  (P2(u) & P1(v))) with P1(u), P2(u) the coordinate bit masks where u_i = e_i + 1 and u_i = e_i + 2 (mod
  3): coordinate i separates e, u, v iff {u_i - e_i, v_i - e_i} = {1, 2}. A triple with extras is met
  with its first extra word as e, so each is counted once. A quick pass counts one 64-bit word of
  coordinates per pair (the 64 coordinates with the most pairs (1, 2) first); the count there is a lower
  bound, so only the pairs below m there are counted on all coordinates. Work: |X| N^2 / 2 pair words,
  plus ceil(n / 64) words per pair left by the quick pass.
"""
from __future__ import annotations

import numpy as np

SEED = 20261201
TRIES = 4                      # orders tried by find_core (the list's own first)
PAIR_CHUNK = 1 << 22           # pairs per block of the quick pass of extra_violation


def find_cores(digits: np.ndarray, max_rank: int, max_extra: int, lead: tuple[int, ...] = ()):
    """Yield (origin index, indices of the words whose differences from the origin form a basis of L, boolean
    mask of the words in origin + L) with at most ``max_extra`` words outside and rank <= ``max_rank``, one
    per order that finds one. With ``lead`` (the core the shared admission named: its origin, then its basis
    words), only the order that visits those first and then the rest in list order."""
    total = digits.shape[0]
    rng = np.random.default_rng(SEED)
    if lead:
        rest = np.setdiff1d(np.arange(total), np.array(lead, np.int64))
        orders = [np.concatenate([np.array(lead, np.int64), rest])]
    else:
        orders = [np.arange(total)] + [rng.permutation(total) for _ in range(TRIES - 1)]
    signed = digits.astype(np.int8)
    for order in orders:
        x0 = int(order[0])
        work = (signed - signed[x0]) % 3
        chosen: list[int] = []
        pos = 1
        while True:
            nonzero = work.any(axis=1)
            if int(np.count_nonzero(nonzero)) <= max_extra:
                yield x0, chosen, ~nonzero
                break
            if len(chosen) == max_rank:
                break
            while not nonzero[order[pos]]:
                pos += 1
            t = int(order[pos])
            chosen.append(t)
            row = work[t].copy()
            pivot = int(np.flatnonzero(row)[0])
            row = (row * row[pivot]) % 3                     # the pivot entry becomes 1 (1 and 2 are self-inverse)
            work = (work - work[:, pivot:pivot + 1] * row[None, :]) % 3


def _planes(rel: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The masks P1, P2 (rows x ceil(n / 64) uint64) of the relative words ``rel``. The 64 coordinates with
    the most pairs of different non-zero entries go into the first word (the quick pass reads it alone)."""
    ones, twos = (rel == 1), (rel == 2)
    score = ones.sum(axis=0, dtype=np.int64) * twos.sum(axis=0, dtype=np.int64)
    order = np.argsort(-score, kind="stable")
    ones, twos = ones[:, order], twos[:, order]
    width = -(-rel.shape[1] // 64)

    def pack(flags):
        packed = np.packbits(flags, axis=1, bitorder="little")
        pad = width * 8 - packed.shape[1]
        if pad:
            packed = np.concatenate([packed, np.zeros((packed.shape[0], pad), np.uint8)], axis=1)
        return np.ascontiguousarray(packed).view("<u8")
    return pack(ones), pack(twos)


def extra_violation(digits: np.ndarray, extras: np.ndarray, m: int) -> tuple[int, int, int] | None:
    """Positions (e, u, v) of three distinct words with fewer than m separating coordinates and e in
    ``extras``, or None when every triple through an extra word has at least m. Per block of pairs a quick
    pass counts the first 64-bit word only; the pairs below m there are counted on every word."""
    total = digits.shape[0]
    allowed = np.ones(total, bool)
    signed = digits.astype(np.int8)
    for e in (int(x) for x in extras):
        allowed[e] = False
        others = np.flatnonzero(allowed)
        if len(others) < 2:
            continue
        p1, p2 = _planes((signed[others] - signed[e]) % 3)
        q1, q2 = np.ascontiguousarray(p1[:, 0]), np.ascontiguousarray(p2[:, 0])
        rows = max(1, PAIR_CHUNK // len(others))
        for start in range(0, len(others) - 1, rows):
            stop = min(start + rows, len(others) - 1)
            quick = np.bitwise_count((q1[start:stop, None] & q2[None, start + 1:])
                                     | (q2[start:stop, None] & q1[None, start + 1:]))
            u, v = np.nonzero(quick < m)
            u, v = u + start, v + start + 1
            keep = v > u
            u, v = u[keep], v[keep]
            if len(u) == 0:
                continue
            for lo in range(0, len(u), PAIR_CHUNK // 4):
                found = _full_count(p1, p2, u[lo:lo + PAIR_CHUNK // 4], v[lo:lo + PAIR_CHUNK // 4], m)
                if found is not None:
                    return e, int(others[found[0]]), int(others[found[1]])
    return None


def _full_count(p1: np.ndarray, p2: np.ndarray, u: np.ndarray, v: np.ndarray, m: int) -> tuple[int, int] | None:
    """The first pair (u, v) of the given ones whose count over all words stays below m (word by word, the
    pairs that reach m dropped on the way)."""
    count = np.zeros(len(u), np.int64)
    for w in range(p1.shape[1]):
        count += np.bitwise_count((p1[u, w] & p2[v, w]) | (p2[u, w] & p1[v, w]))
        low = count < m
        if not low.all():
            u, v, count = u[low], v[low], count[low]
            if len(u) == 0:
                return None
    return int(u[0]), int(v[0])


# ---- cores of rank <= 8: every pair decided from the weights of the core and of one coset ---------------

SUM_ROWS_CHUNK = 1 << 21       # table entries (sum word x difference) per block of ``sum_violation``
LOW_WORDS = 81                 # the lightest coset words that ``sum_violation`` treats one by one


def span_words(basis: list[list[int]], n: int) -> np.ndarray:
    """Every word sigma G of the span of ``basis`` (3^k x n, uint8), listed by message: sigma = sum_j d_j 3^j
    with base-3 digits d_j, word sum_j d_j r_j (the zero word first)."""
    span = np.zeros((1, n), np.uint8)
    for row in basis:                                   # digit j is the block of 3^j words: 0, +r_j, +2 r_j
        r = np.array(row, np.uint8)
        span = np.concatenate([span, (span + r) % 3, (span + 2 * r) % 3])
    return span


def coset_weights(span: np.ndarray, shift: np.ndarray) -> np.ndarray:
    """wt(shift + sigma G) for every message sigma (int32): n minus the coordinates where sigma G = -shift."""
    minus = ((3 - shift.astype(np.int16)) % 3).astype(np.uint8)
    return (span.shape[1] - (span == minus[None, :]).sum(axis=1, dtype=np.int32)).astype(np.int32)


def _digit_tables(digits: int) -> tuple[np.ndarray, np.ndarray]:
    """(x + y, x - y) digit-wise mod 3 for messages x, y of ``digits`` base-3 digits (3^d x 3^d, int64)."""
    size = 3 ** digits
    idx = np.arange(size)
    d = (idx[:, None] // 3 ** np.arange(digits)) % 3 if digits else np.zeros((1, 0), np.int64)
    place = 3 ** np.arange(digits)
    plus = (((d[:, None, :] + d[None, :, :]) % 3) * place).sum(axis=2) if digits else np.zeros((1, 1), np.int64)
    minus = (((d[:, None, :] - d[None, :, :]) % 3) * place).sum(axis=2) if digits else np.zeros((1, 1), np.int64)
    return plus.astype(np.int64), minus.astype(np.int64)


def sum_work(k: int) -> int:
    """Table entries ``sum_violation`` reads at most for a core of rank k: (3^k - 1) / 2 differences (one per
    sign) times 3^k sum words. The admission of a core of rank k to this path and its cost are this number."""
    return (3 ** k - 1) // 2 * 3 ** k


def sum_violation(code_w: np.ndarray, coset_w: np.ndarray, k: int, m: int, keep,
                  work: list | None = None) -> tuple[int, int] | None:
    """Messages (alpha, beta) with 3 t(e, x0 + alpha G, x0 + beta G) < 3m and ``keep(alpha, beta)`` true for
    the first such pair met, or None. ``code_w[sigma]`` = wt(sigma G), ``coset_w[sigma]`` = wt(g + sigma G)
    with g = x0 - e. ``work``: when a list is given, the number of table entries read is appended.

    Why: per coordinate, three symbols x, y, z are pairwise different iff d(x,y) + d(y,z) + d(x,z) -
    2 [x + y + z != 0] = 3 (all different: 3 - 0; two equal: 2 - 2, as 2x + z != 0 for z != x; all equal:
    0 - 0), so summed over the coordinates 3 t(x, y, z) = d(x,y) + d(y,z) + d(x,z) - 2 wt(x + y + z).
    With x = e, y = x0 + alpha G, z = x0 + beta G: d(e, y) = wt(g + alpha G), d(y, z) = wt((alpha - beta) G)
    and x + y + z = -(g - (alpha + beta) G). Indexed by the difference p = alpha - beta and the sum word
    s = -(alpha + beta) (alpha = s - p, beta = s + p, a bijection as 2 is invertible mod 3):
        3 t = code_w[p] + coset_w[s - p] + coset_w[s + p] - 2 coset_w[s],
    symmetric in p <-> -p (it swaps alpha and beta), so one p of each pair +-p is read. Which s are read
    for a p (every bound below is a lower bound of 3 t, so nothing that could fail is left out):
    * none when code_w[p] + 2 min coset_w - 2 max coset_w >= 3m;
    * else, with LOW the ``LOW_WORDS`` lightest coset words and tau the least coset weight outside LOW:
      when code_w[p] + 2 tau - 2 max coset_w >= 3m only s with s - p or s + p in LOW (2 |LOW| entries):
      for the others both coset_w[s -+ p] >= tau (LOW is empty for 3^k <= 2 ``LOW_WORDS``);
    * else every s (3^k entries). The messages are split into their low 4 digits and the rest; s + p and
      s - p are then a row and a column permutation of the weight grid (digit-wise addition tables).
    At most ``sum_work(k)`` entries in all. e = x0 (g = 0, coset_w = code_w) reads the triples of the core
    itself, where ``keep`` must exclude alpha = 0 and beta = 0 (the word e)."""
    size = 3 ** k
    lo_digits = min(k, 4)
    wide = 3 ** lo_digits
    high = size // wide
    add_lo, sub_lo = _digit_tables(lo_digits)
    add_hi, sub_hi = _digit_tables(k - lo_digits)
    grid = coset_w.reshape(high, wide).astype(np.int32)
    top, limit = int(coset_w.max()), 3 * m
    order = np.argsort(coset_w, kind="stable")
    low = order[:LOW_WORDS] if size > 2 * LOW_WORDS else order[:0]     # 2 |LOW| < 3^k entries per medium row
    tau = int(coset_w[order[len(low)]])
    reps = np.arange(1, size)
    reps = reps[sub_hi[0][reps // wide] * wide + sub_lo[0][reps % wide] > reps]   # -p > p: one of each +-p
    reps = reps[code_w[reps] + 2 * int(coset_w.min()) - 2 * top < limit]
    full = code_w[reps] + 2 * tau - 2 * top < limit
    read = 0

    def add(x, y):
        return add_hi[x // wide, y // wide] * wide + add_lo[x % wide, y % wide]

    def sub(x, y):
        return sub_hi[x // wide, y // wide] * wide + sub_lo[x % wide, y % wide]

    def found(p, s):
        nonlocal read
        read += len(s)
        bad = np.flatnonzero(code_w[p] + coset_w[sub(s, p)] + coset_w[add(s, p)] - 2 * coset_w[s] < limit)
        if len(bad):
            alpha, beta = sub(s[bad], p[bad]), add(s[bad], p[bad])
            ok = np.flatnonzero(keep(alpha, beta))
            if len(ok):
                return int(alpha[ok[0]]), int(beta[ok[0]])
        return None

    result = None
    medium = reps[~full]
    step = max(1, SUM_ROWS_CHUNK // max(1, 2 * len(low)))
    for start in range(0, len(medium), step):
        p = np.repeat(medium[start:start + step], 2 * len(low))
        lam = np.tile(np.concatenate([low, low]), min(step, len(medium) - start))
        plus_side = np.tile(np.repeat([True, False], len(low)), min(step, len(medium) - start))
        s = np.where(plus_side, add(lam, p), sub(lam, p))          # s - p = lam or s + p = lam
        result = found(p, s)
        if result is not None:
            break
    rows = reps[full] if result is None else reps[:0]
    for ph in np.unique(rows // wide):
        cols_all = rows[rows // wide == ph] % wide
        step = max(1, SUM_ROWS_CHUNK // size)
        for start in range(0, len(cols_all), step):
            cols = cols_all[start:start + step]
            plus = grid[add_hi[:, ph][:, None, None], add_lo[:, cols][None, :, :]]
            minus = grid[sub_hi[:, ph][:, None, None], sub_lo[:, cols][None, :, :]]
            total = plus + minus - 2 * grid[:, :, None] + code_w[ph * wide + cols][None, None, :]
            read += total.size
            sh, sl, j = np.nonzero(total < limit)
            if len(sh) == 0:
                continue
            alpha = sub_hi[sh, ph] * wide + sub_lo[sl, cols[j]]
            beta = add_hi[sh, ph] * wide + add_lo[sl, cols[j]]
            ok = np.flatnonzero(keep(alpha, beta))
            if len(ok):
                result = int(alpha[ok[0]]), int(beta[ok[0]])
                break
        if result is not None:
            break
    if work is not None:
        work.append(read)
    return result


def extra_violation_by_weights(digits: np.ndarray, origin: int, inside: np.ndarray, message: np.ndarray,
                               span: np.ndarray, code_w: np.ndarray, m: int) -> tuple[int, int, int] | None:
    """Positions (e, u, v) of three distinct listed words with fewer than m separating coordinates and e
    outside the core x0 + L (x0 = the word ``origin``, L of rank k <= 8 listed by message in ``span``), or
    None. ``inside`` are the positions of the listed core words and ``message`` their messages. Per extra
    word e, in list order (the triples through an earlier extra were met there):
    * both other words in the core: ``sum_violation`` on the weights of L and of the coset g + L, g = x0 - e
      (at most ``sum_work(k)`` table entries, whatever m and n), restricted to listed pairs;
    * one of them a later extra word x, the other any listed word but e and the earlier extras: counted
      on the value masks of every word (the third symbol -(e_i + x_i) where e_i != x_i), |X|^2 N / 2
      pairs at most."""
    total, k = digits.shape[0], 0
    while 3 ** k < len(span):
        k += 1
    if 3 ** k != len(span):
        raise RuntimeError("trifference self-check failed: the core span is not 3^k words")
    listed = np.zeros(len(span), bool)
    listed[message] = True
    position = np.full(len(span), -1, np.int64)
    position[message] = inside
    is_extra = np.ones(total, bool)
    is_extra[inside] = False
    extras = np.flatnonzero(is_extra)
    width = -(-digits.shape[1] // 64)
    planes = [_pack_flags(digits == s, width) for s in range(3)]
    allowed = np.ones(total, bool)

    def keep(alpha, beta):
        return listed[alpha] & listed[beta]

    for j, e in enumerate(int(x) for x in extras):
        g = ((digits[origin].astype(np.int16) - digits[e]) % 3).astype(np.uint8)
        pair = sum_violation(code_w, coset_weights(span, g), k, m, keep)
        if pair is not None:
            return e, int(position[pair[0]]), int(position[pair[1]])
        allowed[e] = False
        for x in (int(y) for y in extras[j + 1:]):
            # t(e, x, v) = #{i : e_i != x_i and v_i = -(e_i + x_i)}: the third symbol, one mask per value
            third = (-(digits[e].astype(np.int16) + digits[x])) % 3
            differ = digits[e] != digits[x]
            count = np.zeros(total, np.int64)
            for s in range(3):
                want = _pack_flags((differ & (third == s))[None, :], width)[0]
                count += np.bitwise_count(planes[s] & want[None, :]).sum(axis=1, dtype=np.int64)
            bad = (count < m) & allowed
            bad[x] = False
            bad[extras[j + 1:][extras[j + 1:] <= x]] = False     # a pair of two later extras once (x first)
            hit = np.flatnonzero(bad)
            if len(hit):
                return e, x, int(hit[0])
    return None


def _pack_flags(flags: np.ndarray, width: int) -> np.ndarray:
    """Rows of booleans as ``width`` little-endian 64-bit words each."""
    packed = np.packbits(flags, axis=1, bitorder="little")
    pad = width * 8 - packed.shape[1]
    if pad:
        packed = np.concatenate([packed, np.zeros((packed.shape[0], pad), np.uint8)], axis=1)
    return np.ascontiguousarray(packed).view("<u8")
