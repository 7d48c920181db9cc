"""z3 formal oracle of the ``capset`` family: is there a line among the given points?

What is encoded. For a tuple of points p_0, ..., p_{n-1} of F_3^d (strings over ``012``) the oracle
asks z3 whether the following statement is satisfiable, written as directly as possible:

    there exist integers i, j, k with 0 <= i < j < k < n such that
      * the points p_i, p_j, p_k are pairwise distinct: for each of the three pairs, SOME
        coordinate c has different values, and
      * in EVERY coordinate c, (p_i[c] + p_j[c] + p_k[c]) mod 3 = 0.

The points are given to z3 as data: one uninterpreted array per coordinate, ``col_c : Int -> Int``,
constrained by ``col_c[t] = p_t[c]`` for every index t < n; the index variables i, j, k are z3
``Int`` constants with the bounds above, and the coordinate values are read through ``col_c[i]``
etc., so z3 (not Python) chooses the triple. Nothing else is encoded: no lookup of third points, no
counting, no symmetry reduction.

Why sat/unsat answer the question. Three distinct points of F_3^d are collinear (an affine line
{x, x + v, x + 2v}, v != 0) exactly when they sum to 0, so a model of the statement is a line inside
the set, and ``unsat`` means no three pairwise distinct listed points sum to 0: the listed points
form a cap (duplicates are not lines; they are the verifiers' ``DUPLICATE`` business). The indices
range over list positions, so the witness (i, j, k) refers to the order of ``points``; it is sorted
because the encoding demands i < j < k. A ``sat`` model is re-checked against the definition in
plain Python before it is returned (a failure raises ``RuntimeError``: an oracle bug, never a
verdict). ``unknown`` (z3 gave up, e.g. on the timeout) is returned as ``("unknown", None)`` and the
caller must treat it as an ERROR.

Limits. The oracle is for small instances only: at most ``MAX_POINTS`` = 200 points and dimension
``MAX_D`` = 12 (larger inputs raise ``ValueError``; so do points that are not strings of ``d``
characters over ``012``). At the limit an ``unsat`` proof takes z3 roughly 5-15 s (a 200-point cap in
F_3^12); sets of a few dozen points in d <= 6 take well under a second. The default z3 timeout is
``DEFAULT_TIMEOUT_MS``. z3 is imported lazily inside :func:`oracle`.
"""
from __future__ import annotations

from ._z3 import digit_columns, solve

MAX_POINTS = 200
MAX_D = 12
DEFAULT_TIMEOUT_MS = 120_000
_ALPHABET = frozenset("012")


def _validate(points: tuple[str, ...], d: int) -> None:
    if type(d) is not int or not 1 <= d <= MAX_D:
        raise ValueError(f"the cap-set oracle handles dimensions 1..{MAX_D}, got d={d!r}")
    if not isinstance(points, (tuple, list)):
        raise ValueError(f"points must be a tuple of strings, got {type(points).__name__}")
    if len(points) > MAX_POINTS:
        raise ValueError(f"the cap-set oracle handles at most {MAX_POINTS} points, got {len(points)}")
    for t, p in enumerate(points):
        if type(p) is not str or len(p) != d or not set(p) <= _ALPHABET:
            raise ValueError(f"point {t} is not a string of {d} characters over '012': {p!r}")


def _is_line(a: str, b: str, c: str) -> bool:
    """The definition in plain Python: pairwise distinct and summing to 0 mod 3 in every coordinate."""
    return (a != b and a != c and b != c
            and all((int(x) + int(y) + int(z)) % 3 == 0 for x, y, z in zip(a, b, c)))


def decide(points: tuple[str, ...], d: int, *, timeout_ms: int = DEFAULT_TIMEOUT_MS
           ) -> tuple[str, tuple[int, int, int] | None]:
    """Decide with z3 whether three pairwise distinct listed points sum to 0 (form a line).

    Returns ``("sat", (i, j, k))`` with i < j < k the list positions of such a triple,
    ``("unsat", None)`` when there is none, and ``("unknown", None)`` when z3 gives up.
    """
    _validate(points, d)
    points = tuple(points)
    import z3  # lazy: z3 is only needed when the oracle actually runs

    n = len(points)
    solver = z3.Solver()
    solver.set("timeout", int(timeout_ms))

    # the data: col[c][t] is coordinate c of point t
    cols = digit_columns(solver, points, d)

    # the statement: indices i < j < k of three pairwise distinct points summing to 0 mod 3
    i, j, k = z3.Ints("i j k")
    solver.add(0 <= i, i < j, j < k, k < n)

    def differ(a: z3.ArithRef, b: z3.ArithRef) -> z3.BoolRef:
        return z3.Or([cols[c][a] != cols[c][b] for c in range(d)])

    solver.add(differ(i, j), differ(i, k), differ(j, k))
    for c in range(d):
        solver.add((cols[c][i] + cols[c][j] + cols[c][k]) % 3 == 0)

    answer, triple = solve(solver, (i, j, k))
    if triple is None:
        return answer, None
    a, b, c = triple
    if not (0 <= a < b < c < n) or not _is_line(points[a], points[b], points[c]):
        raise RuntimeError(f"cap-set oracle self-check failed: z3 model {triple} is not a line of the input")
    return "sat", (a, b, c)


# ---- the contract's entry point (one signature for every family) ----------------------------------

SIZE_RULE = f"at most {MAX_POINTS} points, d <= {MAX_D}"


def fits(parsed) -> bool:
    """Is the parsed answer small enough for the oracle ({SIZE_RULE})?"""
    return parsed.d <= MAX_D and len(parsed.points) <= MAX_POINTS


def oracle(parsed, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, dict | None]:
    """The definition decided by z3 on a parsed answer that ``fits``: ``("sat", witness)`` with the
    family's PROPERTY_VIOLATION witness, ``("unsat", None)`` or ``("unknown", None)``."""
    status, hit = decide(parsed.points, parsed.d, timeout_ms=timeout_ms)
    if hit is None:
        return status, None
    return status, {"points": [parsed.points[t] for t in hit], "indices": list(hit)}
