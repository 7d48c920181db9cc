"""Second check of the ``capset`` family (independent of ``endless_exam.checker.families.capset``).

Checked: the points (shared schema ``endless_exam.certificates.schemas.capset``) are distinct and no two distinct points
x, y have their third point z = -(x + y) in the set. For distinct x, y the point z is automatically
distinct from both (z = x would force y = x), so "z in the set" is exactly "x, y, z form a line",
and every line is found from any two of its points. This examines all pairs: it is a direct
statement of the definition, unlike the primary's Fourier count.

Path: sympy and z3 cannot scan 2*10^8 pairs in the time limit, so this is an independently written
exact algorithm. Each point is packed with 3 bits per coordinate (value 0, 1 or 2). Adding two packed
points adds coordinatewise without carries (sums 0..4 fit in 3 bits); a table over 4-coordinate
chunks (12 bits) maps the coordinate sums s to the base-3 digits of (6 - s) mod 3 = -(x+y), giving the
third point's base-3 index, which is looked up in a dense membership table (3^d <= 3^16 entries) or,
for larger d, an open-addressing hash table with a random multiplier (so that no submitted key set
can be prepared to collide; Python dict on the pure-Python path). Small inputs (at most ``PURE_PYTHON_MAX_POINTS`` points) run the same
method on Python integers; larger ones vectorise the row loop with numpy. For d > 40 (issue 21; at
most 12,544 points there) base-3 indices do not fit 64 bits: each point is mapped to F_3^16 by a
random linear sketch (16 random rows drawn per check, dot products by popcounts of the points'
(ones, twos) bit masks), the dense scan (d <= 16) runs on the sketches, and every pair it reports is
confirmed on the full bit masks (``_scan_wide``). The z3 formal oracle lives
in ``endless_exam.crosscheck.oracle.capset``.

Libraries: numpy (imported only for more than ``PURE_PYTHON_MAX_POINTS`` points or d > 40): the 3-bit
packed pair sums and the random rows of the sketch; plain Python: small sets, hashing, the sketch's
popcount dot products, the confirmations and witnesses.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Iterator

from endless_exam.certificates.schemas import capset as schema
from endless_exam.certificates.witness import Witness
from endless_exam.certificates.verdict import Verdict, accept, reject

from . import _ternary as ternary
from ._repeats import duplicate

if TYPE_CHECKING:
    import numpy as np

LIBRARIES = ("numpy",)   # distributions this verifier's process loads for the family
PRELOAD = ("numpy",)     # imported lazily (more than PURE_PYTHON_MAX_POINTS points); a warm zygote imports it once


PURE_PYTHON_MAX_POINTS = 64      # measured crossover: numpy is 3-9x faster from 128 points on
DENSE_MAX_D = 16
CHUNK = 4                     # coordinates per lookup chunk
WORD = 20                     # coordinates per 64-bit packed word (3 bits each)


def _pack(point: str) -> list[int]:
    """3-bit packed words of a point; coordinate 0 is the most significant base-3 digit."""
    words = []
    for start in range(0, len(point), WORD):
        value = 0
        for ch in point[start:start + WORD]:
            value = (value << 3) | (ord(ch) - 48)
        words.append(value)
    return words


def _base3(point: str) -> int:
    value = 0
    for ch in point:
        value = value * 3 + (ord(ch) - 48)
    return value


@lru_cache(maxsize=8)
def _chunk_tables(d: int) -> list[list[tuple[int, list[int]]]]:
    """Per word: list of (shift, table) with table[sum chunk] = base-3 contribution of -(sum) mod 3."""
    words = []
    for start in range(0, d, WORD):
        width = min(WORD, d - start)
        chunks = []
        for c0 in range(0, width, CHUNK):
            cw = min(CHUNK, width - c0)
            shift = 3 * (width - c0 - cw)            # bits below this chunk inside the word
            low_pos = d - (start + c0 + cw)          # base-3 position of the chunk's last coordinate
            table = [0] * (1 << (3 * cw))
            for s in range(1 << (3 * cw)):
                val, ok = 0, True
                for t in range(cw):                  # t = 0 is the chunk's first (most significant) coordinate
                    field = (s >> (3 * (cw - 1 - t))) & 7
                    if field > 4:
                        ok = False
                        break
                    val = val * 3 + (6 - field) % 3
                if ok:
                    table[s] = val * 3 ** low_pos
            chunks.append((shift, table))
        words.append(chunks)
    return words


def _scan_python(points: tuple[str, ...], d: int) -> tuple[int, int, int] | None:
    packed = [_pack(p) for p in points]
    where = {_base3(p): i for i, p in enumerate(points)}
    tables = [[(shift, table, len(table) - 1) for shift, table in chunks] for chunks in _chunk_tables(d)]
    n = len(points)
    for i in range(n):
        pi = packed[i]
        for j in range(i + 1, n):
            pj = packed[j]
            key = 0
            for w, chunks in enumerate(tables):
                s = pi[w] + pj[w]
                for shift, table, mask in chunks:
                    key += table[(s >> shift) & mask]
            k = where.get(key)
            if k is not None:
                return i, j, k
    return None


class _HashTable:
    """Open-addressing hash table of uint64 keys -> answer index, queried vectorised.

    Built once in plain Python (linear probing, multiply-shift hashing); a query probes at most the
    longest probe sequence seen while building, so every stored key is found and no other key is.
    The multiplier is drawn at random for every table (multiply-shift is universal, so no key set
    can be prepared to collide), and a table whose longest probe sequence exceeds ``MAX_PROBES`` is
    rebuilt with a new multiplier; after ``TRIES`` unlucky draws the caller falls back to sorted keys.
    """

    MAX_PROBES = 24
    TRIES = 8

    def __init__(self, keys: list[int], multiplier: int) -> None:
        import numpy as np
        bits = max(4, (8 * len(keys)).bit_length())
        self.mult = np.uint64(multiplier | 1)
        self.mask = (1 << bits) - 1
        self.shift = np.uint64(64 - bits)
        self.keys = np.zeros(1 << bits, dtype=np.uint64)
        self.index = np.full(1 << bits, -1, dtype=np.int64)
        self.probes = 1
        occupied = [False] * (1 << bits)
        home = self._home(np.array(keys, dtype=np.uint64)).tolist()
        for i, (key, slot) in enumerate(zip(keys, home)):
            step = 0
            while occupied[(slot + step) & self.mask]:
                step += 1
                if step >= self.MAX_PROBES:
                    self.probes = step + 1
                    return
            pos = (slot + step) & self.mask
            occupied[pos] = True
            self.keys[pos] = key
            self.index[pos] = i
            self.probes = max(self.probes, step + 1)

    @classmethod
    def build(cls, keys: list[int]):
        import secrets

        for _ in range(cls.TRIES):
            table = cls(keys, secrets.randbits(64))
            if table.probes <= cls.MAX_PROBES:
                return table.find
        return _SortedLookup(keys).find

    def _home(self, keys: np.ndarray) -> np.ndarray:
        import numpy as np
        return ((keys * self.mult) >> self.shift).astype(np.int64)  # uint64 multiply wraps mod 2^64

    def find(self, keys: np.ndarray) -> np.ndarray:
        import numpy as np
        home = self._home(keys)
        found = np.full(len(keys), -1, dtype=np.int64)
        for step in range(self.probes):
            pos = (home + step) & self.mask
            hit = (self.index[pos] >= 0) & (self.keys[pos] == keys)
            found = np.where(hit, self.index[pos], found)
        return found


class _SortedLookup:
    """Fallback membership by binary search over the sorted keys (O(log n) per query, no worst case)."""

    def __init__(self, keys: list[int]) -> None:
        import numpy as np
        arr = np.array(keys, dtype=np.uint64)
        self.order = np.argsort(arr, kind="stable")
        self.sorted = arr[self.order]

    def find(self, keys: np.ndarray) -> np.ndarray:
        import numpy as np
        pos = np.minimum(np.searchsorted(self.sorted, keys), len(self.sorted) - 1)
        return np.where(self.sorted[pos] == keys, self.order[pos], -1)


@lru_cache(maxsize=8)
def _numpy_tables(d: int) -> list[list[tuple[np.uint64, np.ndarray, np.uint64]]]:
    import numpy as np
    return [[(np.uint64(shift), np.array(table, dtype=np.uint64), np.uint64(len(table) - 1))
             for shift, table in chunks] for chunks in _chunk_tables(d)]


def _pack_numpy(points: tuple[str, ...], d: int) -> tuple[np.ndarray, np.ndarray]:
    """(packed words, base-3 indices) of all points at once, the same values as ``_pack`` and ``_base3``
    (Horner steps in uint64: every value is below 2^64, as 3 * 20 bits and 3^d <= 3^40 < 2^64)."""
    import numpy as np
    n = len(points)
    digits = (np.frombuffer("".join(points).encode("ascii"), dtype=np.uint8).reshape(n, d) - 48).astype(np.uint64)
    nwords = (d + WORD - 1) // WORD
    packed = np.zeros((n, nwords), dtype=np.uint64)
    for w in range(nwords):
        for c in range(w * WORD, min(d, (w + 1) * WORD)):
            packed[:, w] = (packed[:, w] << np.uint64(3)) | digits[:, c]
    base3 = np.zeros(n, dtype=np.uint64)
    for c in range(d):
        base3 = base3 * np.uint64(3) + digits[:, c]
    return packed, base3


def _scan_numpy(points: tuple[str, ...], d: int) -> tuple[int, int, int] | None:
    return next(_row_hits(points, d), None)


def _row_hits(points: tuple[str, ...], d: int) -> Iterator[tuple[int, int, int]]:
    """Every pair (i, j), i < j, whose third point's key is among the points' keys, in the order (i, then j),
    with the index k of a point of that key."""
    import numpy as np
    n = len(points)
    packed, base3_array = _pack_numpy(points, d)
    tables = _numpy_tables(d)
    if d <= DENSE_MAX_D:
        member = np.full(3 ** d, -1, dtype=np.int32)
        member[base3_array.astype(np.int64)] = np.arange(n, dtype=np.int32)

        def find(keys: np.ndarray) -> np.ndarray:
            return member[keys.astype(np.int64)]
    else:
        find = _HashTable.build(base3_array.tolist())
    for i in range(n - 1):
        key = np.zeros(n - i - 1, dtype=np.uint64)
        for w, chunks in enumerate(tables):
            s = packed[i + 1:, w] + packed[i, w]
            for shift, table, mask in chunks:
                key += table[(s >> shift) & mask]
        found = find(key)
        for h in np.nonzero(found >= 0)[0].tolist():
            yield i, i + 1 + h, int(found[h])


# ---- d > 40: a random sketch to 16 coordinates, every candidate confirmed on the full points -----------

SKETCH_D = 16            # sketch coordinates: one packed word and the dense 3^16 membership table


def _random_trits(d: int, rng) -> tuple[int, int]:
    """d independent uniform elements of F_3 as (ones, twos) bit masks (bit c = coordinate c, as
    ``_ternary.vec``), drawn with numpy's generator ``rng`` and packed with ``numpy.packbits``."""
    import numpy as np
    trits = rng.integers(0, 3, size=d, dtype=np.uint8)
    ones = np.packbits(trits == 1, bitorder="little").tobytes()
    twos = np.packbits(trits == 2, bitorder="little").tobytes()
    return int.from_bytes(ones, "little"), int.from_bytes(twos, "little")


def _sketches(vecs: list[tuple[int, int]], d: int) -> tuple[str, ...]:
    """The points' images under a random F_3-linear map F_3^d -> F_3^16, as strings over 012.

    Coordinate t of the image of x is the dot product of x with a random row m_t, counted with popcounts
    of the (ones, twos) masks: x_i m_i is 1 where both are 1 or both are 2, and 2 where they differ."""
    import secrets

    import numpy as np
    rng = np.random.default_rng(secrets.randbits(128))
    rows = [_random_trits(d, rng) for _ in range(SKETCH_D)]
    out = []
    for ones, twos in vecs:
        digits = []
        for m1, m2 in rows:
            same = (ones & m1).bit_count() + (twos & m2).bit_count()
            cross = (ones & m2).bit_count() + (twos & m1).bit_count()
            digits.append("012"[(same + 2 * cross) % 3])
        out.append("".join(digits))
    return tuple(out)


def _scan_wide(points: tuple[str, ...], d: int) -> tuple[int, int, int] | None:
    """The first line in the order (i, then j) for any d (used for d > 40: no 64-bit base-3 keys).

    The sketch S is linear, so a line x_i, x_j, x_k has S(x_k) = -(S(x_i) + S(x_j)): the pair scan of the
    dense path run on the 16-coordinate sketches (``_row_hits``: one packed word, the dense 3^16
    membership table) reports every pair on a line of the answer. Each reported pair is confirmed on the
    full points: its third point -(x_i + x_j) (bit masks, ``_ternary``) is looked up among the points; a
    pair whose sketches match by chance (probability at most |A| / 3^16 < 3 * 10^-4 per pair over the
    draw of the map: a few ten thousand bit-mask confirmations at the 12,544-point top) is skipped."""
    vecs = [ternary.vec(p) for p in points]
    where = {v: t for t, v in enumerate(vecs)}
    for i, j, _ in _row_hits(_sketches(vecs, d), SKETCH_D):
        k = where.get(ternary.neg(ternary.plus(vecs[i], vecs[j])))
        if k is not None:
            return i, j, k
    return None


def find_line(points: tuple[str, ...], d: int, force_python: bool = False) -> tuple[int, int, int] | None:
    if d > schema.DENSE_MAX_D:
        hit = _scan_wide(points, d)
    elif force_python or len(points) <= PURE_PYTHON_MAX_POINTS:
        hit = _scan_python(points, d)
    else:
        hit = _scan_numpy(points, d)
    return None if hit is None else tuple(sorted(hit))


def check(parsed: schema.CapsetAnswer) -> Verdict:
    points, d = parsed.points, parsed.d
    if len(set(points)) != len(points):
        return duplicate(points)
    line = find_line(points, d)
    if line is not None:
        i, j, k = line
        return reject("PROPERTY_VIOLATION",
                      f"points {points[i]}, {points[j]}, {points[k]} (indices {i}, {j}, {k}) form a line: they sum to 0",
                      {"points": [points[i], points[j], points[k]], "indices": [i, j, k]})
    return accept(len(points), f"cap set of {len(points)} points in F_3^{d}")


def confirm(parsed: schema.CapsetAnswer, w: Witness) -> tuple[bool, str]:
    """Re-check the primary's witness in plain Python (its syntax is already checked)."""
    points = parsed.points
    if w.kind == "duplicate":
        a, b = (points[t] for t in w.indices)
        return a == b, "duplicate confirmed" if a == b else "the indexed points are not the same"
    trio = [points[t] for t in w.indices]
    if len(set(trio)) != 3:
        return False, "the indexed points are not three distinct points"
    ok = all((int(a) + int(b) + int(c)) % 3 == 0 for a, b, c in zip(*trio))
    return ok, "line confirmed" if ok else "the three points do not sum to 0"
