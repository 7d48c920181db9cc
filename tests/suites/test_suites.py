"""Suites (checker.suites): bench-v1 identities recomputed from the raw spec file, counts, lookup."""
from __future__ import annotations

import hashlib
import json
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from endless_exam.checker.suites import instances as suites
from endless_exam.certificates.contract import FAMILIES

SPEC = Path("/work/shared/spec/bench-v1-instances.json")

EXPECTED_COUNTS = {
    "capset": 3, "kissing": 3, "kissing_theta": 5, "heilbronn": 5, "heilbronn_shape": 5, "labs": 5, "corners": 5,
    "matmul": 3, "degdiam": 7, "lineq": 5, "apfree_q": 3, "mols": 6, "schur": 3, "covering": 3, "shannon": 4,
    "trifference": 4,
}


def independent_instance_id(family: str, params) -> str:
    """docs/SPECIFICATION.md section 1, written out again here (not calling checker.suites)."""
    blob = json.dumps([family, params], sort_keys=True, separators=(",", ":"))
    return family + "-" + hashlib.sha256(blob.encode("utf-8")).hexdigest()[:12]


@pytest.fixture(scope="module")
def bench():
    return suites.load("bench-v1")


@pytest.fixture(scope="module")
def spec_rows():
    if not SPEC.is_file():
        pytest.skip(f"{SPEC} is not available")
    return json.loads(SPEC.read_text(encoding="utf-8"))["instances"]


def _exact(value):
    if value is None:
        return None
    if isinstance(value, dict):
        return Fraction(value["num"], value["den"])
    return Fraction(str(value))


# ---- bench-v1 --------------------------------------------------------------------------------------

def test_bench_v1_has_69_instances(bench):
    assert len(bench) == 69
    assert all(i.suite == "bench-v1" for i in bench)


def test_ids_are_recomputed_from_family_and_params(bench):
    for inst in bench:
        assert inst.instance_id == suites.instance_id(inst.family, inst.params)
        assert inst.instance_id == independent_instance_id(inst.family, inst.params)
        assert inst.call_id == suites.call_id(inst.tier, inst.family, inst.seed)
        assert inst.call_id == f"{inst.tier.lower()}-{inst.family}-{inst.seed}"


def test_ids_match_the_raw_spec_file(bench, spec_rows):
    assert len(spec_rows) == 69
    assert [r["call_id"] for r in spec_rows] == [i.call_id for i in bench]  # export order
    for row, inst in zip(spec_rows, bench):
        recomputed = independent_instance_id(row["family"], row["params"])
        assert row["instance_id"] == recomputed, row["call_id"]
        assert suites.instance_id(row["family"], row["params"]) == recomputed
        assert inst.instance_id == recomputed
        assert inst.family == row["family"] and inst.params == row["params"] and inst.sense == row["sense"]


def test_references_and_bounds_match_the_raw_spec_file(bench, spec_rows):
    for row, inst in zip(spec_rows, bench):
        exact = _exact(row.get("reference_exact") or row["reference"])
        assert inst.reference == exact, row["call_id"]
        if row.get("reference_exact"):
            assert float(inst.reference) == pytest.approx(row["reference"], rel=1e-12)
        assert inst.reference_type == row["reference_type"]
        assert inst.bound == _exact(row["bound"]), row["call_id"]
        assert inst.bound_kind == row["bound_kind"]


def test_counts_per_family(bench):
    assert Counter(i.family for i in bench) == EXPECTED_COUNTS
    assert set(EXPECTED_COUNTS) | {"kakeya"} == set(FAMILIES)


def test_published_and_construction_counts(bench):
    assert Counter(i.reference_type for i in bench) == {"published": 30, "construction": 39}
    eligible = [i for i in bench if i.bound_kind in ("bound", "trivial")]
    assert len(eligible) == 64
    assert {i.family for i in bench if i.bound_kind == "conjecture"} == {"labs"}


def test_senses(bench):
    for inst in bench:
        assert inst.sense == ("min" if inst.family in ("matmul", "covering") else "max"), inst.call_id
        assert inst.sense == FAMILIES[inst.family].sense


def test_call_ids_and_instance_ids_are_unique(bench):
    assert len({i.call_id for i in bench}) == 69
    assert len({i.instance_id for i in bench}) == 69


def test_exact_references_are_exact(bench):
    labs = next(i for i in bench if i.call_id == "a3-labs-0")
    assert labs.reference == Fraction(1400, 251) and isinstance(labs.reference, Fraction)
    cap = next(i for i in bench if i.call_id == "a3-capset-11")
    assert cap.reference == 1082 and type(cap.reference) is int and cap.params == {"d": 9}
    assert cap.instance_id == "capset-253c1b38c406"


def test_family_groups(bench):
    groups = {i.family_group for i in bench}
    assert len(groups) == 14
    assert {i.family_group for i in bench if i.family in ("kissing", "kissing_theta")} == {"spherical_code"}
    assert {i.family_group for i in bench if i.family.startswith("heilbronn")} == {"heilbronn"}


def test_to_json_is_json_and_marks_implementation(bench):
    rows = json.loads(json.dumps([i.to_json() for i in bench]))
    assert all(isinstance(r["implemented"], bool) for r in rows)
    for r in rows:
        assert r["implemented"] is FAMILIES[r["family"]].implemented
    assert any(r["implemented"] for r in rows if r["family"] == "capset")
    assert all(r["reference"] is None or isinstance(r["reference"], str) for r in rows)


# ---- other suites ----------------------------------------------------------------------------------

def test_size_series_loads():
    series = suites.load("size-series")
    assert len(series) == 28
    assert [i.params["d"] for i in series if i.family == "capset"] == [6, 8, 10, 12]
    assert Counter(i.family for i in series)["lineq"] == 4
    for inst in series:
        assert inst.instance_id == independent_instance_id(inst.family, inst.params)
    assert len({i.call_id for i in series}) == len(series)


def test_kakeya_suite_loads():
    kakeya = suites.load("kakeya")
    assert [(i.params["q"], i.params["n"]) for i in kakeya] == [(13, 3), (7, 4), (11, 4)]
    assert [i.reference for i in kakeya] == [703, 553, 2741]
    assert [i.bound for i in kakeya] == [595, 375, 2105]
    assert all(i.sense == "min" and i.family == "kakeya" for i in kakeya)


def test_unknown_suite():
    with pytest.raises(KeyError):
        suites.load("bench-v2")


def test_all_instances():
    everything = suites.all_instances()
    assert len(everything) == 69 + 28 + 3 + 49 + 49      # bench-v1, size-series, kakeya, a1, a2
    assert everything[:69] == suites.load("bench-v1")


# ---- lookup ----------------------------------------------------------------------------------------

def test_find_by_call_id_and_instance_id():
    by_call = suites.find("a3-capset-11")
    assert by_call.params == {"d": 9} and by_call.suite == "bench-v1"
    assert suites.find(by_call.instance_id) == by_call
    assert suites.find("k1-kakeya-2").params == {"q": 11, "n": 4}
    assert suites.find("s1-capset-3").reference is None


def test_find_prefers_bench_v1_for_shared_instance_ids():
    iid = suites.instance_id("capset", {"d": 10})
    hits = suites.by_instance_id(iid)
    assert {h.call_id for h in hits} == {"a3-capset-0", "s1-capset-2"}
    assert suites.find(iid).call_id == "a3-capset-0"


@pytest.mark.parametrize("key", ["nope", "a3-capset-99", "capset-000000000000", "", "A3-CAPSET-0"])
def test_find_unknown(key):
    with pytest.raises(KeyError):
        suites.find(key)


def test_instance_id_ignores_key_order_and_depends_on_values():
    a = suites.instance_id("matmul", {"n": 4, "m": 5, "p": 5})
    b = suites.instance_id("matmul", {"p": 5, "m": 5, "n": 4})
    assert a == b == independent_instance_id("matmul", {"n": 4, "m": 5, "p": 5})
    assert suites.instance_id("matmul", {"n": 5, "m": 4, "p": 5}) != a
    assert suites.instance_id("capset", {"d": 9}) != suites.instance_id("capset", {"d": 10})
