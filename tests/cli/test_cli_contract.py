"""The command line's contract on first contact (issue 17, item 5): standard output as ``--output``, closed
pipes, typos, empty selections, truncated answers, resume messages, report's inputs, audit's progress,
table and summary, score's live counters and ``--jobs``'s default."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from endless_exam.checker import cli
from endless_exam.checker.commands import common
from endless_exam.checker.audit import table as audit_table
from endless_exam.checker.scoring import score

ROOT = Path(__file__).resolve().parents[2]
EXE = Path(sys.executable).parent / "endless-exam"
CAP_LINE = json.dumps({"call_id": "a3-capset-11", "answer": ["000000000"]}) + "\n"   # one point: valid, tiny


def _answers(tmp_path: Path, text: str = CAP_LINE) -> Path:
    path = tmp_path / "answers.jsonl"
    path.write_text(text)
    return path


# ---- --output - ------------------------------------------------------------------------------------

def test_score_and_certify_refuse_standard_output_as_output(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    answers = _answers(tmp_path)
    assert cli.main(["score", str(answers), "--output", "-", "--allow-partial"]) == 2
    assert "not - (standard output)" in capsys.readouterr().err
    cap = tmp_path / "cap.json"
    cap.write_text('["0000", "0001"]')
    assert cli.main(["certify", str(cap), "--family", "capset", "--params", '{"d": 4}', "--output", "-"]) == 2
    assert "not - (standard output)" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["answers.jsonl", "cap.json"]   # no file named "-"


def test_export_to_standard_output_writes_jsonl_there(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["export", "--output", "-", "--suite", "kakeya", "--model-inputs-only"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines and all(set(json.loads(line)) == {"call_id", "instance_id", "system", "prompt"} for line in lines)
    assert not (tmp_path / "-").exists()


# ---- a closed pipe ---------------------------------------------------------------------------------

def test_verify_into_a_closed_pipe_keeps_the_reject_exit_code(tmp_path):
    """``verify ... | head -1``: the reader is gone before the verdict is printed; REJECT still exits 1."""
    bad = tmp_path / "bad.json"
    bad.write_text('["0000", "1111", "2222"]')
    read, write = os.pipe()
    os.close(read)                    # every write of the child fails with EPIPE
    try:
        proc = subprocess.run([str(EXE), "verify", "--family", "capset", "--params", '{"d": 4}', str(bad)],
                              stdout=write, stderr=subprocess.PIPE, text=True, timeout=300)
    finally:
        os.close(write)
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr and "Exception ignored" not in proc.stderr


# ---- typos and empty selections ----------------------------------------------------------------------

def test_audit_with_a_misspelt_family_says_did_you_mean(capsys):
    assert cli.main(["audit", "--family", "capsett"]) == 2
    assert "did you mean 'capset'" in capsys.readouterr().err


def test_score_only_a_call_without_an_answer_warns_and_fails(tmp_path, capsys):
    answers = _answers(tmp_path)
    code = cli.main(["score", str(answers), "--output", str(tmp_path / "s.json"), "--only", "a3-schur-1"])
    err = capsys.readouterr().err
    assert code == 2
    assert "--only a3-schur-1: the answers file has no answer for it" in err and "no answer was scored" in err


def test_score_only_one_answered_and_one_unanswered_call_warns_and_fails(tmp_path, capsys):
    answers = _answers(tmp_path)
    code = cli.main(["score", str(answers), "--output", str(tmp_path / "s.json"), "--only", "a3-capset-11",
                     "a3-schur-1"])
    captured = capsys.readouterr()
    assert code == 2 and "subset_score" in captured.out
    assert "--only a3-schur-1: the answers file has no answer for it" in captured.err


def test_an_empty_answers_file_with_allow_partial_warns_and_fails(tmp_path, capsys):
    answers = _answers(tmp_path, "")
    assert cli.main(["score", str(answers), "--output", str(tmp_path / "s.json"), "--allow-partial"]) == 2
    captured = capsys.readouterr()
    assert "no answer was scored" in captured.err and "n/a" not in captured.out


# ---- a truncated answer --------------------------------------------------------------------------------

def test_a_truncated_json_answer_is_json_syntax_with_line_and_column(tmp_path, capsys):
    path = tmp_path / "answer.json"
    path.write_text('{"answer": [1, 2,')
    assert cli.main(["verify", "--family", "schur", "--params", '{"k": 2}', str(path), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["reason"] == "JSON_SYNTAX" and "line 1 column 18" in out["message"], out


# ---- resume messages ---------------------------------------------------------------------------------

def test_restart_does_not_claim_identical_answers_do_not_belong(tmp_path, capsys):
    answers, out = _answers(tmp_path), tmp_path / "s.json"
    assert cli.main(["score", str(answers), "--output", str(out), "--allow-partial"]) == 0
    capsys.readouterr()
    assert cli.main(["score", str(answers), "--output", str(out), "--allow-partial", "--restart"]) == 0
    err = capsys.readouterr().err
    assert "does not belong" not in err and "(--restart)" in err


def test_a_full_resume_prints_no_rate_and_zero_is_counted_apart_from_reject():
    bar = score.Bar(total=40, done=40, enabled=False)
    assert "/s" not in bar.text()                       # nothing was verified: no rate at all
    bar = score.Bar(total=3, done=0, enabled=False)
    for status in ("ZERO", "REJECT", "ACCEPT"):
        bar.step(SimpleNamespace(status=status, outcome="zero" if status != "ACCEPT" else "scored"))
    assert bar.counts["ZERO"] == 1 and bar.counts["REJECT"] == 1 and bar.counts["ACCEPT"] == 1
    assert "ZERO 1" in bar.text()


# ---- report's inputs -----------------------------------------------------------------------------------

def test_report_on_a_missing_file_or_an_answers_file_says_what_it_expected(tmp_path, capsys):
    assert cli.main(["report", str(tmp_path / "nope.json")]) == 2
    err = capsys.readouterr().err
    assert "no such file" in err and "scores.json written by 'endless-exam score" in err and "Errno" not in err
    assert cli.main(["report", str(ROOT / "fixtures" / "examples" / "answers.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "looks like an answers file" in err and "score it first" in err and "Extra data" not in err


# ---- audit ---------------------------------------------------------------------------------------------

def test_audit_ends_with_a_summary_of_covered_and_holding_instances(capsys):
    assert cli.main(["audit", "--family", "labs", "--suite", "bench-v1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("5 of 5 suite instances covered by a bundled construction; 5 of 5 hold")
    rows = [line for line in lines if line.startswith("a3-labs-")]
    assert rows and len({line.index("ACCEPT/ACCEPT") for line in rows}) == 1     # one column, aligned


def test_audit_table_stays_aligned_for_long_fractions_and_40_digit_objectives():
    row = {"call_id": "a3-x-1", "params": {"n": 1}, "objective": "1" * 40, "reference": "123456789/987654321987",
           "ratio": 1.5, "status": "ACCEPT", "verifiers": "ACCEPT/ACCEPT", "primary_seconds": 0.1,
           "second_seconds": 0.2, "construction": "x/a.json", "formal": None, "claimed_objective": "1" * 40,
           "reason": None}
    short = dict(row, call_id="a3-x-2", objective="7", reference="3", construction="x/b.json", claimed_objective="7")
    text = audit_table.plain(audit_table.cells([row, short], []))
    lines = text.splitlines()
    assert "1" * 40 in lines[1] and "123456789/987654321987" in lines[1]          # nothing truncated
    assert len({line.index("ACCEPT/ACCEPT") for line in lines[1:]}) == 1
    assert len({line.index("x/") for line in lines[1:]}) == 1


def test_audit_shows_progress_on_a_terminal(capsys):
    progress = audit_table.Progress(2, enabled=True)
    progress.start("labs/n240.json")
    progress.step()
    progress.close()
    assert "audit [1/2] labs/n240.json" in capsys.readouterr().err
    quiet = audit_table.Progress(2, enabled=False)
    quiet.start("labs/n240.json")
    assert capsys.readouterr().err == ""


# ---- --jobs ------------------------------------------------------------------------------------------

def test_jobs_defaults_to_the_cpus_available_to_the_process(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 3, 5})
    assert common.available_cpus() == 3
    seen = {}

    def fake_run(*args, **kwargs):
        seen.update(kwargs)
        raise score.ScoreError("stop here")

    monkeypatch.setattr(score, "run", fake_run)
    assert cli.main(["score", str(_answers(tmp_path)), "--output", str(tmp_path / "s.json")]) == 2
    assert seen["jobs"] == 3
    assert cli.main(["score", str(_answers(tmp_path)), "--output", str(tmp_path / "s.json"), "--jobs", "1"]) == 2
    assert seen["jobs"] == 1


# ---- the documented verify --json keys (docs/cli.md) ---------------------------------------------------------------------

def test_the_readme_lists_exactly_the_keys_of_verify_json(capsys):
    import re

    readme = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    start = readme.index("With `--json` it prints one object:")
    paragraph = readme[start:readme.index("`ratio_exact`.", start)] + "`ratio_exact`."
    listed = set(re.findall(r"`([a-z_]+)`", paragraph))
    answer = ROOT / "fixtures" / "constructions" / "capset" / "d6.json"       # s1-capset-0
    assert cli.main(["verify", str(answer), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["reference"] is not None                     # a suite instance: every optional key is there
    assert listed == set(out) | set(out["primary"]), (listed ^ (set(out) | set(out["primary"])))
    assert set(out["primary"]) == set(out["second"])
