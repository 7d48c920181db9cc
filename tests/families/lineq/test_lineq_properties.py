"""Property, mutation, formal-oracle and construction tests of the ``lineq`` family.

(a) On generated small sets (random a, b in 1..12, n <= 80) the primary verifier (polynomial product),
    the second verifier (bitsets per middle element), a brute-force statement of the definition over
    all ordered triples and the z3 oracle (``endless_exam.crosscheck.oracle.lineq``) agree; every witness is a real
    non-trivial solution or duplicate and is confirmed by the OTHER verifier.
(b) Mutations of valid sets (reference constructions, the ternary set, greedy sets): dropping keeps
    validity (objective minus the number dropped); duplicating is DUPLICATE; perturbing one element
    agrees with brute force; adding the missing third element of a solution is a PROPERTY_VIOLATION;
    the symmetries of the equation (reflection x -> n + 1 - x, translation, dilation when they fit,
    exchanging a and b, dividing a and b by a common factor) and list permutations keep verdict,
    reason and objective.
(c) The oracle: planted solutions are found, free sets are unsat, limits are enforced.
(d) Every reference construction is accepted by both verifiers with its claimed objective, reaching
    the suite reference; the digits form equals its literal list; the prompt states every limit.
"""
from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from endless_exam.certificates.reasons import WITNESS_REASONS
from endless_exam import fixtures
from endless_exam.certificates.schemas import lineq as schema
from endless_exam.certificates.errors import ParamsError
from endless_exam.certificates.forms import digits
from endless_exam.certificates.verdict import Status
from endless_exam.checker import prompts
from endless_exam.checker.suites import instances as suites
from endless_exam.checker.constructions import lineq as build
from endless_exam.checker.families import load as _load_primary
primary = _load_primary("lineq")
from endless_exam.crosscheck.families import load as _load_second
second = _load_second("lineq")
from endless_exam.crosscheck.oracle import lineq as oracle_mod
from endless_exam.crosscheck.oracle.lineq import decide
from tests.common import proplib
from tests.common.definitions import brute_lineq, expect

ORACLE_ELEMENTS = 60


# ---- helpers ------------------------------------------------------------------------------------------

def brute_has_solution(a: int, b: int, values) -> bool:
    """The definition over ordered triples (x, y, z) of members, excluding x = y = z."""
    vals = set(values)
    return any(a * x + b * y == (a + b) * z and not (x == y == z) for x in vals for y in vals for z in vals) \
        if len(vals) <= 40 else any(
            x != y and (a * x + b * y) % (a + b) == 0 and (a * x + b * y) // (a + b) in vals for x in vals for y in vals)


def both(answer, a: int, b: int, n: int):
    params = {"a": a, "b": b, "n": n}
    p, s = proplib.both(primary, second, params, answer)
    if p.reason in WITNESS_REASONS:
        els = schema.parse(answer, params).elements
        for verdict in (p, s):
            idx = verdict.witness["indices"]
            if p.reason == "PROPERTY_VIOLATION":
                x, y, z = verdict.witness["solution"]
                assert [els[t] for t in idx] == [x, y, z] and a * x + b * y == (a + b) * z and x != y
            else:
                assert els[idx[0]] == els[idx[1]] and idx[0] != idx[1]
    return p


def truth(a, b, values):
    if len(set(values)) != len(values):
        return Status.REJECT, "DUPLICATE"
    expect = brute_has_solution(a, b, values)
    if len(values) <= ORACLE_ELEMENTS:
        answer, hit = decide(list(values), a, b)
        assert answer in ("sat", "unsat")
        assert (answer == "sat") == expect
        if hit is not None:
            assert oracle_mod.is_solution(a, b, *(values[t] for t in hit))
    return (Status.REJECT, "PROPERTY_VIOLATION") if expect else (Status.ACCEPT, None)


def greedy(a, b, n, seed=None):
    order = list(range(1, n + 1))
    if seed is not None:
        random.Random(seed).shuffle(order)
    chosen: list[int] = []
    for m in order:
        if not brute_has_solution(a, b, chosen + [m]):
            chosen.append(m)
    return chosen


# ---- (a) generated small sets ----------------------------------------------------------------------------

@st.composite
def small_cases(draw):
    a = draw(st.integers(1, 12))
    b = draw(st.integers(1, 12))
    n = draw(st.integers(1, 80))
    values = draw(st.lists(st.integers(1, n), min_size=1, max_size=min(n + 2, 20)))
    return a, b, n, values


@settings(max_examples=200, deadline=None)
@given(small_cases())
def test_generated_sets_agree_with_definition_and_oracle(case):
    a, b, n, values = case
    p = both(values, a, b, n)
    status, reason = truth(a, b, values)
    assert (p.status, p.reason) == (status, reason)
    if status is Status.ACCEPT:
        assert p.objective == len(values)


@settings(max_examples=60, deadline=None)
@given(small_cases(), st.integers(2, 7))
def test_common_factor_of_a_and_b_does_not_matter(case, g):
    a, b, n, values = case
    if g * max(a, b) > schema.MAX_COEF:
        return
    p, q = both(values, a, b, n), both(values, g * a, g * b, n)
    assert (p.status, p.reason, p.objective) == (q.status, q.reason, q.objective)


# ---- (b) mutations ----------------------------------------------------------------------------------------

def valid_sets():
    out = []
    for name in ("a3b4n6248.json", "a1b1n300.json", "a2b3n17965.json"):
        doc = fixtures.read_json("constructions", "lineq", name)
        p = doc["params"]
        out.append((name, p["a"], p["b"], p["n"], list(doc["answer"])))
    out.append(("ternary-1000", 1, 1, 1000, [v for v in build.ternary(7) if v <= 1000]))
    out.append(("greedy-2-5-120", 2, 5, 120, greedy(2, 5, 120, seed=3)))
    out.append(("greedy-1-3-90", 1, 3, 90, greedy(1, 3, 90, seed=4)))
    return out


VALID = valid_sets()


@pytest.mark.parametrize("name, a, b, n, values", VALID, ids=[v[0] for v in VALID])
def test_valid_sets_are_valid(name, a, b, n, values):
    p = both(values, a, b, n)
    assert p.status is Status.ACCEPT and p.objective == len(values)
    assert not brute_has_solution(a, b, values)
    if len(values) <= ORACLE_ELEMENTS:
        assert decide(values, a, b)[0] == "unsat"


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(VALID), st.randoms(use_true_random=False))
def test_drop_and_duplicate(valid, rnd):
    name, a, b, n, values = valid
    k = rnd.randint(1, min(5, len(values) - 1)) if len(values) > 1 else 0
    kept = list(values)
    for _ in range(k):
        kept.pop(rnd.randrange(len(kept)))
    p = both(kept, a, b, n)
    assert p.status is Status.ACCEPT and p.objective == len(values) - k
    dup = list(values)
    dup.insert(rnd.randrange(len(dup) + 1), values[rnd.randrange(len(values))])
    assert both(dup, a, b, n).reason == "DUPLICATE"


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(VALID), st.randoms(use_true_random=False))
def test_perturb_one_element(valid, rnd):
    name, a, b, n, values = valid
    new = list(values)
    i = rnd.randrange(len(new))
    new[i] = max(1, min(n, new[i] + rnd.choice((-3, -2, -1, 1, 2, 3))))
    p = both(new, a, b, n)
    if len(set(new)) != len(new):
        assert p.reason == "DUPLICATE"
    else:
        assert (p.status is Status.REJECT) == brute_has_solution(a, b, new)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(VALID), st.randoms(use_true_random=False))
def test_adding_a_missing_third_element_is_a_solution(valid, rnd):
    name, a, b, n, values = valid
    g = math.gcd(a, b)
    a1, b1 = a // g, b // g
    have = set(values)
    z = values[rnd.randrange(len(values))]
    options = []
    for x in values:
        if x != z and (x - z) % b1 == 0:
            t = (x - z) // b1
            y = z - a1 * t                                  # a x + b y = (a + b) z
            if 1 <= y <= n and y not in have:
                options.append(y)
    if not options:
        return
    new = list(values)
    new.insert(rnd.randrange(len(new) + 1), options[rnd.randrange(len(options))])
    assert both(new, a, b, n).reason == "PROPERTY_VIOLATION"


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.sampled_from(VALID).map(lambda v: v[1:]), small_cases()), st.integers(0, 2 ** 32))
def test_symmetries_keep_verdict_and_objective(case, seed):
    a, b, n, values = case
    rng = random.Random(seed)
    before = both(values, a, b, n)
    key = (before.status, before.reason, before.objective)
    moved = [n + 1 - v for v in values]                           # reflection
    rng.shuffle(moved)
    after = both(moved, a, b, n)
    assert (after.status, after.reason, after.objective) == key
    assert (lambda v: (v.status, v.reason, v.objective))(both(list(values), b, a, n)) == key   # a <-> b
    shift = rng.randint(0, 5)
    if max(values) + shift <= n:
        assert (lambda v: (v.status, v.reason, v.objective))(both([v + shift for v in values], a, b, n)) == key
    lam = rng.randint(2, 3)
    if max(values) * lam <= n:
        assert (lambda v: (v.status, v.reason, v.objective))(both([v * lam for v in values], a, b, n)) == key


# ---- (c) the oracle ------------------------------------------------------------------------------------------

def test_oracle_finds_planted_solutions():
    values = greedy(2, 3, 60, seed=1)
    assert decide(values, 2, 3)[0] == "unsat"
    have = set(values)
    z, x = next((z, x) for z in values for x in values if x != z and (x - z) % 3 == 0
                and 1 <= z - 2 * ((x - z) // 3) <= 60 and z - 2 * ((x - z) // 3) not in have)
    y = z - 2 * ((x - z) // 3)
    answer, hit = decide(values + [y], 2, 3)
    assert answer == "sat"
    assert oracle_mod.is_solution(2, 3, *((values + [y])[t] for t in hit))


@pytest.mark.parametrize("values, a, b, expect", [
    ([1, 2, 3], 1, 1, "sat"), ([1, 2, 4], 1, 1, "unsat"), ([5, 5, 5], 1, 1, "unsat"),
    ([1, 4, 6], 2, 3, "sat"), ([1, 6, 5], 2, 3, "unsat"), ([1, 1000, 2000], 1000, 999, "sat"),
    ([7], 3, 4, "unsat"),
])
def test_oracle_small_cases(values, a, b, expect):
    assert decide(values, a, b)[0] == expect


def test_oracle_limits():
    for bad in (([1] * (oracle_mod.MAX_ELEMENTS + 1), 1, 1), ([True], 1, 1), ([1], 0, 1), ([1], 1, 1001), ([-1], 1, 1)):
        with pytest.raises(ValueError):
            decide(*bad)


# ---- (d) constructions, forms, prompt ---------------------------------------------------------------------

CONSTRUCTIONS = list(fixtures.list_json("constructions", "lineq"))


@pytest.mark.parametrize("name, doc", CONSTRUCTIONS, ids=[c[0] for c in CONSTRUCTIONS])
def test_reference_constructions_are_accepted(name, doc):
    params = proplib.assert_reference_construction("lineq", primary, second, doc)
    inst = next(i for i in suites.all_instances() if i.family == "lineq" and i.params == params)
    assert doc["objective"] >= int(inst.reference)


def test_every_suite_instance_has_a_construction():
    covered = {tuple(sorted(d["params"].items())) for _, d in CONSTRUCTIONS}
    wanted = {tuple(sorted(i.params.items())) for i in suites.all_instances() if i.family == "lineq"}
    assert wanted <= covered


def test_digits_form_equals_its_literal_list():
    spec = {"base": 3, "allowed": [0, 1], "length": 10, "sum_squares": None, "offset": 1}
    literal = list(digits.expand(digits.check_spec(spec), 1, 32000))
    assert literal == build.ternary(10) and len(literal) == 1024
    p, q = both({"digits": spec}, 1, 1, 32000), both(literal, 1, 1, 32000)
    assert p.status is q.status is Status.ACCEPT and p.objective == q.objective == 1024
    # the upstream test: the ternary set is not free of x + 2y = 3z (1 + 2*4 = 3*3) ...
    assert both({"digits": spec}, 1, 2, 32000).reason == "PROPERTY_VIOLATION"
    # ... while base 4 digits {0, 1} (8 digits) are
    assert both({"digits": {"base": 4, "allowed": [0, 1], "length": 8, "offset": 1}}, 1, 2, 32000).status is Status.ACCEPT


def test_prompt_states_every_limit():
    text = prompts.prompt("lineq", {"a": 3, "b": 4, "n": 19044})
    for needle in ("20,000", "60,000", "480,000", "1,000,000", "1,000,000,000,000", "10^18", "digits", "60 seconds",
                   "3*x + 4*y = 7*z", "1..19044"):
        assert needle in text, needle
    for sentence in digits.limit_sentences():
        assert sentence in text
    assert primary.SPEC.bound({"a": 3, "b": 4, "n": 19044}) == (19044, "trivial")


@pytest.mark.parametrize("params", [
    {"a": 0, "b": 1, "n": 10}, {"a": 1, "b": 10 ** 6 + 1, "n": 10}, {"a": 1, "b": 1, "n": 0},
    {"a": 1, "b": 1, "n": 10 ** 12 + 1}, {"a": True, "b": 1, "n": 10}, {"a": 1, "b": 1.0, "n": 10},
    {"a": 1, "b": 1}, {"a": 1, "b": 1, "n": 10, "c": 1},
])
def test_params_schema(params):
    with pytest.raises(ParamsError):
        schema.validate_params(params)


def test_params_schema_boundaries():
    assert schema.validate_params({"a": 1000, "b": 1000, "n": 5000}) == {"a": 1000, "b": 1000, "n": 5000}
    assert schema.validate_params({"a": 4, "b": 6, "n": 1_000_000}) == {"a": 4, "b": 6, "n": 1_000_000}
    top = {"a": 10 ** 6, "b": 10 ** 6, "n": 10 ** 12}     # issue 21: no (a + b) n bound any more
    assert schema.validate_params(top) == top


# ---- issue 21: large n and large coefficients (sparse membership in both verifiers) ---------------------

def _free_digits(a: int, b: int, count: int) -> list[int]:
    """The first ``count`` numbers with digits 0/1 in base a + b + 1: no carries in a x + b y, so every
    digit of a solution satisfies a x_i + b y_i = (a + b) z_i over {0, 1}, i.e. x_i = y_i = z_i."""
    base, out = a + b + 1, []
    for k in range(1, count + 1):
        out.append(sum(((k >> i) & 1) * base ** i for i in range(k.bit_length())))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_large_n_random_sets_match_brute_force(seed):
    """Small sets spread over 1..10^12 (sparse paths of both verifiers: span > 2^26, n > 10^6), with large
    coefficients too, and planted solutions; verdicts against the definition."""
    rnd = random.Random(2100 + seed)
    for _ in range(40):
        a = rnd.choice([1, 2, 3, rnd.randint(1, 10 ** 6)])
        b = rnd.choice([1, 5, a, rnd.randint(1, 10 ** 6)])
        n = 10 ** 12
        g = math.gcd(a, b)
        step = rnd.choice([1, 7, (a + b) // g, 10 ** 8 + 7])
        els = list({1 + step * rnd.randint(0, (n - 1) // step) for _ in range(rnd.randint(1, 12))})
        if rnd.random() < 0.5:
            t = rnd.choice([1, -1, rnd.randint(1, 10 ** 5)])
            z = rnd.randint(10 ** 11, 9 * 10 ** 11)
            els += [v for v in (z, z + b // g * t, z - a // g * t) if v not in els and 1 <= v <= n]
            rnd.shuffle(els)
        expect("lineq", {"a": a, "b": b, "n": n}, els, brute_lineq(els, a, b), len(els))


def test_large_n_with_a_solution_last_and_without():
    """n = 10^9 and n = 10^12 with a free set of 600 elements in one residue class (a 1..n table would be
    10^12 cells): valid; the completion of the last two elements appended last is rejected by both."""
    for a, b, n in ((1, 2, 10 ** 9), (1, 1, 10 ** 12), (3, 7, 10 ** 12)):
        els = [6 * v + 1 for v in _free_digits(a, b, 600) if 6 * v + 1 <= n]
        expect("lineq", {"a": a, "b": b, "n": n}, els, None, len(els))
        x, y = els[-2], els[-1]
        while (a * x + b * y) % (a + b):                  # same class mod (a + b): the middle is an integer
            x = els[els.index(x) - 1]
        z = (a * x + b * y) // (a + b)
        assert z not in els
        v = both(els + [z], a, b, n)
        assert v.reason == "PROPERTY_VIOLATION"


def test_sparse_paths_forced_agree_with_dense_ones():
    """The second verifier's sparse path forced on small instances gives the verdict of its bitsets."""
    rnd = random.Random(21)
    for _ in range(200):
        a, b, n = rnd.randint(1, 9), rnd.randint(1, 9), rnd.randint(1, 60)
        els = tuple(rnd.sample(range(1, n + 1), rnd.randint(1, min(n, 10))))
        dense = second.module.find_solution(els, a, b, n, sparse=False)
        sparse = second.module.find_solution(els, a, b, n, sparse=True)
        assert dense == sparse, (a, b, n, els)


# ---- long campaign (run with -m slow) ------------------------------------------------------------------

@pytest.mark.slow
@settings(max_examples=1500, deadline=None)
@given(st.integers(1, 60), st.integers(1, 60), st.integers(1, 3000).flatmap(
    lambda n: st.tuples(st.just(n), st.lists(st.integers(1, n), min_size=1, max_size=150))))
def test_slow_campaign_larger_sets(a, b, case):
    n, values = case
    p = both(values, a, b, n)
    if len(set(values)) != len(values):
        assert p.reason == "DUPLICATE"
    else:
        assert (p.status is Status.REJECT) == brute_has_solution(a, b, values)


# ---- against the definition and hostile inputs (brute force, adversarial structure) ----------------

@pytest.mark.parametrize("seed", range(3))
def test_lineq_random_sets_match_brute_force(seed):
    rnd = random.Random(5000 + seed)
    for _ in range(150):
        a = rnd.choice([1, 2, 3, 4, 6, rnd.randint(1, 1000)])
        b = rnd.choice([1, 2, 3, 5, a, rnd.randint(1, 1000)])
        n = rnd.randint(1, 80)
        els = rnd.sample(range(1, n + 1), rnd.randint(1, min(n, 9)))
        if rnd.random() < 0.4:          # plant z, z + b't, z - a't
            from math import gcd
            g = gcd(a, b)
            z, t = rnd.randint(1, n), rnd.randint(-3, 3) or 1
            els += [v for v in (z, z + b // g * t, z - a // g * t) if 1 <= v <= n and v not in els]
            rnd.shuffle(els)
        if rnd.random() < 0.1:
            els.append(rnd.choice(els))
        expect("lineq", {"a": a, "b": b, "n": n}, els, brute_lineq(els, a, b), len(els))


def test_lineq_x_equals_y_is_trivial_only():
    expect("lineq", {"a": 1, "b": 1, "n": 10}, [5], None, 1)
    expect("lineq", {"a": 2, "b": 1, "n": 10}, [1, 3, 7], "PROPERTY_VIOLATION")   # 2*1 + 1*7 = 3*3
    expect("lineq", {"a": 1, "b": 1, "n": 10}, [1, 2, 4, 5], None, 4)


def test_lineq_flint_product_at_the_largest_n():
    params = {"a": 1, "b": 1, "n": 10 ** 6}
    spec = {"base": 3, "allowed": [0, 1], "length": 13, "offset": 1}   # 8192 elements, 3-AP-free
    expect("lineq", params, {"digits": spec}, None, 8192)
    els = sorted(1 + sum(((k >> i) & 1) * 3 ** i for i in range(13)) for k in range(8192))
    y, z = 1 + 3 ** 12, 1 + 3 ** 12 + 3 ** 11
    expect("lineq", params, els + [2 * z - y], "PROPERTY_VIOLATION")
    params = {"a": 1, "b": 9, "n": 10 ** 6}
    expect("lineq", params, [10 ** 6, 10 ** 6 - 10], None, 2)
    expect("lineq", params, [10 ** 6 - 1, 10 ** 6 - 11, 10 ** 6 - 10], "PROPERTY_VIOLATION")  # x = z + 9, y = z - 1
