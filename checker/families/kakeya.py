"""Primary check of the ``kakeya`` control family (Kakeya sets in F_q^n, q prime; minimise |K|).

What is checked: the answer (shared schema ``endless_exam.certificates.schemas.kakeya``) is a list of distinct points of
F_q^n that contains a full line {a + t v : t in F_q} in every direction v. Directions are taken up to
non-zero scalar multiples: v is normalised so that its first non-zero coordinate (the pivot, index
i) is 1, which gives (q^n - 1)/(q - 1) directions (lines in direction v and in direction c v are the
same sets).

Why the check is sufficient. For a normalised v with pivot i, the map x -> x - x_i v sends every
point to the unique point of its line (in direction v) whose coordinate i is 0; two points lie on the
same line in direction v iff they have the same image. The lines in direction v partition F_q^n into
q^(n-1) classes of q points, and since the points of K are distinct, a line lies in K iff exactly q
points of K have its image.

Algorithm (exact; numpy on validated ints, every key < q^n <= 2^20 in int64), chosen by cost:
* candidate lines first: for every direction v and each of ``CANDIDATES`` (8) base points a of K
  spread evenly over the answer, the q points a + t v are keyed (base q) and looked up in a dense
  boolean membership table of F_q^n. A line found this way lies in K (all q of its points were
  looked up), so v is covered; a failure decides nothing. This costs about 8 q n operations per
  direction and is used when it is at most a quarter of the count below, (|K| n + q^n) per
  direction (``use_candidates``; not for n = 1, whose only line is F_q). It decides every direction of a large set at
  once (all of F_13^4: 2,380 directions, 28,561 points) and leaves the count to the directions that
  no candidate covers (a minimal Kakeya set, where few points lie on a full line of a given
  direction, or the directions that really have no line).
* the count for the remaining directions: the images of all points of K under x -> x - x_i v are
  counted with ``numpy.bincount``; the direction is covered iff some count equals q. The remaining
  directions are processed in lexicographic order in blocks of one pivot (bounded memory), and the
  first uncovered direction is the witness ``{"direction": v}``, the same as the second verifier's
  (the directions the candidates covered are covered, so the first uncovered direction is among the
  remaining ones). Cost about (number of remaining directions) * (|K| n + q^n), at most a few times
  2^29 * n by the parameter limits.
Duplicates: the keys are sorted (``numpy.sort``); only when equal neighbours exist is a stable argsort
computed to name them (witness ``{"point", "indices"}``, the duplicate whose second occurrence comes
first).

Libraries: numpy: the candidate-line lookups and the per-direction line counts on validated coordinates.
"""
from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from endless_exam.certificates.schemas import kakeya as schema
from endless_exam.certificates.witness import Witness
from endless_exam.certificates.verdict import Verdict, accept, reject

from ._duplicates import confirm_duplicate, first_duplicate
from .spec import FamilySpec

LIBRARIES = ("numpy",)   # distributions this verifier's process loads for the family


def bukh_chao_bound(q: int, n: int) -> int:
    """ceil(q^(2n-1) / (2q-1)^(n-1)), exactly."""
    num, den = q ** (2 * n - 1), (2 * q - 1) ** (n - 1)
    return -(-num // den)


def _bound(p: dict) -> tuple[int, str]:
    return bukh_chao_bound(p["q"], p["n"]), "bound"


SPEC = FamilySpec(key="kakeya", bound=_bound)

_BLOCK_CELLS = 2 ** 22      # elements of int64 per block array


def directions_by_pivot(q: int, n: int):
    """(pivot, array of normalised directions with that pivot), in lexicographic order overall."""
    for pivot in range(n - 1, -1, -1):
        tail_len = n - 1 - pivot
        codes = np.arange(q ** tail_len, dtype=np.int64)
        dirs = np.zeros((len(codes), n), dtype=np.int64)
        dirs[:, pivot] = 1
        for t in range(tail_len):
            dirs[:, pivot + 1 + t] = (codes // q ** (tail_len - 1 - t)) % q
        yield pivot, dirs


def _weights(q: int, n: int) -> np.ndarray:
    return q ** np.arange(n - 1, -1, -1, dtype=np.int64)


def covered(points: np.ndarray, q: int, dirs: np.ndarray, pivot: int) -> np.ndarray:
    """For each direction (rows of ``dirs``, all with the given pivot): does K contain a line in it?"""
    m, n = points.shape
    space = q ** n
    if n > 1 and (q - 1) * (q - 1) >= 2 ** 31:
        raise RuntimeError("kakeya: int32 line ids would overflow (excluded by the parameter limits)")
    w = [int(x) for x in _weights(q, n)]
    per_dir = max(m, space)
    block = max(1, _BLOCK_CELLS // per_dir)
    out = np.zeros(len(dirs), dtype=np.bool_)
    pts = points.astype(np.int32)
    lead = pts[:, pivot][None, :]
    # coordinates before the pivot are unchanged by x -> x - x_i v, the pivot coordinate becomes 0
    fixed = np.zeros(m, dtype=np.int32)
    for c in range(pivot):
        fixed += pts[:, c] * np.int32(w[c])
    for b0 in range(0, len(dirs), block):
        v = dirs[b0:b0 + block].astype(np.int32)                         # (B, n)
        ids = np.broadcast_to(fixed, (len(v), m)).copy()                  # (B, m) line ids in [0, q^n)
        for c in range(pivot + 1, n):
            ids += ((pts[None, :, c] - lead * v[:, c, None]) % q) * np.int32(w[c])
        ids += (np.arange(len(v), dtype=np.int32) * np.int32(space))[:, None]
        counts = np.bincount(ids.ravel(), minlength=len(v) * space).reshape(len(v), space)
        out[b0:b0 + len(v)] = (counts == q).any(axis=1)
    return out


CANDIDATES = 8              # base points tried per direction before the lines are counted


def _point_array(points: tuple[tuple[int, ...], ...], n: int) -> np.ndarray:
    """The points as an (m, n) int64 array (validated ints in 0..q-1). The tuples are flattened into one
    list of ints first: several times faster than ``numpy.array`` on the tuple of tuples."""
    return np.array(list(itertools.chain.from_iterable(points)), dtype=np.int64).reshape(len(points), n)


def all_directions(q: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """(directions, pivots): every normalised direction in lexicographic order, and its pivot."""
    dirs, pivots = [], []
    for pivot, block in directions_by_pivot(q, n):
        dirs.append(block)
        pivots.append(np.full(len(block), pivot, dtype=np.int64))
    return np.concatenate(dirs), np.concatenate(pivots)


def candidate_lines(arr: np.ndarray, q: int, dirs: np.ndarray) -> np.ndarray:
    """For each direction v (rows of ``dirs``): does one of the lines {a + t v} through the CANDIDATES
    base points a (spread evenly over the answer) lie in K? True is exact (all q points of that line
    were looked up in K); False only means "not decided here"."""
    m, n = arr.shape
    w = _weights(q, n)
    member = np.zeros(q ** n, dtype=np.bool_)
    member[arr @ w] = True
    base = arr[np.unique(np.linspace(0, m - 1, max(1, min(m, CANDIDATES))).astype(np.int64))]  # (C, n)
    t = np.arange(q, dtype=np.int64)
    out = np.zeros(len(dirs), dtype=np.bool_)
    block = max(1, _BLOCK_CELLS // (len(base) * q * n))
    for b0 in range(0, len(dirs), block):
        v = dirs[b0:b0 + block]                                                  # (B, n)
        keys = np.zeros((len(v), len(base), q), dtype=np.int64)
        for c in range(n):
            # coordinate c of a + t v, reduced mod q: < q + (q - 1)^2 < 2^41 before the reduction
            coord = (base[None, :, c, None] + t[None, None, :] * v[:, c, None, None]) % q
            keys += coord * int(w[c])                                            # keys < q^n <= 2^20
        out[b0:b0 + len(v)] = member[keys].all(axis=2).any(axis=1)
    return out


def use_candidates(m: int, q: int, n: int) -> bool:
    """Whether the candidate lines are tried first: they cost about CANDIDATES q n per direction and the
    line count m n + q^n (m = |K|); they are tried when at most a quarter of it (never for n = 1, where
    the only line is all of F_q, nor with no candidates)."""
    return CANDIDATES > 0 and CANDIDATES * q * n * 4 <= m * n + q ** n


def first_uncovered(points: tuple[tuple[int, ...], ...], q: int, n: int,
                    candidates: bool | None = None) -> tuple[int, ...] | None:
    """The first direction (lexicographic order) without a line in K (distinct points), or None.
    ``candidates`` forces the candidate lines on or off (tests); by default ``use_candidates``."""
    return _first_uncovered(_point_array(points, n), q, n, candidates)


def _first_uncovered(arr: np.ndarray, q: int, n: int, candidates: bool | None = None) -> tuple[int, ...] | None:
    m = len(arr)
    dirs, pivots = all_directions(q, n)
    if candidates is None:
        candidates = use_candidates(m, q, n)
    if candidates:
        open_ = np.flatnonzero(~candidate_lines(arr, q, dirs))
    else:
        open_ = np.arange(len(dirs))
    m_per = max(m, q ** n)
    block = max(1, _BLOCK_CELLS // m_per)
    at = 0
    while at < len(open_):
        # one block of undecided directions of one pivot, in lexicographic order
        pivot = int(pivots[open_[at]])
        stop = at
        while stop < len(open_) and stop - at < block and int(pivots[open_[stop]]) == pivot:
            stop += 1
        chunk = open_[at:stop]
        ok = covered(arr, q, dirs[chunk], pivot)
        bad = np.flatnonzero(~ok)
        if len(bad):
            return tuple(int(x) for x in dirs[int(chunk[int(bad[0])])])
        at = stop
    return None


def check(parsed: schema.KakeyaAnswer) -> Verdict:
    q, n, points = parsed.q, parsed.n, parsed.points
    arr = _point_array(points, n)
    dup = first_duplicate(arr @ _weights(q, n))
    if dup is not None:
        i, j = dup
        return reject("DUPLICATE", f"point {list(points[i])} occurs at indices {i} and {j}",
                      {"point": list(points[i]), "indices": [i, j]})
    v = _first_uncovered(arr, q, n)
    if v is not None:
        return reject("PROPERTY_VIOLATION", f"no line in direction {list(v)} lies in the set",
                      {"direction": list(v)})
    return accept(len(points), f"Kakeya set of {len(points)} points in F_{q}^{n}")


def _direction(value: Any, q: int, n: int) -> np.ndarray | None:
    if type(value) is not list or len(value) != n:
        return None
    if not all(type(x) is int and 0 <= x < q for x in value) or not any(value):
        return None
    v = np.array(value, dtype=np.int64)
    pivot = int(np.nonzero(v)[0][0])
    inverse = pow(int(v[pivot]), q - 2, q) if q > 2 else 1
    return (v * inverse) % q


def confirm(parsed: schema.KakeyaAnswer, w: Witness) -> tuple[bool, str]:
    """Is the other verifier's witness a real duplicate or a direction without a line?"""
    q, n, points = parsed.q, parsed.n, parsed.points
    if w.kind == "duplicate":
        return confirm_duplicate(points, w.indices)
    v = _direction(list(w["direction"]), q, n)
    if len(set(points)) != len(points):
        return False, "the answer has duplicate points; a direction witness is not meaningful"
    arr = np.array(points, dtype=np.int64).reshape(len(points), n)
    pivot = int(np.nonzero(v)[0][0])
    has_line = bool(covered(arr, q, v[None, :], pivot)[0])
    return (not has_line), ("no line in that direction: confirmed" if not has_line
                            else "the set contains a line in that direction")
