"""Answer schema of the ``mols`` family (mutually orthogonal Latin squares of order n).

Instance parameters: ``{"n": N}`` with ``N`` a JSON integer, 2 <= N <= ``MAX_N`` = 2,703, the largest
order of which one square still fits the 32 MiB answer limit (written without spaces a square of order
2,703 takes 33.55 million bytes, one of order 2,704 more than 32 MiB). n = 1 is excluded: every list
of 1 x 1 squares would be "orthogonal" and the objective unbounded.

Work bounds, on the answer, decided from the number k of squares and n before any entry is examined
(``SIZE_LIMIT``): k <= n - 1; at most ``MAX_ENTRIES`` = 2^24 = 16,777,216 entries k n^2 (the 32 MiB
limit allows no more JSON integers); at most ``MAX_PAIR_CELLS`` = 1.1 * 10^9 pair cells C(k, 2) n^2 (the
orthogonality checks examine every cell of every pair of squares). The public release takes any n and
checks every pair of squares; no Latin answer beyond these bounds fits in 32 MiB (the most pair cells
a Latin answer of at most 32 MiB can carry is 1,005,150,195: 211 squares of order 213), so they refuse
no set of Latin squares it could be given. (An answer of short entries that are not Latin squares, all
zeros say, can carry up to about 2.1 * 10^9 pair cells in 32 MiB: it is refused here as ``SIZE_LIMIT``
where the public release rejects it as not Latin; a rejection either way.) At the bound the primary takes about 5 s of CPU and the second about 12 s (the
complete set of order 211, 210 squares, 9.8 * 10^8 pair cells; ``tests/benchmarks/bench_mols.py``).

Accepted form (docs/SPECIFICATION.md 3.12): a JSON list of k squares, 1 <= k <= n - 1 (no more than n - 1
mutually orthogonal Latin squares of order n >= 2 exist, so a longer list is refused from its length
alone with ``SIZE_LIMIT``), within the two work bounds above. Each square is a JSON list of exactly n rows, each row a JSON list of
exactly n JSON integers (``type(x) is int``: not ``true``, ``1.0`` or ``"1"``) in 0..n-1. There is no
compact form: an object is ``FORMAT_TYPE``. Checks, in answer order and before anything is allocated:
not a list -> ``FORMAT_TYPE``; empty -> ``EMPTY``; more than n - 1 squares, more than ``MAX_ENTRIES``
entries or more than ``MAX_PAIR_CELLS`` pair cells -> ``SIZE_LIMIT``; then per
square: not a list -> ``FORMAT_TYPE``, not n rows -> ``FORMAT_SHAPE``; per row: not a list ->
``FORMAT_TYPE``, not n entries -> ``FORMAT_SHAPE``; per entry: not an integer -> ``FORMAT_TYPE``,
outside 0..n-1 -> ``RANGE``. Parse diagnostics name ``{"square", "row"}`` or ``{"square", "row",
"column"}`` (0-based).

The result is the tuple of squares (tuples of row tuples). Whether each square is Latin and the squares
are pairwise orthogonal is decided by the verifiers. Witness kinds (all ``PROPERTY_VIOLATION``; the
``indices`` name squares, 0-based):

* ``row_repeat`` ``{"indices": [s], "row": r, "columns": [c1, c2], "symbol": x}``: row r of square s
  has symbol x in columns c1 != c2 (so it is not a permutation);
* ``column_repeat`` ``{"indices": [s], "column": c, "rows": [r1, r2], "symbol": x}``;
* ``pair_repeat`` ``{"indices": [s, t], "cells": [[r1, c1], [r2, c2]], "pair": [x, y]}``: the two
  distinct cells carry the same ordered symbol pair (x in square s, y in square t), so s and t are not
  orthogonal.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import AnswerError, describe
from ..params import exact_keys, int_in
from ..witness import Indexed, WitnessError

MIN_N = 2          # a parameter validity rule (see the module docstring), not an answer limit
MAX_N = 2_703
MAX_ENTRIES = 1 << 24              # k n^2 entries of the answer
MAX_PAIR_CELLS = 1_100_000_000     # C(k, 2) n^2 cells of pairs of squares
# every limit the schema enforces on answers and parameters; the prompt states each (tests/verify/test_contract.py).
# (The square-count limit n - 1 depends on n and is stated in the prompt as a formula and a value.)
LIMITS = {"MAX_N": MAX_N, "MAX_ENTRIES": MAX_ENTRIES, "MAX_PAIR_CELLS": MAX_PAIR_CELLS}


def _position(value: Any, parsed: "MolsAnswer") -> int:
    """A row, column or symbol of the answer: a JSON integer in 0..n-1."""
    if type(value) is not int or not 0 <= value < parsed.n:
        raise WitnessError(f"expected a JSON integer in 0..{parsed.n - 1}")
    return value


def _positions(value: Any, parsed: "MolsAnswer") -> tuple[int, int]:
    if type(value) is not list or len(value) != 2:
        raise WitnessError("expected a list of two integers")
    return _position(value[0], parsed), _position(value[1], parsed)


def _cells(value: Any, parsed: "MolsAnswer") -> tuple[tuple[int, int], tuple[int, int]]:
    if type(value) is not list or len(value) != 2:
        raise WitnessError("expected a list of two cells [row, column]")
    return _positions(value[0], parsed), _positions(value[1], parsed)


WITNESSES = (
    Indexed("row_repeat", "PROPERTY_VIOLATION", arity=1,
            fields={"row": _position, "columns": _positions, "symbol": _position}),
    Indexed("column_repeat", "PROPERTY_VIOLATION", arity=1,
            fields={"column": _position, "rows": _positions, "symbol": _position}),
    Indexed("pair_repeat", "PROPERTY_VIOLATION", arity=2,
            fields={"cells": _cells, "pair": _positions}),
)


def validate_params(params: Any) -> dict:
    """``{"n": 2..2703}``."""
    return {"n": int_in(exact_keys(params, {"n"}), "n", MIN_N, MAX_N)}


@dataclass(frozen=True)
class MolsAnswer:
    n: int
    squares: tuple[tuple[tuple[int, ...], ...], ...]

    @property
    def k(self) -> int:
        return len(self.squares)


def _row(value: Any, n: int, s: int, r: int) -> tuple[int, ...]:
    if type(value) is not list:
        raise AnswerError("FORMAT_TYPE", f"row {r} of square {s} must be a JSON list, got {describe(value)}",
                          {"square": s, "row": r})
    if len(value) != n:
        raise AnswerError("FORMAT_SHAPE", f"row {r} of square {s} has {len(value):,} entries; it must have {n}",
                          {"square": s, "row": r})
    for c, x in enumerate(value):
        if type(x) is not int:
            raise AnswerError("FORMAT_TYPE", f"entry ({r}, {c}) of square {s} must be a JSON integer, got {describe(x)}",
                              {"square": s, "row": r, "column": c})
        if not 0 <= x < n:
            raise AnswerError("RANGE", f"entry ({r}, {c}) of square {s} is {describe(x, 40)}; symbols are 0..{n - 1}",
                              {"square": s, "row": r, "column": c})
    return tuple(value)


def parse(answer: Any, params: dict) -> MolsAnswer:
    n = params["n"]
    if type(answer) is not list:
        raise AnswerError("FORMAT_TYPE", f"a MOLS answer must be a JSON list of squares (no other form exists), "
                                         f"got {describe(answer)}")
    if len(answer) == 0:
        raise AnswerError("EMPTY", "the list of squares is empty")
    if len(answer) > n - 1:
        raise AnswerError("SIZE_LIMIT", f"{len(answer):,} squares are given; at most n - 1 = {n - 1} are accepted "
                                        f"(no more than n - 1 mutually orthogonal Latin squares of order n exist)")
    k = len(answer)
    if k * n * n > MAX_ENTRIES:
        raise AnswerError("SIZE_LIMIT", f"{k:,} squares of order {n} have {k * n * n:,} entries; at most "
                                        f"{MAX_ENTRIES:,} are accepted")
    if k * (k - 1) // 2 * n * n > MAX_PAIR_CELLS:
        raise AnswerError("SIZE_LIMIT", f"{k:,} squares of order {n} make {k * (k - 1) // 2:,} pairs of {n * n:,} cells "
                                        f"({k * (k - 1) // 2 * n * n:,} pair cells to check); at most "
                                        f"{MAX_PAIR_CELLS:,} are accepted")
    squares = []
    for s, square in enumerate(answer):
        if type(square) is not list:
            raise AnswerError("FORMAT_TYPE", f"square {s} must be a JSON list of rows, got {describe(square)}",
                              {"square": s})
        if len(square) != n:
            raise AnswerError("FORMAT_SHAPE", f"square {s} has {len(square):,} rows; it must have {n}", {"square": s})
        squares.append(tuple(_row(row, n, s, r) for r, row in enumerate(square)))
    return MolsAnswer(n, tuple(squares))


def size(parsed: MolsAnswer) -> int:
    return len(parsed.squares)


def item(parsed: MolsAnswer, i: int) -> list[list[int]]:
    return [list(row) for row in parsed.squares[i]]
