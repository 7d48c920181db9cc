"""Property, exhaustive-agreement, mutation, bound and formal-oracle tests of the ``shannon`` family.

(a) Exhaustive agreement: every subset of C_5 and every subset of at most 3 words of C_5^2 is decided
    by both verifiers and by the definition (all pairs), with zero disagreements.
(b) Hypothesis: random lists (q = 5, 7, 9; d <= 6) against the definition and the z3 oracle; random
    factor certificates against the brute-force expansion of the product they describe.
(c) Mutations of valid codes: dropping words keeps validity, duplicating is a DUPLICATE, perturbing one
    digit agrees with the definition; the automorphisms of C_q^d (permuting coordinates, rotating and
    reflecting each coordinate) and reordering keep verdict and objective.
(d) The bound: the primary's arb value of floor(theta(C_q)^d) equals the second's sympy enclosure; the
    benchmark's 15-digit value is an upper bound, never below it, and the suite instances where the two
    differ are listed exactly.
(e) The bundled published codes (C_7^1..C_7^5) and the 81-word code of C_9^3 are accepted by both.
(f) The z3 oracle: planted violations, codes are unsat, limits.
"""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from endless_exam import fixtures
from endless_exam.certificates.verdict import Status
from endless_exam.checker.suites import instances as suites
from endless_exam.checker.families import load as _load_primary
from endless_exam.checker.families import shannon as primary_mod
from endless_exam.crosscheck.families import load as _load_second
from endless_exam.crosscheck.families import shannon as second_mod
from endless_exam.crosscheck.oracle import shannon as oracle_mod
from tests.common import proplib

primary = _load_primary("shannon")
second = _load_second("shannon")
PENTAGON = ["00", "12", "24", "31", "43"]
C7 = {int(d): words for d, words in fixtures.read_json("data", "shannon_c7_codes.json")["codes"].items()}
C81 = sorted(f"{i}{j}{(2 * i + 4 * j) % 9}" for i in range(9) for j in range(9))


def close(x: str, y: str, q: int) -> bool:
    return x != y and all(min((int(a) - int(b)) % q, (int(b) - int(a)) % q) <= 1 for a, b in zip(x, y))


def is_code(words, q: int) -> bool:
    return all(not close(x, y, q) for x, y in itertools.combinations(set(words), 2))


def both(q: int, d: int, answer):
    return proplib.both(primary, second, {"q": q, "d": d}, answer)


def expect(q: int, d: int, words) -> None:
    p, _ = both(q, d, list(words))
    if len(set(words)) < len(words):
        assert p.reason == "DUPLICATE"
    elif is_code(words, q):
        assert p.status is Status.ACCEPT and p.objective == len(words)
    else:
        assert p.reason == "PROPERTY_VIOLATION" and close(*p.witness["words"], q)


# ---- (a) exhaustive ----------------------------------------------------------------------------------

def test_every_subset_of_c5():
    for size in range(1, 6):
        for subset in itertools.combinations("01234", size):
            expect(5, 1, subset)


def test_every_small_subset_of_c5_squared():
    space = ["".join(t) for t in itertools.product("01234", repeat=2)]
    for size in (1, 2, 3):
        for subset in itertools.combinations(space, size):
            expect(5, 2, subset)


@pytest.mark.slow
def test_every_4_subset_of_c5_squared_and_3_subset_of_c7_squared():
    space = ["".join(t) for t in itertools.product("01234", repeat=2)]
    for subset in itertools.combinations(space, 4):
        expect(5, 2, subset)
    space7 = ["".join(t) for t in itertools.product("0123456", repeat=2)]
    for subset in itertools.combinations(space7, 3):
        expect(7, 2, subset)


# ---- (b) hypothesis ----------------------------------------------------------------------------------

@st.composite
def word_lists(draw, max_d: int = 6, max_words: int = 40):
    q = draw(st.sampled_from([5, 7, 9]))
    d = draw(st.integers(1, max_d))
    rnd = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    kind = draw(st.sampled_from(["random", "even", "pentagon"]))
    if kind == "random":
        words = list({"".join(rnd.choice("0123456789"[:q]) for _ in range(d)) for _ in range(rnd.randint(1, max_words))})
    elif kind == "even":                                   # even digits: a code for d = 1, often for more
        evens = "0246"[: (q - 1) // 2]
        words = list({"".join(rnd.choice(evens) for _ in range(d)) for _ in range(rnd.randint(1, max_words))})
    else:
        q, d = 5, 2 * max(1, d // 2)
        full = ["".join(t) for t in itertools.product(PENTAGON, repeat=d // 2)]
        words = rnd.sample(full, rnd.randint(1, len(full)))
    if words and draw(st.booleans()):                      # plant a neighbour of some word
        w = rnd.choice(words)
        c = rnd.randrange(len(w))
        words.append(w[:c] + str((int(w[c]) + 1) % q) + w[c + 1:])
        words = list(dict.fromkeys(words))
    return q, len(words[0]), words


@settings(max_examples=150, deadline=None)
@given(word_lists())
def test_lists_agree_with_the_definition_and_the_oracle(case):
    q, d, words = case
    expect(q, d, words)
    if len(words) <= oracle_mod.MAX_WORDS:
        status, hit = oracle_mod.decide(tuple(words), q)
        assert status == ("unsat" if is_code(words, q) else "sat")
        if hit:
            assert close(words[hit[0]], words[hit[1]], q)


@st.composite
def certificates(draw):
    q = draw(st.sampled_from([5, 7, 9]))
    rnd = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    factors = []
    for _ in range(rnd.randint(1, 3)):
        length = rnd.randint(1, 2)
        pool = ["".join(t) for t in itertools.product("0123456789"[:q], repeat=length)]
        words = rnd.sample(pool, rnd.randint(1, min(5, len(pool))))
        if rnd.random() < 0.5:                             # make it a code: drop words confusable with earlier ones
            kept = []
            for w in words:
                if all(not close(w, k, q) for k in kept):
                    kept.append(w)
            words = kept
        factors.append({"words": words, "power": rnd.randint(1, 2)})
    return q, factors


@settings(max_examples=80, deadline=None)
@given(certificates())
def test_factor_certificates_match_their_expansion(case):
    q, factors = case
    d = sum(len(f["words"][0]) * f["power"] for f in factors)
    blocks = [f["words"] for f in factors for _ in range(f["power"])]
    expanded = ["".join(t) for t in itertools.product(*blocks)]
    p, _ = both(q, d, {"factors": factors})
    if is_code(expanded, q):
        assert p.status is Status.ACCEPT and p.objective == len(expanded)
    else:
        assert p.reason == "PROPERTY_VIOLATION"


def first_confusable_pair(words, q: int):
    """The first confusable pair (i, j), i < j, in the order (i, j), by the definition (all pairs)."""
    for i, j in itertools.combinations(range(len(words)), 2):
        if close(words[i], words[j], q):
            return i, j
    return None


@st.composite
def distinct_lists(draw):
    """Distinct words, q = 5, 7, 9, d <= 8 (d = 7, 8 with q = 9 take the sorted path of the box method),
    dense in a small region half of the time so that confusable pairs are common."""
    q = draw(st.sampled_from([5, 7, 9]))
    d = draw(st.integers(1, 8))
    rnd = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    alphabet = "0123456789"[:q] if draw(st.booleans()) else "0246"[: (q - 1) // 2]
    words = list(dict.fromkeys("".join(rnd.choice(alphabet) for _ in range(d)) for _ in range(rnd.randint(2, 60))))
    return q, words


@settings(max_examples=200, deadline=None)
@given(distinct_lists())
def test_both_primary_pair_methods_name_the_first_confusable_pair(case):
    """The box method and the filter method of the primary against the definition (ACCEPT and REJECT)."""
    q, words = case
    expected = first_confusable_pair(words, q)
    for method in ("boxes", "filter"):
        assert primary_mod.find_confusable(tuple(words), q, method) == expected, method


def test_box_method_accepts_and_rejects_on_both_paths():
    """Dense counts (q^d <= 2^22) and sorted keys (q = 9, d = 7: 9^7 > 2^22) on a code and on the code
    with a neighbour of its second-last word as its last word."""
    for q, d, code in ((7, 7, [a + b for a in C7[5] for b in C7[2]]), (9, 7, [a + b for a in C81 for b in ["0000", "2222", "4444"]])):
        assert primary_mod.box_method_applies(len(code), d, q)
        assert (q ** d <= primary_mod.DENSE_BOXES) == (q == 7)
        assert primary_mod.find_confusable(tuple(code), q, "boxes") is None
        spoiled = code[:-1] + [code[-2][:-1] + str((int(code[-2][-1]) + 1) % q)]
        assert len(set(spoiled)) == len(spoiled)
        pair = primary_mod.find_confusable(tuple(spoiled), q, "boxes")
        assert pair is not None and pair[1] == len(code) - 1 and close(spoiled[pair[0]], spoiled[pair[1]], q)
        assert pair == primary_mod.find_confusable(tuple(spoiled), q, "filter")
        p, _ = both(q, d, spoiled)
        assert p.reason == "PROPERTY_VIOLATION" and p.witness["indices"] == list(pair)


# ---- (c) mutations -----------------------------------------------------------------------------------

VALID = [(5, 2, PENTAGON), (7, 4, C7[4]), (9, 3, C81), (7, 3, C7[3]),
         (5, 4, ["".join(t) for t in itertools.product(PENTAGON, repeat=2)])]


@st.composite
def codes(draw):
    q, d, words = draw(st.sampled_from(VALID))
    return q, d, list(words)


@settings(max_examples=30, deadline=None)
@given(codes(), st.data())
def test_dropping_words_keeps_validity(case, data):
    q, d, words = case
    keep = sorted(data.draw(st.sets(st.integers(0, len(words) - 1), min_size=1)))
    p, _ = both(q, d, [words[i] for i in keep])
    assert p.status is Status.ACCEPT and p.objective == len(keep)


@settings(max_examples=30, deadline=None)
@given(codes(), st.data())
def test_duplicating_a_word_is_duplicate(case, data):
    q, d, words = case
    src = data.draw(st.integers(0, len(words) - 1))
    at = data.draw(st.integers(0, len(words)))
    p, s = both(q, d, words[:at] + [words[src]] + words[at:])
    assert p.reason == s.reason == "DUPLICATE"


@settings(max_examples=50, deadline=None)
@given(codes(), st.data())
def test_perturbing_one_digit(case, data):
    q, d, words = case
    t = data.draw(st.integers(0, len(words) - 1))
    c = data.draw(st.integers(0, d - 1))
    new = data.draw(st.sampled_from([v for v in "0123456789"[:q] if v != words[t][c]]))
    mutated = list(words)
    mutated[t] = words[t][:c] + new + words[t][c + 1:]
    expect(q, d, mutated)


@settings(max_examples=50, deadline=None)
@given(word_lists(max_d=5, max_words=25), st.data())
def test_automorphisms_keep_the_verdict(case, data):
    q, d, words = case
    perm = data.draw(st.permutations(range(d)))
    shifts = data.draw(st.lists(st.integers(0, q - 1), min_size=d, max_size=d))
    flips = data.draw(st.lists(st.booleans(), min_size=d, max_size=d))
    image = ["".join(str(((-1 if flips[j] else 1) * int(w[perm[j]]) + shifts[j]) % q) for j in range(d)) for w in words]
    image = data.draw(st.permutations(image))
    before, _ = both(q, d, words)
    after, _ = both(q, d, list(image))
    assert (before.status, before.reason, before.objective) == (after.status, after.reason, after.objective)


# ---- (d) the bound -----------------------------------------------------------------------------------

@pytest.mark.parametrize("q", [5, 7, 9])
def test_rigorous_bounds_agree(q):
    for d in list(range(1, 21)) + [24, 40, 48, 64, 100, 128, 200, 256]:
        value = primary_mod.theta_bound(q, d)
        assert value == second_mod.theta_bound(q, d), (q, d)
        assert value <= primary_mod.upstream_bound(q, d)


def test_upstream_cosines_are_upper_bounds_on_both_sides():
    for q in (5, 7, 9):
        assert primary_mod.upstream_cosine_is_an_upper_bound(q)
        assert second_mod.cosine_upper_bound_holds(q, Fraction(primary_mod.UPSTREAM_COSINES[q]))
        assert not second_mod.cosine_upper_bound_holds(q, Fraction(primary_mod.UPSTREAM_COSINES[q]) - Fraction(1, 10 ** 14))


def test_suite_instances_where_the_rigorous_bound_is_sharper():
    """SPEC.bound (the recorded benchmark value) against floor(theta^d): they differ exactly here."""
    differ = {}
    for inst in suites.all_instances():
        if inst.family != "shannon":
            continue
        recorded, kind = primary.SPEC.bound(inst.params)
        assert (recorded, kind) == (inst.bound, inst.bound_kind)
        sharp = primary_mod.theta_bound(inst.params["q"], inst.params["d"])
        assert sharp <= recorded
        if sharp != recorded:
            differ[inst.call_id] = (recorded, sharp)
    assert differ == {
        "a3-shannon-1": (681259866841424784655, 681259866841410882501),
        "a3-shannon-2": (4963405862891748299248249086377, 4963405862891667790169175286074),
        "a3-shannon-3": (84665482129355946576723483827356921914676, 84665482129354115484610831855534026084478),
    }


def test_theta_of_c5_is_sqrt_5():
    assert [primary_mod.theta_bound(5, d) for d in range(1, 7)] == [2, 5, 11, 25, 55, 125]


# ---- (e) bundled data ----------------------------------------------------------------------------------

def test_bundled_codes_are_codes():
    data = fixtures.read_json("data", "shannon_c7_codes.json")
    assert "Polak" in data["source"] and data["license"] == "Apache-2.0"
    for d, words in C7.items():
        p, _ = both(7, d, words)
        assert p.status is Status.ACCEPT and p.objective == len(words) == data["sizes"][str(d)]
    p, _ = both(9, 3, C81)
    assert p.status is Status.ACCEPT and p.objective == 81


# ---- (f) the oracle ------------------------------------------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(codes(), st.data())
def test_oracle_planted_violation(case, data):
    q, d, words = case
    words = words[:oracle_mod.MAX_WORDS - 1]
    assert oracle_mod.decide(tuple(words), q) == ("unsat", None)
    w = data.draw(st.sampled_from(words))
    c = data.draw(st.integers(0, d - 1))
    planted = w[:c] + str((int(w[c]) + 1) % q) + w[c + 1:]
    if planted in words:
        return
    at = data.draw(st.integers(0, len(words)))
    trial = words[:at] + [planted] + words[at:]
    status, hit = oracle_mod.decide(tuple(trial), q)
    assert status == "sat" and at in hit and close(trial[hit[0]], trial[hit[1]], q)


def test_oracle_on_certificates_and_limits():
    answer = {"factors": [{"words": PENTAGON}, {"words": ["0", "1"]}]}
    parsed = primary.parse({"q": 5, "d": 3}, answer)
    status, w = oracle_mod.oracle(parsed)
    assert status == "sat" and w == {"factor": 1, "pair": [0, 1]}
    for v in (primary, second):
        assert v.witness_holds({"q": 5, "d": 3}, answer, w)[0]
    assert oracle_mod.oracle(primary.parse({"q": 5, "d": 4}, {"factors": [{"words": PENTAGON, "power": 2}]})) == ("unsat", None)
    assert oracle_mod.decide(tuple(C7[5][:300]), 7) == ("unsat", None)
    with pytest.raises(ValueError):
        oracle_mod.decide(tuple(C7[5][:301]), 7)
    with pytest.raises(ValueError):
        oracle_mod.decide(("0" * 17,), 5)
    with pytest.raises(ValueError):
        oracle_mod.decide(("05",), 5)
    with pytest.raises(ValueError):
        oracle_mod.decide(("00",), 11)


def test_oracle_unknown_is_reported(monkeypatch):
    import z3

    monkeypatch.setattr(z3.Solver, "check", lambda self, *a: z3.unknown)
    assert oracle_mod.decide(("0", "1"), 5) == ("unknown", None)


def test_crosscheck_never_imports_checker_and_z3_is_lazy():
    proplib.assert_crosscheck_is_independent(
        "shannon",
        "from endless_exam.crosscheck.oracle.shannon import decide",
        "assert decide(('0', '1'), 5) == ('sat', (0, 1))")
