"""Primary check of the ``apfree_q`` family (progression-free sets in F_q^n, q in {3, 5, 7}).

What is checked: the answer (shared schema ``endless_exam.certificates.schemas.apfree_q``) is a list of distinct points of
F_q^n with no three distinct points x, y, z such that x + z = 2y in every coordinate (mod q).

Why the check is sufficient. For a set A write r(w) = #{(x, z) in A^2 : x + z = w}. A point y of A is
the middle of a progression of A iff r(2y) >= 2: the pair (y, y) is always counted, and any other
pair (x, z) with x + z = 2y has x != z and x, z != y (x = y forces z = y; x = z forces 2x = 2y, so
x = y because 2 is invertible for odd q). Conversely a progression x, y, z of distinct points gives the
pair (x, z) != (y, y). So A is progression-free iff r(2y) = 1 for every y in A.

Algorithms (exact integer arithmetic throughout):
* Fourier (used when q^(n+1) <= ``FOURIER_MAX_CELLS`` and there are many points): the transform of
  the indicator of A over the group F_q^n with values in the group ring R = Z[X]/(X^q - 1), where
  X stands for a primitive q-th root of unity z: A^(xi) = sum_{a in A} X^(xi.a). Multiplying by X^s
  is a cyclic shift of the q coefficients, so the transform is a sequence of shifts and additions.
  The map R -> Z[z] (X -> z) is a ring homomorphism, and in Z[z]
  sum_xi z^(-xi.w) A^(xi)^2 = q^n r(w). The computation is done in R and then mapped to Z[z]:
  sum_k e_k X^k maps to the integer m iff e_1 = ... = e_(q-1) and then m = e_0 - e_1 (1, z, ...,
  z^(q-2) is a Z-basis of Z[z] and z^(q-1) = -(1 + ... + z^(q-2))). Both conditions and the exact
  division by q^n are checked (a failure is an internal error, never a verdict), as are
  sum_w r(w) = |A|^2 and r(2a) >= 1 for every a in A. No overflow: every coefficient is a
  non-negative integer; after the forward transform each cell's coefficients sum to |A|, after
  squaring to |A|^2, after the inverse transform to q^n |A|^2 <= 2^23 * 4*10^8 < 2^63 (int64).
  Cost O(n q^(n+2)).
* otherwise every unordered pair {x, z} of points is formed (one row i at a time, vectorised with
  numpy over j > i): its midpoint y = (x + z) (q + 1)/2 has base-q key given by per-chunk tables
  (chunks of w coordinates, table entry for the chunk values u, v); the key is tested in a dense byte
  map of F_q^n. For distinct x, z the midpoint differs from both, so a hit is a progression.
* q^n > 2^24 (issue 21; at most 12,544 points there, by the schema): the points are mapped by a
  random F_q-linear sketch to F_q^k with q^k < 2^63 (k = 39, 27, 22 for q = 3, 5, 7; an int64 matrix
  product with a fresh uniform matrix per check), the pair scan above runs on the sketches (a
  progression of the answer is one of the sketches) with a byte map of the keys' low bits and sorted
  keys instead of the dense map, and every reported pair is confirmed on the full points
  (``find_progression_wide``).
A witness is {"points": [x, y, z], "indices": [i, j, k]} with y the middle (x + z = 2y) and i < k.
Duplicates are found by sorting the base-q keys (q^n <= 2^24, so keys are exact in int64), or by a
dict of the points beyond.

Libraries: numpy: the exact Fourier pair counts and the packed pair scan on validated digits.
"""
from __future__ import annotations


import numpy as np

from endless_exam.certificates.schemas import apfree_q as schema
from endless_exam.certificates.witness import Witness
from endless_exam.certificates.verdict import Verdict, accept, reject

from ._duplicates import confirm_duplicate, first_duplicate, first_repeat
from ._sketch import linear_sketch
from .spec import FamilySpec

LIBRARIES = ("numpy",)   # distributions this verifier's process loads for the family


def eg_bound(q: int, n: int) -> int:
    """Ellenberg-Gijswijt: 3 * #{e in [0, q-1]^n : sum(e) <= floor((q-1) n / 3)}, counted exactly."""
    limit = (q - 1) * n // 3
    counts = [1] + [0] * limit            # counts[s] = number of exponent prefixes with sum s
    for _ in range(n):
        new = [0] * (limit + 1)
        for s, c in enumerate(counts):
            if c:
                for e in range(q):
                    if s + e > limit:
                        break
                    new[s + e] += c
        counts = new
    return 3 * sum(counts)


BOUND_MAX_N = 200   # the bound is counted up to here (a DP of about q (q - 1) n^2 / 3 steps); none beyond


def _bound(p: dict) -> tuple[int, str] | None:
    if p["n"] > BOUND_MAX_N:
        return None
    return eg_bound(p["q"], p["n"]), "bound"


SPEC = FamilySpec(key="apfree_q", bound=_bound)

FOURIER_MAX_CELLS = 2 ** 23     # q^(n+1) cells of int64 per transform array
_PAIR_TABLE_MAX = 2 ** 20       # entries of one chunk table (q^(2w))


# ---- encodings ------------------------------------------------------------------------------------

def _digits(points: tuple[str, ...], n: int) -> np.ndarray:
    raw = np.frombuffer("".join(points).encode("ascii"), dtype=np.uint8)
    return (raw.reshape(len(points), n) - ord("0")).astype(np.int64)


def _weights(q: int, n: int) -> np.ndarray:
    return q ** np.arange(n - 1, -1, -1, dtype=np.int64)     # coordinate 0 most significant


def _keys(digits: np.ndarray, q: int) -> np.ndarray:
    return (digits % q) @ _weights(q, digits.shape[1])


class _Lookup:
    """Answer index of base-q keys (the points are distinct)."""

    def __init__(self, keys: np.ndarray) -> None:
        self.order = np.argsort(keys, kind="stable")
        self.sorted = keys[self.order]

    def find(self, queries: np.ndarray) -> np.ndarray:
        pos = np.minimum(np.searchsorted(self.sorted, queries), len(self.sorted) - 1)
        return np.where(self.sorted[pos] == queries, self.order[pos], -1)


# ---- Fourier count in Z[X]/(X^q - 1) -----------------------------------------------------------------

def _transform(cells: np.ndarray, q: int, n: int, sign: int) -> np.ndarray:
    """Transform along every coordinate axis; ``cells`` has shape (q^n, q) (last axis: coefficients)."""
    for axis in range(n):
        pre, post = q ** axis, q ** (n - 1 - axis)
        view = cells.reshape(pre, q, post, q)
        out = np.zeros_like(view)
        for a in range(q):
            block = view[:, a]                                   # (pre, post, q)
            for xi in range(q):
                shift = (sign * xi * a) % q
                if shift == 0:
                    out[:, xi] += block
                else:
                    out[:, xi] += np.roll(block, shift, axis=-1)  # multiplication by X^shift
        cells = out.reshape(q ** n, q)
    return cells


def pair_counts_fourier(keys: np.ndarray, q: int, n: int) -> np.ndarray:
    """r(w) = #{(x, z) in A^2 : x + z = w} for every w in F_q^n (index = base-q key)."""
    size = q ** n
    m = len(keys)
    if size * q > FOURIER_MAX_CELLS or size * m * m >= 2 ** 63:
        raise RuntimeError("apfree_q Fourier count called outside its proven no-overflow range")
    cells = np.zeros((size, q), dtype=np.int64)
    cells[keys, 0] = 1
    cells = _transform(cells, q, n, +1)
    sq = np.zeros_like(cells)
    for i in range(q):                                            # cyclic self-convolution of coefficients
        for j in range(q):
            sq[:, (i + j) % q] += cells[:, i] * cells[:, j]
    cells = _transform(sq, q, n, -1)
    rest = cells[:, 1:]
    if np.any(rest != rest[:, :1]):
        raise RuntimeError("apfree_q Fourier self-check failed: the inverse transform is not an integer")
    value = cells[:, 0] - cells[:, 1]
    if np.any(value < 0) or np.any(value % size != 0):
        raise RuntimeError("apfree_q Fourier self-check failed: the inverse transform is not q^n r(w)")
    r = value // size
    if int(r.sum()) != m * m:
        raise RuntimeError("apfree_q Fourier self-check failed: the pair counts do not add up to |A|^2")
    return r


# ---- pair scan ---------------------------------------------------------------------------------------

def _chunk_width(q: int) -> int:
    w = 1
    while q ** (2 * (w + 1)) <= _PAIR_TABLE_MAX:
        w += 1
    return w


def _chunks(q: int, n: int) -> list[tuple[int, int]]:
    w = _chunk_width(q)
    return [(c0, min(w, n - c0)) for c0 in range(0, n, w)]


def _chunk_values(digits: np.ndarray, q: int) -> list[np.ndarray]:
    out = []
    for c0, w in _chunks(q, digits.shape[1]):
        out.append(digits[:, c0:c0 + w] @ (q ** np.arange(w - 1, -1, -1, dtype=np.int64)))
    return out


def _midpoint_tables(q: int, n: int) -> list[np.ndarray]:
    """table[c][u * q^w + v] = base-q key contribution of the midpoint of chunk values u and v."""
    half = (q + 1) // 2
    tables = []
    for c0, w in _chunks(q, n):
        size = q ** w
        vals = np.arange(size, dtype=np.int64)
        dig = np.stack([(vals // q ** (w - 1 - t)) % q for t in range(w)], axis=1)       # (size, w)
        mid = ((dig[:, None, :] + dig[None, :, :]) * half) % q                            # (size, size, w)
        contrib = mid @ (q ** np.arange(w - 1, -1, -1, dtype=np.int64))
        tables.append((contrib * q ** (n - c0 - w)).reshape(-1))
    return tables


def _first_pair_progression(digits: np.ndarray, q: int, keys: np.ndarray) -> tuple[int, int, int] | None:
    """(i, middle, k) for the first pair i < k (row-major) whose midpoint is in the set."""
    m, n = digits.shape
    present = np.zeros(q ** n, dtype=np.bool_)
    present[keys] = True
    values = _chunk_values(digits, q)
    tables = _midpoint_tables(q, n)
    widths = [q ** w for _, w in _chunks(q, n)]
    look = _Lookup(keys)
    for i in range(m - 1):
        mid = np.zeros(m - i - 1, dtype=np.int64)
        for vals, table, width in zip(values, tables, widths):
            mid += table[vals[i] * width + vals[i + 1:]]
        hits = np.nonzero(present[mid])[0]
        if len(hits):
            h = int(hits[0])
            middle = int(look.find(mid[h:h + 1])[0])
            if middle < 0:
                raise RuntimeError("apfree_q self-check failed: a present midpoint has no index")
            return i, middle, i + 1 + h
    return None


def _partner(digits: np.ndarray, q: int, look: _Lookup, j: int) -> tuple[int, int] | None:
    """Ends (i, k), i < k, of a progression with middle j (first end in answer order)."""
    m = digits.shape[0]
    other = look.find(_keys(2 * digits[j] - digits, q))
    idx = np.arange(m)
    cand = np.nonzero((other >= 0) & (idx != j))[0]
    if len(cand) == 0:
        return None
    i = int(cand[0])
    k = int(other[i])
    return (i, k) if i < k else (k, i)


# ---- q^n > 2^24: a random linear sketch, the pair scan on it, every candidate confirmed ---------------

SKETCH_N = {3: 39, 5: 27, 7: 22}    # coordinates of the sketch: q^k < 2^63, so its keys are int64
FILTER_BITS = 24                    # a byte map of the sketch keys' low 24 bits filters the candidates


def find_progression_wide(points: tuple[str, ...], q: int, n: int) -> tuple[int, int, int] | None:
    """``find_progression`` for any n (used when q^n > 2^24, where no dense table of F_q^n is kept).

    Why it is exact. With S the sketch (``_sketch.linear_sketch``), a progression x_i, x_j, x_k of the
    answer has S(x_j) = (S(x_i) + S(x_k))(q + 1)/2, so the row scan of ``_first_pair_progression`` run on the sketches (its
    chunk tables on k = ``SKETCH_N[q]`` coordinates; a byte map of the keys' low bits, then the sorted
    keys) reports every pair (i, k) whose midpoint is in the answer; each reported pair is confirmed on
    the full points (the midpoint's string looked up in a dict of the answer). A chance match (for a
    fixed point outside the answer and one in it, probability q^-k < 2^-60 over the draw of M) is
    skipped. The order (rows i, then k > i) and so the witness are those of the dense scan."""
    digits = _digits(points, n)
    k = SKETCH_N[q]
    sk = linear_sketch(digits, q, k)
    keys = _keys(sk, q)
    look = _Lookup(keys)
    where = {p: t for t, p in enumerate(points)}
    mask = (1 << FILTER_BITS) - 1
    low = np.zeros(1 << FILTER_BITS, dtype=np.bool_)
    low[keys & mask] = True
    values = _chunk_values(sk, q)
    tables = _midpoint_tables(q, k)
    widths = [q ** w for _, w in _chunks(q, k)]
    half = (q + 1) // 2
    m = len(points)
    for i in range(m - 1):
        mid = np.zeros(m - i - 1, dtype=np.int64)
        for vals, table, width in zip(values, tables, widths):
            mid += table[vals[i] * width + vals[i + 1:]]
        passed = np.flatnonzero(low[mid & mask])
        if len(passed) == 0:
            continue
        for h in passed[look.find(mid[passed]) >= 0].tolist():
            other = i + 1 + h
            y = ((digits[i] + digits[other]) * half % q + ord("0")).astype(np.uint8).tobytes().decode("ascii")
            middle = where.get(y)
            if middle is not None:
                return i, middle, other
    return None


def find_progression(points: tuple[str, ...], q: int, n: int, method: str = "auto") -> tuple[int, int, int] | None:
    """(i, j, k) with points[i] + points[k] = 2 points[j], i < k, all distinct; or None. Points distinct.

    ``method``: "auto" (Fourier when q^(n+1) <= FOURIER_MAX_CELLS and the pairs outnumber the
    transform's work), "fourier" (raises ValueError when out of range) or "pairs".
    """
    if method not in ("auto", "fourier", "pairs"):
        raise ValueError(f"unknown method {method!r}")
    digits = _digits(points, n)
    keys = _keys(digits, q)
    m = len(points)
    fits = q ** (n + 1) <= FOURIER_MAX_CELLS
    if method == "fourier" and not fits:
        raise ValueError(f"the Fourier method needs q^(n+1) <= {FOURIER_MAX_CELLS}")
    use_fourier = method == "fourier" or (method == "auto" and fits and m * (m - 1) // 2 > 2 * n * q ** (n + 2))
    if use_fourier:
        r = pair_counts_fourier(keys, q, n)
        twice = _keys(2 * digits, q)
        if np.any(r[twice] < 1):
            raise RuntimeError("apfree_q Fourier self-check failed: r(2a) = 0 for a point a of the set")
        middles = np.nonzero(r[twice] >= 2)[0]
        if len(middles) == 0:
            return None
        j = int(middles[0])
        ends = _partner(digits, q, _Lookup(keys), j)
        if ends is None:
            raise RuntimeError("apfree_q self-check failed: the Fourier count reports a progression the scan cannot find")
        return ends[0], j, ends[1]
    return _first_pair_progression(digits, q, keys)


def check(parsed: schema.ApfreeAnswer) -> Verdict:
    q, n, points = parsed.q, parsed.n, parsed.points
    wide = n > schema.N_MAX[q]                  # q^n > 2^24: no dense table of F_q^n
    dup = first_repeat(points) if wide else first_duplicate(_keys(_digits(points, n), q))
    if dup is not None:
        i, j = dup
        return reject("DUPLICATE", f"point {points[i]} occurs at indices {i} and {j}",
                      {"point": points[i], "indices": [i, j]})
    hit = find_progression_wide(points, q, n) if wide else find_progression(points, q, n)
    if hit is not None:
        i, j, k = hit
        return reject("PROPERTY_VIOLATION",
                      f"points {points[i]}, {points[j]}, {points[k]} (indices {i}, {j}, {k}) form a progression: "
                      f"{points[i]} + {points[k]} = 2 * {points[j]} mod {q}",
                      {"points": [points[i], points[j], points[k]], "indices": [i, j, k]})
    return accept(len(points), f"progression-free set of {len(points)} points in F_{q}^{n}")


def confirm(parsed: schema.ApfreeAnswer, w: Witness) -> tuple[bool, str]:
    """Is the other verifier's witness a real duplicate or progression? (its syntax is already checked)"""
    points, q = parsed.points, parsed.q
    if w.kind == "duplicate":
        return confirm_duplicate(points, w.indices)
    trio = [points[t] for t in w.indices]
    if len(set(trio)) != 3:
        return False, "witness points are not distinct"
    d = _digits(tuple(trio), parsed.n)
    ok = bool(np.all((d[0] + d[2] - 2 * d[1]) % q == 0))
    return ok, "progression confirmed" if ok else "the ends do not sum to twice the middle"
