"""Answer schema of the ``matmul`` family (bilinear algorithms for matrix multiplication).

Instance parameters: ``{"n": N, "m": M, "p": P}`` (A is n x m, B is m x p, C = AB is n x p), each a
JSON integer >= 1 with n*m*p <= ``MAX_NMP`` = 2 * 10^7 (issue 21: the dimensions are otherwise free;
before, each was at most 16 with nmp <= 512). The cap is a sanity cap: the tensor has nmp non-zero
entries, which every exact check must account for (the public release allocates all (nmp)^2 entries
as int64, 3.2 * 10^15 bytes at the cap). What bounds an answer is its own work (``work``), from its
sizes before any check: with r products and N = sum_k nnz(u_k) nnz(v_k) nnz(w_k) non-zero terms,
* the sparse checks (both verifiers: accumulating the N terms, then the nmp ones of the tensor) cost
  N + nmp, allowed up to ``MAX_SPARSE_TERMS`` = 2 * 10^7;
* the dense checks (the primary's slice products, the second's packed slices) cost r (nmp)^2
  multiply-adds, allowed up to ``MAX_DENSE_WORK`` = 3.4 * 10^10, with a slice of (mp)(np) <= 2^22
  entries (memory) (issue 31: the public release decides <11,11,11> with 5,323 dense products,
  r (nmp)^2 = 9.4 * 10^9, in 17 s, about 3.3 * 10^10 in its 60 s);
an answer within neither is ``SIZE_LIMIT``. The public release's check (the whole tensor,
sum_k u_k (x) v_k (x) w_k, int64) costs r (nmp)^2 as well, so every answer it decides densely within
3.4 * 10^10 is decided here, and sparse answers far beyond (the naive <2,2,100>: r = 400, N = 400).

Accepted form (docs/SPECIFICATION.md 3.8): a JSON list of r products, 1 <= r <= 4nmp, each product a JSON list
``[u, v, w]`` of three JSON lists of JSON integers (``type(x) is int``: no booleans, floats or strings)
in -4..4, of lengths nm, mp and np. Index convention (exactly upstream's): u[i*m + j] is the
coefficient of A[i][j], v[j*p + l] that of B[j][l], w[i*p + l] that of C[i][l] (C row-major, NOT the
transposed C of some catalogues). Product k computes M_k = (sum_a u_k[a] A_a) (sum_b v_k[b] B_b) and
the scheme claims C_c = sum_k w_k[c] M_k identically. Repeated products are allowed and counted (the
objective is r). There is no compact form: an object is ``FORMAT_TYPE``.

Checks, in this order, before anything is allocated: not a list -> ``FORMAT_TYPE``; empty -> ``EMPTY``;
more than 4nmp products -> ``SIZE_LIMIT`` (from the length alone); then product by product: a product
that is not a list -> ``FORMAT_TYPE``, not of length 3 -> ``FORMAT_SHAPE``; a factor that is not a list
-> ``FORMAT_TYPE``, of the wrong length -> ``FORMAT_SHAPE``; a coefficient that is not a JSON integer ->
``FORMAT_TYPE``; outside -4..4 -> ``RANGE``. Parse witnesses name the ``product`` index, the
``factor`` ("u", "v" or "w") and, where it applies, the ``coefficient`` position.

Whether the identity holds is decided by the verifiers. A violation is witnessed by one tensor entry:
``{"entry": [a, b, c], "value": s, "expected": t}`` with a, b, c positions in u, v, w, s = sum_k
u_k[a] v_k[b] w_k[c] (what the scheme computes) and t in {0, 1} the entry of the matrix multiplication
tensor (1 iff a = i*m + j, b = j*p + l, c = i*p + l for some i, j, l), s != t.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from typing import Any

from ..errors import AnswerError, ParamsError, describe
from ..forms import intvectors
from ..params import exact_keys, int_in
from ..witness import Fields, WitnessError, integer

MAX_NMP = 20_000_000
MAX_COEFFICIENT = 4
PRODUCTS_PER_NMP = 4          # r <= 4 n m p
MAX_SPARSE_TERMS = 20_000_000
MAX_DENSE_WORK = 34_000_000_000
MAX_SLICE = 1 << 22
LIMITS = {"MAX_NMP": MAX_NMP, "MAX_COEFFICIENT": MAX_COEFFICIENT, "MAX_SPARSE_TERMS": MAX_SPARSE_TERMS,
          "MAX_DENSE_WORK": MAX_DENSE_WORK, "MAX_SLICE": MAX_SLICE}
FACTORS = ("u", "v", "w")


def _entry(value: Any, parsed: "MatmulAnswer") -> tuple[int, int, int]:
    """Syntax of a tensor entry: [a, b, c] with 0 <= a < nm, 0 <= b < mp, 0 <= c < np."""
    sizes = parsed.sizes
    if type(value) is not list or len(value) != 3 or not all(type(x) is int for x in value):
        raise WitnessError("a tensor entry is a list of three JSON integers [a, b, c]")
    if not all(0 <= x < s for x, s in zip(value, sizes)):
        raise WitnessError(f"tensor entry {value} is outside 0..{sizes[0] - 1} x 0..{sizes[1] - 1} x 0..{sizes[2] - 1}")
    return tuple(value)


WITNESSES = (
    # the scheme's coefficient s of A_a B_b C_c differs from the tensor's t
    Fields("tensor_entry", "PROPERTY_VIOLATION", {"entry": _entry, "value": integer, "expected": integer}),
)


def validate_params(params: Any) -> dict:
    """``{"n", "m", "p"}``, each >= 1, with n*m*p <= 2 * 10^7."""
    exact_keys(params, {"n", "m", "p"})
    n, m, p = (int_in(params, key, 1, MAX_NMP) for key in ("n", "m", "p"))
    if n * m * p > MAX_NMP:
        raise ParamsError(f"n*m*p = {n * m * p} exceeds the limit {MAX_NMP}")
    return {"n": n, "m": m, "p": p}


def max_products(params: dict) -> int:
    return PRODUCTS_PER_NMP * params["n"] * params["m"] * params["p"]


@dataclass(frozen=True)
class MatmulAnswer:
    n: int
    m: int
    p: int
    products: tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]

    @property
    def sizes(self) -> tuple[int, int, int]:
        """Lengths of u, v and w: nm, mp, np."""
        return self.n * self.m, self.m * self.p, self.n * self.p

    @property
    def rank(self) -> int:
        return len(self.products)


def _factor(value: Any, length: int, k: int, name: str) -> tuple[int, ...]:
    where = f"product {k} factor {name}"
    if type(value) is not list:
        raise AnswerError("FORMAT_TYPE", f"{where} must be a JSON list of {length} integers, got {describe(value)}",
                          {"product": k, "factor": name})
    if len(value) != length:
        raise AnswerError("FORMAT_SHAPE", f"{where} has {len(value)} coefficients, expected {length}",
                          {"product": k, "factor": name})
    for c, x in enumerate(value):
        if type(x) is not int:
            raise AnswerError("FORMAT_TYPE", f"{where} coefficient {c} must be a JSON integer, got {describe(x)}",
                              {"product": k, "factor": name, "coefficient": c})
        if not -MAX_COEFFICIENT <= x <= MAX_COEFFICIENT:
            raise AnswerError("RANGE", f"{where} coefficient {c} = {describe(x, 40)} is outside "
                              f"-{MAX_COEFFICIENT}..{MAX_COEFFICIENT}", {"product": k, "factor": name, "coefficient": c})
    return tuple(value)


def parse(answer: Any, params: dict) -> MatmulAnswer:
    n, m, p = params["n"], params["m"], params["p"]
    if type(answer) is not list:
        raise AnswerError("FORMAT_TYPE", "a matmul answer must be a JSON list of products [u, v, w] (there is no "
                          f"compact form), got {describe(answer)}")
    if not answer:
        raise AnswerError("EMPTY", "the scheme has no products")
    limit = max_products(params)
    if len(answer) > limit:
        raise AnswerError("SIZE_LIMIT", f"the scheme has {len(answer):,} products; at most 4nmp = {limit:,} are accepted")
    sizes = (n * m, m * p, n * p)
    if set(map(type, answer)) == {list} and set(map(len, answer)) == {3}:       # the fast path (C-level loops)
        factors = list(chain.from_iterable(answer))                            # u_0, v_0, w_0, u_1, ...
        if (set(map(type, factors)) == {list} and list(map(len, factors)) == list(sizes) * len(answer)
                and intvectors.ints_in(list(chain.from_iterable(factors)), -MAX_COEFFICIENT, MAX_COEFFICIENT)):
            t = tuple(map(tuple, factors))
            return _check_work(MatmulAnswer(n, m, p, tuple(zip(t[0::3], t[1::3], t[2::3]))))
    products = []
    for k, item in enumerate(answer):                                          # names the first fault
        if type(item) is not list:
            raise AnswerError("FORMAT_TYPE", f"product {k} must be a JSON list [u, v, w], got {describe(item)}",
                              {"product": k})
        if len(item) != 3:
            raise AnswerError("FORMAT_SHAPE", f"product {k} has {len(item)} parts, expected 3 ([u, v, w])",
                              {"product": k})
        products.append(tuple(_factor(f, s, k, name) for f, s, name in zip(item, sizes, FACTORS)))
    return _check_work(MatmulAnswer(n, m, p, tuple(products)))


def terms(parsed: MatmulAnswer) -> int:
    """N = sum_k nnz(u_k) nnz(v_k) nnz(w_k), the non-zero terms of sum_k u_k (x) v_k (x) w_k."""
    return sum((len(u) - u.count(0)) * (len(v) - v.count(0)) * (len(w) - w.count(0)) for u, v, w in parsed.products)


def sparse_fits(parsed: MatmulAnswer, n_terms: int | None = None) -> bool:
    """N + nmp <= MAX_SPARSE_TERMS: the sparse checks are within the limit."""
    n_terms = terms(parsed) if n_terms is None else n_terms
    return n_terms + parsed.n * parsed.m * parsed.p <= MAX_SPARSE_TERMS


def dense_fits(parsed: MatmulAnswer) -> bool:
    """r (nmp)^2 <= MAX_DENSE_WORK and (mp)(np) <= MAX_SLICE: the dense checks are within the limit."""
    na, nb, nc = parsed.sizes
    return parsed.rank * na * nb * nc <= MAX_DENSE_WORK and nb * nc <= MAX_SLICE


def _check_work(parsed: MatmulAnswer) -> MatmulAnswer:
    if dense_fits(parsed):            # decided from the sizes alone; N is counted only when it matters
        return parsed
    n_terms = terms(parsed)
    if not sparse_fits(parsed, n_terms):
        na, nb, nc = parsed.sizes
        raise AnswerError("SIZE_LIMIT", f"the scheme is too large to check in the time limit: N + nmp = "
                          f"{n_terms + parsed.n * parsed.m * parsed.p:,} non-zero terms exceed {MAX_SPARSE_TERMS:,} "
                          f"and r (nmp)^2 = {parsed.rank * na * nb * nc:,} exceeds {MAX_DENSE_WORK:,} "
                          f"(or a slice (mp)(np) = {nb * nc:,} exceeds {MAX_SLICE:,})")
    return parsed


def size(parsed: MatmulAnswer) -> int:
    return len(parsed.products)


def item(parsed: MatmulAnswer, i: int) -> list[list[int]]:
    return [list(f) for f in parsed.products[i]]
