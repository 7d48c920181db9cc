"""The primary's two lineq methods and the choice between them (``checker.families.lineq``).

The primary either scans the unordered pairs of one residue class mod s = (a + b)/gcd(a, b) (early
exit), or multiplies two Kronecker-packed FLINT integers, after a bounded probe scan; the choice is a
cost estimate. These tests:
(a) check the lemma the scan rests on (every non-trivial solution has x = y mod s) by brute force;
(b) force each method on generated sets and compare with brute force and the second verifier, whose
    ``witness_holds`` confirms every witness; chunk sizes (down to one pair) do not change the scan's
    first hit;
(c) check ``representation_counts`` against a brute count, at the 8/16-bit slot boundary (|A| = 255
    with a count of 255, |A| = 256), and shifted (sets far from 1);
(d) put the method boundary exactly on an input (cost model constants set so that both estimates
    are equal, then nudged): the default agrees with both forced methods on valid and planted sets;
(e) the probe: a large valid set with a planted solution among its first pairs is rejected by the
    probe (no product is computed), one whose only solution is outside the probe's budget by the
    product; both witnesses are confirmed by the second verifier;
(f) the inputs of issue 8 take the intended method and agree with the second verifier.
"""
from __future__ import annotations

import math
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from endless_exam.certificates.reasons import WITNESS_REASONS
from endless_exam import fixtures
from endless_exam.certificates.schemas import lineq as schema
from endless_exam.certificates.verdict import Status
from endless_exam.checker.constructions import lineq as build
from endless_exam.checker.families import load as _load_primary
primary = _load_primary("lineq")
from endless_exam.crosscheck.families import load as _load_second
second = _load_second("lineq")
from tests.common import proplib


def solutions(a: int, b: int, values) -> list[tuple[int, int, int]]:
    vals = set(values)
    return [(x, y, (a * x + b * y) // (a + b)) for x in vals for y in vals
            if x != y and (a * x + b * y) % (a + b) == 0 and (a * x + b * y) // (a + b) in vals]


def check_hit(hit, values, a, b):
    """A found (i, j, k) names x, y, z of the answer with a x + b y = (a + b) z, x != y."""
    i, j, k = hit
    x, y, z = values[i], values[j], values[k]
    assert a * x + b * y == (a + b) * z and x != y


def confirm(params, answer, verdict):
    if verdict.reason in WITNESS_REASONS:
        ok, message = second.witness_holds(params, answer, verdict.witness)
        assert ok, (verdict.witness, message)


@st.composite
def cases(draw):
    a = draw(st.integers(1, 15))
    b = draw(st.integers(1, 15))
    n = draw(st.integers(1, 300))
    values = draw(st.lists(st.integers(1, n), min_size=1, max_size=min(n, 40), unique=True))
    return a, b, n, values


# ---- (a) the lemma ---------------------------------------------------------------------------------------------

@settings(max_examples=80, deadline=None)
@given(cases())
def test_every_solution_pairs_one_residue_class(case):
    a, b, n, values = case
    s = (a + b) // math.gcd(a, b)
    for x, y, z in solutions(a, b, values):
        assert (x - y) % s == 0 and min(x, y) < z < max(x, y)


# ---- (b) each method forced ----------------------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(cases())
def test_forced_methods_agree_with_brute_force(case):
    a, b, n, values = case
    expect = bool(solutions(a, b, values))
    for method in ("scan", "product", None):
        hit = primary.module.find_solution(tuple(values), a, b, n, method=method)
        assert (hit is not None) == expect, method
        if hit is not None:
            check_hit(hit, values, a, b)
    params = {"a": a, "b": b, "n": n}
    p, _ = proplib.both(primary, second, params, values)
    confirm(params, values, p)


@settings(max_examples=60, deadline=None)
@given(cases(), st.sampled_from([(1, 1), (1, 3), (2, 2), (5, 64)]))
def test_scan_chunks_do_not_change_the_first_hit(case, chunks):
    a, b, n, values = case
    ref = primary.module.find_solution(tuple(values), a, b, n, method="scan")
    old = primary.module.FIRST_CHUNK, primary.module.PAIR_CHUNK
    try:
        primary.module.FIRST_CHUNK, primary.module.PAIR_CHUNK = chunks
        assert primary.module.find_solution(tuple(values), a, b, n, method="scan") == ref
    finally:
        primary.module.FIRST_CHUNK, primary.module.PAIR_CHUNK = old


def test_unknown_method_is_an_error():
    with pytest.raises(ValueError):
        primary.module.find_solution((1, 2), 1, 1, 10, method="fft")


# ---- (c) the product's counts -------------------------------------------------------------------------------

def brute_counts(values, a, b):
    g = math.gcd(a, b)
    a1, b1, s = a // g, b // g, (a + b) // g
    vals = set(values)
    return [sum(1 for x in vals if (s * z - a1 * x) % b1 == 0 and (s * z - a1 * x) // b1 in vals) for z in values]


@pytest.mark.parametrize("values, a, b", [
    (list(range(1, 256)), 1, 1),             # |A| = 255 (8-bit slots), r(128) = 255: the largest digit
    (list(range(1, 257)), 1, 1),             # |A| = 256: 16-bit slots
    (list(range(1, 256)), 2, 3),
    (list(range(900_000, 900_300)), 3, 5),   # far from 1: the shift by min(A)
    ([7], 4, 9),                             # a single element
])
def test_representation_counts_equal_a_brute_count(values, a, b):
    counts = primary.module.representation_counts(tuple(values), a, b, max(values))
    assert [int(c) for c in counts] == brute_counts(values, a, b)
    if len(values) == 255 and (a, b) == (1, 1):
        assert int(counts.max()) == 255


@settings(max_examples=60, deadline=None)
@given(cases())
def test_representation_counts_on_generated_sets(case):
    a, b, n, values = case
    assert [int(c) for c in primary.module.representation_counts(tuple(values), a, b, n)] == brute_counts(values, a, b)


# ---- (d) the method boundary ---------------------------------------------------------------------------------

def _exactly_on_the_boundary(values, a, b, n):
    g = math.gcd(a, b)
    vals = np.array(values, dtype=np.int64)
    pairs = primary.module._ClassPairs(vals, a // g, b // g, n).pairs
    bits = primary.module._product_bits(vals, a // g, b // g)
    return pairs, bits


@pytest.mark.parametrize("seed", range(8))
def test_default_agrees_with_both_methods_on_the_boundary(seed, monkeypatch):
    rnd = random.Random(seed)
    a, b = rnd.randint(1, 9), rnd.randint(1, 9)
    n = 2000
    values = greedy_free(a, b, n, rnd)
    if seed % 2:       # a planted solution: the completion of a random pair of one class
        values = plant(values, a, b, n, rnd)
    pairs, bits = _exactly_on_the_boundary(values, a, b, n)
    assert pairs > 0
    monkeypatch.setattr(primary.module, "PRODUCT_BIT_SECONDS", 1.0)
    monkeypatch.setattr(primary.module, "PAIR_SECONDS", bits / pairs)
    forced = {m: primary.module.find_solution(tuple(values), a, b, n, method=m) for m in ("scan", "product")}
    assert (forced["scan"] is None) == (forced["product"] is None) == (not solutions(a, b, values))
    # equal estimates: the scan; a little more expensive pairs: the product (after a probe)
    assert primary.module.choose_method(pairs, bits) == "scan"
    assert primary.module.find_solution(tuple(values), a, b, n) == forced["scan"]
    monkeypatch.setattr(primary.module, "PAIR_SECONDS", bits / pairs * 1.000001)
    assert primary.module.choose_method(pairs, bits) == "product"
    hit = primary.module.find_solution(tuple(values), a, b, n)
    assert (hit is None) == (forced["scan"] is None)
    params = {"a": a, "b": b, "n": n}
    v = primary.check(params, values)
    assert v.status is (Status.ACCEPT if hit is None else Status.REJECT)
    confirm(params, values, v)
    s = second.check(params, values)
    assert (s.status, s.reason, s.objective) == (v.status, v.reason, v.objective)


def greedy_free(a, b, n, rnd, tries=400):
    chosen: list[int] = []
    have: set[int] = set()
    for m in rnd.sample(range(1, n + 1), tries):
        trial = have | {m}
        if not any(m in t for t in solutions(a, b, trial)):
            chosen.append(m)
            have.add(m)
    return chosen


def plant(values, a, b, n, rnd):
    """values plus the missing third element of one solution (middle z or an end), or unchanged."""
    g = math.gcd(a, b)
    a1, b1 = a // g, b // g
    have = set(values)
    options = []
    for z in values:
        for x in values:
            if x != z and (x - z) % b1 == 0:
                y = z - a1 * ((x - z) // b1)
                if 1 <= y <= n and y not in have:
                    options.append(y)
    if not options:
        return values
    out = list(values)
    out.insert(rnd.randrange(len(out) + 1), options[rnd.randrange(len(options))])
    return out


# ---- (e) the probe ---------------------------------------------------------------------------------------------

BIG = {"a": 1, "b": 1, "n": 1_000_000}


def test_probe_rejects_without_a_product(monkeypatch):
    tern = build.ternary(12)                        # valid for x + y = 2z, 4096 elements up to 265,720
    assert primary.module.choose_method(*_exactly_on_the_boundary(tern, 1, 1, BIG["n"])) == "product"
    answer = tern + [3]                             # 2 + 4 = 2 * 3: among the smallest elements, the first pairs
    monkeypatch.setattr(primary.module, "_by_product", lambda *a: pytest.fail("the probe should have decided"))
    v = primary.check(BIG, answer)
    assert v.reason == "PROPERTY_VIOLATION" and 3 in v.witness["solution"]
    monkeypatch.undo()
    confirm(BIG, answer, v)


def test_a_solution_beyond_the_probe_is_found_by_the_product(monkeypatch):
    tern = build.ternary(12)
    x, y = tern[-2], tern[-1]
    answer = tern + [2 * y - x]                     # only solutions involve the largest elements
    products = []
    real = primary.module._by_product
    monkeypatch.setattr(primary.module, "_by_product", lambda *a: products.append(1) or real(*a))
    monkeypatch.setattr(primary.module, "PROBE_SHARE", 10 ** 9)      # the probe: one first chunk only
    v = primary.check(BIG, answer)
    assert products == [1]
    assert v.reason == "PROPERTY_VIOLATION"
    confirm(BIG, answer, v)
    s = second.check(BIG, answer)
    assert s.reason == "PROPERTY_VIOLATION"
    ok, message = primary.witness_holds(BIG, answer, s.witness)
    assert ok, message


def test_probe_budget():
    assert primary.module.probe_budget(0) == primary.module.FIRST_CHUNK
    bits = 10 ** 9
    expect = int(bits * primary.module.PRODUCT_BIT_SECONDS / primary.module.PAIR_SECONDS) // primary.module.PROBE_SHARE
    assert primary.module.probe_budget(bits) == max(primary.module.FIRST_CHUNK, expect)


# ---- (f) the inputs of issue 8 -----------------------------------------------------------------------------------

def issue_inputs():
    rng = random.Random(7)
    yield "random", BIG, rng.sample(range(1, 1_000_001), 20_000), "product"
    yield "1..999", {"a": 1, "b": 999, "n": 10_000}, list(range(1, 1000)), "scan"
    yield "ternary", {"a": 500, "b": 499, "n": 10_000}, [v for v in build.ternary(9) if v <= 10_000], "scan"
    doc = fixtures.read_json("constructions", "lineq", "a3b4n19044.json")
    yield "fixture", doc["params"], doc["answer"], "scan"


@pytest.mark.parametrize("name, params, answer, method", list(issue_inputs()), ids=lambda v: v if isinstance(v, str) else "")
def test_issue_inputs(name, params, answer, method):
    a, b, n = params["a"], params["b"], params["n"]
    parsed = schema.parse(answer, params)
    assert primary.module.choose_method(*_exactly_on_the_boundary(parsed.elements, a, b, n)) == method
    p, s = proplib.both(primary, second, params, answer)
    assert p.status is (Status.REJECT if name == "random" else Status.ACCEPT)
    confirm(params, answer, p)


# ---- the second verifier's bitsets and the shared parse fast path ----------------------------------------

@settings(max_examples=60, deadline=None)
@given(st.integers(1, 7), st.integers(1, 60), st.data())
def test_second_class_bitsets_match_their_definition(step, n, data):
    import numpy as np

    from endless_exam.crosscheck.families import lineq as second_mod

    values = data.draw(st.lists(st.integers(1, n), min_size=1, max_size=n, unique=True))
    fwd, rev, width = second_mod._class_bitsets(np.array(values, dtype=np.int64), step, n)
    for c in range(step):
        members = [x for x in values if x % step == c]
        assert width[c] == (n - c) // step
        assert fwd[c] == sum(1 << ((x - c) // step) for x in members)
        assert rev[c] == sum(1 << (width[c] - (x - c) // step) for x in members)


@pytest.mark.parametrize("a, b", [(1, 1), (3, 3), (1, 2), (2, 5)])
def test_second_finds_the_first_middle_in_answer_order(a, b):
    """REJECT: the first z in answer order that is the middle of a solution; ACCEPT on a solution-free set."""
    from endless_exam.crosscheck.families import lineq as second_mod

    g = math.gcd(a, b)
    a1, b1 = a // g, b // g
    n = 200
    values = [50, 7, 50 + b1 * 3, 50 - a1 * 3, 120]            # 50 is the middle of (50 + 3b', 50 - 3a', 50)
    hit = second_mod.find_solution(tuple(values), a, b, n)
    i, j, k = hit
    x, y, z = values[i], values[j], values[k]
    assert k == 0 and a * x + b * y == (a + b) * z and x != y
    free = [v for v in range(1, n + 1) if v % (a1 + b1) == 1][:1] + [2, 3][: 1 if a1 + b1 <= 2 else 2]
    assert not brute(a, b, free) and second_mod.find_solution(tuple(free), a, b, n) is None


def brute(a: int, b: int, values) -> bool:
    return any(a * x + b * y == (a + b) * z and x != y for x in values for y in values for z in values)


@pytest.mark.parametrize("bad, reason", [([1, True], "FORMAT_TYPE"), ([1, 2.0], "FORMAT_TYPE"), ([1, 0], "RANGE"),
                                         ([1, 11], "RANGE"), ([1, "2"], "FORMAT_TYPE")])
def test_lineq_fast_parse_path_falls_back_to_the_exact_fault(bad, reason):
    from endless_exam.certificates.errors import AnswerError

    with pytest.raises(AnswerError) as err:
        schema.parse(bad, {"a": 1, "b": 1, "n": 10})
    assert err.value.reason == reason and "element 1" in err.value.message
    assert schema.parse([3, 1, 10], {"a": 1, "b": 1, "n": 10}).elements == (3, 1, 10)
