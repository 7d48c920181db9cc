"""What every oracle does with z3 once its statement is encoded (not an oracle: no family is named so).

z3 is imported inside the functions, like everywhere in the oracles, so importing this costs nothing.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence


def digit_columns(solver: Any, points: Sequence[str], width: int) -> list:
    """The digit strings ``points`` as ``width`` z3 arrays: ``col[c][t]`` is coordinate c of point t."""
    import z3  # lazy

    cols = [z3.Array(f"col_{c}", z3.IntSort(), z3.IntSort()) for c in range(width)]
    for c in range(width):
        for t, p in enumerate(points):
            solver.add(cols[c][t] == int(p[c]))
    return cols


def solve(solver: Any, unknowns: Sequence[Any]) -> tuple[str, tuple[int, ...] | None]:
    """Run ``solver``: ``("sat", the values of the integer ``unknowns`` in the model)``, ``("unsat", None)``,
    or ``("unknown", None)`` when z3 gives up (a timeout or resource limit)."""
    import z3  # lazy

    result = solver.check()
    if result == z3.unsat:
        return "unsat", None
    if result != z3.sat:
        return "unknown", None
    model = solver.model()
    return "sat", tuple(model.eval(v, model_completion=True).as_long() for v in unknowns)


def solve_with_restarts(build: Callable[[int, int], tuple[Any, Sequence[Any]]], timeout_ms: int, *,
                        first_attempt_ms: int, max_attempts: int = 12) -> tuple[str, tuple[int, ...] | None]:
    """``solve`` asked in seeded restarts with a doubling budget, all within ``timeout_ms``.

    z3's nonlinear arithmetic has heavy-tailed running times: the same input usually takes a second and
    now and then many times that, depending on z3's internal state. ``build(seed, budget_ms)`` returns a
    fresh solver (with ``random_seed`` = seed and ``timeout`` = budget_ms set, the statement asserted) and
    its unknowns; attempt s gets ``first_attempt_ms * 2**s`` (the last one whatever is left). The first
    ``sat`` or ``unsat`` is returned, ``("unknown", None)`` when every attempt gave up.
    """
    import time

    deadline = time.monotonic() + int(timeout_ms) / 1000
    budget = first_attempt_ms
    for seed in range(max_attempts):
        left_ms = int((deadline - time.monotonic()) * 1000)
        if left_ms <= 0:
            break
        solver, unknowns = build(seed, min(budget, left_ms) if seed < max_attempts - 1 else left_ms)
        answer, values = solve(solver, unknowns)
        if answer != "unknown":
            return answer, values
        budget *= 2
    return "unknown", None
