"""Second check of the ``kakeya`` control family (independent of ``endless_exam.checker.families.kakeya``).

Checked: the points (shared schema ``endless_exam.certificates.schemas.kakeya``) are distinct, and for every direction v
(non-zero vectors of F_q^n up to non-zero scalar multiples, enumerated here as the vectors whose
first non-zero coordinate is 1) there is a point a with a + t v in K for every t in F_q.

Algorithm (different from the primary, which counts the points of K on each line through a
projection), per direction v in lexicographic order:
* first the definition itself, in plain Python, from the first ``WALKS`` (4) points a of the answer:
  walk a, a + v, a + 2v, ... round the line (q steps, t -> a + t v is a bijection F_q -> line) and stop
  at the first point not in K. A walk that comes round decides v (the whole line lies in K); the
  walks decide nothing otherwise. For a large set (all of F_13^4) this decides every direction;
* the directions no walk decides are evaluated for ALL base points a of F_q^n at once, on a dense
  boolean array M of shape (q,)*n holding the indicator of K. For a window length L let
W_L(a) = M(a) and M(a + v) and ... and M(a + (L-1) v). Then W_1 = M and
W_(L+L')(a) = W_L(a) and W_L'(a + L v), and a shift a -> a + s v of the whole array is
``numpy.roll`` along every axis (indices are taken mod q, which is exactly arithmetic in F_q^n).
W_q is assembled from the binary expansion of q with about 2 log2(q) shifted ANDs, and a line in
direction v lies in K iff W_q(a) holds for some a (its q points a, a + v, ..., a + (q-1) v are the
whole line, because t -> a + t v is a bijection F_q -> line). Everything is boolean, hence exact.
The walks cost at most 4 q set look-ups per direction, against about 2 log2(q) q^n cells for the
shifted ANDs, so an undecided walk adds little.
* q = 2 (issue 31): a line is a pair {a, a + v}, and the number of such pairs in K for every v at once
  is the autocorrelation of the indicator of K over (Z/2)^n, computed exactly with two Walsh-Hadamard
  transforms on int64 (``f2_first_missing_direction``): O(n 2^n) operations instead of a shifted
  window per direction (F_2^14: 16,383 directions).

Path: plain Python and numpy (sympy and z3 have nothing to add to boolean array logic at this size);
witnesses of the primary are re-checked in plain Python with sets of tuples ("any base point": for
each a in K test whether a + t v is in K for all t). The z3 oracle is ``endless_exam.crosscheck.oracle.kakeya``.

Libraries: sympy: re-derives that q is prime (the field F_q the algorithm relies on); numpy: the shifted-bitmap AND over F_q^n; plain Python: the walks from the first points and the witnesses.
"""
from __future__ import annotations

import itertools

import numpy as np

from endless_exam.certificates.schemas import kakeya as schema
from endless_exam.certificates.witness import Witness
from endless_exam.certificates.verdict import Verdict, accept, reject

from ._repeats import duplicate

LIBRARIES = ("numpy", "sympy")   # distributions this verifier's process loads for the family
PRELOAD = ("sympy.ntheory",)   # imported lazily by the check; the zygote imports it once


def normalised_directions(q: int, n: int):
    """Vectors of F_q^n whose first non-zero coordinate is 1, in lexicographic order."""
    for v in itertools.product(range(q), repeat=n):
        for c in v:
            if c:
                if c == 1:
                    yield v
                break


def _shift(arr: np.ndarray, v: tuple[int, ...], s: int, q: int) -> np.ndarray:
    """out[a] = arr[a + s v] (indices mod q)."""
    shifts = tuple((-s * c) % q for c in v)
    axes = tuple(c for c in range(len(v)) if shifts[c])
    if not axes:
        return arr
    return np.roll(arr, tuple(shifts[c] for c in axes), axis=axes)


def has_line(indicator: np.ndarray, v: tuple[int, ...], q: int) -> bool:
    window, length = indicator, 1          # window[a] = all of a, a+v, ..., a+(length-1)v in K
    result, offset = None, 0               # result[a] = all of a, ..., a+(offset-1)v in K
    remaining = q
    while remaining:
        if remaining & 1:
            part = _shift(window, v, offset, q)
            result = part if result is None else (result & part)
            offset += length
        remaining >>= 1
        if remaining:
            window = window & _shift(window, v, length, q)
            length *= 2
    if offset != q:
        raise RuntimeError("kakeya self-check failed: the window does not have length q")
    return bool(result.any())


WALKS = 4                   # base points walked per direction before the shifted-window AND decides it


def walk_finds_line(members: set, starts: tuple[tuple[int, ...], ...], v: tuple[int, ...], q: int) -> bool:
    """Plain Python, the definition from a few base points: is a + t v in K for every t, for one of the
    points a in ``starts``? (True decides the direction; False decides nothing.) The points a + t v,
    t = 1..q-1, are generated lazily, coordinate by coordinate, and the walk stops at the first one
    missing from K."""
    mod = q.__rmod__                                                  # x -> x % q
    for a in starts:
        line = zip(*[map(mod, range(x + c, x + q * c, c)) if c else itertools.repeat(x, q - 1)
                     for x, c in zip(a, v)])
        if members.issuperset(line):                                  # stops at the first point not in K
            return True
    return False


def first_missing_direction(points: tuple[tuple[int, ...], ...], q: int, n: int,
                            members: set | None = None) -> tuple[int, ...] | None:
    """The first normalised direction (lexicographic order) without a line in K; the points are distinct."""
    members = set(points) if members is None else members
    starts = points[:WALKS]
    indicator = None
    for v in normalised_directions(q, n):
        if walk_finds_line(members, starts, v, q):
            continue
        if indicator is None:
            indicator = np.zeros((q,) * n, dtype=np.bool_)
            indicator[tuple(np.array(points, dtype=np.int64).reshape(len(points), n).T)] = True
        if not has_line(indicator, v, q):
            return v
    return None


def walsh_hadamard(f: np.ndarray) -> np.ndarray:
    """The Walsh-Hadamard transform of an int64 array of length 2^n: out[w] = sum_a (-1)^(w.a) f[a]
    (butterflies on exact integers; a copy)."""
    x = f.copy()
    h = 1
    while h < len(x):
        pairs = x.reshape(-1, 2, h)
        a, b = pairs[:, 0, :].copy(), pairs[:, 1, :]
        pairs[:, 0, :] += b
        pairs[:, 1, :] = a - b
        h *= 2
    return x


def f2_first_missing_direction(points: tuple[tuple[int, ...], ...], n: int) -> tuple[int, ...] | None:
    """q = 2: a line in direction v is a pair {a, a + v}, so K contains one iff c(v) = #{a in K : a + v in
    K} > 0. With f the indicator of K on the 2^n vectors (coordinate 0 the most significant bit of an
    index, so that index order is the lexicographic order of the directions, which over F_2 are all the
    non-zero vectors), c = f * f is the autocorrelation over (Z/2)^n, and by the convolution theorem of
    the Walsh-Hadamard transform H (H H = 2^n I): c = H((H f)^2) / 2^n. Every entry is an exact int64
    (|H f| <= |K| <= 2^20, so (H f)^2 <= 2^40 and the sums of 2^n <= 2^20 of them stay below 2^60); the
    division by 2^n is exact and is checked. Cost O(n 2^n) whatever the number of directions (issue 31:
    the shifted windows cost about a millisecond per direction, 16,383 of them in F_2^14)."""
    size = 1 << n
    weights = np.array([1 << (n - 1 - c) for c in range(n)], dtype=np.int64)
    f = np.zeros(size, dtype=np.int64)
    f[np.array(points, dtype=np.int64).reshape(len(points), n) @ weights] = 1
    raw = walsh_hadamard(walsh_hadamard(f) ** 2)
    if (raw % size).any() or raw[0] != size * len(points):
        raise RuntimeError("kakeya self-check failed: the autocorrelation is not an exact multiple of 2^n")
    count = raw // size
    missing = np.flatnonzero(count[1:] == 0)
    if len(missing) == 0:
        return None
    v = int(missing[0]) + 1
    return tuple((v >> (n - 1 - c)) & 1 for c in range(n))


def _field_order_is_prime(q: int) -> bool:
    """sympy's own primality test (python ground types), independent of the shared parameter check."""
    from sympy.ntheory import isprime  # lazy: sympy is large

    return bool(isprime(q))


def check(parsed: schema.KakeyaAnswer) -> Verdict:
    q, n, points = parsed.q, parsed.n, parsed.points
    if not _field_order_is_prime(q):   # the algorithm below is only correct over a prime field F_q
        raise RuntimeError(f"kakeya self-check failed: sympy says the field order q = {q} is not prime")
    members = set(points)
    if len(members) != len(points):
        return duplicate(points, list)
    if q == 2:
        v = f2_first_missing_direction(points, n)
    else:
        v = first_missing_direction(points, q, n, members)
    if v is not None:
        return reject("PROPERTY_VIOLATION", f"no line in direction {list(v)} lies in the set",
                      {"direction": list(v)})
    return accept(len(points), f"Kakeya set of {len(points)} points in F_{q}^{n}")


def line_in_set(members: set, v: tuple[int, ...], q: int) -> bool:
    """Plain Python: is there a in K with a + t v in K for every t (any base point)?

    Each line in direction v that meets K is walked once, all the way round (q steps), and every
    member met is marked, so the cost is at most q times the number of such lines, i.e. O(q^n)."""
    seen: set = set()
    for a in members:
        if a in seen:
            continue
        count, p = 0, a
        for _ in range(q):
            if p in members:
                count += 1
                seen.add(p)
            p = tuple((x + c) % q for x, c in zip(p, v))
        if count == q:
            return True
    return False


def confirm(parsed: schema.KakeyaAnswer, w: Witness) -> tuple[bool, str]:
    """Re-check the primary's witness in plain Python (its syntax is already checked)."""
    q, points = parsed.q, parsed.points
    if w.kind == "duplicate":
        i, j = w.indices
        ok = points[i] == points[j]
        return ok, "duplicate confirmed" if ok else "the indexed points are not the same"
    members = set(points)
    if len(members) != len(points):
        return False, "the answer has duplicate points; a direction witness is not meaningful"
    ok = not line_in_set(members, tuple(w["direction"]), q)
    return ok, "no line in that direction: confirmed" if ok else "the set contains a line in that direction"
