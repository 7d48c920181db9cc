"""What every oracle does with z3 once its statement is encoded (not an oracle: no family is named so).

z3 is imported inside the functions, like everywhere in the oracles, so importing this costs nothing.
"""
from __future__ import annotations

from typing import Any, Sequence


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
