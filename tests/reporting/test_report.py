"""Reports (checker.reporting.report): md/csv/json rendering of aggregated runs and reading scores.json files."""
from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest

from endless_exam import fixtures
from endless_exam.checker.suites import instances as suites
from endless_exam.checker.scoring.aggregate import InstanceOutcome, aggregate, ratio
from endless_exam.checker.reporting.report import (GROUP_COLUMNS, SUMMARY_COLUMNS, load_run, load_scores, outcome_row, render,
                            render_files, report_data)

FAST = 100
REQUIRED = ("call_id", "instance_id", "family", "family_group", "params", "reference", "reference_type", "sense",
            "bound", "bound_kind", "status", "valid", "objective", "ratio", "ratio_exact")


@pytest.fixture(scope="module")
def bench():
    return suites.load("bench-v1")


def _outcome(inst, r, status=None, objective=None):
    if status in ("ERROR", "DISAGREE", "MISSING"):
        return InstanceOutcome(inst.call_id, inst.instance_id, inst.family, inst.family_group, inst.reference_type,
                               inst.sense, inst.reference, inst.bound, inst.bound_kind, status, False, None, None)
    if objective is not None:
        r = ratio(objective, inst.reference, inst.sense, True)
    r = Fraction(r)
    return InstanceOutcome(inst.call_id, inst.instance_id, inst.family, inst.family_group, inst.reference_type,
                           inst.sense, inst.reference, inst.bound, inst.bound_kind,
                           status or ("ACCEPT" if r > 0 else "REJECT"), r > 0, objective, r)


@pytest.fixture(scope="module")
def full_outcomes(bench):
    table = fixtures.read_json("paper", "table25.json")
    by_id = {i.instance_id: i for i in bench}
    out = [_outcome(by_id[row["instance_id"]], Fraction(str(row["ratios"]["opus_tools"])))
           for row in table["instances"]]
    # one answer with a real objective beyond a proven bound, to exercise the flags
    return [_outcome(o_inst, None, objective=6000) if o_inst.call_id == "a3-capset-0" else o
            for o, o_inst in zip(out, (by_id[o.instance_id] for o in out))]


@pytest.fixture(scope="module")
def partial_outcomes(bench):
    drop = {"a3-capset-0": "ERROR", "a3-shannon-1": "DISAGREE"}
    return [_outcome(i, None, drop[i.call_id]) if i.call_id in drop else _outcome(i, Fraction(1, 2))
            for i in bench]


@pytest.fixture(scope="module")
def runs(full_outcomes, partial_outcomes):
    return [("opus | tools", aggregate(full_outcomes, resamples=FAST)),
            ("partial", aggregate(partial_outcomes, resamples=FAST))]


# ---- render ------------------------------------------------------------------------------------------

def test_render_markdown(runs):
    text = render(runs, "md")
    assert "## Scores" in text and "## Family groups" in text
    assert "opus \\| tools" in text  # pipes in names are escaped
    assert "subset 50.00" in text and "subset 67/69 (2 missing)" in text
    assert "1 verifier disagreement" in text and "1 verifier error" in text
    assert "beyond proven bound — investigate: capset-e561943a0230" in text
    header = next(line for line in text.splitlines() if line.startswith("| Group"))
    assert header == "| Group | n | opus \\| tools | partial |"
    rows = [line for line in text.splitlines() if line.startswith("| capset ") or line.startswith("| shannon ")]
    assert rows[0].startswith("| capset | 3 |") and "(n=2)" in rows[0]
    assert "(n=3)" in rows[1]
    assert f"{runs[0][1]['score']:.2f}" in text


def test_render_csv_parses(runs):
    summary = list(csv.reader(io.StringIO(render(runs, "csv"))))
    groups = list(csv.reader(io.StringIO(render(runs, "csv", "groups"))))
    assert [] not in summary and [] not in groups          # one table per text, no blank separator rows
    assert tuple(summary[0]) == SUMMARY_COLUMNS and len(summary) == 3
    assert tuple(groups[0]) == GROUP_COLUMNS and len(groups) == 1 + 14 * 2
    first = dict(zip(summary[0], summary[1]))
    second = dict(zip(summary[0], summary[2]))
    agg = runs[0][1]
    assert first["run"] == "opus | tools" and first["complete"] == "true" and first["score_kind"] == "score"
    assert float(first["score"]) == agg["score"]  # full precision
    assert float(first["score_ci_low"]) == agg["score_ci"][0]
    assert float(first["published_mean"]) == agg["published_hfr"]
    assert float(first["gap_closed"]) == agg["gap_closed"]["mean"]
    assert int(first["record_candidates"]) == agg["record_candidates_count"] == 1
    assert second["complete"] == "false" and second["score_kind"] == "subset_score"
    assert float(second["score"]) == 50.0
    shannon = [dict(zip(groups[0], r)) for r in groups[1:] if r[1] == "shannon"]
    assert [(r["run"], r["n"], r["mean"]) for r in shannon] == [("opus | tools", "4", repr(agg["groups"]["shannon"]["mean"])),
                                                               ("partial", "3", "0.5")]


def test_render_json_round_trips(runs):
    text = render(runs, "json")
    data = json.loads(text)
    assert data == json.loads(json.dumps(report_data(runs)))
    assert [r["name"] for r in data["runs"]] == ["opus | tools", "partial"]
    for (name, agg), back in zip(runs, data["runs"]):
        assert back["aggregate"] == agg  # the aggregate is plain JSON data: nothing lost
    assert data["summary"][1]["flags"][0] == "subset 67/69 (2 missing)"
    assert data["summary_columns"] == list(SUMMARY_COLUMNS)


def test_render_rejects_bad_input(runs):
    with pytest.raises(ValueError, match="format"):
        render(runs, "xlsx")
    with pytest.raises(ValueError, match="no runs"):
        render([], "md")
    with pytest.raises(ValueError, match="distinct"):
        render([runs[0], runs[0]], "md")
    with pytest.raises(ValueError, match="published_hfr"):
        render([("bad", {k: v for k, v in runs[0][1].items() if k != "published_hfr"})], "csv")


# ---- load_scores ---------------------------------------------------------------------------------------

def scores_doc(outcomes, bench, drop_rows=()):
    """A scores.json in the contract format (as the `score` command writes it, plus extra fields)."""
    params = {i.call_id: i.params for i in bench}
    rows = [{**outcome_row(o, params.get(o.call_id, {})), "message": "ok"}
            for o in outcomes if not o.missing and o.call_id not in drop_rows]
    infra = [{"call_id": o.call_id, "reason": {"DISAGREE": "independent_verifier_disagreement",
                                               "ERROR": "verification_process_failed"}.get(o.status, "quota"),
              "ratio": None} for o in outcomes if o.missing]
    return {"version": "1", "complete": not infra, "calls": len(outcomes), "expected_calls": 69,
            "expected_instances": 69, "calls_scored": rows, "infrastructure_failures": infra,
            "missing_call_ids": sorted(o.call_id for o in outcomes if o.missing)}


def write(tmp_path, doc, name="scores.json"):
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_load_scores_round_trip(tmp_path, bench, full_outcomes, partial_outcomes):
    for k, outs in enumerate((full_outcomes, partial_outcomes)):
        path = write(tmp_path, scores_doc(outs, bench), f"s{k}.json")
        loaded = load_scores(path)
        assert sorted(loaded, key=lambda o: o.call_id) == sorted(outs, key=lambda o: o.call_id)
        assert load_run(path, resamples=FAST) == aggregate(outs, [i.instance_id for i in bench], resamples=FAST)
    statuses = {o.call_id: o.status for o in load_scores(tmp_path / "s1.json") if o.missing}
    assert statuses == {"a3-capset-0": "ERROR", "a3-shannon-1": "DISAGREE"}


def test_load_run_names_unlisted_missing_instances(tmp_path, bench, full_outcomes):
    doc = scores_doc(full_outcomes[:60], bench)
    agg = load_run(write(tmp_path, doc), resamples=FAST)
    assert not agg["complete"] and len(agg["missing_instances"]) == 9 and agg["missing_unlisted"] == 0


@pytest.mark.parametrize("field", REQUIRED)
def test_missing_field_is_named(tmp_path, bench, full_outcomes, field):
    doc = scores_doc(full_outcomes, bench)
    del doc["calls_scored"][5][field]
    with pytest.raises(ValueError) as info:
        load_scores(write(tmp_path, doc))
    msg = str(info.value)
    assert f"missing field {field!r}" in msg and "calls_scored[5]" in msg and "scores.json" in msg


@pytest.mark.parametrize("field", ("calls_scored", "infrastructure_failures", "missing_call_ids"))
def test_missing_top_level_field_is_named(tmp_path, bench, full_outcomes, field):
    doc = scores_doc(full_outcomes, bench)
    del doc[field]
    with pytest.raises(ValueError, match=f"missing field '{field}'"):
        load_scores(write(tmp_path, doc))


@pytest.mark.parametrize("field, value, fragment", [
    ("reference", 2432.0, "'reference' must be an exact number"),
    ("reference", "2432.0", "'reference' must be an exact number"),
    ("reference", None, "'reference' is null"),
    ("objective", "1e3", "'objective' must be an exact number"),
    ("valid", "true", "'valid' must be true or false"),
    ("ratio", "1.0", "'ratio' must be a number"),
    ("ratio", 0.5, "'ratio' (0.5) and 'ratio_exact'"),
    ("ratio_exact", None, "'ratio_exact' is null"),
    ("family_group", "heilbronn", "'family_group' is 'heilbronn'"),
    ("params", [], "'params' must be an object"),
    ("sense", "maximize", "sense must be one of"),
    ("status", "PASS", "status must be one of"),
    ("objective", "7", "does not match objective"),
])
def test_bad_field_values_are_named(tmp_path, bench, full_outcomes, field, value, fragment):
    doc = scores_doc(full_outcomes, bench)
    row = next(r for r in doc["calls_scored"] if r["call_id"] == "a3-capset-0")  # a valid answer of 6000 points
    row[field] = value
    with pytest.raises(ValueError) as info:
        load_scores(write(tmp_path, doc))
    assert fragment in str(info.value) and "a3-capset-0" in str(info.value)


def test_exact_strings(tmp_path, bench, full_outcomes):
    doc = scores_doc(full_outcomes, bench)
    labs = next(r for r in doc["calls_scored"] if r["call_id"] == "a3-labs-0")
    assert labs["bound"] == "308/25" and labs["reference"] == "1400/251"
    labs["bound"] = "12.32"  # the LABS target as the suite writes it: an exact decimal
    capset = next(r for r in doc["calls_scored"] if r["call_id"] == "a3-capset-0")
    capset["reference"] = 2432  # a JSON integer is exact too
    assert sorted(load_scores(write(tmp_path, doc)), key=lambda o: o.call_id) == \
        sorted(full_outcomes, key=lambda o: o.call_id)
    labs["reference"] = "5.577689243027889"  # a float rendering of 1400/251 is not the reference
    with pytest.raises(ValueError, match="'reference' must be an exact number"):
        load_scores(write(tmp_path, doc))


def test_inconsistent_or_malformed_files(tmp_path, bench, full_outcomes, partial_outcomes):
    doc = scores_doc(full_outcomes, bench)
    doc["missing_call_ids"] = ["a3-capset-0"]
    with pytest.raises(ValueError, match="listed as missing but has a scored row"):
        load_scores(write(tmp_path, doc))
    doc = scores_doc(full_outcomes, bench)
    doc["calls_scored"].append(dict(doc["calls_scored"][0]))
    with pytest.raises(ValueError, match="calls_scored\\[69\\]: duplicate call_id 'a3-capset-11'"):
        load_scores(write(tmp_path, doc))
    doc = scores_doc(partial_outcomes, bench)
    doc["infrastructure_failures"][0]["call_id"] = "zz-nothing-0"
    with pytest.raises(ValueError, match="'zz-nothing-0'.*instance is unknown"):
        load_scores(write(tmp_path, doc))
    doc = scores_doc(partial_outcomes, bench)
    doc["infrastructure_failures"][0]["ratio"] = 0
    with pytest.raises(ValueError, match="infrastructure_failures\\[0\\].*'ratio' must be null"):
        load_scores(write(tmp_path, doc))
    bad = tmp_path / "bad.json"
    for text, fragment in (("{", "not valid JSON"), ("[]", "JSON object"), ('{"a": NaN}', "non-finite"),
                           ('{"a": 1, "a": 2}', "duplicate key")):
        bad.write_text(text, encoding="utf-8")
        with pytest.raises(ValueError, match=fragment):
            load_scores(bad)
    doc = scores_doc(full_outcomes, bench)
    doc["calls_scored"][3] = ["not", "an", "object"]
    with pytest.raises(ValueError, match="calls_scored\\[3\\]: expected a JSON object"):
        load_scores(write(tmp_path, doc))


def test_render_files(tmp_path, bench, full_outcomes, partial_outcomes):
    a = write(tmp_path, scores_doc(full_outcomes, bench), "a.json")
    b = write(tmp_path, scores_doc(partial_outcomes, bench), "b.json")
    text = render_files([a, b], "csv", names=["full", "part"], resamples=FAST)
    rows = list(csv.reader(io.StringIO(text)))
    assert len(rows) == 3 and tuple(rows[0]) == SUMMARY_COLUMNS
    assert [r[0] for r in rows[1:3]] == ["full", "part"] and [r[1] for r in rows[1:3]] == ["true", "false"]
    with pytest.raises(ValueError, match="names"):
        render_files([a, b], "md", names=["one"])
