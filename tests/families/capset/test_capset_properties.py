"""Property, mutation and formal-oracle tests of the ``capset`` family.

(a) On generated small point sets (d <= 5) the primary verifier (both its Fourier and its pair
    method), the second verifier (its pure-Python and its numpy scan), a brute-force statement of the
    definition and the z3 oracle (``endless_exam.crosscheck.oracle.capset``) agree on whether a line exists, and every
    returned witness is a real line.
(b) Mutations of valid caps ({0,1}^d, maximum caps of the fixtures, greedy caps from a seeded order):
    dropping points keeps validity (objective minus the number dropped); duplicating a point is a
    DUPLICATE; perturbing one coordinate gives ACCEPT, DUPLICATE or PROPERTY_VIOLATION with both
    verifiers agreeing and the oracle deciding lines; adding the third point of two members is a
    PROPERTY_VIOLATION; affine bijections (coordinate permutations, translations, invertible linear
    maps) and list permutations keep verdict, reason and objective, on caps and on arbitrary sets.
(c) The z3 oracle: planted violations are found exactly, caps are unsat, limits are enforced.

Every DUPLICATE/PROPERTY_VIOLATION witness is re-checked by the OTHER verifier's ``witness_holds``.
"""
from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from endless_exam import fixtures
from endless_exam.certificates.errors import AnswerError, ParamsError
from endless_exam.certificates.schemas import capset as schema
from endless_exam.certificates.verdict import Status, Verdict
from endless_exam.checker.families import load as _load_primary
primary = _load_primary("capset")
from endless_exam.crosscheck.families import load as _load_second
second = _load_second("capset")
from endless_exam.crosscheck.oracle import capset as oracle_mod
from endless_exam.crosscheck.oracle.capset import decide
from tests.common import proplib
import json
import numpy as np
from endless_exam.checker.verify import harness
from tests.common.definitions import brute_capset, expect, fixture_cap, neg_sum

MAX_CAPS = {d: fixtures.read_json("constructions", "capset", f"d{d}.json")["answer"] for d in range(1, 7)}
ORACLE_POINTS = 50     # sets up to this size are decided by the z3 oracle in the mutation tests


# ---- helpers ------------------------------------------------------------------------------------------

def is_line(a: str, b: str, c: str) -> bool:
    return len({a, b, c}) == 3 and all((int(x) + int(y) + int(z)) % 3 == 0 for x, y, z in zip(a, b, c))


def third(a: str, b: str) -> str:
    return "".join(str(-(int(x) + int(y)) % 3) for x, y in zip(a, b))


def brute_has_line(points: list[str]) -> bool:
    """The definition over all triples (small sets)."""
    return any(is_line(*trio) for trio in itertools.combinations(points, 3))


def pairs_have_line(points: list[str]) -> bool:
    """The definition over pairs of DISTINCT points: their third point -(a + b) differs from both."""
    members = set(points)
    return any(third(a, b) in members for a, b in itertools.combinations(members, 2))


def assert_witness_line(points, hit, who):
    assert hit is not None, who
    i, j, k = hit
    assert list(hit) == sorted(hit) and 0 <= i < j < k < len(points), (who, hit)
    assert is_line(points[i], points[j], points[k]), (who, hit, [points[t] for t in hit])


def both(points: list[str], d: int) -> tuple[Verdict, Verdict]:
    """Both verifiers' verdicts; DUPLICATE/PROPERTY_VIOLATION witnesses are confirmed by the other one."""
    return proplib.both(primary, second, {"d": d}, list(points))


def truth(points: list[str], d: int) -> tuple[Status, str | None]:
    """What the verdict must be, from plain Python and (for small sets) the z3 oracle."""
    if len(set(points)) != len(points):
        return Status.REJECT, "DUPLICATE"
    if len(points) <= ORACLE_POINTS and d <= oracle_mod.MAX_D:
        answer, hit = decide(tuple(points), d)
        assert answer in ("sat", "unsat"), answer
        if answer == "sat":
            assert_witness_line(points, hit, "oracle")
            return Status.REJECT, "PROPERTY_VIOLATION"
        return Status.ACCEPT, None
    return (Status.REJECT, "PROPERTY_VIOLATION") if pairs_have_line(points) else (Status.ACCEPT, None)


def greedy_cap(d: int, seed: int) -> list[str]:
    """Greedy cap: points of F_3^d in a seeded random order, each kept unless it completes a line."""
    order = ["".join(t) for t in itertools.product("012", repeat=d)]
    random.Random(seed).shuffle(order)
    cap: list[str] = []
    blocked: set[str] = set()
    for x in order:
        if x in blocked:
            continue
        for y in cap:
            blocked.add(third(x, y))
        cap.append(x)
    return cap


def rank_mod3(rows: list[list[int]]) -> int:
    m = [r[:] for r in rows]
    rank, ncols = 0, len(m[0]) if m else 0
    for col in range(ncols):
        piv = next((r for r in range(rank, len(m)) if m[r][col] % 3), None)
        if piv is None:
            continue
        m[rank], m[piv] = m[piv], m[rank]
        inv = 1 if m[rank][col] % 3 == 1 else 2
        m[rank] = [(v * inv) % 3 for v in m[rank]]
        for r in range(len(m)):
            if r != rank and m[r][col] % 3:
                f = m[r][col]
                m[r] = [(a - f * b) % 3 for a, b in zip(m[r], m[rank])]
        rank += 1
    return rank


def affine(points: list[str], matrix: list[list[int]], shift: list[int]) -> list[str]:
    out = []
    for p in points:
        x = [int(c) for c in p]
        y = [(sum(a * b for a, b in zip(row, x)) + t) % 3 for row, t in zip(matrix, shift)]
        out.append("".join(map(str, y)))
    return out


# ---- strategies ---------------------------------------------------------------------------------------

def point(d: int):
    return st.lists(st.sampled_from("012"), min_size=d, max_size=d).map("".join)


DIMENSIONS = (1, 2, 3, 3, 4, 4, 4, 5, 5, 5)   # weighted towards the dimensions where sets get interesting


@st.composite
def small_sets(draw, max_d: int = 5, max_n: int = 30):
    """Distinct points in F_3^d: random sets, subsets of caps, and caps with a few random extra points.

    Sizes and points come from a seeded ``random.Random`` (hypothesis draws the seed), so sizes are
    uniform and large sets (mostly with lines) and sub-caps (without) both occur often.
    """
    d = draw(st.sampled_from([x for x in DIMENSIONS if x <= max_d] + list(range(6, max_d + 1))))
    how = draw(st.sampled_from(["random", "subcap", "cap_plus"]))
    rnd = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    space = ["".join(t) for t in itertools.product("012", repeat=d)]
    if how == "random":
        pts = rnd.sample(space, rnd.randint(0, min(max_n, len(space))))
    else:
        base = MAX_CAPS[d] if d in MAX_CAPS and draw(st.booleans()) else greedy_cap(d, rnd.randrange(10 ** 6))
        pts = rnd.sample(base, rnd.randint(0, min(max_n, len(base))))
        if how == "cap_plus":
            extra = rnd.sample(space, rnd.randint(1, 3))
            pts += [x for x in extra if x not in pts]
            rnd.shuffle(pts)
    return d, pts


@st.composite
def caps(draw, max_d: int = 6):
    """Valid caps: {0,1}^d, the fixtures' maximum caps, greedy caps from a seeded order."""
    d = draw(st.sampled_from([x for x in (1, 2, 3, 3, 4, 4, 5, 5, 6, 6) if x <= max_d]))
    kind = draw(st.sampled_from(["binary", "maximum", "greedy"]))
    if kind == "binary":
        pts = ["".join(t) for t in itertools.product("01", repeat=d)]
    elif kind == "maximum":
        pts = list(MAX_CAPS[d])
    else:
        pts = greedy_cap(d, draw(st.integers(0, 10 ** 6)))
    return d, pts


@st.composite
def affine_maps(draw, d: int):
    """An affine bijection x -> A x + t of F_3^d: a permutation matrix, a translation or a general invertible A."""
    kind = draw(st.sampled_from(["permutation", "translation", "linear", "affine"]))
    shift = [0] * d
    if kind in ("translation", "affine"):
        shift = draw(st.lists(st.integers(0, 2), min_size=d, max_size=d))
    if kind in ("linear", "affine"):
        matrix = draw(st.lists(st.lists(st.integers(0, 2), min_size=d, max_size=d), min_size=d, max_size=d))
        assume(rank_mod3(matrix) == d)
    else:
        perm = draw(st.permutations(range(d))) if kind == "permutation" else list(range(d))
        matrix = [[1 if c == perm[r] else 0 for c in range(d)] for r in range(d)]
    return kind, matrix, shift


def test_greedy_and_binary_caps_are_caps():
    for d in range(1, 6):
        assert not brute_has_line(["".join(t) for t in itertools.product("01", repeat=d)])
        for seed in range(3):
            cap = greedy_cap(d, seed)
            assert len(set(cap)) == len(cap) and not brute_has_line(cap)
    assert rank_mod3([[1, 0], [0, 1]]) == 2 and rank_mod3([[1, 2], [2, 1]]) == 1


# ---- (a) the four algorithms, brute force and the oracle agree ------------------------------------------

@settings(max_examples=120, deadline=None)
@given(small_sets())
def test_line_detection_agrees(case):
    d, points = case
    tpl = tuple(points)
    expected = brute_has_line(points)
    answer, hit = decide(tpl, d)
    assert answer == ("sat" if expected else "unsat")
    results = {"oracle": hit}
    if points:
        results["primary-fourier"] = primary.module.find_line(tpl, d, method="fourier")
        results["primary-pairs"] = primary.module.find_line(tpl, d, method="pairs")
        small = primary.module._first_line_small(tpl)
        results["primary-small"] = None if small is None else tuple(sorted(small))
        assert results["primary-small"] == results["primary-pairs"]   # the same first triple, in plain Python
        results["second-python"] = second.module.find_line(tpl, d, force_python=True)
        raw = second.module._scan_numpy(tpl, d)
        results["second-numpy"] = None if raw is None else tuple(sorted(raw))
    for who, found in results.items():
        if expected:
            assert_witness_line(points, found, who)
        else:
            assert found is None, (who, found)
    if points:
        p, s = both(points, d)
        assert p.status is (Status.REJECT if expected else Status.ACCEPT)
        if expected:
            assert p.reason == "PROPERTY_VIOLATION"
        else:
            assert p.objective == len(points)


# ---- (b) mutations of valid caps ----------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(caps())
def test_caps_are_accepted(case):
    d, pts = case
    p, _ = both(pts, d)
    assert p.status is Status.ACCEPT and p.objective == len(pts)


@settings(max_examples=40, deadline=None)
@given(caps(), st.data())
def test_dropping_points_keeps_validity(case, data):
    d, pts = case
    assume(len(pts) >= 2)
    dropped = data.draw(st.sets(st.integers(0, len(pts) - 1), min_size=1, max_size=len(pts) - 1))
    kept = [x for t, x in enumerate(pts) if t not in dropped]
    p, _ = both(kept, d)
    assert p.status is Status.ACCEPT and p.objective == len(pts) - len(dropped)


@settings(max_examples=40, deadline=None)
@given(caps(), st.data())
def test_duplicating_a_point_is_duplicate(case, data):
    d, pts = case
    src = data.draw(st.integers(0, len(pts) - 1))
    at = data.draw(st.integers(0, len(pts)))
    mutated = pts[:at] + [pts[src]] + pts[at:]
    p, s = both(mutated, d)
    assert p.status is Status.REJECT and p.reason == "DUPLICATE"
    for v in (p, s):
        i, j = v.witness["indices"]
        assert i != j and mutated[i] == mutated[j] == pts[src] == v.witness["point"]


@settings(max_examples=60, deadline=None)
@given(caps(), st.data())
def test_perturbing_one_coordinate(case, data):
    d, pts = case
    t = data.draw(st.integers(0, len(pts) - 1))
    c = data.draw(st.integers(0, d - 1))
    new = data.draw(st.sampled_from([v for v in "012" if v != pts[t][c]]))
    mutated = list(pts)
    mutated[t] = pts[t][:c] + new + pts[t][c + 1:]
    p, _ = both(mutated, d)
    status, reason = truth(mutated, d)
    assert (p.status, p.reason) == (status, reason), (p, status, reason)
    if status is Status.ACCEPT:
        assert p.objective == len(pts)


@settings(max_examples=40, deadline=None)
@given(caps(), st.data())
def test_adding_the_third_point_of_two_members_is_a_line(case, data):
    d, pts = case
    assume(len(pts) >= 2)
    i, j = data.draw(st.lists(st.integers(0, len(pts) - 1), min_size=2, max_size=2, unique=True))
    z = third(pts[i], pts[j])
    assert z not in pts  # the base is a cap
    at = data.draw(st.integers(0, len(pts)))
    mutated = pts[:at] + [z] + pts[at:]
    p, s = both(mutated, d)
    assert p.status is Status.REJECT and p.reason == "PROPERTY_VIOLATION"
    for v in (p, s):
        assert at in v.witness["indices"]  # every line of cap + z passes through z


@settings(max_examples=50, deadline=None)
@given(caps(), st.data())
def test_affine_maps_and_list_order_keep_cap_verdict(case, data):
    d, pts = case
    kind, matrix, shift = data.draw(affine_maps(d))
    image = data.draw(st.permutations(affine(pts, matrix, shift)))
    p, _ = both(image, d)
    assert p.status is Status.ACCEPT and p.objective == len(pts), kind


@settings(max_examples=60, deadline=None)
@given(small_sets(max_d=5, max_n=25), st.data())
def test_affine_maps_keep_any_verdict(case, data):
    """Affine bijections map lines to lines and duplicates to duplicates: verdict and reason are invariant."""
    d, pts = case
    assume(pts)
    if data.draw(st.booleans()):  # also exercise duplicates
        pts = pts + [pts[data.draw(st.integers(0, len(pts) - 1))]]
    kind, matrix, shift = data.draw(affine_maps(d))
    image = data.draw(st.permutations(affine(pts, matrix, shift)))
    before, _ = both(pts, d)
    after, _ = both(list(image), d)
    assert (before.status, before.reason, before.objective) == (after.status, after.reason, after.objective), kind


# ---- (c) the z3 oracle ----------------------------------------------------------------------------

@settings(max_examples=30, deadline=None)
@given(caps(max_d=5), st.data())
def test_oracle_planted_violation(case, data):
    d, pts = case
    assume(len(pts) >= 2)
    assert decide(tuple(pts), d) == ("unsat", None)
    i, j = data.draw(st.lists(st.integers(0, len(pts) - 1), min_size=2, max_size=2, unique=True))
    at = data.draw(st.integers(0, len(pts)))
    planted = pts[:at] + [third(pts[i], pts[j])] + pts[at:]
    answer, hit = decide(tuple(planted), d)
    assert answer == "sat"
    assert_witness_line(planted, hit, "oracle")
    assert at in hit  # the cap has no line, so every line uses the planted point


def test_oracle_small_facts():
    assert decide((), 3) == ("unsat", None)
    assert decide(("012",), 3) == ("unsat", None)
    assert decide(("012", "120"), 3) == ("unsat", None)
    assert decide(("0", "1", "2"), 1) == ("sat", (0, 1, 2))
    assert decide(["11", "00", "01", "22"], 2) == ("sat", (0, 1, 3))
    # three equal points sum to 0 but are not distinct: not a line
    assert decide(("1212", "1212", "1212"), 4) == ("unsat", None)
    assert decide(("0000", "0000", "1111", "2222"), 4)[0] == "sat"
    # a sum that is 0 in all but one coordinate
    assert decide(("0000", "1111", "2221"), 4) == ("unsat", None)
    for d in range(1, 6):
        assert decide(tuple(MAX_CAPS[d]), d) == ("unsat", None)
    full = tuple("".join(t) for t in itertools.product("012", repeat=3))
    answer, hit = decide(full, 3)
    assert answer == "sat" and is_line(*(full[t] for t in hit))


def test_oracle_limits():
    with pytest.raises(ValueError):
        decide(tuple(["0" * 12] * (oracle_mod.MAX_POINTS + 1)), 12)
    with pytest.raises(ValueError):
        decide(("0" * 13,), 13)
    with pytest.raises(ValueError):
        decide((), 0)
    with pytest.raises(ValueError):
        decide(("0",), True)
    with pytest.raises(ValueError):
        decide("012", 1)  # a string is not a tuple of points
    for bad in (("003",), ("00",), ("0000",), (12,), ("0\u0663",), ("01 ",)):
        with pytest.raises(ValueError):
            decide(bad, 3 if bad != ("0\u0663",) else 2)
    # exactly at the limits the input is accepted
    assert decide(tuple(["0" * 12] * oracle_mod.MAX_POINTS), 12) == ("unsat", None)


def test_oracle_unknown_is_reported(monkeypatch):
    import z3

    monkeypatch.setattr(z3.Solver, "check", lambda self, *a: z3.unknown)
    assert decide(("0", "1", "2"), 1) == ("unknown", None)


def test_crosscheck_never_imports_checker_and_z3_is_lazy():
    proplib.assert_crosscheck_is_independent(
        "capset",
        "from endless_exam.crosscheck.oracle.capset import decide",
        "assert decide(('0', '1', '2'), 1) == ('sat', (0, 1, 2))")


@pytest.mark.slow
def test_oracle_at_the_size_limit():
    """A 200-point cap in F_3^12 (a sample of the 112 x 112 product cap) is unsat; +1 planted point is sat."""
    c6 = MAX_CAPS[6]
    pts = random.Random(7).sample([a + b for a in c6 for b in c6], 199)
    assert decide(tuple(pts), 12) == ("unsat", None)
    planted = pts + [third(pts[0], pts[1])]
    answer, hit = decide(tuple(planted), 12)
    assert answer == "sat" and 199 in hit
    assert_witness_line(planted, hit, "oracle")


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(small_sets(max_d=6, max_n=60))
def test_line_detection_agrees_campaign(case):
    test_line_detection_agrees.hypothesis.inner_test(case)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 40), st.integers(1, 30), st.randoms(use_true_random=False))
def test_second_numpy_packing_equals_the_per_point_packing(d, count, rnd):
    """The vectorised packing (3-bit words and base-3 indices, Horner in uint64) of the second verifier
    against its per-point Python form, up to d = 40 (3^40 < 2^64); then a planted line among the last
    points is found on the numpy path (REJECT) and removing its last point leaves a set the scan agrees
    on with brute force."""
    from endless_exam.crosscheck.families import capset as second_mod

    pts = tuple("".join(rnd.choice("012") for _ in range(d)) for _ in range(count))
    packed, base3 = second_mod._pack_numpy(pts, d)
    assert packed.tolist() == [second_mod._pack(p) for p in pts]
    assert base3.tolist() == [second_mod._base3(p) for p in pts]
    distinct = tuple(dict.fromkeys(pts))
    x, y = distinct[-1], "".join(str((int(c) + 1) % 3) for c in distinct[-1])
    z = "".join(str((-(int(a) + int(b))) % 3) for a, b in zip(x, y))
    if y not in distinct and z not in distinct and d > 0:
        planted = distinct + (y, z)
        hit = second_mod._scan_numpy(planted, d)
        assert hit is not None and brute_has_line([planted[t] for t in hit])
    found = second_mod._scan_numpy(distinct, d) if len(distinct) > 1 else None
    assert (found is not None) == brute_has_line(list(distinct))


# ---- against the definition and hostile inputs (brute force, adversarial structure) ----------------

_MULT = 0x9E3779B97F4A7C15      # the second verifier's public multiplicative-hash constant


_MASK = (1 << 64) - 1


def _hash_flood_keys(count: int, bits: int, half: int) -> list[int]:
    """``count`` integers whose base-3 digits are 0 or 1 (so their points form a cap set) and whose
    multiplicative hash, the top ``bits`` bits of k * _MULT mod 2^64, is 0 for all of them.

    Meet in the middle: k = low + high with low using the digit positions 0..half-1 and high the
    positions half..2 half-1; for each low, the highs with (high + low) * _MULT in the first slot form
    one contiguous range of the sorted high products.
    """
    def sums(offset: int) -> list[int]:
        vals = [0]
        for i in range(half):
            w = 3 ** (i + offset)
            vals = vals + [v + w for v in vals]
        return vals

    lows, highs = sums(0), sums(half)
    products = np.array([(h * _MULT) & _MASK for h in highs], dtype=np.uint64)
    order = np.argsort(products)
    sorted_products = products[order]
    width = 1 << (64 - bits)
    out: list[int] = []
    for low in lows:
        lo = (-(low * _MULT)) & _MASK
        hi = lo + width
        a = int(np.searchsorted(sorted_products, np.uint64(lo)))
        if hi <= _MASK + 1:
            b = int(np.searchsorted(sorted_products, np.uint64(hi - 1), side="right"))
            chosen = order[a:b]
        else:
            b = int(np.searchsorted(sorted_products, np.uint64(hi - _MASK - 2), side="right"))
            chosen = np.concatenate([order[a:], order[:b]])
        for c in chosen.tolist():
            out.append(low + highs[c])
            if len(out) == count:
                return out
    raise RuntimeError("not enough colliding keys")


@pytest.mark.parametrize("seed", range(3))
def test_capset_random_small_sets_match_brute_force(seed):
    rnd = random.Random(1000 + seed)
    for _ in range(120):
        d = rnd.randint(1, 5)
        universe = ["".join(t) for t in itertools.product("012", repeat=d)]
        pts = rnd.sample(universe, rnd.randint(1, min(len(universe), 14)))
        if rnd.random() < 0.15:
            pts.insert(rnd.randrange(len(pts) + 1), rnd.choice(pts))
        expect("capset", {"d": d}, pts, brute_capset(pts), len(pts))


def test_capset_every_line_of_f3_2_is_found_and_every_4_cap_accepted():
    universe = ["".join(t) for t in itertools.product("012", repeat=2)]
    for trio in itertools.combinations(universe, 3):
        expect("capset", {"d": 2}, list(trio), brute_capset(list(trio)), 3)
    for quad in itertools.combinations(universe, 4):
        expect("capset", {"d": 2}, list(quad), brute_capset(list(quad)), 4)


def test_capset_fourier_and_pair_paths_match_brute_force():
    from endless_exam.checker.families import load as _load_primary
    primary = _load_primary("capset")
    from endless_exam.crosscheck.families import load as _load_second
    second = _load_second("capset")
    rnd = random.Random(7)
    for _ in range(150):
        d = rnd.randint(1, 6)
        universe = ["".join(t) for t in itertools.product("012", repeat=d)]
        pts = tuple(rnd.sample(universe, rnd.randint(1, min(len(universe), 20))))
        want = brute_capset(list(pts)) is not None
        for method in ("fourier", "pairs", "auto"):
            assert (primary.module.find_line(pts, d, method=method) is not None) == want, (pts, method)
        assert (second.module.find_line(pts, d, force_python=True) is not None) == want, pts


def test_capset_product_form_duplicates_and_lines_are_found():
    expect("capset", {"d": 3}, {"product": [["0", "1"], ["00", "11"]]}, None, 4)
    expect("capset", {"d": 3}, {"product": [["0", "0"], ["00"]]}, "DUPLICATE")
    expect("capset", {"d": 3}, {"product": [["0", "1", "2"], ["00"]]}, "PROPERTY_VIOLATION")
    expect("capset", {"d": 2}, {"product": [["0", "1"], ["0", "1", "2"]]}, "PROPERTY_VIOLATION")


def test_capset_fourier_path_on_a_product_cap_and_a_planted_line():
    from endless_exam.checker.families import load as _load_primary
    primary = _load_primary("capset")
    cap = ["".join(t) for t in itertools.product(fixture_cap(6), fixture_cap(3))]   # 1008 points, d = 9
    d = 9
    assert len(cap) * (len(cap) - 1) // 2 > 2 * d * 3 ** d           # "auto" takes the Fourier path
    expect("capset", {"d": d}, cap, None, len(cap))
    bad = list(cap)
    bad[-1] = neg_sum(cap[0], cap[1])          # replaces a point by the third point of a line
    assert bad[-1] not in cap
    expect("capset", {"d": d}, bad, "PROPERTY_VIOLATION")
    assert primary.module.find_line(tuple(bad), d, method="fourier") is not None


@pytest.mark.parametrize("d", [12, 17, 18, 21, 40])
def test_capset_numpy_paths_find_a_line_among_the_last_three_points(d):
    rnd = random.Random(d)
    keys: set[int] = set()
    while len(keys) < 1600:                    # > PURE_PYTHON_MAX_POINTS: numpy paths of both verifiers
        keys.add(rnd.getrandbits(d))
    pts = ["".join("01"[(k >> i) & 1] for i in range(d)) for k in sorted(keys)]   # {0,1}^d is a cap
    rnd.shuffle(pts)
    expect("capset", {"d": d}, pts[:-1], None, len(pts) - 1)
    z = neg_sum(pts[-3], pts[-2])
    bad = pts[:-1] + [z]
    expect("capset", {"d": d}, bad, "PROPERTY_VIOLATION")


def test_capset_hash_flooded_valid_cap_is_accepted_by_the_harness():
    """Attack: a valid cap whose base-3 keys all land in one home slot of the second verifier's hash table
    (d >= 17, many points). A fixed public multiplier would make every lookup linear and the valid answer
    time out; it must be accepted by the harness."""
    d, count = 40, 3000             # 3000 points: hash table of 2^15 slots in the second verifier
    keys = _hash_flood_keys(count, bits=15, half=14)
    points = []
    for k in keys:
        digits_ = []
        for _ in range(d):
            digits_.append("01"[k % 3])
            k //= 3
        points.append("".join(reversed(digits_)))
    assert len(set(points)) == count and brute_capset(points[:12]) is None
    # Correct behaviour: a valid 3000-point cap in F_3^40 is accepted well within the 60 s budget
    # (the primary needs under a second; an unlucky or hostile key set must not cost O(n^3)).
    combined = harness.verify("capset", {"d": d}, json.dumps(points).encode())  # the default 60 s limit
    assert combined.status is Status.ACCEPT, (combined.status, combined.reason, combined.message)
    assert combined.objective == count


@pytest.mark.parametrize("points, status", [(["0000", "0001", "0010", "0011"], "ACCEPT"),
                                             (["0000", "1111", "2222"], "REJECT"),
                                             (["0000", "0001", "0000"], "REJECT")])
def test_small_answers_are_decided_without_numpy(points, status):
    """Both verifiers decide an answer of at most 64 points in plain Python (a one-shot ``verify`` does
    not pay numpy's import); both confirm the other's witness without it too."""
    import subprocess
    import sys
    code = f"""
import sys
from endless_exam.checker.families import load as load_primary
from endless_exam.crosscheck.families import load as load_second
params, answer = {{"d": 4}}, {points!r}
p, s = load_primary("capset"), load_second("capset")
vp, vs = p.check(params, answer), s.check(params, answer)
assert vp.status.name == vs.status.name == {status!r}, (vp, vs)
if vp.witness is not None:
    assert s.witness_holds(params, answer, vp.witness)[0] and p.witness_holds(params, answer, vs.witness)[0]
print("numpy" in sys.modules)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


# ---- issue 21: d > 40 (sketch to 40 coordinates, candidates confirmed on the full points) ---------------

def _binary_points(rnd: random.Random, d: int, count: int) -> list[str]:
    """``count`` distinct points of {0,1}^d (a cap: three distinct such points never sum to 0)."""
    pts: set[str] = set()
    while len(pts) < count:
        pts.add("".join(rnd.choice("01") for _ in range(d)))
    return sorted(pts)


@pytest.mark.parametrize("d", [41, 100, 1000])
def test_capset_wide_d_valid_and_a_line_hidden_last(d):
    rnd = random.Random(d)
    pts = _binary_points(rnd, d, 150)
    rnd.shuffle(pts)
    expect("capset", {"d": d}, pts, None, len(pts))
    bad = pts + [neg_sum(pts[-2], pts[-1])]
    p, s = expect("capset", {"d": d}, bad, "PROPERTY_VIOLATION")
    assert p.witness["indices"] == s.witness["indices"] == [len(pts) - 2, len(pts) - 1, len(pts)]
    expect("capset", {"d": d}, pts + [pts[3]], "DUPLICATE")


def test_capset_wide_d_random_sets_match_brute_force():
    """Random small sets over {0,1,2} at d = 41..60 with planted lines: both wide paths against the definition."""
    rnd = random.Random(4141)
    for _ in range(30):
        d = rnd.randint(41, 60)
        pts = list({"".join(rnd.choice("012") for _ in range(d)) for _ in range(rnd.randint(1, 12))})
        if rnd.random() < 0.5 and len(pts) >= 2:
            x, y = rnd.sample(pts, 2)
            z = neg_sum(x, y)
            if z not in pts:
                pts.insert(rnd.randrange(len(pts) + 1), z)
        expect("capset", {"d": d}, pts, brute_capset(pts), len(pts))


def test_capset_wide_lines_beyond_coordinate_40():
    """Points that agree on their first 43 coordinates: a line among them is found (the sketch is not a
    projection), and replacing its third point by one that differs in the last coordinate only is a cap."""
    d = 45
    x, y = "0" * 44 + "1", "0" * 44 + "2"
    expect("capset", {"d": d}, [x, y, "0" * 45], "PROPERTY_VIOLATION")
    expect("capset", {"d": d}, [x, y, "0" * 43 + "10"], None, 3)
    a, b, c = ("1" + "0" * 42 + tail for tail in ("10", "22", "01"))          # a + b + c = 0
    p, s = expect("capset", {"d": d}, [a, x, b, y, c], "PROPERTY_VIOLATION")
    assert p.witness["indices"] == s.witness["indices"] == [0, 2, 4]


def test_capset_wide_limits():
    """d up to 10^7; at most 12,544 points beyond d = 40 (SIZE_LIMIT before anything is allocated); a product
    may expand to at most 2^25 characters."""
    assert schema.validate_params({"d": 10 ** 7}) == {"d": 10 ** 7}
    with pytest.raises(ParamsError):
        schema.validate_params({"d": 10 ** 7 + 1})
    pts = [format(k, "b").zfill(41) for k in range(schema.WIDE_MAX_POINTS + 1)]
    with pytest.raises(AnswerError) as err:
        schema.parse(pts, {"d": 41})
    assert err.value.reason == "SIZE_LIMIT" and "12,544" in str(err.value)
    assert len(schema.parse(pts[:-1], {"d": 41}).points) == schema.WIDE_MAX_POINTS == 12_544
    assert len(schema.parse([p[1:] for p in pts], {"d": 40}).points) == 12_545        # d <= 40: 20,000
    d = 2 ** 20
    factor = ["0" * (d - 6)]
    bits = [["0", "1"]] * 6
    with pytest.raises(AnswerError) as err:        # 64 points of 2^20 characters: 2^26 > 2^25
        schema.parse({"product": [factor, *bits]}, {"d": d})
    assert err.value.reason == "SIZE_LIMIT" and "characters" in str(err.value)
    assert len(schema.parse({"product": [factor, *bits[:5], ["0"]]}, {"d": d}).points) == 32
