"""z3 formal oracle of the ``mols`` family: is some square not Latin, or some pair not orthogonal?

What is encoded. For squares L_0, ..., L_{k-1} of order n (entries in 0..n-1) the data is one z3
uninterpreted function ``L : Int x Int x Int -> Int`` with ``L(s, r, c) = L_s[r][c]`` asserted for every
cell, and three statements are asked in turn, each written as directly as possible:

1. there exist s, r, c1, c2 with 0 <= s < k, 0 <= r < n, 0 <= c1 < c2 < n and
   L(s, r, c1) = L(s, r, c2)                                   (a row is not a permutation);
2. the same with the roles of rows and columns exchanged        (a column is not a permutation);
3. there exist s < t and two cells (r1, c1) != (r2, c2) (ordered: r1 n + c1 < r2 n + c2) with
   L(s, r1, c1) = L(s, r2, c2) and L(t, r1, c1) = L(t, r2, c2)  (s and t are not orthogonal).

z3 (not Python) chooses the indices. Why sat/unsat answer the question: a line of n entries from n
symbols is a permutation iff no symbol repeats in it (pigeonhole; the schema guarantees the range), and
two squares are orthogonal iff no ordered symbol pair occurs in two cells, so the squares are
mutually orthogonal Latin squares iff all three statements are unsat. A ``sat`` model is re-checked in
plain Python before it is returned (a failure raises ``RuntimeError``: an oracle bug, never a verdict);
``unknown`` is returned as ``("unknown", None)`` (the caller treats it as an ERROR).

Limits. Small answers only: n <= ``MAX_N`` = 9 and k <= ``MAX_SQUARES`` = 8 (otherwise ``ValueError``,
as for entries that are not ints in 0..n-1). z3 is imported lazily.
"""
from __future__ import annotations

from ._z3 import solve

MAX_N = 9
MAX_SQUARES = 8
DEFAULT_TIMEOUT_MS = 120_000


def _validate(squares, n: int) -> None:
    if type(n) is not int or not 2 <= n <= MAX_N:
        raise ValueError(f"the MOLS oracle handles orders 2..{MAX_N}, got n={n!r}")
    if not isinstance(squares, (tuple, list)) or not 1 <= len(squares) <= MAX_SQUARES:
        raise ValueError(f"the MOLS oracle handles 1..{MAX_SQUARES} squares")
    for s, sq in enumerate(squares):
        if not isinstance(sq, (tuple, list)) or len(sq) != n:
            raise ValueError(f"square {s} does not have {n} rows")
        for row in sq:
            if not isinstance(row, (tuple, list)) or len(row) != n or \
                    not all(type(x) is int and 0 <= x < n for x in row):
                raise ValueError(f"square {s} has a row that is not {n} integers in 0..{n - 1}")


def decide(squares, n: int, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, dict | None]:
    """``("sat", witness)`` (a witness dict of the family's syntax), ``("unsat", None)`` when the squares are
    mutually orthogonal Latin squares, or ``("unknown", None)``."""
    _validate(squares, n)
    import z3  # lazy

    k = len(squares)
    L = z3.Function("L", z3.IntSort(), z3.IntSort(), z3.IntSort(), z3.IntSort())

    def solver_with_data():
        solver = z3.Solver()
        solver.set("timeout", int(timeout_ms))
        for s in range(k):
            for r in range(n):
                for c in range(n):
                    solver.add(L(s, r, c) == squares[s][r][c])
        return solver

    s, t, r, c, r1, c1, r2, c2 = z3.Ints("s t r c r1 c1 r2 c2")

    # 1. a row with a repeated symbol
    solver = solver_with_data()
    solver.add(0 <= s, s < k, 0 <= r, r < n, 0 <= c1, c1 < c2, c2 < n, L(s, r, c1) == L(s, r, c2))
    status, model = solve(solver, (s, r, c1, c2))
    if status != "unsat":
        if model is None:
            return status, None
        a, row, x1, x2 = model
        if not (0 <= a < k and 0 <= row < n and 0 <= x1 < x2 < n and squares[a][row][x1] == squares[a][row][x2]):
            raise RuntimeError(f"MOLS oracle self-check failed: model {model} is not a row repetition")
        return "sat", {"indices": [a], "row": row, "columns": [x1, x2], "symbol": squares[a][row][x1]}

    # 2. a column with a repeated symbol
    solver = solver_with_data()
    solver.add(0 <= s, s < k, 0 <= c, c < n, 0 <= r1, r1 < r2, r2 < n, L(s, r1, c) == L(s, r2, c))
    status, model = solve(solver, (s, c, r1, r2))
    if status != "unsat":
        if model is None:
            return status, None
        a, col, y1, y2 = model
        if not (0 <= a < k and 0 <= col < n and 0 <= y1 < y2 < n and squares[a][y1][col] == squares[a][y2][col]):
            raise RuntimeError(f"MOLS oracle self-check failed: model {model} is not a column repetition")
        return "sat", {"indices": [a], "column": col, "rows": [y1, y2], "symbol": squares[a][y1][col]}

    # 3. two squares and two cells with the same ordered pair
    if k < 2:
        return "unsat", None
    solver = solver_with_data()
    solver.add(0 <= s, s < t, t < k, 0 <= r1, r1 < n, 0 <= c1, c1 < n, 0 <= r2, r2 < n, 0 <= c2, c2 < n,
               r1 * n + c1 < r2 * n + c2, L(s, r1, c1) == L(s, r2, c2), L(t, r1, c1) == L(t, r2, c2))
    status, model = solve(solver, (s, t, r1, c1, r2, c2))
    if model is None:
        return status, None
    a, b, p1, q1, p2, q2 = model
    ok = (0 <= a < b < k and all(0 <= v < n for v in (p1, q1, p2, q2)) and (p1, q1) != (p2, q2)
          and squares[a][p1][q1] == squares[a][p2][q2] and squares[b][p1][q1] == squares[b][p2][q2])
    if not ok:
        raise RuntimeError(f"MOLS oracle self-check failed: model {model} is not a repeated pair")
    return "sat", {"indices": [a, b], "cells": [[p1, q1], [p2, q2]],
                   "pair": [squares[a][p1][q1], squares[b][p1][q1]]}


# ---- the contract's entry point (one signature for every family) ----------------------------------

SIZE_RULE = f"n <= {MAX_N} and at most {MAX_SQUARES} squares"


def fits(parsed) -> bool:
    """Is the parsed answer small enough for the oracle ({SIZE_RULE})?"""
    return parsed.n <= MAX_N and len(parsed.squares) <= MAX_SQUARES


def oracle(parsed, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> tuple[str, dict | None]:
    """The definition decided by z3 on a parsed answer that ``fits``."""
    return decide(parsed.squares, parsed.n, timeout_ms=timeout_ms)
