"""The primary's corner scan in growing chunks and its duplicate detection (``checker.families.corners``).

(a) ``_pairs.pair_chunks`` yields every same-group pair exactly once, in order, for any chunk sizes;
(b) the first corner found does not depend on FIRST_CHUNK / PAIR_CHUNK, on generated sets (brute force
    decides the verdict, the second verifier confirms the witness);
(c) the duplicate witness (numpy.sort first, stable argsort only to name it) against its definition;
(d) the inputs of issue 8 (n = 2000: a planted corner, 60,000 random points, a full row) and a valid
    set with a corner planted in its last row: both verifiers agree and confirm each other's witness;
    an early corner is found within the first chunk.
"""
from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from endless_exam.certificates.verdict import Status
from endless_exam.checker.families import _pairs
from endless_exam.checker.families import load as _load_primary
primary = _load_primary("corners")
from endless_exam.crosscheck.families import load as _load_second
second = _load_second("corners")
from tests.common import proplib
from tests.benchmarks import bench_corners as bench
from tests.families.corners.test_corners_properties import brute_has_corner


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 5), max_size=40).map(sorted), st.integers(1, 9), st.integers(1, 50))
def test_pair_chunks_yield_every_pair_once_in_order(groups, first, most):
    g = np.array(groups, dtype=np.int64)
    later = _pairs.later_in_group(g)
    got = [(int(i), int(j)) for ci, cj in _pairs.pair_chunks(later, first, most) for i, j in zip(ci, cj)]
    want = [(i, j) for i in range(len(groups)) for j in range(i + 1, len(groups)) if groups[i] == groups[j]]
    assert got == want and _pairs.pair_count(later) == len(want)


@st.composite
def point_sets(draw):
    n = draw(st.integers(1, 30))
    cells = draw(st.lists(st.integers(0, n * n - 1), min_size=1, max_size=min(n * n, 80), unique=True))
    return n, [[c % n, c // n] for c in cells]


@settings(max_examples=120, deadline=None)
@given(point_sets(), st.sampled_from([(1, 1), (1, 4), (3, 7), (4096, 1 << 20)]))
def test_first_corner_does_not_depend_on_the_chunks(case, chunks):
    n, pts = case
    tuples = tuple(tuple(p) for p in pts)
    ref = primary.module.find_corner(tuples, n)
    assert (ref is not None) == brute_has_corner(pts)
    old = primary.module.FIRST_CHUNK, primary.module.PAIR_CHUNK
    try:
        primary.module.FIRST_CHUNK, primary.module.PAIR_CHUNK = chunks
        assert primary.module.find_corner(tuples, n) == ref
        v = primary.check({"n": n}, pts)
    finally:
        primary.module.FIRST_CHUNK, primary.module.PAIR_CHUNK = old
    if ref is not None:
        assert v.reason == "PROPERTY_VIOLATION"
        assert second.witness_holds({"n": n}, pts, v.witness)[0]


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 6).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.integers(0, n * n - 1), min_size=1, max_size=12))))
def test_duplicate_witness_is_the_earliest_second_occurrence(case):
    n, cells = case
    pts = [[c % n, c // n] for c in cells]
    seen: dict = {}
    expect = None
    for j, c in enumerate(cells):
        if c in seen:
            expect = (seen[c], j)
            break
        seen[c] = j
    v = primary.check({"n": n}, pts)
    if expect is None:
        assert v.reason != "DUPLICATE"
    else:
        assert v.reason == "DUPLICATE" and v.witness == {"point": pts[expect[0]], "indices": list(expect)}


ISSUE = [("planted corner", bench.case_b), ("60,000 random points", bench.case_c), ("full row", bench.case_d)]


@pytest.mark.parametrize("name, make", ISSUE, ids=[c[0] for c in ISSUE])
def test_issue_inputs(name, make, monkeypatch):
    pts = make()
    params = {"n": bench.N}
    calls = []
    real = _pairs._pairs
    monkeypatch.setattr(_pairs, "_pairs", lambda *a: calls.append(1) or real(*a))
    p = primary.check(params, pts)
    assert p.status is Status.REJECT and p.reason == "PROPERTY_VIOLATION"
    assert len(calls) <= 2                          # found in the first chunks of pairs
    monkeypatch.undo()
    proplib.both(primary, second, params, pts)


def test_a_corner_in_the_last_row_is_found_after_a_full_scan():
    """A valid diff set (x - y in a translated 3-AP-free ternary set) plus the completion of a pair of
    its top row (the last row of the scan order), shuffled: rejected by both verifiers."""
    n = 300
    tern = [t for t in bench._ternary(6) if t < 2 * n]
    diffs = [t - 121 for t in tern if abs(t - 121) < n]
    pts = [[x, x - d] for d in diffs for x in range(n) if 0 <= x - d < n]
    assert not brute_has_corner(pts)
    have = {tuple(p) for p in pts}
    top = n - 1
    row = sorted(x for x, y in have if y == top)
    u, v = row[0], row[1]
    third = (v, top - (v - u))                      # the corner (v, top), (u, top), (v, top - (v - u))
    assert third not in have
    planted = pts + [list(third)]
    random.Random(5).shuffle(planted)
    assert brute_has_corner(planted)
    p, s = proplib.both(primary, second, {"n": n}, planted)
    assert p.reason == "PROPERTY_VIOLATION"


# ---- the padded grid of the primary, the packed bitsets of the second, the shared parse fast path ------------

def test_every_3_subset_of_the_4_by_4_grid_both_finders_against_brute_force():
    """Exhaustive on {0..3}^2 (corners with the third point on every border, d of either sign): both
    verifiers' finders name a real corner exactly when there is one (REJECT), nothing otherwise."""
    import itertools

    from endless_exam.checker.families import corners as primary_mod
    from endless_exam.crosscheck.families import corners as second_mod

    cells = [(x, y) for x in range(4) for y in range(4)]
    found = 0
    for subset in itertools.combinations(cells, 3):
        expect = brute_has_corner(list(subset))
        for finder in (primary_mod.find_corner, second_mod.find_corner):
            hit = finder(subset, 4)
            assert (hit is not None) == expect, (subset, finder.__module__)
            if hit is not None:
                i, j, k, d = hit
                (x, y), q, r = subset[i], subset[j], subset[k]
                assert d != 0 and q == (x + d, y) and r == (x, y + d)
        found += expect
    assert 0 < found < 560


def test_second_bitsets_are_the_rows_of_the_grid():
    from endless_exam.crosscheck.families import corners as second_mod

    grid = np.zeros((3, 11), dtype=np.bool_)
    grid[0, [0, 9, 10]] = True
    grid[2, 8] = True
    assert second_mod._bitsets(grid) == [1 | 1 << 9 | 1 << 10, 0, 1 << 8]


@pytest.mark.parametrize("bad, reason", [([[0, 1], [1, True]], "FORMAT_TYPE"), ([[0, 1], [1, 5]], "RANGE"),
                                         ([[0, 1], [1]], "FORMAT_SHAPE"), ([[0, 1], (1, 2)], "FORMAT_TYPE"),
                                         ([[0, 1], [-1, 0]], "RANGE"), ([[0, 1], [1, 2.0]], "FORMAT_TYPE")])
def test_corners_fast_parse_path_falls_back_to_the_exact_fault(bad, reason):
    from endless_exam.certificates.errors import AnswerError
    from endless_exam.certificates.schemas import corners as schema

    with pytest.raises(AnswerError) as err:
        schema.parse(bad, {"n": 5})
    assert err.value.reason == reason and "point 1" in err.value.message
    assert schema.parse([[0, 1], [4, 4]], {"n": 5}).points == ((0, 1), (4, 4))
