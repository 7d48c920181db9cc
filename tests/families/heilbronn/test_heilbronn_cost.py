"""Issue 31: the admission bound of ``heilbronn`` / ``heilbronn_shape`` (n <= MAX_N = 3,500) and the work
of the one path each verifier takes, held together on work counts (never on seconds).

The primary's brute force (``checker/families/_planar.py``) computes int32 cross products in blocks;
the cells it touches are counted here by wrapping numpy's ``multiply`` (two products per cell) and
compared with the closed count ``primary_cells(n)``; at n = MAX_N that count must stay within the
7.1 * 10^9 triples the schema states plus the blocks' lower triangles (3 %). The second's sweep
(``crosscheck/families/_planar.py``) visits every pair once: the visited pairs are counted and must be
n(n - 1)/2, 6.1 * 10^6 at MAX_N. The worst admitted inputs (all triples scanned: no collinear triple)
are timed by ``tests/benchmarks/worst_heilbronn.py``.
"""
from __future__ import annotations

from math import comb

import numpy as np
import pytest

from endless_exam.certificates.schemas import _grid
from endless_exam.checker.families import _planar as primary_planar
from endless_exam.checker.families import load as load_primary
from endless_exam.crosscheck.families import _planar as second_planar
from endless_exam.crosscheck.families import load as load_second
from tests.benchmarks.bench_heilbronn import erdos

STATED_TRIPLES = 7.1e9        # the schema's statement of the primary's work at MAX_N (C(3500, 3) = 7.14e9)
STATED_PAIRS = 6.2e6          # the second's pairs at MAX_N


class _CountingNumpy:
    """numpy, except that ``multiply(..., out=a)`` adds ``a.size`` to ``cells``."""

    def __init__(self) -> None:
        self.cells = 0

    def __getattr__(self, name):
        return getattr(np, name)

    def multiply(self, *args, out=None, **kwargs):
        if out is not None:
            self.cells += out.size
        return np.multiply(*args, out=out, **kwargs)


def primary_cells(n: int, rows: int = primary_planar.ROWS) -> int:
    """The int32 cells of the primary's scan of n points with no collinear triple (its loop structure:
    for each first point i, blocks of ``rows`` rows j against every column k > the block's first row)."""
    total = 0
    for i in range(n - 2):
        m = n - 1 - i
        for j0 in range(0, m - 1, rows):
            total += min(rows, m - 1 - j0) * (m - 1 - j0)
    return total


@pytest.mark.parametrize("n", [3, 4, 65, 130, 200])
def test_primary_scans_exactly_the_counted_cells(monkeypatch, n):
    counter = _CountingNumpy()
    monkeypatch.setattr(primary_planar, "np", counter)
    pts = tuple(map(tuple, erdos(n, 211, 40) if n <= 211 else erdos(n)))
    best, _ = primary_planar.min_double_area(pts)
    assert best > 0                                    # no collinear triple: the scan does not stop early
    assert counter.cells == 2 * primary_cells(n)       # two products per cell


def test_primary_stops_at_the_first_zero(monkeypatch):
    """A collinear triple among the first points ends the scan: far fewer cells than the full count."""
    counter = _CountingNumpy()
    monkeypatch.setattr(primary_planar, "np", counter)
    pts = ((0, 0), (1, 1), (2, 2)) + tuple(map(tuple, erdos(197, 211, 40)))[3:]
    assert primary_planar.min_double_area(pts)[0] == 0
    assert counter.cells < 2 * primary_cells(len(pts)) / 10


def test_admission_bound_and_primary_work_agree():
    n = _grid.MAX_N
    assert comb(n, 3) <= STATED_TRIPLES * 1.01
    assert comb(n, 3) <= primary_cells(n) <= 1.03 * comb(n, 3)


def test_second_sweeps_every_pair_once(monkeypatch):
    seen = []
    original = second_planar._pairs_by_angle

    def counting(points):
        first, second = original(points)
        seen.append(len(first))
        return first, second
    monkeypatch.setattr(second_planar, "_pairs_by_angle", counting)
    n = 150
    best, _ = second_planar.min_double_area(tuple(map(tuple, erdos(n, 211, 40))))
    assert best > 0 and seen == [n * (n - 1) // 2]
    assert _grid.MAX_N * (_grid.MAX_N - 1) // 2 <= STATED_PAIRS


@pytest.mark.parametrize("key", ["heilbronn", "heilbronn_shape"])
def test_admitted_edge_and_one_past_it(key):
    """n = MAX_N is admitted by the parameters, MAX_N + 1 refused (a ParamsError, before any answer)."""
    from endless_exam.certificates.errors import ParamsError
    schema = load_primary(key).schema
    extra = {"T": [[0, 0], [10000, 0], [0, 10000]]} if key == "heilbronn_shape" else {}
    assert schema.validate_params({"n": _grid.MAX_N, **extra})["n"] == _grid.MAX_N
    with pytest.raises(ParamsError):
        schema.validate_params({"n": _grid.MAX_N + 1, **extra})


def test_both_verifiers_agree_on_a_scaled_down_worst_case():
    """The worst case's shape at n = 200 (no collinear triple), and the late collinear triple: the same
    verdicts and objectives from both verifiers (the full-size cases are in the benchmark)."""
    from tests.benchmarks.worst_heilbronn import late_collinear
    for pts in (erdos(200, 211, 40), late_collinear(erdos(200, 211, 40))):
        p = load_primary("heilbronn").check({"n": 200}, pts)
        s = load_second("heilbronn").check({"n": 200}, pts)
        assert p.status.value == s.status.value == "ACCEPT" and p.objective == s.objective
    assert p.objective == 0
