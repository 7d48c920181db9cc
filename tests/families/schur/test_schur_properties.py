"""Properties of the ``schur`` family: primary, second verifier, z3 oracle and the definition agree.

* generated small colourings (hypothesis): both verifiers, a plain-Python statement of the definition
  and (for some) the z3 oracle give the same verdict, and each verifier's witness is a genuine
  monochromatic solution confirmed by the other verifier;
* mutations of the maximum colourings S(3) = 13 and S(4) = 44 (drop, duplicate, perturb, swap,
  relabel, truncate, extend): breaking mutations are rejected with PROPERTY_VIOLATION, every
  extension of a maximum colouring breaks it, relabelling and truncation keep validity;
* the oracle: a planted violation is found (sat), valid colourings are unsat, bad input is refused;
* strict parsing, the bound formula (exact, from rational enclosures of e) and the prompt's limits.
"""
from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from endless_exam.certificates.schemas import schur as schema
from endless_exam.certificates.errors import AnswerError, ParamsError
from endless_exam.certificates.verdict import Status
from endless_exam.checker import prompts
from endless_exam.checker.prompts import wording
from endless_exam.checker.families import load as _load_primary
primary = _load_primary("schur")
from endless_exam.crosscheck.families import load as _load_second
second = _load_second("schur")
from endless_exam.crosscheck.oracle import schur as oracle
from tests.common import proplib
from tests.common.definitions import brute_schur, expect

K3 = [0, 1, 1, 0, 2, 2, 2, 2, 2, 0, 1, 1, 0]
K4 = [0, 3, 0, 1, 3, 1, 2, 3, 0, 2, 2, 2, 1, 0, 2, 2, 3, 3, 0, 1, 3, 1, 1, 0, 1, 0, 3, 3, 2, 1, 3, 1, 2, 0, 2, 0, 2, 2,
      1, 3, 1, 0, 3, 0]
MAXIMUM = {3: K3, 4: K4}


def definition(colours: list[int]) -> tuple[int, int, int] | None:
    """The definition, naively: some x <= y with x + y <= N and x, y, x + y of one colour."""
    n = len(colours)
    for x in range(1, n + 1):
        for y in range(x, n - x + 1):
            if colours[x - 1] == colours[y - 1] == colours[x + y - 1]:
                return x, y, x + y
    return None


def is_solution(colours: list[int], w: dict) -> bool:
    x, y, z, c = w["x"], w["y"], w["z"], w["colour"]
    return 1 <= x <= y and x + y == z <= len(colours) and colours[x - 1] == colours[y - 1] == colours[z - 1] == c


def both(k: int, colours: list[int]):
    return proplib.both(primary, second, {"k": k}, colours)


def assert_agree(k: int, colours: list[int]) -> Status:
    p, s = both(k, colours)
    expected = definition(colours)
    for name, v in (("primary", p), ("second", s)):
        if expected is None:
            assert v.status is Status.ACCEPT and v.objective == len(colours), (name, colours, v)
        else:
            assert v.status is Status.REJECT and v.reason == "PROPERTY_VIOLATION", (name, colours, v)
            assert is_solution(colours, v.witness), (name, colours, v.witness)
    if expected is not None:
        params = {"k": k}
        assert second.witness_holds(params, colours, p.witness)[0]
        assert primary.witness_holds(params, colours, s.witness)[0]
        # the second verifier reports the solution with the smallest x, the primary the smallest z
        assert s.witness["x"] == min(x for x, y, z in all_solutions(colours))
        assert p.witness["z"] == min(z for x, y, z in all_solutions(colours))
    return p.status


def all_solutions(colours: list[int]) -> list[tuple[int, int, int]]:
    n = len(colours)
    return [(x, y, x + y) for x in range(1, n + 1) for y in range(x, n - x + 1)
            if colours[x - 1] == colours[y - 1] == colours[x + y - 1]]


@st.composite
def colourings(draw, max_k: int = 5, max_n: int = 70):
    k = draw(st.integers(1, max_k))
    n = draw(st.integers(1, max_n))
    colours = draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n))
    return k, colours


# ---- generated objects --------------------------------------------------------------------------

@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(colourings())
def test_random_colourings_agree_with_the_definition(case):
    k, colours = case
    assert_agree(k, colours)


@st.composite
def sparse_violations(draw):
    """A valid colouring (prefix of a maximum one) with one entry recoloured: zero or few solutions."""
    k = draw(st.sampled_from([3, 4]))
    base = MAXIMUM[k]
    n = draw(st.integers(1, len(base)))
    colours = list(base[:n])
    at = draw(st.integers(0, n - 1))
    colours[at] = draw(st.integers(0, k - 1))
    return k, colours


@settings(max_examples=300, deadline=None)
@given(sparse_violations())
def test_single_recolourings_agree_with_the_definition(case):
    k, colours = case
    assert_agree(k, colours)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(colourings(max_k=4, max_n=40), sparse_violations()))
def test_oracle_agrees_with_both_verifiers(case):
    k, colours = case
    status = assert_agree(k, colours)
    verdict, triple = oracle.decide(colours, k)
    assert verdict in ("sat", "unsat")
    assert (verdict == "unsat") == (status is Status.ACCEPT)
    if triple is not None:
        x, y, z = triple
        assert 1 <= x <= y and x + y == z <= len(colours) and colours[x - 1] == colours[y - 1] == colours[z - 1]


# ---- mutations of valid constructions -------------------------------------------------------------------

@pytest.mark.parametrize("k", [3, 4])
def test_maximum_colourings_are_valid_and_every_extension_breaks(k):
    base = MAXIMUM[k]
    assert assert_agree(k, base) is Status.ACCEPT
    for c in range(k):
        p, s = both(k, base + [c])
        assert p.status is s.status is Status.REJECT
        assert p.reason == s.reason == "PROPERTY_VIOLATION"
        assert p.witness["z"] == len(base) + 1      # the new integer is the only new place for a solution


@pytest.mark.parametrize("k", [3, 4])
def test_relabelling_and_truncation_keep_validity(k):
    base = MAXIMUM[k]
    rng = random.Random(k)
    for _ in range(10):
        perm = list(range(k))
        rng.shuffle(perm)
        relabelled = [perm[c] for c in base]
        p, s = both(k, relabelled)
        assert p.status is s.status is Status.ACCEPT and p.objective == s.objective == len(base)
        # the same colouring on an instance with more colours
        p, s = both(k + 2, relabelled)
        assert p.status is s.status is Status.ACCEPT and p.objective == len(base)
    for n in range(1, len(base) + 1):
        p, s = both(k, base[:n])
        assert p.status is s.status is Status.ACCEPT and p.objective == s.objective == n


@st.composite
def mutations(draw):
    k = draw(st.sampled_from([3, 4]))
    colours = list(MAXIMUM[k])
    kind = draw(st.sampled_from(["drop", "duplicate", "perturb", "swap", "relabel"]))
    n = len(colours)
    if kind == "drop":
        del colours[draw(st.integers(0, n - 1))]
    elif kind == "duplicate":
        i = draw(st.integers(0, n - 1))
        colours.insert(i, colours[i])
    elif kind == "perturb":
        i = draw(st.integers(0, n - 1))
        colours[i] = (colours[i] + draw(st.integers(1, k - 1))) % k
    elif kind == "swap":
        i, j = draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1))
        colours[i], colours[j] = colours[j], colours[i]
    else:
        perm = draw(st.permutations(list(range(k))))
        colours = [perm[c] for c in colours]
    return k, kind, colours


@settings(max_examples=300, deadline=None)
@given(mutations())
def test_mutations_of_maximum_colourings(case):
    k, kind, colours = case
    status = assert_agree(k, colours)
    if kind == "relabel":
        assert status is Status.ACCEPT
    if kind == "duplicate":
        # N + 1 > S(k): no colouring of this length exists, so the mutation must break it
        assert status is Status.REJECT


def test_perturbing_every_entry_of_the_44_colouring():
    """Exhaustive: each of the 44 * 3 one-entry recolourings, checked against the definition."""
    broken = 0
    for i in range(len(K4)):
        for c in range(4):
            if c == K4[i]:
                continue
            colours = list(K4)
            colours[i] = c
            broken += assert_agree(4, colours) is Status.REJECT
    assert broken > 100


# ---- the oracle ---------------------------------------------------------------------------------------

def test_oracle_finds_a_planted_violation():
    colours = list(K4)
    colours[43] = colours[0]            # 44 gets the colour of 1 ...
    colours[42] = colours[0]            # ... and so does 43: 1 + 43 = 44 is monochromatic
    verdict, triple = oracle.decide(colours, 4)
    assert verdict == "sat" and triple is not None
    x, y, z = triple
    assert colours[x - 1] == colours[y - 1] == colours[z - 1] and x + y == z and x <= y


def test_oracle_on_valid_and_degenerate_colourings():
    assert oracle.decide(K3, 3) == ("unsat", None)
    assert oracle.decide(K4, 4) == ("unsat", None)
    assert oracle.decide([0], 1) == ("unsat", None)
    assert oracle.decide([0, 0], 1) == ("sat", (1, 1, 2))
    assert oracle.decide([1, 0, 1, 0], 2) == ("sat", (2, 2, 4))


@pytest.mark.parametrize("bad", [([], 3), ([0] * (oracle.MAX_N + 1), 1), ([0, 3], 3), ([0, True], 3), ([0, 1.0], 3),
                                 ([0], 0), ([0], 65), ("0110", 2)])
def test_oracle_refuses_bad_input(bad):
    colours, k = bad
    with pytest.raises(ValueError):
        oracle.decide(colours, k)


# ---- strict parsing ------------------------------------------------------------------------------

@pytest.mark.parametrize("params", [{"k": 0}, {"k": 20_001}, {"k": True}, {"k": 3.0}, {"k": "3"}, {}, {"k": 3, "N": 13},
                                    {"d": 3}, [3], None])
def test_params_are_strict(params):
    with pytest.raises(ParamsError):
        schema.validate_params(params)


def test_params_range_is_1_to_20000():
    assert schema.validate_params({"k": 1}) == {"k": 1}
    assert schema.validate_params({"k": 64}) == {"k": 64}
    assert schema.validate_params({"k": 20_000}) == {"k": 20_000}


@pytest.mark.parametrize("answer,reason", [
    ([], "EMPTY"), ({}, "FORMAT_TYPE"), ((0, 1), "FORMAT_TYPE"), ("01", "FORMAT_TYPE"), (None, "FORMAT_TYPE"),
    ([0, True], "FORMAT_TYPE"), ([0, 1.0], "FORMAT_TYPE"), ([0, "1"], "FORMAT_TYPE"), ([0, None], "FORMAT_TYPE"),
    ([0, 3], "RANGE"), ([-1], "RANGE"), ([2 ** 64], "RANGE"), ([0] * (schema.MAX_N + 1), "SIZE_LIMIT"),
    (["x"] * (schema.MAX_N + 1), "SIZE_LIMIT"),
])
def test_parse_rejections(answer, reason):
    with pytest.raises(AnswerError) as info:
        schema.parse(answer, {"k": 3})
    assert info.value.reason == reason
    for module in (primary, second):
        v = module.check({"k": 3}, answer)
        assert v.status is Status.REJECT and v.reason == reason


def test_parse_witness_names_the_first_bad_entry():
    with pytest.raises(AnswerError) as info:
        schema.parse([0, 1, 2, 7, True], {"k": 3})
    assert info.value.reason == "RANGE" and info.value.witness == {"index": 3, "integer": 4}
    with pytest.raises(AnswerError) as info:
        schema.parse([0, 1, False, 7], {"k": 3})
    assert info.value.reason == "FORMAT_TYPE" and info.value.witness == {"index": 2, "integer": 3}


# ---- internals of the two algorithms ---------------------------------------------------------------

def test_pair_sum_counts_equal_the_convolution():
    rng = random.Random(5)
    for size in (1, 2, 7, 60):
        members = sorted(rng.sample(range(1, 200), size))
        import numpy as np
        counts = primary.module.pair_sum_counts(np.array(members, dtype=np.int64))
        expected = [0] * (2 * members[-1] + 1)
        for a in members:
            for b in members:
                expected[a + b] += 1
        assert [int(c) for c in counts] == expected


def test_slot_width_boundary():
    """A class of 65,535 odd numbers uses 16-bit slots with counts up to 65,535; 65,536 needs 32 bits."""
    import numpy as np
    for size in (65535, 65536):
        members = np.arange(1, 2 * size, 2, dtype=np.int64)
        counts = primary.module.pair_sum_counts(members)
        assert counts.dtype.itemsize == (2 if size < 65536 else 4)
        assert int(counts.max()) == size and int(counts[2 * size]) == size
        assert int(counts[members].max()) == 0          # odd numbers are sum-free


def test_bitsets_of_the_second_verifier():
    bits = second.module.colour_bitsets((0, 1, 1, 0), [0, 1])
    assert bits == {0: 0b10010, 1: 0b01100}
    assert second.module.colour_bitsets((0, 1, 1, 0), [1]) == {1: 0b01100}


# ---- the bound and the prompt --------------------------------------------------------------------

def test_bound_values():
    assert [primary.module.schur_bound({"k": k}) for k in range(1, 9)] == [
        (1, "bound"), (4, "bound"), (13, "bound"), (44, "bound"), (160, "bound"), (1896, "bound"),
        (13699, "bound"), (109600, "bound")]
    assert primary.SPEC.bound({"k": 7}) == (13699, "bound")


def test_floor_e_factorial_is_exact():
    # independent closed form for k >= 1: floor(e k!) = sum_{j<=k} k!/j! (the tail lies strictly in (0, 1))
    for k in (*range(1, 65), 300, 1000):
        assert primary.module.floor_e_factorial(k) == sum(math.factorial(k) // math.factorial(j) for j in range(k + 1))
    assert primary.module.floor_e_factorial(0) == 2
    assert primary.module.floor_e_factorial(64) - 1 == primary.module.schur_bound({"k": 64})[0]
    # the enclosure e k! - 1/k < floor < e k! with e from its series to far more digits than k! has
    from fractions import Fraction
    k = 2000
    e = sum(Fraction(1, math.factorial(j)) for j in range(k + 40))
    f = primary.module.floor_e_factorial(k)
    assert f <= e * math.factorial(k) < f + 1


def test_prompt_states_every_limit():
    for k in (1, 6, 64, 20_000):
        text = prompts.prompt("schur", {"k": k})
        assert text.startswith(f"Problem (Schur, k={k}).")
        assert f"{schema.MAX_N:,}" in text and str(schema.MAX_K) in text and f"0..{k - 1}" in text
        assert "x = y" in text and "60 seconds" in text and "compact form" in text
    assert wording("schur").compact_forms({"k": 6}) == []


# ---- against the definition and hostile inputs (brute force, adversarial structure) ----------------

@pytest.mark.parametrize("seed", range(3))
def test_schur_random_colourings_match_brute_force(seed):
    rnd = random.Random(2000 + seed)
    for _ in range(150):
        k = rnd.randint(1, 5)
        n = rnd.randint(1, 60)
        colours = [rnd.randrange(k) for _ in range(n)]
        expect("schur", {"k": k}, colours, brute_schur(colours), n)


def test_schur_x_equals_y_is_a_solution_and_small_schur_numbers_hold():
    expect("schur", {"k": 1}, [0], None, 1)
    expect("schur", {"k": 1}, [0, 0], "PROPERTY_VIOLATION")            # 1 + 1 = 2
    expect("schur", {"k": 2}, [0, 1, 1, 0], None, 4)                   # S(2) = 4
    expect("schur", {"k": 2}, [0, 1, 1, 0, 0], "PROPERTY_VIOLATION")
    expect("schur", {"k": 3}, [0, 1, 1, 0, 2, 2, 2, 2, 2, 0, 1, 1, 0], None, 13)   # S(3) = 13


@pytest.mark.parametrize("n", [131_070, 131_071])
def test_schur_kronecker_slot_width_boundary(n):
    """Colour x by its 2-adic valuation (sum-free); class 0 has 65,535 (u2 slots) or 65,536 (u4) members."""
    colours = [((x & -x).bit_length() - 1) for x in range(1, n + 1)]
    k = max(colours) + 1
    expect("schur", {"k": k}, colours, None, n)
    bad = list(colours)
    z = n if n % 2 == 0 else n - 1             # an even z; 1 and z - 1 are odd (colour 0)
    bad[z - 1] = 0
    expect("schur", {"k": k}, bad, "PROPERTY_VIOLATION")
