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


def check(solver: Any) -> tuple[str, Any]:
    """Run ``solver``: ``("sat", its model)``, ``("unsat", None)``, or ``("unknown", None)`` when z3 gives up
    (a timeout or resource limit). The one place an oracle reads z3's answer."""
    import z3  # lazy

    result = solver.check()
    if result == z3.unsat:
        return "unsat", None
    if result != z3.sat:
        return "unknown", None
    return "sat", solver.model()


def solve(solver: Any, unknowns: Sequence[Any]) -> tuple[str, tuple[int, ...] | None]:
    """``check``, with the values of the integer (or bit-vector) ``unknowns`` in the model when sat."""
    answer, model = check(solver)
    if model is None:
        return answer, None
    return "sat", tuple(model.eval(v, model_completion=True).as_long() for v in unknowns)


def with_restarts(attempt: Callable[[int, int], Any], timeout_ms: int, *, first_attempt_ms: int,
                  max_attempts: int = 12) -> Any:
    """Call ``attempt(seed, budget_ms)`` in seeded restarts with a doubling budget, all within ``timeout_ms``.

    z3's nonlinear arithmetic has heavy-tailed running times: the same input usually takes a second (or
    milliseconds) and now and then many times that, depending on z3's internal state. Attempt s gets
    ``first_attempt_ms * 2**s`` (the last one whatever is left) and must build a fresh solver with
    ``random_seed`` = s and that timeout. The first result that is not None is returned; None when every
    attempt gave up.
    """
    import time

    deadline = time.monotonic() + int(timeout_ms) / 1000
    budget = first_attempt_ms
    for seed in range(max_attempts):
        left_ms = int((deadline - time.monotonic()) * 1000)
        if left_ms <= 0:
            break
        result = attempt(seed, min(budget, left_ms) if seed < max_attempts - 1 else left_ms)
        if result is not None:
            return result
        budget *= 2
    return None


def solve_with_restarts(build: Callable[[int, int], tuple[Any, Sequence[Any]]], timeout_ms: int, *,
                        first_attempt_ms: int, max_attempts: int = 12) -> tuple[str, tuple[int, ...] | None]:
    """``solve`` asked through ``with_restarts``: ``build(seed, budget_ms)`` returns a fresh solver (with
    ``random_seed`` and ``timeout`` set, the statement asserted) and its unknowns. The first ``sat`` or
    ``unsat`` is returned, ``("unknown", None)`` when every attempt gave up."""
    def attempt(seed: int, budget: int):
        answer = solve(*build(seed, budget))
        return None if answer[0] == "unknown" else answer

    return with_restarts(attempt, timeout_ms, first_attempt_ms=first_attempt_ms,
                         max_attempts=max_attempts) or ("unknown", None)
