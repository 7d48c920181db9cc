"""Second check of the ``mols`` family (independent of ``endless_exam.checker.families.mols``).

Checked: every row and every column of every square (shared schema
``endless_exam.certificates.schemas.mols``) contains n distinct symbols, and for every two squares the
set of ordered symbol pairs over the n^2 cells has n^2 elements.

Why the check is sufficient. The schema guarantees n entries per line from the n symbols 0..n-1, so a
line is a permutation iff the set of its entries has n elements (Python sets, square by square: its
rows, then its columns). Two Latin squares A, B are orthogonal iff the map cell -> (A[cell], B[cell]) is
injective. Read it symbol by symbol of A: the cells where A has the symbol x are one per row, at column
p_r(x) of row r (p_r the inverse of row r of A, a permutation because A is Latin); the pairs with first
symbol x are then distinct iff the values B[r][p_r(x)], r = 0..n-1, are all different, i.e. iff that
list sorted is 0, 1, ..., n-1. So A and B are orthogonal iff for every x the row x of the array
M[x][r] = B[r][p_r(x)] (B composed with the inverse rows of A) is a permutation. This is unlike the
primary's pair codes A * n + B hit in a table: the second gathers B through A's inverse rows and counts
the values of each row of M.

Algorithm: for each square A (in order), its inverse rows by ``argsort`` (numpy; the rows are
permutations once the Latin check passed), then for the later squares B (in chunks of at most 2^22
gathered cells) the gather M and, per row of M, the count of each value (``numpy.bincount`` on row * n
+ value, exact): a row is a permutation iff every count is 1 (n entries, n values); the first row
with another count names the pair, the symbol x, and (by a dict of first positions) the two rows r1 < r2 where M repeats a value y: the cells
(r1, p_r1(x)) and (r2, p_r2(x)) both carry the pair (x, y). Cost a gather and a count per pair cell
(issue 31: the sort of each row took 31-36 s of CPU at the schema's 1.1 * 10^9 pair cells under load 5-10).

Libraries: numpy for the gather and the sorts; Python sets, tuples and dicts for the Latin checks and
the witnesses (no sympy: everything is exact small integers). The z3 formal oracle is
``endless_exam.crosscheck.oracle.mols``.
"""
from __future__ import annotations

import numpy as np

from endless_exam.certificates.schemas import mols as schema
from endless_exam.certificates.witness import Witness
from endless_exam.certificates.verdict import Verdict, accept, reject

LIBRARIES = ("numpy",)
CHUNK_CELLS = 1 << 22      # gathered cells (later squares x n^2) counted at a time


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
    return _first_non_orthogonal(parsed)


def _first_non_orthogonal(parsed: schema.MolsAnswer) -> dict | None:
    n, k = parsed.n, parsed.k
    if k < 2:
        return None
    squares = np.array(parsed.squares, dtype=np.int16).reshape(k, n * n)     # entries < n <= 2,703
    row_start = (np.arange(n, dtype=np.int64) * n)[:, None]
    for s in range(k - 1):
        inverse = np.argsort(squares[s].reshape(n, n), axis=1, kind="stable")   # inverse[r, x] = p_r(x)
        gather = (row_start + inverse).T.ravel()                               # cell (r, p_r(x)) at [x, r]
        step = max(1, CHUNK_CELLS // (n * n))                                  # later squares at a time
        for first in range(s + 1, k, step):
            m = squares[first:first + step][:, gather].reshape(-1, n, n)          # m[t - first, x, r]
            rows = m.shape[0] * n
            # row (t, x) of m is a permutation iff each value 0..n-1 occurs in it exactly once
            counts = np.bincount((np.arange(rows, dtype=np.int64)[:, None] * n + m.reshape(rows, n)).ravel(),
                                 minlength=rows * n)
            wrong = np.any(counts.reshape(m.shape[0], n, n) != 1, axis=2)         # (later square, symbol x)
            if not wrong.any():
                continue
            later, x = (int(v) for v in np.argwhere(wrong)[0])
            r1, r2, y = _first_repeat(m[later, x].tolist())
            cell1, cell2 = [r1, int(inverse[r1, x])], [r2, int(inverse[r2, x])]
            return {"indices": [s, first + later], "cells": sorted([cell1, cell2]), "pair": [x, y]}
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
