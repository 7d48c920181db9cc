"""Primary checks shared by ``kissing`` and ``kissing_theta`` (not a family module).

What is checked. The parsed answer (``certificates.schemas._spherical``) is a tuple of non-zero vectors
and a cosine bound c = p/q in lowest terms (1/2 for 60 degrees). It is valid iff the vectors are
pairwise distinct and every pair u != v has cos(u, v) <= c, i.e. NOT (u.v > 0 and q^2 (u.v)^2 >
p^2 |u|^2 |v|^2): for u.v <= 0 the cosine is <= 0 <= c, and for u.v > 0 both sides of
u.v <= c |u||v| are positive, so squaring is an equivalence.

Integer vectors (``list`` and ``orbit`` forms). Every pair i < j is examined, in blocks of rows, with
numpy on the validated integers. The dot products come from a float64 matrix product (BLAS); this is
exact integer arithmetic, not an approximation: the schema guarantees |x| <= 1000 and d <= 16, so every
product and every partial sum is an integer of absolute value at most 16 * 10^6 < 2^53, and IEEE-754
doubles represent all such integers and add them without rounding (``_require_exact_range`` re-checks
the bound before the product). The products are converted to int64 and the comparison
q^2 g^2 > p^2 N_i N_j is made in int64: q^2 g^2 <= 10^4 * (1.6e7)^2 = 2.56e18 and
p^2 N_i N_j <= 99^2 * (1.6e7)^2 < 2.6e18, both below 2^63.

Vectors in Z[sqrt(3)] (``quadratic_vectors``, kissing only, c = 1/2). With u = a + b sqrt(3)
coordinatewise, u.v = G1 + G2 sqrt(3) with G1 = a.a' + 3 b.b', G2 = a.b' + b.a' (float64 BLAS again
exact: |G1| <= 6.4e7, |G2| <= 3.2e7), and |u|^2 = P + Q sqrt(3). A pair is bad iff u.v > 0 and
X + Y sqrt(3) > 0 where X + Y sqrt(3) = 4 (u.v)^2 - |u|^2 |v|^2 (|X|, |Y| < 2^55, int64). The sign of
x + y sqrt(3) is decided by integer case analysis: y = 0 -> sign x; x = 0 -> sign y; same signs -> that
sign; opposite signs -> sign(x) * sign(x^2 - 3 y^2). For the big X, Y the value X^2 - 3 Y^2 (up to
2^112) is computed exactly in numpy with 28-bit limbs (``_sign_norm_limbs``).

Duplicates: rows sorted with ``np.lexsort`` and adjacent rows compared. The witness of a violation is
the pair (i, j) and cos^2(u, v) = (u.v)^2 / (|u|^2 |v|^2) in Q(sqrt(3)) as (p + q sqrt(3)) / r in lowest
terms, computed with python-flint ``fmpz``; ``confirm`` re-decides a witness with ``fmpz`` scalars.

Libraries: numpy (all pair scans, vectorised on validated ints), python-flint (``fmpz`` for the exact
witness cosine and the scalar re-check of witnesses).
"""
from __future__ import annotations

import numpy as np
from flint import fmpz

from endless_exam.certificates.schemas._spherical import MAX_ABS, MAX_D, SphericalAnswer, item
from endless_exam.certificates.verdict import Verdict, accept, reject
from endless_exam.certificates.witness import Witness

LIBRARIES = ("numpy", "python-flint")
BLOCK_ENTRIES = 2_000_000      # entries of one block of the pair matrix (about 16 MB per int64 array)
_EXACT = 2 ** 53
_LIMB = 28
_MASK = (1 << _LIMB) - 1


def _require_exact_range(d: int, a: np.ndarray) -> None:
    if d > MAX_D or (a.size and int(np.abs(a).max()) > MAX_ABS):
        raise RuntimeError("spherical-code self-check failed: coordinates beyond the schema's range")
    if 4 * d * MAX_ABS * MAX_ABS >= _EXACT:
        raise RuntimeError("spherical-code self-check failed: float64 products would not be exact")


def _block_rows(n: int) -> int:
    return max(16, min(4096, BLOCK_ENTRIES // max(1, n)))


# ---- duplicates ---------------------------------------------------------------------------------------

def find_duplicate(parsed: SphericalAnswer) -> tuple[int, int] | None:
    rows = np.array(parsed.vectors, dtype=np.int64)
    if parsed.surds is not None:
        rows = np.hstack([rows, np.array(parsed.surds, dtype=np.int64)])
    order = np.lexsort(rows.T[::-1])
    srt = rows[order]
    same = np.nonzero(np.all(srt[1:] == srt[:-1], axis=1))[0]
    if len(same) == 0:
        return None
    s = int(same[0])
    i, j = int(order[s]), int(order[s + 1])
    return min(i, j), max(i, j)


# ---- integer vectors ----------------------------------------------------------------------------------

def find_violation_integer(vectors: tuple[tuple[int, ...], ...], d: int, p: int, q: int) -> tuple[int, int] | None:
    """The first pair i < j (row-major) with u.v > 0 and q^2 (u.v)^2 > p^2 |u|^2 |v|^2, or None.

    Row blocks of the upper triangle; every array of a block lives in a buffer allocated once (fresh
    16 MB arrays per block cost more in page faults than the arithmetic)."""
    v = np.array(vectors, dtype=np.int64).reshape(len(vectors), d)
    _require_exact_range(d, v)
    n = len(v)
    if n < 2:
        return None
    f = v.astype(np.float64)
    ft = np.ascontiguousarray(f.T)
    norms = (v * v).sum(axis=1)
    scaled = norms * (p * p)
    q2 = q * q
    step = _block_rows(n)
    size = step * (n - 1)
    g_f = np.empty(size, dtype=np.float64)
    g_i = np.empty(size, dtype=np.int64)
    rhs = np.empty(size, dtype=np.int64)
    pos = np.empty(size, dtype=np.bool_)
    big = np.empty(size, dtype=np.bool_)
    for i0 in range(0, n - 1, step):
        i1 = min(n - 1, i0 + step)
        b, m = i1 - i0, n - 1 - i0
        gf = g_f[:b * m].reshape(b, m)
        gi = g_i[:b * m].reshape(b, m)
        np.matmul(f[i0:i1], ft[:, i0 + 1:], out=gf)                 # exact, see the module docstring
        np.copyto(gi, gf, casting="unsafe")
        bad = np.greater(gi, 0, out=pos[:b * m].reshape(b, m))
        np.multiply(gi, gi, out=gi)
        gi *= q2
        other = np.multiply.outer(scaled[i0:i1], norms[i0 + 1:], out=rhs[:b * m].reshape(b, m))
        bad &= np.greater(gi, other, out=big[:b * m].reshape(b, m))
        corner = bad[:, :b]                                         # column c is j = i0 + 1 + c; need j > i
        corner &= np.triu(np.ones((b, b), dtype=np.bool_))
        if bad.any():
            r, c = divmod(int(np.argmax(bad)), m)
            return i0 + r, i0 + 1 + c
    return None


# ---- vectors in Z[sqrt(3)] ----------------------------------------------------------------------------

def _sign_small(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """sign(x + y sqrt(3)) for |x|, |y| < 2^31 (x^2 and 3 y^2 fit int64)."""
    sx, sy = np.sign(x), np.sign(y)
    norm = np.sign(x * x - 3 * y * y)
    return np.where(sy == 0, sx, np.where(sx == 0, sy, np.where(sx == sy, sx, sx * norm)))


def _sign_norm_limbs(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """sign(x^2 - 3 y^2) exactly for |x|, |y| < 2^56, with 28-bit limbs in int64.

    With |x| = xh 2^28 + xl and |y| = yh 2^28 + yl (limbs in [0, 2^28)):
    x^2 - 3y^2 = A 2^56 + B 2^28 + C, A = xh^2 - 3yh^2, B = 2 xh xl - 6 yh yl, C = xl^2 - 3 yl^2, each
    below 2^59 in absolute value. Carrying (floor shifts) makes B and C limbs in [0, 2^28); then the
    sign is sign(A) if A != 0, else 1 if B or C is non-zero, else 0.
    """
    ax, ay = np.abs(x), np.abs(y)
    xh, xl = ax >> _LIMB, ax & _MASK
    yh, yl = ay >> _LIMB, ay & _MASK
    a = xh * xh - 3 * yh * yh
    b = 2 * xh * xl - 6 * yh * yl
    c = xl * xl - 3 * yl * yl
    b = b + (c >> _LIMB)
    c = c & _MASK
    a = a + (b >> _LIMB)
    b = b & _MASK
    return np.where(a != 0, np.sign(a), ((b | c) != 0).astype(np.int64))


def _sign_big(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """sign(x + y sqrt(3)) for |x|, |y| < 2^56."""
    sx, sy = np.sign(x), np.sign(y)
    out = np.where(sy == 0, sx, np.where(sx == 0, sy, sx))
    opposite = (sx * sy) < 0
    if opposite.any():
        out = out.copy()
        out[opposite] = sx[opposite] * _sign_norm_limbs(x[opposite], y[opposite])
    return out


def find_violation_quadratic(a_parts, b_parts, d: int) -> tuple[int, int] | None:
    """The first pair i < j (row-major) at an angle below 60 degrees, vectors a + b sqrt(3)."""
    a = np.array(a_parts, dtype=np.int64).reshape(len(a_parts), d)
    b = np.array(b_parts, dtype=np.int64).reshape(len(b_parts), d)
    _require_exact_range(d, a)
    _require_exact_range(d, b)
    n = len(a)
    left = np.hstack([a, b]).astype(np.float64)
    right1 = np.hstack([a, 3 * b]).astype(np.float64)           # G1 = a.a' + 3 b.b'
    right2 = np.hstack([b, a]).astype(np.float64)               # G2 = a.b' + b.a'
    pn = (a * a).sum(axis=1) + 3 * (b * b).sum(axis=1)
    qn = 2 * (a * b).sum(axis=1)
    step = _block_rows(n)
    for i0 in range(0, n - 1, step):
        i1 = min(n - 1, i0 + step)
        g1 = (left[i0:i1] @ right1[i0 + 1:].T).astype(np.int64)
        g2 = (left[i0:i1] @ right2[i0 + 1:].T).astype(np.int64)
        positive = np.triu(_sign_small(g1, g2) > 0)
        r, c = np.nonzero(positive)                              # row-major order
        if len(r) == 0:
            continue
        x1, x2 = g1[r, c], g2[r, c]
        i, j = r + i0, c + i0 + 1
        big_x = 4 * (x1 * x1 + 3 * x2 * x2) - (pn[i] * pn[j] + 3 * qn[i] * qn[j])
        big_y = 8 * x1 * x2 - (pn[i] * qn[j] + qn[i] * pn[j])
        if max(int(np.abs(big_x).max()), int(np.abs(big_y).max())) >= 2 ** 56:
            raise RuntimeError("spherical-code self-check failed: quadratic values beyond 2^56")
        bad = np.nonzero(_sign_big(big_x, big_y) > 0)[0]
        if len(bad):
            t = int(bad[0])
            return int(i[t]), int(j[t])
    return None


# ---- exact scalars (fmpz) ---------------------------------------------------------------------------

def _sign(x: fmpz, y: fmpz) -> int:
    """sign(x + y sqrt(3)), integer case analysis."""
    sx = (x > 0) - (x < 0)
    sy = (y > 0) - (y < 0)
    if sy == 0:
        return sx
    if sx == 0 or sx == sy:
        return sy
    n = x * x - 3 * y * y
    return sx * ((n > 0) - (n < 0))


def _pair(parsed: SphericalAnswer, i: int, j: int):
    """(u.v, |u|^2, |v|^2) as pairs (x, y) meaning x + y sqrt(3), fmpz."""
    ua, va = [fmpz(t) for t in parsed.vectors[i]], [fmpz(t) for t in parsed.vectors[j]]
    if parsed.surds is None:
        zero = fmpz(0)
        return ((sum((x * y for x, y in zip(ua, va)), zero), zero), (sum((x * x for x in ua), zero), zero),
                (sum((x * x for x in va), zero), zero))
    ub, vb = [fmpz(t) for t in parsed.surds[i]], [fmpz(t) for t in parsed.surds[j]]

    def dot(pa, pb, qa, qb):
        x = sum((s * t + 3 * u * w for s, t, u, w in zip(pa, qa, pb, qb)), fmpz(0))
        y = sum((s * w + u * t for s, t, u, w in zip(pa, qa, pb, qb)), fmpz(0))
        return x, y
    return dot(ua, ub, va, vb), dot(ua, ub, ua, ub), dot(va, vb, va, vb)


def _mul(s, t):
    return s[0] * t[0] + 3 * s[1] * t[1], s[0] * t[1] + s[1] * t[0]


def violates(parsed: SphericalAnswer, i: int, j: int) -> bool:
    """Exact re-decision of one pair: u.v > 0 and q^2 (u.v)^2 > p^2 |u|^2 |v|^2 in Z[sqrt(3)]."""
    g, nu, nv = _pair(parsed, i, j)
    if _sign(*g) <= 0:
        return False
    g2, nn = _mul(g, g), _mul(nu, nv)
    p2, q2 = parsed.cos_num ** 2, parsed.cos_den ** 2
    return _sign(q2 * g2[0] - p2 * nn[0], q2 * g2[1] - p2 * nn[1]) > 0


def cosine_squared(parsed: SphericalAnswer, i: int, j: int) -> list[int]:
    """cos^2(u, v) = (u.v)^2 / (|u|^2 |v|^2) as [p, q, r]: (p + q sqrt(3)) / r, r > 0, gcd 1."""
    g, nu, nv = _pair(parsed, i, j)
    e, f = _mul(g, g)
    h, k = _mul(nu, nv)
    p, q, r = e * h - 3 * f * k, f * h - e * k, h * h - 3 * k * k        # multiply by the conjugate h - k sqrt(3)
    if r < 0:
        p, q, r = -p, -q, -r
    common = p.gcd(q).gcd(r)
    return [int(p // common), int(q // common), int(r // common)]


# ---- the verdict ------------------------------------------------------------------------------------

def check(parsed: SphericalAnswer, what: str) -> Verdict:
    dup = find_duplicate(parsed)
    if dup is not None:
        i, j = dup
        return reject("DUPLICATE", f"vector {i} and vector {j} are equal", {"vector": item(parsed, i), "indices": [i, j]})
    if parsed.surds is None:
        hit = find_violation_integer(parsed.vectors, parsed.d, parsed.cos_num, parsed.cos_den)
    else:
        if (parsed.cos_num, parsed.cos_den) != (1, 2):
            raise RuntimeError("quadratic vectors are checked against the 60-degree bound only")
        hit = find_violation_quadratic(parsed.vectors, parsed.surds, parsed.d)
    if hit is not None:
        i, j = hit
        cos2 = cosine_squared(parsed, i, j)
        return reject("PROPERTY_VIOLATION",
                      f"vectors {i} and {j} have cos^2 = ({cos2[0]} + {cos2[1]}*sqrt(3))/{cos2[2]} > "
                      f"({parsed.cos_num}/{parsed.cos_den})^2 with a positive dot product",
                      {"vectors": [item(parsed, i), item(parsed, j)], "indices": [i, j], "cosine_squared": cos2})
    return accept(len(parsed), f"{len(parsed)} vectors in dimension {parsed.d}, {what}")


def confirm(parsed: SphericalAnswer, w: Witness) -> tuple[bool, str]:
    i, j = w.indices
    if w.kind == "duplicate":
        same = parsed.vectors[i] == parsed.vectors[j] and (parsed.surds is None or parsed.surds[i] == parsed.surds[j])
        return same, "duplicate confirmed" if same else "the two indexed vectors differ"
    if not violates(parsed, i, j):
        return False, "the two indexed vectors respect the cosine bound"
    if list(w["cosine_squared"]) != cosine_squared(parsed, i, j):
        return False, "the stated cosine_squared is not the exact squared cosine of the pair (lowest terms)"
    return True, "angle violation confirmed"
