"""z3 formal oracle of the ``apfree_q`` family: is there a three-term progression among the given points?

What is encoded. For a tuple of points p_0, ..., p_{m-1} of F_q^n (strings over the digits 0..q-1)
the oracle asks z3 whether this statement is satisfiable, written as directly as possible:

    there exist integers i, j, k with 0 <= i, j, k < m and i < k such that
      * the points p_i, p_j, p_k are pairwise distinct: for each of the three pairs, SOME
        coordinate c has different values, and
      * in EVERY coordinate c, (p_i[c] + p_k[c] - 2 p_j[c]) mod q = 0.

The points are data: one uninterpreted array per coordinate, ``col_c : Int -> Int``, constrained by
``col_c[t] = p_t[c]`` for every index t < m; i, j, k are z3 ``Int`` constants and the values are read
through ``col_c[i]`` etc., so z3 (not Python) chooses the triple. Nothing else is encoded: no
midpoint formula, no counting, no symmetry reduction beyond i < k (the two ends of a progression are
interchangeable, the middle is not).

Why sat/unsat answer the question. A model is three distinct listed points with x + z = 2y, which is
the family's forbidden configuration; ``unsat`` means there is none, so the listed points are
progression-free (duplicates are the verifiers' ``DUPLICATE`` business, not progressions). The
witness (i, j, k) refers to list positions, with j the middle. A ``sat`` model is re-checked in plain
Python before it is returned (a failure raises ``RuntimeError``: an oracle bug, never a verdict);
``unknown`` is returned as ``("unknown", None)`` and must be treated as an ERROR by the caller.

Limits: q in {3, 5, 7}, at most ``MAX_POINTS`` = 150 points and dimension ``MAX_N`` = 6 (larger
inputs and malformed points raise ``ValueError``). Sets of a few dozen points take well under a
second. z3 is imported lazily inside :func:`oracle`.
"""
from __future__ import annotations

from ._z3 import digit_columns, solve

MAX_POINTS = 150
MAX_N = 6
DEFAULT_TIMEOUT_MS = 120_000
PRIMES = (3, 5, 7)


def _validate(points: tuple[str, ...], q: int, n: int) -> None:
    if type(q) is not int or q not in PRIMES:
        raise ValueError(f"the apfree_q oracle handles q in {PRIMES}, got {q!r}")
    if type(n) is not int or not 1 <= n <= MAX_N:
        raise ValueError(f"the apfree_q oracle handles dimensions 1..{MAX_N}, got n={n!r}")
    if len(points) > MAX_POINTS:
        raise ValueError(f"the apfree_q oracle handles at most {MAX_POINTS} points, got {len(points)}")
    alphabet = set("0123456789"[:q])
    for t, p in enumerate(points):
        if type(p) is not str or len(p) != n or not set(p) <= alphabet:
            raise ValueError(f"point {t} is not a string of {n} digits below {q}: {p!r}")


def is_progression(x: str, y: str, z: str, q: int) -> bool:
    """The definition in plain Python: pairwise distinct and x + z = 2y mod q in every coordinate."""
    return (x != y and x != z and y != z
            and all((int(a) + int(c) - 2 * int(b)) % q == 0 for a, b, c in zip(x, y, z)))


def decide(points, q: int, n: int, *, timeout_ms: int = DEFAULT_TIMEOUT_MS
           ) -> tuple[str, tuple[int, int, int] | None]:
    """``("sat", (i, j, k))`` (j the middle, i < k), ``("unsat", None)`` or ``("unknown", None)``."""
    if not isinstance(points, (tuple, list)):
        raise ValueError(f"points must be a tuple of strings, got {type(points).__name__}")
    points = tuple(points)
    _validate(points, q, n)
    import z3  # lazy

    m = len(points)
    solver = z3.Solver()
    solver.set("timeout", int(timeout_ms))
    cols = digit_columns(solver, points, n)

    i, j, k = z3.Ints("i j k")
    for v in (i, j, k):
        solver.add(0 <= v, v < m)
    solver.add(i < k)

    def differ(a, b):
        return z3.Or([cols[c][a] != cols[c][b] for c in range(n)])

    solver.add(differ(i, j), differ(i, k), differ(j, k))
    for c in range(n):
        solver.add((cols[c][i] + cols[c][k] - 2 * cols[c][j]) % q == 0)

    answer, triple = solve(solver, (i, j, k))
    if triple is None:
        return answer, None
    a, b, c = triple
    if not (0 <= a < c < m and 0 <= b < m) or not is_progression(points[a], points[b], points[c], q):
        raise RuntimeError(f"apfree_q oracle self-check failed: z3 model {(a, b, c)} is not a progression")
    return "sat", (a, b, c)


# ---- the contract's entry point (one signature for every family) ----------------------------------

SIZE_RULE = f"at most {MAX_POINTS} points, n <= {MAX_N}"


def fits(parsed) -> bool:
    """Is the parsed answer small enough for the oracle ({SIZE_RULE})?"""
    return parsed.n <= MAX_N and len(parsed.points) <= MAX_POINTS


def oracle(parsed, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, dict | None]:
    """The definition decided by z3 on a parsed answer that ``fits``: ``("sat", witness)`` with the
    family's PROPERTY_VIOLATION witness, ``("unsat", None)`` or ``("unknown", None)``."""
    status, hit = decide(parsed.points, parsed.q, parsed.n, timeout_ms=timeout_ms)
    if hit is None:
        return status, None
    return status, {"points": [parsed.points[t] for t in hit], "indices": list(hit)}
