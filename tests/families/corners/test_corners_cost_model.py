"""Issue 31: the corners verifiers work within the cost model the schema admits with.

* ``schema.role_lookups`` (the lookup bound's cost) equals its definition, and the second's walk in
  each role counts at most that role's cost; its chosen role is the cheapest (beyond 60,000 points).
* Each role, forced, decides every small set as the definition does (REJECT where there is a corner).
* The primary's pruned scan forms at most the pairs of its view (``pair_work``, the pair bound's cost),
  none for lines of points alone in their columns, and finds the same first corner as the unpruned scan.
* The product set {1000 i} x {0..459} (issue 31) is admitted and decided with 211,600 lookups and no pair.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from endless_exam.certificates.schemas import corners as schema
from endless_exam.certificates.verdict import Status
from endless_exam.checker.families import _pairs
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import corners as second_mod
from endless_exam.crosscheck.families import load as _load_second
from tests.families.corners.test_corners_properties import brute_has_corner

primary = _load_primary("corners")
second = _load_second("corners")


def _definition(pts) -> tuple[int, int, int]:
    r = Counter(y for _, y in pts)
    c = Counter(x for x, _ in pts)
    a = Counter(x + y for x, y in pts)
    return (sum(min(r[y], c[x]) for x, y in pts), sum(min(r[y], a[x + y]) for x, y in pts),
            sum(min(c[x], a[x + y]) for x, y in pts))


@st.composite
def point_sets(draw):
    n = draw(st.integers(1, 14))
    cells = draw(st.lists(st.integers(0, n * n - 1), min_size=1, max_size=min(n * n, 60), unique=True))
    return [(c % n, c // n) for c in cells]


@settings(max_examples=150, deadline=None)
@given(point_sets())
def test_every_role_decides_as_the_definition_within_its_cost(pts):
    coords = tuple(v for p in pts for v in p)
    costs = schema.role_lookups(coords)
    assert costs == _definition(pts)
    has = brute_has_corner([list(p) for p in pts])
    for role, cost in zip(second_mod.ROLES, costs):
        hit = second_mod._sparse_first_corner(coords, role)
        assert second_mod.WALKED[0] <= cost
        assert (hit is not None) == has, role
        if hit is not None:
            i, j, k, d = hit
            (x, y), q, r = pts[i], pts[j], pts[k]
            assert d != 0 and q == (x + d, y) and r == (x, y + d), (role, hit)


def test_each_role_must_reject():
    """A corner with d < 0 and one with d > 0, found in every role; a corner-free set accepted in every role."""
    for pts in ([(5, 5), (3, 5), (5, 3)], [(0, 0), (4, 0), (0, 4), (9, 9)]):
        coords = tuple(v for p in pts for v in p)
        for role in second_mod.ROLES:
            assert second_mod._sparse_first_corner(coords, role) is not None, (pts, role)
    free = [(0, 0), (1, 0), (0, 2), (3, 3)]
    coords = tuple(v for p in free for v in p)
    assert not brute_has_corner([list(p) for p in free])
    assert all(second_mod._sparse_first_corner(coords, role) is None for role in second_mod.ROLES)


def _count_pairs(monkeypatch) -> list[int]:
    scanned = [0]
    chunks = _pairs.pair_chunks

    def counting(*args):
        for i, j in chunks(*args):
            scanned[0] += len(i)
            yield i, j

    monkeypatch.setattr(_pairs, "pair_chunks", counting)
    return scanned


def test_primary_scans_at_most_the_bounded_pairs(monkeypatch):
    """Random large-grid sets: the pruned scan forms at most pair_work pairs and agrees with the brute force."""
    scanned = _count_pairs(monkeypatch)
    rnd = random.Random(31)
    for _ in range(40):
        n = 3000
        pts = {(rnd.randrange(40) * rnd.choice([1, 7]), rnd.randrange(40)) for _ in range(rnd.randint(2, 120))}
        pts = sorted(pts)
        coords = tuple(v for p in pts for v in p)
        scanned[0] = 0
        v = primary.check({"n": n}, [list(p) for p in pts])
        assert scanned[0] <= schema.pair_work(coords)
        assert (v.reason == "PROPERTY_VIOLATION") == brute_has_corner([list(p) for p in pts])


def test_lines_of_lonely_points_cost_no_pair(monkeypatch):
    """Three disjoint lines of 2,000 points (a row, a column, an anti-diagonal: each view has about
    2 million same-line pairs) at n = 10^9: no point of the row has another point in its column, so the
    pruned scan forms no pair; a point added above a row point makes that row's pairs count again, and
    a planted corner is still found."""
    scanned = _count_pairs(monkeypatch)
    L, n = 2000, 10 ** 9
    row = [[x, 0] for x in range(1, L + 1)]
    col = [[0, y] for y in range(1, L + 1)]
    anti = [[x, 10 ** 8 - x] for x in range(10 ** 7, 10 ** 7 + L)]
    pts = row + col + anti
    assert primary.check({"n": n}, pts).status is Status.ACCEPT and scanned[0] == 0
    scanned[0] = 0
    corner = pts + [[1, 7]]                              # (1, 0), (8, 0), (1, 7): a corner with d = 7
    v = primary.check({"n": n}, corner)
    assert v.reason == "PROPERTY_VIOLATION" and v.witness["corner"] == [1, 0, 7] and scanned[0] > 0
    assert second.check({"n": n}, corner).reason == "PROPERTY_VIOLATION"


def test_the_product_set_is_decided_in_the_cheap_role():
    pts = [[1000 * i, j] for i in range(460) for j in range(460)]
    parsed = schema.parse(pts, {"n": 10 ** 6})
    assert min(parsed.lookups) == 460 ** 2 <= schema.MAX_LOOKUPS < parsed.lookups[0]
    assert second_mod.cheapest_role(parsed) == "right"
    assert second.check({"n": 10 ** 6}, pts).objective == 211_600
    assert second_mod.WALKED[0] <= min(parsed.lookups)
    bad = pts + [[459_001, 0]]
    p, s = primary.check({"n": 10 ** 6}, bad), second.check({"n": 10 ** 6}, bad)
    assert p.witness == s.witness == {"corner": [459_000, 0, 1], "indices": [211_140, 211_600, 211_141]}


@pytest.mark.parametrize("role", second_mod.ROLES)
def test_forced_roles_agree_on_a_large_grid(monkeypatch, role):
    """Through ``check`` (n > 2,000, beyond 60,000 points the role is chosen): every role gives the same
    verdict on a set with one corner planted late, and its witness holds for the primary."""
    monkeypatch.setattr(second_mod, "cheapest_role", lambda parsed: role)
    pts = [[3 * i, 5 * j] for i in range(260) for j in range(240)] + [[1, 2], [4, 2], [1, 5]]
    v = second.check({"n": 5000}, pts)
    assert v.reason == "PROPERTY_VIOLATION"
    assert primary.witness_holds({"n": 5000}, pts, v.witness)[0]
