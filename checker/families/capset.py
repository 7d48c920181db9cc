"""Primary check of the ``capset`` family.

What is checked: the answer is a set of distinct points of F_3^d (shared schema in
``endless_exam.certificates.schemas.capset``) with no three distinct points x, y, z such that x + y + z = 0.

Why the check is sufficient. In F_3^d three distinct points are collinear iff x + y + z = 0, and the
only solutions of x + y + z = 0 with two equal entries are x = y = z. For a set A, write
r(w) = #{(y, z) in A^2 : y + z = w}. A point x of A lies on a line of A iff r(-x) >= 2: the pair
(x, x) is always counted, and any other pair (y, z) with y + z = -x has y != z and y, z != x.

Algorithms (exact integer arithmetic throughout):
* ``d <= 13`` and many points: the Fourier method. With w a primitive cube root of unity,
  A^(xi) = sum_{x in A} w^(xi.x) and r = (A^)^2 transformed back, all in the ring Z[w] (pairs of
  int64, w^2 = -1 - w), exact; the inverse transform must be divisible by 3^d with zero w-part,
  which is checked (a failure is an internal error, never a verdict). Cost O(d 3^d).
* otherwise every pair (i < j) is formed, one row i at a time with numpy: the coordinates are cut
  into chunks of 5 (243 values) and a 243 x 243 table per chunk gives the base-3 key contribution of
  -(u + v); the summed key of the third point is tested in a byte map of F_3^d (d <= 17) or among the
  sorted point keys.
* at most ``SMALL_MAX`` points: the same pair scan in plain Python (digit tuples and a dict from point to
  index), so that a small answer is decided without importing numpy.
* d > 40 (issue 21; at most 12,544 points there, by the schema): the points are mapped by a random
  F_3-linear sketch to F_3^40 (an int64 matrix product with a fresh uniform matrix per check), the
  pair scan above runs on the sketches (a line of the answer is a line of the sketches), and every
  reported pair is confirmed on the full points (its third point looked up in a dict of the answer's
  strings), so a chance match of sketches costs one confirmation and never decides (``find_line_wide``).
A witness is the first point (in answer order) on a line together with a partner found by one
vectorised scan (the smallest second index; the small path finds the same triple). Duplicates are found
by sorting base-3 keys (3^40 < 2^64, so keys fit uint64), or by a dict of the points seen (small
answers and d > 40).

Libraries: numpy (imported only when an answer has more than ``SMALL_MAX`` points; the zygote of a
``score`` run imports it once, ``PRELOAD``): the exact Z[w] Fourier transform (int64 pairs) and the
vectorised pair scans.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from endless_exam.certificates.schemas import capset as schema
from endless_exam.certificates.witness import Witness
from endless_exam.certificates.verdict import Verdict, accept, reject

from ._duplicates import confirm_duplicate, first_duplicate, first_repeat
from .spec import FamilySpec

if TYPE_CHECKING:
    import numpy as np

LIBRARIES = ("numpy",)   # distributions this verifier's process loads for the family
PRELOAD = ("numpy",)     # imported lazily (answers over SMALL_MAX points); a warm zygote imports it once
SMALL_MAX = 64           # answers of at most this many points are decided in plain Python


# Proven upper bounds on the size of a cap in F_3^d: the exact maxima for d <= 6 (Edel, Ferret, Landjev and
# Storme 2002; Potechin 2008 for d = 6) and the tabulated bounds for d = 9, 10 that the benchmark records
# (bench-v1's bound table).
PROVEN_UPPER = {1: 2, 2: 4, 3: 9, 4: 20, 5: 45, 6: 112, 9: 2070, 10: 5619}


BOUND_MAX_D = 1000   # the bound is given up to here (3^990 * 5619 has 477 digits); none beyond


def capset_bound(params: dict) -> tuple[int, str] | None:
    """A proven upper bound: the table, or 3^(d - e) times the table's value at the largest e < d.

    Slicing: the three hyperplanes x_1 = 0, 1, 2 cut a cap of F_3^d into three caps of F_3^(d-1), so
    c(d) <= 3 c(d - 1) (for d = 11 this gives 3 * 5619 = 16857, Karapetyan and Karapetyan 2023, Cor. 2).
    None for d > ``BOUND_MAX_D``: an integer of more than 4,300 digits cannot even be printed by default
    (Python's int-to-text limit), and no answer there comes near it."""
    d = params["d"]
    if d > BOUND_MAX_D:
        return None
    base = max(e for e in PROVEN_UPPER if e <= d)
    return PROVEN_UPPER[base] * 3 ** (d - base), "bound"


SPEC = FamilySpec(key="capset", bound=capset_bound)

FOURIER_MAX_D = 13


def _digits(points: tuple[str, ...], d: int) -> np.ndarray:
    import numpy as np
    raw = np.frombuffer("".join(points).encode("ascii"), dtype=np.uint8)
    return (raw.reshape(len(points), d) - ord("0")).astype(np.uint8)


def _keys(digits: np.ndarray) -> np.ndarray:
    import numpy as np
    keys = np.zeros(digits.shape[0], dtype=np.uint64)
    three = np.uint64(3)
    for col in range(digits.shape[1]):
        keys = keys * three + digits[:, col].astype(np.uint64)
    return keys


class _Lookup:
    """Membership of base-3 keys in the answer, and the answer index of a key."""

    def __init__(self, keys: np.ndarray) -> None:
        import numpy as np
        self.order = np.argsort(keys, kind="stable")
        self.sorted = keys[self.order]

    def find(self, queries: np.ndarray) -> np.ndarray:
        """Answer index of each query key, or -1."""
        import numpy as np
        pos = np.searchsorted(self.sorted, queries)
        pos_c = np.minimum(pos, len(self.sorted) - 1)
        hit = self.sorted[pos_c] == queries
        return np.where(hit, self.order[pos_c], -1)


# ---- exact DFT over F_3^d with values in Z[w] ------------------------------------------------------

def _mul_w(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(a + b w) * w = -b + (a - b) w."""
    return -b, a - b


def _mul_w2(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(a + b w) * w^2 = (b - a) - a w."""
    return b - a, -a


def _dft(re: np.ndarray, im: np.ndarray, d: int, inverse: bool) -> tuple[np.ndarray, np.ndarray]:
    import numpy as np
    for axis in range(d):
        shape = (3 ** axis, 3, 3 ** (d - axis - 1))
        R, I = re.reshape(shape), im.reshape(shape)
        a0, a1, a2 = R[:, 0], R[:, 1], R[:, 2]
        b0, b1, b2 = I[:, 0], I[:, 1], I[:, 2]
        w1 = _mul_w(a1, b1)
        w1sq = _mul_w2(a1, b1)
        w2 = _mul_w(a2, b2)
        w2sq = _mul_w2(a2, b2)
        g0 = (a0 + a1 + a2, b0 + b1 + b2)
        g1 = (a0 + w1[0] + w2sq[0], b0 + w1[1] + w2sq[1])   # f0 + w f1 + w^2 f2
        g2 = (a0 + w1sq[0] + w2[0], b0 + w1sq[1] + w2[1])   # f0 + w^2 f1 + w f2
        if inverse:
            g1, g2 = g2, g1
        re = np.stack([g0[0], g1[0], g2[0]], axis=1).reshape(-1)
        im = np.stack([g0[1], g1[1], g2[1]], axis=1).reshape(-1)
    return re, im


def _pair_sums_fourier(keys: np.ndarray, d: int) -> np.ndarray:
    """r(w) for every w in F_3^d (index = base-3 key)."""
    import numpy as np
    size = 3 ** d
    re = np.zeros(size, dtype=np.int64)
    re[keys.astype(np.int64)] = 1
    im = np.zeros(size, dtype=np.int64)
    re, im = _dft(re, im, d, inverse=False)
    sq_re = re * re - im * im          # (a + b w)^2 = (a^2 - b^2) + (2ab - b^2) w
    sq_im = 2 * re * im - im * im
    re, im = _dft(sq_re, sq_im, d, inverse=True)
    if np.any(im != 0) or np.any(re % size != 0):
        raise RuntimeError("capset Fourier self-check failed: inverse transform is not 3^d times an integer vector")
    return re // size


def _partner(digits: np.ndarray, look: _Lookup, i: int) -> tuple[int, int] | None:
    import numpy as np
    third = (6 - digits[i].astype(np.int16) - digits.astype(np.int16)) % 3
    idx = look.find(_keys(third.astype(np.uint8)))
    n = digits.shape[0]
    cand = np.nonzero((idx >= 0) & (idx != np.arange(n)) & (np.arange(n) != i))[0]
    if len(cand) == 0:
        return None
    j = int(cand[0])
    return j, int(idx[j])


CHUNK = 5            # coordinates per chunk of the pair tables (3^5 = 243 values)
BYTEMAP_MAX_D = 17   # membership through a 3^d byte map up to here, sorted keys beyond


def _chunk_values(digits: np.ndarray) -> list[np.ndarray]:
    """Per chunk of CHUNK coordinates, the base-3 value of each point's chunk (int32)."""
    import numpy as np
    n, d = digits.shape
    out = []
    for c0 in range(0, d, CHUNK):
        value = np.zeros(n, dtype=np.int32)
        for col in range(c0, min(d, c0 + CHUNK)):
            value = value * 3 + digits[:, col].astype(np.int32)
        out.append(value)
    return out


def _pair_tables(d: int) -> list[np.ndarray]:
    """table[c][u * 3^w + v] = base-3 key contribution of -(u + v) for chunk values u, v of width w."""
    import numpy as np
    tables = []
    for c0 in range(0, d, CHUNK):
        w = min(CHUNK, d - c0)
        size = 3 ** w
        u = np.arange(size)
        du = np.stack([(u // 3 ** (w - 1 - t)) % 3 for t in range(w)], axis=1)          # (size, w)
        third = (6 - du[:, None, :] - du[None, :, :]) % 3                                  # (size, size, w)
        value = np.zeros((size, size), dtype=np.uint64)
        for t in range(w):
            value = value * np.uint64(3) + third[:, :, t].astype(np.uint64)
        weight = np.uint64(3 ** (d - c0 - w))
        tables.append((value * weight).reshape(-1))
    return tables


def _first_line_pairs(digits: np.ndarray, look: _Lookup, keys: np.ndarray) -> tuple[int, int, int] | None:
    import numpy as np
    n, d = digits.shape
    chunks = _chunk_values(digits)
    tables = _pair_tables(d)
    widths = [3 ** min(CHUNK, d - c0) for c0 in range(0, d, CHUNK)]
    if d <= BYTEMAP_MAX_D:
        present = np.zeros(3 ** d, dtype=np.bool_)
        present[keys.astype(np.int64)] = True
    else:
        present = None
    for i in range(n - 1):
        third = np.zeros(n - i - 1, dtype=np.uint64)
        for values, table, width in zip(chunks, tables, widths):
            third += table[values[i] * width + values[i + 1:]]
        if present is not None:
            hits = np.nonzero(present[third.astype(np.int64)])[0]
            if len(hits) == 0:
                continue
            idx = look.find(third[hits[:1]])
            return i, i + 1 + int(hits[0]), int(idx[0])
        idx = look.find(third)
        hits = np.nonzero(idx >= 0)[0]
        if len(hits):
            return i, i + 1 + int(hits[0]), int(idx[hits[0]])
    return None


def find_line(points: tuple[str, ...], d: int, method: str = "auto") -> tuple[int, int, int] | None:
    """Indices (sorted) of three distinct points summing to 0, or None. Points must be distinct.

    ``method`` is "auto" (Fourier when d <= 13 and the pair count exceeds 2 d 3^d), "fourier" or "pairs".
    """
    import numpy as np
    digits = _digits(points, d)
    keys = _keys(digits)
    look = _Lookup(keys)
    n = len(points)
    if method not in ("auto", "fourier", "pairs"):
        raise ValueError(f"unknown method {method!r}")
    use_fourier = method == "fourier" or (method == "auto" and n * (n - 1) // 2 > 2 * d * 3 ** d)
    if use_fourier and d <= FOURIER_MAX_D:
        r = _pair_sums_fourier(keys, d)
        neg = _keys(((3 - digits.astype(np.int16)) % 3).astype(np.uint8)).astype(np.int64)
        on_line = np.nonzero(r[neg] >= 2)[0]
        if len(on_line) == 0:
            return None
        i = int(on_line[0])
        found = _partner(digits, look, i)
        if found is None:
            raise RuntimeError("capset self-check failed: Fourier count reports a line that the scan cannot find")
        j, k = found
        return tuple(sorted((i, j, k)))
    hit = _first_line_pairs(digits, look, keys)
    return None if hit is None else tuple(sorted(hit))


# ---- d > 40: a random linear sketch to 40 coordinates, then the pair scan with exact confirmation ------

SKETCH_D = 40          # coordinates of the sketch (3^40 < 2^64: its keys are the uint64 keys above)
FILTER_BITS = 24       # a byte map of the sketch keys' low 24 bits filters the candidates before the search


def _digit_rows(points: tuple[str, ...], d: int) -> np.ndarray:
    """The points as an (N, d) uint8 array of digits 0..2 (a view of one joined buffer)."""
    import numpy as np
    raw = np.frombuffer("".join(points).encode("ascii"), dtype=np.uint8).reshape(len(points), d)
    return raw - np.uint8(ord("0"))


def find_line_wide(points: tuple[str, ...], d: int) -> tuple[int, int, int] | None:
    """``find_line`` for any d (used for d > 40, where base-3 keys do not fit 64 bits). Points distinct.

    Why it is exact. With S the sketch (``_sketch.linear_sketch``), a line x_i, x_j, x_k has S(x_k) = -(S(x_i) + S(x_j)),
    so the row scan over the sketches (the chunk tables of ``_first_line_pairs`` on 40 coordinates; a
    byte map of the keys' low 24 bits, then the sorted keys) reports every pair (i, j) that lies on a
    line of the answer; each reported pair is then
    confirmed on the full points: the third point -(x_i + x_j) is computed and looked up in a dict of the
    answer's strings. A pair whose sketch matches only by chance (for a fixed point outside the answer
    and a fixed point of it, probability 3^-40 over the draw of M) is skipped and the scan goes on. The
    scan order (rows i, then j > i) is that of the other paths, so the witness is the same line."""
    import numpy as np

    from ._sketch import linear_sketch          # numpy too: imported only for wide answers
    rows = _digit_rows(points, d)
    sk = linear_sketch(rows, 3, SKETCH_D).astype(np.uint8)   # uniform M in F_3^(d x 40), drawn per check
    keys = _keys(sk)
    look = _Lookup(keys)
    where = {p: t for t, p in enumerate(points)}
    n = len(points)
    chunks = _chunk_values(sk)
    tables = _pair_tables(SKETCH_D)
    widths = [3 ** min(CHUNK, SKETCH_D - c0) for c0 in range(0, SKETCH_D, CHUNK)]
    low = np.zeros(1 << FILTER_BITS, dtype=np.bool_)        # the sketch keys' low bits: a first filter
    mask = np.uint64((1 << FILTER_BITS) - 1)
    low[(keys & mask).astype(np.int64)] = True
    six = np.uint8(6)
    for i in range(n - 1):
        third = np.zeros(n - i - 1, dtype=np.uint64)
        for values, table, width in zip(chunks, tables, widths):
            third += table[values[i] * width + values[i + 1:]]
        passed = np.flatnonzero(low[(third & mask).astype(np.int64)])
        if len(passed) == 0:
            continue
        for h in passed[look.find(third[passed]) >= 0].tolist():
            j = i + 1 + h
            z = ((six - rows[i] - rows[j]) % 3 + np.uint8(ord("0"))).tobytes().decode("ascii")
            k = where.get(z)
            if k is not None:
                return tuple(sorted((i, j, k)))
    return None


def _first_line_small(points: tuple[str, ...]) -> tuple[int, int, int] | None:
    """``_first_line_pairs`` in plain Python: the first row i with a j > i whose third point -(x_i + x_j)
    is in the answer, the smallest such j, and the index of that third point."""
    rows = [tuple(int(c) for c in p) for p in points]
    index = {row: t for t, row in enumerate(rows)}
    for i, u in enumerate(rows):
        for j in range(i + 1, len(rows)):
            k = index.get(tuple((6 - a - b) % 3 for a, b in zip(u, rows[j])))
            if k is not None:
                return i, j, k
    return None


def check(parsed: schema.CapsetAnswer) -> Verdict:
    d, points = parsed.d, parsed.points
    wide = d > schema.DENSE_MAX_D               # no 64-bit base-3 keys: dict of strings, sketch scan
    small = len(points) <= SMALL_MAX
    dup = first_repeat(points) if small or wide else first_duplicate(_keys(_digits(points, d)))
    if dup is not None:
        i, j = dup
        return reject("DUPLICATE", f"point {points[i]} occurs at indices {i} and {j}",
                      {"point": points[i], "indices": [i, j]})
    if wide:
        line = find_line_wide(points, d)
    elif small:
        hit = _first_line_small(points)
        line = None if hit is None else tuple(sorted(hit))
    else:
        line = find_line(points, d)
    if line is not None:
        i, j, k = line
        return reject("PROPERTY_VIOLATION",
                      f"points {points[i]}, {points[j]}, {points[k]} (indices {i}, {j}, {k}) form a line: they sum to 0",
                      {"points": [points[i], points[j], points[k]], "indices": [i, j, k]})
    return accept(len(points), f"cap set of {len(points)} points in F_3^{d}")


def confirm(parsed: schema.CapsetAnswer, w: Witness) -> tuple[bool, str]:
    """Is the other verifier's witness a real duplicate or line? (its syntax is already checked)"""
    points = parsed.points
    if w.kind == "duplicate":
        return confirm_duplicate(points, w.indices)
    trio = [points[t] for t in w.indices]
    if len(set(trio)) != 3:
        return False, "witness points are not distinct"
    ok = all(len({a, b, c}) != 2 for a, b, c in zip(*trio))   # a + b + c = 0 in F_3: all equal or all distinct
    return ok, "line confirmed" if ok else "the three points do not sum to 0"
