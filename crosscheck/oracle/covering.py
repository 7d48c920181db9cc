"""z3 formal oracle of the ``covering`` family: is some t-subset contained in no block?

What is encoded. For blocks B_0, ..., B_{b-1} (k-subsets of {0..v-1}) the data is one z3 uninterpreted
predicate ``member : Int x Int -> Bool`` with ``member(j, x)`` asserted true or false for every block j
and every point x, and the statement asked is, as directly as possible:

    there exist integers x_1 < x_2 < ... < x_t in 0..v-1 such that for every block j
    (a conjunction over the listed blocks) some x_i is not a member of block j.

z3 (not Python) chooses the points. Why sat/unsat answer the question: a model is a t-subset of
{0..v-1} contained in no block, i.e. an uncovered t-subset; ``unsat`` means every t-subset lies in some
block (the answer is a covering). A ``sat`` model is re-checked in plain Python before it is returned (a
failure raises ``RuntimeError``: an oracle bug, never a verdict); ``unknown`` is returned as
``("unknown", None)`` (the caller treats it as an ERROR).

Limits. Small answers only: v <= ``MAX_V`` = 16 and at most ``MAX_BLOCKS`` = 60 blocks (otherwise
``ValueError``, as for blocks that are not lists of distinct points in 0..v-1 or t outside 1..v).
z3 is imported lazily.
"""
from __future__ import annotations

from ._z3 import solve

MAX_V = 16
MAX_BLOCKS = 60
DEFAULT_TIMEOUT_MS = 120_000


def _validate(blocks, v: int, t: int) -> None:
    if type(v) is not int or not 1 <= v <= MAX_V:
        raise ValueError(f"the covering oracle handles v in 1..{MAX_V}, got {v!r}")
    if type(t) is not int or not 1 <= t <= v:
        raise ValueError(f"t must be in 1..v, got {t!r}")
    if not isinstance(blocks, (tuple, list)) or not 1 <= len(blocks) <= MAX_BLOCKS:
        raise ValueError(f"the covering oracle handles 1..{MAX_BLOCKS} blocks")
    for j, block in enumerate(blocks):
        if not isinstance(block, (tuple, list)) or not all(type(x) is int and 0 <= x < v for x in block) \
                or len(set(block)) != len(block):
            raise ValueError(f"block {j} is not a list of distinct points in 0..{v - 1}")


def decide(blocks, v: int, t: int, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, list[int] | None]:
    """``("sat", subset)`` with an uncovered increasing t-subset, ``("unsat", None)`` or ``("unknown", None)``."""
    _validate(blocks, v, t)
    import z3  # lazy

    solver = z3.Solver()
    solver.set("timeout", int(timeout_ms))
    member = z3.Function("member", z3.IntSort(), z3.IntSort(), z3.BoolSort())
    for j, block in enumerate(blocks):
        inside = set(block)
        for x in range(v):
            solver.add(member(j, x) == (x in inside))
    xs = z3.Ints(" ".join(f"x{i}" for i in range(t)))
    solver.add(0 <= xs[0], xs[-1] < v)
    for a, b in zip(xs, xs[1:]):
        solver.add(a < b)
    for j in range(len(blocks)):
        solver.add(z3.Or([z3.Not(member(j, x)) for x in xs]))
    status, model = solve(solver, xs)
    if model is None:
        return status, None
    subset = list(model)
    ok = (all(0 <= x < v for x in subset) and subset == sorted(set(subset)) and len(subset) == t
          and not any(set(subset) <= set(block) for block in blocks))
    if not ok:
        raise RuntimeError(f"covering oracle self-check failed: model {subset} is not an uncovered t-subset")
    return "sat", subset


# ---- the contract's entry point (one signature for every family) ----------------------------------

SIZE_RULE = f"v <= {MAX_V} and at most {MAX_BLOCKS} blocks"


def fits(parsed) -> bool:
    """Is the parsed answer small enough for the oracle ({SIZE_RULE})?"""
    return parsed.v <= MAX_V and len(parsed.blocks) <= MAX_BLOCKS


def oracle(parsed, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, dict | None]:
    """The definition decided by z3 on a parsed answer that ``fits``."""
    status, subset = decide(parsed.blocks, parsed.v, parsed.t, timeout_ms=timeout_ms)
    return status, None if subset is None else {"subset": subset}
