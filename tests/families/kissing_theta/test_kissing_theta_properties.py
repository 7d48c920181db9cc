"""Property, mutation, oracle and bound tests of the ``kissing_theta`` family.

(a) Generated small sets with random cos100: primary, second (both paths), the definition in Python
    integers and the z3 oracle agree; mutations of the bundled codes keep or break validity as the
    definition says; signed permutations keep the verdict.
(b) The cap-packing bound: the primary's arb enclosure and the second's rational enclosure of 1/mu
    overlap and give the same floor; SPEC.bound reproduces every recorded bound; the exactly
    integral cases are decided exactly; the instances where upstream's Simpson value differs from the
    rigorous floor are listed (none in the suites; the full-range list is a slow test).
"""
from __future__ import annotations

import math
import random
from math import gcd

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from endless_exam import fixtures
from endless_exam.certificates.verdict import Status
from endless_exam.checker.suites import instances as suites
from endless_exam.checker.families import _spherical as prim_sph
from endless_exam.checker.families import kissing_theta as prim_mod
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import _spherical as sec_sph
from endless_exam.crosscheck.families import kissing_theta as sec_mod
from endless_exam.crosscheck.families import load as _load_second
from endless_exam.crosscheck.oracle import kissing_theta as oracle_mod
from tests.common import proplib
from tests.families.kissing.test_kissing_vectors import pair_violates

ORACLE_VECTORS = 6
primary = _load_primary("kissing_theta")
second = _load_second("kissing_theta")


def pq(cos100: int) -> tuple[int, int]:
    g = gcd(cos100, 100)
    return cos100 // g, 100 // g


def brute(vecs, cos100):
    if len({tuple(v) for v in vecs}) != len(vecs):
        return "DUPLICATE"
    p, q = pq(cos100)
    for i in range(len(vecs)):
        for j in range(i + 1, len(vecs)):
            if pair_violates(vecs[i], vecs[j], p, q):
                return "PROPERTY_VIOLATION"
    return None


@st.composite
def sets(draw):
    d = draw(st.integers(2, 5))
    cos100 = draw(st.sampled_from([0, 10, 21, 24, 36, 39, 50, 62, 75, 90, 99]))
    rnd = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    n = draw(st.integers(1, 12))
    vecs = []
    while len(vecs) < n:
        v = [rnd.randint(-4, 4) for _ in range(d)]
        if any(v):
            vecs.append(v)
    return d, cos100, vecs


@settings(max_examples=40, deadline=None)
@given(sets())
def test_generated_sets_agree(case):
    d, cos100, vecs = case
    params = {"d": d, "cos100": cos100}
    p, _ = proplib.both(primary, second, params, vecs)
    want = brute(vecs, cos100)
    assert p.reason == want
    if want != "DUPLICATE":
        a, b = pq(cos100)
        rows = tuple(tuple(v) for v in vecs)
        assert (prim_sph.find_violation_integer(rows, d, a, b) is not None) == (want is not None)
        assert (sec_sph.scan_integer(rows, d, a, b, force_direct=True) is not None) == (want is not None)
        if len(vecs) <= ORACLE_VECTORS:
            status, _ = oracle_mod.decide(vecs, d, cos100)
            assert status == ("sat" if want else "unsat")


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(sets())
def test_generated_sets_agree_campaign(case):
    test_generated_sets_agree.hypothesis.inner_test(case)


CODES = {name: fixtures.read_json("constructions", "kissing_theta", name) for name, _ in fixtures.list_json("constructions", "kissing_theta")}


@pytest.mark.parametrize("name", sorted(CODES))
def test_reference_construction(name):
    proplib.assert_reference_construction("kissing_theta", primary, second, CODES[name])


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(CODES)), st.data())
def test_mutations_of_the_codes(name, data):
    doc = CODES[name]
    params, vecs = doc["params"], [list(v) for v in doc["answer"]]
    kind = data.draw(st.sampled_from(["perturb", "duplicate", "symmetry"]))
    if kind == "perturb":
        t = data.draw(st.integers(0, len(vecs) - 1))
        c = data.draw(st.integers(0, params["d"] - 1))
        vecs[t][c] += data.draw(st.sampled_from([-1, 1]))
        assume(any(vecs[t]))
        p, _ = proplib.both(primary, second, params, vecs)
        assert p.reason == brute(vecs, params["cos100"])
    elif kind == "duplicate":
        vecs.append(list(vecs[data.draw(st.integers(0, len(vecs) - 1))]))
        p, _ = proplib.both(primary, second, params, vecs)
        assert p.reason == "DUPLICATE"
    else:
        d = params["d"]
        perm = data.draw(st.permutations(range(d)))
        signs = data.draw(st.lists(st.sampled_from([1, -1]), min_size=d, max_size=d))
        image = [[signs[c] * v[perm[c]] for c in range(d)] for v in vecs]
        p, _ = proplib.both(primary, second, params, image)
        assert p.status is Status.ACCEPT and p.objective == doc["objective"]


def test_baselines_are_reached():
    for inst in suites.all_instances():
        if inst.family != "kissing_theta":
            continue
        best = max((doc["objective"] for doc in CODES.values() if doc["params"] == inst.params), default=0)
        assert best >= inst.reference, inst.call_id


def test_crosscheck_never_imports_checker_and_z3_is_lazy():
    proplib.assert_crosscheck_is_independent(
        "kissing_theta",
        "from endless_exam.crosscheck.oracle.kissing_theta import decide",
        "assert decide([[1, 0], [1, 1]], 2, 70) == ('sat', (0, 1))",
        "assert decide([[1, 0], [1, 1]], 2, 71) == ('unsat', None)")


def test_oracle_limits_and_planted_violation():
    code = [list(v) for v in CODES["d12_c24.json"]["answer"]][:20]
    assert oracle_mod.decide(code, 12, 24) == ("unsat", None)
    planted = code + [[x + (1 if c == 0 else 0) for c, x in enumerate(code[3])]]
    status, pair = oracle_mod.decide(planted, 12, 24)
    assert status == "sat" and 20 in pair
    with pytest.raises(ValueError):
        oracle_mod.decide([[1, 0]], 2, 100)
    with pytest.raises(ValueError):
        oracle_mod.decide([[1, 0]] * 41, 2, 50)


def test_oracle_at_the_widest_values_neither_overflows_nor_loses_signs():
    """The bit-vector widths (narrow for coordinate products and sums, wide for the final products) hold
    the largest values: pairs of d = 16 vectors with coordinates of magnitude 1000 on both sides of the
    bound cos = 21/100 (and negated), and random sign-mixed pairs, decided as the plain-integer definition."""
    edge = [1000] + [0] * 15
    below = [210, 977, 37, 1, 1] + [0] * 11      # cosine just below 0.21
    above = [211, 977, 37, 1, 1] + [0] * 11      # just above
    assert not pair_violates(edge, below, 21, 100) and pair_violates(edge, above, 21, 100)
    assert oracle_mod.decide([edge, below], 16, 21) == ("unsat", None)
    assert oracle_mod.decide([edge, above], 16, 21) == ("sat", (0, 1))
    assert oracle_mod.decide([[-x for x in edge], [-x for x in above]], 16, 21) == ("sat", (0, 1))
    rng = random.Random(16)
    for _ in range(12):
        d, cos100 = rng.randint(1, 4), rng.choice([0, 21, 50, 99])
        vecs = [[rng.choice([-1000, 1000, rng.randint(-1000, 1000)]) for _ in range(d)] for _ in range(3)]
        truth = any(pair_violates(vecs[a], vecs[b], cos100 // gcd(cos100, 100), 100 // gcd(cos100, 100))
                    for a in range(3) for b in range(a + 1, 3))
        assert oracle_mod.decide(vecs, d, cos100)[0] == ("sat" if truth else "unsat"), (vecs, cos100)


# ---- (b) the cap-packing bound -----------------------------------------------------------------------

def upstream_simpson_floor(d: int, cos100: int, panels: int = 20_000) -> int:
    """Our re-statement of upstream's float evaluation: composite Simpson's rule with 20,000 panels for
    both integrals, then floor(1/mu) in floating point."""
    theta = math.acos(cos100 / 100)
    n = d - 2

    def simpson(a: float, b: float) -> float:
        x = np.linspace(a, b, panels + 1)
        w = np.ones(panels + 1)
        w[1:-1:2], w[2:-1:2] = 4, 2
        return (b - a) / panels / 3 * float(np.dot(w, np.sin(x) ** n))
    return math.floor(simpson(0, math.pi) / simpson(0, theta / 2))


SUITE_THETA = [i for i in suites.all_instances() if i.family == "kissing_theta"]
# Every (d, cos100) in 2..16 x 0..99 where upstream's Simpson floor differs from the rigorous floor
# (computed once with both enclosures; tests/families/kissing_theta/test_kissing_theta_properties.py::test_simpson_differences_full_range).
SIMPSON_DIFFERS = [(2, 50, 6, 5), (3, 28, 10, 9), (3, 62, 20, 19), (13, 99, 566193986728152, 566193986728148),
                   (14, 99, 8320647968982683, 8320647968982620), (15, 97, 55512969557890, 55512969557889),
                   (15, 98, 950591780535315, 950591780535308), (15, 99, 121944009967056095, 121944009967055136),
                   (16, 95, 10115179954177, 10115179954176), (16, 97, 468587200879153, 468587200879149),
                   (16, 98, 9827516521979409, 9827516521979322), (16, 99, 1782925811163803716, 1782925811163787008)]


def test_suite_instances_where_simpson_differs_from_the_rigorous_floor():
    """The list of suite instances where upstream's value differs: empty. We use the rigorous floor."""
    differs = [(i.call_id, prim_mod.cap_bound(i.params["d"], i.params["cos100"]),
                upstream_simpson_floor(i.params["d"], i.params["cos100"])) for i in SUITE_THETA
               if prim_mod.cap_bound(i.params["d"], i.params["cos100"]) != upstream_simpson_floor(i.params["d"], i.params["cos100"])]
    assert differs == []
    assert len(SUITE_THETA) == 5 + 3 + 3       # bench-v1, a1, a2
    for d, c, rigorous, simpson in SIMPSON_DIFFERS[:3]:
        assert prim_mod.cap_bound(d, c) == sec_mod.cap_bound(d, c) == rigorous
        # these three are exact integer ties (1/mu = 6, 10, 20): the float floor lands on the tie or one
        # below, depending on the summation order of np.dot on the machine (SIMD width), so only that
        # band is machine-independent; the rigorous floor is the same everywhere
        assert upstream_simpson_floor(d, c) in (simpson, rigorous)


@pytest.mark.parametrize("inst", SUITE_THETA, ids=lambda i: i.call_id)
def test_bound_matches_suite_and_enclosures_overlap(inst):
    d, c = inst.params["d"], inst.params["cos100"]
    assert primary.SPEC.bound(inst.params) == (inst.bound, "bound")
    assert sec_mod.cap_bound(d, c) == inst.bound
    ball = prim_mod.cap_inverse(d, c, 128)
    box = sec_mod.cap_inverse_box(d, c, 128)
    from flint import arb, fmpq
    assert ball.overlaps(arb(fmpq(box.lo.numerator, box.lo.denominator)).union(arb(fmpq(box.hi.numerator, box.hi.denominator))))
    assert math.floor(box.lo) == math.floor(box.hi) == inst.bound


GRID = [(d, c) for d in (2, 3, 4, 5, 8, 13, 16) for c in (0, 21, 28, 50, 62, 99)]


@pytest.mark.parametrize("d,c", GRID)
def test_primary_and_second_bounds_agree_on_a_grid(d, c):
    assert prim_mod.cap_bound(d, c) == sec_mod.cap_bound(d, c)


def test_exactly_integral_cases():
    assert [prim_mod.cap_bound(2, 0), prim_mod.cap_bound(2, 50), prim_mod.cap_bound(3, 28), prim_mod.cap_bound(3, 62)] == [4, 6, 10, 20]
    assert [sec_mod.cap_bound(2, 0), sec_mod.cap_bound(2, 50), sec_mod.cap_bound(3, 28), sec_mod.cap_bound(3, 62)] == [4, 6, 10, 20]
    # d = 3: mu = (1 - cos(theta/2)) / 2 with cos(theta/2) = sqrt((1 + c)/2) = 4/5 for c = 0.28: 1/mu = 10
    for bad in ((1, 50), (17, 50), (4, 100), (4, -1), (True, 50)):
        with pytest.raises(ValueError):
            prim_mod.cap_bound(*bad)
        with pytest.raises(ValueError):
            sec_mod.cap_bound(*bad)


@pytest.mark.slow
def test_simpson_differences_full_range():
    found = []
    for d in range(2, 17):
        for c in range(100):
            rigorous = prim_mod.cap_bound(d, c)
            assert sec_mod.cap_bound(d, c) == rigorous, (d, c)
            simpson = upstream_simpson_floor(d, c)
            if simpson != rigorous:
                found.append((d, c, rigorous, simpson))
    ties = {(d, c) for d, c, _, _ in SIMPSON_DIFFERS[:3]}   # machine-dependent, see above
    assert [f for f in found if f[:2] not in ties] == SIMPSON_DIFFERS[3:]
