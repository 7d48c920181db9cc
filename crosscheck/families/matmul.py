"""Second check of the ``matmul`` family (independent of ``endless_exam.checker.families.matmul``).

Checked: the products [u_k, v_k, w_k] (shared schema ``endless_exam.certificates.schemas.matmul``) form
a bilinear algorithm for (n x m)(m x p) in the upstream index convention (A_{i*m+j}, B_{j*p+l},
C_{i*p+l}): for every a, b, c, sum_k u_k[a] v_k[b] w_k[c] equals T[a, b, c] = [a = i*m+j, b = j*p+l,
c = i*p+l for some i, j, l]. As in the primary's docstring, this coefficient identity is exactly the
statement "C = AB identically in the entries of A and B".

Algorithms (different from the primary's slice-by-slice integer matrix products), chosen by the
number of non-zero terms N = sum_k nnz(u_k) nnz(v_k) nnz(w_k) (``first_difference``):

* sparse, while N <= 64 r (the naive scheme, Strassen-like schemes), and whenever the packed slices
  would be too large (r (nmp)^2 > 3.4e10 or (mp)(np) > 2^22; the schema then guarantees
  N + nmp <= 2e7, issue 21: large dimensions): the definition term by term,
  S[a, b, c] = sum_k u_k[a] v_k[b] w_k[c] accumulated over the non-zero coefficients only in a dict
  keyed by the position a nb nc + b nc + c, then T subtracted; the least position with a non-zero
  difference is the first wrong entry in (a, b, c) order. Cost about N dictionary updates.
* packed, otherwise: Kronecker substitution on plain Python integers. Fix a field width F bits (a
  multiple of 8) with 2^(F-1) > 64 r (every entry of sum_k u_k (x) v_k (x) w_k has absolute value at
  most 4^3 r = 64 r). Pack the outer product v_k (x) w_k as the integer
  O_k = sum_{b,c} v_k[b] w_k[c] 2^(F (np b + c)) (built from byte strings, see ``packed_outer``;
  the exponents are distinct), so
  X_a = sum_k u_k[a] O_k = sum_{b,c} S[a,b,c] 2^(F (np b + c)) packs the whole slice S[a] of the
  scheme's tensor into one integer. It is summed per coefficient value s (X_a = sum_{s>0} s (Sigma_s -
  Sigma_{-s}), one big-integer addition per non-zero u_k[a]), for groups of slices whose sums fit
  ``PACKED_BYTES`` (one pass over the products per group), so memory stays bounded whatever r. A signed base-2^F expansion with digits in (-2^(F-1), 2^(F-1))
  is unique, so X_a equals the likewise packed slice T[a] of the matrix multiplication tensor iff
  S[a] = T[a] in every entry: one exact big-integer comparison per a, all entries compared. When a
  slice differs, the lowest set bit of X_a - T[a] lies in the field of its first non-zero digit (every
  entry S - T is below 2^(F-1) in absolute value), which is the first differing entry in (b, c)
  order, decoded as a balanced digit.
Both give the same witness.

Libraries: none (LIBRARIES is empty). Path: plain Python integers only (no numpy, sympy, z3 or FLINT): sympy's polynomial expansion of
(sum u A)(sum v B) over 2,048 products would not meet the 60 s budget at the parameter limits, and
the Kronecker packing is itself the symbolic identity evaluated exactly. Witnesses of the primary are
re-checked by summing the r products of the three named coefficients. The z3 oracle is
``endless_exam.crosscheck.oracle.matmul``.
"""
from __future__ import annotations

from collections import defaultdict
from itertools import compress

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


_SCALE = {s: bytes(min(255, s * x) for x in range(256)) for s in range(1, schema.MAX_COEFFICIENT + 1)}   # x -> s x


def packed_outer(v, w, width: int) -> int:
    """sum_{b,c} v[b] w[c] 2^(width (len(w) b + c)), built from bytes (width is a multiple of 8).

    Every field v[b] w[c] lies in -16..16, so the positive parts max(v[b] w[c], 0) and the negative
    parts max(-v[b] w[c], 0) each fit the low byte of their field; the two byte strings are read as
    little-endian integers and subtracted, which is the signed packed value exactly. The blocks of w
    scaled by s = |v[b]| (positive and negative parts, one byte per field) are made with
    ``bytes.translate`` (x -> s x), only for the s that occur in v, and copied into place.
    """
    step = width // 8
    nc = len(w)
    size = nc * step
    wplus, wminus = bytearray(size), bytearray(size)
    wplus[::step] = bytes(x if x > 0 else 0 for x in w)
    wminus[::step] = bytes(-x if x < 0 else 0 for x in w)
    blocks: dict[int, tuple[bytes, bytes]] = {}
    pos, neg = bytearray(len(v) * size), bytearray(len(v) * size)
    for b in compress(range(len(v)), v):
        x = v[b]
        s = abs(x)
        block = blocks.get(s)
        if block is None:
            block = blocks[s] = (wplus.translate(_SCALE[s]), wminus.translate(_SCALE[s]))
        plus, minus = block if x > 0 else block[::-1]
        pos[b * size:(b + 1) * size] = plus
        neg[b * size:(b + 1) * size] = minus
    return int.from_bytes(pos, "little") - int.from_bytes(neg, "little")


def _unpack(x: int, count: int, width: int, exact: bool = True) -> list[int]:
    """The balanced base-2^width digits of x (count of them), least significant first; with ``exact``,
    x must have no further digits."""
    half, full, mask = 1 << (width - 1), 1 << width, (1 << width) - 1
    out = []
    for _ in range(count):
        digit = x & mask
        if digit >= half:
            digit -= full
        out.append(digit)
        x = (x - digit) >> width
    if exact and x != 0:
        raise RuntimeError("matmul self-check failed: a packed slice has more digits than the tensor")
    return out


def tensor_entry(n: int, m: int, p: int, a: int, b: int, c: int) -> int:
    i, j = a // m, a % m
    j2, l = b // p, b % p
    i2, l2 = c // p, c % p
    return 1 if (i, j, l) == (i2, j2, l2) else 0


SPARSE_TERMS_PER_PRODUCT = 64       # the sparse sum is used while sum_k nnz(u_k) nnz(v_k) nnz(w_k) <= 64 r


def _support(vec) -> list[int]:
    """The positions of the non-zero coefficients (``itertools.compress``: a C-level loop)."""
    return list(compress(range(len(vec)), vec))


def _supports(parsed: schema.MatmulAnswer) -> list[tuple[list[int], ...]]:
    """(support of u_k, of v_k, of w_k) for every product. A support depends only on the vector (its
    positions 0..len - 1 with a non-zero entry), so each distinct vector is scanned once (the factors
    of common schemes repeat: the naive one has each u and v p times)."""
    memo: dict[tuple[int, ...], list[int]] = {}

    def support(vec: tuple[int, ...]) -> list[int]:
        found = memo.get(vec)
        if found is None:
            found = memo[vec] = list(compress(range(len(vec)), vec))
        return found

    return [(support(u), support(v), support(w)) for u, v, w in parsed.products]


def sparse_first_difference(parsed: schema.MatmulAnswer, supports=None) -> tuple[int, int, int, int, int] | None:
    """The definition term by term: S[a, b, c] = sum_k u_k[a] v_k[b] w_k[c] accumulated in a dict over
    the non-zero coefficients only, minus T; the least position a nb nc + b nc + c with a non-zero
    difference is the first wrong entry in (a, b, c) order."""
    n, m, p = parsed.n, parsed.m, parsed.p
    nb, nc = m * p, n * p
    supports = supports or _supports(parsed)
    total: dict[int, int] = defaultdict(int)
    for (u, v, w), (su, sv, sw) in zip(parsed.products, supports):
        for a in su:
            ua, base_a = u[a], a * nb * nc
            for b in sv:
                uv, base_b = ua * v[b], base_a + b * nc
                for c in sw:
                    total[base_b + c] += uv * w[c]
    for i in range(n):                             # T: a = i m + j, b = j p + l, c = i p + l
        for j in range(m):
            for l in range(p):
                total[(i * m + j) * nb * nc + (j * p + l) * nc + i * p + l] -= 1
    wrong = [pos for pos, diff in total.items() if diff]
    if not wrong:
        return None
    pos = min(wrong)
    a, b, c = pos // (nb * nc), pos // nc % nb, pos % nc
    t = tensor_entry(n, m, p, a, b, c)
    return a, b, c, total[pos] + t, t


def first_difference(parsed: schema.MatmulAnswer, method: str | None = None) -> tuple[int, int, int, int, int] | None:
    """The first entry (a, b, c) in lexicographic order where the scheme's tensor differs from T, as
    (a, b, c, value, expected), or None. ``method``: "sparse" or "packed" (default: sparse while the
    number of non-zero terms is at most ``SPARSE_TERMS_PER_PRODUCT`` per product)."""
    if method is None:
        supports = _supports(parsed)
        terms = sum(len(su) * len(sv) * len(sw) for su, sv, sw in supports)
        sparse_ok = terms + parsed.n * parsed.m * parsed.p <= schema.MAX_SPARSE_TERMS
        if sparse_ok and (terms <= SPARSE_TERMS_PER_PRODUCT * parsed.rank or not schema.dense_fits(parsed)):
            return sparse_first_difference(parsed, supports)
        return packed_first_difference(parsed)
    if method == "sparse":
        return sparse_first_difference(parsed)
    if method == "packed":
        return packed_first_difference(parsed)
    raise ValueError(f"unknown matmul method {method!r}")


PACKED_BYTES = 256 << 20    # the per-slice sums of one pass of ``packed_first_difference`` take at most this


def packed_first_difference(parsed: schema.MatmulAnswer) -> tuple[int, int, int, int, int] | None:
    n, m, p = parsed.n, parsed.m, parsed.p
    na, nb, nc = n * m, m * p, n * p
    width = field_bits(parsed.rank)
    # X_a = sum_k u_k[a] O_k with O_k the packed outer product v_k (x) w_k, summed per slice a and
    # coefficient s = u_k[a] (then X_a = sum_{s > 0} s (sum_s - sum_{-s}): one big-integer addition per
    # non-zero u_k[a]); the slices are taken in groups whose 2 * 4 sums fit ``PACKED_BYTES``, one pass over
    # the products per group (O_k recomputed in each pass that needs it); the first wrong slice stops it
    slots = 2 * schema.MAX_COEFFICIENT + 1                          # index s, negative s from the end
    group = max(1, min(na, PACKED_BYTES // (slots * nb * nc * width // 8)))
    supports = [_support(u) for u, _, _ in parsed.products]
    for first in range(0, na, group):
        last = min(na, first + group)
        sums = [[0] * slots for _ in range(last - first)]
        for (u, v, w), support in zip(parsed.products, supports):
            inside = [a for a in support if first <= a < last]
            if inside:
                outer = packed_outer(v, w, width)
                if outer:
                    for a in inside:
                        sums[a - first][u[a]] += outer
        for a in range(first, last):
            by_coeff = sums[a - first]
            got = 0
            for coeff in range(1, schema.MAX_COEFFICIENT + 1):
                got += coeff * (by_coeff[coeff] - by_coeff[-coeff])
            i, j = a // m, a % m
            want = 0
            for l in range(p):                             # T[a] has ones at b = j p + l, c = i p + l
                want += 1 << (width * (nc * (j * p + l) + i * p + l))
            if got != want:
                # the lowest set bit of got - want lies in the field of the first non-zero balanced digit
                # (all lower digits are 0, and a non-zero digit of absolute value < 2^(F-1) has a set bit
                # inside its own field); decode that one digit
                diff = got - want
                pos = ((diff & -diff).bit_length() - 1) // width
                digit = _unpack(diff >> (width * pos), 1, width, exact=False)[0]
                b, c = pos // nc, pos % nc
                t = tensor_entry(n, m, p, a, b, c)
                if digit == 0:
                    raise RuntimeError("matmul self-check failed: packed slices differ but no entry does")
                return a, b, c, digit + t, t
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
