"""Primary check of the ``matmul`` family (bilinear algorithms for (n x m)(m x p); minimise r).

What is checked: the r products [u_k, v_k, w_k] of the answer (shared schema
``endless_exam.certificates.schemas.matmul``: lengths nm, mp, np, integer coefficients in -4..4,
1 <= r <= 4nmp) satisfy

    sum_k u_k (x) v_k (x) w_k = T   exactly over the integers,

where T is the matrix multiplication tensor in the upstream index convention: T[a, b, c] = 1 iff
a = i*m + j, b = j*p + l and c = i*p + l for some i < n, j < m, l < p, and 0 otherwise.

Why the check is sufficient. The scheme computes C_c = sum_k w_k[c] (sum_a u_k[a] A_a)(sum_b v_k[b] B_b)
= sum_{a, b} S[a, b, c] A_a B_b with S = sum_k u_k (x) v_k (x) w_k. Two bilinear forms in the
independent indeterminates A_a, B_b are equal iff their coefficients are, and C_{i*p+l} =
sum_j A_{i*m+j} B_{j*p+l} has the coefficients T[., ., i*p+l]. So the scheme is correct iff S = T
entry by entry, which is what is compared (all (nm)(mp)(np) entries, no sampling).

Libraries: numpy only (int64 arrays built from the validated Python ints, integer matrix products,
comparisons, sorting; float64 BLAS products of integer matrices). Two paths (issue 21: the dimensions
are free, the answer's work is bounded by the schema): while N + nmp <= 2 * 10^7 (N the non-zero terms
of the scheme), the sparse path ``sparse_first_difference`` sums the non-zero terms and the tensor's
ones by key; otherwise the dense slices below (the schema guarantees r (nmp)^2 <= 3.4 * 10^10 then).
Algorithm: for each a, the slice S[a] = (V * u[:, a])^T W, computed for a block of consecutive a at
once as one (|block| mp x r)(r x np) product in float64 (BLAS). Why float64 is exact here: every
coefficient is an integer of absolute value <= 4, so every product u v w and every partial sum of any
subset of the r terms is an integer of absolute value <= 64 r <= 256 nmp <= 5.2 * 10^9 < 2^53; such
integers are represented exactly, and a floating addition or fused multiply-add whose exact result is
representable returns it exactly, whatever order BLAS sums in. (64 r < 2^53 is asserted.) S[a] is
compared with T[a] and the first differing entry in (a, b, c) order is the witness ``{"entry": [a, b,
c], "value": S[a,b,c], "expected": T[a,b,c]}``, its value recounted in int64. Cost r (nmp)^2
multiply-adds (``MAX_DENSE_WORK``); the issue-31 input <11,11,11> with 5,323 dense products (9.4e9)
takes about 1.5 s of CPU at load 12, where the int64 products (no BLAS) took 43 s.
"""
from __future__ import annotations

import numpy as np

from endless_exam.certificates.schemas import matmul as schema
from endless_exam.certificates.verdict import Verdict, accept, reject
from endless_exam.certificates.witness import Witness

from .spec import FamilySpec

LIBRARIES = ("numpy",)
BLOCK_BYTES = 64 << 20        # the float64 block of slices multiplied at once
EXACT_FLOAT = 1 << 53          # integers below this are exact in float64, and so is every sum of two of them below it


def _bound(p: dict) -> tuple[int, str]:
    """The flattening bound: the rank is at least the rank of each flattening, nm, mp and np."""
    n, m, q = p["n"], p["m"], p["p"]
    return max(n * m, m * q, n * q), "bound"


SPEC = FamilySpec(key="matmul", bound=_bound)


def _arrays(parsed: schema.MatmulAnswer) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """U, V, W as int64 arrays of shape (r, nm), (r, mp), (r, np), from the validated ints (|x| <= 4)."""
    r = parsed.rank
    na, nb, nc = parsed.sizes
    U = np.array([f[0] for f in parsed.products], dtype=np.int64).reshape(r, na)
    V = np.array([f[1] for f in parsed.products], dtype=np.int64).reshape(r, nb)
    W = np.array([f[2] for f in parsed.products], dtype=np.int64).reshape(r, nc)
    return U, V, W


def tensor_slice(n: int, m: int, p: int, a: int) -> np.ndarray:
    """T[a] as an (mp) x (np) int64 array: with a = i*m + j, the ones are at (j*p + l, i*p + l)."""
    i, j = divmod(a, m)
    out = np.zeros((m * p, n * p), dtype=np.int64)
    ls = np.arange(p)
    out[j * p + ls, i * p + ls] = 1
    return out


def expected(parsed: schema.MatmulAnswer, a: int, b: int, c: int) -> int:
    i, j = divmod(a, parsed.m)
    j2, l = divmod(b, parsed.p)
    i2, l2 = divmod(c, parsed.p)
    return int(i == i2 and j == j2 and l == l2)


def first_difference(parsed: schema.MatmulAnswer) -> tuple[int, int, int, int, int] | None:
    """(a, b, c, value, expected) of the first entry where the scheme's tensor differs from T, or None."""
    n, m, p = parsed.n, parsed.m, parsed.p
    U, V, W = _arrays(parsed)
    if 64 * parsed.rank >= EXACT_FLOAT:
        raise RuntimeError("matmul self-check failed: 64 r is not below 2^53")
    Vf, Wf = V.astype(np.float64), W.astype(np.float64)
    na, nb = n * m, m * p
    block = max(1, BLOCK_BYTES // (8 * nb * max(parsed.rank, n * p)))  # slices a per product (memory)
    for first in range(0, na, block):
        group = range(first, min(na, first + block))
        # float64 BLAS on integers: every product and partial sum is an integer of absolute value <= 64 r
        # < 2^53, so each is represented exactly and every rounding step is exact (see the docstring);
        # rows of the slices a of the group side by side: one (|group| mp x r)(r x np) product
        left = (Vf[:, None, :] * U[:, first:first + len(group), None]).reshape(parsed.rank, len(group) * nb)
        got_all = left.T @ Wf
        for t, a in enumerate(group):
            got = got_all[t * nb:(t + 1) * nb]
            want = tensor_slice(n, m, p, a)
            diff = np.argwhere(got != want)
            if len(diff):
                b, c = (int(x) for x in diff[0])                   # argwhere is in row-major order
                value = int(got[b, c])
                if value != int(np.sum(U[:, a] * V[:, b] * W[:, c])):   # int64 recount of the one entry
                    raise RuntimeError("matmul self-check failed: the float slice disagrees with an integer count")
                return a, b, c, value, int(want[b, c])
    return None


def _entries(products, which: int, size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(product index, position, coefficient) of every non-zero coefficient of factor ``which``, grouped
    by product in increasing order (int64)."""
    flat = np.fromiter((x for f in products for x in f[which]), dtype=np.int64, count=len(products) * size)
    at = np.flatnonzero(flat)
    k, pos = np.divmod(at, size)
    return k, pos, flat[at]


def _cross(k1: np.ndarray, k2: np.ndarray, r: int) -> tuple[np.ndarray, np.ndarray]:
    """All pairs (i, j) of entries i of the first list and j of the second with the same product index
    (both lists grouped by product): index arrays into the two lists."""
    c2 = np.bincount(k2, minlength=r)
    start2 = np.cumsum(c2) - c2
    reps = c2[k1]
    i = np.repeat(np.arange(len(k1), dtype=np.int64), reps)
    offset = np.arange(int(reps.sum()), dtype=np.int64) - np.repeat(np.cumsum(reps) - reps, reps)
    return i, start2[k1][i] + offset


def sparse_first_difference(parsed: schema.MatmulAnswer) -> tuple[int, int, int, int, int] | None:
    """The same comparison over the non-zero terms only (for schemes with few non-zero coefficients
    and large dimensions, where the dense slices would not fit): every term u_k[a] v_k[b] w_k[c] != 0 is
    formed (vectorised, product by product through ``_cross``), keyed a nb nc + b nc + c (< (nmp)^2 <=
    4e14, int64), the tensor's nmp ones enter with -1, and equal keys are summed exactly (sort, then
    ``numpy.add.reduceat`` on int64: |sums| <= 64 r). S = T iff every sum is 0; the least key with a
    non-zero sum is the first differing entry in (a, b, c) order, as in the dense path."""
    n, m, p = parsed.n, parsed.m, parsed.p
    na, nb, nc = parsed.sizes
    r = parsed.rank
    ku, a, cu = _entries(parsed.products, 0, na)
    kv, b, cv = _entries(parsed.products, 1, nb)
    kw, c, cw = _entries(parsed.products, 2, nc)
    iu, iv = _cross(ku, kv, r)
    iuv, iw = _cross(ku[iu], kw, r)                       # ku[iu] is grouped by product as well
    keys = (a[iu][iuv] * nb + b[iv][iuv]) * nc + c[iw]
    values = cu[iu][iuv] * cv[iv][iuv] * cw[iw]
    i, j, l = (g.reshape(-1).astype(np.int64) for g in np.meshgrid(np.arange(n), np.arange(m), np.arange(p),
                                                                      indexing="ij"))
    ones = ((i * m + j) * nb + (j * p + l)) * nc + (i * p + l)
    keys = np.concatenate([keys, ones])
    values = np.concatenate([values, -np.ones(len(ones), dtype=np.int64)])
    order = np.argsort(keys, kind="stable")
    keys, values = keys[order], values[order]
    starts = np.flatnonzero(np.concatenate(([True], keys[1:] != keys[:-1])))
    sums = np.add.reduceat(values, starts)
    wrong = np.flatnonzero(sums)
    if len(wrong) == 0:
        return None
    key = int(keys[starts[wrong[0]]])
    ab, cc = divmod(key, nc)
    aa, bb = divmod(ab, nb)
    want = expected(parsed, aa, bb, cc)
    return aa, bb, cc, int(sums[wrong[0]]) + want, want


def check(parsed: schema.MatmulAnswer) -> Verdict:
    n, m, p = parsed.n, parsed.m, parsed.p
    hit = sparse_first_difference(parsed) if schema.sparse_fits(parsed) else first_difference(parsed)
    if hit is not None:
        a, b, c, value, want = hit
        return reject("PROPERTY_VIOLATION",
                      f"the scheme's coefficient of A_{a} B_{b} in C_{c} is {value}, the product AB needs {want} "
                      f"(tensor entry [{a}, {b}, {c}])",
                      {"entry": [a, b, c], "value": value, "expected": want})
    return accept(parsed.rank, f"valid bilinear algorithm for <{n},{m},{p}> with {parsed.rank} products")


def confirm(parsed: schema.MatmulAnswer, w: Witness) -> tuple[bool, str]:
    """Is the other verifier's tensor entry really wrong, with the stated value and expected entry?"""
    a, b, c = w["entry"]
    U, V, W = _arrays(parsed)
    value = int(np.sum(U[:, a] * V[:, b] * W[:, c]))
    want = expected(parsed, a, b, c)
    if value != w["value"]:
        return False, f"the scheme's coefficient at [{a}, {b}, {c}] is {value}, not {w['value']}"
    if want != w["expected"]:
        return False, f"the tensor entry at [{a}, {b}, {c}] is {want}, not {w['expected']}"
    if value == want:
        return False, f"the scheme is correct at [{a}, {b}, {c}]"
    return True, "tensor entry differs: confirmed"
