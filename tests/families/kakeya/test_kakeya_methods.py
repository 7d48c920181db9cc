"""The primary's two Kakeya methods and the choice between them (``checker.families.kakeya``).

The primary first tries, for every direction, the lines through a few spread base points of K
(``candidate_lines``, exact when it finds a line, undecided otherwise) and counts the points on every
line only for the directions left open. These tests force each path on generated sets where the
default would not take it, and check against brute force and the second verifier:
(a) ``candidate_lines`` never claims a direction without a line, and with every point of K as a base
    it decides every direction exactly;
(b) the first uncovered direction (the witness) is the same with the candidates on, off, and with
    1, 2, 8 or all points as candidates, and equals brute force and the second verifier's;
(c) the cost boundary of ``use_candidates`` (at q = 7, n = 3 it lies at |K| = 110 of 343 points):
    random sets and cut-down Kakeya sets on both sides, and a valid set above it;
(d) the inputs of issue 8 (all of F_13^4, F_11^4 minus a transversal of the last direction) and
    variants with the missing direction first or in the middle, against the second verifier, whose
    ``witness_holds`` confirms every rejection;
(e) the duplicate witness (numpy.sort first, stable argsort only to name it) against its definition.
"""
from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from endless_exam import fixtures
from endless_exam.certificates.verdict import Status
from endless_exam.checker.families import load as _load_primary
from endless_exam.checker.families._duplicates import first_duplicate
primary = _load_primary("kakeya")
from endless_exam.crosscheck.families import load as _load_second
second = _load_second("kakeya")
from tests.common import proplib
from tests.families.kakeya.test_kakeya_properties import brute_missing, directions, line, random_kakeya, small_sets, space


def lines_in(points, v, q) -> bool:
    members = set(map(tuple, points))
    return any(all(p in members for p in line(a, v, q)) for a in members)


def both(points, q: int, n: int):
    p, s = proplib.both(primary, second, {"q": q, "n": n}, [list(p) for p in points])
    assert p.witness == s.witness, (p.witness, s.witness)
    return p


def minus_transversal(q: int, n: int, v: tuple[int, ...]) -> list[tuple[int, ...]]:
    """F_q^n without one point of every line in direction v: exactly that direction has no line."""
    pivot = next(i for i, c in enumerate(v) if c)
    drop = set()
    for b in itertools.product(range(q), repeat=n - 1):
        base = b[:pivot] + (0,) + b[pivot:]
        t = sum(x * x for x in b) % q
        drop.add(tuple((c + t * vc) % q for c, vc in zip(base, v)))
    return [p for p in itertools.product(range(q), repeat=n) if p not in drop]


# ---- (a) candidate lines are exact when they decide ----------------------------------------------------------

@settings(max_examples=120, deadline=None)
@given(small_sets())
def test_candidate_lines_only_claim_real_lines(case):
    q, n, pts = case
    arr = np.array(pts, dtype=np.int64).reshape(len(pts), n)
    dirs, _ = primary.module.all_directions(q, n)
    found = primary.module.candidate_lines(arr, q, dirs)
    for v, hit in zip(dirs, found):
        if hit:
            assert lines_in(pts, tuple(int(c) for c in v), q)


@settings(max_examples=60, deadline=None)
@given(small_sets())
def test_candidate_lines_with_every_point_as_base_decide_every_direction(case):
    q, n, pts = case
    arr = np.array(pts, dtype=np.int64).reshape(len(pts), n)
    dirs, _ = primary.module.all_directions(q, n)
    old = primary.module.CANDIDATES
    primary.module.CANDIDATES = len(pts)
    try:
        found = primary.module.candidate_lines(arr, q, dirs)
    finally:
        primary.module.CANDIDATES = old
    assert [bool(h) for h in found] == [lines_in(pts, tuple(int(c) for c in v), q) for v in dirs]


def test_directions_are_in_lexicographic_order():
    for q, n in ((2, 4), (3, 3), (5, 2), (7, 1)):
        dirs, pivots = primary.module.all_directions(q, n)
        assert [tuple(int(c) for c in v) for v in dirs] == directions(q, n)
        assert [int(p) for p in pivots] == [next(i for i, c in enumerate(v) if c) for v in directions(q, n)]


# ---- (b) the same witness whatever the path ------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(small_sets(), st.sampled_from([1, 2, 8, 10 ** 6]))
def test_first_uncovered_is_the_same_on_every_path(case, count):
    q, n, pts = case
    truth = brute_missing(pts, q, n)
    old = primary.module.CANDIDATES
    primary.module.CANDIDATES = count
    try:
        for forced in (True, False, None):
            assert primary.module.first_uncovered(tuple(pts), q, n, candidates=forced) == truth
    finally:
        primary.module.CANDIDATES = old
    assert second.module.first_missing_direction(tuple(pts), q, n) == truth


@pytest.mark.parametrize("q, n", [(13, 3), (7, 4), (3, 6), (31, 2), (2, 9)])
def test_medium_sets_on_both_paths(q, n):
    rnd = random.Random(q * 100 + n)
    k = random_kakeya(q, n, rnd.randrange(10 ** 6))
    dirs = directions(q, n)
    victim = dirs[rnd.randrange(len(dirs))]
    members = set(k)
    for a in space(q, n):
        pts = line(a, victim, q)
        if all(p in members for p in pts):
            members.discard(pts[0])
    killed = sorted(members)
    rnd.shuffle(killed)
    truth_killed = brute_missing(killed, q, n)
    assert truth_killed is not None
    for forced in (True, False):
        assert primary.module.first_uncovered(tuple(k), q, n, candidates=forced) is None
        assert primary.module.first_uncovered(tuple(killed), q, n, candidates=forced) == truth_killed
    assert both(k, q, n).status is Status.ACCEPT
    v = both(killed, q, n)
    assert v.reason == "PROPERTY_VIOLATION" and v.witness == {"direction": list(truth_killed)}


# ---- (c) the boundary of the method choice --------------------------------------------------------------------

def test_use_candidates_boundary():
    # 8 * 7 * 3 * 4 = 672 <= 3 m + 343 iff m >= 109.67: the candidates are used from 110 points of F_7^3 on
    assert not primary.module.use_candidates(109, 7, 3)
    assert primary.module.use_candidates(110, 7, 3)
    assert not any(primary.module.use_candidates(m, q, 1) for q in (2, 3, 1_048_573) for m in (1, q))
    assert primary.module.use_candidates(13 ** 4, 13, 4) and primary.module.use_candidates(11 ** 4 - 11 ** 3, 11, 4)


def _near_boundary(seed: int, size: int) -> list[tuple[int, ...]]:
    """``size`` points of F_7^3: a random sample (odd seeds), or a random Kakeya set cut down to
    ``size`` points, keeping as many of its lines as possible (even seeds)."""
    q, n = 7, 3
    rnd = random.Random(seed)
    if seed % 2:
        return rnd.sample(space(q, n), size)
    pts: list[tuple[int, ...]] = []
    for v in directions(q, n):
        for p in line(tuple(rnd.randrange(q) for _ in range(n)), v, q):
            if p not in pts:
                pts.append(p)
    pts = pts[:size]
    rnd.shuffle(pts)
    return pts


@pytest.mark.parametrize("size", [109, 110])
@pytest.mark.parametrize("seed", range(6))
def test_both_sides_of_the_boundary_agree_with_brute_force(size, seed):
    q, n = 7, 3
    pts = _near_boundary(seed, size)
    assert len(pts) == size and primary.module.use_candidates(size, q, n) is (size >= 110)
    truth = brute_missing(pts, q, n)
    for forced in (None, True, False):
        assert primary.module.first_uncovered(tuple(pts), q, n, candidates=forced) == truth
    v = both(pts, q, n)
    assert v.status is (Status.ACCEPT if truth is None else Status.REJECT)


def test_a_valid_set_at_the_boundary_is_accepted_on_both_paths():
    # random cut-down sets near 110 points are rarely Kakeya sets: the valid side is a random Kakeya set
    # above the boundary, checked with and without the candidates and by the second verifier
    q, n = 7, 3
    k = random_kakeya(q, n, 11)
    assert len(k) >= 110 and primary.module.use_candidates(len(k), q, n)
    for forced in (None, True, False):
        assert primary.module.first_uncovered(tuple(k), q, n, candidates=forced) is None
    assert both(k, q, n).status is Status.ACCEPT


# ---- (d) the inputs of issue 8 --------------------------------------------------------------------------------

def test_all_of_f13_4_is_accepted_by_the_candidates_alone(monkeypatch):
    q, n = 13, 4
    pts = space(q, n)
    calls = []
    real = primary.module.covered
    monkeypatch.setattr(primary.module, "covered", lambda *a: calls.append(1) or real(*a))
    assert primary.module.first_uncovered(tuple(pts), q, n) is None
    assert calls == []                                   # no direction was left to the line count
    monkeypatch.undo()
    v = both(pts, q, n)
    assert v.status is Status.ACCEPT and v.objective == 13 ** 4


@pytest.mark.parametrize("q, n, v", [
    (11, 4, (1, 10, 10, 10)),          # the input: the last direction
    (11, 4, (0, 0, 0, 1)),             # the first direction
    (11, 4, (0, 1, 3, 7)),             # one in the middle
    (13, 3, (1, 4, 9)),
])
def test_minus_a_transversal_is_rejected_with_that_direction(q, n, v):
    pts = minus_transversal(q, n, v)
    assert primary.module.use_candidates(len(pts), q, n)
    for forced in (True, None):
        assert primary.module.first_uncovered(tuple(pts), q, n, candidates=forced) == v
    answer = [list(p) for p in pts]
    params = {"q": q, "n": n}
    p = primary.check(params, answer)
    assert p.status is Status.REJECT and p.reason == "PROPERTY_VIOLATION" and p.witness == {"direction": list(v)}
    assert second.witness_holds(params, answer, p.witness)[0]
    if v == (1, 10, 10, 10):
        s = second.check(params, answer)
        assert s.witness == p.witness


def test_bundled_constructions_on_both_paths():
    for _, doc in fixtures.list_json("constructions", "kakeya"):
        q, n = doc["params"]["q"], doc["params"]["n"]
        pts = tuple(tuple(p) for p in doc["answer"])
        for forced in (True, False):
            assert primary.module.first_uncovered(pts, q, n, candidates=forced) is None


# ---- (e) duplicates -----------------------------------------------------------------------------------------

@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 8), min_size=1, max_size=9))
def test_duplicate_witness_is_the_earliest_second_occurrence(codes):
    q, n = 3, 2
    pts = [(c // 3, c % 3) for c in codes]
    seen: dict = {}
    expect = None
    for j, p in enumerate(pts):
        if p in seen:
            expect = (seen[p], j)
            break
        seen[p] = j
    arr = np.array(pts, dtype=np.int64).reshape(len(pts), n)
    assert first_duplicate(arr @ primary.module._weights(q, n)) == expect
    v = primary.check({"q": q, "n": n}, [list(p) for p in pts])
    if expect is not None:
        assert v.reason == "DUPLICATE" and v.witness == {"point": list(pts[expect[0]]), "indices": list(expect)}


# ---- (f) the second verifier's walks from the first points -------------------------------------------------

from endless_exam.crosscheck.families import kakeya as second_mod  # noqa: E402


@settings(max_examples=120, deadline=None)
@given(small_sets())
def test_second_walks_only_claim_real_lines_and_with_every_start_decide_exactly(case):
    q, n, pts = case
    members = set(map(tuple, pts))
    for v in directions(q, n):
        truth = lines_in(pts, v, q)
        assert second_mod.walk_finds_line(members, tuple(pts[:second_mod.WALKS]), v, q) <= truth
        assert second_mod.walk_finds_line(members, tuple(map(tuple, pts)), v, q) == truth


@settings(max_examples=80, deadline=None)
@given(small_sets(), st.sampled_from([0, 1, 4, 10 ** 6]))
def test_second_first_missing_direction_with_any_number_of_walks(case, walks):
    q, n, pts = case
    truth = brute_missing(pts, q, n)
    old = second_mod.WALKS
    second_mod.WALKS = walks
    try:
        assert second_mod.first_missing_direction(tuple(map(tuple, pts)), q, n) == truth
    finally:
        second_mod.WALKS = old


def test_second_walks_decide_all_of_a_space_and_reject_a_transversal():
    """All of F_7^3: the walks alone decide every direction (ACCEPT); minus a transversal of (1, 6, 6):
    only that direction is left to the shifted ANDs, which reject it."""
    q, n = 7, 3
    full = list(itertools.product(range(q), repeat=n))
    assert all(second_mod.walk_finds_line(set(full), tuple(full[:4]), v, q) for v in directions(q, n))
    cut = minus_transversal(q, n, (1, 6, 6))
    assert second_mod.first_missing_direction(tuple(cut), q, n) == (1, 6, 6)
    assert both(cut, q, n).witness == {"direction": [1, 6, 6]}


@pytest.mark.parametrize("bad, reason", [([[0, 1], [1, True]], "FORMAT_TYPE"), ([[0, 1], [1, 7]], "RANGE"),
                                         ([[0, 1], [1]], "FORMAT_SHAPE"), ([[0, 1], (1, 2)], "FORMAT_TYPE"),
                                         ([[0, 1], [1, -1]], "RANGE"), ([[0, 1], [1, 2.0]], "FORMAT_TYPE")])
def test_fast_parse_path_falls_back_to_the_exact_fault(bad, reason):
    from endless_exam.certificates.errors import AnswerError
    from endless_exam.certificates.forms import intvectors
    from endless_exam.certificates.schemas import kakeya as schema

    assert not intvectors.well_formed(bad, 2, 0, 6)
    with pytest.raises(AnswerError) as err:
        schema.parse(bad, {"q": 7, "n": 2})
    assert err.value.reason == reason and "point 1" in err.value.message
    assert schema.parse([[0, 1], [1, 6]], {"q": 7, "n": 2}).points == ((0, 1), (1, 6))
