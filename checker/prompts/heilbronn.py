"""The prompt wording of the ``heilbronn`` family (assembled by ``endless_exam.checker.prompts``)."""
from __future__ import annotations

from endless_exam.certificates.schemas import heilbronn as schema

from ._common import COLLINEAR, planar_limits


def statement(p: dict) -> str:
    n = p["n"]
    return (f"Place n = {n} distinct points in the unit square, using integer coordinates on a grid: a point "
            f"[x, y] with integers 0 <= x, y <= {schema.GRID} stands for (x/{schema.GRID}, y/{schema.GRID}). "
            f"Among all triangles formed by three of the points, the smallest area is the objective, computed "
            f"exactly as a rational number in units of the unit square's area (maximise). " + COLLINEAR)


def answer_format(p: dict) -> str:
    return f"a JSON list of exactly {p['n']} points, each a list [x, y] of two integers"


def compact_forms(p: dict) -> list[str]:
    return []


def limits(p: dict) -> list[str]:
    return planar_limits(f"The list must have exactly n = {p['n']} points, pairwise distinct.", schema.GRID,
                         f"{schema.MIN_N} <= n <= {schema.MAX_N}")
