"""Parsing shared by the two Heilbronn schemas (``heilbronn``, ``heilbronn_shape``): points of the grid.

Not a family (the leading underscore keeps it out of the registry's key space). Parsing only, no
geometry: the domain test for the triangle T and every area are decided by the verifiers.

A point set is a JSON list of exactly n points, each a JSON list ``[x, y]`` of two JSON integers in
0..``GRID`` (= 10,000; the unit square scaled by 10^4). Checks, in this order, before anything is
allocated: not a list -> ``FORMAT_TYPE`` (there is no compact form); empty -> ``EMPTY``; length != n ->
``FORMAT_SHAPE`` (from the length alone); then point by point, the first point that is not a list ->
``FORMAT_TYPE``, not of length 2 -> ``FORMAT_SHAPE``, a coordinate that is not a JSON integer (``true``,
``1.0``, ``"1"``) -> ``FORMAT_TYPE``, outside 0..10,000 -> ``RANGE``. Diagnostics name the 0-based
``index`` of the point (and the ``coordinate``, 0 for x and 1 for y).

Bounds: 3 <= n <= ``MAX_N`` = 3,500. The public release bounds n only by its 60 s: its primary
examines every one of the C(n, 3) triples with numpy int64 outer products, about 13 ns per triple on
our machine (measured with this project's former scan of that kind: 0.49 s at n = 600, 2.2 s at
n = 1,000), so it decides n up to about 3,000 (C(3000, 3) = 4.5 * 10^9 triples, 59 s) and times out
at 3,500 (7.1 * 10^9 triples, about 94 s); 3,500 leaves room for a faster machine. Our primary's
brute force (int32, cache-sized blocks) takes 11 s of CPU at n = 3,500 on 3,500 Erdos points (no three
collinear, so every triple is scanned) and the second's O(n^2 log n) rotating sweep 9.8 s
(``tests/benchmarks/bench_heilbronn.py``, ``bench_heilbronn_shape.py``). The smallest triangle needs
three points and the trivial bound 1/(n - 2) needs n >= 3.
"""
from __future__ import annotations

from typing import Any

from ..errors import AnswerError, ParamsError, describe
from ..params import int_in
from ..witness import Indexed

GRID = 10_000
MIN_N = 3
MAX_N = 3_500

DUPLICATE = Indexed("duplicate", "DUPLICATE", arity=2, echo="point", echo_one=True)   # {"point": p, "indices": [i, j]}

Point = tuple[int, int]


def validate_n(params: dict) -> int:
    return int_in(params, "n", MIN_N, MAX_N)


def parse_point(value: Any, where: str, index: int, lo: int = 0, hi: int = GRID) -> Point:
    if type(value) is not list:
        raise AnswerError("FORMAT_TYPE", f"{where} must be a JSON list [x, y] of two integers, got {describe(value)}",
                          {"index": index})
    if len(value) != 2:
        raise AnswerError("FORMAT_SHAPE", f"{where} has {len(value)} coordinates, expected 2 ([x, y])",
                          {"index": index, "length": len(value)})
    for c, x in enumerate(value):
        if type(x) is not int:
            raise AnswerError("FORMAT_TYPE", f"{where} coordinate {'xy'[c]} must be a JSON integer, got {describe(x)}",
                              {"index": index, "coordinate": c})
        if not lo <= x <= hi:
            raise AnswerError("RANGE", f"{where} coordinate {'xy'[c]} = {describe(x, 40)} is outside {lo}..{hi:,}",
                              {"index": index, "coordinate": c})
    return (value[0], value[1])


def parse_points(answer: Any, n: int, what: str) -> tuple[Point, ...]:
    if type(answer) is not list:
        raise AnswerError("FORMAT_TYPE", f"a {what} answer must be a JSON list of [x, y] integer pairs (there is no "
                          f"compact form), got {describe(answer)}")
    if not answer:
        raise AnswerError("EMPTY", "the point set is empty")
    if len(answer) != n:
        raise AnswerError("FORMAT_SHAPE", f"the answer has {len(answer):,} points; exactly n = {n} are required",
                          {"length": len(answer)})
    return tuple(parse_point(p, f"point {i}", i) for i, p in enumerate(answer))


def validate_triangle(value: Any) -> tuple[Point, Point, Point]:
    """The container T of ``heilbronn_shape``: three grid points [x, y] (JSON integers in 0..10,000) that
    are not collinear (a degenerate T, including repeated vertices, is refused at the parameter level)."""
    if type(value) is not list or len(value) != 3:
        raise ParamsError(f"parameter 'T' must be a list of three vertices [x, y], got {describe(value)}")
    vertices = []
    for t, v in enumerate(value):
        if type(v) is not list or len(v) != 2 or not all(type(x) is int for x in v):
            raise ParamsError(f"vertex {t} of 'T' must be a list of two JSON integers, got {describe(v)}")
        if not all(0 <= x <= GRID for x in v):
            raise ParamsError(f"vertex {t} of 'T' = {v} is outside the grid 0..{GRID:,}")
        vertices.append((v[0], v[1]))
    (ax, ay), (bx, by), (cx, cy) = vertices
    if (bx - ax) * (cy - ay) - (by - ay) * (cx - ax) == 0:
        raise ParamsError(f"the triangle T = {value} is degenerate (its vertices are collinear or repeated)")
    return tuple(vertices)


def item(points: tuple[Point, ...], i: int) -> list[int]:
    return list(points[i])
