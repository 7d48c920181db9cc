"""Second checks shared by ``kissing`` and ``kissing_theta`` (independent of ``endless_exam.checker``).

Checked: the vectors are pairwise distinct and every pair u != v has cos(u, v) <= c = p/q. Path: plain
Python integers for all scalar work and an independently written numpy algorithm for the pair scan
(sympy and z3 cannot scan 2 * 10^8 pairs inside 60 s; the z3 statement of the definition lives in the
oracle modules). No floating point is used anywhere: the Gram blocks are int64 matrix products
(numpy's integer loops, not BLAS; |u.v| <= 16 * 10^6, no overflow possible).

Integer vectors: *threshold method*. For a pair with norms N, M the violation
"u.v > 0 and q^2 (u.v)^2 > p^2 N M" is equivalent to u.v > t(N, M) with
t(N, M) = isqrt(floor(p^2 N M / q^2)), the largest integer t >= 0 with q^2 t^2 <= p^2 N M
(u.v is an integer and x -> q^2 x^2 is increasing on x >= 0; t >= 0, so u.v > t implies u.v > 0).
The vectors are indexed by the distinct norms, t is computed with Python's exact ``math.isqrt`` for
every pair of distinct norms, and a block of the pair matrix is compared with the gathered thresholds
in one pass. With more than ``MAX_NORM_CLASSES`` distinct norms (the threshold table would be large)
the direct comparison q^2 g^2 > p^2 N M is made in int64 (<= 2.6e18 < 2^63).

Vectors in Z[sqrt(3)] (``reparse`` reads the raw ``quadratic_vectors`` object again, in this module's
own code): u.v = G1 + G2 sqrt(3) and 4 (u.v)^2 - |u|^2 |v|^2 = X + Y sqrt(3) in int64. Signs use the
identity sign(x + y sqrt(3)) = sign(x |x| + 3 y |y|) (t -> t |t| is increasing, and
x + y sqrt(3) > 0 iff x > -sqrt(3) y iff x|x| > -3 y|y|). For G1, G2 this fits int64; for X, Y
(below 2^55) the sign is first settled by the rational enclosure 71/41 < sqrt(3) < 97/56 where it
can be (|x| versus |y| 97/56 and |y| 71/41, products below 2^62), and otherwise by comparing X^2
with 3 Y^2 as exact unsigned 128-bit integers built from 32-bit halves (``_square128``).

Duplicates: a Python dict of the vectors. Witnesses carry cos^2 = (u.v)^2 / (|u|^2 |v|^2) as
(p + q sqrt(3)) / r in lowest terms, computed with Python integers (``math.gcd``).

Libraries: numpy (int64 pair scans), Python's ``math`` and ``int``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from endless_exam.certificates.verdict import Verdict, accept, reject
from endless_exam.certificates.witness import Witness

LIBRARIES = ("numpy",)
MAX_NORM_CLASSES = 2048
PAIR_BLOCK = 1_500_000          # entries of one block of the pair matrix
_LOW32 = np.uint64(0xFFFFFFFF)
_S32 = np.uint64(32)


@dataclass(frozen=True)
class Vectors:
    """This verifier's own view of an answer: rational parts, sqrt(3) parts (or None), bound p/q."""
    d: int
    p: int
    q: int
    rational: tuple[tuple[int, ...], ...]
    surd: tuple[tuple[int, ...], ...] | None

    def echo(self, i: int) -> list:
        if self.surd is None:
            return list(self.rational[i])
        return [[a, b] for a, b in zip(self.rational[i], self.surd[i])]

    def __len__(self) -> int:
        return len(self.rational)

    # the shared witness syntax (``schemas._spherical.size`` / ``item``) reads these two names
    @property
    def vectors(self) -> tuple[tuple[int, ...], ...]:
        return self.rational

    @property
    def surds(self) -> tuple[tuple[int, ...], ...] | None:
        return self.surd


def from_shared(parsed: Any) -> Vectors:
    return Vectors(parsed.d, parsed.cos_num, parsed.cos_den, parsed.vectors, getattr(parsed, "surds", None))


def reparse_quadratic(answer: Any, parsed: Any) -> Vectors:
    """Read ``{"quadratic_vectors": {"radicand": 3, "vectors": V}}`` again (the shared parse accepted it)."""
    if not isinstance(answer, dict) or "quadratic_vectors" not in answer:
        return from_shared(parsed)
    body = answer["quadratic_vectors"]
    if sorted(answer) != ["quadratic_vectors"] or sorted(body) != ["radicand", "vectors"] or body["radicand"] != 3 \
            or type(body["radicand"]) is not int:
        raise RuntimeError("second verifier re-parse: the quadratic_vectors object is not well formed")
    rational, surd = [], []
    for vec in body["vectors"]:
        if type(vec) is not list or len(vec) != parsed.d:
            raise RuntimeError("second verifier re-parse: a vector has the wrong shape")
        a, b = [], []
        for pair in vec:
            if type(pair) is not list or len(pair) != 2 or any(type(x) is not int or abs(x) > 1000 for x in pair):
                raise RuntimeError("second verifier re-parse: a coordinate is not a pair of integers in range")
            a.append(pair[0])
            b.append(pair[1])
        rational.append(tuple(a))
        surd.append(tuple(b))
    mine = Vectors(parsed.d, parsed.cos_num, parsed.cos_den, tuple(rational), tuple(surd))
    if mine.rational != parsed.vectors or mine.surd != parsed.surds:
        raise RuntimeError("second verifier re-parse disagrees with the shared parse")
    return mine


def _rows(n: int) -> int:
    return max(8, min(2048, PAIR_BLOCK // max(1, n)))


def _transposed(a: np.ndarray) -> np.ndarray:
    """``a.T`` (d rows of n entries) in a buffer whose rows lie an odd number of 64-byte cache lines apart.

    numpy's integer matmul (no BLAS) walks down the d rows of a column block; when the row stride is a
    multiple of 4 KiB (n a multiple of 512 int64 entries) those d entries share one set of the L1
    cache and the scan ran 2.5-2.8 times slower (n = 19,456 and 19,968 against 19,712 and 20,000,
    ``tests/benchmarks/worst_kissing_theta.py``). The values are those of ``a.T``; only the stride differs."""
    n, d = a.shape
    width = -(-n // 8) * 8                      # whole cache lines of 8 int64 entries
    if (width // 8) % 2 == 0:
        width += 8                              # an odd number of lines
    buf = np.zeros((d, width), dtype=a.dtype)
    buf[:, :n] = a.T
    return buf[:, :n]


# ---- integer vectors -------------------------------------------------------------------------------

def scan_integer(rows: tuple[tuple[int, ...], ...], d: int, p: int, q: int,
                 force_direct: bool = False) -> tuple[int, int] | None:
    """Some pair i < j violating the bound, or None."""
    n = len(rows)
    v = np.array(rows, dtype=np.int64).reshape(n, d)
    if n and int(np.abs(v).max()) > 1000 or d > 16:
        raise RuntimeError("second verifier: coordinates beyond the schema's range")
    norms = np.einsum("ij,ij->i", v, v)
    distinct, cls = np.unique(norms, return_inverse=True)
    threshold = None
    if not force_direct and len(distinct) <= MAX_NORM_CLASSES:
        vals = [int(x) for x in distinct]
        threshold = np.array([[math.isqrt((p * p * a * b) // (q * q)) for b in vals] for a in vals], dtype=np.int64)
    step = _rows(n)
    vt = _transposed(v)
    for i0 in range(0, n - 1, step):
        i1 = min(n - 1, i0 + step)
        g = np.matmul(v[i0:i1], vt[:, i0 + 1:])            # int64, exact
        if threshold is not None:
            bad = g > threshold[cls[i0:i1, None], cls[None, i0 + 1:]]
        else:
            bad = (g > 0) & ((q * q) * (g * g) > np.multiply.outer(norms[i0:i1] * (p * p), norms[i0 + 1:]))
        rr, cc = np.nonzero(bad)
        keep = cc >= rr                                      # column c is j = i0 + 1 + c > i = i0 + r
        if keep.any():
            t = int(np.argmax(keep))
            return i0 + int(rr[t]), i0 + 1 + int(cc[t])
    return None


# ---- Z[sqrt(3)] ----------------------------------------------------------------------------------

def _sign_small(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return np.sign(x * np.abs(x) + 3 * y * np.abs(y))


def _square128(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """a^2 as (high, low) unsigned 64-bit words, for 0 <= a < 2^62."""
    a = a.astype(np.uint64)
    hi32, lo32 = a >> _S32, a & _LOW32
    low = lo32 * lo32                                          # < 2^64
    mid = hi32 * lo32 * np.uint64(2)                           # < 2^63
    mid_low = (mid & _LOW32) << _S32
    new_low = low + mid_low                                    # wraps mod 2^64
    carry = (new_low < low).astype(np.uint64)
    high = hi32 * hi32 + (mid >> _S32) + carry
    return high, new_low


def _times3(high: np.ndarray, low: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """3 * (high, low) = (high, low) + 2 * (high, low); the result stays below 2^128 here."""
    dbl_high = (high << np.uint64(1)) | (low >> np.uint64(63))
    dbl_low = low << np.uint64(1)
    out_low = low + dbl_low
    carry = (out_low < low).astype(np.uint64)
    return high + dbl_high + carry, out_low


def _sign_big(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """sign(x + y sqrt(3)) for |x|, |y| < 2^55."""
    sx, sy = np.sign(x), np.sign(y)
    out = np.where(sx == sy, sx, sx + sy)                     # equal signs, or one of them zero
    opp = np.nonzero(sx * sy < 0)[0]
    if len(opp) == 0:
        return out
    ax, ay = np.abs(x[opp]), np.abs(y[opp])
    # |x| > sqrt(3)|y| -> sign x; |x| < sqrt(3)|y| -> sign y. Try the enclosure 71/41 < sqrt(3) < 97/56 first.
    x_wins = 56 * ax > 97 * ay
    y_wins = 41 * ax < 71 * ay
    res = np.zeros(len(opp), dtype=np.int64)
    res[x_wins] = sx[opp][x_wins]
    res[y_wins] = sy[opp][y_wins]
    open_ = np.nonzero(~(x_wins | y_wins))[0]
    if len(open_):
        xh, xl = _square128(ax[open_])
        yh, yl = _times3(*_square128(ay[open_]))
        x_bigger = (xh > yh) | ((xh == yh) & (xl > yl))
        res[open_] = np.where(x_bigger, sx[opp][open_], sy[opp][open_])    # equality is impossible (sqrt 3)
    out = out.copy()
    out[opp] = res
    return out


def scan_quadratic(vec: Vectors) -> tuple[int, int] | None:
    n, d = len(vec), vec.d
    a = np.array(vec.rational, dtype=np.int64).reshape(n, d)
    b = np.array(vec.surd, dtype=np.int64).reshape(n, d)
    if (vec.p, vec.q) != (1, 2) or d > 16 or max(int(np.abs(a).max()), int(np.abs(b).max())) > 1000:
        raise RuntimeError("second verifier: quadratic vectors outside the supported range")
    pn = np.einsum("ij,ij->i", a, a) + 3 * np.einsum("ij,ij->i", b, b)
    qn = 2 * np.einsum("ij,ij->i", a, b)
    at, bt = _transposed(a), _transposed(b)
    step = _rows(n)
    for i0 in range(0, n - 1, step):
        i1 = min(n - 1, i0 + step)
        ab, bb = a[i0:i1], b[i0:i1]
        g1 = np.matmul(ab, at[:, i0 + 1:]) + 3 * np.matmul(bb, bt[:, i0 + 1:])
        g2 = np.matmul(ab, bt[:, i0 + 1:]) + np.matmul(bb, at[:, i0 + 1:])
        rr, cc = np.nonzero(_sign_small(g1, g2) > 0)
        keep = cc >= rr
        rr, cc = rr[keep], cc[keep]
        if len(rr) == 0:
            continue
        x1, x2 = g1[rr, cc], g2[rr, cc]
        i, j = rr + i0, cc + i0 + 1
        big_x = 4 * x1 * x1 + 12 * x2 * x2 - pn[i] * pn[j] - 3 * qn[i] * qn[j]
        big_y = 8 * x1 * x2 - pn[i] * qn[j] - qn[i] * pn[j]
        if int(np.abs(big_x).max()) >= 2 ** 55 or int(np.abs(big_y).max()) >= 2 ** 55:
            raise RuntimeError("second verifier: quadratic values beyond 2^55")
        hit = np.nonzero(_sign_big(big_x, big_y) > 0)[0]
        if len(hit):
            return int(i[hit[0]]), int(j[hit[0]])
    return None


# ---- Python-integer scalars -----------------------------------------------------------------------

def _sgn(x: int, y: int) -> int:
    """sign(x + y sqrt(3)) = sign(x|x| + 3 y|y|)."""
    s = x * abs(x) + 3 * y * abs(y)
    return (s > 0) - (s < 0)


def _pair_values(vec: Vectors, i: int, j: int) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    ra, rb = vec.rational[i], vec.rational[j]
    if vec.surd is None:
        return (sum(x * y for x, y in zip(ra, rb)), 0), (sum(x * x for x in ra), 0), (sum(x * x for x in rb), 0)
    sa, sb = vec.surd[i], vec.surd[j]

    def dot(x1, y1, x2, y2):
        return (sum(p * r + 3 * q * s for p, q, r, s in zip(x1, y1, x2, y2)),
                sum(p * s + q * r for p, q, r, s in zip(x1, y1, x2, y2)))
    return dot(ra, sa, rb, sb), dot(ra, sa, ra, sa), dot(rb, sb, rb, sb)


def _times(s: tuple[int, int], t: tuple[int, int]) -> tuple[int, int]:
    return s[0] * t[0] + 3 * s[1] * t[1], s[0] * t[1] + s[1] * t[0]


def pair_violates(vec: Vectors, i: int, j: int) -> bool:
    g, nu, nv = _pair_values(vec, i, j)
    if _sgn(*g) <= 0:
        return False
    sq, prod = _times(g, g), _times(nu, nv)
    return _sgn(vec.q ** 2 * sq[0] - vec.p ** 2 * prod[0], vec.q ** 2 * sq[1] - vec.p ** 2 * prod[1]) > 0


def pair_cosine_squared(vec: Vectors, i: int, j: int) -> list[int]:
    g, nu, nv = _pair_values(vec, i, j)
    num, den = _times(g, g), _times(nu, nv)
    conj = (den[0], -den[1])
    top = _times(num, conj)
    bottom = den[0] * den[0] - 3 * den[1] * den[1]
    sign = 1 if bottom > 0 else -1
    p, q, r = sign * top[0], sign * top[1], sign * bottom
    g_all = math.gcd(math.gcd(p, q), r)
    return [p // g_all, q // g_all, r // g_all]


def first_duplicate(vec: Vectors) -> tuple[int, int] | None:
    seen: dict = {}
    keys = vec.rational if vec.surd is None else list(zip(vec.rational, vec.surd))
    for j, key in enumerate(keys):
        if key in seen:
            return seen[key], j
        seen[key] = j
    return None


def check(vec: Vectors, what: str) -> Verdict:
    dup = first_duplicate(vec)
    if dup is not None:
        i, j = dup
        return reject("DUPLICATE", f"vectors {i} and {j} are the same vector", {"vector": vec.echo(i), "indices": [i, j]})
    hit = scan_integer(vec.rational, vec.d, vec.p, vec.q) if vec.surd is None else scan_quadratic(vec)
    if hit is not None:
        i, j = hit
        if not pair_violates(vec, i, j):
            raise RuntimeError("second verifier self-check failed: the scan's pair does not violate the bound")
        cos2 = pair_cosine_squared(vec, i, j)
        return reject("PROPERTY_VIOLATION", f"vectors {i} and {j}: cos^2 = ({cos2[0]} + {cos2[1]}*sqrt(3))/{cos2[2]} "
                      f"exceeds ({vec.p}/{vec.q})^2 and their dot product is positive",
                      {"vectors": [vec.echo(i), vec.echo(j)], "indices": [i, j], "cosine_squared": cos2})
    return accept(len(vec), f"{len(vec)} vectors in dimension {vec.d}, {what}")


def confirm(vec: Vectors, w: Witness) -> tuple[bool, str]:
    i, j = w.indices
    if w.kind == "duplicate":
        same = vec.rational[i] == vec.rational[j] and (vec.surd is None or vec.surd[i] == vec.surd[j])
        return same, "duplicate confirmed" if same else "the indexed vectors are not the same"
    if not pair_violates(vec, i, j):
        return False, "the indexed vectors satisfy the cosine bound"
    if list(w["cosine_squared"]) != pair_cosine_squared(vec, i, j):
        return False, "cosine_squared is not the pair's exact squared cosine in lowest terms"
    return True, "angle violation confirmed"
