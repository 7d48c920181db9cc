"""z3 formal oracle of the ``kakeya`` family: is there a direction in which the set contains no line?

What is encoded. For a tuple of points of F_q^n (tuples of n integers in 0..q-1) the oracle asks z3
whether this statement is satisfiable, written as directly as possible:

    there exist integers v_0, ..., v_(n-1) in 0..q-1, not all 0, such that
    for EVERY point a of F_q^n there is some t in 0..q-1 with (a + t v) mod q NOT in the set.

Membership is an uninterpreted predicate ``inK : Int^n -> Bool`` fixed on the whole finite space by
one constraint per point p of F_q^n (``inK(p)`` is true iff p is listed). The quantifier over a
ranges over the finite space and is expanded into one conjunct per point a (the set of a is finite
and explicit); "there is some t" is a disjunction over the q values of t. The direction v is
symbolic, so z3 (not Python) chooses it; coordinate c of a + t v is the term
``If(v_c == 0, (a_c + t*0) % q, If(v_c == 1, (a_c + t*1) % q, ...))``, i.e. the field arithmetic
tabulated over the q possible values of v_c (the direct form ``(a_c + t * v_c) % q`` is equivalent
but makes z3 reason about integer division and is orders of magnitude slower). Nothing else is
encoded: no normalisation of directions, no counting of points on lines.

Why sat/unsat answer the question. A model is a non-zero v such that every line {a + t v} (every
a, hence every line in direction v) has a point outside the set: the set is not a Kakeya set, and v
is the witness. ``unsat`` means every non-zero v has a base point a whose whole line lies in the set:
a Kakeya set. A ``sat`` model is re-checked in plain Python before it is returned (a failure raises
``RuntimeError``); ``unknown`` is returned as ``("unknown", None)`` and must be treated as an ERROR.

Limits: q prime, q^n <= ``MAX_SPACE`` = 343 (e.g. F_7^3, F_5^3, F_3^5, F_2^8) and at most
``MAX_POINTS`` = 343 listed points; malformed input raises ``ValueError``. z3 is imported lazily.
"""
from __future__ import annotations

import itertools

from ._z3 import solve

MAX_SPACE = 343
MAX_POINTS = 343
DEFAULT_TIMEOUT_MS = 120_000


def _is_prime(q: int) -> bool:
    return q >= 2 and all(q % f for f in range(2, int(q ** 0.5) + 1))


def _validate(points: tuple, q: int, n: int) -> None:
    if type(q) is not int or not _is_prime(q):
        raise ValueError(f"the Kakeya oracle needs a prime q, got {q!r}")
    if type(n) is not int or n < 1 or q ** n > MAX_SPACE:
        raise ValueError(f"the Kakeya oracle handles q^n <= {MAX_SPACE}, got q={q}, n={n!r}")
    if len(points) > MAX_POINTS:
        raise ValueError(f"the Kakeya oracle handles at most {MAX_POINTS} points, got {len(points)}")
    for t, p in enumerate(points):
        if (not isinstance(p, (tuple, list)) or len(p) != n
                or not all(type(x) is int and 0 <= x < q for x in p)):
            raise ValueError(f"point {t} is not a vector of {n} integers in 0..{q - 1}: {p!r}")


def has_no_line(points, v, q: int) -> bool:
    """The definition in plain Python: no line in direction v lies in the set."""
    members = {tuple(p) for p in points}
    n = len(v)
    return not any(all(tuple((a[c] + t * v[c]) % q for c in range(n)) in members for t in range(q))
                   for a in itertools.product(range(q), repeat=n))


def decide(points, q: int, n: int, *, timeout_ms: int = DEFAULT_TIMEOUT_MS
           ) -> tuple[str, tuple[int, ...] | None]:
    """``("sat", v)`` (a direction without a line), ``("unsat", None)`` or ``("unknown", None)``."""
    if not isinstance(points, (tuple, list)):
        raise ValueError(f"points must be a list of vectors, got {type(points).__name__}")
    points = tuple(tuple(p) if isinstance(p, (tuple, list)) else p for p in points)
    _validate(points, q, n)
    import z3  # lazy

    members = set(points)
    solver = z3.Solver()
    solver.set("timeout", int(timeout_ms))
    in_k = z3.Function("inK", *([z3.IntSort()] * n), z3.BoolSort())
    for p in itertools.product(range(q), repeat=n):
        solver.add(in_k(*p) == z3.BoolVal(p in members))

    v = [z3.Int(f"v_{c}") for c in range(n)]
    for c in range(n):
        solver.add(0 <= v[c], v[c] < q)
    solver.add(z3.Or([v[c] != 0 for c in range(n)]))

    def coordinate(a_c: int, t: int, v_c) -> z3.ArithRef:
        term = z3.IntVal((a_c + t * (q - 1)) % q)
        for k in range(q - 2, -1, -1):
            term = z3.If(v_c == k, z3.IntVal((a_c + t * k) % q), term)
        return term

    for a in itertools.product(range(q), repeat=n):
        solver.add(z3.Or([z3.Not(in_k(*[coordinate(a[c], t, v[c]) for c in range(n)])) for t in range(q)]))

    answer, direction = solve(solver, v)
    if direction is None:
        return answer, None
    if not any(direction) or not all(0 <= x < q for x in direction) or not has_no_line(points, direction, q):
        raise RuntimeError(f"Kakeya oracle self-check failed: z3 model {direction} is not a direction without a line")
    return "sat", direction


# ---- the contract's entry point (one signature for every family) ----------------------------------

SIZE_RULE = f"q^n <= {MAX_SPACE} (and so at most {MAX_POINTS} points)"


def fits(parsed) -> bool:
    """Is the parsed answer small enough for the oracle ({SIZE_RULE})?"""
    return parsed.q ** parsed.n <= MAX_SPACE and len(parsed.points) <= MAX_POINTS


def oracle(parsed, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, dict | None]:
    """The definition decided by z3 on a parsed answer that ``fits``: ``("sat", witness)`` with the
    family's PROPERTY_VIOLATION witness, ``("unsat", None)`` or ``("unknown", None)``."""
    status, hit = decide(parsed.points, parsed.q, parsed.n, timeout_ms=timeout_ms)
    if hit is None:
        return status, None
    return status, {"direction": list(hit)}
