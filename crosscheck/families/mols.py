"""Second check of the ``mols`` family (independent of ``endless_exam.checker.families.mols``).

Checked: every row and every column of every square (shared schema
``endless_exam.certificates.schemas.mols``) contains n distinct symbols, and for every two squares the
set of ordered symbol pairs over the n^2 cells has n^2 elements.

Why the check is sufficient. The schema guarantees n entries per line from the n symbols 0..n-1, so a
line is a permutation iff the set of its entries has n elements. Two squares are orthogonal iff the map
cell -> (A[cell], B[cell]) is injective, i.e. iff the set of the n^2 pairs has n^2 elements. This is
the definition read literally with Python sets, unlike the primary's sorted lines and pair-code counts.

Libraries: none (the standard library only). Path: plain Python (sets, tuples, dicts; no numpy, no sympy: set sizes are exact and a complete set
of 63 squares of order 64 takes a few seconds). The order of examination also differs from the
primary: square by square (its rows, then its columns), then pairs. When a set is too small, a dict from
value to first position names the repetition. The z3 formal oracle is ``endless_exam.crosscheck.oracle.mols``.
"""
from __future__ import annotations

from endless_exam.certificates.schemas import mols as schema
from endless_exam.certificates.witness import Witness
from endless_exam.certificates.verdict import Verdict, accept, reject

LIBRARIES: tuple[str, ...] = ()


def _first_repeat(values) -> tuple[int, int, object]:
    first: dict = {}
    for pos, v in enumerate(values):
        if v in first:
            return first[v], pos, v
        first[v] = pos
    raise RuntimeError("mols second self-check failed: a short set without a repetition")


def find_violation(parsed: schema.MolsAnswer) -> dict | None:
    """The first violation as a witness dict, or None."""
    n, squares = parsed.n, parsed.squares
    for s, square in enumerate(squares):
        for r, row in enumerate(square):
            if len(set(row)) != n:
                c1, c2, x = _first_repeat(row)
                return {"indices": [s], "row": r, "columns": [c1, c2], "symbol": x}
        for c, column in enumerate(zip(*square)):
            if len(set(column)) != n:
                r1, r2, x = _first_repeat(column)
                return {"indices": [s], "column": c, "rows": [r1, r2], "symbol": x}
    flats = [[x for row in square for x in row] for square in squares]
    for s in range(len(squares)):
        for t in range(s + 1, len(squares)):
            pairs = list(zip(flats[s], flats[t]))
            if len(set(pairs)) != n * n:
                e1, e2, (x, y) = _first_repeat(pairs)
                return {"indices": [s, t], "cells": [list(divmod(e1, n)), list(divmod(e2, n))], "pair": [x, y]}
    return None


def check(parsed: schema.MolsAnswer) -> Verdict:
    w = find_violation(parsed)
    if w is not None:
        if "row" in w:
            message = f"square {w['indices'][0]}: row {w['row']} repeats symbol {w['symbol']} (columns {w['columns']})"
        elif "column" in w:
            message = f"square {w['indices'][0]}: column {w['column']} repeats symbol {w['symbol']} (rows {w['rows']})"
        else:
            message = (f"squares {w['indices'][0]} and {w['indices'][1]} are not orthogonal: cells {w['cells']} "
                       f"both carry the pair {tuple(w['pair'])}")
        return reject("PROPERTY_VIOLATION", message, w)
    k, n = parsed.k, parsed.n
    return accept(k, f"{k} mutually orthogonal Latin square{'s' if k > 1 else ''} of order {n}")


def confirm(parsed: schema.MolsAnswer, w: Witness) -> tuple[bool, str]:
    """Re-check the primary's witness in plain Python (its syntax is already checked)."""
    sq = parsed.squares
    if w.kind == "row_repeat":
        s = w.indices[0]
        r, (c1, c2), x = w["row"], w["columns"], w["symbol"]
        ok = c1 != c2 and sq[s][r][c1] == x and sq[s][r][c2] == x
        return ok, "row repetition confirmed" if ok else "no such repetition in the row"
    if w.kind == "column_repeat":
        s = w.indices[0]
        c, (r1, r2), x = w["column"], w["rows"], w["symbol"]
        ok = r1 != r2 and sq[s][r1][c] == x and sq[s][r2][c] == x
        return ok, "column repetition confirmed" if ok else "no such repetition in the column"
    s, t = w.indices
    (a, b), (p, q) = w["cells"]
    x, y = w["pair"]
    if (a, b) == (p, q):
        return False, "the witness names one cell twice"
    ok = sq[s][a][b] == x and sq[t][a][b] == y and sq[s][p][q] == x and sq[t][p][q] == y
    return ok, "repeated pair confirmed" if ok else "the cells do not carry that pair in both squares"
