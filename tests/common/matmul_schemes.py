"""Small bilinear schemes for the matmul tests (not a test module): naive, Strassen, tensor products,
index-convention changes, and the definition evaluated naively.

Index convention of the family (docs/SPECIFICATION.md 3.8): u[i*m + j] for A[i][j], v[j*p + l] for B[j][l],
w[i*p + l] for C[i][l].
"""
from __future__ import annotations

import random

# Strassen (1969) in the family's convention for <2,2,2>: A11..A22 are indices 0..3, likewise B and C.
STRASSEN = [
    [[1, 0, 0, 1], [1, 0, 0, 1], [1, 0, 0, 1]],        # M1 = (A11 + A22)(B11 + B22) -> C11, C22
    [[0, 0, 1, 1], [1, 0, 0, 0], [0, 0, 1, -1]],       # M2 = (A21 + A22) B11        -> C21, -C22
    [[1, 0, 0, 0], [0, 1, 0, -1], [0, 1, 0, 1]],       # M3 = A11 (B12 - B22)        -> C12, C22
    [[0, 0, 0, 1], [-1, 0, 1, 0], [1, 0, 1, 0]],       # M4 = A22 (B21 - B11)        -> C11, C21
    [[1, 1, 0, 0], [0, 0, 0, 1], [-1, 1, 0, 0]],       # M5 = (A11 + A12) B22        -> -C11, C12
    [[-1, 0, 1, 0], [1, 1, 0, 0], [0, 0, 0, 1]],       # M6 = (A21 - A11)(B11 + B12) -> C22
    [[0, 1, 0, -1], [0, 0, 1, 1], [1, 0, 0, 0]],       # M7 = (A12 - A22)(B21 + B22) -> C11
]


def naive(n: int, m: int, p: int) -> list:
    out = []
    for i in range(n):
        for j in range(m):
            for l in range(p):
                u, v, w = [0] * (n * m), [0] * (m * p), [0] * (n * p)
                u[i * m + j] = v[j * p + l] = w[i * p + l] = 1
                out.append([u, v, w])
    return out


def kron(first: list, dims1: tuple[int, int, int], second: list, dims2: tuple[int, int, int]) -> list:
    """The tensor product scheme for <n1 n2, m1 m2, p1 p2> (block matrices: outer index from ``first``)."""
    n1, m1, p1 = dims1
    n2, m2, p2 = dims2
    def combine(x: list, y: list, rows1: int, cols1: int, rows2: int, cols2: int) -> list:
        out = [0] * (rows1 * rows2 * cols1 * cols2)
        for r1 in range(rows1):
            for c1 in range(cols1):
                a = x[r1 * cols1 + c1]
                if not a:
                    continue
                for r2 in range(rows2):
                    for c2 in range(cols2):
                        b = y[r2 * cols2 + c2]
                        if b:
                            out[(r1 * rows2 + r2) * (cols1 * cols2) + c1 * cols2 + c2] = a * b
        return out

    out = []
    for u1, v1, w1 in first:
        for u2, v2, w2 in second:
            out.append([combine(u1, u2, n1, m1, n2, m2), combine(v1, v2, m1, p1, m2, p2),
                        combine(w1, w2, n1, p1, n2, p2)])
    return out


def transpose_c(scheme: list, n: int, p: int) -> list:
    """The same scheme written with w indexed by l*n + i (C transposed, as in some catalogues)."""
    out = []
    for u, v, w in scheme:
        t = [0] * (n * p)
        for i in range(n):
            for l in range(p):
                t[l * n + i] = w[i * p + l]
        out.append([list(u), list(v), t])
    return out


def pad(scheme: list, count: int, seed: int = 0, n: int = 2, m: int = 2, p: int = 2) -> list:
    """``scheme`` plus ``count`` pairs of products that cancel: (u, v, w) and (u, v, -w)."""
    rnd = random.Random(seed)
    out = [[list(f) for f in prod] for prod in scheme]
    for _ in range(count):
        u = [rnd.randint(-1, 1) for _ in range(n * m)]
        v = [rnd.randint(-1, 1) for _ in range(m * p)]
        w = [rnd.randint(-1, 1) for _ in range(n * p)]
        out.append([u, v, w])
        out.append([list(u), list(v), [-x for x in w]])
    return out


def tensor_entry(n: int, m: int, p: int, a: int, b: int, c: int) -> int:
    i, j = divmod(a, m)
    j2, l = divmod(b, p)
    i2, l2 = divmod(c, p)
    return int(i == i2 and j == j2 and l == l2)


def scheme_entry(scheme: list, a: int, b: int, c: int) -> int:
    return sum(u[a] * v[b] * w[c] for u, v, w in scheme)


def definition(scheme: list, n: int, m: int, p: int) -> tuple[int, int, int] | None:
    """The first entry (a, b, c) where the scheme's tensor differs from <n,m,p>, evaluated naively."""
    for a in range(n * m):
        for b in range(m * p):
            for c in range(n * p):
                if scheme_entry(scheme, a, b, c) != tensor_entry(n, m, p, a, b, c):
                    return a, b, c
    return None


def apply_matrices(scheme: list, n: int, m: int, p: int, A: list[list[int]], B: list[list[int]]) -> list[list[int]]:
    """Run the algorithm on integer matrices A (n x m), B (m x p): C[i][l] = sum_k w_k[i p + l] M_k."""
    C = [[0] * p for _ in range(n)]
    for u, v, w in scheme:
        left = sum(u[i * m + j] * A[i][j] for i in range(n) for j in range(m))
        right = sum(v[j * p + l] * B[j][l] for j in range(m) for l in range(p))
        prod = left * right
        for i in range(n):
            for l in range(p):
                C[i][l] += w[i * p + l] * prod
    return C
