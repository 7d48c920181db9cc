"""Properties of the ``covering`` family: primary, second verifier, z3 oracle and the definition agree.

* generated small block lists (hypothesis): both verifiers, a plain statement of the definition and
  (for some) the z3 oracle agree, and each witness is a genuine uncovered t-subset confirmed by the other
  verifier;
* mutations of coverings (the Fano plane, S(3,6,22), the bundled constructions: drop, duplicate,
  perturb a point, swap points between blocks, relabel): breaking mutations are rejected with
  PROPERTY_VIOLATION, relabelling and duplication keep validity (duplicates are counted);
* the oracle: a planted uncovered t-subset is found (sat), coverings are unsat, bad input is refused;
* strict parsing, the parameter bounds, the bound (recorded LJCR values, Schoenheim), the prompt and the
  constructions.
"""
from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from endless_exam import fixtures
from endless_exam.certificates.errors import AnswerError, ParamsError
from endless_exam.certificates.schemas import covering as schema
from endless_exam.certificates.verdict import Status
from endless_exam.checker import prompts
from endless_exam.checker.suites import instances as suites
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import load as _load_second
from endless_exam.crosscheck.oracle import covering as oracle
from tests.common import proplib
from tests.families.covering.test_covering_vectors import FANO, is_uncovered

primary = _load_primary("covering")
second = _load_second("covering")


def uncovered(blocks: list, v: int, t: int) -> list[tuple[int, ...]]:
    sets = [set(b) for b in blocks]
    return [T for T in itertools.combinations(range(v), t) if not any(set(T) <= s for s in sets)]


def both(params: dict, blocks: list):
    return proplib.both(primary, second, params, blocks)


def assert_agree(params: dict, blocks: list) -> Status:
    p, s = both(params, blocks)
    missing = uncovered(blocks, params["v"], params["t"])
    for name, verdict in (("primary", p), ("second", s)):
        if not missing:
            assert verdict.status is Status.ACCEPT and verdict.objective == len(blocks), (name, verdict)
        else:
            assert verdict.status is Status.REJECT and verdict.reason == "PROPERTY_VIOLATION", (name, verdict)
            assert is_uncovered(blocks, params, verdict.witness), (name, verdict.witness)
    if missing:
        assert tuple(s.witness["subset"]) == missing[0]                            # lexicographically first
        assert tuple(p.witness["subset"]) == min(missing, key=lambda T: T[::-1])   # colex first
    return p.status


@st.composite
def block_lists(draw):
    v = draw(st.integers(1, 9))
    k = draw(st.integers(1, v))
    t = draw(st.integers(1, k))
    count = draw(st.integers(1, 14))
    blocks = [draw(st.permutations(list(range(v))))[:k] for _ in range(count)]
    return {"v": v, "k": k, "t": t}, blocks


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(block_lists())
def test_generated_block_lists_agree_with_the_definition(case):
    params, blocks = case
    assert_agree(params, blocks)


@st.composite
def near_coverings(draw):
    """All k-subsets of a small v (a covering) with a few removed: zero or few uncovered t-subsets."""
    v = draw(st.integers(3, 8))
    k = draw(st.integers(2, min(v, 5)))
    t = draw(st.integers(1, k))
    blocks = [list(c) for c in itertools.combinations(range(v), k)]
    keep = draw(st.lists(st.booleans(), min_size=len(blocks), max_size=len(blocks)))
    chosen = [b for b, kept in zip(blocks, keep) if kept] or blocks[:1]
    return {"v": v, "k": k, "t": t}, chosen


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(near_coverings())
def test_near_coverings_agree_with_the_definition(case):
    params, blocks = case
    assert_agree(params, blocks)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(block_lists(), near_coverings()))
def test_oracle_agrees_with_both_verifiers(case):
    params, blocks = case
    if len(blocks) > oracle.MAX_BLOCKS:
        blocks = blocks[:oracle.MAX_BLOCKS]
    status = assert_agree(params, blocks)
    verdict, subset = oracle.decide(blocks, params["v"], params["t"])
    assert verdict in ("sat", "unsat")
    assert (verdict == "unsat") == (status is Status.ACCEPT)
    if subset is not None:
        w = {"subset": subset}
        assert is_uncovered(blocks, params, w)
        for module in (primary, second):
            assert module.witness_holds(params, blocks, w)[0]


# ---- mutations -----------------------------------------------------------------------------------------

P72 = {"v": 7, "k": 3, "t": 2}


def test_fano_mutations_exhaustively():
    """Every drop and every one-point change of the Fano plane breaks it (each pair is covered once)."""
    for i in range(7):
        assert assert_agree(P72, FANO[:i] + FANO[i + 1:]) is Status.REJECT
        for pos in range(3):
            for y in range(7):
                if y in FANO[i]:
                    continue
                blocks = [list(b) for b in FANO]
                blocks[i][pos] = y
                assert assert_agree(P72, blocks) is Status.REJECT


def test_relabelling_and_duplicates_keep_validity():
    rng = random.Random(3)
    for _ in range(10):
        perm = list(range(7))
        rng.shuffle(perm)
        blocks = [[perm[x] for x in b] for b in FANO]
        rng.shuffle(blocks)
        assert assert_agree(P72, blocks) is Status.ACCEPT
        extra = blocks + [blocks[rng.randrange(7)] for _ in range(rng.randrange(1, 5))]
        p, _ = both(P72, extra)
        assert p.status is Status.ACCEPT and p.objective == len(extra)


CONSTRUCTIONS = list(fixtures.list_json("constructions", "covering"))
SMALL = [(name, doc) for name, doc in CONSTRUCTIONS if doc["params"]["v"] <= 24]


@st.composite
def construction_mutations(draw):
    name, doc = draw(st.sampled_from(SMALL))
    params = dict(doc["params"])
    blocks = [list(b) for b in doc["answer"]]
    kind = draw(st.sampled_from(["drop", "duplicate", "perturb", "swap", "relabel"]))
    b = len(blocks)
    if kind == "drop":
        del blocks[draw(st.integers(0, b - 1))]
    elif kind == "duplicate":
        blocks.append(list(blocks[draw(st.integers(0, b - 1))]))
    elif kind == "perturb":
        i, pos = draw(st.integers(0, b - 1)), draw(st.integers(0, params["k"] - 1))
        free = [y for y in range(params["v"]) if y not in blocks[i]]
        blocks[i][pos] = draw(st.sampled_from(free))
    elif kind == "swap":
        i, j = draw(st.integers(0, b - 1)), draw(st.integers(0, b - 1))
        a, c = draw(st.integers(0, params["k"] - 1)), draw(st.integers(0, params["k"] - 1))
        if blocks[i][a] not in blocks[j] and blocks[j][c] not in blocks[i]:
            blocks[i][a], blocks[j][c] = blocks[j][c], blocks[i][a]
    else:
        perm = draw(st.permutations(list(range(params["v"]))))
        blocks = [[perm[x] for x in blk] for blk in blocks]
    return params, kind, blocks


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(construction_mutations())
def test_mutations_of_the_constructions(case):
    params, kind, blocks = case
    status = assert_agree(params, blocks)
    if kind in ("duplicate", "relabel"):
        assert status is Status.ACCEPT


def test_chunk_boundaries_of_the_primary(monkeypatch):
    blocks = [list(b) for b in itertools.combinations(range(9), 4)]
    missing = blocks.pop(77)
    params = {"v": 9, "k": 4, "t": 4}
    for chunk in (1, 4, 5, 8, 10 ** 6):
        monkeypatch.setattr(primary.module, "CHUNK_ENTRIES", chunk)
        p, _ = both(params, blocks)
        assert p.witness == {"subset": missing}


def test_band_table_is_exact_below_its_cap_along_either_side():
    """band[j, d] = min(C(d + j, j + 1), cap), built row by row (t <= v - t + 1) or column by column."""
    for v, t in ((9, 1), (9, 3), (9, 8), (9, 9), (40, 3), (40, 37), (128, 125), (29, 14), (1, 1)):
        cap = math.comb(v, t)
        band = primary.module.band_table(v, t, cap)
        assert band.shape == (t, v - t + 1)
        for j in range(t):
            for d in range(v - t + 1):
                assert int(band[j, d]) == min(math.comb(d + j, j + 1), cap), (v, t, j, d)


def test_unranking_round_trips_on_both_sides_of_v_over_2():
    for v, t in ((128, 125), (65, 61), (30, 27), (30, 3), (29, 14), (29, 15), (1, 1), (7, 7), (4000, 3998)):
        rng = random.Random(v * 100 + t)
        for subset in (list(range(v - t, v)), list(range(t)), sorted(rng.sample(range(v), t))):
            rank = sum(math.comb(e, i + 1) for i, e in enumerate(subset))
            assert primary.module.unrank(rank, v, t) == subset


def test_the_dynamic_programme_marks_exactly_the_block_t_subsets(monkeypatch):
    """Kept (2t <= k) and removed (2t > k) positions, one block per chunk or all at once: the marked colex
    ranks are exactly those of the t-subsets of the blocks (itertools), nothing more."""
    import numpy as np
    rng = random.Random(11)
    for case in range(120):
        v = rng.randint(1, 14)
        k = rng.randint(1, v)
        t = rng.randint(1, k)
        rows = [sorted(rng.sample(range(v), k)) for _ in range(rng.randint(1, 12))]
        want = {sum(math.comb(e, i + 1) for i, e in enumerate(sub)) for row in rows for sub in itertools.combinations(row, t)}
        monkeypatch.setattr(primary.module, "CHUNK_ENTRIES", (1, 50, 1 << 22)[case % 3])
        got = np.zeros(math.comb(v, t), dtype=bool)
        primary.module.mark_blocks(np.array(rows, dtype=np.int64), v, t, got)
        assert set(np.nonzero(got)[0].tolist()) == want, (v, k, t, rows)


def test_a_rank_outside_the_table_is_refused_not_wrapped():
    """The marking self-check: a negative or too large rank raises (numpy would wrap a negative index)."""
    import numpy as np
    covered = np.zeros(10, dtype=bool)
    for bad in ([-1], [10], [3, 12]):
        with pytest.raises(RuntimeError, match="self-check"):
            primary.module._mark(covered, np.array(bad, dtype=np.int64))
    assert not covered.any()


@pytest.mark.parametrize("v", [40, pytest.param(128, marks=pytest.mark.slow)])
def test_parameters_with_t_close_to_v_verify(v):
    """k = v - 2, t = v - 3 (v = 128 is allowed: C(128,125) = 341,376, C(126,125) = 126; v = 40 is the
    same shape in the default run): both verifiers work."""
    blocks = [[x for x in range(v) if x not in pair] for pair in itertools.combinations(range(v), 2)]
    params = schema.validate_params({"v": v, "k": v - 2, "t": v - 3})
    p, s = both(params, blocks)          # the complement of a (v-3)-subset has 3 points, hence a pair
    assert p.status is s.status is Status.ACCEPT and p.objective == len(blocks) == v * (v - 1) // 2
    del blocks[:2]                       # the pairs {0, 1} and {0, 2}
    del blocks[v - 3]                    # the pair {1, 2}: now 3..v-1 is uncovered
    p, s = both(params, blocks)
    assert p.status is s.status is Status.REJECT and p.reason == "PROPERTY_VIOLATION"
    assert p.witness == s.witness == {"subset": list(range(3, v))}


def test_colex_rank_and_unrank_are_inverse():
    for v, t in ((9, 3), (12, 1), (7, 7), (10, 4)):
        for r, subset in enumerate(sorted(itertools.combinations(range(v), t), key=lambda T: T[::-1])):
            assert sum(math.comb(e, i + 1) for i, e in enumerate(subset)) == r
            assert primary.module.unrank(r, v, t) == list(subset)


# ---- the oracle ----------------------------------------------------------------------------------------

def test_oracle_finds_a_planted_uncovered_subset():
    blocks = [list(b) for b in itertools.combinations(range(8), 4) if not {1, 4, 6} <= set(b)]
    blocks = blocks[:oracle.MAX_BLOCKS]
    status, subset = oracle.decide(blocks, 8, 3)
    assert status == "sat" and subset is not None and not any(set(subset) <= set(b) for b in blocks)
    status, subset = oracle.decide(FANO[:-1], 7, 2)
    assert status == "sat" and set(subset) in ({0, 2}, {0, 6}, {2, 6})


def test_oracle_on_coverings():
    assert oracle.decide(FANO, 7, 2) == ("unsat", None)
    assert oracle.decide([[0]], 1, 1) == ("unsat", None)
    assert oracle.decide([list(b) for b in itertools.combinations(range(6), 4)], 6, 3) == ("unsat", None)


@pytest.mark.parametrize("bad", [([], 7, 2), (FANO, 17, 2), (FANO, 7, 0), (FANO, 7, 8), ([[0, 0, 1]], 7, 2),
                                 ([[0, 7]], 7, 2), ([[0, True]], 7, 2), ([[0, 1]] * 61, 7, 2), ("013", 7, 2)])
def test_oracle_refuses_bad_input(bad):
    blocks, v, t = bad
    with pytest.raises(ValueError):
        oracle.decide(blocks, v, t)


def test_crosscheck_never_imports_checker_and_z3_is_lazy():
    proplib.assert_crosscheck_is_independent(
        "covering",
        "from endless_exam.crosscheck.oracle.covering import decide",
        "assert decide([[0, 1], [1, 2], [0, 2]], 3, 2) == ('unsat', None)")


# ---- strict parsing and parameter bounds ------------------------------------------------------------------

@pytest.mark.parametrize("params", [{"v": 0, "k": 1, "t": 1}, {"v": 4_000_001, "k": 2, "t": 1}, {"v": 7, "k": 8, "t": 2},
                                    {"v": 7, "k": 3, "t": 4}, {"v": 7, "k": 3, "t": 0}, {"v": 7, "k": 3},
                                    {"v": 7, "k": 3, "t": 2, "b": 7}, {"v": 7.0, "k": 3, "t": 2},
                                    {"v": True, "k": 1, "t": 1}, {"v": "7", "k": 3, "t": 2}, None, [7, 3, 2],
                                    {"v": 128, "k": 5, "t": 5}, {"v": 30, "k": 15, "t": 15}, {"v": 14143, "k": 3, "t": 2},
                                    {"v": 4_000_000, "k": 3, "t": 2}, {"v": 4_000_000, "k": 4_000_000, "t": 2_000_000}])
def test_params_are_strict_and_bounded(params):
    with pytest.raises(ParamsError):
        schema.validate_params(params)


def test_params_at_the_limits():
    assert schema.validate_params({"v": 128, "k": 128, "t": 1}) == {"v": 128, "k": 128, "t": 1}
    assert schema.validate_params({"v": 4096, "k": 4096, "t": 1})["v"] == 4096
    assert schema.validate_params({"v": 4_000_000, "k": 4_000_000, "t": 3_999_999})["v"] == 4_000_000   # C = v
    assert schema.validate_params({"v": 128, "k": 64, "t": 2})["k"] == 64        # C(64, 2) = 2016: allowed now
    assert schema.validate_params({"v": 60, "k": 20, "t": 4}) and schema.validate_params({"v": 24, "k": 14, "t": 7})
    assert schema.validate_params({"v": 29, "k": 29, "t": 14})                  # C(29, 14) = 77,558,760
    assert math.comb(30, 15) > schema.MAX_TSUBSETS
    assert schema.validate_params({"v": 14142, "k": 3, "t": 2})                 # C(14142, 2) = 99,991,011
    assert math.comb(14143, 2) > schema.MAX_TSUBSETS
    assert schema.validate_params({"v": 128, "k": 126, "t": 125})
    assert schema.validate_params({"v": 201, "k": 199, "t": 197})                # no walk bound any more
    assert schema.validate_params({"v": 30, "k": 6, "t": 3}) == {"v": 30, "k": 6, "t": 3}
    assert schema.validate_params({"v": 30, "k": 30, "t": 1})


def test_block_t_subsets_are_bounded_from_the_length():
    params = {"v": 24, "k": 20, "t": 10}                                         # C(20, 10) = 184,756
    with pytest.raises(AnswerError) as info:
        schema.parse(["x"] * 1083, params)
    assert info.value.reason == "SIZE_LIMIT"
    with pytest.raises(AnswerError) as info:
        schema.parse(["x"] * 1082, params)
    assert info.value.reason == "FORMAT_TYPE"


def difference_cover_blocks(count: int) -> list[list[int]]:
    base = list(range(32)) + [32 * a for a in range(1, 17)]                      # differences 1..512 of Z_1000
    return [sorted((x + i) % 1000 for x in base) for i in range(count)]


def test_beyond_the_old_point_limit():
    """v = 1,000 (the old limit was 128): 1,000 cyclic blocks cover every pair; without the last one the
    pair {0, 63} is uncovered (both verifiers, each confirming the other's witness)."""
    params = schema.validate_params({"v": 1000, "k": 48, "t": 2})
    p, s = both(params, difference_cover_blocks(1000))
    assert p.status is s.status is Status.ACCEPT and p.objective == 1000
    p, s = both(params, difference_cover_blocks(999))
    assert p.reason == s.reason == "PROPERTY_VIOLATION" and p.witness == s.witness == {"subset": [0, 63]}


@pytest.mark.slow
def test_the_deepest_walk_with_many_blocks():
    """C(65, 63, 61) with every 63-subset listed 9 times (18,720 blocks; 8.9 million prefixes): valid."""
    blocks = [list(b) for b in itertools.combinations(range(65), 63)] * 9
    p, s = both(schema.validate_params({"v": 65, "k": 63, "t": 61}), blocks)
    assert p.status is s.status is Status.ACCEPT and p.objective == 18_720


@pytest.mark.parametrize("answer, reason", [
    ([], "EMPTY"), ({}, "FORMAT_TYPE"), (None, "FORMAT_TYPE"), ("013", "FORMAT_TYPE"), ((0, 1, 3), "FORMAT_TYPE"),
    ([[0, 1, 3]] * (schema.MAX_BLOCKS + 1), "SIZE_LIMIT"), (["x"] * (schema.MAX_BLOCKS + 1), "SIZE_LIMIT"),
    ([5], "FORMAT_TYPE"), ([[0, 1]], "FORMAT_SHAPE"), ([[0, 1, 2, 3]], "FORMAT_SHAPE"), ([[0, 1, 1]], "FORMAT_SHAPE"),
    ([[0, 1, 7]], "RANGE"), ([[0, 1, -1]], "RANGE"), ([[0, 1, False]], "FORMAT_TYPE"), ([[0, 1, 3.0]], "FORMAT_TYPE"),
    ([[0, 1, 3], (1, 2, 4)], "FORMAT_TYPE"),
])
def test_parse_rejections(answer, reason):
    with pytest.raises(AnswerError) as info:
        schema.parse(answer, P72)
    assert info.value.reason == reason
    for module in (primary, second):
        v = module.check(P72, answer)
        assert v.status is Status.REJECT and v.reason == reason


def test_parse_diagnostics_name_the_first_bad_point():
    with pytest.raises(AnswerError) as info:
        schema.parse([[0, 1, 3], [2, 9, True]], P72)
    assert info.value.reason == "RANGE" and info.value.witness == {"block": 1, "position": 1}
    with pytest.raises(AnswerError) as info:
        schema.parse([[0, 1, 3], [4, 2, 4]], P72)
    assert info.value.reason == "FORMAT_SHAPE" and info.value.witness == {"block": 1, "position": 2}


# ---- bound, prompt, constructions -------------------------------------------------------------------------

def test_schoenheim_values():
    assert primary.module.schoenheim(7, 3, 2) == 7 and primary.module.schoenheim(12, 6, 3) == 14
    assert primary.module.schoenheim(24, 6, 3) == 112 and primary.module.schoenheim(30, 6, 3) == 205
    assert primary.module.schoenheim(18, 7, 4) == 96 and primary.module.schoenheim(22, 4, 2) == 39
    assert primary.module.schoenheim(9, 3, 1) == 3 and primary.module.schoenheim(6, 4, 4) == 15


def test_schoenheim_against_fractions():
    from fractions import Fraction
    for v in range(1, 25):
        for k in range(1, v + 1):
            for t in range(1, min(k, 5) + 1):
                value = 1
                for i in range(t - 1, -1, -1):
                    value = math.ceil(Fraction(v - i, k - i) * value)
                assert primary.module.schoenheim(v, k, t) == value


def test_bound_uses_recorded_values_then_schoenheim():
    bound = primary.SPEC.bound
    assert bound({"v": 18, "k": 7, "t": 4}) == (111, "bound")
    assert bound({"v": 30, "k": 6, "t": 3}) == (210, "bound")
    assert bound({"v": 24, "k": 6, "t": 3}) == (112, "bound")
    assert bound({"v": 16, "k": 6, "t": 3}) == (32, "bound")


def test_prompt_states_every_limit():
    text = prompts.prompt("covering", {"v": 30, "k": 6, "t": 3})
    assert text.startswith("Problem (Covering, v=30, k=6, t=3).")
    for needle in ("20,000", "4,000,000", "100,000,000", "200,000,000", "60 seconds", "0..29", "compact form"):
        assert needle in text, needle


@pytest.mark.parametrize("name, doc", CONSTRUCTIONS, ids=[c[0] for c in CONSTRUCTIONS])
def test_reference_constructions_are_accepted(name, doc):
    params = proplib.assert_reference_construction("covering", primary, second, doc)
    assert not uncovered(doc["answer"], params["v"], params["t"])
    assert doc["objective"] >= primary.SPEC.bound(params)[0]


def test_every_suite_instance_has_a_construction():
    covered = {tuple(sorted(d["params"].items())) for _, d in CONSTRUCTIONS}
    wanted = {tuple(sorted(i.params.items())) for i in suites.all_instances() if i.family == "covering"}
    assert wanted <= covered


def test_witt_design():
    from endless_exam.checker.constructions import covering as build
    octads = build.golay_octads()
    assert len(octads) == 759 and all(len(o) == 8 for o in octads)
    s3622 = build.witt_s3622()
    counts = {}
    for b in s3622:
        for T in itertools.combinations(b, 3):
            counts[T] = counts.get(T, 0) + 1
    assert len(counts) == math.comb(22, 3) and set(counts.values()) == {1}     # every triple exactly once


def test_kirkman_triple_system():
    from endless_exam.checker.constructions import covering as build
    classes = build.kirkman_classes()
    assert len(classes) == 7
    for cls in classes:
        assert sorted(x for line in cls for x in line) == list(range(15))        # a parallel class
    pairs = [p for cls in classes for line in cls for p in itertools.combinations(line, 2)]
    assert len(pairs) == len(set(pairs)) == math.comb(15, 2)                      # an STS(15)


@pytest.mark.slow
def test_construction_generator_reproduces_the_fixtures():
    """Regenerating gives the bundled blocks exactly (a few CPU minutes: the local searches). Only this
    generator's files (``FIXTURES``); the a1/a2 tier files come from the baselines (checker/suites/tiers.py)."""
    from endless_exam.checker.constructions import covering as build

    own = {f"v{v}_k{k}_t{t}.json" for v, k, t in build.FIXTURES}
    assert own <= {name for name, _ in CONSTRUCTIONS}
    for name, doc in CONSTRUCTIONS:
        if name not in own:
            continue
        blocks, method = build.build_fixture(**doc["params"])
        assert blocks == doc["answer"] and method == doc["method"], name
