"""z3 formal oracle of the ``lineq`` family: does a x + b y = (a + b) z have a non-trivial solution in the set?

What is encoded. For a tuple of integers e_0, ..., e_{N-1} and coefficients a, b the oracle asks z3
whether the following statement is satisfiable, written as directly as the family's definition:

    there exist indices i, j, k in [0, N) with
      * a * E[i] + b * E[j] = (a + b) * E[k], and
      * NOT (E[i] = E[j] and E[j] = E[k])     (the solution is not the trivial x = y = z).

The values are data: an uninterpreted array ``E : Int -> Int`` constrained by E[t] = e_t for every
t < N; z3 (not Python) chooses i, j, k. Nothing else is encoded: no gcd reduction, no
parametrisation, no convolution.

Why sat/unsat answer the question. A model is a solution x = E[i], y = E[j], z = E[k] of the
equation with x, y, z in the set other than x = y = z; ``unsat`` means there is none. Repeated values
are not solutions by themselves (duplicates are the verifiers' ``DUPLICATE`` business). A ``sat``
model is re-checked in plain Python before it is returned (``RuntimeError`` on failure: an oracle
bug); ``unknown`` is returned as ``("unknown", None)`` and the caller must treat it as an ERROR.

Limits. Small instances only: at most ``MAX_ELEMENTS`` = 300 values in 0..``MAX_VALUE`` and
coefficients 1..1000 (larger inputs raise ``ValueError``). z3 is imported lazily inside :func:`oracle`.
"""
from __future__ import annotations

from ._z3 import solve

MAX_ELEMENTS = 300
MAX_VALUE = 10 ** 6
DEFAULT_TIMEOUT_MS = 120_000


def _validate(values, a, b) -> tuple[int, ...]:
    if not isinstance(values, (tuple, list)):
        raise ValueError(f"values must be a sequence of integers, got {type(values).__name__}")
    if len(values) > MAX_ELEMENTS:
        raise ValueError(f"the lineq oracle handles at most {MAX_ELEMENTS} values, got {len(values)}")
    for c in (a, b):
        if type(c) is not int or not 1 <= c <= 1000:
            raise ValueError(f"coefficients must be integers in 1..1000, got {c!r}")
    for t, v in enumerate(values):
        if type(v) is not int or not 0 <= v <= MAX_VALUE:
            raise ValueError(f"value {t} is not an integer in 0..{MAX_VALUE}: {v!r}")
    return tuple(values)


def is_solution(a: int, b: int, x: int, y: int, z: int) -> bool:
    """The definition in plain Python."""
    return a * x + b * y == (a + b) * z and not (x == y == z)


def decide(values, a: int, b: int, *, timeout_ms: int = DEFAULT_TIMEOUT_MS
           ) -> tuple[str, tuple[int, int, int] | None]:
    """``("sat", (i, j, k))`` for a non-trivial solution (E[i], E[j], E[k]); ``("unsat", None)``;
    ``("unknown", None)`` when z3 gives up."""
    vals = _validate(values, a, b)
    import z3  # lazy

    n = len(vals)
    solver = z3.Solver()
    solver.set("timeout", int(timeout_ms))
    E = z3.Array("E", z3.IntSort(), z3.IntSort())
    for t, v in enumerate(vals):
        solver.add(E[t] == v)
    i, j, k = z3.Ints("i j k")
    solver.add(0 <= i, i < n, 0 <= j, j < n, 0 <= k, k < n)
    solver.add(a * E[i] + b * E[j] == (a + b) * E[k])
    solver.add(z3.Not(z3.And(E[i] == E[j], E[j] == E[k])))
    answer, found = solve(solver, (i, j, k))
    if found is None:
        return answer, None
    ii, jj, kk = found
    if not all(0 <= t < n for t in (ii, jj, kk)) or not is_solution(a, b, vals[ii], vals[jj], vals[kk]):
        raise RuntimeError(f"lineq oracle self-check failed: z3 model {(ii, jj, kk)} is not a solution")
    return "sat", (ii, jj, kk)


# ---- the contract's entry point (one signature for every family) ----------------------------------

SIZE_RULE = f"at most {MAX_ELEMENTS} elements"


def fits(parsed) -> bool:
    """Is the parsed answer small enough for the oracle ({SIZE_RULE})?"""
    return len(parsed.elements) <= MAX_ELEMENTS and parsed.n <= MAX_VALUE


def oracle(parsed, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, dict | None]:
    """The definition decided by z3 on a parsed answer that ``fits``: ``("sat", witness)`` with the
    family's PROPERTY_VIOLATION witness, ``("unsat", None)`` or ``("unknown", None)``."""
    status, hit = decide(parsed.elements, parsed.a, parsed.b, timeout_ms=timeout_ms)
    if hit is None:
        return status, None
    return status, {"solution": [parsed.elements[t] for t in hit], "indices": list(hit)}
