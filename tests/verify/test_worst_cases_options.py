"""The worst-case runner's options for the load figures (``--costliest``, ``--no-in-process``) and the
trifference generator's interface (its refused and admitted lists at the scan's bound). No timing is
asserted."""
from __future__ import annotations

import json

from endless_exam.certificates.schemas import _trifference_admission as admission
from endless_exam.checker.families import load as load_primary
from tests.benchmarks import worst_cases


def _case(name: str, expect: str = "ACCEPT") -> dict:
    return {"name": name, "path": "p", "params": {"n": 3}, "answer": lambda: [[0, 0], [1, 0], [0, 1]],
            "expect": expect}


def test_costliest_keeps_the_k_most_expensive_cases_per_family(tmp_path):
    prev = tmp_path / "prev.json"
    prev.write_text(json.dumps({"rows": [
        {"family": "a", "case": "x", "primary_cpu": 1.0, "second_cpu": 9.0},
        {"family": "a", "case": "y", "primary_cpu": 5.0, "second_cpu": 2.0},
        {"family": "a", "case": "z", "primary_cpu": 0.1, "second_cpu": 0.2},
        {"family": "b", "case": "w", "primary_cpu": 0.3, "second_cpu": 0.1}]}))
    todo = [("a", _case("x")), ("a", _case("y")), ("a", _case("z")), ("b", _case("w")), ("b", _case("new"))]
    kept = worst_cases._costliest(todo, prev, 1)
    assert [(k, c["name"]) for k, c in kept] == [("a", "x"), ("b", "w")]
    kept = worst_cases._costliest(todo, prev, 2)
    assert [(k, c["name"]) for k, c in kept] == [("a", "x"), ("a", "y"), ("b", "w"), ("b", "new")]


def test_without_in_process_and_harness_nothing_is_decided_so_the_row_fails():
    row = worst_cases.run_case("heilbronn", _case("tiny"), runs=1, use_harness=False, in_process=False)
    assert row["ok"] is False and row["primary"] is None and row["harness"] is None


def test_the_harness_alone_decides_a_row():
    row = worst_cases.run_case("heilbronn", _case("tiny"), runs=1, use_harness=True, in_process=False)
    assert row["harness"] == "ACCEPT" and row["ok"] is True
    row = worst_cases.run_case("heilbronn", _case("tiny", "REJECT"), runs=1, use_harness=True, in_process=False)
    assert row["ok"] is False


def test_trifference_generator_covers_both_paths_and_the_refusals():
    cases = worst_cases.validated_cases("trifference", worst_cases.discover(["trifference"])["trifference"])
    schema = load_primary("trifference").schema
    for c in cases:
        schema.validate_params(c["params"])
    names = [c["name"] for c in cases]
    wide = admission.max_scan_words(1024)
    assert any(n.startswith(f"{wide} random words") for n in names)
    assert any(n.startswith(f"{wide + 1} random words") for n in names)
    refused = [c for c in cases if "cost model" in c["path"]]
    assert refused and all(c["expect"] == "REJECT" for c in refused)
