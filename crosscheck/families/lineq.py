"""Second check of the ``lineq`` family (independent of ``endless_exam.checker.families.lineq``).

Checked: the elements (shared schema ``endless_exam.certificates.schemas.lineq``) are distinct, and no element z is the
middle of a solution: there is no t != 0 with z + b' t and z - a' t both in the set, where
g = gcd(a, b), a' = a/g, b' = b/g.

Why this is the definition. a x + b y = (a + b) z  <=>  a'(x - z) = b'(z - y). As gcd(a', b') = 1,
b' divides x - z: x - z = b' t, and then z - y = a' t, for one integer t. t = 0 is exactly the trivial
solution x = y = z, and t != 0 gives x != z != y != x. So the solutions other than x = y = z are the
triples (z + b' t, z - a' t, z) with t != 0, and it suffices to look, for every z in the set, for a
t != 0 with both other points present. Every solution is found from its middle element z.

Path: plain Python integers used as bitsets (sympy and z3 cannot do 20,000 middles over n up to 10^6
in the time limit; this is an independent exact algorithm, unlike the primary's polynomial product).
The elements of each residue class c mod b' are stored in an integer X[c] with bit (x - c)/b' set
(and XR[c], the same bits mirrored), those of each class e mod a' in Y[e] (and YR[e]; the same
integers as X, XR when a' = b' = 1); the bits are laid out with numpy and read as integers. For z with
j = (z - c)/b', k = (z - e)/a' (c = z mod b', e = z mod a'):
  * t > 0: bit t - 1 of X[c] >> (j + 1) says z + b' t is present, bit t - 1 of YR[e] >> (MY - k + 1)
    says z - a' t is present (MY = the mirror width of Y[e] minus one);
  * t = -u < 0: bit u - 1 of XR[c] >> (MX - j + 1) says z - b' u is present, bit u - 1 of
    Y[e] >> (k + 1) says z + a' u is present.
A nonzero AND is a solution; its lowest set bit gives |t|. Cost O(N n / (64 min(a', b'))) word
operations, so the bitsets are used only for n <= 10^6 and a', b' <= 1000. Beyond (n up to 10^12, a, b
up to 10^6; issue 21) ``_find_sparse`` looks, for each middle z, at the elements above z in z's classes
mod b' and mod a' (the candidates x = z + b't and y = z + a'u) and tests the counterpart through a
multiply-shift hash filter and a Python set: at most N^2 candidates, about 7 s for 20,000 elements of
one class. The z3 formal oracle lives in ``endless_exam.crosscheck.oracle.lineq``.

Libraries: plain Python (integer bitsets and shifts, the exact set lookups); numpy lays out the bits of
the bitsets and vectorises the sparse path's candidates per middle.
"""
from __future__ import annotations

import math

import numpy as np

from endless_exam.certificates.schemas import lineq as schema
from endless_exam.certificates.witness import Witness
from endless_exam.certificates.verdict import Verdict, accept, reject

LIBRARIES = ("numpy",)   # distributions this verifier's process loads for the family



def _class_bitsets(vals: np.ndarray, step: int, n: int) -> tuple[list[int], list[int], list[int]]:
    """For each class c mod step: bitset of (x - c)/step, its mirror, and the mirror offset M_c.

    The bits are laid out in a (step, width + 1) boolean array, one row per class, packed to bytes
    with ``numpy.packbits`` (bit i of byte k is position 8 k + i) and read as little-endian integers."""
    width = [(n - c) // step for c in range(step)]     # largest index of class c inside 0..n
    cols = n // step + 1
    cls = vals % step
    idx = (vals - cls) // step
    fwd_bits = np.zeros((step, cols), dtype=np.bool_)
    fwd_bits[cls, idx] = True
    rev_bits = np.zeros((step, cols), dtype=np.bool_)
    rev_bits[cls, np.asarray(width, dtype=np.int64)[cls] - idx] = True
    fwd_bytes = np.packbits(fwd_bits, axis=1, bitorder="little")
    rev_bytes = np.packbits(rev_bits, axis=1, bitorder="little")
    fwd = [int.from_bytes(fwd_bytes[c].tobytes(), "little") for c in range(step)]
    rev = [int.from_bytes(rev_bytes[c].tobytes(), "little") for c in range(step)]
    return fwd, rev, width


BITSET_MAX_N = 1_000_000     # the bitsets up to this n (with a', b' <= BITSET_MAX_COEF); sparse beyond
BITSET_MAX_COEF = 1000
FILTER_BITS = 24             # the sparse path's filter: 2^24 cells addressed by a multiply-shift hash


def find_solution(elements: tuple[int, ...], a: int, b: int, n: int,
                  sparse: bool | None = None) -> tuple[int, int, int] | None:
    """(i, j, k): answer indices of x, y, z with a x + b y = (a + b) z, x != y; the first middle z in answer order
    (and for it the smallest |t|, t > 0 first). ``sparse`` forces a path (None: bitsets while n and a', b'
    are small, see ``BITSET_MAX_N``)."""
    g = math.gcd(a, b)
    a1, b1 = a // g, b // g
    if sparse is None:
        sparse = n > BITSET_MAX_N or max(a1, b1) > BITSET_MAX_COEF
    if sparse:
        return _find_sparse(elements, a1, b1)
    vals = np.fromiter(elements, dtype=np.int64, count=len(elements))
    X, XR, MX = _class_bitsets(vals, b1, n)
    Y, YR, MY = (X, XR, MX) if a1 == b1 else _class_bitsets(vals, a1, n)
    for k_idx, z in enumerate(elements):
        c, e = z % b1, z % a1
        j, k = (z - c) // b1, (z - e) // a1
        pos = (X[c] >> (j + 1)) & (YR[e] >> (MY[e] - k + 1))
        neg = (XR[c] >> (MX[c] - j + 1)) & (Y[e] >> (k + 1))
        if pos or neg:
            tp = (pos & -pos).bit_length() if pos else None
            tn = (neg & -neg).bit_length() if neg else None
            t = tp if tn is None or (tp is not None and tp <= tn) else -tn
            x, y = z + b1 * t, z - a1 * t
            return elements.index(x), elements.index(y), k_idx
    return None


class _Classes:
    """The elements of each residue class mod ``step``, sorted, as int64 arrays."""

    def __init__(self, vals: np.ndarray, step: int) -> None:
        self.step = step
        residue = vals % step
        order = np.lexsort((vals, residue))
        res, sv = residue[order], vals[order]
        cut = np.flatnonzero(res[1:] != res[:-1]) + 1
        self.of = {int(part[0] % step): part for part in np.split(sv, cut)}

    def above(self, z: int) -> np.ndarray:
        """The elements of z's class that are larger than z, increasing."""
        part = self.of[z % self.step]
        return part[int(np.searchsorted(part, z, side="right")):]


def _find_sparse(elements: tuple[int, ...], a1: int, b1: int) -> tuple[int, int, int] | None:
    """``find_solution`` for any n: for each middle z in answer order, the partners larger than z.

    A solution z + b't, z - a't with t > 0 has x = z + b't > z in z's class mod b'; one with t = -u < 0
    has y = z + a'u > z in z's class mod a'. So for each z the elements above z in its class mod b' give
    the t > 0 candidates (then y = z - a't is looked up) and those above z in its class mod a' give the
    t < 0 candidates (x = z - b'u looked up); both lists are increasing in |t|. When a' = b' the two
    lists are the same and a t < 0 solution is the t > 0 one with x and y exchanged, so only t > 0 is
    searched. Lookups: a filter of 2^FILTER_BITS booleans addressed by the multiply-shift hash
    (x * M mod 2^64) >> (64 - FILTER_BITS) with a random odd M drawn per check (so no submitted set can
    be prepared to collide), then the exact test in a Python set for the values that pass. A member
    always passes, so the result is exact; a non-member passes with probability at most
    2 |A| / 2^FILTER_BITS < 0.003. Cost: at most |A|^2 candidates (|A|^2 / 2 when a' = b'), vectorised
    per middle."""
    import secrets

    vals = np.fromiter(elements, dtype=np.int64, count=len(elements))
    mult = np.uint64(secrets.randbits(64) | 1)
    shift = np.uint64(64 - FILTER_BITS)

    def home(v: np.ndarray) -> np.ndarray:
        return ((v.astype(np.uint64) * mult) >> shift).astype(np.int64)   # uint64 multiply wraps mod 2^64

    passes = np.zeros(1 << FILTER_BITS, dtype=np.bool_)
    passes[home(vals)] = True
    present = set(elements)
    by_x = _Classes(vals, b1)
    by_y = by_x if a1 == b1 else _Classes(vals, a1)

    def smallest(partners: np.ndarray, step: int, other: int, z: int) -> int | None:
        """The smallest |t| = (p - z)/step over partners p whose counterpart z - other |t| is present."""
        mags = (partners - z) // step
        counter = z - other * mags
        cand = np.flatnonzero((counter >= 1) & passes[home(counter)])
        for c in cand.tolist():
            if int(counter[c]) in present:
                return int(mags[c])
        return None

    for k_idx, z in enumerate(elements):
        tp = smallest(by_x.above(z), b1, a1, z)
        tn = None if a1 == b1 else smallest(by_y.above(z), a1, b1, z)
        if tp is None and tn is None:
            continue
        t = tp if tn is None or (tp is not None and tp <= tn) else -tn
        x, y = z + b1 * t, z - a1 * t
        return elements.index(x), elements.index(y), k_idx
    return None


def check(parsed: schema.LineqAnswer) -> Verdict:
    a, b, n, elements = parsed.a, parsed.b, parsed.n, parsed.elements
    if len(set(elements)) != len(elements):
        seen: dict[int, int] = {}
        for j, v in enumerate(elements):
            if v in seen:
                return reject("DUPLICATE", f"{v} occurs at indices {seen[v]} and {j}", {"value": v, "indices": [seen[v], j]})
            seen[v] = j
    hit = find_solution(elements, a, b, n)
    if hit is not None:
        i, j, k = hit
        x, y, z = elements[i], elements[j], elements[k]
        if a * x + b * y != (a + b) * z or x == y:
            raise RuntimeError("lineq second self-check failed: the found triple is not a non-trivial solution")
        return reject("PROPERTY_VIOLATION",
                      f"non-trivial solution {a}*{x} + {b}*{y} = {a + b}*{z} (indices {i}, {j}, {k})",
                      {"solution": [x, y, z], "indices": [i, j, k]})
    return accept(len(elements), f"set of {len(elements)} integers in 1..{n} free of {a}x + {b}y = {a + b}z")


def confirm(parsed: schema.LineqAnswer, w: Witness) -> tuple[bool, str]:
    """Re-check the primary's witness in plain Python (its syntax is already checked)."""
    elements = parsed.elements
    if w.kind == "duplicate":
        u, v = (elements[t] for t in w.indices)
        return u == v, "duplicate confirmed" if u == v else "the indexed values are not the same"
    x, y, z = (elements[t] for t in w.indices)
    a, b = parsed.a, parsed.b
    ok = (a * x + b * y == (a + b) * z) and (x != y or y != z)
    return ok, "solution confirmed" if ok else "the indexed elements do not solve the equation non-trivially"
