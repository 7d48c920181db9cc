"""What ``score`` shows: progress (tqdm on a terminal, plain lines otherwise), the end-of-run summary, and
``--only`` / ``--limit`` for quick checks."""
from __future__ import annotations

import io
import json
from types import SimpleNamespace

from endless_exam.checker import cli
from endless_exam.checker.scoring import score

LINES = [{"call_id": "a3-capset-11", "answer": ["000000000", "000000001"]},
         {"call_id": "a3-capset-0", "answer": ["0000000000", "1111111111", "2222222222"]},
         {"call_id": "a3-schur-1", "answer": [0, 1, 1, 0]}]


def _answers(tmp_path):
    path = tmp_path / "answers.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in LINES))
    return path


def test_only_and_limit_score_a_subset(tmp_path, capsys):
    answers, out = _answers(tmp_path), tmp_path / "s.json"
    assert cli.main(["score", str(answers), "--output", str(out), "--only", "a3-schur-1"]) == 0
    doc = json.loads(out.read_text())
    assert [r["call_id"] for r in doc["calls_scored"]] == ["a3-schur-1"] and "subset_score" in doc
    text = capsys.readouterr().out
    assert "group" in text and "valid fraction   1.0000" in text and "slowest calls    a3-schur-1" in text
    assert cli.main(["score", str(answers), "--output", str(out), "--limit", "2", "--restart"]) == 0
    assert sorted(r["call_id"] for r in json.loads(out.read_text())["calls_scored"]) == ["a3-capset-0", "a3-capset-11"]
    assert cli.main(["score", str(answers), "--output", str(out), "--only", "a3-nosuch-0"]) == 2
    assert cli.main(["score", str(answers), "--output", str(out), "--limit", "0"]) == 2


def test_plain_progress_lines_count_outcomes(monkeypatch):
    err = io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    bar = score.Bar(3, 0, enabled=False)
    bar.PLAIN_EVERY = 0.0
    bar.step(SimpleNamespace(outcome="scored", status="ACCEPT"))
    bar.step(SimpleNamespace(outcome="scored", status="TIMEOUT"))
    bar.step(SimpleNamespace(outcome="missing", status="ERROR"))
    bar.close()
    lines = err.getvalue().splitlines()
    assert lines[-1].startswith("scoring 3/3") and "ACCEPT 1 REJECT 0 ZERO 0 TIMEOUT 1 missing 1" in lines[-1]


def test_a_terminal_gets_a_tqdm_bar(monkeypatch):
    err = io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    bar = score.Bar(2, 0, enabled=True)
    bar.step(SimpleNamespace(outcome="scored", status="REJECT"))
    bar.step(SimpleNamespace(outcome="scored", status="ACCEPT"))
    bar.close()
    text = err.getvalue()
    assert "2/2" in text and "REJECT=1" in text and "answer/s" in text


def test_record_candidates_are_pointed_at_with_how_to_certify(capsys):
    doc = {"summary": {"groups": {}, "record_candidates": [{"call_id": "a3-capset-11", "ratio_exact": "11/10"}],
                       "beyond_bound": []}, "calls_scored": []}
    cli._print_score_summary(doc, "answers.jsonl")
    out = capsys.readouterr().out
    assert "RECORD CANDIDATE a3-capset-11" in out and "endless-exam certify FILE --instance a3-capset-11" in out
