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
comparisons). Algorithm: for each a, the slice
S[a] = (V * u[:, a])^T W is one integer matrix product (mp x r)(r x np) (numpy's integer matmul, no
floating point); S[a] is compared with T[a] and the first differing entry in (a, b, c) order is the
witness ``{"entry": [a, b, c], "value": S[a,b,c], "expected": T[a,b,c]}``. No-overflow bound: every
term u*v*w has absolute value <= 4^3 = 64 and r <= 4nmp <= 2,048, so every partial sum is at most
131,072 in absolute value, far below 2^63. Cost (nm) * (mp) * r * (np) = r (nmp)^2 <= 5.4e8
multiply-adds at the parameter limits.
"""
from __future__ import annotations

import numpy as np

from endless_exam.certificates.schemas import matmul as schema
from endless_exam.certificates.verdict import Verdict, accept, reject
from endless_exam.certificates.witness import Witness

from .spec import FamilySpec

LIBRARIES = ("numpy",)


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
    for a in range(n * m):
        coeff = U[:, a]
        rows = np.nonzero(coeff)[0]
        if len(rows):
            got = (V[rows] * coeff[rows, None]).T @ W[rows]          # int64, |entries| <= 131,072
        else:
            got = np.zeros((m * p, n * p), dtype=np.int64)
        want = tensor_slice(n, m, p, a)
        diff = np.argwhere(got != want)
        if len(diff):
            b, c = (int(x) for x in diff[0])                       # argwhere is in row-major order
            return a, b, c, int(got[b, c]), int(want[b, c])
    return None


def check(parsed: schema.MatmulAnswer) -> Verdict:
    n, m, p = parsed.n, parsed.m, parsed.p
    hit = first_difference(parsed)
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
