"""z3 formal oracle of the ``schur`` family: is there a monochromatic solution of x + y = z?

What is encoded. For a colouring c(1), ..., c(N) (the list ``colours``, colour of the integer t at
position t - 1) the oracle asks z3 whether the following statement is satisfiable, written as
directly as possible:

    there exist integers x, y with 1 <= x <= y and x + y <= N such that
      c(x) = c(y) and c(y) = c(x + y).

The colouring is given to z3 as data: one uninterpreted array ``col : Int -> Int`` constrained by
``col[t] = c(t)`` for t = 1..N; x and y are z3 ``Int`` constants and the colours are read through
``col[x]``, ``col[y]`` and ``col[x + y]``, so z3 (not Python) chooses the pair. Nothing else is
encoded: no colour classes, no counting, no bitsets.

Why sat/unsat answer the question. A model is literally a monochromatic solution (x = y allowed),
i.e. a violation of the Schur property; ``unsat`` means the colouring has none. A ``sat`` model is
re-checked in plain Python before it is returned (a failure raises ``RuntimeError``: an oracle bug,
never a verdict). ``unknown`` (z3 gave up, e.g. on the timeout) is returned as ``("unknown", None)``
and the caller must treat it as an ERROR.

Limits. Small colourings only: N <= ``MAX_N`` = 200 and 1 <= k <= 64 with every colour an int in
0..k-1 (otherwise ``ValueError``). A valid 135-entry colouring takes z3 about 0.5 s to refute (unsat),
a valid 200-entry one about 1.5 s; colourings with a violation are usually found in milliseconds. The
default z3 timeout is ``DEFAULT_TIMEOUT_MS``. z3 is imported lazily inside :func:`oracle`.
"""
from __future__ import annotations

from ._z3 import solve

MAX_N = 200
MAX_K = 64
DEFAULT_TIMEOUT_MS = 120_000


def _validate(colours: tuple[int, ...], k: int) -> None:
    if type(k) is not int or not 1 <= k <= MAX_K:
        raise ValueError(f"the Schur oracle handles 1..{MAX_K} colours, got k={k!r}")
    if not isinstance(colours, (tuple, list)):
        raise ValueError(f"colours must be a tuple of ints, got {type(colours).__name__}")
    if not 1 <= len(colours) <= MAX_N:
        raise ValueError(f"the Schur oracle handles 1..{MAX_N} colours, got {len(colours)}")
    for t, c in enumerate(colours):
        if type(c) is not int or not 0 <= c < k:
            raise ValueError(f"entry {t} is not a colour in 0..{k - 1}: {c!r}")


def _is_solution(colours: tuple[int, ...], x: int, y: int) -> bool:
    """The definition in plain Python."""
    n = len(colours)
    return 1 <= x <= y and x + y <= n and colours[x - 1] == colours[y - 1] == colours[x + y - 1]


def decide(colours: tuple[int, ...], k: int, *, timeout_ms: int = DEFAULT_TIMEOUT_MS
           ) -> tuple[str, tuple[int, int, int] | None]:
    """Decide with z3 whether the colouring has a monochromatic x + y = z.

    Returns ``("sat", (x, y, x + y))`` with 1 <= x <= y, ``("unsat", None)`` when there is none, and
    ``("unknown", None)`` when z3 gives up.
    """
    colours = tuple(colours)
    _validate(colours, k)
    import z3  # lazy: z3 is only needed when the oracle actually runs

    n = len(colours)
    solver = z3.Solver()
    solver.set("timeout", int(timeout_ms))

    col = z3.Array("col", z3.IntSort(), z3.IntSort())
    for t, c in enumerate(colours, start=1):
        solver.add(col[t] == c)

    x, y = z3.Ints("x y")
    solver.add(1 <= x, x <= y, x + y <= n)
    solver.add(col[x] == col[y], col[y] == col[x + y])

    answer, found = solve(solver, (x, y))
    if found is None:
        return answer, None
    a, b = found
    if not _is_solution(colours, a, b):
        raise RuntimeError(f"Schur oracle self-check failed: z3 model ({a}, {b}) is not a monochromatic solution")
    return "sat", (a, b, a + b)


# ---- the contract's entry point (one signature for every family) ----------------------------------

SIZE_RULE = f"N <= {MAX_N}, k <= {MAX_K}"


def fits(parsed) -> bool:
    """Is the parsed answer small enough for the oracle ({SIZE_RULE})?"""
    return parsed.n <= MAX_N and parsed.k <= MAX_K


def oracle(parsed, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, dict | None]:
    """The definition decided by z3 on a parsed answer that ``fits``: ``("sat", witness)`` with the
    family's PROPERTY_VIOLATION witness, ``("unsat", None)`` or ``("unknown", None)``."""
    status, hit = decide(parsed.colours, parsed.k, timeout_ms=timeout_ms)
    if hit is None:
        return status, None
    return status, {"x": hit[0], "y": hit[1], "z": hit[2], "colour": parsed.colours[hit[0] - 1]}
