"""The prompt wording of the ``heilbronn_shape`` family (assembled by ``endless_exam.checker.prompts``)."""
from __future__ import annotations

from endless_exam.certificates.schemas import heilbronn_shape as schema

from ._common import COLLINEAR, planar_limits


def _vertices(p: dict) -> str:
    return ", ".join(f"({x}, {y})" for x, y in p["T"])


def statement(p: dict) -> str:
    return (f"Place n = {p['n']} distinct points with integer coordinates inside or on the boundary of the "
            f"triangle T with vertices {_vertices(p)} (on the {schema.GRID} x {schema.GRID} grid). Among all "
            f"triangles formed by three of the points, the smallest area divided by the area of T is the "
            f"objective, computed exactly as a rational number (maximise). " + COLLINEAR)


def answer_format(p: dict) -> str:
    return f"a JSON list of exactly {p['n']} points inside the triangle, each a list [x, y] of two integers"


def compact_forms(p: dict) -> list[str]:
    return []


def limits(p: dict) -> list[str]:
    return planar_limits(f"The list must have exactly n = {p['n']} points, pairwise distinct, each inside or on T.",
                         schema.GRID, f"{schema.MIN_N} <= n <= {schema.MAX_N} and a non-degenerate T")
