"""Issue 31: the admission bound of ``kissing`` / ``kissing_theta`` (at most MAX_VECTORS = 20,000 vectors,
d <= 16, after the orbit's expansion) and the work of the path each verifier takes, held together on work
counts (never on seconds).

Both verifiers scan the pair matrix in row blocks and stop at the first block holding a violating pair;
neither chooses a path by an estimate, so the work of an admitted input is the matrix cells of the
blocks up to that one. The cells are counted here by wrapping numpy's ``matmul`` (integer lists) and the
sign tests of the quadratic scans, and compared with the block count of the scans' loop structure: all
C(n, 2) pairs (plus the blocks' lower corners) on a valid input, the blocks up to the first violating row
on a rejection. At MAX_VECTORS the full scan is at most 2.01 * 10^8 cells (the largest admitted work;
timed by ``tests/benchmarks/worst_kissing_theta.py``). The second's one choice, the isqrt threshold
table (at most ``MAX_NORM_CLASSES`` distinct norms) or the direct int64 comparison, is held to its
class count: classes^2 isqrt calls exactly when the table is chosen, none otherwise.
"""
from __future__ import annotations

from math import comb

import numpy as np
import pytest

from endless_exam.certificates.schemas import _spherical as schema
from endless_exam.checker.families import _spherical as primary_sph
from endless_exam.checker.families import load as load_primary
from endless_exam.crosscheck.families import _spherical as second_sph
from endless_exam.crosscheck.families import load as load_second
from tests.benchmarks.worst_kissing import hamming_pm1, prefix_and_cluster, quadratic

FULL_SCAN_BUDGET = 2.01e8          # cells of the full scan at MAX_VECTORS (C(20000, 2) = 2.0e8 pairs)


class _Counting:
    """numpy, except that ``matmul`` adds the size of its result to ``cells``."""

    def __init__(self) -> None:
        self.cells = 0

    def __getattr__(self, name):
        return getattr(np, name)

    def matmul(self, *args, **kwargs):
        out = np.matmul(*args, **kwargs)
        self.cells += out.size
        return out


def block_cells(n: int, step: int, last_row: int | None = None) -> int:
    """Cells of the row blocks i0 = 0, step, 2 step, ... (rows i0..i1-1 against columns i0+1..n-1), up to
    and including the block that holds ``last_row`` (all blocks when None)."""
    total = 0
    for i0 in range(0, n - 1, step):
        i1 = min(n - 1, i0 + step)
        total += (i1 - i0) * (n - 1 - i0)
        if last_row is not None and i0 <= last_row < i1:
            break
    return total


def test_full_scan_at_the_admission_bound_is_the_stated_work():
    n = schema.MAX_VECTORS
    for step in (primary_sph._block_rows(n), second_sph._rows(n)):
        assert comb(n, 2) <= block_cells(n, step) <= FULL_SCAN_BUDGET
    assert schema.EXPANSION_LIMIT > schema.MAX_VECTORS      # the orbit form is refused above MAX_VECTORS too


def _small_blocks(monkeypatch) -> None:
    monkeypatch.setattr(primary_sph, "BLOCK_ENTRIES", 16 * 600)      # 16 rows per block at n = 600
    monkeypatch.setattr(second_sph, "PAIR_BLOCK", 8 * 600)           # 8 rows per block at n = 600


def _cells_of(monkeypatch, module, fn):
    counter = _Counting()
    monkeypatch.setattr(module, "np", counter)
    result = fn()
    monkeypatch.setattr(module, "np", np)
    return result, counter.cells


def test_valid_input_scans_every_pair_in_both(monkeypatch):
    _small_blocks(monkeypatch)
    vs = hamming_pm1()[:600]
    params = {"d": 16}
    p, cp = _cells_of(monkeypatch, primary_sph, lambda: load_primary("kissing").check(params, vs))
    s, cs = _cells_of(monkeypatch, second_sph, lambda: load_second("kissing").check(params, vs))
    assert p.status.value == s.status.value == "ACCEPT"
    assert cp == block_cells(600, primary_sph._block_rows(600))
    assert cs == block_cells(600, second_sph._rows(600))


@pytest.mark.parametrize("prefix", [0, 37, 300])
def test_rejection_stops_at_the_block_of_the_first_violating_row(monkeypatch, prefix):
    """The valid prefix then the cluster: the first violating row is ``prefix`` (the first cluster vector)."""
    _small_blocks(monkeypatch)
    base = prefix_and_cluster()
    cluster = base[len(hamming_pm1()) + 31:]
    vs = hamming_pm1()[:prefix] + cluster[:600 - prefix]
    params = {"d": 16}
    p, cp = _cells_of(monkeypatch, primary_sph, lambda: load_primary("kissing").check(params, vs))
    s, cs = _cells_of(monkeypatch, second_sph, lambda: load_second("kissing").check(params, vs))
    assert p.status.value == s.status.value == "REJECT" and p.reason == s.reason == "PROPERTY_VIOLATION"
    assert p.witness["indices"][0] == s.witness["indices"][0] == prefix
    assert cp == block_cells(600, primary_sph._block_rows(600), prefix)
    assert cs == block_cells(600, second_sph._rows(600), prefix)
    assert cp < block_cells(600, primary_sph._block_rows(600)) and cs < block_cells(600, second_sph._rows(600))


def test_quadratic_rejection_stops_at_the_block_of_the_first_violating_row(monkeypatch):
    _small_blocks(monkeypatch)
    prefix = 200
    cluster = prefix_and_cluster()[len(hamming_pm1()) + 31:]
    answer = quadratic(hamming_pm1()[:prefix] + cluster[:600 - prefix])
    params = {"d": 16, "representation": "quadratic"}
    seen = []
    sign = primary_sph._sign_small
    monkeypatch.setattr(primary_sph, "_sign_small", lambda x, y: (seen.append(x.size), sign(x, y))[1])
    p = load_primary("kissing").check(params, answer)
    s, cs = _cells_of(monkeypatch, second_sph, lambda: load_second("kissing").check(params, answer))
    assert p.status.value == s.status.value == "REJECT" and p.witness["indices"] == s.witness["indices"]
    assert sum(seen) == block_cells(600, primary_sph._block_rows(600), prefix)
    assert cs == 4 * block_cells(600, second_sph._rows(600), prefix)      # four integer products per block


class _CountingMath:
    def __init__(self) -> None:
        import math
        self.math, self.calls = math, 0

    def __getattr__(self, name):
        return getattr(self.math, name)

    def isqrt(self, x):
        self.calls += 1
        return self.math.isqrt(x)


@pytest.mark.parametrize("classes,table", [(50, True), (51, False)])
def test_second_threshold_table_follows_the_class_count(monkeypatch, classes, table):
    """With at most MAX_NORM_CLASSES distinct norms the table costs classes^2 isqrt; above it, none (the
    direct comparison). Same verdict either way."""
    monkeypatch.setattr(second_sph, "MAX_NORM_CLASSES", 50)
    counter = _CountingMath()
    monkeypatch.setattr(second_sph, "math", counter)
    # vectors (c, 1, 0, ..., 0), c = 1..classes: norms c^2 + 1, one class per c (near-parallel: REJECT)
    vs = [[c, 1] + [0] * 14 for c in range(1, classes + 1)]
    params = {"d": 16, "cos100": 99}
    s = load_second("kissing_theta").check(params, vs)
    p = load_primary("kissing_theta").check(params, vs)
    assert s.status.value == p.status.value == "REJECT" and s.witness["indices"] == p.witness["indices"]
    assert counter.calls == (classes * classes if table else 0)


def test_threshold_table_is_bounded():
    assert second_sph.MAX_NORM_CLASSES ** 2 <= 4.2e6       # the largest table: 2,048^2 exact isqrt


@pytest.mark.parametrize("n", [1, 7, 8, 511, 512, 1024, 19_456, 19_968, 20_000])
def test_second_transposed_rows_are_an_odd_number_of_cache_lines_apart(n):
    """The second's products read columns of ``_transposed(v)``: the same values as v.T, rows never a
    multiple of 4 KiB apart (where its integer matmul ran 2.5x slower at n = 19,968; the work count above
    is unchanged, only the memory layout)."""
    v = np.arange(n * 16, dtype=np.int64).reshape(n, 16) - 7 * n
    t = second_sph._transposed(v)
    assert t.shape == (16, n) and np.array_equal(t, v.T)
    assert t.strides[1] == 8 and (t.strides[0] // 64) % 2 == 1 and t.strides[0] % 64 == 0
