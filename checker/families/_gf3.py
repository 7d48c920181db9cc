"""Exact linear algebra over F_3 for the primary verifier of ``trifference`` (python-flint and numpy).

* ``rref`` / ``in_span`` / ``left_kernel``: python-flint ``nmod_mat`` modulo the prime 3 (entries are validated
  to 0..2 before they reach FLINT, and the modulus is the constant 3, so FLINT can neither abort nor reduce
  anything silently).
* ``HyperplaneEngine``: the hyperplane criterion of a ternary linear code for every one of its
  (3^k - 1)/2 projective directions at once, vectorised with numpy (see the class docstring).

Ternary vectors of length <= 16 are *bit-sliced*: a vector v is the pair of integers (v1, v2), bit p of v1
set iff v_p = 1 and bit p of v2 set iff v_p = 2. Then -v = (v2, v1) and v + w is
    t = (v1 | w2) ^ (v2 | w1);  (v + w)1 = (v2 | w2) ^ t;  (v + w)2 = (v1 | w1) ^ t
(checked against the definition on all 9 digit pairs in the tests), which works unchanged on numpy
arrays of such integers (one vector per array element).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from flint import nmod_mat

MOD = 3
_MULTIPLES_OF_3 = np.uint32(sum(1 << d for d in range(0, 25, 3)))


def add(a1, a2, b1, b2):
    """Bit-sliced a + b over F_3 (ints or numpy arrays)."""
    t = (a1 | b2) ^ (a2 | b1)
    return (a2 | b2) ^ t, (a1 | b1) ^ t


# ---- python-flint: rank, row echelon form, membership, kernels ------------------------------------------

def _matrix(rows: list[list[int]], ncols: int) -> nmod_mat:
    for row in rows:
        if len(row) != ncols or any(type(x) is not int or not 0 <= x < MOD for x in row):
            raise ValueError("F_3 matrix entries must be integers 0..2 in rows of equal length")
    if not rows:
        return nmod_mat(0, ncols, [], MOD)
    return nmod_mat([list(r) for r in rows], MOD)


def entries(m: nmod_mat) -> list[list[int]]:
    flat = [int(x) for x in m.entries()]
    c = m.ncols()
    return [flat[i * c:(i + 1) * c] for i in range(m.nrows())]


def rref(rows: list[list[int]], ncols: int) -> tuple[int, list[list[int]]]:
    """(rank, the non-zero rows of the reduced row echelon form) of the matrix with these rows."""
    if not rows:
        return 0, []
    reduced, rank = _matrix(rows, ncols).rref()
    return rank, entries(reduced)[:rank]


def rank(rows: list[list[int]], ncols: int) -> int:
    return 0 if not rows else _matrix(rows, ncols).rank()


def in_span(basis: list[list[int]], vector: list[int]) -> bool:
    """Is ``vector`` in the row space of ``basis`` (rows independent)?"""
    n = len(vector)
    return rank(basis + [vector], n) == len(basis)


def left_kernel(rows: list[list[int]], ncols: int) -> list[list[int]]:
    """A basis of {x : x M = 0} for the k x ncols matrix M with these rows."""
    k = len(rows)
    if ncols == 0:
        return [[int(i == j) for j in range(k)] for i in range(k)]
    transposed = _matrix(rows, ncols).transpose()          # ncols x k
    null, nullity = transposed.nullspace()                  # columns of ``null`` span the kernel
    cols = entries(null)
    return [[cols[i][j] for i in range(k)] for j in range(nullity)]


def span_basis(vectors: np.ndarray, limit: int) -> list[list[int]] | None:
    """Rows of ``vectors`` (an N x n array of 0..2) that form a basis of their span, or None when the rank
    exceeds ``limit``. Exact integer elimination in numpy: after each new basis row every row is
    reduced at its pivot, so the rows left non-zero are exactly those outside the span so far."""
    work = vectors.astype(np.int16) % 3
    chosen: list[list[int]] = []
    while True:
        nonzero = np.flatnonzero(work.any(axis=1))
        if len(nonzero) == 0:
            return chosen
        if len(chosen) == limit:
            return None
        t = int(nonzero[0])
        chosen.append(vectors[t].astype(np.int64).tolist())
        row = work[t].copy()
        pivot = int(np.flatnonzero(row)[0])
        row = (row * row[pivot]) % 3                  # row[pivot] is its own inverse: pivot entry 1
        work = (work - work[:, pivot:pivot + 1] * row[None, :]) % 3


def combine(coeffs: list[int], rows: list[list[int]]) -> list[int]:
    """sum_i coeffs[i] * rows[i] mod 3."""
    n = len(rows[0]) if rows else 0
    out = [0] * n
    for c, row in zip(coeffs, rows):
        if c:
            for j, x in enumerate(row):
                if x:
                    out[j] = (out[j] + c * x) % MOD
    return out


def low_weight_combination(reduced: list[list[int]], m: int) -> list[int] | None:
    """Coefficients (over the rows of a reduced row echelon matrix R of full row rank) of a non-zero
    combination of weight < m, or None. Only m <= 3 is supported.

    Why this is complete: in R every row has a 1 in its own pivot column and 0 in the other pivot
    columns, so a combination with t non-zero coefficients has weight t + (weight outside the pivots).
    Weight <= 2 therefore means one row of weight <= 2, or two rows r, s with r_A = -(l_s/l_r) s_A
    outside the pivots (two rows proportional there), and weight 1 means one row of weight 1.
    """
    if m > 3:
        raise ValueError("low_weight_combination handles m <= 3")
    k = len(reduced)
    if m <= 1 or k == 0:
        return None
    pivots = [next(j for j, x in enumerate(r) if x) for r in reduced]
    for r, row in enumerate(reduced):
        if sum(1 for x in row if x) <= m - 1:
            return [int(i == r) for i in range(k)]
    if m == 3:
        rest = []
        for r, row in enumerate(reduced):
            rest.append(tuple(x for j, x in enumerate(row) if j != pivots[r]))
        seen: dict[tuple, int] = {}
        for r, vec in enumerate(rest):
            lead = next((x for x in vec if x), 0)
            if lead == 0:
                continue
            norm = tuple((x * lead) % MOD for x in vec)       # lead is its own inverse mod 3
            if norm in seen:
                s = seen[norm]
                lead_s = next(x for x in rest[s] if x)
                # lead_s * rest[s] = lead * rest[r] = norm, so rest[r] = lead * lead_s * rest[s]
                coeffs = [0] * k
                coeffs[r] = 1
                coeffs[s] = (-lead * lead_s) % MOD
                return coeffs
            seen[norm] = r
    return None


# ---- the hyperplane criterion for all directions at once -----------------------------------------------

@dataclass(frozen=True)
class Failure:
    """A direction (message u, normalised) whose hyperplane fails the criterion."""
    message: tuple[int, ...]


def projective_messages(k: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Bit-sliced planes of every u in F_3^k whose first non-zero coordinate is 1, in lexicographic order,
    and their digits (one row per u)."""
    if k == 0:
        return np.zeros(0, np.uint16), np.zeros(0, np.uint16), np.zeros((0, 0), np.int64)
    total = 3 ** k
    idx = np.arange(total, dtype=np.int64)
    digits = np.stack([(idx // 3 ** (k - 1 - p)) % 3 for p in range(k)], axis=1)   # row u, column p
    nonzero = digits != 0
    first = np.argmax(nonzero, axis=1)
    keep = nonzero.any(axis=1) & (digits[np.arange(total), first] == 1)
    digits = digits[keep]
    weights = (1 << np.arange(k)).astype(np.int64)
    u1 = ((digits == 1) * weights).sum(axis=1).astype(np.uint16)
    u2 = ((digits == 2) * weights).sum(axis=1).astype(np.uint16)
    return u1, u2, digits


class HyperplaneEngine:
    """Decide, for every projective direction u of a rank-k ternary code with generator G (k independent
    rows, n columns g_j in F_3^k), whether the columns lying in the hyperplane u^perp = {g : u.g = 0}
    span it and (for m = 2, 3) leave a restricted code of minimum distance >= m.

    The restricted code C|Z(c) of the codeword c = uG is generated by the columns of G in u^perp, and its
    dimension is the rank of those columns (at most k - 1, since u annihilates them). All (3^k - 1)/2
    directions are processed together, one column at a time (the same column for every direction):
    each direction keeps a reduced row echelon basis of the span of the columns seen so far in its
    hyperplane (slot p holds the basis vector with pivot p; unused slots are 0). For a column g the
    reduced vector is v = g - sum_p g_p b_p, with the *column's own* digits g_p as coefficients -- the
    same coefficients for every direction, so no per-direction branching is needed; v = 0 iff g is in
    the span. A non-zero v is normalised at its lowest non-zero position q, eliminated from the other
    slots and stored in slot q.

    For m >= 2 every slot also carries its expression in the *inserted columns* (the basis B of the
    restricted matroid, numbered in insertion order), so a dependent column g gets its coordinates
    sum_p g_p E_p with respect to B. With respect to B the restricted generator matrix is in standard
    form [I | A] (the columns of A are the coordinates of the non-basis columns), and a codeword with
    t non-zero coefficients has weight t + wt(combination of rows of A). Hence (given rank k - 1)
      d >= 2  iff  no row of A is zero              (a zero row is a weight-1 codeword),
      d >= 3  iff  every row of A has weight >= 2 and no two rows are proportional
                   (rows a_r = l a_s give the weight-2 codeword e_r - l e_s).
    These are tracked as "row r has a non-zero entry" / "row r has two non-zero entries" bit masks and,
    for every pair of rows, "an entry where they differ" and "an entry where they are not opposite".
    Columns beyond the m-th copy of the same projective point cannot change whether a weight is >= m,
    so each projective point is kept with multiplicity min(multiplicity, m) (m = 1: once).

    A direction is finished as soon as its conditions hold (they are monotone in the columns seen);
    finished directions are dropped from the arrays. The directions left after the last column fail.
    """

    COMPACT_EVERY = 4

    def __init__(self, basis: list[list[int]], m: int):
        if not 1 <= m <= 3:
            raise ValueError("the hyperplane engine handles m = 1, 2, 3")
        self.k = len(basis)
        if self.k > 15:
            raise ValueError("rank too large for 16-bit slices")
        self.m = m
        self.n = len(basis[0]) if basis else 0
        self.columns = self._columns(basis)

    def _columns(self, basis: list[list[int]]) -> list[tuple[int, int]]:
        """Non-zero columns as normalised bit-sliced points, each at most m times, first copies first."""
        k, m = self.k, self.m
        counts: dict[tuple[int, int], int] = {}
        order: list[tuple[int, int]] = []
        for j in range(self.n):
            g1 = g2 = 0
            for p in range(k):
                x = basis[p][j]
                if x == 1:
                    g1 |= 1 << p
                elif x == 2:
                    g2 |= 1 << p
            if not (g1 | g2):
                continue
            low = (g1 | g2) & -(g1 | g2)
            if g2 & low:                    # normalise: lowest non-zero coordinate 1
                g1, g2 = g2, g1
            key = (g1, g2)
            if key not in counts:
                order.append(key)
                counts[key] = 0
            counts[key] += 1
        out = []
        for copy in range(m):
            out.extend(key for key in order if counts[key] > copy)
        return out

    def run(self, sample: int | None = None) -> list[tuple[int, ...]]:
        """The (normalised) messages u of every failing direction, in lexicographic order; with ``sample``,
        only every ``sample``-th direction is examined (a quick first pass: directions that fail are real
        failures, and a code with many of them is rejected without the full run)."""
        k, m = self.k, self.m
        if k <= 1:
            return []      # k = 1: the only hyperplane is {0}; the restricted code is the zero code
        u1, u2, messages = projective_messages(k)
        if sample is not None and sample > 1:
            u1, u2, messages = u1[::sample], u2[::sample], messages[::sample]
        size = len(messages)
        st = _State(k, m, size)
        U1, U2, alive = u1.copy(), u2.copy(), np.arange(size, dtype=np.int64)
        ncols = len(self.columns)
        for step, (g1, g2) in enumerate(self.columns):
            if len(alive) == 0:
                break
            a = (U1 & np.uint16(g1)) | (U2 & np.uint16(g2))
            b = (U1 & np.uint16(g2)) | (U2 & np.uint16(g1))
            # u.g = #(products 1) + 2 #(products 2) = pop(a) - pop(b) mod 3; the difference + 12 is 0..24 and
            # the bit of _MULTIPLES_OF_3 at that position says whether it is divisible by 3
            diff = (np.bitwise_count(a).astype(np.uint32) + np.uint32(12)) - np.bitwise_count(b).astype(np.uint32)
            member = ((_MULTIPLES_OF_3 >> diff) & np.uint32(1)).astype(bool)
            st.insert(g1, g2, member)
            if step % self.COMPACT_EVERY == self.COMPACT_EVERY - 1 or step == ncols - 1:
                keep = ~st.done()
                if not keep.all():
                    alive, U1, U2 = alive[keep], U1[keep], U2[keep]
                    st.keep(keep)
        return [tuple(int(x) for x in messages[int(i)]) for i in alive]


class _State:
    """The per-direction state of :class:`HyperplaneEngine` (one array element per direction)."""

    def __init__(self, k: int, m: int, size: int):
        self.k, self.m = k, m
        self.track = m >= 2
        self.B1 = np.zeros((k, size), np.uint16)      # slot p: basis vector with pivot p (bit-sliced)
        self.B2 = np.zeros((k, size), np.uint16)
        self.rank = np.zeros(size, np.uint8)
        self.full = np.uint16((1 << (k - 1)) - 1)
        if self.track:
            self.E1 = np.zeros((k, size), np.uint16)  # slot p as a combination of the inserted columns
            self.E2 = np.zeros((k, size), np.uint16)
            self.S1 = np.zeros(size, np.uint16)       # bit t: row t of A has a non-zero entry
            self.S2 = np.zeros(size, np.uint16)       # bit t: row t of A has two non-zero entries
            self.shifts = list(range(1, k - 1))
            self.D1 = np.zeros((len(self.shifts), size), np.uint16)   # bit t: rows t, t+s differ somewhere
            self.D2 = np.zeros((len(self.shifts), size), np.uint16)   # bit t: rows t, t+s not opposite somewhere
            self.pair_masks = np.array([(1 << (k - 1 - s)) - 1 for s in self.shifts], np.uint16)[:, None]
            self.shift_column = np.array(self.shifts, np.uint16)[:, None]

    def keep(self, keep: np.ndarray) -> None:
        self.B1, self.B2, self.rank = self.B1[:, keep], self.B2[:, keep], self.rank[keep]
        if self.track:
            self.E1, self.E2 = self.E1[:, keep], self.E2[:, keep]
            self.S1, self.S2 = self.S1[keep], self.S2[keep]
            self.D1, self.D2 = self.D1[:, keep], self.D2[:, keep]

    def done(self) -> np.ndarray:
        ok = self.rank == self.k - 1
        if self.track:
            ok &= self.S1 == self.full
            if self.m == 3:
                ok &= self.S2 == self.full
                if self.shifts:
                    pm = self.pair_masks
                    ok &= (((self.D1 & pm) == pm) & ((self.D2 & pm) == pm)).all(axis=0)
        return ok

    def insert(self, g1: int, g2: int, member: np.ndarray) -> None:
        """Process the column g = (g1, g2) for the directions whose hyperplane contains it (``member``); the
        others are not touched (their state does not depend on g).

        Selections are done with all-ones/all-zeros 16-bit masks (``_mask``) rather than ``np.where``.
        """
        k, track = self.k, self.track
        idx = np.flatnonzero(member)
        if len(idx) == 0:
            return
        size = len(idx)
        B1, B2 = self.B1[:, idx], self.B2[:, idx]
        v1 = np.full(size, g1, np.uint16)
        v2 = np.full(size, g2, np.uint16)
        if track:
            E1, E2 = self.E1[:, idx], self.E2[:, idx]
            c1 = np.zeros(size, np.uint16)
            c2 = np.zeros(size, np.uint16)
        for p in range(k):
            if (g1 >> p) & 1:            # v -= b_p ; acc += E_p
                v1, v2 = add(v1, v2, B2[p], B1[p])
                if track:
                    c1, c2 = add(c1, c2, E1[p], E2[p])
            elif (g2 >> p) & 1:          # v -= 2 b_p, i.e. v += b_p ; acc += 2 E_p
                v1, v2 = add(v1, v2, B1[p], B2[p])
                if track:
                    c1, c2 = add(c1, c2, E2[p], E1[p])
        nz = v1 | v2
        if track:
            zero = np.flatnonzero(nz == 0)
            if len(zero):
                at = idx[zero]
                d1, d2 = c1[zero], c2[zero]
                dz = d1 | d2
                self.S2[at] |= self.S1[at] & dz
                self.S1[at] |= dz
                if self.m == 3 and self.shifts:
                    s16 = self.shift_column                   # every shift at once (one row per shift)
                    e1, e2 = d1[None, :] >> s16, d2[None, :] >> s16
                    self.D1[:, at] |= (d1 ^ e1) | (d2 ^ e2)
                    self.D2[:, at] |= (d1 ^ e2) | (d2 ^ e1)
        new = np.flatnonzero(nz != 0)
        if len(new) == 0:
            return
        at = idx[new]
        w1, w2, z = v1[new], v2[new], nz[new]
        Q = z & (~z + np.uint16(1))                   # lowest non-zero position (one bit)
        flip = _mask((w2 & Q) != 0)                   # normalise the pivot entry to 1
        n1 = (w2 & flip) | (w1 & ~flip)
        n2 = (w1 & flip) | (w2 & ~flip)
        B1, B2 = B1[:, new], B2[:, new]
        h1 = _mask((B1 & Q) != 0)                     # entry of each slot at the new pivot
        h2 = _mask((B2 & Q) != 0)
        # b_r -= h * vn : h = 1 -> add -vn ; h = 2 -> add vn
        B1, B2 = add(B1, B2, (n2 & h1) | (n1 & h2), (n1 & h1) | (n2 & h2))
        slot = np.bitwise_count(Q - np.uint16(1)).astype(np.int64)    # log2 of the one-bit Q
        cols = np.arange(len(new))
        B1[slot, cols] = n1
        B2[slot, cols] = n2
        self.B1[:, at], self.B2[:, at] = B1, B2
        if track:
            et = (np.uint16(1) << self.rank[at].astype(np.uint16)).astype(np.uint16)
            x1, x2 = add(et, np.zeros_like(et), c2[new], c1[new])     # e_t - acc
            f1 = (x2 & flip) | (x1 & ~flip)
            f2 = (x1 & flip) | (x2 & ~flip)
            E1, E2 = E1[:, new], E2[:, new]
            E1, E2 = add(E1, E2, (f2 & h1) | (f1 & h2), (f1 & h1) | (f2 & h2))
            E1[slot, cols] = f1
            E2[slot, cols] = f2
            self.E1[:, at], self.E2[:, at] = E1, E2
        self.rank[at] += 1


def _mask(flags: np.ndarray) -> np.ndarray:
    """Booleans as 16-bit masks: True -> 0xFFFF, False -> 0."""
    return np.uint16(0) - flags.astype(np.uint16)
