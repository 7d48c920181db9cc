"""Property, mutation and formal-oracle tests of ``heilbronn`` (helpers shared with ``heilbronn_shape``).

(a) On generated small point sets (3..12 points, on a small or the full grid, collinear triples and
    duplicates frequent) the primary, the second, a brute-force statement of the definition in this
    file and the z3 oracle (minimum by ``Optimize``, duplicates, points outside T by a separating line)
    agree on the verdict, the reason and the exact objective; every witness is confirmed by the other
    verifier.
(b) Mutations of the bundled constructions: dropping a point (on an instance with n - 1) keeps validity
    and cannot lower the objective; duplicating a point is a DUPLICATE; perturbing one coordinate gives
    both verifiers' agreement with the brute force (and, in T, PROPERTY_VIOLATION when the point leaves
    T); swapping two points, reflections and rotations of the square (and the affine images that map the
    square to itself) keep the objective.
(c) The z3 oracles: planted duplicates and points outside T are found; the minimum equals the brute
    force; limits are enforced; ``unknown`` is reported.
(d) Parameters: n = 3..3500, T strict and non-degenerate; every bench instance has a construction
    reaching its reference.
"""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from endless_exam import fixtures
from endless_exam.certificates.errors import ParamsError
from endless_exam.certificates.params import validate
from endless_exam.certificates.schemas import heilbronn as sq_schema
from endless_exam.certificates.verdict import Status
from endless_exam.checker.suites import instances as suites
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import load as _load_second
from endless_exam.crosscheck.oracle import heilbronn as sq_oracle
from tests.common import proplib

PRIMARY = {f: _load_primary(f) for f in ("heilbronn", "heilbronn_shape")}
SECOND = {f: _load_second(f) for f in ("heilbronn", "heilbronn_shape")}
GRID = 10_000
CONSTRUCTIONS = {f: dict(fixtures.list_json("constructions", f)) for f in ("heilbronn", "heilbronn_shape")}
BENCH_T = [i.params["T"] for i in suites.load("bench-v1") if i.family == "heilbronn_shape"]


def cross(a, b, c) -> int:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def in_t(p, t) -> bool:
    """Closed triangle membership as the sign of three sub-areas summing to the area of T."""
    s = [cross(t[0], t[1], p), cross(t[1], t[2], p), cross(t[2], t[0], p)]
    return all(v >= 0 for v in s) or all(v <= 0 for v in s)


def truth(family: str, params: dict, pts: list) -> tuple[str | None, Fraction | None]:
    """(reason, objective) by brute force."""
    if len({tuple(p) for p in pts}) != len(pts):
        return "DUPLICATE", None
    if family == "heilbronn_shape" and not all(in_t(p, params["T"]) for p in pts):
        return "PROPERTY_VIOLATION", None
    m = min(abs(cross(a, b, c)) for a, b, c in itertools.combinations(pts, 3))
    den = 2 * GRID * GRID if family == "heilbronn" else abs(cross(*params["T"]))
    return None, Fraction(m, den)


def both(family: str, params: dict, pts: list):
    return proplib.both(PRIMARY[family], SECOND[family], params, [list(p) for p in pts])


def assert_matches_truth(family: str, params: dict, pts: list) -> None:
    p, _ = both(family, params, pts)
    reason, objective = truth(family, params, pts)
    if reason is None:
        assert p.status is Status.ACCEPT and p.objective == objective, (p, objective)
    else:
        assert p.status is Status.REJECT and p.reason == reason, (p, reason)


@st.composite
def point_sets(draw, min_n=3, max_n=12):
    n = draw(st.integers(min_n, max_n))
    rng = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    span = draw(st.sampled_from([4, 8, 30, GRID]))          # small grids: many collinear triples and duplicates
    pts = [[rng.randint(0, span), rng.randint(0, span)] for _ in range(n)]
    return pts


@st.composite
def triangles(draw):
    if draw(st.booleans()):
        return [list(v) for v in draw(st.sampled_from(BENCH_T))]
    rng = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    while True:
        t = [[rng.randint(0, GRID), rng.randint(0, GRID)] for _ in range(3)]
        if cross(*t) != 0:
            return t


def points_in(t, n, rng, extra_out=0):
    """n grid points, most of them inside T (rejection sampling), ``extra_out`` of them anywhere."""
    xs, ys = [v[0] for v in t], [v[1] for v in t]
    out = []
    while len(out) < n - extra_out:
        p = [rng.randint(min(xs), max(xs)), rng.randint(min(ys), max(ys))]
        if in_t(p, t):
            out.append(p)
    out += [[rng.randint(0, GRID), rng.randint(0, GRID)] for _ in range(extra_out)]
    rng.shuffle(out)
    return out


# ---- (a) generated sets against brute force and the oracle --------------------------------------------

@settings(max_examples=60, deadline=None)
@given(point_sets())
def test_square_agrees_with_definition_and_oracle(pts):
    params = {"n": len(pts)}
    assert_matches_truth("heilbronn", params, pts)
    parsed = sq_schema.parse([list(p) for p in pts], params)
    reason, objective = truth("heilbronn", params, pts)
    status, witness = sq_oracle.oracle(parsed)
    assert status == ("sat" if reason == "DUPLICATE" else "unsat")
    if witness is not None:
        assert SECOND["heilbronn"].witness_holds(params, [list(p) for p in pts], witness)[0]
        assert PRIMARY["heilbronn"].witness_holds(params, [list(p) for p in pts], witness)[0]
    if reason is None and len(pts) <= 7:      # z3's Optimize is slow beyond a few points (see heilbronn_shape)
        assert sq_oracle.objective(parsed) == objective


# ---- (b) mutations of the constructions ---------------------------------------------------------------

def docs(family: str) -> list[tuple[str, dict]]:
    return sorted(CONSTRUCTIONS[family].items())


@pytest.mark.parametrize("name,doc", docs("heilbronn"), ids=[n for n, _ in docs("heilbronn")])
def test_reference_construction_and_mutations(name, doc):
    check_construction_and_mutations("heilbronn", name, doc)


def check_construction_and_mutations(family: str, name: str, doc: dict) -> None:
    params = proplib.assert_reference_construction(family, PRIMARY[family], SECOND[family], doc)
    pts = doc["answer"]
    objective = Fraction(doc["objective"])
    rng = random.Random(name)
    # drop a point: valid for n - 1, objective cannot decrease
    i = rng.randrange(len(pts))
    fewer = pts[:i] + pts[i + 1:]
    p, _ = both(family, {**params, "n": len(fewer)}, fewer)
    assert p.status is Status.ACCEPT and p.objective >= objective
    # duplicate a point in place of another one
    dup = list(pts)
    j = (i + 1 + rng.randrange(len(pts) - 1)) % len(pts)
    dup[j] = pts[i]
    p, _ = both(family, params, dup)
    assert p.reason == "DUPLICATE"
    # swap two points: same objective
    swapped = list(pts)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    assert both(family, params, swapped)[0].objective == objective
    # perturb one coordinate: whatever happens, both verifiers match the brute force
    for _ in range(3):
        k, c = rng.randrange(len(pts)), rng.randrange(2)
        moved = [list(q) for q in pts]
        moved[k][c] = min(GRID, max(0, moved[k][c] + rng.choice([-1, 1, -50, 50, -3000, 3000])))
        assert_matches_truth(family, params, moved)
    if family == "heilbronn":
        # the symmetries of the square keep the objective
        for image in ([[GRID - x, y] for x, y in pts], [[y, x] for x, y in pts], [[y, GRID - x] for x, y in pts],
                      [[GRID - x, GRID - y] for x, y in pts]):
            assert both(family, params, image)[0].objective == objective


def test_every_bench_instance_has_a_construction_reaching_its_reference():
    check_references_reached("heilbronn")


def check_references_reached(family: str) -> None:
    for inst in suites.load("bench-v1"):
        if inst.family != family:
            continue
        best = max((Fraction(d["objective"]) for d in CONSTRUCTIONS[inst.family].values()
                    if d["params"] == inst.params), default=None)
        assert best is not None and best >= inst.reference, inst.call_id


# ---- exact boundaries ---------------------------------------------------------------------------------

def test_boundary_and_collinear_facts():
    assert both("heilbronn", {"n": 3}, [[0, 0], [1, 0], [0, 1]])[0].objective == Fraction(1, 2 * GRID * GRID)
    assert both("heilbronn", {"n": 3}, [[0, 0], [1, 1], [2, 2]])[0].objective == 0


@pytest.mark.parametrize("n, prime, scale", [(400, 401, 24), pytest.param(3500, 3511, 2, marks=pytest.mark.slow)])
def test_large_instances_full_scan_agree(n, prime, scale):
    pts = [[scale * x, scale * (x * x % prime)] for x in range(n)]      # no three collinear
    p, s = both("heilbronn", {"n": n}, pts)
    assert p.status is Status.ACCEPT and p.objective > 0


def erdos_mod(n: int, prime: int, scale: int) -> list[list[int]]:
    return [[scale * x, scale * (x * x % prime)] for x in range(n)]


def test_at_the_top_of_the_domain_cheap_defects():
    """n = 3,500 (the largest allowed): a duplicate last is found before any triple; three collinear points
    first end both scans at once (valid, objective 0)."""
    pts = erdos_mod(3500, 3511, 2)
    p, _ = both("heilbronn", {"n": 3500}, pts[:-1] + [pts[0]])
    assert p.status is Status.REJECT and p.reason == "DUPLICATE" and p.witness["indices"] == [0, 3499]
    line = [pts[0], pts[1], [4, 4]] + pts[3:]
    p, _ = both("heilbronn", {"n": 3500}, line)
    assert p.status is Status.ACCEPT and p.objective == 0


@pytest.mark.parametrize("seed", range(6))
def test_brute_force_and_sweep_agree_on_larger_sets(seed):
    """The primary's brute force, the second's collinearity test and rotating sweep, and the definition on
    sets of 40..90 points: a parabola mod a small prime (many parallel chords, no collinear triple), the
    same with one planted collinear point, and random points on a coarse or the full grid."""
    from endless_exam.checker.families import _planar as primary_planar
    from endless_exam.crosscheck.families import _planar as second_planar
    rng = random.Random(seed)
    prime = [41, 53, 61, 67, 79, 89][seed]
    sets = [erdos_mod(prime, prime, 10_000 // prime)]
    planted = [list(p) for p in sets[0]]
    planted[-1] = [2 * planted[1][0] - planted[0][0], 2 * planted[1][1] - planted[0][1]]   # on the line p0 p1
    assert planted[-1] not in planted[:-1]
    sets.append(planted)
    for span in (60, GRID):
        pts = {(rng.randint(0, span), rng.randint(0, span)) for _ in range(rng.randint(40, 90))}
        sets.append([list(p) for p in pts])
    for pts in sets:
        if len({tuple(p) for p in pts}) != len(pts):
            continue
        tup = tuple(tuple(p) for p in pts)
        want = min(abs(cross(a, b, c)) for a, b, c in itertools.combinations(tup, 3))
        for planar in (primary_planar, second_planar):
            m, (i, j, k) = planar.min_double_area(tup)
            assert m == want and i < j < k and abs(cross(tup[i], tup[j], tup[k])) == m, planar.__name__


# ---- (c) oracles ---------------------------------------------------------------------------------------

def test_oracle_planted_violations():
    rng = random.Random(11)
    for _ in range(8):
        n = rng.randint(3, sq_oracle.MAX_POINTS)
        pts = [(rng.randint(0, GRID), rng.randint(0, GRID)) for _ in range(n)]
        if len(set(pts)) != n:
            continue
        assert sq_oracle.decide(pts) == ("unsat", None)
        i, j = sorted(rng.sample(range(n), 2))
        planted = list(pts)
        planted[j] = pts[i]
        status, hit = sq_oracle.decide(planted)
        assert status == "sat" and planted[hit[0]] == planted[hit[1]]
    assert sq_oracle.smallest([(0, 0), (10000, 0), (0, 10000), (10000, 10000)])[1][0] == 10 ** 8


def test_oracle_limits_and_unknown(monkeypatch):
    with pytest.raises(ValueError):
        sq_oracle.decide([(0, t) for t in range(sq_oracle.MAX_POINTS + 1)])
    with pytest.raises(ValueError):
        sq_oracle.smallest([(0, 0), (1, 1)])
    with pytest.raises(ValueError):
        sq_oracle.decide([(0, 0.5)])
    assert sq_oracle.fits(sq_schema.parse([[0, t] for t in range(12)], {"n": 12}))
    assert not sq_oracle.fits(sq_schema.parse([[0, t] for t in range(13)], {"n": 13}))
    import z3

    monkeypatch.setattr(z3.Solver, "check", lambda self, *a: z3.unknown)
    monkeypatch.setattr(z3.Optimize, "check", lambda self, *a: z3.unknown)
    assert sq_oracle.decide([(0, 0), (0, 0)]) == ("unknown", None)
    assert sq_oracle.smallest([(0, 0), (1, 0), (0, 1)]) == ("unknown", None)


def test_crosscheck_never_imports_checker_and_z3_is_lazy():
    check_crosscheck_independent("heilbronn")


def check_crosscheck_independent(family: str) -> None:
    proplib.assert_crosscheck_is_independent(
        family,
        f"from endless_exam.crosscheck.oracle.{family} import decide",
        "from endless_exam.crosscheck.families import load",
        f"v = load({family!r}).check({{'n': 3, 'T': [[0, 0], [10, 0], [0, 10]]}} if {family!r} == 'heilbronn_shape' "
        "else {'n': 3}, [[0, 0], [1, 0], [0, 1]])",
        "assert v.valid",
        "bad = [m for m in ('flint', 'gmpy2', 'galois') if m in sys.modules]",
        "assert not bad, bad")


# ---- (d) parameters ------------------------------------------------------------------------------------

@pytest.mark.parametrize("params", [{"n": 2}, {"n": 3501}, {"n": True}, {"n": 4.0}, {}, {"n": 4, "T": [[0, 0]]}, None])
def test_bad_square_params(params):
    with pytest.raises(ParamsError):
        validate("heilbronn", params)


def test_params_at_the_bounds_and_bound_formula():
    assert validate("heilbronn", {"n": 3}) == {"n": 3}
    assert validate("heilbronn", {"n": 3500}) == {"n": 3500}
    assert PRIMARY["heilbronn"].SPEC.bound({"n": 46}) == (Fraction(1, 44), "trivial")
