"""z3 formal oracle of the ``matmul`` family: does the scheme's tensor differ from AB anywhere?

What is encoded. For products (u_k, v_k, w_k), k < r, of a claimed bilinear algorithm for
(n x m)(m x p), the oracle asks z3 whether the following statement is satisfiable, written as
directly as possible from the definition of the matrix product:

    there exist integers a, b, c with 0 <= a < nm, 0 <= b < mp, 0 <= c < np such that
      sum_{k < r} U_k[a] * V_k[b] * W_k[c]  !=  (1 if a div m = c div p and a mod m = b div p
                                                    and b mod p = c mod p, else 0).

Here a = i*m + j names A[i][j], b = j'*p + l names B[j'][l] and c = i'*p + l' names C[i'][l'] (the
upstream index convention, C row-major); C[i'][l'] = sum_j A[i'][j] B[j][l'] contains the monomial
A[i][j] B[j'][l] with coefficient 1 exactly when i = i', j = j', l = l', and 0 otherwise, which is the
right-hand side. The coefficients are data: one z3 array per product and factor (``U_k : Int -> Int``
with ``U_k[t] = u_k[t]`` for every t, likewise V_k and W_k), read at the z3 variables a, b, c, so z3
(not Python) chooses the entry; div and mod are z3's integer division by the constants m and p.
Nothing else is encoded: no packing, no matrix products, no slices.

Why sat/unsat answer the question. The scheme computes C_c = sum_{a,b} S[a,b,c] A_a B_b with
S = sum_k u_k (x) v_k (x) w_k, and it is a correct algorithm iff S equals the coefficients of AB in
every entry (bilinear forms in independent indeterminates are equal iff their coefficients are). A
model is an entry where they differ (a violation); ``unsat`` means there is none. A ``sat`` model is
re-checked in plain Python (the sum and the tensor entry recomputed) before it is returned (failure:
``RuntimeError``, an oracle bug, never a verdict). ``unknown`` is returned as ``("unknown", None)``
and must be treated as an ERROR by the caller.

Limits. Small schemes only: n*m*p <= ``MAX_NMP`` = 27 and r <= ``MAX_R`` = 64 (``ValueError``
otherwise; also for coefficients that are not ints in -4..4 or factors of the wrong length). Proving a
correct <2,2,2> scheme (unsat) takes z3 well under a second, a naive <3,3,3> (27 products, 729
entries) a few seconds. The products make the statement nonlinear, and z3's nonlinear integer
arithmetic has a heavy tail: the naive <3,3,3> took 30 s (against a 2 s median) on one call in a
hundred (``tests/scripts/z3_tails.py``). So it is asked in seeded restarts (``_z3.solve_with_restarts``:
a fresh solver per attempt with its own ``random_seed``, budgets doubling from ``FIRST_ATTEMPT_MS``)
within the overall timeout, ``DEFAULT_TIMEOUT_MS`` by default; z3 is imported lazily.
"""
from __future__ import annotations

from ._z3 import solve_with_restarts

MAX_NMP = 27
MAX_R = 64
MAX_COEFFICIENT = 4
DEFAULT_TIMEOUT_MS = 120_000
FIRST_ATTEMPT_MS = 5_000        # the first restart's budget (a naive <3,3,3> usually takes 1-2 s)


def _validate(products, n: int, m: int, p: int) -> None:
    for name, x in (("n", n), ("m", m), ("p", p)):
        if type(x) is not int or x < 1:
            raise ValueError(f"{name} must be a positive int, got {x!r}")
    if n * m * p > MAX_NMP:
        raise ValueError(f"the matmul oracle handles n*m*p <= {MAX_NMP}, got {n * m * p}")
    if not isinstance(products, (tuple, list)) or not 1 <= len(products) <= MAX_R:
        raise ValueError(f"the matmul oracle handles 1..{MAX_R} products")
    sizes = (n * m, m * p, n * p)
    for k, prod in enumerate(products):
        if not isinstance(prod, (tuple, list)) or len(prod) != 3:
            raise ValueError(f"product {k} is not a triple")
        for f, size in zip(prod, sizes):
            if (not isinstance(f, (tuple, list)) or len(f) != size
                    or not all(type(x) is int and -MAX_COEFFICIENT <= x <= MAX_COEFFICIENT for x in f)):
                raise ValueError(f"product {k} has a factor that is not {size} ints in -4..4")


def _coefficient(products, a: int, b: int, c: int) -> int:
    return sum(u[a] * v[b] * w[c] for u, v, w in products)


def _tensor(n: int, m: int, p: int, a: int, b: int, c: int) -> int:
    return int(a // m == c // p and a % m == b // p and b % p == c % p)


def decide(products, n: int, m: int, p: int, *, timeout_ms: int = DEFAULT_TIMEOUT_MS
           ) -> tuple[str, tuple[int, int, int, int, int] | None]:
    """Decide with z3 whether the scheme's tensor differs from the matrix multiplication tensor.

    Returns ``("sat", (a, b, c, value, expected))`` for a differing entry, ``("unsat", None)`` when the
    scheme is correct, ``("unknown", None)`` when z3 gives up.
    """
    _validate(products, n, m, p)
    answer, found = solve_with_restarts(lambda seed, budget: _statement(products, n, m, p, seed, budget),
                                        timeout_ms, first_attempt_ms=FIRST_ATTEMPT_MS)
    if found is None:
        return answer, None
    x, y, z = found
    sizes = (n * m, m * p, n * p)
    if not all(0 <= t < s for t, s in zip(found, sizes)):
        raise RuntimeError(f"matmul oracle self-check failed: z3 model {found} is outside the tensor")
    value, want = _coefficient(products, x, y, z), _tensor(n, m, p, x, y, z)
    if value == want:
        raise RuntimeError(f"matmul oracle self-check failed: z3 model {found} is a correct entry")
    return "sat", (x, y, z, value, want)


def _statement(products, n: int, m: int, p: int, seed: int, budget_ms: int):
    """A fresh solver with the statement asserted (``random_seed`` = seed, ``timeout`` = budget_ms), and
    its unknowns (a, b, c)."""
    import z3  # lazy

    solver = z3.Solver()
    solver.set("timeout", int(budget_ms))
    solver.set("random_seed", int(seed))
    a, b, c = z3.Ints("a b c")
    solver.add(0 <= a, a < n * m, 0 <= b, b < m * p, 0 <= c, c < n * p)
    terms = []
    for k, (u, v, w) in enumerate(products):
        arrays = []
        for name, f in (("U", u), ("V", v), ("W", w)):
            arr = z3.Array(f"{name}_{k}", z3.IntSort(), z3.IntSort())
            for t, x in enumerate(f):
                solver.add(arr[t] == x)
            arrays.append(arr)
        terms.append(arrays[0][a] * arrays[1][b] * arrays[2][c])
    scheme = z3.Sum(terms)
    tensor = z3.If(z3.And(a / m == c / p, a % m == b / p, b % p == c % p), 1, 0)
    solver.add(scheme != tensor)
    return solver, (a, b, c)


# ---- the contract's entry point (one signature for every family) ----------------------------------

SIZE_RULE = f"n*m*p <= {MAX_NMP} and at most {MAX_R} products"


def fits(parsed) -> bool:
    """Is the parsed answer small enough for the oracle ({SIZE_RULE})?"""
    return parsed.n * parsed.m * parsed.p <= MAX_NMP and parsed.rank <= MAX_R


def oracle(parsed, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, dict | None]:
    """The definition decided by z3 on a parsed answer that ``fits``: ``("sat", witness)`` with the
    family's PROPERTY_VIOLATION witness, ``("unsat", None)`` or ``("unknown", None)``."""
    status, hit = decide(parsed.products, parsed.n, parsed.m, parsed.p, timeout_ms=timeout_ms)
    if hit is None:
        return status, None
    a, b, c, value, want = hit
    return status, {"entry": [a, b, c], "value": value, "expected": want}
