"""Answer schema of the ``heilbronn_shape`` family (Heilbronn's problem in a triangle T).

Parameters (strict): ``{"n": 3..3500, "T": [[x0, y0], [x1, y1], [x2, y2]]}``, the vertices JSON integers
in 0..10,000 and not collinear (a degenerate T, including repeated vertices, is a ``ParamsError``);
why n <= 3,500: see ``certificates/schemas/_grid.py``.

Accepted form (docs/SPECIFICATION.md 3.5): a JSON list of exactly n points ``[x, y]``, JSON integers in
0..10,000, parsed by ``_grid.parse_points`` (same checks and reasons as ``heilbronn``). No compact form.
Whether each point lies inside or on T is geometry, decided by the verifiers: a point outside T is a
``PROPERTY_VIOLATION`` with the witness ``{"points": [p], "indices": [i]}``; duplicates are
``DUPLICATE`` with ``{"point": p, "indices": [i, j]}``. The verifiers report duplicates first, then
points outside T. Collinear triples are valid with objective 0.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import _grid
from ..params import exact_keys
from ..witness import Indexed

GRID = _grid.GRID
MAX_N = _grid.MAX_N
MIN_N = _grid.MIN_N
LIMITS = {"GRID": GRID, "MIN_N": MIN_N, "MAX_N": MAX_N}
WITNESSES = (
    _grid.DUPLICATE,
    Indexed("outside", "PROPERTY_VIOLATION", arity=1, echo="points"),    # {"points": [p], "indices": [i]}
)


def validate_params(params: Any) -> dict:
    """``{"n": 3..3500, "T": three non-collinear grid points}`` (key order of the instance is kept)."""
    exact_keys(params, {"n", "T"})
    n = _grid.validate_n(params)
    triangle = _grid.validate_triangle(params["T"])
    return {"n": n, "T": [list(v) for v in triangle]}


@dataclass(frozen=True)
class ShapeAnswer:
    n: int
    T: tuple[tuple[int, int], tuple[int, int], tuple[int, int]]
    points: tuple[tuple[int, int], ...]


def parse(answer: Any, params: dict) -> ShapeAnswer:
    triangle = tuple((v[0], v[1]) for v in params["T"])
    return ShapeAnswer(params["n"], triangle, _grid.parse_points(answer, params["n"], "Heilbronn-triangle"))


def size(parsed: ShapeAnswer) -> int:
    return len(parsed.points)


def item(parsed: ShapeAnswer, i: int) -> list[int]:
    return _grid.item(parsed.points, i)
