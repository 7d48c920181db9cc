"""z3 encodings shared by the oracles of ``kissing`` and ``kissing_theta`` (not a family module).

What is encoded, as directly as possible, for vectors v_0, ..., v_(n-1) and a cosine bound c = p/q
(0 <= p < q):

    there exist indices 0 <= i < j < n such that  u.w > 0  and  q^2 (u.w)^2 > p^2 |u|^2 |w|^2,
    where u = v_i and w = v_j,

i.e. cos(u, w) > c (for u.w > 0 both sides of u.w > c |u||w| are positive and squaring is an
equivalence; for u.w <= 0 the cosine is <= 0 <= c). Equal vectors satisfy it (cosine 1): the oracle
decides the geometric definition; telling duplicates apart is the verifiers' business.

Integer vectors: the coordinates are z3 bit-vector arrays ``col_c : BV -> BV`` fixed by one
constraint per listed vector, the indices i, j are bit-vector unknowns chosen by z3, and every dot
product and norm is computed by z3 from ``col_c[i]``, ``col_c[j]`` (bit-vector multiplication, decided
by bit-blasting: complete, unlike z3's nonlinear integer arithmetic, which returned ``unknown`` on
this statement). The widths are chosen from the data so that no value can overflow (``widths``): with
B the largest |coordinate|, the coordinates, their products and the sums u.w, |u|^2, |w|^2 are at most
d B^2 in absolute value and are computed at a width 2 bits above that; the three sums are then
sign-extended to a width 3 bits above q^2 d^2 B^4 for the final products (signed comparisons
throughout). Bit-blasting a multiplier costs the square of its width, so computing the d coordinate
products at the narrow width, not all at the final one, made the tests' inputs about four times faster
(median) and the widest ones (d = 16, |x| = 1000) three to seven times faster, with a narrower spread
of z3's times on the same input (measured with ``tests/scripts/z3_tails.py``).

Vectors in Q(sqrt 3): z3 reals with an unknown r constrained by r * r = 3, r > 0 (so r = sqrt 3, an
algebraic number z3's nlsat handles exactly); coordinate a + b sqrt 3 is the term a + b*r. The pair is
chosen by z3 through integer unknowns i, j and one disjunct per pair "i = s and j = t and <the
condition with u = v_s, w = v_t as polynomials in r>" (arrays of reals mixed with nonlinear real
arithmetic made z3 give up). No sign rule for Q(sqrt 3) is written by us: z3 decides the polynomial
inequalities in r.

A ``sat`` model is re-checked against the definition in plain Python (Python integers; for sqrt 3 the
exact sign rule on x + y sqrt 3 by comparing x^2 with 3 y^2) before it is returned; a failure raises
``RuntimeError``. ``unknown`` is ``("unknown", None)`` and must be treated as an ERROR.
"""
from __future__ import annotations

from typing import Sequence

from ._z3 import solve

MAX_VECTORS = 40
MAX_ENTRIES = 320               # n * d for integer vectors
MAX_QUADRATIC_VECTORS = 24
DEFAULT_TIMEOUT_MS = 120_000


def _validate(vectors, d: int, p: int, q: int, surds=None) -> None:
    if type(d) is not int or not 1 <= d <= 16:
        raise ValueError(f"the spherical-code oracle handles dimensions 1..16, got {d!r}")
    if type(p) is not int or type(q) is not int or not 0 <= p < q:
        raise ValueError(f"the cosine bound must be p/q with 0 <= p < q, got {p!r}/{q!r}")
    if not isinstance(vectors, (list, tuple)):
        raise ValueError("vectors must be a list of integer vectors")
    limit = MAX_VECTORS if surds is None else MAX_QUADRATIC_VECTORS
    if len(vectors) > limit or len(vectors) * d > MAX_ENTRIES:
        raise ValueError(f"the oracle handles at most {limit} vectors and {MAX_ENTRIES} coordinates")
    rows = [vectors] if surds is None else [vectors, surds]
    if surds is not None and (not isinstance(surds, (list, tuple)) or len(surds) != len(vectors)):
        raise ValueError("one sqrt(3) part per vector is required")
    for part in rows:
        for t, v in enumerate(part):
            if not isinstance(v, (list, tuple)) or len(v) != d or not all(type(x) is int for x in v):
                raise ValueError(f"vector {t} is not a list of {d} integers: {v!r}")


def _sign(x: int, y: int) -> int:
    sx, sy = (x > 0) - (x < 0), (y > 0) - (y < 0)
    if sy == 0 or sx == sy:
        return sx if sx else sy
    if sx == 0:
        return sy
    n = x * x - 3 * y * y
    return sx * ((n > 0) - (n < 0))


def violates(u_a, u_b, w_a, w_b, p: int, q: int) -> bool:
    """The definition in plain Python for one pair; b-parts may be None (integer vectors)."""
    u_b = u_b or [0] * len(u_a)
    w_b = w_b or [0] * len(w_a)

    def dot(xa, xb, ya, yb):
        return (sum(s * t + 3 * m * k for s, t, m, k in zip(xa, ya, xb, yb)),
                sum(s * k + m * t for s, t, m, k in zip(xa, ya, xb, yb)))

    def mul(s, t):
        return s[0] * t[0] + 3 * s[1] * t[1], s[0] * t[1] + s[1] * t[0]
    g = dot(u_a, u_b, w_a, w_b)
    if _sign(*g) <= 0:
        return False
    sq, nn = mul(g, g), mul(dot(u_a, u_b, u_a, u_b), dot(w_a, w_b, w_a, w_b))
    return _sign(q * q * sq[0] - p * p * nn[0], q * q * sq[1] - p * p * nn[1]) > 0


def decide_integer(vectors: Sequence[Sequence[int]], d: int, p: int, q: int, *,
                   timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, tuple[int, int] | None]:
    _validate(vectors, d, p, q)
    import z3  # lazy

    n = len(vectors)
    if n < 2:
        return "unsat", None
    index_width, sum_width, top_width = widths(vectors, d, p, q)
    solver = z3.Solver()
    solver.set("timeout", int(timeout_ms))
    cols = [z3.Array(f"col_{c}", z3.BitVecSort(index_width), z3.BitVecSort(sum_width)) for c in range(d)]
    for c in range(d):
        for t, v in enumerate(vectors):
            solver.add(cols[c][t] == z3.BitVecVal(v[c], sum_width))
    i, j = z3.BitVecs("i j", index_width)
    solver.add(z3.ULT(i, j), z3.ULT(j, n))
    dot = z3.Sum([cols[c][i] * cols[c][j] for c in range(d)])
    ni = z3.Sum([cols[c][i] * cols[c][i] for c in range(d)])
    nj = z3.Sum([cols[c][j] * cols[c][j] for c in range(d)])

    def wide(term):
        return z3.SignExt(top_width - sum_width, term)
    solver.add(dot > 0, q * q * wide(dot) * wide(dot) > p * p * wide(ni) * wide(nj))
    answer, pair = solve(solver, (i, j))
    if pair is None:
        return answer, None
    a, b = pair
    if not (0 <= a < b < n) or not violates(vectors[a], None, vectors[b], None, p, q):
        raise RuntimeError(f"spherical-code oracle self-check failed: z3 model {pair} is not a violating pair")
    return "sat", (a, b)


def widths(vectors, d: int, p: int, q: int) -> tuple[int, int, int]:
    """The bit-vector widths of the integer encoding: indices, dot products and norms, the final products.

    With B the largest |coordinate| (at least 1), every coordinate product and every partial sum of a dot
    product or norm is at most d B^2 in absolute value, and both sides of the final comparison at most
    q^2 d^2 B^4; a signed width with 2 bits more than such a bound holds it without overflow. The index
    width holds n unsigned.
    """
    big = max([1] + [abs(x) for v in vectors for x in v])
    index_width = max(1, len(vectors).bit_length()) + 1
    sum_width = (d * big * big).bit_length() + 2
    top_width = max((q * q * d * d * big ** 4).bit_length() + 3, sum_width)
    return index_width, sum_width, top_width


def decide_quadratic(rational: Sequence[Sequence[int]], surds: Sequence[Sequence[int]], d: int, p: int, q: int, *,
                     timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, tuple[int, int] | None]:
    _validate(rational, d, p, q, surds)
    import z3  # lazy

    n = len(rational)
    if n < 2:
        return "unsat", None
    solver = z3.Solver()
    solver.set("timeout", int(timeout_ms))
    r = z3.Real("r")
    solver.add(r * r == 3, r > 0)
    i, j = z3.Ints("i j")
    options = []
    for s in range(n):
        u = [rational[s][c] + surds[s][c] * r for c in range(d)]
        for t in range(s + 1, n):
            w = [rational[t][c] + surds[t][c] * r for c in range(d)]
            dot = z3.Sum([x * y for x, y in zip(u, w)])
            nu, nw = z3.Sum([x * x for x in u]), z3.Sum([x * x for x in w])
            options.append(z3.And(i == s, j == t, dot > 0, q * q * dot * dot > p * p * nu * nw))
    solver.add(z3.Or(options))
    answer, pair = solve(solver, (i, j))
    if pair is None:
        return answer, None
    a, b = pair
    if not (0 <= a < b < n) or not violates(rational[a], surds[a], rational[b], surds[b], p, q):
        raise RuntimeError(f"spherical-code oracle self-check failed: z3 model {pair} is not a violating pair")
    return "sat", (a, b)


def fits(parsed) -> bool:
    n, d = len(parsed.vectors), parsed.d
    if parsed.surds is not None:
        return n <= MAX_QUADRATIC_VECTORS and n * d <= MAX_ENTRIES
    return n <= MAX_VECTORS and n * d <= MAX_ENTRIES


SIZE_RULE = (f"at most {MAX_VECTORS} integer vectors ({MAX_QUADRATIC_VECTORS} in Q(sqrt 3)) and "
             f"{MAX_ENTRIES} coordinates in all")


def _cosine_squared(parsed, i: int, j: int) -> list[int]:
    """cos^2 of the pair as [p, q, r] = (p + q sqrt 3)/r in lowest terms (Python integers)."""
    from math import gcd

    ua, wa = parsed.vectors[i], parsed.vectors[j]
    ub = parsed.surds[i] if parsed.surds is not None else [0] * parsed.d
    wb = parsed.surds[j] if parsed.surds is not None else [0] * parsed.d

    def dot(xa, xb, ya, yb):
        return (sum(s * t + 3 * m * k for s, t, m, k in zip(xa, ya, xb, yb)),
                sum(s * k + m * t for s, t, m, k in zip(xa, ya, xb, yb)))

    def mul(s, t):
        return s[0] * t[0] + 3 * s[1] * t[1], s[0] * t[1] + s[1] * t[0]
    g = dot(ua, ub, wa, wb)
    num, den = mul(g, g), mul(dot(ua, ub, ua, ub), dot(wa, wb, wa, wb))
    top = mul(num, (den[0], -den[1]))
    bottom = den[0] ** 2 - 3 * den[1] ** 2
    sign = 1 if bottom > 0 else -1
    vals = [sign * top[0], sign * top[1], sign * bottom]
    g_all = gcd(gcd(vals[0], vals[1]), vals[2])
    return [v // g_all for v in vals]


def oracle(parsed, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, dict | None]:
    """The definition decided by z3 on a parsed answer that ``fits``."""
    p, q = parsed.cos_num, parsed.cos_den
    if parsed.surds is None:
        status, hit = decide_integer(parsed.vectors, parsed.d, p, q, timeout_ms=timeout_ms)
    else:
        status, hit = decide_quadratic(parsed.vectors, parsed.surds, parsed.d, p, q, timeout_ms=timeout_ms)
    if hit is None:
        return status, None
    i, j = hit

    def echo(t):
        if parsed.surds is None:
            return list(parsed.vectors[t])
        return [[a, b] for a, b in zip(parsed.vectors[t], parsed.surds[t])]
    return status, {"vectors": [echo(i), echo(j)], "indices": [i, j], "cosine_squared": _cosine_squared(parsed, i, j)}
