"""Property, mutation, formal-oracle and specification tests of the ``apfree_q`` family.

(a) On generated small sets of F_q^n (q in {3, 5, 7}, q^n <= 343) the primary (Fourier and pair
    methods), the second verifier (pure-Python and numpy scans), a brute-force reading of the
    definition (all ordered triples) and the z3 oracle agree on whether a progression exists; every
    witness is a real progression with its middle in the middle.
(b) Mutations of valid sets (bundled constructions, {0,1}^n, products, seeded greedy sets): dropping
    points keeps validity; duplicating a point is DUPLICATE; adding 2y - x is a PROPERTY_VIOLATION;
    perturbing one coordinate gives a verdict both verifiers and brute force agree on; affine
    bijections x -> A x + b (A invertible mod q) and list permutations keep verdict and objective.
(c) The z3 oracle: planted progressions are found, valid sets are unsat, limits are enforced, z3's
    ``unknown`` is reported, and the second verifier never imports the primary.
(d) The declarative spec: parameter schema, the Ellenberg-Gijswijt bound, prompt limits, bundled
    constructions accepted by both verifiers with their recorded objective.
Every DUPLICATE/PROPERTY_VIOLATION witness is re-checked by the OTHER verifier's ``witness_holds``.
"""
from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from endless_exam import fixtures
from endless_exam.certificates.schemas import apfree_q as schema
from endless_exam.certificates.errors import AnswerError, ParamsError
from endless_exam.certificates.verdict import Status
from endless_exam.checker.families import load as _load_primary
primary = _load_primary("apfree_q")
from endless_exam.checker.prompts import prompt, wording
from endless_exam.crosscheck.families import load as _load_second
second = _load_second("apfree_q")
from endless_exam.crosscheck.oracle import apfree_q as oracle_mod
from endless_exam.crosscheck.oracle.apfree_q import decide
from tests.common import proplib
from endless_exam.checker import families as primary_families
from endless_exam.crosscheck import families as second_families
from tests.common.definitions import ap_addable, ap_brute, ap_space, check_both, expect

DIGITS = "0123456789"
CONSTRUCTIONS = {(d["params"]["q"], d["params"]["n"]): d for _, d in fixtures.list_json("constructions", "apfree_q")}
SHAPES = [(3, 1), (3, 2), (3, 3), (3, 4), (3, 5), (5, 1), (5, 2), (5, 3), (7, 1), (7, 2), (7, 3)]


# ---- helpers -----------------------------------------------------------------------------------------

def is_progression(x: str, y: str, z: str, q: int) -> bool:
    return len({x, y, z}) == 3 and all((int(a) + int(c) - 2 * int(b)) % q == 0 for a, b, c in zip(x, y, z))


def end(x: str, y: str, q: int) -> str:
    """The z with x + z = 2y."""
    return "".join(str((2 * int(b) - int(a)) % q) for a, b in zip(x, y))


def brute_has_progression(points: list[str], q: int) -> bool:
    return any(is_progression(x, y, z, q) for x, y, z in itertools.permutations(points, 3))


def space(q: int, n: int) -> list[str]:
    return ["".join(t) for t in itertools.product(DIGITS[:q], repeat=n)]


def greedy(q: int, n: int, seed: int) -> list[str]:
    """Points of F_q^n in a seeded order, each kept unless it completes a progression with two kept ones."""
    order = space(q, n)
    random.Random(seed).shuffle(order)
    half = (q + 1) // 2
    kept: list[str] = []
    blocked: set[str] = set()
    for x in order:
        if x in blocked:
            continue
        for a in kept:
            blocked.add(end(a, x, q))
            blocked.add(end(x, a, q))
            blocked.add("".join(str(((int(s) + int(t)) * half) % q) for s, t in zip(a, x)))
        kept.append(x)
    return kept


def assert_witness(points, hit, q, who):
    assert hit is not None, who
    i, j, k = hit
    assert 0 <= i < k < len(points) and 0 <= j < len(points), (who, hit)
    assert is_progression(points[i], points[j], points[k], q), (who, hit)


def both(points: list[str], q: int, n: int):
    return proplib.both(primary, second, {"q": q, "n": n}, list(points))[0]


def affine(points: list[str], matrix, shift, q: int) -> list[str]:
    out = []
    for p in points:
        x = [int(c) for c in p]
        out.append("".join(str((sum(a * b for a, b in zip(row, x)) + t) % q) for row, t in zip(matrix, shift)))
    return out


# ---- strategies -----------------------------------------------------------------------------------------

@st.composite
def small_sets(draw, max_points: int = 30):
    q, n = draw(st.sampled_from(SHAPES))
    rnd = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    how = draw(st.sampled_from(["random", "subset", "subset_plus"]))
    full = space(q, n)
    if how == "random":
        pts = rnd.sample(full, rnd.randint(1, min(max_points, len(full))))
    else:
        base = greedy(q, n, rnd.randrange(10 ** 6))
        pts = rnd.sample(base, rnd.randint(1, min(max_points, len(base))))
        if how == "subset_plus":
            pts += [x for x in rnd.sample(full, rnd.randint(1, 3)) if x not in pts]
            rnd.shuffle(pts)
    return q, n, pts


@st.composite
def valid_sets(draw):
    kind = draw(st.sampled_from(["construction", "binary", "greedy", "product"]))
    if kind == "construction":
        (q, n), doc = draw(st.sampled_from(sorted(CONSTRUCTIONS.items())))
        assume(len(doc["answer"]) <= 200)
        return q, n, list(doc["answer"])
    if kind == "binary":
        q, n = draw(st.sampled_from([(3, 4), (5, 3), (7, 3), (5, 5), (7, 4)]))
        return q, n, space(2, n)
    if kind == "greedy":
        q, n = draw(st.sampled_from([(3, 3), (3, 4), (5, 2), (5, 3), (7, 2)]))
        return q, n, greedy(q, n, draw(st.integers(0, 10 ** 6)))
    q = draw(st.sampled_from([5, 7]))
    a, b = CONSTRUCTIONS[(q, 1)]["answer"], CONSTRUCTIONS[(q, 2)]["answer"]
    return q, 3, [x + y for x in a for y in b]


@st.composite
def affine_maps(draw, q: int, n: int):
    kind = draw(st.sampled_from(["permutation", "translation", "scaling", "linear", "affine"]))
    shift = [0] * n
    if kind in ("translation", "affine"):
        shift = draw(st.lists(st.integers(0, q - 1), min_size=n, max_size=n))
    if kind in ("linear", "affine"):
        matrix = draw(st.lists(st.lists(st.integers(0, q - 1), min_size=n, max_size=n), min_size=n, max_size=n))
        assume(proplib.det_mod(matrix, q) != 0)
    elif kind == "scaling":
        lam = draw(st.integers(1, q - 1))
        matrix = [[lam if r == c else 0 for c in range(n)] for r in range(n)]
    else:
        perm = draw(st.permutations(range(n))) if kind == "permutation" else list(range(n))
        matrix = [[1 if c == perm[r] else 0 for c in range(n)] for r in range(n)]
    return kind, matrix, shift


# ---- (a) agreement on generated sets -------------------------------------------------------------------

@settings(max_examples=60, deadline=None)   # 400 more in test_detection_agrees_long_campaign (slow)
@given(small_sets())
def test_detection_agrees(case):
    q, n, pts = case
    truth = brute_has_progression(pts, q)
    t = tuple(pts)
    results = {
        "primary-fourier": primary.module.find_progression(t, q, n, "fourier"),
        "primary-pairs": primary.module.find_progression(t, q, n, "pairs"),
        "primary-auto": primary.module.find_progression(t, q, n),
        "second-python": second.module.find_progression(t, q, n, force_python=True),
        "second-numpy": second.module._scan_numpy(t, q, n),
    }
    if len(pts) <= 40 and n <= oracle_mod.MAX_N:
        answer, hit = decide(t, q, n)
        assert answer == ("sat" if truth else "unsat")
        results["oracle"] = hit
    for who, hit in results.items():
        assert (hit is not None) == truth, (who, pts)
        if hit is not None:
            assert_witness(pts, hit, q, who)
    verdict = both(pts, q, n)
    assert verdict.status is (Status.REJECT if truth else Status.ACCEPT)


def test_paths_agree_on_medium_random_sets():
    """Seeded sets of 300..3000 points (the numpy paths, the Fourier count with many pairs)."""
    rnd = random.Random(11)
    for q, n, m in ((7, 4, 2000), (5, 5, 1600), (3, 7, 1000), (5, 4, 300), (7, 3, 300)):
        pts = tuple(rnd.sample(space(q, n), m))
        hits = [primary.module.find_progression(pts, q, n, "fourier"), primary.module.find_progression(pts, q, n, "pairs"),
                second.module._scan_numpy(pts, q, n)]
        for hit in hits:
            assert_witness(pts, hit, q, (q, n, m))
    # valid sets of that size: products of the bundled sets
    p73, one7 = CONSTRUCTIONS[(7, 3)]["answer"], CONSTRUCTIONS[(7, 1)]["answer"]
    pts = tuple(rnd.sample([a + b for a in p73 for b in space(2, 2)], 196))
    for method in ("fourier", "pairs"):
        assert primary.module.find_progression(pts, 7, 5, method) is None
    assert second.module._scan_numpy(pts, 7, 5) is None and second.module._scan_python(pts, 7, 5) is None
    big = tuple(a + b for a in p73 for b in one7)
    assert primary.module.find_progression(big, 7, 4, "fourier") is None


def test_fourier_counts_are_exact():
    """r(w) from the group-ring transform equals a direct count on a random set."""
    rnd = random.Random(5)
    for q, n in ((3, 3), (5, 2), (7, 2), (5, 3)):
        pts = rnd.sample(space(q, n), 20)
        keys = [int(p, q) for p in pts]
        import numpy as np

        r = primary.module.pair_counts_fourier(np.array(keys, dtype=np.int64), q, n)
        direct = [0] * q ** n
        for x in pts:
            for z in pts:
                w = "".join(str((int(a) + int(b)) % q) for a, b in zip(x, z))
                direct[int(w, q)] += 1
        assert r.tolist() == direct


def test_fourier_is_refused_out_of_range():
    with pytest.raises(ValueError):
        primary.module.find_progression(("0" * 8, "1" * 8), 7, 8, "fourier")
    with pytest.raises(ValueError):
        primary.module.find_progression(("000",), 5, 3, "magic")


# ---- (b) mutations ------------------------------------------------------------------------------------

def test_bundled_constructions_are_accepted_by_both():
    for (q, n), doc in sorted(CONSTRUCTIONS.items()):
        assert set(doc) == {"family", "params", "answer", "objective", "method", "generated_by"}
        v = both(doc["answer"], q, n)
        assert v.status is Status.ACCEPT and v.objective == doc["objective"] == len(doc["answer"]), (q, n)
    assert CONSTRUCTIONS[(7, 4)]["objective"] >= 103      # the construction baseline of bench-v1


@settings(max_examples=40, deadline=None)
@given(valid_sets())
def test_valid_sets_are_accepted(case):
    q, n, pts = case
    v = both(pts, q, n)
    assert v.status is Status.ACCEPT and v.objective == len(pts)


@settings(max_examples=40, deadline=None)
@given(valid_sets(), st.data())
def test_dropping_points_keeps_validity(case, data):
    q, n, pts = case
    assume(len(pts) >= 2)
    drop = set(data.draw(st.lists(st.integers(0, len(pts) - 1), min_size=1, max_size=len(pts) - 1, unique=True)))
    kept = [p for i, p in enumerate(pts) if i not in drop]
    v = both(kept, q, n)
    assert v.status is Status.ACCEPT and v.objective == len(pts) - len(drop)


@settings(max_examples=40, deadline=None)
@given(valid_sets(), st.data())
def test_duplicating_a_point_is_duplicate(case, data):
    q, n, pts = case
    i = data.draw(st.integers(0, len(pts) - 1))
    at = data.draw(st.integers(0, len(pts)))
    mutated = pts[:at] + [pts[i]] + pts[at:]
    v = both(mutated, q, n)
    assert v.reason == "DUPLICATE"
    a, b = v.witness["indices"]
    assert a < b and mutated[a] == mutated[b] == v.witness["point"]


@settings(max_examples=40, deadline=None)
@given(valid_sets(), st.data())
def test_adding_a_third_point_is_a_progression(case, data):
    q, n, pts = case
    assume(len(pts) >= 2)
    i, j = data.draw(st.lists(st.integers(0, len(pts) - 1), min_size=2, max_size=2, unique=True))
    z = end(pts[i], pts[j], q)
    at = data.draw(st.integers(0, len(pts)))
    mutated = pts[:at] + [z] + pts[at:]
    v = both(mutated, q, n)
    assert v.status is Status.REJECT and v.reason == "PROPERTY_VIOLATION"
    assert at in v.witness["indices"]        # the valid set has no progression without the new point


@settings(max_examples=60, deadline=None)
@given(valid_sets(), st.data())
def test_perturbing_one_coordinate(case, data):
    q, n, pts = case
    assume(len(pts) <= 60)
    i = data.draw(st.integers(0, len(pts) - 1))
    c = data.draw(st.integers(0, n - 1))
    digit = data.draw(st.sampled_from([d for d in DIGITS[:q] if d != pts[i][c]]))
    mutated = list(pts)
    mutated[i] = pts[i][:c] + digit + pts[i][c + 1:]
    v = both(mutated, q, n)
    if len(set(mutated)) < len(mutated):
        assert v.reason == "DUPLICATE"
    elif brute_has_progression(mutated, q):
        assert v.reason == "PROPERTY_VIOLATION"
    else:
        assert v.status is Status.ACCEPT and v.objective == len(pts)


@settings(max_examples=50, deadline=None)
@given(valid_sets(), st.data())
def test_affine_maps_and_list_order_keep_a_valid_verdict(case, data):
    q, n, pts = case
    kind, matrix, shift = data.draw(affine_maps(q, n))
    image = affine(pts, matrix, shift, q)
    image = data.draw(st.permutations(image))
    v = both(list(image), q, n)
    assert v.status is Status.ACCEPT and v.objective == len(pts), kind


@settings(max_examples=60, deadline=None)
@given(small_sets(max_points=25), st.data())
def test_affine_maps_keep_any_verdict(case, data):
    q, n, pts = case
    before = both(pts, q, n)
    kind, matrix, shift = data.draw(affine_maps(q, n))
    after = both(list(data.draw(st.permutations(affine(pts, matrix, shift, q)))), q, n)
    assert (before.status, before.reason, before.objective) == (after.status, after.reason, after.objective), kind


# ---- (c) the z3 oracle -----------------------------------------------------------------------------------

@settings(max_examples=30, deadline=None)
@given(valid_sets(), st.data())
def test_oracle_planted_violation(case, data):
    q, n, pts = case
    assume(2 <= len(pts) <= 60 and n <= oracle_mod.MAX_N)
    assert decide(tuple(pts), q, n) == ("unsat", None)
    i, j = data.draw(st.lists(st.integers(0, len(pts) - 1), min_size=2, max_size=2, unique=True))
    at = data.draw(st.integers(0, len(pts)))
    planted = pts[:at] + [end(pts[i], pts[j], q)] + pts[at:]
    answer, hit = decide(tuple(planted), q, n)
    assert answer == "sat" and at in hit
    assert_witness(planted, hit, q, "oracle")


def test_oracle_small_facts():
    assert decide((), 5, 3) == ("unsat", None)
    assert decide(("012",), 5, 3) == ("unsat", None)
    assert decide(("0", "1", "2"), 5, 1) == ("sat", (0, 1, 2))
    assert decide(("0", "1", "3"), 5, 1) == ("sat", (0, 2, 1))          # 0 + 1 = 2 * 3 mod 5
    assert decide(("0", "1", "3"), 7, 1) == ("unsat", None)             # collinear, not a progression
    assert decide(("314", "314", "314"), 5, 3) == ("unsat", None)       # equal points are not a progression
    assert decide(("000", "111", "223"), 5, 3) == ("unsat", None)
    for (q, n), doc in CONSTRUCTIONS.items():
        if len(doc["answer"]) <= 60:
            assert decide(tuple(doc["answer"]), q, n) == ("unsat", None), (q, n)


def test_oracle_limits():
    with pytest.raises(ValueError):
        decide(("0",) * (oracle_mod.MAX_POINTS + 1), 5, 1)
    with pytest.raises(ValueError):
        decide(("0" * 7,), 5, 7)
    for q in (2, 9, 11, True, 5.0):
        with pytest.raises(ValueError):
            decide(("0",), q, 1)
    for bad in (("005",), ("00",), (12,), ("0\u0663" + "0",), ("01 ",)):
        with pytest.raises(ValueError):
            decide(bad, 5, 3)
    with pytest.raises(ValueError):
        decide("012", 5, 1)


def test_oracle_unknown_is_reported(monkeypatch):
    import z3

    monkeypatch.setattr(z3.Solver, "check", lambda self, *a: z3.unknown)
    assert decide(("0", "1", "2"), 5, 1) == ("unknown", None)


def test_crosscheck_never_imports_checker_and_z3_is_lazy():
    proplib.assert_crosscheck_is_independent(
        "apfree_q",
        "from endless_exam.crosscheck.families import load; check = load('apfree_q').check",
        "assert check({'q': 5, 'n': 1}, ['0', '1', '3']).reason == 'PROPERTY_VIOLATION'")


# ---- (d) the spec ----------------------------------------------------------------------------------------------

def test_params_schema():
    assert schema.validate_params({"q": 5, "n": 6}) == {"q": 5, "n": 6}
    for q, n in schema.N_MAX.items():
        assert q ** n <= schema.TABLE_LIMIT < q ** (n + 1)
        assert schema.validate_params({"q": q, "n": n}) == {"q": q, "n": n}
        assert schema.validate_params({"q": q, "n": n + 1}) == {"q": q, "n": n + 1}     # issue 21: sketched
        assert schema.validate_params({"q": q, "n": 10 ** 7}) == {"q": q, "n": 10 ** 7}
        with pytest.raises(ParamsError):
            schema.validate_params({"q": q, "n": 10 ** 7 + 1})
    for bad in ({"q": 9, "n": 2}, {"q": 2, "n": 2}, {"q": 11, "n": 2}, {"q": True, "n": 2}, {"q": 5.0, "n": 2},
                {"q": "5", "n": 2}, {"q": 5, "n": 0}, {"q": 5}, {"q": 5, "n": 2, "d": 1}, [5, 2], None):
        with pytest.raises(ParamsError):
            schema.validate_params(bad)


def test_eg_bound():
    assert primary.module.eg_bound(5, 5) == 1296
    assert primary.module.eg_bound(5, 6) == 7497
    assert primary.module.eg_bound(7, 4) == 1425
    assert primary.SPEC.bound({"q": 5, "n": 6}) == (7497, "bound")
    for q, n in ((3, 1), (3, 4), (5, 3), (7, 2)):
        limit = (q - 1) * n // 3
        count = sum(1 for e in itertools.product(range(q), repeat=n) if sum(e) <= limit)
        assert primary.module.eg_bound(q, n) == 3 * count


def test_prompt_states_every_limit():
    text = prompt("apfree_q", {"q": 7, "n": 4})
    assert "Progression-Free-Fq, q=7, n=4" in text
    assert f"{schema.MAX_POINTS:,}" in text and "60 seconds" in text and "2^24" in text
    assert "0..6" in text and "x + z = 2y" in text
    assert wording("apfree_q").compact_forms({"q": 7, "n": 4}) == []


@pytest.mark.slow
def test_oracle_at_the_size_limit():
    pts = random.Random(3).sample([a + b for a in CONSTRUCTIONS[(7, 3)]["answer"] for b in ("000", "001", "010", "011")], 149)
    assert decide(tuple(pts), 7, 6) == ("unsat", None)
    planted = pts + [end(pts[0], pts[1], 7)]
    answer, hit = decide(tuple(planted), 7, 6)
    assert answer == "sat" and 149 in hit


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(small_sets(max_points=60))
def test_detection_agrees_long_campaign(case):
    q, n, pts = case
    truth = brute_has_progression(pts, q)
    assert (primary.module.find_progression(tuple(pts), q, n, "fourier") is not None) == truth
    assert (second.module.find_progression(tuple(pts), q, n, force_python=True) is not None) == truth
    both(pts, q, n)


@pytest.mark.slow
def test_construction_generator_reproduces_the_fixtures():
    """Regenerating every construction gives the bundled files' points exactly (about 15 s)."""
    from endless_exam.checker.constructions import apfree_q as constructions

    built = constructions.build_all(log=lambda *_: None)
    assert set(built) == set(CONSTRUCTIONS)
    for key, (points, method) in built.items():
        assert points == CONSTRUCTIONS[key]["answer"] and method == CONSTRUCTIONS[key]["method"], key


# ---- against the definition and hostile inputs (brute force, adversarial structure) ----------------

primary_apfree = _load_primary("apfree_q")


second_apfree = _load_second("apfree_q")


AP_P, AP_S = primary_families.load("apfree_q"), second_families.load("apfree_q")


def _ap_case(rng: random.Random):
    q = rng.choice([3, 5, 7])
    n = rng.randint(1, {3: 5, 5: 3, 7: 3}[q])
    space = ap_space(q, n)
    mode = rng.random()
    if mode < 0.35:
        pts = rng.sample(space, rng.randint(1, min(len(space), 25)))
    elif mode < 0.7:          # maximal-ish progression-free set, sometimes one extra point planted
        rng.shuffle(space)
        pts: list[str] = []
        for x in space:
            if len(pts) < 40 and x not in pts and ap_addable(set(pts), x, q):
                pts.append(x)
        if rng.random() < 0.5 and len(pts) < len(space):
            extra = rng.choice([x for x in space if x not in set(pts)])
            pts.insert(rng.randint(0, len(pts)), extra)
    elif mode < 0.85:         # affine image of {0,1}^n (progression-free), coordinates permuted
        base = rng.sample(["".join(t) for t in itertools.product("01", repeat=n)], rng.randint(1, 2 ** n))
        shift = [rng.randrange(q) for _ in range(n)]
        scale = [rng.randrange(1, q) for _ in range(n)]
        perm = rng.sample(range(n), n)
        pts = ["".join(str((int(p[perm[c]]) * scale[c] + shift[c]) % q) for c in range(n)) for p in base]
    else:
        pts = rng.sample(space, rng.randint(1, min(len(space), 12)))
        pts.insert(rng.randint(0, len(pts)), rng.choice(pts))
    return q, n, pts


def test_apfree_q_random_and_adversarial_sets_match_the_definition():
    rng = random.Random(20261130)
    for _ in range(220):
        q, n, pts = _ap_case(rng)
        params = {"q": q, "n": n}
        expected = ap_brute(pts, q)
        check_both(AP_P, AP_S, params, pts, expected, objective=len(pts))
        if expected == "DUP":
            continue
        methods = ["pairs"] + (["fourier"] if q ** (n + 1) <= primary_apfree.module.FOURIER_MAX_CELLS else [])
        for method in methods:                  # every primary path, not only the one "auto" picks
            hit = primary_apfree.module.find_progression(tuple(pts), q, n, method=method)
            assert (hit is None) == (expected == "OK"), (method, q, n, pts, hit)
        hit = second_apfree.module.find_progression(tuple(pts), q, n, force_python=True)
        assert (hit is None) == (expected == "OK"), ("python", q, n, pts)
        if len(pts) > 1:
            hit = second_apfree.module._scan_numpy(tuple(pts), q, n)
            assert (hit is None) == (expected == "OK"), ("numpy", q, n, pts)


def test_apfree_q_with_q3_agrees_with_the_capset_family():
    capset = primary_families.load("capset")
    rng = random.Random(3)
    for _ in range(300):
        n = rng.randint(1, 5)
        space = ap_space(3, n)
        pts = rng.sample(space, rng.randint(1, min(len(space), 30)))
        a, c = AP_P.check({"q": 3, "n": n}, pts), capset.check({"d": n}, pts)
        assert (a.status, a.reason, a.objective) == (c.status, c.reason, c.objective), (pts, a, c)


@pytest.mark.parametrize("q,n", [(3, 6), (5, 4), (7, 3)])
def test_apfree_q_fourier_path_on_full_product_sets(q, n):
    # {0,1}^n is progression-free for every odd q; adding the midpoint of two points plants exactly
    # the configuration the Fourier count must see (r(2y) >= 2)
    pts = ["".join(t) for t in itertools.product("01", repeat=n)]
    assert primary_apfree.module.find_progression(tuple(pts), q, n, method="fourier") is None
    mid = "".join(str(((int(a) + int(c)) * (q + 1) // 2) % q) for a, c in zip(pts[0], pts[-1]))
    planted = pts + [mid]
    i, j, k = primary_apfree.module.find_progression(tuple(planted), q, n, method="fourier")
    assert ap_brute([planted[i], planted[j], planted[k]], q) == "PROP"
    check_both(AP_P, AP_S, {"q": q, "n": n}, planted, "PROP")


def test_apfree_q_at_the_parameter_limits():
    # q = 7, n = 8 (the largest n for q = 7): {0,1,3}^8 is progression-free (6,561 points)
    pts = ["".join(t) for t in itertools.product("013", repeat=8)]
    check_both(AP_P, AP_S, {"q": 7, "n": 8}, pts, "OK", objective=len(pts))
    # a progression whose ends are the two LAST points (found only at the end of the pair scan)
    x, z = "6" * 8, "2" * 8                       # midpoint (6 + 2) * 4 mod 7 = 4
    with_prog = pts + ["4" * 8, x, z]
    check_both(AP_P, AP_S, {"q": 7, "n": 8}, with_prog, "PROP")
    # q = 3, n = 12, 20,000 random points: the primary takes its Fourier path ("auto")
    rng = random.Random(12)
    seen: set[str] = set()
    while len(seen) < 20_000:
        seen.add("".join(rng.choice("012") for _ in range(12)))
    check_both(AP_P, AP_S, {"q": 3, "n": 12}, sorted(seen), "PROP")


# ---- issue 21: q^n > 2^24 (sketch into F_q^N_MAX[q], candidates confirmed on the full points) -----------

def _midpoint(x: str, z: str, q: int) -> str:
    return "".join(str((int(a) + int(c)) * (q + 1) // 2 % q) for a, c in zip(x, z))


def brute_progression(points: list[str], q: int) -> str | None:
    if len(set(points)) != len(points):
        return "DUPLICATE"
    have = set(points)
    for x, z in itertools.combinations(points, 2):
        if _midpoint(x, z, q) in have:
            return "PROPERTY_VIOLATION"
    return None


@pytest.mark.parametrize("q, n", [(3, 16), (5, 11), (7, 9), (7, 1000), (3, 400)])
def test_wide_n_valid_and_a_progression_hidden_last(q, n):
    rnd = random.Random(q * 1000 + n)
    pts = sorted({"".join(rnd.choice("01") for _ in range(n)) for _ in range(150)})   # {0,1}^n: no progression
    rnd.shuffle(pts)
    expect("apfree_q", {"q": q, "n": n}, pts, None, len(pts))
    bad = pts + [_midpoint(pts[-2], pts[-1], q)]
    p, s = expect("apfree_q", {"q": q, "n": n}, bad, "PROPERTY_VIOLATION")
    assert p.witness["indices"] == s.witness["indices"] and p.witness["indices"][1] == len(pts)   # middle: the last
    expect("apfree_q", {"q": q, "n": n}, pts + [pts[0]], "DUPLICATE")


def test_wide_n_random_sets_match_brute_force():
    rnd = random.Random(2121)
    for _ in range(40):
        q = rnd.choice((3, 5, 7))
        n = schema.N_MAX[q] + rnd.randint(1, 20)
        alphabet = "0123456"[:q]
        pts = list({"".join(rnd.choice(alphabet) for _ in range(n)) for _ in range(rnd.randint(1, 12))})
        if rnd.random() < 0.5 and len(pts) >= 2:
            x, z = rnd.sample(pts, 2)
            y = _midpoint(x, z, q)
            if y not in pts:
                pts.insert(rnd.randrange(len(pts) + 1), y)
        expect("apfree_q", {"q": q, "n": n}, pts, brute_progression(pts, q), len(pts))


def test_wide_n_point_limit():
    pts = [format(k, "b").zfill(16) for k in range(schema.WIDE_MAX_POINTS + 1)]
    with pytest.raises(AnswerError) as err:
        schema.parse(pts, {"q": 3, "n": 16})
    assert err.value.reason == "SIZE_LIMIT" and "12,544" in str(err.value)
    assert len(schema.parse(pts[:-1], {"q": 3, "n": 16}).points) == schema.WIDE_MAX_POINTS == 12_544
    assert len(schema.parse([p[1:] for p in pts], {"q": 3, "n": 15}).points) == 12_545    # dense: 20,000
