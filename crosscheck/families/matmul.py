"""Second check of the ``matmul`` family (independent of ``endless_exam.checker.families.matmul``).

Checked: the products [u_k, v_k, w_k] (shared schema ``endless_exam.certificates.schemas.matmul``) form
a bilinear algorithm for (n x m)(m x p) in the upstream index convention (A_{i*m+j}, B_{j*p+l},
C_{i*p+l}): for every a, b, c, sum_k u_k[a] v_k[b] w_k[c] equals T[a, b, c] = [a = i*m+j, b = j*p+l,
c = i*p+l for some i, j, l]. As in the primary's docstring, this coefficient identity is exactly the
statement "C = AB identically in the entries of A and B".

Algorithm (different from the primary's slice-by-slice integer matrix products): Kronecker
substitution on plain Python integers. Fix a field width F bits (a multiple of 8) with
2^(F-1) > 64 r (every entry of sum_k u_k (x) v_k (x) w_k has absolute value at most 4^3 r = 64 r).
Pack the outer product v_k (x) w_k as the integer O_k = sum_{b,c} v_k[b] w_k[c] 2^(F (np b + c))
(built from byte strings, see ``packed_outer``; the exponents are distinct), so
X_a = sum_k u_k[a] O_k = sum_{b,c} S[a,b,c] 2^(F (np b + c)) packs the whole slice S[a] of the
scheme's tensor into one integer. A signed base-2^F expansion with digits in (-2^(F-1), 2^(F-1))
is unique, so X_a equals the likewise packed slice T[a] of the matrix multiplication tensor iff
S[a] = T[a] in every entry: one exact big-integer comparison per a, all entries compared. When a
slice differs, its fields are decoded (balanced digits, exact) and the first differing entry in
(b, c) order is the witness.

Libraries: none (LIBRARIES is empty). Path: plain Python integers only (no numpy, sympy, z3 or FLINT): sympy's polynomial expansion of
(sum u A)(sum v B) over 2,048 products would not meet the 60 s budget at the parameter limits, and
the Kronecker packing is itself the symbolic identity evaluated exactly. Witnesses of the primary are
re-checked by summing the r products of the three named coefficients. The z3 oracle is
``endless_exam.crosscheck.oracle.matmul``.
"""
from __future__ import annotations

from endless_exam.certificates.schemas import matmul as schema
from endless_exam.certificates.verdict import Verdict, accept, reject
from endless_exam.certificates.witness import Witness

LIBRARIES: tuple[str, ...] = ()


def field_bits(r: int) -> int:
    """A field width F (a multiple of 8) with 2^(F-1) > 64 r."""
    bits = 8
    while (1 << (bits - 1)) <= 64 * r:
        bits += 8
    return bits


def packed_outer(v, w, width: int) -> int:
    """sum_{b,c} v[b] w[c] 2^(width (len(w) b + c)), built from bytes (width is a multiple of 8).

    Every field v[b] w[c] lies in -16..16, so the positive parts max(v[b] w[c], 0) and the negative
    parts max(-v[b] w[c], 0) each fit the low byte of their field; the two byte strings are read as
    little-endian integers and subtracted, which is the signed packed value exactly.
    """
    step = width // 8
    nc = len(w)
    blocks = {}
    for s in range(1, schema.MAX_COEFFICIENT + 1):
        plus, minus = bytearray(nc * step), bytearray(nc * step)
        for c, x in enumerate(w):
            if x > 0:
                plus[c * step] = s * x
            elif x < 0:
                minus[c * step] = -s * x
        blocks[s] = (bytes(plus), bytes(minus))
    size = nc * step
    pos, neg = bytearray(len(v) * size), bytearray(len(v) * size)
    for b, x in enumerate(v):
        if x:
            plus, minus = blocks[abs(x)]
            if x < 0:
                plus, minus = minus, plus
            pos[b * size:(b + 1) * size] = plus
            neg[b * size:(b + 1) * size] = minus
    return int.from_bytes(pos, "little") - int.from_bytes(neg, "little")


def _unpack(x: int, count: int, width: int) -> list[int]:
    """The balanced base-2^width digits of x (count of them), least significant first."""
    half, full, mask = 1 << (width - 1), 1 << width, (1 << width) - 1
    out = []
    for _ in range(count):
        digit = x & mask
        if digit >= half:
            digit -= full
        out.append(digit)
        x = (x - digit) >> width
    if x != 0:
        raise RuntimeError("matmul self-check failed: a packed slice has more digits than the tensor")
    return out


def tensor_entry(n: int, m: int, p: int, a: int, b: int, c: int) -> int:
    i, j = a // m, a % m
    j2, l = b // p, b % p
    i2, l2 = c // p, c % p
    return 1 if (i, j, l) == (i2, j2, l2) else 0


def first_difference(parsed: schema.MatmulAnswer) -> tuple[int, int, int, int, int] | None:
    n, m, p = parsed.n, parsed.m, parsed.p
    na, nb, nc = n * m, m * p, n * p
    width = field_bits(parsed.rank)
    # the packed outer products v_k (x) w_k, then one slice a at a time (stops at the first wrong slice)
    outers = [(u, packed_outer(v, w, width)) for u, v, w in parsed.products]
    outers = [(u, outer) for u, outer in outers if outer]
    for a in range(na):
        got = 0
        for u, outer in outers:
            coeff = u[a]
            if coeff:
                got += coeff * outer
        i, j = a // m, a % m
        want = 0
        for l in range(p):                             # T[a] has ones at b = j p + l, c = i p + l
            want += 1 << (width * (nc * (j * p + l) + i * p + l))
        if got != want:
            digits = _unpack(got, nb * nc, width)
            for pos, value in enumerate(digits):
                b, c = pos // nc, pos % nc
                t = tensor_entry(n, m, p, a, b, c)
                if value != t:
                    return a, b, c, value, t
            raise RuntimeError("matmul self-check failed: packed slices differ but no entry does")
    return None


def check(parsed: schema.MatmulAnswer) -> Verdict:
    hit = first_difference(parsed)
    if hit is not None:
        a, b, c, value, want = hit
        return reject("PROPERTY_VIOLATION",
                      f"sum_k u_k[{a}] v_k[{b}] w_k[{c}] = {value}, but the matrix multiplication tensor has {want} "
                      f"there", {"entry": [a, b, c], "value": value, "expected": want})
    return accept(parsed.rank, f"bilinear algorithm for <{parsed.n},{parsed.m},{parsed.p}> with {parsed.rank} products")


def confirm(parsed: schema.MatmulAnswer, w: Witness) -> tuple[bool, str]:
    """Re-check the primary's tensor entry in plain Python."""
    a, b, c = w["entry"]
    value = sum(u[a] * v[b] * x[c] for u, v, x in parsed.products)
    want = tensor_entry(parsed.n, parsed.m, parsed.p, a, b, c)
    if value != w["value"] or want != w["expected"]:
        return False, f"at [{a}, {b}, {c}] the scheme has {value} and the tensor {want}; the witness says otherwise"
    if value == want:
        return False, f"the scheme is correct at [{a}, {b}, {c}]"
    return True, "tensor entry differs: confirmed"
