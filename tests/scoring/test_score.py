"""The ``score`` pipeline (checker.scoring.score, ``endless-exam score``/``report``): outcome classes, partial runs,
the scores.json layout, the resumable progress file and a real end-to-end run.

Outcome tests replace ``endless_exam.checker.verify.harness.verify`` by a fake that decides from the submitted payload
(``{"fake": STATUS, ...}``) and records every call; a few tests run both real verifiers on small cap sets.
"""
from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
from fractions import Fraction
from pathlib import Path

import pytest

from endless_exam.certificates.verdict import Status, Verdict
from endless_exam.certificates import contract
from endless_exam.checker import cli
from endless_exam.checker.verify import harness
from endless_exam.checker.scoring import score
from endless_exam.checker.suites import instances as suites
from endless_exam.checker.scoring.callrow import CallRow, Verification, VerifierSummary
from endless_exam.checker.verify.combine import WitnessCheck, combine, needs_recheck
from endless_exam.checker.scoring.answers import AnswersFileError, INFRASTRUCTURE
from endless_exam.certificates.contract import FAMILIES
from endless_exam.checker.scoring.reverify import must_reverify

ROOT = Path(__file__).resolve().parents[2]
CONSTRUCTIONS = ROOT / "fixtures" / "constructions" / "capset"
BENCH = suites.load("bench-v1")
BY_CALL = {i.call_id: i for i in BENCH}
CAPSET_CALLS = [i.call_id for i in BENCH if i.family == "capset"]          # d=10, d=11, d=9
UNIMPLEMENTED = [key for key, info in FAMILIES.items() if not info.implemented]
UPSTREAM_TOP = ("version", "complete", "calls", "expected_calls", "distinct_instances", "published_hfr",
                "construction_reference_ratio", "valid_fraction", "instances", "calls_scored",
                "missing_call_ids", "infrastructure_failures")
UPSTREAM_ROW = ("call_id", "instance_id", "family", "params", "reference", "reference_type", "valid",
                "objective", "message", "ratio")


def construction(d: int):
    return json.loads((CONSTRUCTIONS / f"d{d}.json").read_text())["answer"]


# ---- a fake harness ------------------------------------------------------------------------------------

def combined(status: Status, objective=None, reason=None) -> harness.Combined:
    if status is Status.ACCEPT:
        p = s = Verdict(Status.ACCEPT, objective=objective, message="fake accept")
    elif status is Status.DISAGREE:
        p = Verdict(Status.ACCEPT, objective=objective or 1, message="fake accept")
        s = Verdict(Status.REJECT, reason="PROPERTY_VIOLATION", message="fake reject", witness={"indices": [0, 1, 2]})
        reason = "independent_verifier_disagreement"
    elif status is Status.ERROR:
        reason = reason or "VERIFIER_CRASHED"
        p = Verdict(Status.ERROR, reason=reason, message="fake crash")
        s = Verdict(Status.ACCEPT, objective=1, message="fake accept")
    else:
        reason = reason or {Status.REJECT: "PROPERTY_VIOLATION", Status.TIMEOUT: "TIME_LIMIT",
                            Status.LIMIT: "MEMORY_LIMIT"}[status]
        p = s = Verdict(status, reason=reason, message=f"fake {status.value}")
    # as the harness does: a rejection with a witness comes with both re-checks (combine.needs_recheck)
    checks = [WitnessCheck(role, True, "fake confirmed").to_json() for role, v in (("primary", p), ("second", s))
              if needs_recheck(v)]
    return harness.Combined(status, objective if status is Status.ACCEPT else None, reason,
                            f"fake {status.value}", None, p, s, 0.5, 0.25, checks)


class FakeHarness:
    """Stands in for ``harness.verify``. A JSON answer (after one ``{"answer": ...}`` unwrap) of the form
    ``{"fake": STATUS, "objective": n, "reason": r}`` gives that verdict; a list is accepted with its
    length; anything else (and any text payload) is accepted with objective 1."""

    def __init__(self) -> None:
        self.calls: list[dict] = []
        self.lock = threading.Lock()

    def __call__(self, family, params, payload, kind="file", *, time_limit, memory_limit, formal=False):
        with self.lock:
            self.calls.append({"family": family, "params": params, "payload": payload, "kind": kind,
                               "time_limit": time_limit, "memory_limit": memory_limit, "formal": formal})
        value = json.loads(payload) if kind == "json" else None
        if isinstance(value, dict) and set(value) == {"answer"}:
            value = value["answer"]
        if isinstance(value, dict) and "fake" in value:
            if value.get("raise"):
                raise RuntimeError("a scorer bug")
            return combined(Status(value["fake"]), value.get("objective"), value.get("reason"))
        if isinstance(value, list):
            return combined(Status.ACCEPT, len(value))
        return combined(Status.ACCEPT, 1)

    def params_seen(self) -> list[dict]:
        return [c["params"] for c in self.calls]


@pytest.fixture
def fake(monkeypatch) -> FakeHarness:
    f = FakeHarness()
    monkeypatch.setattr(harness, "verify", f)
    return f


@pytest.fixture
def no_harness(monkeypatch):
    def boom(*args, **kwargs):
        raise AssertionError("nothing may be verified here")
    monkeypatch.setattr(harness, "verify", boom)


def fk(status: str, objective=None, reason=None) -> dict:
    out = {"fake": status}
    if objective is not None:
        out["objective"] = objective
    if reason is not None:
        out["reason"] = reason
    return out


def write_answers(path: Path, records) -> str:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records), encoding="utf-8")
    return str(path)


def all_calls(overrides: dict | None = None) -> list[dict]:
    """A record for every bench-v1 call: 'length' (zero, never verified) unless overridden."""
    overrides = overrides or {}
    return [overrides.get(i.call_id, {"call_id": i.call_id, "finish_reason": "length"}) for i in BENCH]


def run_score(tmp_path, records, *, track="tool-free", allow_partial=True, jobs=1, suite="bench-v1",
              restart=True, name="scores.json") -> dict:
    answers = write_answers(tmp_path / f"{name}.answers.jsonl", records)
    return score.run(answers, str(tmp_path / name), suites.load(suite), suite=suite, track=track,
                     allow_partial=allow_partial, jobs=jobs, restart=restart, log=lambda m: None)


def rows_by_call(doc: dict) -> dict[str, dict]:
    return {r["call_id"]: r for r in doc["calls_scored"]}


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def run_subprocess(*argv, timeout=180) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "endless_exam.checker.cli", *map(str, argv)], cwd=ROOT, env=env,
                          capture_output=True, timeout=timeout, text=True)


def assert_zero(row: dict, reason: str | None = None) -> None:
    assert row["outcome"] == "zero" and row["status"] == "ZERO", row
    assert row["valid"] is False and row["ratio"] == 0.0 and row["ratio_exact"] == "0" and row["objective"] is None
    if reason is not None:
        assert row["reason"] == reason


def assert_missing(doc: dict, call_id: str, reason: str) -> None:
    row = rows_by_call(doc)[call_id]
    assert row["outcome"] == "missing" and row["ratio"] is None and row["ratio_exact"] is None, row
    assert row["valid"] is False and row["reason"] == reason
    if reason == "family_not_implemented":   # missing, but not an infrastructure failure: its own field
        assert {"call_id": call_id, "family": row["family"]} in doc["not_implemented"]
        assert all(f["call_id"] != call_id for f in doc["infrastructure_failures"])
    else:
        assert {"call_id": call_id, "reason": reason, "ratio": None} in doc["infrastructure_failures"]
    assert call_id in doc["missing_call_ids"]
    assert doc["complete"] is False and "score" not in doc and "subset_score" in doc
    assert all(inst["instance_id"] != row["instance_id"] for inst in doc["instances"])


# =====================================================================================================
# outcome classes
# =====================================================================================================

@pytest.mark.parametrize("finish", ["length", "timeout", "refusal", "tool_violation", "resource_limit"])
def test_tool_free_non_stop_finish_scores_zero_without_verification(tmp_path, no_harness, finish):
    doc = run_score(tmp_path, [{"call_id": "a3-capset-11", "finish_reason": finish, "answer": construction(9)}])
    row = rows_by_call(doc)["a3-capset-11"]
    assert_zero(row, f"finish_reason:{finish}")
    assert doc["infrastructure_failures"] == []
    assert doc["instances"] == [{"instance_id": row["instance_id"], "family": "capset", "reference_type": "published",
                                 "calls": 1, "ratio": 0.0}]
    assert doc["subset_score"] == 0.0 and doc["valid_fraction"] == 0.0


def test_output_token_budget(tmp_path, fake):
    ok = fk("ACCEPT", 1082)
    doc = run_score(tmp_path, [
        {"call_id": "a3-capset-11", "answer": ok, "output_tokens": 128000},
        {"call_id": "a3-capset-0", "answer": ok, "output_tokens": 128001},
        {"call_id": "a3-capset-2", "answer": ok, "output_tokens": None},
    ])
    rows = rows_by_call(doc)
    assert rows["a3-capset-11"]["status"] == "ACCEPT" and rows["a3-capset-11"]["ratio_exact"] == "1"
    assert_zero(rows["a3-capset-0"], "output_token_budget")
    assert "128,000" in rows["a3-capset-0"]["message"]
    assert rows["a3-capset-2"]["status"] == "ACCEPT"
    assert sorted(p["d"] for p in fake.params_seen()) == [9, 11]     # the over-budget call is never verified


@pytest.mark.parametrize("field", ["error", "finish_reason", "verify_msg"])
def test_every_infrastructure_reason_is_missing_never_zero(tmp_path, no_harness, field):
    reasons = sorted(INFRASTRUCTURE)
    calls = [i.call_id for i in BENCH if i.call_id != "a3-capset-11"][:len(reasons)]
    records = []
    for cid, reason in zip(calls, reasons):
        rec = {"call_id": cid, field: reason}
        if field != "finish_reason":
            rec["answer"] = fk("ACCEPT", 10 ** 6)          # never looked at
        records.append(rec)
    records.append({"call_id": "a3-capset-11", "finish_reason": "length"})
    doc = run_score(tmp_path, records)
    for cid, reason in zip(calls, reasons):
        assert_missing(doc, cid, reason)
        row = rows_by_call(doc)[cid]
        assert row["status"] == "MISSING" and "primary" not in row and "second" not in row
    assert [f["call_id"] for f in doc["infrastructure_failures"]] == calls
    assert doc["distinct_instances"] == 1 and doc["subset_score"] == 0.0
    assert doc["summary"]["status_counts"]["MISSING"] == len(reasons)


def test_infrastructure_outranks_a_zero_outcome(tmp_path, no_harness):
    doc = run_score(tmp_path, [
        {"call_id": "a3-capset-11", "finish_reason": "length", "error": "server_error"},
        {"call_id": "a3-capset-0", "finish_reason": "refusal", "verify_msg": "collector_error", "output_tokens": 999999},
        {"call_id": "a3-capset-2", "finish_reason": "stop", "error": "quota", "answer": ["x"]},
    ])
    assert_missing(doc, "a3-capset-11", "server_error")
    assert_missing(doc, "a3-capset-0", "collector_error")
    assert_missing(doc, "a3-capset-2", "quota")
    assert doc["subset_score"] is None and doc["instances"] == []


def test_accept_ratio_is_exact_and_uncapped(tmp_path, fake):
    doc = run_score(tmp_path, [
        {"call_id": "a3-capset-11", "answer": fk("ACCEPT", 1010)},
        {"call_id": "a3-capset-0", "answer": fk("ACCEPT", 4864)},
    ])
    rows = rows_by_call(doc)
    r = rows["a3-capset-11"]
    assert r["status"] == "ACCEPT" and r["outcome"] == "scored" and r["valid"] is True
    assert r["objective"] == "1010" and r["ratio_exact"] == "505/541" and r["ratio"] == float(Fraction(1010, 1082))
    assert r["published_breakthrough"] is False and r["reason"] is None
    b = rows["a3-capset-0"]
    assert b["ratio_exact"] == "2" and b["ratio"] == 2.0 and b["published_breakthrough"] is True
    assert doc["summary"]["subset_score_exact"] == str(Fraction(100) * (Fraction(1010, 1082) + 2) / 2)
    assert doc["summary"]["record_candidates_count"] == 1


@pytest.mark.parametrize("status, reason", [("REJECT", "PROPERTY_VIOLATION"), ("REJECT", "DUPLICATE"),
                                            ("TIMEOUT", "TIME_LIMIT"), ("LIMIT", "MEMORY_LIMIT")])
def test_reject_timeout_and_limit_score_zero(tmp_path, fake, status, reason):
    doc = run_score(tmp_path, [{"call_id": "a3-capset-11", "answer": fk(status, reason=reason)}])
    row = rows_by_call(doc)["a3-capset-11"]
    assert row["outcome"] == "scored" and row["status"] == status and row["valid"] is False
    assert row["ratio"] == 0.0 and row["ratio_exact"] == "0" and row["reason"] == reason
    assert row["primary"]["status"] == status and row["second"]["status"] == status
    assert doc["infrastructure_failures"] == [] and doc["missing_call_ids"] != []
    assert doc["instances"][0]["ratio"] == 0.0


def test_disagreement_is_missing_and_flagged(tmp_path, fake):
    doc = run_score(tmp_path, [{"call_id": "a3-capset-11", "answer": fk("DISAGREE", 1082)},
                               {"call_id": "a3-capset-0", "answer": fk("ACCEPT", 2432)}])
    assert_missing(doc, "a3-capset-11", "independent_verifier_disagreement")
    row = rows_by_call(doc)["a3-capset-11"]
    assert row["status"] == "DISAGREE"
    assert row["primary"]["status"] == "ACCEPT" and row["primary"]["objective"] == "1082"
    assert row["second"]["status"] == "REJECT" and row["second"]["reason"] == "PROPERTY_VIOLATION"
    assert doc["subset_score"] == 100.0 and doc["summary"]["status_counts"]["DISAGREE"] == 1


def test_verifier_error_is_missing(tmp_path, fake):
    doc = run_score(tmp_path, [{"call_id": "a3-capset-11", "answer": fk("ERROR", reason="VERIFIER_CRASHED")},
                               {"call_id": "a3-capset-0", "answer": fk("ERROR", reason="FAMILY_NOT_IMPLEMENTED")}])
    assert_missing(doc, "a3-capset-11", "verification_process_failed")
    assert_missing(doc, "a3-capset-0", "family_not_implemented")
    assert rows_by_call(doc)["a3-capset-11"]["status"] == "ERROR"
    assert rows_by_call(doc)["a3-capset-11"]["primary"]["reason"] == "VERIFIER_CRASHED"


def test_a_scorer_exception_becomes_a_missing_call_not_a_crash(tmp_path, fake):
    doc = run_score(tmp_path, [{"call_id": "a3-capset-11", "answer": {"fake": "ACCEPT", "raise": True}},
                               {"call_id": "a3-capset-0", "answer": fk("ACCEPT", 2432)}])
    assert_missing(doc, "a3-capset-11", "verification_process_failed")
    assert "RuntimeError" in rows_by_call(doc)["a3-capset-11"]["message"]
    assert rows_by_call(doc)["a3-capset-0"]["ratio"] == 1.0


def _unimplemented_view(monkeypatch) -> str:
    """A bench-v1 family that is not implemented: a real one if any, else one made so for this test."""
    if UNIMPLEMENTED and any(i.family in UNIMPLEMENTED for i in BENCH):
        return next(i.family for i in BENCH if i.family in UNIMPLEMENTED)
    real = contract._exists
    monkeypatch.setattr(contract, "_exists", lambda name: not name.endswith(".labs") and real(name))
    return "labs"


def test_family_not_implemented_is_missing_without_verification(tmp_path, no_harness, monkeypatch):
    family = _unimplemented_view(monkeypatch)
    inst = next(i for i in BENCH if i.family == family)
    assert not inst.implemented
    doc = run_score(tmp_path, [{"call_id": inst.call_id, "answer": [1, 2, 3]},
                               {"call_id": "a3-capset-11", "finish_reason": "length"}])
    assert_missing(doc, inst.call_id, "family_not_implemented")
    assert rows_by_call(doc)[inst.call_id]["status"] == "MISSING"


def test_family_not_implemented_still_zero_when_generation_failed(tmp_path, no_harness, monkeypatch):
    family = _unimplemented_view(monkeypatch)
    inst = next(i for i in BENCH if i.family == family)
    doc = run_score(tmp_path, [{"call_id": inst.call_id, "finish_reason": "length"}])
    assert_zero(rows_by_call(doc)[inst.call_id], "finish_reason:length")


@pytest.mark.parametrize("answer, reason", [("[NaN]", "JSON_NONFINITE"), ('{"a": 1, "a": 2}', "JSON_DUPLICATE_KEY"),
                                            ("[" * 40 + "]" * 40, "JSON_DEPTH"), ("[1 2]", "JSON_SYNTAX")])
def test_strictness_violation_in_the_answer_is_rejected_by_both_verifiers(tmp_path, answer, reason):
    """The scorer does not parse answers: the raw bytes go to both (real) verifiers, which parse them
    strictly and reject with the violation's reason; the call scores zero."""
    line = '{"call_id": "a3-capset-11", "answer": ' + answer + '}'
    doc = run_score(tmp_path, [line])
    row = rows_by_call(doc)["a3-capset-11"]
    assert row["status"] == "REJECT" and row["reason"] == reason and row["ratio"] == 0.0 and row["valid"] is False
    assert row["primary"]["reason"] == row["second"]["reason"] == reason


def test_answer_null_goes_to_the_verifiers(tmp_path, fake):
    doc = run_score(tmp_path, ['{"call_id": "a3-capset-11", "answer": null}'])
    assert fake.calls[0]["payload"] == b"null" and fake.calls[0]["kind"] == "json"
    assert rows_by_call(doc)["a3-capset-11"]["status"] == "ACCEPT"       # the fake accepts anything


def test_payloads_handed_to_the_harness(tmp_path, fake):
    content = "Here it is:\n```json\n{\"answer\": [\"000000000\"]}\n```\n"
    run_score(tmp_path, [
        {"call_id": "a3-capset-11", "content": content},
        {"call_id": "a3-capset-0", "answer": {"answer": ["0000000000"]}},
        {"call_id": "a3-capset-2", "answer": ["00000000000"], "content": "ignored when answer is present"},
    ], jobs=1)
    by_d = {c["params"]["d"]: c for c in fake.calls}
    # the raw bytes of the answers line's values, unparsed: the verifiers decode them
    assert by_d[9]["kind"] == "jsonl_content" and by_d[9]["payload"] == json.dumps(content).encode("utf-8")
    assert by_d[10]["kind"] == "json" and json.loads(by_d[10]["payload"]) == {"answer": ["0000000000"]}
    assert by_d[11]["kind"] == "json" and json.loads(by_d[11]["payload"]) == ["00000000000"]
    assert all(c["family"] == "capset" for c in fake.calls)
    assert {(c["time_limit"], c["memory_limit"]) for c in fake.calls} == {(harness.DEFAULT_TIME_LIMIT,
                                                                          harness.DEFAULT_MEMORY_LIMIT)}


def test_cli_limits_reach_the_harness(tmp_path, capsys, fake):
    answers = write_answers(tmp_path / "a.jsonl", [{"call_id": "a3-capset-11", "answer": ["000000000"]}])
    code, _, err = run_cli(capsys, "score", answers, "--output", tmp_path / "s.json", "--allow-partial",
                           "--time-limit", "7.5", "--memory-limit", "0.5")
    assert code == 0, err
    assert (fake.calls[0]["time_limit"], fake.calls[0]["memory_limit"]) == (7.5, 512 * 1024 ** 2)


# ---- real verification of the three answer forms ----------------------------------------------------

def test_real_content_wrapper_and_null(tmp_path):
    """Both real verifiers (size-series cap sets, d = 6, 8, 10): a raw ``content`` text with the answer in a
    fenced block, an ``{"answer": ...}`` wrapper kept inside ``answer``, and ``answer: null``."""
    content = ("Thinking done. An example would be ```[\"000000\"]``` but here is my final answer:\n"
               "```json\n" + json.dumps({"answer": construction(6)}) + "\n```\n")
    doc = run_score(tmp_path, [
        {"call_id": "s1-capset-0", "content": content, "finish_reason": "stop", "output_tokens": 4000},
        {"call_id": "s1-capset-1", "answer": {"answer": construction(8)}},
        {"call_id": "s1-capset-2", "answer": None},
    ], suite="size-series", jobs=2)
    rows = rows_by_call(doc)
    a = rows["s1-capset-0"]
    assert a["status"] == "ACCEPT" and a["objective"] == "112" and a["ratio_exact"] == "1"
    assert a["primary"]["status"] == a["second"]["status"] == "ACCEPT"
    assert a["primary"]["objective"] == a["second"]["objective"] == "112"
    b = rows["s1-capset-1"]
    assert b["status"] == "ACCEPT" and b["objective"] == "448" and b["ratio_exact"] == "7/8" and b["ratio"] == 0.875
    c = rows["s1-capset-2"]
    assert c["status"] == "REJECT" and c["reason"] == "NO_ANSWER" and c["ratio"] == 0.0
    assert c["primary"]["reason"] == c["second"]["reason"] == "NO_ANSWER"
    assert doc["subset_score"] == pytest.approx(100 * (1 + 0.875 + 0) / 3)
    assert doc["summary"]["subset_score_exact"] == str(Fraction(100) * (1 + Fraction(7, 8)) / 3)


# =====================================================================================================
# tool-assisted track
# =====================================================================================================

def test_tool_assisted_track(tmp_path, fake):
    ok = fk("ACCEPT", 1082)
    calls = [i.call_id for i in BENCH if i.family == "capset"] + [i.call_id for i in BENCH if i.family != "capset"]
    recs = [
        {"call_id": calls[0], "answer": ok, "submission_within_deadline": False},
        {"call_id": calls[1], "answer": ok},                                           # flag missing
        {"call_id": calls[2], "answer": ok, "submission_within_deadline": True, "output_tokens": 5_000_000},
    ]
    doc = run_score(tmp_path, recs, track="tool-assisted")
    rows = rows_by_call(doc)
    assert_zero(rows[calls[0]], "deadline")
    assert_zero(rows[calls[1]], "deadline")
    assert rows[calls[2]]["status"] == "ACCEPT"                                        # no token cap
    assert doc["track"] == "tool-assisted" and len(fake.calls) == 1


@pytest.mark.parametrize("finish, verified", [("stop", True), ("timeout", True), ("resource_limit", True),
                                              ("length", True), ("refusal", False), ("tool_violation", False)])
def test_tool_assisted_finish_reasons(tmp_path, fake, finish, verified):
    doc = run_score(tmp_path, [{"call_id": "a3-capset-11", "answer": fk("ACCEPT", 1082), "finish_reason": finish,
                                "submission_within_deadline": True, "track": "tool-assisted"}],
                    track="tool-assisted")
    row = rows_by_call(doc)["a3-capset-11"]
    if verified:
        assert row["status"] == "ACCEPT" and row["ratio"] == 1.0
    else:
        assert_zero(row, f"finish_reason:{finish}")
    assert len(fake.calls) == int(verified)


@pytest.mark.parametrize("record_track, run_track", [("tool-assisted", "tool-free"), ("tool-free", "tool-assisted")])
def test_record_track_must_match_the_scored_track(tmp_path, capsys, no_harness, record_track, run_track):
    records = [{"call_id": "a3-capset-0", "answer": [], "track": run_track, "submission_within_deadline": True},
               {"call_id": "a3-capset-11", "answer": [], "track": record_track, "submission_within_deadline": True}]
    with pytest.raises(AnswersFileError, match="line 2"):
        run_score(tmp_path, records, track=run_track)
    answers = write_answers(tmp_path / "a.jsonl", records)
    out = tmp_path / "s.json"
    code, _, err = run_cli(capsys, "score", answers, "--output", out, "--track", run_track, "--allow-partial")
    assert code == 2 and "line 2" in err and record_track in err
    assert not out.exists() and not Path(f"{out}.progress.jsonl").exists()


# =====================================================================================================
# partial and complete runs
# =====================================================================================================

def test_partial_answers_without_allow_partial_fail_fast(tmp_path, capsys, no_harness):
    answers = write_answers(tmp_path / "a.jsonl", [{"call_id": "a3-capset-11", "answer": ["000000000"]}])
    out = tmp_path / "s.json"
    code, stdout, err = run_cli(capsys, "score", answers, "--output", out)
    assert code == 2 and "1 of 69" in err and "--allow-partial" in err
    assert stdout == ""
    assert not out.exists() and not Path(f"{out}.progress.jsonl").exists()
    with pytest.raises(score.ScoreError, match="1 of 69"):
        run_score(tmp_path, [{"call_id": "a3-capset-11", "answer": []}], allow_partial=False)


def test_answers_file_errors_stop_everything_before_verification(tmp_path, capsys, no_harness):
    records = all_calls({"a3-capset-11": {"call_id": "a3-capset-11", "answer": ["000000000"]}})
    records.append({"call_id": "a3-capset-11", "finish_reason": "length"})       # duplicate on the last line
    answers = write_answers(tmp_path / "a.jsonl", records)
    out = tmp_path / "s.json"
    code, _, err = run_cli(capsys, "score", answers, "--output", out)
    assert code == 2 and f"line {len(records)}" in err and "duplicate" in err
    assert not out.exists() and not Path(f"{out}.progress.jsonl").exists()


def test_subset_score_over_observed_instances(tmp_path, fake):
    doc = run_score(tmp_path, [{"call_id": "a3-capset-11", "answer": fk("ACCEPT", 541)},
                               {"call_id": "a3-capset-0", "answer": fk("ACCEPT", 2432)}])
    assert doc["complete"] is False and "score" not in doc
    assert doc["subset_score"] == 75.0 and doc["summary"]["subset_score_exact"] == "75"
    assert doc["calls"] == 2 and doc["expected_calls"] == 69 and doc["distinct_instances"] == 2
    assert doc["missing_call_ids"] == sorted(set(BY_CALL) - {"a3-capset-11", "a3-capset-0"})
    assert doc["infrastructure_failures"] == []
    assert doc["published_hfr"] == 0.75 and doc["construction_reference_ratio"] is None
    assert doc["valid_fraction"] == 1.0
    assert len(doc["summary"]["missing_instances"]) == 67


def test_complete_run_gets_a_score(tmp_path, fake):
    overrides = {"a3-capset-11": {"call_id": "a3-capset-11", "answer": fk("ACCEPT", 2164)},
                 "a3-capset-0": {"call_id": "a3-capset-0", "answer": fk("REJECT")}}
    doc = run_score(tmp_path, all_calls(overrides), allow_partial=False)
    assert doc["complete"] is True and "subset_score" not in doc
    assert doc["score"] == pytest.approx(100 * 2 / 69)
    assert doc["summary"]["score_exact"] == str(Fraction(200, 69))
    assert doc["missing_call_ids"] == [] and doc["infrastructure_failures"] == []
    assert doc["calls"] == doc["expected_calls"] == 69 == doc["distinct_instances"] == doc["expected_instances"]
    assert len(doc["instances"]) == 69 and len(doc["calls_scored"]) == 69
    assert [r["call_id"] for r in doc["calls_scored"]] == [i.call_id for i in BENCH]      # suite order
    assert doc["valid_fraction"] == pytest.approx(1 / 69)
    assert len(fake.calls) == 2


def test_infrastructure_failure_makes_a_full_file_incomplete(tmp_path, capsys, no_harness):
    records = all_calls({"a3-capset-11": {"call_id": "a3-capset-11", "error": "network_error"}})
    answers = write_answers(tmp_path / "a.jsonl", records)
    out = tmp_path / "s.json"
    code, stdout, err = run_cli(capsys, "score", answers, "--output", out)
    assert code == 2 and "incomplete" in err and "a3-capset-11" in err
    doc = json.loads(out.read_text())                    # ... but scores.json is written
    assert doc["complete"] is False and doc["subset_score"] == 0.0 and "score" not in doc
    assert doc["missing_call_ids"] == ["a3-capset-11"]
    assert doc["infrastructure_failures"] == [{"call_id": "a3-capset-11", "reason": "network_error", "ratio": None}]
    assert doc["distinct_instances"] == 68 and doc["calls"] == 69
    assert "subset_score: 0.00" in stdout
    code, _, _ = run_cli(capsys, "score", answers, "--output", out, "--allow-partial")
    assert code == 0


def test_cli_exit_code_3_on_disagreement(tmp_path, capsys, fake):
    answers = write_answers(tmp_path / "a.jsonl", [{"call_id": "a3-capset-11", "answer": fk("DISAGREE", 1082)},
                                                   {"call_id": "a3-capset-0", "answer": fk("ACCEPT", 2432)}])
    out = tmp_path / "s.json"
    code, _, err = run_cli(capsys, "score", answers, "--output", out, "--allow-partial")
    assert code == 3
    assert "independent_verifier_disagreement" in err
    doc = json.loads(out.read_text())
    assert doc["infrastructure_failures"] == [{"call_id": "a3-capset-11", "reason": "independent_verifier_disagreement",
                                               "ratio": None}]
    # without a disagreement the same partial run exits 0
    answers = write_answers(tmp_path / "b.jsonl", [{"call_id": "a3-capset-0", "answer": fk("ACCEPT", 2432)}])
    assert run_cli(capsys, "score", answers, "--output", tmp_path / "t.json", "--allow-partial")[0] == 0


def test_cli_usage_errors(tmp_path, capsys, no_harness):
    answers = write_answers(tmp_path / "a.jsonl", [{"call_id": "a3-capset-11", "answer": []}])
    out = tmp_path / "s.json"
    assert run_cli(capsys, "score", answers, "--output", out, "--jobs", "0", "--allow-partial")[0] == 2
    assert run_cli(capsys, "score", answers, "--output", out, "--time-limit", "0", "--allow-partial")[0] == 2
    assert run_cli(capsys, "score", tmp_path / "nope.jsonl", "--output", out, "--allow-partial")[0] == 2
    assert run_cli(capsys, "score", answers, "--allow-partial")[0] == 2                      # --output required
    assert not out.exists()


def test_scores_json_layout(tmp_path, capsys, fake):
    answers = write_answers(tmp_path / "a.jsonl", [
        {"call_id": "a3-capset-11", "answer": fk("ACCEPT", 1082)},
        {"call_id": "a3-capset-0", "answer": fk("REJECT")},
        {"call_id": "a3-capset-2", "error": "rate_limit"},
    ])
    out = tmp_path / "scores.json"
    code, _, err = run_cli(capsys, "score", answers, "--output", out, "--allow-partial")
    assert code == 0, err
    doc = json.loads(out.read_text())
    assert not Path(f"{out}.tmp").exists()
    for key in UPSTREAM_TOP:
        assert key in doc, key
    assert "subset_score" in doc and "score" not in doc
    assert doc["version"] == "1" and doc["track"] == "tool-free" and doc["suite"] == "bench-v1"
    assert doc["expected_calls"] == 69 and doc["expected_instances"] == 69 and doc["calls"] == 3
    assert doc["reference_parity_score"] == 100 and doc["score_capped"] is False
    assert doc["missing_call_ids"] == sorted(doc["missing_call_ids"])
    for inst in doc["instances"]:
        assert set(inst) == {"instance_id", "family", "reference_type", "calls", "ratio"} and inst["calls"] == 1
    rows = rows_by_call(doc)
    for row in rows.values():
        for key in UPSTREAM_ROW:
            assert key in row, key
        assert {"status", "reason", "ratio_exact", "published_breakthrough", "outcome"} <= set(row)
        assert row["params"] == BY_CALL[row["call_id"]].params
        assert row["reference"] == str(BY_CALL[row["call_id"]].reference)
    for cid in ("a3-capset-11", "a3-capset-0"):            # verified rows carry both verdicts
        for name in ("primary", "second"):
            assert {"status", "objective", "reason", "message", "seconds"} <= set(rows[cid][name])
    assert rows["a3-capset-0"]["reason"] == "PROPERTY_VIOLATION"
    assert rows["a3-capset-11"]["objective"] == "1082" and rows["a3-capset-0"]["objective"] is None
    summary = doc["summary"]
    for key in ("subset_score_ci", "published_ci", "construction_ci", "groups", "gap_closed", "labs_progress",
                "bootstrap", "status_counts", "record_candidates"):
        assert key in summary, key
    assert summary["gap_closed"]["n_eligible"] == 2
    assert summary["gap_closed"]["per_instance"][rows["a3-capset-11"]["instance_id"]] == 0.0
    assert summary["groups"]["capset"]["n"] == 2 and summary["groups"]["capset"]["mean"] == 0.5
    assert summary["bootstrap"]["resamples"] == 2000 and summary["bootstrap"]["seed"] == 0
    lo, hi = summary["subset_score_ci"]
    assert 0.0 <= lo <= doc["subset_score"] <= hi <= 100.0


# =====================================================================================================
# size-series: a scores.json written by `score` can be reported
# =====================================================================================================

def test_report_reads_a_size_series_scores_file(tmp_path, capsys, fake):
    """size-series has calls without a reference (e.g. s1-capset-3). A partial score of that suite must
    still be readable by ``report`` (the reference-less calls are not scorable instances)."""
    assert any(i.reference is None for i in suites.load("size-series"))
    answers = write_answers(tmp_path / "a.jsonl", [{"call_id": "s1-capset-0", "answer": fk("ACCEPT", 112)}])
    out = tmp_path / "s.json"
    code, _, err = run_cli(capsys, "score", answers, "--output", out, "--suite", "size-series", "--allow-partial")
    assert code == 0, err
    code, stdout, err = run_cli(capsys, "report", out, "--format", "json")
    assert code == 0, err
    assert json.loads(stdout)["summary"][0]["score"] == 100.0


# =====================================================================================================
# resume
# =====================================================================================================

RESUME_RECORDS = [      # no record claim (ratio >= 1 on a published reference is verified again on resume)
    {"call_id": "a3-capset-0", "answer": fk("ACCEPT", 2430)},
    {"call_id": "a3-capset-2", "answer": fk("REJECT")},
    {"call_id": "a3-capset-11", "answer": fk("ACCEPT", 1010)},
    {"call_id": BENCH[3].call_id, "finish_reason": "length"},
    {"call_id": BENCH[4].call_id, "error": "transport_error"},
]


def _progress_rows(path: Path) -> tuple[dict, list[dict]]:
    lines = path.read_text().splitlines()
    return json.loads(lines[0]), [json.loads(line) for line in lines[1:]]


def test_resume_after_a_torn_progress_file_verifies_only_unfinished_calls(tmp_path, capsys, fake):
    answers = write_answers(tmp_path / "a.jsonl", RESUME_RECORDS)
    out = tmp_path / "scores.json"
    progress = Path(f"{out}.progress.jsonl")
    argv = ("score", answers, "--output", out, "--allow-partial", "--jobs", "1")
    assert run_cli(capsys, *argv)[0] == 0
    assert len(fake.calls) == 3
    header, rows = _progress_rows(progress)
    assert header["answers_sha256"] and header["track"] == "tool-free" and header["suite"] == "bench-v1"
    assert sorted(r["call_id"] for r in rows) == sorted(r["call_id"] for r in RESUME_RECORDS)
    # simulate an interruption: the header, one finished row and half of the next one
    lines = progress.read_text().splitlines(keepends=True)
    kept = json.loads(lines[1])["call_id"]
    progress.write_text(lines[0] + lines[1] + lines[2][: len(lines[2]) // 2])
    fake.calls.clear()
    code, _, err = run_cli(capsys, *argv)
    assert code == 0, err
    kept_row = json.loads(lines[1])
    reused = 1 if kept_row["outcome"] in ("scored", "zero") else 0   # missing rows are always redone
    assert f"resuming: {reused} finished calls reused, {5 - reused} left" in err
    verified_again = sorted(c["params"]["d"] for c in fake.calls)
    expected = sorted(BY_CALL[r["call_id"]].params["d"] for r in RESUME_RECORDS
                      if "answer" in r and "error" not in r and r["call_id"] != kept)
    assert verified_again == expected
    resumed = json.loads(out.read_text())
    _, rows = _progress_rows(progress)                    # the torn line is gone, every call is saved once
    assert sorted(r["call_id"] for r in rows) == sorted(r["call_id"] for r in RESUME_RECORDS)
    # a fresh run gives the same document
    fresh_out = tmp_path / "fresh.json"
    assert run_cli(capsys, "score", answers, "--output", fresh_out, "--allow-partial", "--jobs", "1")[0] == 0
    assert json.loads(fresh_out.read_text()) == resumed
    # running again after completion verifies nothing
    fake.calls.clear()
    code, _, err = run_cli(capsys, *argv)
    # the infrastructure row is re-derived from the answers file (no verification), everything else reused
    assert code == 0 and "resuming: 4 finished calls reused, 1 left" in err and fake.calls == []
    assert json.loads(out.read_text()) == resumed


def test_progress_of_a_different_run_is_refused_unless_restart(tmp_path, capsys, fake):
    answers = tmp_path / "a.jsonl"
    write_answers(answers, RESUME_RECORDS)
    out = tmp_path / "scores.json"
    assert run_cli(capsys, "score", answers, "--output", out, "--allow-partial")[0] == 0
    before = out.read_text()
    # the answers file changes (one more call): its saved progress no longer applies
    write_answers(answers, RESUME_RECORDS + [{"call_id": BENCH[5].call_id, "finish_reason": "refusal"}])
    fake.calls.clear()
    code, _, err = run_cli(capsys, "score", answers, "--output", out, "--allow-partial")
    assert code == 2 and "--restart" in err and "different run" in err
    assert fake.calls == [] and out.read_text() == before
    # another track is another run too
    code, _, err = run_cli(capsys, "score", answers, "--output", out, "--allow-partial", "--track", "tool-assisted")
    assert code == 2 and "--restart" in err and fake.calls == []
    # --restart discards the old progress and verifies everything again
    code, _, err = run_cli(capsys, "score", answers, "--output", out, "--allow-partial", "--restart")
    assert code == 0, err
    assert "resuming" not in err and len(fake.calls) == 3
    assert json.loads(out.read_text())["calls"] == 6


def test_resume_verifies_calls_whose_family_was_not_implemented_before(tmp_path, capsys, fake, monkeypatch):
    """Families are added over time without a version change. A call saved as missing because its family
    was not implemented is not a finished call: once the family exists, the same command verifies it
    instead of reusing the stale 'family_not_implemented' row."""
    real = contract._exists
    monkeypatch.setattr(contract, "_exists", lambda name: not name.endswith(".capset") and real(name))
    answers = write_answers(tmp_path / "a.jsonl", [{"call_id": "a3-capset-11", "answer": fk("ACCEPT", 1082)},
                                                   {"call_id": "a3-capset-0", "answer": fk("ACCEPT", 2432)}])
    out = tmp_path / "s.json"
    # nothing is scored (every call missing): an error, exit 2 (issue 29), with every row written
    assert run_cli(capsys, "score", answers, "--output", out, "--allow-partial")[0] == 2
    doc = json.loads(out.read_text())
    assert {r["reason"] for r in doc["calls_scored"]} == {"family_not_implemented"} and fake.calls == []
    monkeypatch.setattr(contract, "_exists", real)                  # the family is implemented now
    code, _, err = run_cli(capsys, "score", answers, "--output", out, "--allow-partial")
    assert code == 0, err
    doc = json.loads(out.read_text())
    assert {r["call_id"]: r["status"] for r in doc["calls_scored"]} == {"a3-capset-11": "ACCEPT", "a3-capset-0": "ACCEPT"}
    assert len(fake.calls) == 2 and doc["subset_score"] == 100.0


def test_interrupt_stops_dispatch_and_keeps_finished_calls(tmp_path, monkeypatch):
    """A KeyboardInterrupt during scoring must end the run promptly: calls not yet started are not
    verified (their work would be thrown away), finished ones are saved for the next run."""
    started: list[int] = []

    def verify(family, params, payload, kind="file", **kwargs):
        started.append(params["d"])
        if len(started) == 2:
            raise KeyboardInterrupt
        return combined(Status.ACCEPT, 7)

    monkeypatch.setattr(harness, "verify", verify)
    records = [{"call_id": cid, "answer": ["x"]} for cid in CAPSET_CALLS]
    with pytest.raises(score.ScoreError, match="interrupted: 1 of 3"):
        run_score(tmp_path, records, jobs=1)
    assert len(started) == 2, f"verification went on after the interrupt: {started}"
    _, rows = _progress_rows(tmp_path / "scores.json.progress.jsonl")
    assert len(rows) == 1


# ---- a real interruption ---------------------------------------------------------------------------------

def _complete_rows(path: Path) -> int:
    try:
        text = path.read_text()
    except FileNotFoundError:
        return 0
    return max(0, text.count("\n") - 1)


def _interrupt_after_first_row(argv, progress: Path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "endless_exam.checker.cli", *map(str, argv)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    try:
        while _complete_rows(progress) < 1 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.005)
        assert proc.poll() is None or proc.returncode == 0, proc.communicate()[1]
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    return proc, stdout, stderr


def test_real_interruption_and_resume(tmp_path, capsys):
    cap4 = json.loads((CONSTRUCTIONS / "d4.json").read_text())["answer"]
    records = [
        {"call_id": "s1-capset-0", "answer": construction(6)},
        {"call_id": "s1-capset-1", "answer": construction(8)},
        {"call_id": "s1-capset-2", "answer": construction(10)},
        {"call_id": "s1-capset-3", "answer": [p + "00000000" for p in cap4]},     # a small cap in F_3^12
        {"call_id": "s1-kissing-0", "finish_reason": "length"},
        {"call_id": "s1-degdiam-0", "error": "rate_limit"},
    ]
    for attempt in range(5):
        # the run is short (about a second): if it finished before the signal arrived, start over afresh
        run_dir = tmp_path / f"attempt{attempt}"
        run_dir.mkdir()
        answers = write_answers(run_dir / "answers.jsonl", records)
        out = run_dir / "scores.json"
        progress = Path(f"{out}.progress.jsonl")
        argv = ["score", answers, "--output", out, "--suite", "size-series", "--allow-partial", "--jobs", "1"]
        proc, stdout, stderr = _interrupt_after_first_row(argv, progress)
        if proc.returncode != 0:
            break
    else:
        pytest.fail("the run finished before the interrupt in every attempt")
    assert proc.returncode == 130, stderr        # an interrupted run is neither an error nor a rejection
    assert "interrupted" in stderr and "run the same command again" in stderr
    assert not out.exists()
    saved = _complete_rows(progress)
    assert 1 <= saved < len(records)
    _, saved_rows = _progress_rows(progress)
    # missing rows are always redone, and so are record claims (the bundled constructions reach the reference)
    reusable = sum(r["outcome"] in ("scored", "zero") and not must_reverify(r) for r in saved_rows)
    # the rerun reuses what was saved
    code, _, err = run_cli(capsys, *argv)
    assert code == 0, err
    if reusable:
        assert f"resuming: {reusable} finished calls reused, {len(records) - reusable} left" in err
    else:
        assert "resuming" not in err and "verified again from the answers file" in err
    resumed = json.loads(out.read_text())
    every_row = resumed["calls_scored"] + resumed["verified_without_reference"]
    assert sorted(r["call_id"] for r in every_row) == sorted(r["call_id"] for r in records)
    # a call without a reference (s1-capset-3) is verified but not scored
    assert [r["call_id"] for r in resumed["verified_without_reference"]] == ["s1-capset-3"]
    # ... and agrees with an uninterrupted run
    fresh_out = tmp_path / "fresh.json"
    assert run_cli(capsys, "score", answers, "--output", fresh_out, "--suite", "size-series", "--allow-partial",
                   "--jobs", "1")[0] == 0
    fresh = json.loads(fresh_out.read_text())

    def verdicts(doc):
        keys = ("status", "outcome", "valid", "objective", "ratio_exact", "reason")
        return {r["call_id"]: ({k: r[k] for k in keys},
                               {n: (r[n]["status"], r[n]["objective"], r[n]["reason"]) for n in ("primary", "second")
                                if n in r}) for r in doc["calls_scored"] + doc["verified_without_reference"]}

    assert verdicts(resumed) == verdicts(fresh)
    assert resumed["subset_score"] == fresh["subset_score"] and resumed["missing_call_ids"] == fresh["missing_call_ids"]
    objectives = {r["call_id"]: r["objective"] for r in fresh["calls_scored"] + fresh["verified_without_reference"]}
    assert objectives["s1-capset-0"] == "112" and objectives["s1-capset-1"] == "448"
    assert objectives["s1-capset-2"] == "2240" and objectives["s1-capset-3"] == "20"


# =====================================================================================================
# a real end-to-end run: score, then report in three formats
# =====================================================================================================

def test_end_to_end_capset_score_and_report(tmp_path):
    answers = tmp_path / "answers.jsonl"
    sizes = {9: 1010, 10: 2240, 11: 5062}
    write_answers(answers, [{"call_id": cid, "answer": construction(BY_CALL[cid].params["d"]),
                             "finish_reason": "stop", "output_tokens": 90000} for cid in CAPSET_CALLS])
    out = tmp_path / "scores.json"
    proc = run_subprocess("score", answers, "--output", out, "--allow-partial", "--jobs", "2")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(out.read_text())
    assert doc["complete"] is False and doc["calls"] == 3 and len(doc["missing_call_ids"]) == 66
    ratios = {}
    for row in doc["calls_scored"]:
        inst = BY_CALL[row["call_id"]]
        d = inst.params["d"]
        assert row["status"] == "ACCEPT" and row["valid"] is True, row
        assert row["objective"] == str(sizes[d])
        assert row["primary"]["status"] == row["second"]["status"] == "ACCEPT"
        assert row["primary"]["objective"] == row["second"]["objective"] == str(sizes[d])
        exact = Fraction(sizes[d], inst.reference)
        assert Fraction(row["ratio_exact"]) == exact and row["ratio"] == float(exact)
        ratios[row["call_id"]] = exact
    mean = sum(ratios.values()) / 3
    assert doc["subset_score"] == float(100 * mean)
    assert doc["summary"]["subset_score_exact"] == f"{(100 * mean).numerator}/{(100 * mean).denominator}"
    assert f"subset_score: {float(100 * mean):.2f}" in proc.stdout

    md = run_subprocess("report", out, "--format", "md")
    assert md.returncode == 0, md.stderr
    assert f"subset {float(100 * mean):.2f}" in md.stdout and "| capset |" in md.stdout
    csv_dir = tmp_path / "tables"
    csv_run = run_subprocess("report", out, "--format", "csv", "--output", str(csv_dir))
    assert csv_run.returncode == 0, csv_run.stderr
    assert sorted(p.name for p in csv_dir.iterdir()) == ["calls.csv", "groups.csv", "summary.csv", "table2.csv"]
    summary_block, group_block = (csv_dir / "summary.csv").read_text(), (csv_dir / "groups.csv").read_text()
    every_call = list(csv.DictReader(io.StringIO((csv_dir / "calls.csv").read_text())))
    assert len(every_call) == 69
    calls = [c for c in every_call if c["status"] != "MISSING"]
    assert {c["call_id"] for c in calls} == set(ratios) and {c["status"] for c in calls} == {"ACCEPT"}
    assert {c["call_id"]: Fraction(c["ratio_exact"]) for c in calls} == ratios
    one = run_subprocess("report", out, "--format", "csv", "--table", "summary")
    assert one.returncode == 0 and one.stdout == summary_block
    [row] = list(csv.DictReader(io.StringIO(summary_block)))
    assert row["score_kind"] == "subset_score" and row["complete"] == "false"
    assert float(row["score"]) == float(100 * mean) and float(row["published_mean"]) == float(mean)
    assert row["distinct_instances"] == "3" and row["expected_instances"] == "69"
    groups = {g["family_group"]: g for g in csv.DictReader(io.StringIO(group_block))}
    assert groups["capset"]["n"] == "3" and float(groups["capset"]["mean"]) == float(mean)
    js = run_subprocess("report", out, "--format", "json")
    assert js.returncode == 0, js.stderr
    data = json.loads(js.stdout)
    agg = data["runs"][0]["aggregate"]
    assert agg["subset_score_exact"] == doc["summary"]["subset_score_exact"]
    assert {i["instance_id"]: Fraction(i["ratio_exact"]) for i in agg["instances"]} == {
        BY_CALL[c].instance_id: r for c, r in ratios.items()}
    assert data["summary"][0]["score"] == float(100 * mean)


def test_aggregation_failure_keeps_every_row():
    """Two scored calls for one instance cannot be aggregated; the rows are still written, with the error."""
    from endless_exam.checker.suites.instances import Instance, instance_id

    iid = instance_id("capset", {"d": 2})
    insts = tuple(Instance("t", f"t1-capset-{i}", "T1", i, iid, "capset", {"d": 2}, "max", 4, "construction",
                           None, None, None) for i in range(2))
    checked = VerifierSummary(Status.ACCEPT, 4, None, "valid", 0.0)
    rows = [CallRow.of(inst, 1 + k, "0" * 64, "scored", "ACCEPT", 4, None, "valid",
                       Verification(checked, checked, None, ())) for k, inst in enumerate(insts)]
    doc = score.build_scores(insts, rows, [], "tool-free", "t")
    assert "error" in doc["summary"] and "scored calls" in doc["summary"]["error"]
    assert [r["call_id"] for r in doc["calls_scored"]] == ["t1-capset-0", "t1-capset-1"]
    averaged = score.build_scores(insts, rows, [], "tool-free", "t", duplicates="mean")
    assert "error" not in averaged["summary"] and averaged["score"] == 100.0


# =====================================================================================================
# scoring-file integrity (issue 8, item 4): each reproduction of a finding, then the fixed behaviour
# =====================================================================================================

import hashlib
import stat as stat_mod
import tracemalloc

from endless_exam.checker.scoring import answers as answers_mod

GOOD6 = {"call_id": "s1-capset-0", "answer": construction(6)}
NULL6 = {"call_id": "s1-capset-0", "answer": None}


def _jsonl(*records) -> bytes:
    return "".join(json.dumps(r) + "\n" for r in records).encode()


def _score_stdin(tmp_path, data: bytes, source: str = "/dev/stdin", *extra) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "endless_exam.checker.cli", "score", source, "--output",
                           str(tmp_path / "res.json"), "--suite", "size-series", "--allow-partial", *extra],
                          cwd=ROOT, env=env, input=data, capture_output=True, timeout=300, text=False)


@pytest.mark.parametrize("source", ["/dev/stdin", "-"])
def test_piped_answers_are_hashed_as_read_and_never_resume(tmp_path, source):
    """Reproduction: `score /dev/stdin` hashed the file after reading it, i.e. the empty string, so a later
    piped run with different answers (all null) resumed on the first run's ACCEPT rows and exited 0 with
    the first run's score. Now the hash is that of the bytes read, and a pipe never resumes."""
    first = _score_stdin(tmp_path, _jsonl(GOOD6), source)
    assert first.returncode == 0, first.stderr.decode()
    header = json.loads((tmp_path / "res.json.progress.jsonl").read_text().splitlines()[0])
    assert header["answers_sha256"] == hashlib.sha256(_jsonl(GOOD6)).hexdigest() != hashlib.sha256(b"").hexdigest()
    second = _score_stdin(tmp_path, _jsonl(NULL6), source)
    assert second.returncode == 0, second.stderr.decode()
    assert b"not reused; restarting" in second.stderr and b"resuming" not in second.stderr
    doc = json.loads((tmp_path / "res.json").read_text())
    [row] = doc["calls_scored"]
    assert row["status"] == "REJECT" and row["reason"] == "NO_ANSWER" and doc["subset_score"] == 0.0
    assert doc["answers_sha256"] == hashlib.sha256(_jsonl(NULL6)).hexdigest()
    # even the very same bytes from a pipe are verified again (a pipe cannot be re-read to check them)
    third = _score_stdin(tmp_path, _jsonl(NULL6), source)
    assert third.returncode == 0 and b"resuming" not in third.stderr


def test_a_regular_file_with_the_same_bytes_resumes_and_other_bytes_are_refused(tmp_path, capsys, fake):
    answers = write_answers(tmp_path / "a.jsonl", [{"call_id": "a3-capset-11", "answer": fk("ACCEPT", 1010)}])
    out = tmp_path / "s.json"
    assert run_cli(capsys, "score", answers, "--output", out, "--allow-partial")[0] == 0
    code, _, err = run_cli(capsys, "score", answers, "--output", out, "--allow-partial")
    assert code == 0 and "resuming: 1 finished calls reused, 0 left" in err and len(fake.calls) == 1
    write_answers(tmp_path / "a.jsonl", [{"call_id": "a3-capset-11", "answer": fk("REJECT")}])
    code, _, err = run_cli(capsys, "score", answers, "--output", out, "--allow-partial")
    assert code == 2 and "different run" in err and len(fake.calls) == 1


# ---- outputs that must not be written ----------------------------------------------------------------

def test_output_naming_the_answers_file_under_another_name_is_refused(tmp_path, capsys, fake):
    """Reproduction: `score run1.tmp --output run1` wrote scores to run1.tmp (the temporary name) and moved it
    over run1: the answers were destroyed. `score res.progress.jsonl --output res --restart` truncated the
    answers as the progress file. Hard links and symlinks are the same file under another name."""
    original = _jsonl({"call_id": "a3-capset-11", "answer": fk("ACCEPT", 1082)})
    answers = tmp_path / "run1.tmp"
    answers.write_bytes(original)
    code, _, err = run_cli(capsys, "score", answers, "--output", tmp_path / "run1", "--allow-partial")
    assert code == 0, err
    assert answers.read_bytes() == original                     # the scores went elsewhere
    assert json.loads((tmp_path / "run1").read_text())["calls"] == 1
    progress_named = tmp_path / "res.progress.jsonl"
    progress_named.write_bytes(original)
    code, _, err = run_cli(capsys, "score", progress_named, "--output", tmp_path / "res", "--allow-partial", "--restart")
    assert code == 2 and "answers file" in err
    assert progress_named.read_bytes() == original and not (tmp_path / "res").exists()
    os.link(answers, tmp_path / "hard.json")
    (tmp_path / "soft.json").symlink_to(answers)
    for out in ("hard.json", "soft.json"):
        code, _, err = run_cli(capsys, "score", answers, "--output", tmp_path / out, "--allow-partial")
        assert code == 2 and "answers file" in err, (out, err)
        assert answers.read_bytes() == original
    (tmp_path / "p.json.progress.jsonl").symlink_to(answers)
    code, _, err = run_cli(capsys, "score", answers, "--output", tmp_path / "p.json", "--allow-partial")
    assert code == 2 and "progress file" in err and answers.read_bytes() == original
    assert len(fake.calls) == 1


def _char_device(path: Path) -> bool:
    """A character device like /dev/null, made in a scratch directory (needs root); False if impossible."""
    try:
        os.mknod(path, 0o644 | stat_mod.S_IFCHR, os.makedev(1, 3))
    except (PermissionError, OSError):
        return False
    return True


def test_a_device_output_is_refused_not_replaced(tmp_path, capsys, no_harness):
    """Reproduction: as root, `score ... --output /dev/null` replaced the device with a regular file. The test
    makes its own /dev/null (same device numbers) in a scratch directory."""
    device = tmp_path / "null"
    if not _char_device(device):
        pytest.skip("cannot create a device node here")
    answers = write_answers(tmp_path / "a.jsonl", [{"call_id": "a3-capset-11", "finish_reason": "length"}])
    code, _, err = run_cli(capsys, "score", answers, "--output", device, "--allow-partial")
    assert code == 2 and "not a regular file" in err
    assert stat_mod.S_ISCHR(os.stat(device).st_mode) and not Path(f"{device}.progress.jsonl").exists()
    other = tmp_path / "other.json"
    Path(f"{other}.progress.jsonl").unlink(missing_ok=True)
    _char_device(Path(f"{other}.progress.jsonl"))
    code, _, err = run_cli(capsys, "score", answers, "--output", other, "--allow-partial")
    assert code == 2 and "progress file" in err and "not a regular file" in err
    assert stat_mod.S_ISCHR(os.stat(f"{other}.progress.jsonl").st_mode) and not other.exists()


@pytest.mark.parametrize("kind", ["directory", "fifo"])
def test_directory_and_fifo_outputs_are_refused_up_front(tmp_path, capsys, no_harness, kind):
    answers = write_answers(tmp_path / "a.jsonl", [{"call_id": "a3-capset-11", "finish_reason": "length"}])
    for target in (tmp_path / "out", tmp_path / "s.json.progress.jsonl"):
        if kind == "directory":
            target.mkdir()
        else:
            os.mkfifo(target)
        out = tmp_path / "out" if target.name == "out" else tmp_path / "s.json"
        code, _, err = run_cli(capsys, "score", answers, "--output", out, "--allow-partial")
        assert code == 2 and "internal error" not in err, err
        assert ("is a directory" if kind == "directory" else "not a regular file") in err
        assert (target.is_dir() if kind == "directory" else stat_mod.S_ISFIFO(os.stat(target).st_mode))
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


# ---- progress rows are bound and checked ----------------------------------------------------------------

def _first_run(tmp_path, capsys, records):
    answers = write_answers(tmp_path / "a.jsonl", records)
    out = tmp_path / "s.json"
    code, _, err = run_cli(capsys, "score", answers, "--output", out, "--allow-partial")
    assert code == 0, err
    return answers, out, Path(f"{out}.progress.jsonl")


def _edit_rows(progress: Path, edit) -> None:
    lines = progress.read_text().splitlines()
    rows = [json.loads(line) for line in lines[1:]]
    rows = edit(rows)
    progress.write_text(lines[0] + "\n" + "".join(json.dumps(r) + "\n" for r in rows))


def _forge_accept(row: dict) -> dict:
    row.update(status="ACCEPT", valid=True, objective="1082", objective_float=1082.0, ratio=1.0, ratio_exact="1",
               reason=None)
    return row


def test_a_progress_row_edited_to_accept_is_redone(tmp_path, capsys, fake):
    """Reproduction: resume trusted progress rows blindly; a REJECT row edited to ACCEPT was scored. Now every
    row carries an integrity hash over its content and the answers hash, and must be consistent in itself."""
    answers, out, progress = _first_run(tmp_path, capsys, [{"call_id": "a3-capset-11", "answer": fk("REJECT")},
                                                            {"call_id": "a3-capset-0", "answer": fk("ACCEPT", 2430)}])
    header = json.loads(progress.read_text().splitlines()[0])
    _, rows = _progress_rows(progress)
    for row in rows:
        assert row["answers_sha256"] == header["answers_sha256"] and row["line_sha256"] and row["integrity"]
        assert row["integrity"] == score.row_integrity(row, header["answers_sha256"])
    _edit_rows(progress, lambda rows: [_forge_accept(r) if r["call_id"] == "a3-capset-11" else r for r in rows])
    fake.calls.clear()
    code, _, err = run_cli(capsys, "score", answers, "--output", out, "--allow-partial")
    assert code == 0, err
    assert "1 saved row(s) failed their integrity or consistency check and are redone" in err
    assert "resuming: 1 finished calls reused, 1 left" in err and len(fake.calls) == 1
    assert rows_by_call(json.loads(out.read_text()))["a3-capset-11"]["status"] == "REJECT"


def test_a_forged_row_with_a_recomputed_hash_must_still_be_consistent(tmp_path, capsys, fake):
    """The integrity hash is not a secret (it authenticates nothing): a forger can recompute it. What is
    checked besides it: the verdicts of both verifiers, the ratio, the suite's fields, and that a call
    decided without verification is decided the same way again."""
    records = [{"call_id": "a3-capset-11", "answer": fk("REJECT")},
               {"call_id": "a3-capset-0", "finish_reason": "length"}]
    answers, out, progress = _first_run(tmp_path, capsys, records)
    sha = json.loads(progress.read_text().splitlines()[0])["answers_sha256"]

    def forge(rows):
        for r in rows:
            _forge_accept(r)
            if r["call_id"] == "a3-capset-0":
                r.update(objective="2432", objective_float=2432.0, outcome="scored")
            r["integrity"] = score.row_integrity(r, sha)
        return rows

    _edit_rows(progress, forge)
    code, _, err = run_cli(capsys, "score", answers, "--output", out, "--allow-partial")
    assert code == 0 and "2 saved row(s) failed" in err, err
    doc = json.loads(out.read_text())
    assert rows_by_call(doc)["a3-capset-11"]["status"] == "REJECT"
    assert rows_by_call(doc)["a3-capset-0"]["status"] == "ZERO"


@pytest.mark.parametrize("tamper", ["answers_sha256", "line_sha256", "line", "call_twice", "garbage_line",
                                    "reference"])
def test_rows_not_bound_to_these_answers_are_redone(tmp_path, capsys, fake, tamper):
    answers, out, progress = _first_run(tmp_path, capsys, [{"call_id": "a3-capset-11", "answer": fk("ACCEPT", 1010)}])
    sha = json.loads(progress.read_text().splitlines()[0])["answers_sha256"]

    def edit(rows):
        r = rows[0]
        if tamper == "call_twice":
            return rows + [dict(r)]
        if tamper == "garbage_line":
            return rows + ["not a row"]
        if tamper == "reference":
            r["reference"] = "1"
        else:
            r[tamper] = "0" * 64 if tamper != "line" else 7
        r["integrity"] = score.row_integrity(r, sha)     # recomputed: the binding itself must match
        return rows

    _edit_rows(progress, edit)
    fake.calls.clear()
    code, _, err = run_cli(capsys, "score", answers, "--output", out, "--allow-partial")
    assert code == 0, err
    assert "failed their integrity or consistency check" in err
    assert len(fake.calls) == (0 if tamper == "garbage_line" else 1)


def test_a_stale_scores_file_never_stands_beside_new_progress(tmp_path, capsys, monkeypatch):
    """Reproduction: after a complete run on answers A, a --restart run on answers B that was interrupted left
    A's scores.json beside B's progress, looking like B's result. Now scores.json is bound to its answers
    (``answers_sha256``, ``run``) and one that does not belong to the run is removed when the run starts."""
    monkeypatch.setattr(harness, "verify", FakeHarness())
    answers, out, progress = _first_run(tmp_path, capsys, [{"call_id": "a3-capset-11", "answer": fk("ACCEPT", 1082)}])
    doc = json.loads(out.read_text())
    assert doc["answers_sha256"] == doc["run"]["answers_sha256"] == hashlib.sha256(Path(answers).read_bytes()).hexdigest()
    assert "integrity" not in doc["calls_scored"][0] and "answers_sha256" not in doc["calls_scored"][0]

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(harness, "verify", interrupted)
    write_answers(Path(answers), [{"call_id": "a3-capset-11", "answer": fk("REJECT")}])
    code, _, err = run_cli(capsys, "score", answers, "--output", out, "--allow-partial", "--restart")
    assert code == 130 and "interrupted" in err
    assert not out.exists(), "the scores of the earlier answers are still beside the new progress"
    # the same on a fresh run of other answers into the output of an earlier run (progress deleted)
    monkeypatch.setattr(harness, "verify", FakeHarness())
    assert run_cli(capsys, "score", answers, "--output", out, "--allow-partial")[0] == 0
    progress.unlink()
    write_answers(Path(answers), [{"call_id": "a3-capset-11", "finish_reason": "length"}])
    monkeypatch.setattr(harness, "verify", interrupted)
    write_answers(Path(answers), [{"call_id": "a3-capset-11", "answer": fk("ACCEPT", 5)}])
    assert run_cli(capsys, "score", answers, "--output", out, "--allow-partial")[0] == 130
    assert not out.exists()


# ---- streaming, bounded memory, results as they come ------------------------------------------------------

def test_the_scorer_holds_one_answer_at_a_time(tmp_path, monkeypatch):
    """Reproduction: 69 lines of 31 MiB each reached 2.5 GB of scorer memory, every answer parsed and
    re-serialised before the first result. Now the file is streamed and each answer is read back when it
    is verified: four 8 MiB answers cost about one."""
    size = 8 << 20
    lines = [('{"call_id": "%s", "answer": [' % cid).encode() + b"1," * (size // 2) + b"1]}\n"
             for cid in ("a3-capset-11", "a3-capset-0", "a3-capset-2",
                         *[i.call_id for i in BENCH if not i.implemented][:1])]     # + one not verified (if any)
    path = tmp_path / "big.jsonl"
    path.write_bytes(b"".join(lines))
    seen = []

    def verify(family, params, payload, kind="file", **kwargs):    # keeps nothing of the payload
        seen.append((kind, len(payload), payload[:1] + payload[-2:]))
        return combined(Status.ACCEPT, 7)

    monkeypatch.setattr(harness, "verify", verify)
    tracemalloc.start()
    try:
        doc = score.run(str(path), str(tmp_path / "s.json"), BENCH, suite="bench-v1", allow_partial=True,
                        log=lambda m: None)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert {r["status"] for r in doc["calls_scored"] if r["family"] == "capset"} == {"ACCEPT"}
    assert seen == [("json", size + 3, b"[1]")] * 3
    assert peak < 2 * size, f"scorer peak {peak:,} bytes for 4 x {size:,}-byte answers"


def test_an_over_long_line_is_a_size_limit_reject_of_its_call(tmp_path, no_harness, monkeypatch):
    monkeypatch.setattr(answers_mod, "MAX_LINE_BYTES", 10_000)
    doc = run_score(tmp_path, [{"call_id": "a3-capset-11", "answer": ["0" * 20_000]},
                               {"call_id": "a3-capset-0", "finish_reason": "length", "content": "x" * 20_000}])
    row = rows_by_call(doc)["a3-capset-11"]
    assert (row["outcome"], row["status"], row["reason"], row["ratio"]) == ("scored", "REJECT", "SIZE_LIMIT", 0.0)
    assert "primary" not in row                               # decided from the length, nothing parsed
    assert_zero(rows_by_call(doc)["a3-capset-0"], "finish_reason:length")   # the envelope still counts


def test_an_answer_over_32_mib_is_a_size_limit_without_verification(tmp_path, no_harness, monkeypatch):
    monkeypatch.setattr(answers_mod, "MAX_BYTES", 1000)
    doc = run_score(tmp_path, [{"call_id": "a3-capset-11", "answer": ["0" * 2000]},
                               {"call_id": "a3-capset-0", "content": "y" * 2000}])
    for cid in ("a3-capset-11", "a3-capset-0"):
        row = rows_by_call(doc)[cid]
        assert row["status"] == "REJECT" and row["reason"] == "SIZE_LIMIT", row


def test_answers_changed_during_the_run_stop_it_and_keep_what_is_saved(tmp_path, capsys, monkeypatch):
    """The answers scored are the answers hashed: a line that changes under the scorer stops the run with a
    clear error, and every result finished before is in the progress file."""
    answers = tmp_path / "a.jsonl"
    write_answers(answers, [{"call_id": "a3-capset-11", "answer": fk("ACCEPT", 1082)},
                            {"call_id": "a3-capset-0", "answer": fk("ACCEPT", 2432)}])
    inner = FakeHarness()

    def verify(*args, **kwargs):
        res = inner(*args, **kwargs)
        text = answers.read_text().replace("2432", "9999")       # same length, other bytes
        answers.write_text(text)
        return res

    monkeypatch.setattr(harness, "verify", verify)
    out = tmp_path / "s.json"
    # one answer at a time (the default is the CPUs available), so that the first is saved before the change
    code, _, err = run_cli(capsys, "score", answers, "--output", out, "--allow-partial", "--jobs", "1")
    assert code == 2 and "changed while it was being scored" in err and "1 finished calls are saved" in err
    _, rows = _progress_rows(Path(f"{out}.progress.jsonl"))
    assert [r["call_id"] for r in rows] == ["a3-capset-11"] and not out.exists()


def test_a_huge_nested_answer_is_handed_over_unparsed(tmp_path, fake, monkeypatch):
    """Reproduction: one 32 MiB nested line took 37 s to parse in the scorer before the first result was
    saved. The scorer now frames the line only: it never calls the JSON parser on the answer."""
    from endless_exam.certificates import strictjson

    def no_parse(text, *a, **k):
        if len(text) > 1000:
            raise AssertionError("the scorer parsed an answer")
        return real(text, *a, **k)

    real = strictjson.loads
    monkeypatch.setattr(answers_mod, "loads", no_parse)
    monkeypatch.setattr(strictjson, "loads", no_parse)
    nested = "[1," * 300_000 + "1" + "]" * 300_000
    run_score(tmp_path, ['{"call_id": "a3-capset-11", "answer": ' + nested + '}'])
    assert fake.calls[0]["payload"] == nested.encode() and fake.calls[0]["kind"] == "json"


@pytest.mark.parametrize("pair, status, reason", [
    (("ACCEPT", "TIMEOUT"), "TIMEOUT", "TIME_LIMIT"), (("LIMIT", "ACCEPT"), "LIMIT", "MEMORY_LIMIT"),
    (("REJECT", "TIMEOUT"), "REJECT", "PROPERTY_VIOLATION"), (("TIMEOUT", "LIMIT"), "TIMEOUT", "TIME_LIMIT"),
    (("REJECT", "REJECT"), "REJECT", "PROPERTY_VIOLATION"), (("ACCEPT", "ACCEPT"), "ACCEPT", None),
])
def test_every_verdict_pair_the_harness_can_give_is_reused_on_resume(tmp_path, capsys, monkeypatch, pair, status, reason):
    """The per-row consistency check accepts exactly what the harness combines (no false 'redone')."""
    def verdict(name):
        if name == "ACCEPT":
            return Verdict(Status.ACCEPT, objective=1010, message="ok")
        why = {"REJECT": "PROPERTY_VIOLATION", "TIMEOUT": "TIME_LIMIT", "LIMIT": "MEMORY_LIMIT"}[name]
        return Verdict(Status(name), reason=why, message=name)

    calls = []

    def verify(*args, **kwargs):
        calls.append(1)
        p, s = verdict(pair[0]), verdict(pair[1])
        checks = [WitnessCheck(role, True, "confirmed") for role, v in (("primary", p), ("second", s))
                  if needs_recheck(v)]
        res = combine(p, s, checks).timed(0.1, 0.1, {}, {})     # what the harness gives for this pair
        assert (res.status.value, res.reason) == (status, reason)
        return res

    monkeypatch.setattr(harness, "verify", verify)
    answers = write_answers(tmp_path / "a.jsonl", [{"call_id": "a3-capset-11", "answer": [1]}])
    out = tmp_path / "s.json"
    assert run_cli(capsys, "score", answers, "--output", out, "--allow-partial")[0] == 0
    code, _, err = run_cli(capsys, "score", answers, "--output", out, "--allow-partial")
    assert code == 0 and "resuming: 1 finished calls reused, 0 left" in err and "redone" not in err, err
    assert len(calls) == 1


def test_an_answer_with_a_huge_key_is_rejected_not_missing(tmp_path):
    """Reproduction (issue 16, item 1): ``{"éé…": 1}`` with a key of 12 M characters made both verifiers
    exceed the harness's output limit (the key was quoted in the message, escaped to 6 bytes a character)
    and ``score`` recorded the call as missing. It is a REJECT with a bounded message."""
    from endless_exam.certificates.bounded import MESSAGE_MAX

    line = '{"call_id": "a3-kissing-0", "answer": {"' + "é" * 12_000_000 + '": 1}}'
    doc = run_score(tmp_path, [line])
    row = rows_by_call(doc)["a3-kissing-0"]
    assert (row["outcome"], row["status"], row["reason"]) == ("scored", "REJECT", "FORMAT_SHAPE"), row["message"][:500]
    for message in (row["message"], row["primary"]["message"], row["second"]["message"]):
        assert len(message) <= MESSAGE_MAX and "characters" in message
    assert doc["missing_call_ids"] == [] or "a3-kissing-0" not in doc["missing_call_ids"]


def test_rows_and_files_stay_a_few_kb_per_call_whatever_the_answers(tmp_path):
    """Reproduction (issue 16, item 2): 36 lines with 10 MiB keys made the progress file and scores.json
    1.13 GB each (every message quoted its key three times: combined, primary, second). Rows now carry
    bounded messages, so both files stay within a few kB per call."""
    many_keys = "{" + ",".join(f'"k{n}": {n}' for n in range(200_000)) + "}"
    records = ['{"call_id": "a3-capset-11", "answer": {"' + "k" * 3_000_000 + '": 1}}',
               '{"call_id": "a3-corners-0", "answer": ' + many_keys + '}',
               '{"call_id": "a3-lineq-4", "answer": ["' + "x" * 3_000_000 + '"]}',
               '{"call_id": "a3-shannon-0", "answer": {"words": ["' + "0" * 3_000_000 + '"]}}']
    doc = run_score(tmp_path, records)
    rows = rows_by_call(doc)
    assert {rows[c]["status"] for c in ("a3-capset-11", "a3-corners-0", "a3-lineq-4", "a3-shannon-0")} == {"REJECT"}
    for name in ("scores.json", "scores.json.progress.jsonl"):
        size = (tmp_path / name).stat().st_size
        assert size < 4 * 8_000 + 40_000, f"{name}: {size:,} bytes for 4 rejected calls"
    progress = (tmp_path / "scores.json.progress.jsonl").read_text().splitlines()
    assert len(progress) == 5 and max(len(line) for line in progress[1:]) < 8_000


def test_standard_input_read_in_part_before_score_starts(tmp_path):
    """Reproduction (issue 16, item 7): ``( read -r l; endless-exam score - ... ) < answers.jsonl`` failed
    with "standard input changed": offsets were counted from where standard input starts and read back
    from the file's start. They now count from where reading began."""
    answers = tmp_path / "a.jsonl"
    write_answers(answers, [{"call_id": "a3-capset-0", "finish_reason": "length"},
                            {"call_id": "a3-capset-11", "answer": construction(9)},
                            {"call_id": "a3-capset-2", "answer": ["0000000000"] * 2}])
    out = tmp_path / "s.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    script = (f"read -r first; exec {sys.executable} -m endless_exam.checker.cli score - --output {out} "
              "--allow-partial")
    with open(answers, "rb") as stdin:
        proc = subprocess.run(["sh", "-c", script], stdin=stdin, env=env, cwd=ROOT, capture_output=True, text=True,
                              timeout=300)
    assert proc.returncode == 0, proc.stderr
    rows = rows_by_call(json.loads(out.read_text()))
    assert set(rows) == {"a3-capset-11", "a3-capset-2"}
    assert rows["a3-capset-11"]["status"] == "ACCEPT" and rows["a3-capset-2"]["status"] == "REJECT"


def test_verdicts_do_not_outlive_the_code_that_made_them(tmp_path, capsys, fake, monkeypatch):
    """Reproduction (issue 16, item 3): the progress header was bound to the version string only (0.1.0 on
    every commit), so after a verifier changed, a resume reused the old ACCEPT. The header now carries the
    fingerprint of the installed checker code, and a refusal names the field that differs."""
    from endless_exam.checker.scoring import fingerprint

    answers = tmp_path / "a.jsonl"
    write_answers(answers, RESUME_RECORDS)
    out = tmp_path / "scores.json"
    assert run_cli(capsys, "score", answers, "--output", out, "--allow-partial")[0] == 0
    header, _ = _progress_rows(Path(f"{out}.progress.jsonl"))
    assert header["code"] == fingerprint.code_fingerprint() and len(header["code"]) == 64
    monkeypatch.setattr(score, "code_fingerprint", lambda: "f" * 64)      # a verifier changed, same version
    fake.calls.clear()
    code, _, err = run_cli(capsys, "score", answers, "--output", out, "--allow-partial")
    assert code == 2 and "installed checker code" in err and "--restart" in err and fake.calls == []
    code, _, err = run_cli(capsys, "score", answers, "--output", out, "--allow-partial", "--track", "tool-assisted")
    assert code == 2 and "the track differs" in err
    assert run_cli(capsys, "score", answers, "--output", out, "--allow-partial", "--restart")[0] == 0
    assert len(fake.calls) == 3


def test_the_code_fingerprint_follows_every_source_file(tmp_path, monkeypatch):
    from endless_exam.checker.scoring import fingerprint

    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "family.py").write_text("LIMIT = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(fingerprint, "_PACKAGES", ("pkg",))
    monkeypatch.setattr(fingerprint, "_fingerprint", None)
    first = fingerprint.code_fingerprint()
    (pkg / "family.py").write_text("LIMIT = 2\n")
    monkeypatch.setattr(fingerprint, "_fingerprint", None)
    assert fingerprint.code_fingerprint() != first


def test_a_forged_record_claim_is_verified_again_before_it_is_reported(tmp_path, capsys, fake):
    """Reproduction (issue 16, item 4): a progress row forged consistently (both verifiers' objectives, the
    ratio and a recomputed integrity hash) was reused and reported as a "RECORD CANDIDATE". Whatever is
    reused, a row at ratio > 1, or >= 1 on a published reference, is verified again from the answers file."""
    answers, out, progress = _first_run(tmp_path, capsys, [{"call_id": "a3-capset-11", "answer": fk("ACCEPT", 1010)},
                                                            {"call_id": "a3-capset-0", "answer": fk("ACCEPT", 2400)}])
    sha = json.loads(progress.read_text().splitlines()[0])["answers_sha256"]
    ref = BY_CALL["a3-capset-11"].reference

    def forge(rows):
        for r in rows:
            if r["call_id"] == "a3-capset-11":
                r.update(objective="2000", objective_float=2000.0, ratio=2000 / ref,
                         ratio_exact=str(Fraction(2000, ref)), published_breakthrough=True)
                r["primary"]["objective"] = r["second"]["objective"] = "2000"
                r["integrity"] = score.row_integrity(r, sha)
        return rows

    _edit_rows(progress, forge)
    fake.calls.clear()
    code, out_text, err = run_cli(capsys, "score", answers, "--output", out, "--allow-partial")
    assert code == 0, err
    assert "1 saved record claim(s)" in err and "resuming: 1 finished calls reused, 1 left" in err
    assert len(fake.calls) == 1 and "RECORD CANDIDATE" not in out_text
    row = rows_by_call(json.loads(out.read_text()))["a3-capset-11"]
    assert row["objective"] == "1010" and row["published_breakthrough"] is False
    # a genuine claim (here: the reference reached) is verified on every resume, and then reported
    answers2, out2, _ = _first_run(tmp_path / "b" if (tmp_path / "b").mkdir() is None else tmp_path,
                                   capsys, [{"call_id": "a3-capset-0", "answer": fk("ACCEPT", BY_CALL["a3-capset-0"].reference)}])
    fake.calls.clear()
    code, _, err = run_cli(capsys, "score", answers2, "--output", out2, "--allow-partial")
    assert code == 0 and len(fake.calls) == 1 and "1 saved record claim(s)" in err


def test_a_second_run_on_the_same_output_is_refused_while_the_first_runs(tmp_path):
    """Reproduction (issue 16, item 9): two concurrent ``score`` runs on one output interleaved their rows
    in the progress file, and the next run reported the duplicates as failing their integrity check. The
    first run holds a lock on the output; the second is refused at once and told why."""
    answers = write_answers(tmp_path / "a.jsonl", [{"call_id": "a3-capset-2", "answer": construction(11)},
                                                   {"call_id": "a3-capset-0", "answer": construction(10)}])
    out = tmp_path / "s.json"
    progress = Path(f"{out}.progress.jsonl")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    argv = [sys.executable, "-m", "endless_exam.checker.cli", "score", answers, "--output", str(out), "--allow-partial"]
    first = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while not progress.exists() and first.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert first.poll() is None, first.communicate()[1]
        second = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
        assert second.returncode == 2 and "another score run" in second.stderr, second.stderr
        assert f"pid {first.pid}" in second.stderr
        _, err = first.communicate(timeout=300)
    finally:
        if first.poll() is None:
            first.kill()
            first.communicate()
    assert first.returncode == 0, err
    _, rows = _progress_rows(progress)
    assert sorted(r["call_id"] for r in rows) == ["a3-capset-0", "a3-capset-2"]
    rerun = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert rerun.returncode == 0 and "failed their integrity" not in rerun.stderr, rerun.stderr
