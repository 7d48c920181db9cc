"""Aggregation (checker.scoring.aggregate): exact ratios, the paper's Table 2 from Table 25, gap closed, LABS
progress, partial runs and the upstream bootstrap procedure."""
from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from endless_exam import fixtures
from endless_exam.checker.suites import instances as suites
from endless_exam.checker.scoring.aggregate import (BEYOND_BOUND_FLAG, CORE_GROUPS, STATUSES, InstanceOutcome, aggregate, bootstrap_ci,
                               gap_closed, gap_eligible, labs_progress, ratio)

FAST = 200  # bootstrap resamples where the interval itself is not under test


@pytest.fixture(scope="module")
def bench():
    return suites.load("bench-v1")


@pytest.fixture(scope="module")
def table25():
    return fixtures.read_json("paper", "table25.json")


def outcome(inst, *, r=None, objective=None, valid=None, status=None, call_id=None) -> InstanceOutcome:
    """An outcome for a suite instance; ``r`` a ratio (objective unknown), or ``objective`` + ``valid``."""
    if status in ("ERROR", "DISAGREE", "MISSING"):
        return InstanceOutcome(call_id or inst.call_id, inst.instance_id, inst.family, inst.family_group,
                               inst.reference_type, inst.sense, inst.reference, inst.bound, inst.bound_kind,
                               status, False, None, None)
    if objective is not None:
        valid = True if valid is None else valid
        r = ratio(objective, inst.reference, inst.sense, valid)
    else:
        r = Fraction(r)
        valid = r > 0 if valid is None else valid
    status = status or ("ACCEPT" if valid else "REJECT")
    return InstanceOutcome(call_id or inst.call_id, inst.instance_id, inst.family, inst.family_group,
                           inst.reference_type, inst.sense, inst.reference, inst.bound, inst.bound_kind,
                           status, valid, objective, r)


def make(*, sense="max", reference, bound=None, bound_kind="bound", objective=None, valid=True,
         reference_type="construction", status=None, call_id="t-x-0", instance_id="x-000000000000",
         family="x", group="x") -> InstanceOutcome:
    r = ratio(objective, reference, sense, valid)
    return InstanceOutcome(call_id, instance_id, family, group, reference_type, sense, reference, bound, bound_kind,
                           status or ("ACCEPT" if valid else "REJECT"), valid, objective, r)


def paper_outcomes(bench, table25, config):
    by_id = {i.instance_id: i for i in bench}
    # the paper prints 3-decimal ratios: Fraction(str(x)) is that decimal exactly
    return [outcome(by_id[row["instance_id"]], r=Fraction(str(row["ratios"][config]))) for row in table25["instances"]]


# ---- the paper's Table 2 from the per-instance ratios of Table 25 ----------------------------------------

# As printed in the paper (Table 2): Score, published mean, construction mean.
TABLE2 = {
    "astra_tools": ("143.16", "0.998", "1.76"),
    "luna_tools": ("119.35", "0.961", "1.37"),
    "opus_tools": ("180.06", "0.985", "2.43"),
    "astra_notools": ("91.90", "0.76", "1.04"),
    "luna_notools": ("34.85", "0.25", "0.42"),
    "opus_notools": ("69.81", "0.57", "0.79"),
}
RATIO_ROUNDING = 0.0005  # the per-instance ratios are rounded to 3 decimals, so any mean moves by at most this


def printed_tolerance(text: str) -> float:
    """Half a unit of the printed last digit, plus the effect of the 3-decimal per-instance rounding."""
    decimals = len(text.split(".")[1])
    return 0.5 * 10 ** -decimals + RATIO_ROUNDING


def test_table25_fixture_matches_the_suite(bench, table25):
    by_id = {i.instance_id: i for i in bench}
    assert len(table25["instances"]) == 69
    assert {r["instance_id"] for r in table25["instances"]} == set(by_id)
    for row in table25["instances"]:
        inst = by_id[row["instance_id"]]
        assert (row["call_id"], row["family"], row["params"], row["reference_type"]) == \
            (inst.call_id, inst.family, inst.params, inst.reference_type)
    assert set(table25["table2"]) == set(TABLE2) == set(table25["configurations"])
    for config, (score, pub, con) in TABLE2.items():  # the fixture's table2 is the printed table
        t = table25["table2"][config]
        assert (t["score"], t["published"], t["construction"]) == (float(score), float(pub), float(con))


@pytest.mark.parametrize("config", sorted(TABLE2))
def test_table2_is_reproduced_from_per_instance_ratios(bench, table25, config):
    score, pub, con = TABLE2[config]
    agg = aggregate(paper_outcomes(bench, table25, config), resamples=FAST)
    assert agg["complete"] and "subset_score" not in agg
    assert agg["calls"] == agg["distinct_instances"] == 69
    assert (agg["published_n"], agg["construction_n"]) == (30, 39)
    # Score: 100 x the 3-decimal rounding of the ratios = 0.05
    assert abs(agg["score"] - float(score)) <= 100 * RATIO_ROUNDING
    assert abs(agg["published_hfr"] - float(pub)) <= printed_tolerance(pub)
    assert abs(agg["construction_reference_ratio"] - float(con)) <= printed_tolerance(con)
    # exactness: the score is 100 x the exact mean of the printed decimals
    exact = 100 * sum(Fraction(str(r["ratios"][config])) for r in table25["instances"]) / 69
    assert Fraction(agg["score_exact"]) == exact and agg["score"] == float(exact)
    # The valid fraction is not determined by ratios (a valid answer can have ratio 0); only the share of
    # positive ratios is, and it is a lower bound of the printed valid fraction.
    positive = sum(1 for r in table25["instances"] if r["ratios"][config] > 0) / 69
    assert positive <= table25["table2"][config]["valid_fraction"] + 0.005
    # gap closed / LABS progress over the instance metadata of bench-v1
    gap = agg["gap_closed"]
    assert (gap["n_eligible"], gap["published_n"], gap["construction_n"]) == (64, 30, 34)
    assert agg["labs_progress"]["n"] == 5
    assert set(agg["labs_progress"]["per_instance"]) == {i.instance_id for i in bench if i.family == "labs"}
    assert not set(gap["per_instance"]) & set(agg["labs_progress"]["per_instance"])


def test_table2_ranking_of_the_paper(bench, table25):
    scores = {c: aggregate(paper_outcomes(bench, table25, c), resamples=10)["score"] for c in TABLE2}
    assert sorted(scores, key=scores.get, reverse=True) == sorted(TABLE2, key=lambda c: -float(TABLE2[c][0]))


# ---- bench-v1 metadata ------------------------------------------------------------------------------

def test_bench_v1_metadata_for_aggregation(bench):
    assert Counter(i.reference_type for i in bench) == {"published": 30, "construction": 39}
    assert {i.family_group for i in bench} == set(CORE_GROUPS) and len(CORE_GROUPS) == 14
    eligible = [i for i in bench if gap_eligible(i.sense, i.reference, i.bound, i.bound_kind)]
    assert len(eligible) == 64
    assert Counter(i.reference_type for i in eligible) == {"published": 30, "construction": 34}
    assert {i.family for i in bench if i not in eligible} == {"labs"}
    assert all(i.bound_kind == "conjecture" and i.bound == Fraction("12.32") for i in bench if i.family == "labs")
    assert {i.family for i in bench if i.sense == "min"} == {"matmul", "covering"}


# ---- ratios -------------------------------------------------------------------------------------------

def test_ratio_senses_and_zeros():
    assert ratio(3, 4, "max", True) == Fraction(3, 4)
    assert ratio(3, 4, "min", True) == Fraction(4, 3)
    assert ratio(8, 4, "max", True) == 2  # uncapped
    assert ratio(5, 4, "max", False) == 0
    assert ratio(0, 4, "max", True) == 0
    assert ratio(0, 4, "min", True) == 0  # a <= 0 never divides
    assert ratio(-3, 4, "min", True) == 0
    assert ratio(None, 4, "max", False) == 0
    assert ratio(Fraction(7, 3), Fraction(1400, 251), "max", True) == Fraction(7 * 251, 3 * 1400)
    with pytest.raises(ValueError):
        ratio(3, 4, "maximum", True)
    with pytest.raises(ValueError):
        ratio(3, 0, "max", True)
    with pytest.raises(TypeError):
        ratio(3.0, 4, "max", True)


def test_ratio_is_exact_with_huge_integers(bench):
    h = 10 ** 500
    assert ratio(h + 1, h, "max", True) == Fraction(h + 1, h) != 1
    assert ratio(h + 1, h, "min", True) == Fraction(h, h + 1) < 1
    assert ratio(3 ** 1000, 2 ** 1000, "max", True) == Fraction(3 ** 1000, 2 ** 1000)
    # through aggregate: a Shannon-sized reference, one more codeword than the reference is a ratio > 1
    inst = next(i for i in bench if i.instance_id == "shannon-feb50364a0a8")
    agg = aggregate([outcome(inst, objective=inst.reference + 1)], expected_instances=1, resamples=FAST)
    assert Fraction(agg["score_exact"]) == 100 * Fraction(inst.reference + 1, inst.reference)
    assert agg["groups"]["shannon"]["mean_exact"] == f"{inst.reference + 1}/{inst.reference}"
    assert agg["score"] == 100.0  # the float cannot show the difference; the exact string does


def test_outcome_validation():
    with pytest.raises(ValueError, match="missing"):
        InstanceOutcome("c", "i", "f", "g", "published", "max", 5, None, None, "ERROR", False, None, Fraction(0))
    with pytest.raises(ValueError, match="ratio must not be None"):
        InstanceOutcome("c", "i", "f", "g", "published", "max", 5, None, None, "REJECT", False, None, None)
    with pytest.raises(ValueError, match="valid"):
        InstanceOutcome("c", "i", "f", "g", "published", "max", 5, None, None, "ACCEPT", False, 5, Fraction(0))
    with pytest.raises(ValueError, match="does not match"):
        InstanceOutcome("c", "i", "f", "g", "published", "max", 5, None, None, "ACCEPT", True, 4, Fraction(1))
    with pytest.raises(ValueError, match="non-zero ratio"):
        InstanceOutcome("c", "i", "f", "g", "published", "max", 5, None, None, "TIMEOUT", False, None, Fraction(1))
    with pytest.raises(TypeError, match="Fraction"):
        InstanceOutcome("c", "i", "f", "g", "published", "max", 5, None, None, "ACCEPT", True, None, 0.9)
    with pytest.raises(ValueError, match="status"):
        InstanceOutcome("c", "i", "f", "g", "published", "max", 5, None, None, "PASS", True, 5, Fraction(1))
    with pytest.raises(ValueError, match="reference_type"):
        InstanceOutcome("c", "i", "f", "g", "literature", "max", 5, None, None, "ACCEPT", True, 5, Fraction(1))
    o = InstanceOutcome("c", "i", "f", "g", "published", "max", Fraction(10, 2), None, None, "ACCEPT", True, 5, 1)
    assert o.reference == 5 and type(o.reference) is int and o.ratio == 1 and type(o.ratio) is Fraction


# ---- gap closed ---------------------------------------------------------------------------------------

def test_gap_closed_edge_cases_max():
    base = dict(sense="max", reference=100, bound=10000, bound_kind="bound")
    assert gap_closed(make(**base, objective=500, valid=False)) == 0.0  # invalid
    assert gap_closed(make(**base, objective=99)) == 0.0  # below the reference
    assert gap_closed(make(**base, objective=100)) == 0.0  # equal to the reference
    assert gap_closed(make(**base, objective=10000)) == 1.0  # at the bound, exactly
    assert gap_closed(make(**base, objective=1000)) == pytest.approx(0.5, abs=1e-15)
    beyond = gap_closed(make(**base, objective=100000))
    assert beyond == pytest.approx(1.5, abs=1e-12) and beyond > 1  # never clipped
    assert gap_closed(make(**{**base, "bound_kind": "trivial"}, objective=1000)) == pytest.approx(0.5)


def test_gap_closed_edge_cases_min():
    base = dict(sense="min", reference=126, bound=111, bound_kind="bound")  # covering (v,k,t) style
    assert gap_closed(make(**base, objective=126)) == 0.0
    assert gap_closed(make(**base, objective=200)) == 0.0
    assert gap_closed(make(**base, objective=111)) == 1.0
    assert gap_closed(make(**base, objective=116)) == pytest.approx(math.log(126 / 116) / math.log(126 / 111))
    assert gap_closed(make(**base, objective=100)) > 1
    assert gap_closed(make(**base, objective=116, valid=False)) == 0.0
    mm = dict(sense="min", reference=61, bound=20, bound_kind="bound")  # matmul style
    assert gap_closed(make(**mm, objective=60)) == pytest.approx(math.log(61 / 60) / math.log(61 / 20))
    assert gap_closed(make(**mm, objective=20)) == 1.0


def test_gap_closed_with_hundreds_of_digits():
    h, b, a = 10 ** 300, 10 ** 600, 10 ** 450
    assert abs(gap_closed(sense="max", reference=h, bound=b, bound_kind="bound", objective=a, valid=True) - 0.5) < 1e-12
    # beyond the float range on both sides of the quotient
    h, b, a = 10 ** 400, 10 ** 800, 10 ** 600
    assert abs(gap_closed(sense="max", reference=h, bound=b, bound_kind="bound", objective=a, valid=True) - 0.5) < 1e-12
    # min sense with huge Fractions: h/a = (h/b)^(1/4)
    h, b = Fraction(3 ** 800, 7), Fraction(1, 7 * 2 ** 800)  # h/b = 6^800
    a = h / Fraction(6) ** 200
    assert abs(gap_closed(sense="min", reference=h, bound=b, bound_kind="bound", objective=a, valid=True)
               - 0.25) < 1e-12
    # an improvement of 1 part in 10^20 over a 41-digit reference is tiny but not zero (no cancellation)
    h = 10 ** 40
    g = gap_closed(sense="max", reference=h, bound=2 * h, bound_kind="bound", objective=h + 10 ** 20, valid=True)
    assert g == pytest.approx(1e-20 / math.log(2), rel=1e-9)


def test_gap_closed_ineligible_and_inputs():
    kw = dict(sense="max", reference=100, objective=150, valid=True)
    assert gap_closed(**kw, bound=12, bound_kind="conjecture") is None
    assert gap_closed(**kw, bound=None, bound_kind=None) is None
    assert gap_closed(**kw, bound=None, bound_kind="bound") is None
    assert gap_closed(**kw, bound=100, bound_kind="bound") is None  # no gap between reference and bound
    assert gap_closed(**kw, bound=90, bound_kind="bound") is None  # "bound" below the reference
    assert gap_closed(**kw, bound=0, bound_kind="bound") is None
    assert gap_closed(sense="min", reference=100, bound=120, bound_kind="bound", objective=90, valid=True) is None
    # eligibility never depends on the answer
    assert gap_eligible("max", 100, 200, "bound") and not gap_eligible("max", 100, 200, "conjecture")
    # a mapping, keyword overrides, an explicit ratio
    fields = {"sense": "max", "reference": 100, "bound": 10000, "bound_kind": "bound", "ratio": Fraction(10)}
    assert gap_closed(fields) == pytest.approx(0.5)
    assert gap_closed(fields, ratio=Fraction(100)) == 1.0
    with pytest.raises(ValueError, match="sense"):
        gap_closed({"reference": 1, "bound": 2, "bound_kind": "bound", "ratio": 1})
    with pytest.raises(TypeError):
        gap_closed(fields, colour="red")
    missing = InstanceOutcome("c", "i", "f", "g", "published", "max", 100, 10000, "bound", "MISSING", False, None, None)
    assert gap_closed(missing) is None  # a missing call has no value


def test_labs_progress_toward_the_conjecture(bench):
    inst = next(i for i in bench if i.call_id == "a3-labs-0")
    h, target = inst.reference, Fraction("12.32")
    assert h == Fraction(1400, 251) and inst.bound == target
    assert gap_closed(outcome(inst, objective=Fraction(7))) is None  # not eligible for gap closed
    assert labs_progress(outcome(inst, objective=h)) == 0.0
    assert labs_progress(outcome(inst, objective=target)) == 1.0
    assert labs_progress(outcome(inst, objective=Fraction(7))) == pytest.approx(
        math.log(7 / float(h)) / math.log(12.32 / float(h)))
    assert labs_progress(outcome(inst, objective=Fraction(13))) > 1  # may exceed 1
    other = next(i for i in bench if i.family == "capset")
    assert labs_progress(outcome(other, r=1)) is None


def test_aggregate_gap_closed_flags_beyond_bound(bench):
    outs = []
    for inst in bench:
        if inst.call_id == "a3-capset-0":  # h = 2432, b = 5619: beyond the proven bound
            outs.append(outcome(inst, objective=6000))
        elif inst.call_id == "a3-matmul-0":  # min, h = 61, b = 20: exactly at the bound
            outs.append(outcome(inst, objective=20))
        elif inst.call_id == "a3-labs-0":  # past the LABS target: reported, not flagged
            outs.append(outcome(inst, objective=Fraction(13)))
        else:
            outs.append(outcome(inst, r=1))
    agg = aggregate(outs, resamples=FAST)
    gap = agg["gap_closed"]
    g_cap = gap["per_instance"]["capset-e561943a0230"]
    assert g_cap == pytest.approx(math.log(6000 / 2432) / math.log(5619 / 2432)) and g_cap > 1
    assert gap["per_instance"]["matmul-ffd9b6a99452"] == 1.0
    assert gap["n_eligible"] == 64
    assert gap["mean"] == pytest.approx((g_cap + 1.0) / 64)
    assert gap["published"] == pytest.approx((g_cap + 1.0) / 30)
    assert gap["construction"] == 0.0
    assert [b["instance_id"] for b in gap["beyond_bound"]] == ["capset-e561943a0230"]
    assert gap["beyond_bound"][0]["flag"] == BEYOND_BOUND_FLAG == "beyond proven bound — investigate"
    labs = agg["labs_progress"]
    assert labs["per_instance"]["labs-8e3bca55269d"] > 1 and labs["n"] == 5
    assert labs["mean"] == pytest.approx(labs["per_instance"]["labs-8e3bca55269d"] / 5)
    # records: published and ratio > 1 (capset 6000/2432, matmul 61/20)
    assert sorted(r["call_id"] for r in agg["record_candidates"]) == ["a3-capset-0", "a3-matmul-0"]
    assert agg["record_candidates_count"] == 2


# ---- partial runs, statuses, counts ---------------------------------------------------------------------

def test_partial_run_gives_a_labelled_subset_score(bench):
    drop = {"a3-capset-0": "ERROR", "a3-shannon-0": "DISAGREE", "a3-mols-0": "MISSING"}
    outs = [outcome(i, status=drop[i.call_id]) if i.call_id in drop else
            outcome(i, r=2 if i.reference_type == "construction" else 1) for i in bench]
    agg = aggregate(outs, resamples=FAST)
    assert agg["complete"] is False and "score" not in agg and "score_ci" not in agg
    assert agg["calls"] == 69 and agg["calls_scored"] == agg["distinct_instances"] == 66
    # the missing calls are excluded, never zero: 28 published at 1, 38 construction at 2
    assert Fraction(agg["subset_score_exact"]) == Fraction(100 * (28 + 2 * 38), 66)
    assert agg["published_hfr"] == 1.0 and agg["construction_reference_ratio"] == 2.0
    assert (agg["published_n"], agg["construction_n"]) == (28, 38)
    by_call = {i.call_id: i.instance_id for i in bench}
    assert agg["missing_instances"] == sorted(by_call[c] for c in drop)
    assert agg["missing_call_ids"] == sorted(drop)
    assert agg["missing_unlisted"] == 0
    assert {k: v for k, v in agg["status_counts"].items() if v} == {"ACCEPT": 66, "ERROR": 1, "DISAGREE": 1,
                                                                   "MISSING": 1}
    assert agg["groups"]["capset"]["n"] == 2 and agg["groups"]["shannon"]["n"] == 3
    assert len(agg["instances"]) == 66 and set(agg["missing_instances"]).isdisjoint(
        r["instance_id"] for r in agg["instances"])
    assert {r["ratio_exact"] for r in agg["instances"]} == {"1", "2"}
    assert agg["gap_closed"]["n_eligible"] == 61 and len(agg["gap_closed"]["eligible_missing"]) == 3
    assert agg["valid_fraction"] == 1.0
    lo, hi = agg["subset_score_ci"]
    assert lo <= agg["subset_score"] <= hi


def test_partial_run_with_unlisted_instances(bench):
    outs = [outcome(i, r=1) for i in bench[:60]]
    agg = aggregate(outs, resamples=FAST)
    assert not agg["complete"] and agg["subset_score"] == 100.0
    assert agg["missing_instances"] == [] and agg["missing_unlisted"] == 9
    named = aggregate(outs, expected_instances=[i.instance_id for i in bench], resamples=FAST)
    assert named["missing_instances"] == sorted(i.instance_id for i in bench[60:])
    assert aggregate(outs, expected_instances=60, resamples=FAST)["complete"]
    assert aggregate(outs, expected_instances=None, resamples=FAST)["complete"]
    with pytest.raises(ValueError, match="expected"):
        aggregate(outs, expected_instances=59)
    with pytest.raises(ValueError, match="not in the expected set"):
        aggregate(outs, expected_instances=[i.instance_id for i in bench[:10]])


def test_empty_groups_are_null_and_groups_are_listed(bench):
    outs = [outcome(i, r=1) for i in bench if i.reference_type == "construction"]
    agg = aggregate(outs, expected_instances=None, resamples=FAST)
    assert agg["published_hfr"] is None and agg["published_ci"] is None and agg["published_n"] == 0
    assert list(agg["groups"])[:14] == list(CORE_GROUPS)
    assert agg["groups"]["schur"] == {"n": 0, "mean": None, "mean_exact": None, "ci": None}
    assert agg["gap_closed"]["published"] is None


def test_duplicates_and_inconsistent_calls(bench):
    inst = bench[0]
    a, b = outcome(inst, r=1), outcome(inst, r=Fraction(1, 2), call_id="a3-capset-99")
    with pytest.raises(ValueError, match="scored calls"):
        aggregate([a, b], expected_instances=1)
    agg = aggregate([a, b], expected_instances=1, duplicates="mean", resamples=FAST)
    assert agg["score"] == 75.0 and agg["calls"] == 2 and agg["distinct_instances"] == 1
    with pytest.raises(ValueError, match="duplicate call id"):
        aggregate([a, a], expected_instances=1)
    # a missing retry does not hide a scored call of the same instance
    retry = outcome(inst, status="ERROR", call_id="a3-capset-98")
    agg = aggregate([a, retry], expected_instances=1, resamples=FAST)
    assert agg["complete"] and agg["score"] == 100.0 and agg["missing_call_ids"] == ["a3-capset-98"]
    bad = InstanceOutcome("x", inst.instance_id, inst.family, inst.family_group, inst.reference_type, inst.sense,
                          inst.reference + 1, inst.bound, inst.bound_kind, "ACCEPT", True, None, Fraction(1))
    with pytest.raises(ValueError, match="disagree on reference"):
        aggregate([a, bad], expected_instances=1)


def test_valid_fraction_and_scored_zero_statuses(bench):
    # valid-but-zero (heilbronn collinear: objective 0), timeouts and unfinished generations score zero
    special = {"a3-heilbronn-0": dict(objective=0, valid=True), "a3-capset-0": dict(r=0, status="TIMEOUT"),
               "a3-capset-2": dict(r=0, status="ZERO"), "a3-kissing-0": dict(r=0, status="LIMIT"),
               "a3-kissing-1": dict(r=0)}
    outs = [outcome(i, **special.get(i.call_id, {"r": 1})) for i in bench]
    agg = aggregate(outs, resamples=FAST)
    assert agg["complete"] and agg["valid"] == 65 and agg["valid_fraction_exact"] == "65/69"
    assert Fraction(agg["score_exact"]) == Fraction(6400, 69)
    assert agg["status_counts"] == {s: {"ACCEPT": 65, "TIMEOUT": 1, "ZERO": 1, "LIMIT": 1, "REJECT": 1}.get(s, 0)
                                    for s in STATUSES}


def test_record_candidates_are_exact():
    h = 10 ** 100
    tiny = make(reference=h, objective=h + 1, reference_type="published")
    equal = make(reference=h, objective=h, reference_type="published", call_id="t-x-1", instance_id="x-1")
    constr = make(reference=5, objective=6, call_id="t-x-2", instance_id="x-2")
    agg = aggregate([tiny, equal, constr], expected_instances=3, resamples=FAST)
    assert [r["call_id"] for r in agg["record_candidates"]] == ["t-x-0"]
    assert agg["record_candidates"][0]["ratio_exact"] == f"{h + 1}/{h}"


# ---- bootstrap ------------------------------------------------------------------------------------------

def upstream_ci(vals, B=2000, seed=0):
    """Upstream's report.ci written out in floats, as independent reference."""
    vals = sorted(vals)
    rnd = random.Random(seed)
    n = len(vals)
    means = sorted(sum(rnd.choice(vals) for _ in range(n)) / n for _ in range(B))
    return means[int(0.025 * B)], means[int(0.975 * B)]


def test_bootstrap_tiny_hand_checked_example():
    # sorted values [0, 1, 2]; random.Random(0).choice draws, 8 resamples of 3:
    # [1,1,0] [1,2,1] [1,1,1] [1,2,0] [2,0,1] [0,0,2] [1,2,2] [2,0,1] -> sums 2 4 3 3 3 2 5 3
    # sorted sums 2 2 3 3 3 3 4 5; indices int(0.025*8) = 0 and int(0.975*8) = 7 -> means 2/3 and 5/3
    assert bootstrap_ci([2, 0, 1], resamples=8) == (Fraction(2, 3), Fraction(5, 3))
    assert bootstrap_ci([Fraction(1, 3), 0], resamples=5) == (Fraction(1, 6), Fraction(1, 3))
    assert bootstrap_ci([]) is None
    assert bootstrap_ci([Fraction(7, 3)]) == (Fraction(7, 3), Fraction(7, 3))
    with pytest.raises(ValueError):
        bootstrap_ci([1, 2], resamples=0)


def test_bootstrap_matches_upstream_and_is_deterministic(bench, table25):
    ratios = [Fraction(str(r["ratios"]["opus_tools"])) for r in table25["instances"]]
    ci = bootstrap_ci(ratios)
    assert ci == bootstrap_ci(ratios, 2000, 0)  # same seed, same interval
    assert ci == bootstrap_ci(list(reversed(ratios)))  # input order does not matter (values are sorted first)
    ref = upstream_ci([float(r) for r in ratios])
    assert float(ci[0]) == pytest.approx(ref[0], abs=1e-12) and float(ci[1]) == pytest.approx(ref[1], abs=1e-12)
    mean = sum(ratios) / len(ratios)
    assert ci[0] <= mean <= ci[1]
    assert bootstrap_ci(ratios, seed=1) != ci
    agg = aggregate(paper_outcomes(bench, table25, "opus_tools"))
    assert agg["score_ci"] == [float(100 * ci[0]), float(100 * ci[1])]
    assert agg["score_ci"][0] <= agg["score"] <= agg["score_ci"][1]
    pub = [Fraction(str(r["ratios"]["opus_tools"])) for r in table25["instances"] if r["reference_type"] == "published"]
    assert agg["published_ci"] == [float(x) for x in bootstrap_ci(pub)]
    for g, cell in agg["groups"].items():
        assert cell["ci"][0] <= cell["mean"] <= cell["ci"][1], g
    assert agg["bootstrap"]["resamples"] == 2000 and agg["bootstrap"]["seed"] == 0
