"""A numpy pre-filter for the direction criterion of the second ``trifference`` verifier (``linear_code``).

The criterion (``trifference._code_violation``): for every direction u (first non-zero coordinate u_p = 1)
the k - 1 rows other than p, restricted to the zero set Z(c) of c = uG, are independent and, for m >= 2,
span a code of minimum distance >= m. Both properties are *monotone in the coordinates*: if they hold on a
subset T n Z(c) of the zero set, they hold on Z(c) (rows independent on fewer coordinates are independent
on more, and a non-zero combination weighs at least as much on Z(c) as on T n Z(c), where it is non-zero
by independence). So ``certified`` decides every direction at once on a subset T of at most 64
coordinates (one uint64 per row and direction): a direction it certifies passes; the others go to the
exact plain-Python check on all coordinates. It only ever certifies, so it cannot cause a false accept.

T: the non-zero columns in order, each projective point at most m times (a further copy of a column
cannot change whether a weight reaches m), 64 of them; ``part`` = 1, 2, ... takes the next 64, so the
directions a subset leaves open can be tried on another (any subset that certifies is enough). On T, per direction (numpy arrays over all
(3^k - 1)/2 directions): the zero set is the bit mask of the columns g with u.g = 0 mod 3; the rows are
reduced in order with the rows other than p, bit-sliced (ones, twos) with the carry-free F_3 addition of
``_ternary`` applied through 0/1 masks; a row that reduces to zero fails the direction; then (m >= 2)
the echelon rows are fully reduced and a row of weight < m, or (m = 3) two rows equal up to sign off
their pivots, fail it (the reduced-echelon test of ``_ternary.low_weight``, vectorised).
"""
from __future__ import annotations

import numpy as np

from . import _ternary as t3

WIDTH = 64
_ONE = np.uint64(1)


def _columns(basis: list[t3.Vec], n: int, m: int, part: int) -> list[int]:
    """Subset number ``part`` (0, 1, ...): the eligible columns 64 part .. 64 part + 63."""
    k = len(basis)
    seen: dict[tuple[int, ...], int] = {}
    out = []
    skipped = 0
    for j in range(n):
        col = [1 if (r[0] >> j) & 1 else 2 if (r[1] >> j) & 1 else 0 for r in basis]
        lead = next((x for x in col if x), 0)
        if not lead:
            continue
        key = tuple((x * lead) % 3 for x in col)        # lead is its own inverse mod 3
        if seen.get(key, 0) >= m:
            continue
        seen[key] = seen.get(key, 0) + 1
        if skipped < WIDTH * part:
            skipped += 1
            continue
        out.append(j)
        if len(out) == WIDTH:
            break
    return out if k else []


def _plus(a1, a2, b1, b2):
    s = (a1 | b2) ^ (a2 | b1)
    return (a2 | b2) ^ s, (a1 | b1) ^ s


def _select(flag: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """x where flag, else y (flag a 0/1 uint64 array)."""
    mask = np.uint64(0) - flag
    return (x & mask) | (y & ~mask)


def directions(k: int) -> np.ndarray:
    """Every u in F_3^k whose first non-zero coordinate is 1 (rows; lexicographic order of the digits)."""
    total = 3 ** k
    idx = np.arange(total, dtype=np.int64)
    digits = np.stack([(idx // 3 ** (k - 1 - p)) % 3 for p in range(k)], axis=1).astype(np.int8)
    nonzero = digits != 0
    first = np.argmax(nonzero, axis=1)
    keep = nonzero.any(axis=1) & (digits[np.arange(total), first] == 1)
    return digits[keep]


def certified(basis: list[t3.Vec], n: int, m: int, dirs: np.ndarray, part: int = 0) -> np.ndarray:
    """Boolean per row of ``dirs``: the direction passes already on the coordinate subset T number ``part``."""
    k = len(basis)
    cols = _columns(basis, n, m, part)
    size = len(dirs)
    if len(cols) < k - 1:
        return np.zeros(size, bool)
    g = np.array([[1 if (r[0] >> j) & 1 else 2 if (r[1] >> j) & 1 else 0 for j in cols] for r in basis], np.int64)
    zero = ((dirs.astype(np.int64) @ g) % 3) == 0                                 # directions x |T|
    weights = _ONE << np.arange(len(cols), dtype=np.uint64)
    Z = (zero * weights).sum(axis=1, dtype=np.uint64)
    ones = [np.uint64(int((g[i] == 1) @ (1 << np.arange(len(cols), dtype=object)))) for i in range(k)]
    twos = [np.uint64(int((g[i] == 2) @ (1 << np.arange(len(cols), dtype=object)))) for i in range(k)]
    lead = np.argmax(dirs != 0, axis=1)
    fail = np.zeros(size, bool)
    P, B1, B2 = [], [], []                       # per slot: pivot bit (0 if none), reduced row
    for i in range(k):
        skip = lead == i
        v1 = np.where(skip, np.uint64(0), ones[i] & Z)
        v2 = np.where(skip, np.uint64(0), twos[i] & Z)
        for s in range(i):
            h1 = ((v1 & P[s]) != 0).astype(np.uint64)              # v -= b_s
            h2 = ((v2 & P[s]) != 0).astype(np.uint64)              # v += b_s
            m1, m2 = _plus(v1, v2, B2[s], B1[s])
            p1, p2 = _plus(v1, v2, B1[s], B2[s])
            v1 = _select(h1, m1, _select(h2, p1, v1))
            v2 = _select(h1, m2, _select(h2, p2, v2))
        nz = v1 | v2
        fail |= (nz == 0) & ~skip
        bit = nz & (~nz + _ONE)
        flip = ((v2 & bit) != 0).astype(np.uint64)
        v1, v2 = _select(flip, v2, v1), _select(flip, v1, v2)
        P.append(bit)
        B1.append(v1)
        B2.append(v2)
    if m >= 2:
        for t in range(k - 1, -1, -1):                            # reduced echelon form
            for u in range(k):
                if u == t:
                    continue
                h1 = ((B1[u] & P[t]) != 0).astype(np.uint64)
                h2 = ((B2[u] & P[t]) != 0).astype(np.uint64)
                m1, m2 = _plus(B1[u], B2[u], B2[t], B1[t])
                p1, p2 = _plus(B1[u], B2[u], B1[t], B2[t])
                B1[u], B2[u] = _select(h1, m1, _select(h2, p1, B1[u])), _select(h1, m2, _select(h2, p2, B2[u]))
        valid = [(lead != i) for i in range(k)]
        for i in range(k):
            fail |= valid[i] & (np.bitwise_count(B1[i] | B2[i]) < m)
        if m == 3:
            off = [(B1[i] & ~P[i], B2[i] & ~P[i]) for i in range(k)]
            for s in range(k):
                for t in range(s + 1, k):
                    same = (off[s][0] == off[t][0]) & (off[s][1] == off[t][1])
                    opposite = (off[s][0] == off[t][1]) & (off[s][1] == off[t][0])
                    fail |= valid[s] & valid[t] & (same | opposite)
    return ~fail
