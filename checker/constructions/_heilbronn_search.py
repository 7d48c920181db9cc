"""The seeded integer search shared by the ``heilbronn`` and ``heilbronn_shape`` generators (not a generator).

Goal: n distinct grid points in a domain (the square 0..10,000^2 or a triangle T) whose smallest
triangle has a large doubled area A_min = min |cross|. Everything is exact integer arithmetic (int64
numpy arrays: every cross product of grid points is below 2^31) and every random choice comes from
``random.Random(seed)`` (whose algorithms are stable across Python versions), so a run is reproducible.

Method: a *target-level* local search. The state is the point list and the doubled area A_t of every
triple t (C(n, 3) values). Given a target level L, the penalty is P = sum_t max(0, L - A_t): P = 0 means
A_min >= L. A move picks a triple below the level uniformly, one of its three vertices, and a
displacement uniform in [-r, r]^2 (r adapts: x1.02 after an accepted move, x0.995 after a refused one,
within 3..3000); a displacement leaving the domain is skipped. Only the C(n-1, 2) triples through the
moved point change. A move is accepted if it does not increase P, otherwise with probability
exp(-dP / (temp L)) (simulated annealing; temp falls geometrically from ``TEMP_START`` = 0.5 to
``TEMP_END`` = 0.02 over the run: a cold search stalls in local optima within about 20,000 proposals). Whenever P reaches 0 the configuration is recorded if
it beats the best one, and the level is raised to 1.02 A_min + 5; after ``PATIENCE`` = 4000
proposals without reaching the level, the search restarts from the best configuration with the level
halfway between the best A_min and the failed level. The start is n uniform random points
of the domain. Budget: ``moves`` proposals (the generators state theirs); the best configuration met is
returned with its A_min, recomputed from scratch.
"""
from __future__ import annotations

import itertools
import math
import random
from typing import Callable

import numpy as np

GRID = 10_000
TEMP_START, TEMP_END = 0.5, 0.02   # annealing temperature (relative to the level), geometric schedule
RAISE = 1.02          # the next level after a success: RAISE * A_min + 5
PATIENCE = 4000       # proposals without reaching the level before restarting from the best configuration

Point = tuple[int, int]


def _triples(n: int):
    tri = np.array(list(itertools.combinations(range(n), 3)), dtype=np.int64)
    through = [[] for _ in range(n)]
    for t, (a, b, c) in enumerate(tri.tolist()):
        through[a].append(t)
        through[b].append(t)
        through[c].append(t)
    through = np.array(through, dtype=np.int64)                       # n x C(n-1, 2)
    others = np.zeros((n, through.shape[1], 2), dtype=np.int64)       # the two other vertices
    for p in range(n):
        rows = tri[through[p]]
        others[p] = rows[rows != p].reshape(-1, 2)
    return tri, through, others


def double_areas(points: np.ndarray, tri: np.ndarray) -> np.ndarray:
    a, b, c = points[tri[:, 0]], points[tri[:, 1]], points[tri[:, 2]]
    return np.abs((b[:, 0] - a[:, 0]) * (c[:, 1] - a[:, 1]) - (b[:, 1] - a[:, 1]) * (c[:, 0] - a[:, 0]))


def search(n: int, inside: Callable[[int, int], bool], sample: Callable[[random.Random], Point], seed: int,
           moves: int) -> tuple[int, list[list[int]]]:
    """(A_min, points) of the best configuration met in ``moves`` proposals (points as [x, y] lists)."""
    rng = random.Random(seed)
    tri, through, others = _triples(n)
    pts = np.array([sample(rng) for _ in range(n)], dtype=np.int64)
    areas = double_areas(pts, tri)
    best, best_pts = int(areas.min()), pts.copy()
    level = int(max(best, 1) * 1.05) + 10
    hinge = np.maximum(0, level - areas)
    penalty = int(hinge.sum())
    radius = 2000.0
    since = 0                                   # proposals since the level was last reached
    cool = (TEMP_END / TEMP_START) ** (1.0 / max(1, moves))
    temp = TEMP_START
    for _ in range(moves):
        temp *= cool
        since += 1
        if penalty == 0 or since > PATIENCE:
            if penalty == 0:
                current = int(areas.min())
                if current > best:
                    best, best_pts = current, pts.copy()
                level = int(current * RAISE) + 5
            else:                               # stuck: back to the best configuration, half the step
                pts = best_pts.copy()
                areas = double_areas(pts, tri)
                level = best + max(1, (level - best) // 2)
            since = 0
            hinge = np.maximum(0, level - areas)
            penalty = int(hinge.sum())
            continue
        below = np.nonzero(areas < level)[0]
        t = int(below[rng.randrange(len(below))])
        p = int(tri[t, rng.randrange(3)])
        r = max(1, int(radius))
        qx, qy = int(pts[p, 0]) + rng.randint(-r, r), int(pts[p, 1]) + rng.randint(-r, r)
        if not inside(qx, qy):
            continue
        o = others[p]
        a, b = pts[o[:, 0]], pts[o[:, 1]]
        new = np.abs((a[:, 0] - qx) * (b[:, 1] - qy) - (a[:, 1] - qy) * (b[:, 0] - qx))
        rows = through[p]
        new_hinge = np.maximum(0, level - new)
        delta = int(new_hinge.sum()) - int(hinge[rows].sum())
        if delta <= 0 or rng.random() < math.exp(-delta / (temp * level)):
            pts[p] = (qx, qy)
            areas[rows] = new
            hinge[rows] = new_hinge
            penalty += delta
            radius = min(3000.0, radius * 1.02)
        else:
            radius = max(3.0, radius * 0.995)
    current = int(areas.min())
    if current > best:
        best, best_pts = current, pts.copy()
    final = int(double_areas(best_pts, tri).min())
    if final != best:
        raise RuntimeError("heilbronn search: incremental areas drifted from the recomputed ones")
    return best, [[int(x), int(y)] for x, y in best_pts.tolist()]


def square_inside(x: int, y: int) -> bool:
    return 0 <= x <= GRID and 0 <= y <= GRID


def square_sample(rng: random.Random) -> Point:
    return rng.randint(0, GRID), rng.randint(0, GRID)


def triangle_domain(triangle) -> tuple[Callable[[int, int], bool], Callable[[random.Random], Point]]:
    """Exact membership (edge signs of integer cross products) and rejection sampling in the bounding box."""
    (ax, ay), (bx, by), (cx, cy) = triangle

    def inside(x: int, y: int) -> bool:
        d1 = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
        d2 = (cx - bx) * (y - by) - (cy - by) * (x - bx)
        d3 = (ax - cx) * (y - cy) - (ay - cy) * (x - cx)
        return (d1 >= 0 and d2 >= 0 and d3 >= 0) or (d1 <= 0 and d2 <= 0 and d3 <= 0)

    lo_x, hi_x = min(ax, bx, cx), max(ax, bx, cx)
    lo_y, hi_y = min(ay, by, cy), max(ay, by, cy)

    def sample(rng: random.Random) -> Point:
        while True:
            x, y = rng.randint(lo_x, hi_x), rng.randint(lo_y, hi_y)
            if inside(x, y):
                return x, y

    return inside, sample
