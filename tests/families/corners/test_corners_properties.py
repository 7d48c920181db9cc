"""Property, mutation, formal-oracle and construction tests of the ``corners`` family.

(a) On generated small point sets (n <= 8) the primary verifier (also with a tiny pair chunk, to
    cross chunk boundaries), the second verifier, a brute-force statement of the definition and the
    z3 oracle (``endless_exam.crosscheck.oracle.corners``) agree; every witness is a real corner or duplicate and is
    confirmed by the OTHER verifier.
(b) The diff-set fact: the points with x - y in D contain a corner iff D contains a 3-term progression
    a - d, a, a + d with d != 0 (hypothesis over random D, both verifiers, literal and compact forms).
(c) Mutations of valid sets (reference constructions, translated ternary diff sets, small greedy
    sets): dropping keeps validity (objective minus the number dropped); duplicating is DUPLICATE;
    perturbing one coordinate agrees with brute force; adding the completion of a row pair is a
    PROPERTY_VIOLATION; the symmetries of the corner pattern (transposition (x, y) -> (y, x), point
    reflection (x, y) -> (n-1-x, n-1-y)) and list permutations keep verdict, reason and objective.
(d) The oracle: planted corners are found, corner-free sets are unsat, limits are enforced.
(e) Every reference construction is accepted by both verifiers with its claimed objective, reaching
    the suite reference; the prompt states every limit.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from endless_exam.certificates.reasons import WITNESS_REASONS
from endless_exam import fixtures
from endless_exam.certificates.schemas import corners as schema
from endless_exam.certificates.forms import diffset, digits
from endless_exam.certificates.verdict import Status
from endless_exam.certificates.errors import AnswerError
from endless_exam.checker import prompts
from endless_exam.checker.suites import instances as suites
from endless_exam.checker.constructions import corners as build
from endless_exam.checker.families import load as _load_primary
primary = _load_primary("corners")
from endless_exam.crosscheck.families import load as _load_second
second = _load_second("corners")
from endless_exam.crosscheck.oracle import corners as oracle_mod
from endless_exam.crosscheck.oracle.corners import decide
from tests.common import proplib
from tests.common.definitions import brute_corners, expect

ORACLE_POINTS = 60


# ---- helpers ------------------------------------------------------------------------------------------

def brute_has_corner(points) -> bool:
    """The definition: a point (x, y), a second point (x + d, y) of its row, d != 0, and (x, y + d)."""
    have = set(map(tuple, points))
    rows: dict[int, list[int]] = {}
    for x, y in have:
        rows.setdefault(y, []).append(x)
    return any(x2 != x and (x, y + (x2 - x)) in have for (x, y) in have for x2 in rows[y])


def both(answer, n: int):
    params = {"n": n}
    p, s = proplib.both(primary, second, params, answer)
    if p.reason in WITNESS_REASONS:
        pts = schema.parse(answer, params).points
        for verdict in (p, s):
            idx = verdict.witness["indices"]
            if p.reason == "PROPERTY_VIOLATION":
                x, y, d = verdict.witness["corner"]
                assert d != 0 and [pts[t] for t in idx] == [(x, y), (x + d, y), (x, y + d)]
            else:
                assert pts[idx[0]] == pts[idx[1]] and idx[0] != idx[1]
    return p


def truth(points, n: int):
    pts = [tuple(p) for p in points]
    if len(set(pts)) != len(pts):
        return Status.REJECT, "DUPLICATE"
    if len(pts) <= ORACLE_POINTS:
        answer, hit = decide(pts)
        assert answer in ("sat", "unsat")
        expect = answer == "sat"
        assert expect == brute_has_corner(pts)
    else:
        expect = brute_has_corner(pts)
    return (Status.REJECT, "PROPERTY_VIOLATION") if expect else (Status.ACCEPT, None)


def has_3ap(diffs) -> bool:
    s = set(diffs)
    return any(a != b and 2 * b - a in s for a in s for b in s)


def ternary_diffs(n: int) -> list[int]:
    _, length, c = build.best_translate(n)
    return [t - c for t in build.ternary(length) if abs(t - c) < n]


def greedy_set(n: int, seed: int) -> list[list[int]]:
    cells = [(x, y) for x in range(n) for y in range(n)]
    random.Random(seed).shuffle(cells)
    chosen: list[tuple[int, int]] = []
    for c in cells:
        if not brute_has_corner(chosen + [c]):
            chosen.append(c)
    return [list(p) for p in chosen]


# ---- (a) generated small sets ---------------------------------------------------------------------------

@st.composite
def small_sets(draw):
    n = draw(st.integers(1, 8))
    cells = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    pts = draw(st.lists(cells, min_size=1, max_size=min(24, n * n + 2)))
    return n, [list(p) for p in pts]


@settings(max_examples=150, deadline=None)
@given(small_sets())
def test_generated_sets_agree_with_definition_and_oracle(case):
    n, pts = case
    p = both(pts, n)
    status, reason = truth(pts, n)
    assert (p.status, p.reason) == (status, reason)
    if status is Status.ACCEPT:
        assert p.objective == len(pts)


@settings(max_examples=60, deadline=None)
@given(small_sets())
def test_primary_chunking_does_not_change_the_answer(case):
    n, pts = case
    tuples = tuple(tuple(p) for p in pts)
    if len(set(tuples)) != len(tuples):
        return
    ref = primary.module.find_corner(tuples, n)
    old = primary.module.PAIR_CHUNK
    try:
        for chunk in (1, 2, 5):
            primary.module.PAIR_CHUNK = chunk
            assert primary.module.find_corner(tuples, n) == ref
    finally:
        primary.module.PAIR_CHUNK = old


# ---- (b) the diff-set fact --------------------------------------------------------------------------------

@settings(max_examples=120, deadline=None)
@given(st.integers(1, 25).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.integers(-(n - 1), n - 1), min_size=1, max_size=8, unique=True))))
def test_diff_set_has_a_corner_iff_it_has_a_3ap(case):
    n, diffs = case
    expect = has_3ap(diffs)
    p = both({"diff_set": diffs}, n)
    literal = [list(q) for q in diffset.check(diffs, n)]
    q = both(literal, n)
    assert (p.status, p.reason, p.objective) == (q.status, q.reason, q.objective)
    if expect:
        assert p.reason == "PROPERTY_VIOLATION"
    else:
        assert p.status is Status.ACCEPT and p.objective == sum(n - abs(d) for d in diffs)


def test_digit_spec_diff_set_equals_its_literal_list():
    n = 40
    spec = {"base": 3, "allowed": [0, 1], "length": 4, "offset": -13}
    diffs = list(diffset.check_diffs(spec, n))
    assert not has_3ap(diffs)
    a, b = both({"diff_set": spec}, n), both({"diff_set": diffs}, n)
    assert a.status is Status.ACCEPT and a.objective == b.objective == sum(n - abs(d) for d in diffs)


# ---- (c) mutations ----------------------------------------------------------------------------------------

def valid_sets():
    out = []
    doc = fixtures.read_json("constructions", "corners", "n138.json")
    out.append(("n138-local-search", doc["params"]["n"], doc["answer"]))
    for n in (20, 31):
        out.append((f"ternary-{n}", n, [list(q) for q in diffset.check(ternary_diffs(n), n)]))
    for seed in (1, 2):
        out.append((f"greedy-9-{seed}", 9, greedy_set(9, seed)))
    return out


VALID = valid_sets()


@pytest.mark.parametrize("name, n, pts", VALID, ids=[v[0] for v in VALID])
def test_valid_sets_are_valid(name, n, pts):
    p = both(pts, n)
    assert p.status is Status.ACCEPT and p.objective == len(pts)
    if len(pts) <= ORACLE_POINTS:
        assert decide([tuple(q) for q in pts])[0] == "unsat"


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(VALID), st.randoms(use_true_random=False))
def test_drop_and_duplicate(valid, rnd):
    name, n, pts = valid
    k = rnd.randint(1, min(5, len(pts) - 1)) if len(pts) > 1 else 0
    kept = list(pts)
    for _ in range(k):
        kept.pop(rnd.randrange(len(kept)))
    p = both(kept, n)
    assert p.status is Status.ACCEPT and p.objective == len(pts) - k
    dup = list(pts)
    dup.insert(rnd.randrange(len(dup) + 1), list(pts[rnd.randrange(len(pts))]))
    assert both(dup, n).reason == "DUPLICATE"


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(VALID), st.randoms(use_true_random=False))
def test_perturb_one_coordinate(valid, rnd):
    name, n, pts = valid
    i = rnd.randrange(len(pts))
    c = rnd.randrange(2)
    new = [list(q) for q in pts]
    new[i][c] = rnd.randrange(n)
    p = both(new, n)
    tuples = [tuple(q) for q in new]
    if len(set(tuples)) != len(tuples):
        assert p.reason == "DUPLICATE"
    else:
        assert (p.status is Status.REJECT) == brute_has_corner(tuples)
        if p.status is Status.REJECT:
            assert p.reason == "PROPERTY_VIOLATION"


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(VALID), st.randoms(use_true_random=False))
def test_adding_a_row_pair_completion_is_a_corner(valid, rnd):
    name, n, pts = valid
    have = {tuple(q) for q in pts}
    options = [(x, y + (x2 - x)) for (x, y) in have for (x2, y2) in have
               if y2 == y and x2 != x and 0 <= y + (x2 - x) < n and (x, y + (x2 - x)) not in have]
    if not options:
        return
    extra = options[rnd.randrange(len(options))]
    new = [list(q) for q in pts]
    new.insert(rnd.randrange(len(new) + 1), list(extra))
    assert both(new, n).reason == "PROPERTY_VIOLATION"


def _transpose(pts, n):
    return [[y, x] for x, y in pts]


def _reflect(pts, n):
    return [[n - 1 - x, n - 1 - y] for x, y in pts]


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.sampled_from(VALID).map(lambda v: (v[1], v[2])), small_sets()),
       st.sampled_from([_transpose, _reflect]), st.integers(0, 2 ** 32))
def test_symmetries_keep_verdict_and_objective(case, sym, seed):
    n, pts = case
    before = both(pts, n)
    moved = sym(pts, n)
    random.Random(seed).shuffle(moved)
    after = both(moved, n)
    assert (before.status, before.reason, before.objective) == (after.status, after.reason, after.objective)


# ---- (d) the oracle ------------------------------------------------------------------------------------------

def test_oracle_finds_a_planted_corner():
    pts = [tuple(q) for q in greedy_set(7, 3)]
    assert decide(pts)[0] == "unsat"
    have = set(pts)
    (x, y), (x2, _) = next(((a, b) for a in pts for b in pts if a[1] == b[1] and a[0] != b[0]
                            and 0 <= a[1] + b[0] - a[0] < 7 and (a[0], a[1] + b[0] - a[0]) not in have))
    planted = pts + [(x, y + (x2 - x))]
    answer, hit = decide(planted)
    assert answer == "sat"
    i, j, k, d = hit
    assert oracle_mod.is_corner(planted[i], planted[j], planted[k]) and d != 0


@pytest.mark.parametrize("pts, expect", [
    ([(0, 0), (1, 0), (0, 1)], "sat"),
    ([(5, 5), (3, 5), (5, 3)], "sat"),                   # d = -2
    ([(5, 5), (3, 5), (5, 7)], "unsat"),                 # mixed signs: not a corner
    ([(0, 0), (0, 0), (0, 0)], "unsat"),                 # d = 0 is excluded
    ([(2, 2)], "unsat"),
])
def test_oracle_small_cases(pts, expect):
    assert decide(pts)[0] == expect


def test_oracle_limits():
    with pytest.raises(ValueError):
        decide([(0, 0)] * (oracle_mod.MAX_POINTS + 1))
    with pytest.raises(ValueError):
        decide([(0, True)])
    with pytest.raises(ValueError):
        decide([(0, -1)])
    with pytest.raises(ValueError):
        decide([(0, 1, 2)])


# ---- (e) constructions and prompt --------------------------------------------------------------------------

CONSTRUCTIONS = list(fixtures.list_json("constructions", "corners"))


@pytest.mark.parametrize("name, doc", CONSTRUCTIONS, ids=[c[0] for c in CONSTRUCTIONS])
def test_reference_constructions_are_accepted(name, doc):
    params = proplib.assert_reference_construction("corners", primary, second, doc)
    inst = next(i for i in suites.all_instances() if i.family == "corners" and i.params == params)
    assert doc["objective"] >= int(inst.reference)       # bench-v1 references, or the a1/a2 baselines (ratio 1)


def test_every_suite_instance_has_a_construction():
    covered = {json_params["n"] for _, d in CONSTRUCTIONS for json_params in [d["params"]]}
    wanted = {i.params["n"] for i in suites.all_instances() if i.family == "corners"}
    assert wanted <= covered


def test_ternary_translation_reaches_the_references_exactly():
    refs = {int(i.params["n"]): int(i.reference) for i in suites.load("bench-v1") if i.family == "corners"}
    for n, ref in refs.items():
        weight, _, _ = build.best_translate(n)
        assert weight == ref


def test_prompt_states_every_limit():
    text = prompts.prompt("corners", {"n": 138})
    for needle in ("4,000,000", "60,000", "480,000", "1,000,000,000", "120,000,000", "2,000",
                   "1,000,000", "10^18", "diff_set", "60 seconds", "-137..137"):
        assert needle in text, needle
    assert schema.MAX_POINTS == 4_000_000 and diffset.POINT_LIMIT == schema.DENSE_POINTS == 60_000
    assert schema.MAX_N == 10 ** 9
    for sentence in digits.limit_sentences():
        assert sentence in text
    assert primary.SPEC.bound({"n": 138}) == (138 ** 2, "trivial")


@pytest.mark.parametrize("params", [{"n": 0}, {"n": 10 ** 9 + 1}, {"n": True}, {"n": 10.0}, {"n": 10, "d": 2}, {}])
def test_params_schema(params):
    from endless_exam.certificates.errors import ParamsError
    with pytest.raises(ParamsError):
        schema.validate_params(params)


# ---- long campaign (run with -m slow) ------------------------------------------------------------------

@pytest.mark.slow
@settings(max_examples=1500, deadline=None)
@given(st.integers(2, 40).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), min_size=1, max_size=120))))
def test_slow_campaign_larger_sets(case):
    n, pts = case
    answer = [list(p) for p in pts]
    p = both(answer, n)
    tuples = [tuple(q) for q in pts]
    if len(set(tuples)) != len(tuples):
        assert p.reason == "DUPLICATE"
    else:
        assert (p.status is Status.REJECT) == brute_has_corner(tuples)


# ---- against the definition and hostile inputs (brute force, adversarial structure) ----------------

@pytest.mark.parametrize("seed", range(3))
def test_corners_random_sets_match_brute_force(seed):
    rnd = random.Random(3000 + seed)
    for _ in range(150):
        n = rnd.randint(1, 8)
        grid = [(x, y) for x in range(n) for y in range(n)]
        pts = rnd.sample(grid, rnd.randint(1, min(len(grid), 14)))
        if rnd.random() < 0.15:
            pts.insert(rnd.randrange(len(pts) + 1), rnd.choice(pts))
        expect("corners", {"n": n}, [list(p) for p in pts], brute_corners(pts, n), len(pts))


def test_corners_negative_d_is_a_corner():
    # (2, 2), (0, 2), (2, 0): d = -2
    expect("corners", {"n": 3}, [[2, 2], [0, 2], [2, 0]], "PROPERTY_VIOLATION")
    expect("corners", {"n": 3}, [[2, 2], [0, 2], [0, 0]], None, 3)


@pytest.mark.parametrize("seed", range(2))
def test_corners_literal_diff_sets_match_brute_force(seed):
    rnd = random.Random(4000 + seed)
    for _ in range(150):
        n = rnd.randint(1, 9)
        diffs = [rnd.randint(-(n - 1), n - 1) for _ in range(rnd.randint(1, 5))]
        pts = [(x, x - d) for d in diffs for x in range(n) if 0 <= x - d < n]
        expect("corners", {"n": n}, {"diff_set": diffs}, brute_corners(pts, n), len(pts))


def test_corners_full_row_crosses_pair_chunks_with_planted_corners():
    n = 2000
    row0 = [[x, 0] for x in range(n)]
    expect("corners", {"n": n}, row0, None, n)
    expect("corners", {"n": n}, row0 + [[5, 7]], "PROPERTY_VIOLATION")                 # d = +7
    top = [[x, n - 1] for x in range(n)]
    expect("corners", {"n": n}, top + [[1990, n - 4]], "PROPERTY_VIOLATION")           # d = -3
    expect("corners", {"n": n}, top + [[3, n - 4]], "PROPERTY_VIOLATION")              # d = -3, partner at x = 0
    expect("corners", {"n": n}, top + [[2, n - 4]], None, n + 1)                        # (2 - 3, n - 1) is off the grid
    # a point of the full row itself can only be a corner point with both partners present
    expect("corners", {"n": n}, top + [[n - 1, 0]], "PROPERTY_VIOLATION")              # d = -(n-1)


# ---- large grids (issue 21): n up to 10^9, the sparse paths of both verifiers -----------------------

def _random_large(seed: int, size: int, n: int, span: int) -> list[list[int]]:
    rnd = random.Random(seed)
    base = rnd.randrange(n - span)
    pts = {(base + rnd.randrange(span), base + rnd.randrange(span)) for _ in range(size)}
    return [list(p) for p in sorted(pts, key=lambda p: rnd.random())]


@pytest.mark.parametrize("seed", range(40))
def test_large_grid_paths_agree_with_the_definition(seed):
    """Random sets in a small window of a huge grid (so that corners occur): both sparse paths against
    brute force, and against the dense paths on the translated set (a translation keeps corners)."""
    n = 10 ** 6 + seed
    pts = _random_large(seed, 5 + seed * 3, n, 12 + seed)
    lo_x, lo_y = min(p[0] for p in pts), min(p[1] for p in pts)
    truth = any((x + d, y) in set(map(tuple, pts)) and (x, y + d) in set(map(tuple, pts))
                for x, y in pts for d in range(-40, 41) if d)
    p, s = proplib.both(primary, second, {"n": n}, pts)
    assert (p.reason == "PROPERTY_VIOLATION") == truth, (p, pts)
    small = [[x - lo_x, y - lo_y] for x, y in pts]
    q, _ = proplib.both(primary, second, {"n": 200}, small)
    assert q.reason == p.reason


def test_large_grid_fifty_points_corner_last():
    n = 10 ** 6
    rnd = random.Random(8)
    pts = [[rnd.randrange(n), rnd.randrange(n)] for _ in range(47)] + [[999_000, 7], [999_010, 7], [999_000, 17]]
    p, s = proplib.both(primary, second, {"n": n}, pts)
    assert p.witness == s.witness == {"corner": [999_000, 7, 10], "indices": [47, 48, 49]}
    p, s = proplib.both(primary, second, {"n": n}, pts[:49])
    assert p.status is Status.ACCEPT and p.objective == 49


def test_large_grid_views_find_negative_and_antidiagonal_corners():
    """One long row and one long column, so the primary scans anti-diagonals or another view; the
    planted corner has d < 0."""
    n = 10 ** 9
    row = [[10 ** 6 + i, 5] for i in range(3000)]
    col = [[7, 2 * 10 ** 6 + i] for i in range(3000)]
    corner = [[500_000_000, 500_000_000], [499_999_990, 500_000_000], [500_000_000, 499_999_990]]
    p, s = proplib.both(primary, second, {"n": n}, row + col + corner)
    assert p.witness["corner"] == s.witness["corner"] == [500_000_000, 500_000_000, -10]
    p, s = proplib.both(primary, second, {"n": n}, row + col + corner[:2])
    assert p.status is Status.ACCEPT


def test_pair_bound_refuses_from_the_coordinates():
    n = 10 ** 6
    L = 15_500                                    # three lines of 15,500 points: every view > 1.2e8 pairs
    pts = [[100_000 + i, 0] for i in range(L)] + [[0, 200_000 + i] for i in range(L)] + \
          [[300_000 + i, 600_000 - i] for i in range(L)]
    assert schema.pair_work(tuple(c for p in pts for c in p)) > schema.MAX_PAIRS
    with pytest.raises(AnswerError) as info:
        schema.parse(pts, {"n": n})
    assert info.value.reason == "SIZE_LIMIT"
    # the same lines at n = 2,000 scale need no bound (dense paths): a full row of 2,000 points
    assert schema.parse([[x, 0] for x in range(2000)], {"n": 2000}).n == 2000


def test_lists_beyond_the_former_cap_and_the_new_one():
    """60,001 points (the former cap) pass the size check; 4,000,001 are refused from the length alone."""
    assert len(schema.parse([[x, y] for y in range(31) for x in range(1936)][:60_001], {"n": 2000}).coords) == 120_002
    with pytest.raises(AnswerError) as info:
        schema.parse([[0, 0]] * (schema.MAX_POINTS + 1), {"n": 2000})
    assert info.value.reason == "SIZE_LIMIT"


def test_lookup_bound_takes_the_cheapest_role():
    """A product set A x B, A = multiples of 1,000, B = 0..s-1: rows and columns of s points, every
    anti-diagonal holds one point, so as a corner point a point costs s lookups (s^3 in all, over the
    bound for s = 460: issue 31) but as a right or top point one: admitted. The s x s block has long
    rows, columns and anti-diagonals: refused for s = 500 (every role over 8e7), admitted for s = 480."""
    n = 10 ** 6
    pts = [[1000 * i, j] for i in range(460) for j in range(460)]
    coords = tuple(c for p in pts for c in p)
    assert schema.pair_work(coords) == 0 and schema.role_lookups(coords) == (460 ** 3, 460 ** 2, 460 ** 2)
    assert schema.lookup_work(coords) == 460 ** 2 and schema.parse(pts, {"n": n}).n == n
    for s, refused in ((500, True), (480, False)):
        block = [[x, y] for x in range(s) for y in range(s)]
        if refused:
            with pytest.raises(AnswerError) as info:
                schema.parse(block, {"n": n})
            assert info.value.reason == "SIZE_LIMIT" and "three roles" in str(info.value)
        else:
            assert schema.parse(block, {"n": n}).n == n
