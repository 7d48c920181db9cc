"""The formal opinion (``verify --formal``, ``checker.verify.formal``): the z3 oracle as a third verifier."""
from __future__ import annotations

import itertools
import json

from endless_exam.certificates.verdict import Status, Verdict
from endless_exam.certificates.worker import handle
from endless_exam.checker import cli
from endless_exam.checker.verify import formal
from endless_exam.checker.verify import harness
import endless_exam.checker.families as primary_families
import endless_exam.crosscheck.families as second_families

CAP4 = ["0000", "0001", "0010", "0011", "0100", "0101", "0110", "0111", "1000", "1001", "1012", "1022",
        "1102", "1202", "2012", "2102", "2110", "2111", "2122", "2212"]
LINE = ["0000", "1111", "2222", "0120"]
D4 = {"d": 4}


def _payload(answer) -> bytes:
    return json.dumps({"answer": answer}).encode()


def _formal(answer, params=D4, loader=second_families.load, timeout_ms=60_000):
    header = {"op": "formal", "family": "capset", "params": params, "kind": "file", "timeout_ms": timeout_ms}
    return handle(header, _payload(answer), loader)


def test_worker_formal_op_decides_small_answers():
    assert _formal(CAP4)["formal"] == "unsat"
    out = _formal(LINE)
    assert out["formal"] == "sat" and sorted(out["witness"]["indices"]) == [0, 1, 2]
    big = ["".join(s) for s in itertools.product("01", repeat=13)][:300]
    assert _formal(big, {"d": 13})["formal"] == "skipped"
    assert _formal({"nope": 1})["formal"] == "skipped"


def test_worker_formal_op_refuses_the_primary_process_and_bad_budgets():
    assert _formal(CAP4, loader=primary_families.load)["formal"] == "unknown"
    assert _formal(CAP4, timeout_ms=0)["formal"] == "unknown"
    assert _formal(CAP4, timeout_ms=True)["formal"] == "unknown"


def test_verify_with_formal_agrees_on_a_cap_and_on_a_line():
    res = harness.verify("capset", D4, _payload(CAP4), formal=True)
    assert res.status is Status.ACCEPT and res.formal == formal.AGREE
    res = harness.verify("capset", D4, _payload(LINE), formal=True)
    assert res.status is Status.REJECT and res.reason == "PROPERTY_VIOLATION" and res.formal == formal.AGREE
    res = harness.verify("capset", D4, _payload(CAP4 + CAP4[:1]), formal=True)
    assert res.reason == "DUPLICATE" and res.formal == formal.NOT_APPLICABLE
    res = harness.verify("capset", D4, _payload(CAP4))
    assert res.formal is None


def _accepted() -> harness.Combined:
    v = Verdict(Status.ACCEPT, objective=20)
    return harness.Combined(Status.ACCEPT, 20, None, "valid", None, v, v, 0.1, 0.1)


def test_a_formal_contradiction_is_a_disagreement():
    fake = lambda h, p, t, m: ({"formal": "sat", "witness": {"indices": [0, 1, 2]}, "message": "m"}, None, 0.0)
    out = formal.attach(_accepted(), {"family": "capset", "params": D4, "kind": "file"}, b"", 60.0, 2 ** 30, fake)
    assert out.status is Status.DISAGREE and out.reason == "independent_verifier_disagreement"
    assert out.formal == formal.DISAGREE and out.objective is None


def test_unknown_and_failures_leave_the_verdict_alone():
    for reply in (({"formal": "unknown", "message": "gave up"}, None, 0.0),
                  (None, Verdict(Status.TIMEOUT, reason="TIME_LIMIT", message="slow"), 60.0),
                  ({"formal": 3}, None, 0.0)):
        out = formal.attach(_accepted(), {"family": "capset", "params": D4, "kind": "file"}, b"", 60.0, 2 ** 30,
                            lambda h, p, t, m, reply=reply: reply)
        assert out.status is Status.ACCEPT and out.formal == formal.UNKNOWN


def test_cli_verify_formal_reports_the_opinion(tmp_path, capsys):
    f = tmp_path / "a.json"
    f.write_text(json.dumps(LINE))
    code = cli.main(["verify", "--family", "capset", "--params", '{"d": 4}', "--formal", "--json", str(f)])
    data = json.loads(capsys.readouterr().out)
    assert code == 1 and data["formal"] == "agree" and data["status"] == "REJECT"


def test_score_formal_records_the_opinion_and_resumes(tmp_path, capsys):
    answers = tmp_path / "answers.jsonl"
    answers.write_text(json.dumps({"call_id": "a3-capset-11", "answer": ["000000000", "000000001"]}) + "\n"
                       + json.dumps({"call_id": "a3-capset-0", "answer": ["0000000000", "1111111111", "2222222222"]})
                       + "\n")
    out = tmp_path / "scores.json"
    argv = ["score", str(answers), "--output", str(out), "--allow-partial", "--formal"]
    assert cli.main(argv) == 0
    rows = {r["call_id"]: r for r in json.loads(out.read_text())["calls_scored"]}
    assert rows["a3-capset-11"]["formal"] == "agree" and rows["a3-capset-11"]["status"] == "ACCEPT"
    assert rows["a3-capset-0"]["formal"] == "agree" and rows["a3-capset-0"]["status"] == "REJECT"
    capsys.readouterr()
    assert cli.main(argv) == 0
    assert "2 finished calls reused" in capsys.readouterr().err
