"""Second check of the ``apfree_q`` family (independent of ``endless_exam.checker.families.apfree_q``).

Checked: the points (shared schema ``endless_exam.certificates.schemas.apfree_q``) are distinct and no two distinct points
x, z have their midpoint y = (x + z) * (q + 1)/2 (the unique solution of x + z = 2y, q odd) in the set.
This is the definition read over pairs: for x != z the midpoint differs from both (y = x would force
z = x), so "y in the set" is exactly "x, y, z are three distinct points with x + z = 2y", and every
progression is found from its two ends. All unordered pairs are examined, unlike the primary, which
counts the representations r(2y) with an exact Fourier transform over a cyclotomic group ring.

Path: sympy and z3 cannot scan 2*10^8 pairs within the time limit, so this is an independently
written exact algorithm in plain Python (at most ``PURE_PYTHON_MAX_POINTS`` points) and numpy
(more points). Each point is packed into one integer with 4 bits per coordinate (values 0..6, n <= 15
coordinates, 60 bits). Adding two packed points adds coordinatewise without carries (sums 0..12 fit
in 4 bits); a table over 3-coordinate fields (12 bits) maps the coordinate sums s to the base-q digits
of s * (q + 1)/2 mod q, i.e. of the midpoint, giving its base-q index, which is looked up in a dense
membership table of F_q^n (q^n <= 2^24 by the parameter schema) or, on the pure-Python path, a dict.
Numbers stay below 2^60 (packed words) and 2^24 (indices). For q^n > 2^24 (issue 21; at most 12,544
points there) each point is mapped by a random linear sketch to F_q^k, k = 15, 10, 8 for q = 3, 5, 7
(k random rows per check, dot products by popcounts of per-digit bit masks), the same dense scan runs
on the sketches, and every pair it reports is confirmed on the full points (the midpoint's string
from the hexadecimal reading of the points, ``_scan_wide``). The z3 formal oracle lives in
``endless_exam.crosscheck.oracle.apfree_q``.

Libraries: numpy: the packed pair scan and the sketch's random rows; plain Python: small sets, the
sketch's popcount dot products, the confirmations and witnesses.
"""
from __future__ import annotations

from typing import Iterator

import numpy as np

from endless_exam.certificates.schemas import apfree_q as schema
from endless_exam.certificates.witness import Witness
from endless_exam.certificates.verdict import Verdict, accept, reject

from ._repeats import duplicate

LIBRARIES = ("numpy",)   # distributions this verifier's process loads for the family


PURE_PYTHON_MAX_POINTS = 1500
BITS = 4                # bits per packed coordinate
FIELD = 3               # coordinates per lookup field


def _pack(point: str) -> int:
    value = 0
    for ch in point:
        value = (value << BITS) | (ord(ch) - 48)
    return value


def _index(point: str, q: int) -> int:
    value = 0
    for ch in point:
        value = value * q + (ord(ch) - 48)
    return value


def _field_tables(q: int, n: int) -> list[tuple[int, list[int]]]:
    """(shift, table): table[s] = base-q contribution of the midpoint digits of the packed field sum s."""
    half = (q + 1) // 2
    out = []
    for c0 in range(0, n, FIELD):
        width = min(FIELD, n - c0)
        shift = BITS * (n - c0 - width)          # bits below this field in the packed word
        low = n - c0 - width                     # base-q position of the field's last coordinate
        table = [0] * (1 << (BITS * width))
        for s in range(1 << (BITS * width)):
            val, ok = 0, True
            for t in range(width):               # t = 0 is the field's first (most significant) coordinate
                part = (s >> (BITS * (width - 1 - t))) & 0xF
                if part > 2 * (q - 1):
                    ok = False
                    break
                val = val * q + (part * half) % q
            if ok:
                table[s] = val * q ** low
        out.append((shift, table))
    return out


def _scan_python(points: tuple[str, ...], q: int, n: int) -> tuple[int, int, int] | None:
    packed = [_pack(p) for p in points]
    where = {_index(p, q): i for i, p in enumerate(points)}
    tables = [(shift, table, len(table) - 1) for shift, table in _field_tables(q, n)]
    m = len(points)
    for i in range(m):
        pi = packed[i]
        for k in range(i + 1, m):
            s = pi + packed[k]
            key = 0
            for shift, table, mask in tables:
                key += table[(s >> shift) & mask]
            j = where.get(key)
            if j is not None:
                return i, j, k
    return None


def _scan_numpy(points: tuple[str, ...], q: int, n: int) -> tuple[int, int, int] | None:
    return next(_row_hits(points, q, n), None)


def _row_hits(points: tuple[str, ...], q: int, n: int) -> Iterator[tuple[int, int, int]]:
    """Every pair (i, k), i < k, whose midpoint's index is among the points' indices, in the order (i, then
    k), as (i, the index of a point of that midpoint index, k). Needs q^n <= 2^24."""
    m = len(points)
    packed = np.array([_pack(p) for p in points], dtype=np.uint64)
    member = np.full(q ** n, -1, dtype=np.int32)
    member[np.array([_index(p, q) for p in points], dtype=np.int64)] = np.arange(m, dtype=np.int32)
    tables = [(np.uint64(shift), np.array(table, dtype=np.int64), np.uint64(len(table) - 1))
              for shift, table in _field_tables(q, n)]
    for i in range(m - 1):
        s = packed[i + 1:] + packed[i]
        key = np.zeros(m - i - 1, dtype=np.int64)
        for shift, table, mask in tables:
            key += table[((s >> shift) & mask).astype(np.int64)]
        found = member[key]
        for h in np.nonzero(found >= 0)[0].tolist():
            yield i, int(found[h]), i + 1 + h


# ---- n > N_MAX[q]: a random sketch into F_q^N_MAX[q], every candidate confirmed on the full points ----

def _sketches(points: tuple[str, ...], q: int, n: int) -> tuple[str, ...]:
    """The points' images under a random F_q-linear map F_q^n -> F_q^k, k = N_MAX[q] (so that the dense
    scan applies to them), as digit strings. Coordinate t of the image of x is sum_{u, v} u v |P_u(x) & R_v^t|
    mod q, where P_u(x) is the bit mask of the coordinates where x is u and R_v^t that of the coordinates
    where the random row t is v: popcounts of plain-Python integers. The rows are drawn per check (numpy's
    generator seeded from ``secrets``)."""
    import secrets
    k = schema.N_MAX[q]
    rng = np.random.default_rng(secrets.randbits(128))
    rows = []
    for _ in range(k):
        row = rng.integers(0, q, size=n, dtype=np.uint8)
        rows.append([(v, int.from_bytes(np.packbits(row == v, bitorder="little").tobytes(), "little"))
                     for v in range(1, q)])
    planes = [str.maketrans({str(c): ("1" if c == u else "0") for c in range(q)}) for u in range(q)]
    out = []
    for p in points:
        rev = p[::-1]                                    # bit c = coordinate c, as the rows' masks
        masks = [(u, int(rev.translate(planes[u]), 2)) for u in range(1, q)]
        digits = []
        for row in rows:
            total = sum(u * v * (pm & rm).bit_count() for u, pm in masks for v, rm in row)
            digits.append(str(total % q))
        out.append("".join(digits))
    return tuple(out)


def _scan_wide(points: tuple[str, ...], q: int, n: int) -> tuple[int, int, int] | None:
    """The first progression in the order (i, then k) for any n (used for q^n > 2^24).

    The sketch S is linear, so a progression x_i, x_j, x_k has S(x_j) = (S(x_i) + S(x_k))(q + 1)/2: the
    dense scan on the sketches (``_row_hits``; q^k <= 2^24) reports every pair (i, k) of a progression.
    Each reported pair is confirmed on the full points: read as hexadecimal, a point's string packs its
    digits in 4-bit fields, the sum of two such integers has the coordinate sums 0..12 as hex digits (no
    carries), and translating them by s -> s (q + 1)/2 mod q gives the midpoint's string, looked up among
    the points. A chance match of sketches (about |A| / q^k per pair, well below 0.01) costs one such
    confirmation."""
    half = (q + 1) // 2
    to_mid = str.maketrans({format(t, "x"): str(t * half % q) for t in range(2 * q - 1)})
    where = {p: t for t, p in enumerate(points)}
    packed = [int(p, 16) for p in points]
    for i, _, k in _row_hits(_sketches(points, q, n), q, schema.N_MAX[q]):
        mid = format(packed[i] + packed[k], f"0{n}x").translate(to_mid)
        j = where.get(mid)
        if j is not None:
            return i, j, k
    return None


def find_progression(points: tuple[str, ...], q: int, n: int, force_python: bool = False
                     ) -> tuple[int, int, int] | None:
    """(i, j, k), i < k, with points[i] + points[k] = 2 points[j]; or None. Points must be distinct."""
    if n > schema.N_MAX[q]:
        return _scan_wide(points, q, n)
    if force_python or len(points) <= PURE_PYTHON_MAX_POINTS:
        return _scan_python(points, q, n)
    return _scan_numpy(points, q, n)


def check(parsed: schema.ApfreeAnswer) -> Verdict:
    points, q, n = parsed.points, parsed.q, parsed.n
    dup = duplicate(points)
    if dup is not None:
        return dup
    hit = find_progression(points, q, n)
    if hit is not None:
        i, j, k = hit
        return reject("PROPERTY_VIOLATION",
                      f"points {points[i]}, {points[j]}, {points[k]} (indices {i}, {j}, {k}) form a progression: "
                      f"{points[j]} is the midpoint of {points[i]} and {points[k]} mod {q}",
                      {"points": [points[i], points[j], points[k]], "indices": [i, j, k]})
    return accept(len(points), f"progression-free set of {len(points)} points in F_{q}^{n}")


def confirm(parsed: schema.ApfreeAnswer, w: Witness) -> tuple[bool, str]:
    """Re-check the primary's witness in plain Python (its syntax is already checked)."""
    points, q = parsed.points, parsed.q
    if w.kind == "duplicate":
        a, b = (points[t] for t in w.indices)
        return a == b, "duplicate confirmed" if a == b else "the indexed points are not the same"
    trio = [points[t] for t in w.indices]
    if len(set(trio)) != 3:
        return False, "the indexed points are not three distinct points"
    x, y, z = trio
    ok = all((int(a) + int(c) - 2 * int(b)) % q == 0 for a, b, c in zip(x, y, z))
    return ok, "progression confirmed" if ok else "the ends do not sum to twice the middle"
