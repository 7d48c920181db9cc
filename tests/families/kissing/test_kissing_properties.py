"""Property, mutation and formal-oracle tests of the ``kissing`` family (and the shared orbit form).

(a) Generated small integer sets and Z[sqrt 3] sets: the primary, the second (threshold and direct
    paths), a brute-force statement of the definition in Python integers and the z3 oracle agree.
(b) Mutations of valid configurations (D3 roots, E8, BW16 and Lambda13 samples): dropping keeps
    validity, duplicating is DUPLICATE, perturbing one coordinate agrees with the definition, signed
    coordinate permutations and list permutations keep verdict and objective.
(c) The orbit form: the count computed before expansion equals the expanded (and brute-force) union.
(d) Signs in Z[sqrt 3]: both verifiers' vectorised sign routines on Pell numbers x^2 - 3 y^2 = +-1 up
    to 2^54, where float64 evaluation of x + y sqrt 3 is wrong; the float64 traps of the vector file
    (pairs whose 60-degree verdict every natural float64 evaluation gets wrong) re-checked.
(e) The z3 oracle: planted violations found, valid sets unsat, limits enforced, unknown reported.
(f) Every bundled construction is accepted by both verifiers; a sqrt 3 configuration rounded to
    integers is rejected.
"""
from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from endless_exam import fixtures
from endless_exam.certificates.errors import AnswerError
from endless_exam.certificates.forms import orbit
from endless_exam.certificates.schemas import kissing as schema
from endless_exam.certificates.verdict import Status
from endless_exam.checker.families import _spherical as prim_sph
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import _spherical as sec_sph
from endless_exam.crosscheck.families import load as _load_second
from endless_exam.crosscheck.oracle import _spherical as oracle_sph
from endless_exam.crosscheck.oracle import kissing as oracle_mod
from tests.common import proplib
from tests.families.kissing.test_kissing_vectors import pair_violates

primary = _load_primary("kissing")
second = _load_second("kissing")
ORACLE_VECTORS = 12


def construction(name: str):
    return fixtures.read_json("constructions", "kissing", name)["answer"]


D3 = [list(v) for v in orbit.expand([(1, 1, 0)], True, True)]
E8 = construction("d8.json")


def brute(vectors, surds=None):
    """DUPLICATE / PROPERTY_VIOLATION / None by the definition over all pairs."""
    items = [tuple(v) for v in vectors] if surds is None else [tuple(zip(a, b)) for a, b in zip(vectors, surds)]
    if len(set(items)) != len(items):
        return "DUPLICATE"
    js = [list(v) for v in vectors] if surds is None else [[list(c) for c in zip(a, b)] for a, b in zip(vectors, surds)]
    if any(pair_violates(js[i], js[j], 1, 2) for i, j in itertools.combinations(range(len(js)), 2)):
        return "PROPERTY_VIOLATION"
    return None


def both(params, answer):
    return proplib.both(primary, second, params, answer)


def expect(params, answer, vectors, surds=None):
    p, _ = both(params, answer)
    want = brute(vectors, surds)
    assert p.reason == want, (p.message, want)
    if want is None:
        assert p.status is Status.ACCEPT and p.objective == len(vectors)
    return p


# ---- (a) generated sets -------------------------------------------------------------------------------

@st.composite
def integer_sets(draw, max_d=4, max_n=12, spread=3):
    d = draw(st.integers(1, max_d))
    n = draw(st.integers(1, max_n))
    rnd = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    vecs = []
    while len(vecs) < n:
        v = [rnd.randint(-spread, spread) for _ in range(d)]
        if any(v):
            vecs.append(v)
    if draw(st.booleans()) and len(vecs) > 1:                 # duplicates sometimes
        vecs.append(list(vecs[rnd.randrange(len(vecs))]))
    return d, vecs


@settings(max_examples=80, deadline=None)
@given(integer_sets())
def test_integer_sets_agree_with_definition_and_oracle(case):
    d, vecs = case
    expect({"d": d}, vecs, vecs)
    rows = tuple(tuple(v) for v in vecs)
    if len(set(rows)) == len(rows):
        prim = prim_sph.find_violation_integer(rows, d, 1, 2)
        thr = sec_sph.scan_integer(rows, d, 1, 2)
        direct = sec_sph.scan_integer(rows, d, 1, 2, force_direct=True)
        truth = brute(vecs) == "PROPERTY_VIOLATION"
        for who, hit in (("primary", prim), ("second-threshold", thr), ("second-direct", direct)):
            assert (hit is not None) == truth, who
            if hit:
                assert pair_violates(vecs[hit[0]], vecs[hit[1]], 1, 2), who
        if len(vecs) <= ORACLE_VECTORS:
            status, pair = oracle_mod.decide(vecs, d)
            assert status == ("sat" if truth else "unsat")


@st.composite
def quadratic_sets(draw, max_d=3, max_n=8):
    d = draw(st.integers(1, max_d))
    n = draw(st.integers(1, max_n))
    rnd = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    a, b = [], []
    while len(a) < n:
        x = [rnd.randint(-3, 3) for _ in range(d)]
        y = [rnd.choice([0, 0, rnd.randint(-2, 2)]) for _ in range(d)]
        if any(x) or any(y):
            a.append(x)
            b.append(y)
    return d, a, b


@settings(max_examples=60, deadline=None)
@given(quadratic_sets())
def test_quadratic_sets_agree_with_definition_and_oracle(case):
    d, a, b = case
    answer = {"quadratic_vectors": {"radicand": 3, "vectors": [[[x, y] for x, y in zip(u, w)] for u, w in zip(a, b)]}}
    p = expect({"d": d, "representation": "quadratic"}, answer, a, b)
    if p.reason != "DUPLICATE":
        status, _ = oracle_sph.decide_quadratic(a, b, d, 1, 2)
        assert status == ("sat" if p.reason == "PROPERTY_VIOLATION" else "unsat")


# ---- (b) mutations -------------------------------------------------------------------------------------

BASES = {"d3": (3, D3), "e8": (8, E8)}


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(BASES)), st.data())
def test_dropping_keeps_validity_and_duplicating_is_duplicate(name, data):
    d, vecs = BASES[name]
    keep = data.draw(st.lists(st.integers(0, len(vecs) - 1), min_size=1, max_size=len(vecs), unique=True))
    sub = [vecs[t] for t in sorted(keep)]
    p, _ = both({"d": d}, sub)
    assert p.status is Status.ACCEPT and p.objective == len(sub)
    at = data.draw(st.integers(0, len(sub)))
    dup = sub[:at] + [sub[data.draw(st.integers(0, len(sub) - 1))]] + sub[at:]
    p, s = both({"d": d}, dup)
    assert p.reason == s.reason == "DUPLICATE"


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(BASES)), st.data())
def test_perturbing_one_coordinate_agrees_with_definition(name, data):
    d, vecs = BASES[name]
    vecs = [list(v) for v in vecs]
    t = data.draw(st.integers(0, len(vecs) - 1))
    c = data.draw(st.integers(0, d - 1))
    vecs[t][c] += data.draw(st.sampled_from([-2, -1, 1, 2]))
    assume(any(vecs[t]))
    expect({"d": d}, vecs, vecs)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(BASES)), st.data())
def test_signed_permutations_and_list_order_keep_verdict(name, data):
    d, vecs = BASES[name]
    if data.draw(st.booleans()):                              # also on an invalid set
        vecs = vecs + [[1] * d]
    perm = data.draw(st.permutations(range(d)))
    signs = data.draw(st.lists(st.sampled_from([1, -1]), min_size=d, max_size=d))
    image = [[signs[c] * v[perm[c]] for c in range(d)] for v in vecs]
    image = data.draw(st.permutations(image))
    before, _ = both({"d": d}, vecs)
    after, _ = both({"d": d}, list(image))
    assert (before.status, before.reason, before.objective) == (after.status, after.reason, after.objective)


def test_large_constructions_with_a_planted_pair_at_the_end():
    bw = construction("d16.json")
    for extra, reason in (([[2, 2] + [0] * 14], "DUPLICATE"), ([[3, 1, 1, 1] + [0] * 12], "PROPERTY_VIOLATION")):
        p, s = both({"d": 16}, bw + extra)
        assert p.reason == s.reason == reason
        assert len(bw) in p.witness["indices"] and len(bw) in s.witness["indices"]


# ---- (c) orbit counting --------------------------------------------------------------------------------

@settings(max_examples=80, deadline=None)
@given(st.integers(1, 5), st.lists(st.lists(st.integers(-2, 2), min_size=5, max_size=5), min_size=1, max_size=4),
       st.booleans(), st.booleans())
def test_orbit_count_before_expansion_is_exact(d, gens, signs, perms):
    gens = [tuple(g[:d]) for g in gens if any(g[:d])]
    assume(gens)
    total, reps = orbit.union_size(gens, signs, perms)
    expanded = orbit.expand(reps, signs, perms)
    brute_set = set()
    for g in gens:
        arrangements = set(itertools.permutations(g)) if perms else {g}
        for a in arrangements:
            for s in itertools.product((1, -1), repeat=d) if signs else [(1,) * d]:
                brute_set.add(tuple(x * y for x, y in zip(a, s)))
    assert total == len(expanded) == len(brute_set) and set(expanded) == brute_set
    assert list(expanded) == sorted(brute_set)


def test_orbit_limits_are_checked_before_expansion():
    with pytest.raises(AnswerError) as err:
        schema.parse({"orbit": [list(range(1, 17))]}, {"d": 16})
    assert err.value.reason == "EXPANSION_LIMIT"
    with pytest.raises(AnswerError) as err:
        schema.parse({"orbit": [[1, 1, 1, 1] + [0] * 12]}, {"d": 16})
    assert err.value.reason == "SIZE_LIMIT"
    assert orbit.orbit_size((1,) * 8 + (0,) * 8, True, True) == 12870 * 256
    assert orbit.orbit_size((1, 2, 2), False, True) == 3 and orbit.orbit_size((1, 0, -1), True, False) == 4


# ---- (d) signs in Z[sqrt 3] ----------------------------------------------------------------------------

def pell_pairs(limit: int):
    x, y = 2, 1                        # fundamental unit 2 + sqrt 3; x^2 - 3 y^2 = 1
    out = []
    while x < limit:
        out.append((x, y))
        x, y = 2 * x + 3 * y, x + 2 * y
    return out


def exact_sign(x: int, y: int) -> int:
    if y == 0 or (x > 0) == (y > 0) or x == 0:
        v = x if y == 0 else (y if x == 0 else x)
        return (v > 0) - (v < 0)
    m = x * x - 3 * y * y
    return (1 if x > 0 else -1) * ((m > 0) - (m < 0))


def test_vectorised_signs_on_pell_numbers_beat_float64():
    xs, ys = [], []
    for x, y in pell_pairs(2 ** 54):
        for sx, sy in ((1, -1), (-1, 1), (1, 1)):
            xs.append(sx * x)
            ys.append(sy * y)
            xs.append(sx * (x + 1))
            ys.append(sy * y)
    # also 2 (x - 1) + ... : values where x^2 - 3y^2 = -2 (1 + sqrt 3)^k
    x_arr, y_arr = np.array(xs, dtype=np.int64), np.array(ys, dtype=np.int64)
    want = np.array([exact_sign(x, y) for x, y in zip(xs, ys)])
    assert (prim_sph._sign_big(x_arr, y_arr) == want).all()
    assert (sec_sph._sign_big(x_arr, y_arr) == want).all()
    floats = np.sign(x_arr.astype(np.float64) + y_arr.astype(np.float64) * math.sqrt(3))
    assert (floats != want).any(), "the test set should contain signs that float64 gets wrong"
    small = [(x, y) for x, y in zip(xs, ys) if abs(x) < 2 ** 30]
    sx, sy = np.array([a for a, _ in small]), np.array([b for _, b in small])
    sw = np.array([exact_sign(a, b) for a, b in small])
    assert (prim_sph._sign_small(sx, sy) == sw).all() and (sec_sph._sign_small(sx, sy) == sw).all()


# tcId -> exact V = 4 g^2 - |u|^2 |v|^2 of the pair, as (m, n) meaning m + n sqrt 3: +(2 - sqrt 3)^22, -(2 - sqrt 3)^24
FLOAT64_TRAPS = {100: (1913445293767, -1104728155436), 101: (-26650854921601, 15386878263120)}


def _surd_sign(m: int, n: int) -> int:
    """sign(m + n sqrt 3) for integers: the term of larger absolute value (m^2 against 3 n^2) decides."""
    if m * m == 3 * n * n:                  # only m = n = 0 (sqrt 3 is irrational)
        return 0
    big = m if m * m > 3 * n * n else n
    return 1 if big > 0 else -1


def _float64_violation_verdicts(u, v) -> dict[str, bool]:
    """'Is this pair closer than 60 degrees?' as the natural float64 computations answer it: coordinates
    a + b*sqrt(3) in float64, dot products in four summation orders, two forms of the comparison."""
    s3 = math.sqrt(3)
    fu, fv = [a + b * s3 for a, b in u], [a + b * s3 for a, b in v]
    nu = np.array([a for a, _ in u], dtype=np.float64) + np.array([b for _, b in u], dtype=np.float64) * np.sqrt(3)
    nv = np.array([a for a, _ in v], dtype=np.float64) + np.array([b for _, b in v], dtype=np.float64) * np.sqrt(3)
    assert nu.tolist() == fu and nv.tolist() == fv
    sums = {"np.dot": lambda x, y: float(np.dot(np.array(x), np.array(y))),
            "np.sum": lambda x, y: float(np.sum(np.array(x) * np.array(y))),
            "python": lambda x, y: sum(s * t for s, t in zip(x, y)),
            "fsum": lambda x, y: math.fsum(s * t for s, t in zip(x, y))}
    out = {}
    for name, dot in sums.items():
        g, nn_u, nn_v = dot(fu, fv), dot(fu, fu), dot(fv, fv)
        out[f"{name}: 4g^2 - |u|^2|v|^2 > 0"] = g > 0 and 4 * g * g - nn_u * nn_v > 0
        out[f"{name}: g / sqrt(|u|^2|v|^2) > 0.5"] = g / math.sqrt(nn_u * nn_v) > 0.5
        out[f"{name}: g / (|u| |v|) > 0.5"] = g / (math.sqrt(nn_u) * math.sqrt(nn_v)) > 0.5
    out["np.linalg.norm cosine > 0.5"] = float(np.dot(nu, nv) / (np.linalg.norm(nu) * np.linalg.norm(nv))) > 0.5
    return out


@pytest.mark.parametrize("tc_id", sorted(FLOAT64_TRAPS))
def test_float64_traps_of_the_vector_file(tc_id):
    """The pair is decided one way by the definition in integers and by both verifiers, and the other way by
    every float64 evaluation above: it fails if the vector stops being a trap."""
    vec = next(t for t in fixtures.read_json("vectors", "kissing.json")["tests"] if t["tcId"] == tc_id)
    assert "SignOracle" in vec["flags"]
    params = {**fixtures.read_json("vectors", "kissing.json")["params"], **vec["params"]}
    u, v = vec["answer"]["quadratic_vectors"]["vectors"]

    def mul(x, y):
        return (x[0] * y[0] + 3 * x[1] * y[1], x[0] * y[1] + x[1] * y[0])

    def dot(x, y):
        terms = [mul(s, t) for s, t in zip(x, y)]
        return (sum(t[0] for t in terms), sum(t[1] for t in terms))
    g, nn = dot(u, v), mul(dot(u, u), dot(v, v))
    g2 = mul(g, g)
    big_v = (4 * g2[0] - nn[0], 4 * g2[1] - nn[1])
    assert big_v == FLOAT64_TRAPS[tc_id]
    assert abs(big_v[0] ** 2 - 3 * big_v[1] ** 2) == 1                    # a unit: +-(2 - sqrt 3)^k
    violation = _surd_sign(*g) > 0 and _surd_sign(*big_v) > 0
    assert violation == (vec["result"] == "invalid") == pair_violates(u, v, 1, 2)
    p, _ = both(params, vec["answer"])
    assert (p.reason == "PROPERTY_VIOLATION") == violation and (p.status is Status.ACCEPT) == (not violation)
    floats = _float64_violation_verdicts(u, v)
    assert all(verdict != violation for verdict in floats.values()), floats


@settings(max_examples=200, deadline=None)
@given(st.integers(-(2 ** 55) + 1, 2 ** 55 - 1), st.integers(-(2 ** 55) + 1, 2 ** 55 - 1))
def test_vectorised_signs_random(x, y):
    want = exact_sign(x, y)
    arr_x, arr_y = np.array([x], dtype=np.int64), np.array([y], dtype=np.int64)
    assert int(prim_sph._sign_big(arr_x, arr_y)[0]) == want
    assert int(sec_sph._sign_big(arr_x, arr_y)[0]) == want


# ---- (e) the z3 oracle ---------------------------------------------------------------------------------

@settings(max_examples=15, deadline=None)
@given(st.data())
def test_oracle_planted_violation(data):
    base = [v for v in D3]
    keep = sorted(data.draw(st.lists(st.integers(0, 11), min_size=3, max_size=8, unique=True)))
    sub = [base[t] for t in keep]
    assert oracle_mod.decide(sub, 3) == ("unsat", None)
    src = data.draw(st.integers(0, len(sub) - 1))
    planted = [2 * x + (1 if c == 0 else 0) for c, x in enumerate(sub[src])]     # close to sub[src]
    at = data.draw(st.integers(0, len(sub)))
    vecs = sub[:at] + [planted] + sub[at:]
    status, pair = oracle_mod.decide(vecs, 3)
    assert status == "sat" and at in pair and pair_violates(vecs[pair[0]], vecs[pair[1]], 1, 2)


def test_oracle_small_facts_and_limits(monkeypatch):
    assert oracle_mod.decide([[1, 0]], 2) == ("unsat", None)
    assert oracle_mod.decide([[1, 1, 0], [1, 0, 1]], 3) == ("unsat", None)            # exactly 60 degrees
    assert oracle_mod.decide([[1, 0, 0], [1, -1, -1]], 3) == ("sat", (0, 1))           # 4g^2 - NN = 1
    assert oracle_mod.decide([[3, 4], [3, 4]], 2) == ("sat", (0, 1))                   # duplicates: cosine 1
    hexagon_a = [[2, 0], [1, 0], [-1, 0], [-2, 0], [-1, 0], [1, 0]]
    hexagon_b = [[0, 0], [0, 1], [0, 1], [0, 0], [0, -1], [0, -1]]
    assert oracle_mod.decide(hexagon_a, 2, hexagon_b) == ("unsat", None)
    assert oracle_mod.decide(hexagon_a + [[1, 2]], 2, hexagon_b + [[0, 0]])[0] == "sat"
    assert oracle_mod.decide([[1, 0], [362, 0]], 2, [[0, 0], [-209, 0]]) == ("sat", (0, 1))
    assert oracle_mod.decide([[1, 0], [-362, 0]], 2, [[0, 0], [209, 0]]) == ("unsat", None)
    with pytest.raises(ValueError):
        oracle_mod.decide([[1, 0]] * 41, 2)
    with pytest.raises(ValueError):
        oracle_mod.decide([[1] * 17], 17)
    with pytest.raises(ValueError):
        oracle_mod.decide([[1, 0]] * 25, 2, [[0, 0]] * 25)
    with pytest.raises(ValueError):
        oracle_mod.decide([[1, True]], 2)
    import z3
    monkeypatch.setattr(z3.Solver, "check", lambda self, *a: z3.unknown)
    assert oracle_mod.decide([[1, 0], [1, 1]], 2) == ("unknown", None)


def test_oracle_entry_point_gives_a_confirmed_witness():
    params = {"d": 3}
    parsed = schema.parse([[1, 0, 0], [0, 1, 0], [1, 1, 0]], params)
    assert oracle_mod.fits(parsed)
    status, w = oracle_mod.oracle(parsed)
    assert status == "sat"
    for verifier in (primary, second):
        assert verifier.witness_holds(params, [[1, 0, 0], [0, 1, 0], [1, 1, 0]], w)[0]


def test_crosscheck_never_imports_checker_and_z3_is_lazy():
    proplib.assert_crosscheck_is_independent(
        "kissing",
        "from endless_exam.crosscheck.oracle.kissing import decide",
        "assert decide([[1, 0], [1, 1]], 2) == ('sat', (0, 1))")


# ---- (f) constructions -----------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(n for n, _ in fixtures.list_json("constructions", "kissing")))
def test_reference_construction(name):
    doc = fixtures.read_json("constructions", "kissing", name)
    proplib.assert_reference_construction("kissing", primary, second, doc)


def _hexagons_13():
    """A2^6 + A1 in Q(sqrt 3): six hexagons (2,0), (1, sqrt 3), ... in coordinate pairs, and +-e_13."""
    hexagon = [((2, 0), (0, 0)), ((1, 0), (0, 1)), ((-1, 0), (0, 1)), ((-2, 0), (0, 0)), ((-1, 0), (0, -1)), ((1, 0), (0, -1))]
    vectors = []
    for block in range(6):
        for x, y in hexagon:
            v = [[0, 0] for _ in range(13)]
            v[2 * block], v[2 * block + 1] = [x[0], x[1]], [y[0], y[1]]
            vectors.append(v)
    for s in (1, -1):
        v = [[0, 0] for _ in range(13)]
        v[12] = [s, 0]
        vectors.append(v)
    return vectors


def test_rounded_sqrt3_configuration_is_rejected():
    """A genuine Q(sqrt 3) configuration is valid; rounding its coordinates to integers is not.
    (The 1154-vector published configuration itself is not bundled: the project has no copy of its coordinates.)"""
    params = {"d": 13, "representation": "quadratic"}
    vectors = _hexagons_13()
    p, _ = both(params, {"quadratic_vectors": {"radicand": 3, "vectors": vectors}})
    assert p.status is Status.ACCEPT and p.objective == 38
    for rounding in (math.floor, round, math.ceil):
        rounded = [[int(rounding(a + b * math.sqrt(3))) for a, b in v] for v in vectors]
        if len({tuple(v) for v in rounded}) != len(rounded) or any(not any(v) for v in rounded):
            continue
        p, _ = both(params, rounded)
        assert p.status is Status.REJECT and p.reason in ("PROPERTY_VIOLATION", "DUPLICATE"), rounding


@pytest.mark.slow
@settings(max_examples=600, deadline=None)
@given(integer_sets(max_d=6, max_n=24))
def test_integer_sets_campaign(case):
    test_integer_sets_agree_with_definition_and_oracle.hypothesis.inner_test(case)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(quadratic_sets(max_d=4, max_n=12))
def test_quadratic_sets_campaign(case):
    test_quadratic_sets_agree_with_definition_and_oracle.hypothesis.inner_test(case)
