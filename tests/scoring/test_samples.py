"""Several samples per call: an answers line may carry ``"sample": k``, and ``(call_id, sample)`` is the key in
the answers file, the progress file, scores.json and the aggregate.

Covered here: the strict reading of ``sample`` (reason codes SAMPLE_TYPE / SAMPLE_RANGE), duplicate keys, the
rows' JSON (no ``sample`` for sample 0, so one sample per call writes today's bytes), the aggregate's rule (per
call the mean over its scored samples; best-of-k and valid counts beside it; a missing sample makes the run a
subset), ``--only`` / ``--limit`` per call with all samples, resume after an interrupt giving the same
scores.json bytes as an uninterrupted run, a real size-series run with two samples per call and the numbers
behind its size-quality curves, and one sample per call giving exactly the tables it gave before.
"""
from __future__ import annotations

import dataclasses
import json
import math
import threading
from fractions import Fraction
from pathlib import Path

import pytest

from endless_exam.checker import cli
from endless_exam.checker.verify import harness
from endless_exam.checker.reporting import report
from endless_exam.checker.reporting import calls as report_calls
from endless_exam.checker.reporting import series as report_series
from endless_exam.checker.scoring import score
from endless_exam.checker.suites import instances as suites
from endless_exam.checker.scoring.aggregate import InstanceOutcome, aggregate
from endless_exam.checker.scoring.answers import MAX_SAMPLE, AnswersFileError, AnswersSource, parse_line
from endless_exam.checker.scoring.callrow import CallRow, RowError
from endless_exam.checker.reporting.table2 import render_table2

from .test_score import FakeHarness, fk, write_answers
from .test_score_ray import _untimed

ROOT = Path(__file__).resolve().parents[2]
SERIES = {i.call_id: i for i in suites.load("size-series")}
BENCH = {i.call_id: i for i in suites.load("bench-v1")}
CID = "a3-capset-11"


def scan(path: Path, lines: list[str]) -> list:
    path.write_text("".join(line + "\n" for line in lines))
    with AnswersSource(str(path)) as source:
        return source.scan(set(BENCH))


# ---- reading the answers file ----------------------------------------------------------------------------

@pytest.mark.parametrize("text, code", [
    ("true", "SAMPLE_TYPE"), ("false", "SAMPLE_TYPE"), ("1.0", "SAMPLE_TYPE"), ("1e0", "SAMPLE_TYPE"),
    ('"1"', "SAMPLE_TYPE"), ("null", "SAMPLE_TYPE"), ("[1]", "SAMPLE_TYPE"), ("{}", "SAMPLE_TYPE"),
    ("1e400", "SAMPLE_TYPE"), ("NaN", "SAMPLE_TYPE"),
    ("-1", "SAMPLE_RANGE"), (str(MAX_SAMPLE + 1), "SAMPLE_RANGE"), (str(10 ** 30), "SAMPLE_RANGE"),
    ("9" * 2000, "SAMPLE_RANGE"),
])
def test_a_bad_sample_is_a_file_error_with_a_stable_code(tmp_path, text, code):
    line = f'{{"call_id": "{CID}", "sample": {text}, "answer": []}}'
    with pytest.raises(AnswersFileError) as err:
        parse_line(line, 3)
    assert err.value.code == code and code in str(err.value)
    assert "answers line 3" in str(err.value) and "'sample'" in str(err.value)
    with pytest.raises(AnswersFileError) as err:        # the file reader says the same, before anything is scored
        scan(tmp_path / "a.jsonl", [f'{{"call_id": "{CID}", "answer": []}}', line])
    assert err.value.code == code and "answers line 2" in str(err.value)


@pytest.mark.parametrize("text, sample", [("0", 0), ("-0", 0), ("1", 1), (str(MAX_SAMPLE), MAX_SAMPLE)])
def test_good_samples_are_read(text, sample):
    rec = parse_line(f'{{"call_id": "{CID}", "sample": {text}, "answer": []}}', 1)
    assert rec.sample == sample and rec.key == (CID, sample)
    assert parse_line(f'{{"call_id": "{CID}", "answer": []}}', 1).sample == 0      # the default


def test_duplicate_keys_are_refused_per_call_and_sample(tmp_path):
    ok = scan(tmp_path / "a.jsonl", [f'{{"call_id": "{CID}", "answer": []}}',
                                      f'{{"call_id": "{CID}", "sample": 1, "answer": []}}',
                                      '{"call_id": "a3-capset-0", "sample": 1, "answer": []}'])
    assert [r.key for r in ok] == [(CID, 0), (CID, 1), ("a3-capset-0", 1)]
    with pytest.raises(AnswersFileError, match=rf"line 3: duplicate call id '{CID}' sample 1 \(first on line 2\)"):
        scan(tmp_path / "b.jsonl", [f'{{"call_id": "{CID}", "answer": []}}',
                                     f'{{"call_id": "{CID}", "sample": 1, "answer": []}}',
                                     f'{{"call_id": "{CID}", "sample": 1, "finish_reason": "length"}}'])
    # an explicit sample 0 and a line without sample are the same key
    with pytest.raises(AnswersFileError, match=rf"line 2: duplicate call id '{CID}' \(first on line 1\)"):
        scan(tmp_path / "c.jsonl", [f'{{"call_id": "{CID}", "answer": []}}',
                                     f'{{"call_id": "{CID}", "sample": 0, "answer": []}}'])


# ---- the row -----------------------------------------------------------------------------------------------

def _row(sample: int) -> CallRow:
    inst = BENCH[CID]
    return CallRow.of(inst, 1, "0" * 64, "zero", "ZERO", None, "finish_reason:length", "m", sample=sample)


def test_a_row_writes_sample_only_when_it_is_not_0_and_reads_back_strictly():
    zero, two = _row(0).to_json(), _row(2).to_json()
    assert "sample" not in zero and list(two)[:2] == ["call_id", "sample"] and two["sample"] == 2
    assert {k: v for k, v in two.items() if k != "sample"} == zero
    assert CallRow.from_json(two) == _row(2) and CallRow.from_json(zero) == _row(0)
    for bad in (0, -1, True, 1.0, "2", None, MAX_SAMPLE + 1):   # 0 is never written, so it is refused too
        with pytest.raises(RowError, match="sample"):
            CallRow.from_json(dict(zero, sample=bad))
    with pytest.raises(RowError, match="sample"):
        _row(-1)


# ---- the aggregate -----------------------------------------------------------------------------------------

def _outcome(call_id: str, sample: int, objective: int | None, status: str = "ACCEPT") -> InstanceOutcome:
    inst = BENCH[call_id]
    valid = status == "ACCEPT"
    ratio = None if status in ("MISSING", "ERROR") else (Fraction(objective, inst.reference) if valid else Fraction(0))
    return InstanceOutcome(call_id, inst.instance_id, inst.family, inst.family_group, inst.reference_type, inst.sense,
                           inst.reference, inst.bound, inst.bound_kind, status, valid, objective if valid else None,
                           ratio, sample)


def test_a_call_scores_the_mean_over_its_samples_with_best_of_k_and_valid_counts_beside_it():
    ref = BENCH[CID].reference                              # 1082
    outs = [_outcome(CID, 0, ref), _outcome(CID, 1, None, "REJECT"),
            _outcome("a3-capset-0", 0, 1216), _outcome("a3-capset-0", 1, 2432)]
    agg = aggregate(outs, expected_instances=None)
    ref0 = BENCH["a3-capset-0"].reference
    first, second = Fraction(1, 2), (Fraction(1216, ref0) + Fraction(2432, ref0)) / 2
    assert agg["complete"] and agg["score_exact"] == str(100 * (first + second) / 2)
    assert agg["calls"] == 2 and agg["calls_scored"] == 2 and agg["valid"] == 3 and agg["valid_fraction"] == 0.75
    assert [i["calls"] for i in agg["instances"]] == [1, 1]
    sm = agg["samples"]
    assert (sm["samples"], sm["samples_scored"], sm["valid_samples"], sm["max_samples_per_call"]) == (4, 4, 3, 2)
    best = {c["call_id"]: c for c in sm["per_call"]}
    assert best[CID]["best_ratio_exact"] == "1" and best[CID]["mean_ratio_exact"] == "1/2"
    assert best[CID]["valid_samples"] == 1 and best[CID]["samples"] == 2
    assert sm["best_of_k"]["score_exact"] == str(100 * (1 + Fraction(2432, ref0)) / 2)


def test_a_missing_sample_is_left_out_of_its_call_and_makes_the_run_a_subset():
    outs = [_outcome(CID, 0, 541), _outcome(CID, 1, None, "MISSING"), _outcome(CID, 2, 1082)]
    agg = aggregate(outs, expected_instances=None)
    assert not agg["complete"] and agg["subset_score_exact"] == str(100 * Fraction(3, 4))
    assert agg["missing_call_ids"] == [] and agg["samples"]["missing_samples"] == [{"call_id": CID, "sample": 1}]
    all_missing = aggregate([_outcome(CID, 0, None, "MISSING"), _outcome(CID, 1, None, "ERROR")],
                            expected_instances=None)
    assert all_missing["missing_call_ids"] == [CID] and all_missing["distinct_instances"] == 0


def test_duplicate_samples_and_samples_of_different_instances_are_refused():
    with pytest.raises(ValueError, match=f"duplicate call id '{CID}' sample 1"):
        aggregate([_outcome(CID, 1, 5), _outcome(CID, 1, 6)], expected_instances=None)
    stray = dataclasses.replace(_outcome("a3-capset-0", 0, 5), call_id=CID, sample=1)
    with pytest.raises(ValueError, match="different instances"):
        aggregate([_outcome(CID, 0, 5), stray], expected_instances=None)


def test_one_sample_per_call_adds_nothing_to_the_aggregate():
    outs = [_outcome(CID, 0, 541), _outcome("a3-capset-0", 0, None, "REJECT")]
    agg = aggregate(outs, expected_instances=None)
    assert "samples" not in agg and agg["calls"] == 2 and agg["valid_fraction"] == 0.5
    assert all("sample" not in r for r in agg["record_candidates"])


# ---- scoring with a fake harness ---------------------------------------------------------------------------

SAMPLED = [
    {"call_id": "a3-capset-11", "answer": fk("ACCEPT", 1082)},
    {"call_id": "a3-capset-11", "sample": 1, "answer": fk("ACCEPT", 541)},
    {"call_id": "a3-capset-0", "sample": 0, "answer": fk("REJECT")},
    {"call_id": "a3-capset-0", "sample": 1, "answer": fk("ACCEPT", 2432)},
    {"call_id": "a3-capset-0", "sample": 2, "finish_reason": "length"},
    {"call_id": "a3-capset-2", "answer": fk("ACCEPT", 100)},
]


@pytest.fixture
def fake(monkeypatch) -> FakeHarness:
    f = FakeHarness()
    monkeypatch.setattr(harness, "verify", f)
    return f


def _score(answers: str, out: Path, **kwargs) -> dict:
    return score.run(answers, str(out), suites.load("bench-v1"), suite="bench-v1", allow_partial=True, jobs=1,
                     log=lambda m: None, **kwargs)


def test_a_run_with_samples_scores_each_sample_and_keys_every_file_by_call_and_sample(tmp_path, fake):
    answers = write_answers(tmp_path / "a.jsonl", SAMPLED)
    out = tmp_path / "s.json"
    doc = _score(answers, out)
    assert len(fake.calls) == 5             # the 'length' sample is decided without a verifier
    assert doc["version"] == "2" and doc["calls"] == 3 and doc["samples"] == 6
    assert doc["run"]["progress_format"] == 3
    keys = [(r["call_id"], r.get("sample", 0)) for r in doc["calls_scored"]]
    assert keys == [("a3-capset-0", 0), ("a3-capset-0", 1), ("a3-capset-0", 2), ("a3-capset-2", 0),
                    ("a3-capset-11", 0), ("a3-capset-11", 1)]
    assert all(("sample" in r) == (r.get("sample", 0) != 0) for r in doc["calls_scored"])   # sample 0: no key
    header, *rows = [json.loads(line) for line in Path(f"{out}.progress.jsonl").read_text().splitlines()]
    assert sorted((r["call_id"], r.get("sample", 0)) for r in rows) == sorted(keys)
    per_call = {i["instance_id"]: i["ratio"] for i in doc["instances"]}
    assert per_call[BENCH["a3-capset-11"].instance_id] == 0.75           # (1 + 1/2) / 2
    assert per_call[BENCH["a3-capset-0"].instance_id] == pytest.approx(1 / 3)     # (0 + 1 + 0) / 3
    summary = doc["summary"]
    assert summary["valid"] == 4 and summary["samples"]["valid_samples"] == 4
    assert doc["complete"] is False and doc["subset_score"] == summary["subset_score"]
    # report reads it back: the same aggregate, a samples table, one row per sample in the calls table
    again = report.load_run(out)       # (report also counts the suite's unanswered calls, as missing outcomes)
    assert again["subset_score_exact"] == summary["subset_score_exact"] and again["groups"] == summary["groups"]
    assert again["samples"]["best_of_k"] == summary["samples"]["best_of_k"]
    answered = {r["call_id"] for r in SAMPLED}
    assert [c for c in again["samples"]["per_call"] if c["call_id"] in answered] == summary["samples"]["per_call"]
    md = report.render([("s", summary)], "md")
    assert "## Samples" in md and "| s | 6 | 6 | 4 | 3 |" in md
    assert "| s | a3-capset-11 | 2 | 2 | 2 | 0.7500 | 1.0000 |" in md and "| s | a3-capset-0 | 3 | 3 | 1 | 0.3333 |" in md
    rows_md = report_calls.calls_markdown([("s", report_calls.call_rows(out))])
    assert "| a3-capset-0 #2 |" in rows_md and "| a3-capset-0 |" in rows_md
    assert report_calls.calls_csv([("s", report_calls.call_rows(out))]).startswith("run,call_id,sample,")


def test_only_selects_every_sample_of_a_call_and_limit_counts_calls(tmp_path, fake):
    answers = write_answers(tmp_path / "a.jsonl", SAMPLED)
    doc = _score(answers, tmp_path / "only.json", only=("a3-capset-0",))
    assert [(r["call_id"], r.get("sample", 0)) for r in doc["calls_scored"]] == [("a3-capset-0", k) for k in range(3)]
    doc = _score(answers, tmp_path / "limit.json", limit=2)          # the first two calls in file order, all samples
    assert sorted({r["call_id"] for r in doc["calls_scored"]}) == ["a3-capset-0", "a3-capset-11"]
    assert len(doc["calls_scored"]) == 5 and doc["run"]["subset"] == {"only": None, "limit": 2}


def test_an_interrupted_run_with_samples_resumes_to_the_same_scores_json_bytes(tmp_path, monkeypatch):
    answers = write_answers(tmp_path / "a.jsonl", SAMPLED)
    fake = FakeHarness()
    monkeypatch.setattr(harness, "verify", fake)
    fresh = tmp_path / "fresh.json"
    _score(answers, fresh)
    seen, lock = [], threading.Lock()

    def interrupting(*args, **kwargs):
        with lock:
            seen.append(1)
            if len(seen) == 3:
                raise KeyboardInterrupt
        return fake(*args, **kwargs)

    monkeypatch.setattr(harness, "verify", interrupting)
    out = tmp_path / "resumed.json"
    with pytest.raises(score.ScoreError, match="interrupted") as stop:
        _score(answers, out)
    assert not out.exists()
    saved = Path(f"{out}.progress.jsonl").read_text().splitlines()[1:]
    assert 1 <= len(saved) < len(SAMPLED)
    # the message counts what the progress file holds: samples, not calls
    assert f"interrupted: {len(saved)} of {len(SAMPLED)} answers (call samples) are saved" in str(stop.value)
    monkeypatch.setattr(harness, "verify", fake)
    fake.calls.clear()
    logs: list[str] = []
    score.run(answers, str(out), suites.load("bench-v1"), suite="bench-v1", allow_partial=True, jobs=1,
              log=logs.append)
    # (a saved record claim, ratio >= 1 on a published reference, is verified again by design)
    assert any("resuming:" in m and "finished answers (call samples) reused" in m for m in logs), logs
    assert len(fake.calls) < 5
    assert out.read_bytes() == fresh.read_bytes()


def test_a_sample_saved_twice_in_the_progress_file_is_redone(tmp_path, fake):
    records = [{"call_id": CID, "answer": fk("ACCEPT", 1000)}, {"call_id": CID, "sample": 1, "answer": fk("ACCEPT", 541)}]
    answers = write_answers(tmp_path / "a.jsonl", records)      # (no record claim: those are verified again anyway)
    out = tmp_path / "s.json"
    first = _score(answers, out)
    progress = Path(f"{out}.progress.jsonl")
    lines = progress.read_text().splitlines(keepends=True)
    sample1 = next(line for line in lines[1:] if '"sample": 1' in line)
    progress.write_text("".join(lines) + sample1)
    fake.calls.clear()
    logs: list[str] = []
    again = score.run(answers, str(out), suites.load("bench-v1"), suite="bench-v1", allow_partial=True, jobs=1,
                      log=logs.append)
    assert len(fake.calls) == 1 and json.loads(fake.calls[0]["payload"]) == records[1]["answer"]
    assert any("2 saved row(s) failed" in m for m in logs) and again["calls_scored"] == first["calls_scored"]


def test_one_sample_per_call_gives_the_tables_and_bytes_it_gave_before(tmp_path, fake):
    """The same answers without ``sample`` and with an explicit ``"sample": 0`` on every line: the scores
    files differ only in the answers' hashes, and every report table is the same, byte for byte."""
    plain = [r for r in SAMPLED if "sample" not in r or r["sample"] == 0]
    docs = []
    for name, records in (("plain", [{k: v for k, v in r.items() if k != "sample"} for r in plain]),
                          ("explicit", [dict(r, sample=0) for r in plain])):
        run_dir = tmp_path / name
        run_dir.mkdir()
        out = run_dir / "run.json"
        doc = _score(write_answers(run_dir / "a.jsonl", records), out)
        assert doc["version"] == "1" and doc["run"]["progress_format"] == 2 and "samples" not in doc
        assert all("sample" not in r for r in doc["calls_scored"]) and "samples" not in doc["summary"]
        docs.append(out)
    text = [out.read_text() for out in docs]
    hashes = [json.loads(t)["answers_sha256"] for t in text]
    lines = [[r["line_sha256"] for r in json.loads(t)["calls_scored"]] for t in text]
    normalised = text[1].replace(hashes[1], hashes[0])
    for a, b in zip(lines[1], lines[0]):
        normalised = normalised.replace(a, b)
    assert normalised == text[0]
    for fmt in ("md", "csv", "json"):
        tables = [report.render([("run", report.load_run(p))], fmt) for p in docs]
        assert tables[0] == tables[1] and "Samples" not in tables[0]
        assert render_table2([("run", report.load_run(docs[0]))], fmt) == render_table2(
            [("run", report.load_run(docs[1]))], fmt)
    assert report_calls.calls_csv([("run", report_calls.call_rows(docs[0]))]).startswith("run,call_id,instance_id,")


# ---- a real size-series run with two samples per call --------------------------------------------------------

def _series_answers(path: Path) -> str:
    """Two samples per size for a few small size-series calls: the bundled construction, and its first 90%."""
    from endless_exam import fixtures

    wanted = ("s1-capset-0", "s1-schur-0", "s1-schur-1", "s1-lineq-0", "s1-lineq-1", "s1-degdiam-0")
    by = {}
    for family in {SERIES[c].family for c in wanted}:
        for _name, c in fixtures.list_json("constructions", family):
            by.setdefault((c["family"], json.dumps(c["params"], sort_keys=True)), c["answer"])
    records = []
    for cid in wanted:
        answer = by[(SERIES[cid].family, json.dumps(SERIES[cid].params, sort_keys=True))]
        records.append({"call_id": cid, "answer": answer})
        records.append({"call_id": cid, "sample": 1, "answer": answer[:math.ceil(0.9 * len(answer))]})
    return write_answers(path, records)


def test_a_real_size_series_run_with_two_samples_per_call_scores_resumes_and_draws_each_point_at_its_size(
        tmp_path, capsys):
    answers = _series_answers(tmp_path / "series.jsonl")
    out = tmp_path / "series.json"
    argv = ["score", answers, "--output", str(out), "--suite", "size-series", "--allow-partial", "--jobs", "2"]
    assert cli.main(argv) == 0, capsys.readouterr().err
    doc = json.loads(out.read_text())
    assert doc["version"] == "2" and doc["calls"] == 6 and doc["samples"] == 12
    rows = {(r["call_id"], r.get("sample", 0)): r for r in doc["calls_scored"]}
    assert len(rows) == 12
    for cid in ("s1-capset-0", "s1-schur-0", "s1-lineq-0"):     # a part of these is valid, only smaller
        assert rows[(cid, 0)]["status"] == rows[(cid, 1)]["status"] == "ACCEPT"
        assert Fraction(rows[(cid, 1)]["ratio_exact"]) < Fraction(rows[(cid, 0)]["ratio_exact"])
    per_call = {c["call_id"]: c for c in doc["summary"]["samples"]["per_call"]}
    for cid, c in per_call.items():
        ratios = [Fraction(rows[(cid, k)]["ratio_exact"]) for k in (0, 1)]
        assert Fraction(c["mean_ratio_exact"]) == sum(ratios) / 2 and Fraction(c["best_ratio_exact"]) == max(ratios)
        assert c["valid_samples"] == sum(rows[(cid, k)]["valid"] for k in (0, 1))

    # interrupted (the progress file cut after a few rows), the same command finishes with the same results
    progress = Path(f"{out}.progress.jsonl")
    lines = progress.read_text().splitlines(keepends=True)
    progress.write_text("".join(lines[:4]) + lines[4][: len(lines[4]) // 2])
    out.unlink()
    assert cli.main(argv) == 0
    assert "resuming:" in capsys.readouterr().err
    assert _untimed(json.loads(out.read_text())) == _untimed(doc)

    # the numbers behind the size-quality curves: every point at its family's size parameter, with its two samples
    run = report_series.load(out, "series")
    panels = {p["family"]: p for p in report_series.size_series([run])}
    assert set(panels) == {"capset", "schur", "lineq", "degdiam"}
    seen = set()
    for family, panel in panels.items():
        size = report_series.SIZE_PARAM[family]
        assert panel["size_param"] == size
        for line in panel["lines"]:
            for point in line["points"]:
                for cid in point["call_ids"]:
                    assert SERIES[cid].params[size] == point["x"], (family, cid, point["x"])
                    seen.add(cid)
                ratios = [float(Fraction(rows[(cid, k)]["ratio_exact"])) for cid in point["call_ids"] for k in (0, 1)
                          if rows[(cid, k)]["ratio_exact"] is not None]
                assert sorted(point["ratio_samples"]) == pytest.approx(sorted(ratios)) and len(ratios) == 2
                assert point["ratio_mean"] == pytest.approx(sum(ratios) / 2)
                valid = [Fraction(rows[(cid, k)]["objective"]) for cid in point["call_ids"] for k in (0, 1)
                         if rows[(cid, k)]["valid"]]
                assert sorted(point["objective_samples"]) == pytest.approx(sorted(float(v) for v in valid))
    assert seen == set(per_call)
    xs = {(p["family"], line["line"]): [pt["x"] for pt in line["points"]] for p in panels.values() for line in p["lines"]}
    assert xs[("schur", "")] == [SERIES["s1-schur-0"].params["k"], SERIES["s1-schur-1"].params["k"]]
    assert xs[("lineq", "a=1, b=1")] == sorted([SERIES["s1-lineq-0"].params["n"], SERIES["s1-lineq-1"].params["n"]])


@pytest.mark.parametrize("edit, message", [
    (lambda d: d["calls_scored"][1].__setitem__("sample", True), "field 'sample' must be an integer"),
    (lambda d: d["calls_scored"][1].__setitem__("sample", -1), "field 'sample' must be an integer from 0"),
    (lambda d: d["calls_scored"][1].pop("sample"), "duplicate call_id 'a3-capset-0'"),
    (lambda d: d["calls_scored"].append(dict(d["calls_scored"][1])), "duplicate call_id 'a3-capset-0' sample 1"),
    (lambda d: d["infrastructure_failures"].append({"call_id": "a3-capset-0", "sample": -2, "reason": "rate_limit",
                                                    "ratio": None}), "field 'sample' must be an integer from 0"),
    (lambda d: d["infrastructure_failures"].append({"call_id": "a3-capset-0", "sample": 1, "reason": "rate_limit",
                                                    "ratio": None}), "sample 1 is listed as missing"),
    (lambda d: d["missing_call_ids"].append("a3-capset-0"), "'a3-capset-0' is listed as missing"),
])
def test_report_refuses_a_scores_file_with_bad_or_repeated_samples(tmp_path, fake, edit, message):
    out = tmp_path / "s.json"
    doc = _score(write_answers(tmp_path / "a.jsonl", SAMPLED), out)
    assert doc["calls_scored"][1]["call_id"] == "a3-capset-0" and doc["calls_scored"][1]["sample"] == 1
    report.load_run(out)                    # as written, it reads
    edit(doc)
    out.write_text(json.dumps(doc))
    with pytest.raises(ValueError, match=message):
        report.load_run(out)
