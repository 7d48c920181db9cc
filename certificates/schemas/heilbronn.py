"""Answer schema of the ``heilbronn`` family (Heilbronn's problem in the unit square).

Parameters (strict): ``{"n": 3..3500}`` (why 3,500: see ``certificates/schemas/_grid.py``).

Accepted form (docs/SPECIFICATION.md 3.4): a JSON list of exactly n points ``[x, y]``, JSON integers in
0..10,000 (the unit square scaled by 10^4); parsed by ``_grid.parse_points`` (its docstring lists the
checks and reasons). No compact form. The result is the tuple of points in submission order; witness
indices refer to it. Duplicates are decided by the verifiers (``DUPLICATE`` with the witness
``{"point": p, "indices": [i, j]}``). There is no other way to be invalid: collinear triples are valid
with objective 0 (docs/SPECIFICATION.md 3.4, as upstream).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import _grid
from ..params import exact_keys

GRID = _grid.GRID
MAX_N = _grid.MAX_N
MIN_N = _grid.MIN_N
LIMITS = {"GRID": GRID, "MIN_N": MIN_N, "MAX_N": MAX_N}
WITNESSES = (_grid.DUPLICATE,)


def validate_params(params: Any) -> dict:
    """``{"n": 3..3500}``."""
    return {"n": _grid.validate_n(exact_keys(params, {"n"}))}


@dataclass(frozen=True)
class HeilbronnAnswer:
    n: int
    points: tuple[tuple[int, int], ...]


def parse(answer: Any, params: dict) -> HeilbronnAnswer:
    return HeilbronnAnswer(params["n"], _grid.parse_points(answer, params["n"], "Heilbronn"))


def size(parsed: HeilbronnAnswer) -> int:
    return len(parsed.points)


def item(parsed: HeilbronnAnswer, i: int) -> list[int]:
    return _grid.item(parsed.points, i)
