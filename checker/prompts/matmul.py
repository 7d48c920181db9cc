"""The prompt wording of the ``matmul`` family (assembled by ``endless_exam.checker.prompts``)."""
from __future__ import annotations

from endless_exam.certificates.schemas import matmul as schema



def statement(p: dict) -> str:
    n, m, q = p["n"], p["m"], p["p"]
    return (f"Find a bilinear algorithm that multiplies an {n} x {m} matrix A by an {m} x {q} matrix B with as few "
            f"multiplications as possible. Index the entries row-major: A[i][j] is entry i*{m}+j of A, B[j][l] is "
            f"entry j*{q}+l of B, and C[i][l] is entry i*{q}+l of C = AB (C itself row-major, not transposed). "
            f"Product k is given by three integer vectors u_k (length {n * m}), v_k (length {m * q}) and w_k "
            f"(length {n * q}): M_k = (sum_a u_k[a] A_a) * (sum_b v_k[b] B_b), and the algorithm must satisfy "
            f"C_c = sum_k w_k[c] M_k identically in the entries of A and B, i.e. sum_k u_k (x) v_k (x) w_k equals "
            f"the matrix multiplication tensor exactly over the integers. "
            f"The objective is the number r of products (minimise); repeated products are allowed and counted.")


def answer_format(p: dict) -> str:
    n, m, q = p["n"], p["m"], p["p"]
    return (f"a JSON list of r products, each [u, v, w] with u, v, w JSON lists of integers of lengths "
            f"{n * m}, {m * q} and {n * q} (n*m, m*p, n*p)")


def compact_forms(p: dict) -> list[str]:
    return []


def limits(p: dict) -> list[str]:
    return [f"At most 4nmp = {schema.max_products(p):,} products are accepted; coefficients are JSON integers in "
            f"-{schema.MAX_COEFFICIENT}..{schema.MAX_COEFFICIENT}; there is no compact form.",
            f"A scheme must be small enough to check in the time limit: with N = sum over the products of "
            f"nnz(u) * nnz(v) * nnz(w) (nnz: the number of non-zero coefficients), either N + n*m*p <= "
            f"{schema.MAX_SPARSE_TERMS:,}, or r * (n*m*p)^2 <= {schema.MAX_DENSE_WORK:,} and (m*p)*(n*p) <= "
            f"{schema.MAX_SLICE:,}; otherwise it is refused (SIZE_LIMIT).",
            f"Instances have n, m, p >= 1 and n*m*p <= {schema.MAX_NMP:,}."]
