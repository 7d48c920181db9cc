"""Primary check of the ``mols`` family.

What is checked: the answer is a list of k squares of order n with entries in 0..n-1 (shared schema
``endless_exam.certificates.schemas.mols``); every row and every column of every square is a permutation
of 0..n-1 (Latin), and every two squares A, B are orthogonal: the n^2 ordered pairs (A[r][c], B[r][c])
are pairwise distinct.

Why the check is sufficient. A row of n entries from the n symbols 0..n-1 is a permutation iff no symbol
occurs twice in it (pigeonhole), so "sorted row has no two equal neighbours" decides it. For squares A, B
the pair code A[r][c] * n + B[r][c] is a bijection from ordered symbol pairs to 0..n^2-1, so A and B are
orthogonal iff the n^2 codes of their cells are distinct, i.e. iff every code has count exactly 1.

Algorithm (numpy on validated small integers; no floats): the squares become one int16 array of shape
(k, n, n) (entries < n <= 2,703); rows and columns are sorted along their axis and neighbours compared;
for orthogonality every pair s < t, in pair order, writes its n^2 codes A * n + B (int32, < n^2 <= 7.3 *
10^6) as indices into a boolean array of n^2 slots: the n^2 codes all differ iff every slot is hit
(pigeonhole), about 4.5 ns per cell of a pair. Only a failing pair is counted (``bincount``) to name the
repeated code. Witnesses are read back from the first failing row, column or pair (squares in answer
order, rows before columns before pairs). Cost: k n^2 entries and C(k, 2) n^2 pair cells, at most
1.1 * 10^9 by the schema (about 5 s of CPU; ``tests/benchmarks/bench_mols.py``).

Libraries: numpy only (arrays, sort, scatter, bincount). The bound (``SPEC.bound``) is exact integer arithmetic.

The bound: for n >= 2 there are at most n - 1 MOLS of order n. A set of n - 1 MOLS is equivalent to a
projective plane of order n; by Bruck-Ryser there is none when n = 1 or 2 (mod 4) and n is not a sum of
two integer squares, so then at most n - 2; for n = 10 there is no projective plane (Lam, Thiel, Swiercz
1989) and N(10) <= 8 is the benchmark's recorded bound (docs/SPECIFICATION.md 3.12). The project adds the proven
exact value N(6) = 1 (Tarry 1900; no pair of orthogonal Latin squares of order 6), where the formula would
give 4.
"""
from __future__ import annotations

import math

import numpy as np

from endless_exam.certificates.schemas import mols as schema
from endless_exam.certificates.witness import Witness
from endless_exam.certificates.verdict import Verdict, accept, reject

from .spec import FamilySpec

LIBRARIES = ("numpy",)

# ---- the declarative part ---------------------------------------------------------------------------


def is_sum_of_two_squares(n: int) -> bool:
    """n = a^2 + b^2 for some integers a, b >= 0 (exact, by trying every a)."""
    for a in range(math.isqrt(n) + 1):
        rest = n - a * a
        b = math.isqrt(rest)
        if b * b == rest:
            return True
    return False


def mols_bound(params: dict) -> tuple[int, str]:
    n = params["n"]
    if n == 6:
        return 1, "bound"
    if n == 10:
        return 8, "bound"
    if n % 4 in (1, 2) and not is_sum_of_two_squares(n):
        return n - 2, "bound"
    return n - 1, "bound"


SPEC = FamilySpec(key="mols", bound=mols_bound)

# ---- the check ----------------------------------------------------------------------------------------

def _array(parsed: schema.MolsAnswer) -> np.ndarray:
    # validated: entries in 0..n-1 with n <= 2,703: int16 is exact
    return np.array(parsed.squares, dtype=np.int16).reshape(parsed.k, parsed.n, parsed.n)


def _repeat_in(line: tuple[int, ...]) -> tuple[int, int, int]:
    """(first position, second position, symbol) of the first repeated symbol of a line."""
    seen: dict[int, int] = {}
    for pos, x in enumerate(line):
        if x in seen:
            return seen[x], pos, x
        seen[x] = pos
    raise RuntimeError("mols self-check failed: a line reported as repeating a symbol has none")


def first_latin_failure(a: np.ndarray) -> tuple[str, int, int] | None:
    """("row" | "column", square, line) of the first non-permutation row (all squares) then column; or None."""
    for kind, axis in (("row", 2), ("column", 1)):
        srt = np.sort(a, axis=axis)
        if axis == 2:
            bad = np.any(srt[:, :, 1:] == srt[:, :, :-1], axis=2)          # (k, row)
        else:
            bad = np.any(srt[:, 1:, :] == srt[:, :-1, :], axis=1)          # (k, column)
        hits = np.argwhere(bad)
        if len(hits):
            s, line = (int(v) for v in hits[0])
            return kind, s, line
    return None


def first_non_orthogonal(a: np.ndarray) -> tuple[int, int, int, int] | None:
    """(s, t, cell1, cell2) for the first pair s < t (in pair order) with a repeated symbol pair; or None.
    Cells are flat indices r * n + c with cell1 < cell2 (the two first cells of the smallest repeated code)."""
    k, n = a.shape[0], a.shape[1]
    if k < 2:
        return None
    cells = n * n
    flat = a.reshape(k, cells).astype(np.int32)
    codes = np.empty(cells, dtype=np.int32)
    hit = np.empty(cells, dtype=bool)
    for s in range(k - 1):
        scaled = flat[s] * np.int32(n)
        for t in range(s + 1, k):
            np.add(scaled, flat[t], out=codes)
            hit.fill(False)
            hit[codes] = True
            if hit.all():
                continue
            code = int(np.nonzero(np.bincount(codes, minlength=cells) > 1)[0][0])
            where = np.nonzero(codes == code)[0]
            if len(where) < 2:
                raise RuntimeError("mols self-check failed: a repeated pair code has fewer than two cells")
            return s, t, int(where[0]), int(where[1])
    return None


def check(parsed: schema.MolsAnswer) -> Verdict:
    n, squares = parsed.n, parsed.squares
    a = _array(parsed)
    fail = first_latin_failure(a)
    if fail is not None:
        kind, s, line = fail
        if kind == "row":
            c1, c2, x = _repeat_in(squares[s][line])
            return reject("PROPERTY_VIOLATION",
                          f"square {s} is not Latin: row {line} has symbol {x} in columns {c1} and {c2}",
                          {"indices": [s], "row": line, "columns": [c1, c2], "symbol": x})
        r1, r2, x = _repeat_in(tuple(squares[s][r][line] for r in range(n)))
        return reject("PROPERTY_VIOLATION",
                      f"square {s} is not Latin: column {line} has symbol {x} in rows {r1} and {r2}",
                      {"indices": [s], "column": line, "rows": [r1, r2], "symbol": x})
    bad = first_non_orthogonal(a)
    if bad is not None:
        s, t, e1, e2 = bad
        (r1, c1), (r2, c2) = divmod(e1, n), divmod(e2, n)
        x, y = squares[s][r1][c1], squares[t][r1][c1]
        return reject("PROPERTY_VIOLATION",
                      f"squares {s} and {t} are not orthogonal: cells ({r1}, {c1}) and ({r2}, {c2}) both carry "
                      f"the pair ({x}, {y})",
                      {"indices": [s, t], "cells": [[r1, c1], [r2, c2]], "pair": [x, y]})
    k = parsed.k
    return accept(k, f"{k} mutually orthogonal Latin square{'s' if k > 1 else ''} of order {n}")


def confirm(parsed: schema.MolsAnswer, w: Witness) -> tuple[bool, str]:
    """Is the other verifier's witness a real repeated symbol or repeated pair? (syntax already checked)"""
    a = _array(parsed)
    if w.kind == "row_repeat":
        (s,), r, (c1, c2), x = w.indices, w["row"], w["columns"], w["symbol"]
        ok = c1 != c2 and int(a[s, r, c1]) == int(a[s, r, c2]) == x
        return ok, "repeated symbol in a row confirmed" if ok else "the row does not repeat that symbol there"
    if w.kind == "column_repeat":
        (s,), c, (r1, r2), x = w.indices, w["column"], w["rows"], w["symbol"]
        ok = r1 != r2 and int(a[s, r1, c]) == int(a[s, r2, c]) == x
        return ok, "repeated symbol in a column confirmed" if ok else "the column does not repeat that symbol there"
    (s, t), ((r1, c1), (r2, c2)), (x, y) = w.indices, w["cells"], w["pair"]
    if (r1, c1) == (r2, c2):
        return False, "the two cells are the same cell"
    ok = (int(a[s, r1, c1]), int(a[t, r1, c1])) == (x, y) == (int(a[s, r2, c2]), int(a[t, r2, c2]))
    return ok, "repeated symbol pair confirmed" if ok else "the two cells do not both carry that pair"
