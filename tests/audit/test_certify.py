"""``endless-exam certify``: dossiers of one construction, their re-check and their markdown."""
from __future__ import annotations

import json
from pathlib import Path

from endless_exam.checker import cli
from endless_exam.checker.audit import dossier

ROOT = Path(__file__).resolve().parents[2]
D6 = ROOT / "fixtures" / "constructions" / "capset" / "d6.json"


def test_a_dossier_records_what_decided_and_is_confirmed_by_a_recheck(tmp_path, capsys):
    out, md = tmp_path / "d.json", tmp_path / "d.md"
    code = cli.main(["certify", str(D6), "--instance", "s1-capset-0", "--output", str(out), "--markdown", str(md)])
    assert code == 0
    doc = json.loads(out.read_text())
    assert doc["kind"] == dossier.KIND and doc["status"] == "ACCEPT" and doc["objective"] == "112"
    assert doc["primary_objective"] == doc["second_objective"] == "112" and doc["ratio"] == "1"
    assert doc["formal"] == "agree" and doc["record_candidate"] is False and doc["beyond_proven_bound"] is False
    assert doc["margin_over_literature"] == "0" and doc["citation"]
    assert "numpy" in doc["libraries"]["primary"] and "python-flint" not in doc["libraries"]["second"]
    assert doc["answer_bytes"] == D6.stat().st_size and len(doc["answer_sha256"]) == 64
    assert doc["reproduce"].startswith("endless-exam certify ")
    assert "| verdict | ACCEPT, objective 112 |" in md.read_text()
    capsys.readouterr()
    assert cli.main(["certify", "--check", str(out), str(D6)]) == 0
    assert "dossier confirmed" in capsys.readouterr().out


def test_a_recheck_of_another_file_is_not_confirmed(tmp_path, capsys):
    out = tmp_path / "d.json"
    assert cli.main(["certify", str(D6), "--output", str(out), "--no-formal"]) == 0
    other = tmp_path / "other.json"
    doc = json.loads(D6.read_text())
    other.write_text(json.dumps({"answer": doc["answer"][:-1]}))
    capsys.readouterr()
    assert cli.main(["certify", "--check", str(out), str(other)]) == 1
    text = capsys.readouterr().out
    assert "NOT confirmed" in text and "objective" in text and "answer_sha256" in text


def test_rejected_answers_usage_errors_and_record_candidates(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('["0000", "1111", "2222"]')
    out = tmp_path / "d.json"
    assert cli.main(["certify", str(bad), "--family", "capset", "--params", '{"d": 4}', "--output", str(out)]) == 1
    doc = json.loads(out.read_text())
    assert doc["status"] == "REJECT" and doc["witness"] and doc["record_candidate"] is False
    assert cli.main(["certify", str(bad), "--family", "capset", "--params", '{"d": 4}']) == 2        # no --output
    assert cli.main(["certify", str(bad), "--family", "capset", "--params", '{"d": 4}', "--output", str(tmp_path)]) == 2
    assert cli.main(["certify", str(bad), "--family", "capset", "--params", '{"d": 4}', "--output", str(bad)]) == 2
    assert cli.main(["certify", "--check", str(bad), str(bad)]) == 2                                 # not a dossier
    capsys.readouterr()
    # a value above a published reference is a record candidate (the reference is what the suite records)
    from endless_exam.checker.suites import instances as suites
    from endless_exam.checker.audit.dossier import _against_suite
    from endless_exam.checker.verify.harness import Combined
    from endless_exam.certificates.verdict import Status, Verdict
    inst = suites.find("a3-capset-11")
    v = Verdict(Status.ACCEPT, objective=inst.reference + 1)
    fake = Combined(Status.ACCEPT, inst.reference + 1, None, "", None, v, v, 0.0, 0.0)
    info = _against_suite(inst, fake)
    assert info["record_candidate"] is True and info["margin_over_literature"] == "1"
    v = Verdict(Status.ACCEPT, objective=inst.bound + 1)
    fake = Combined(Status.ACCEPT, inst.bound + 1, None, "", None, v, v, 0.0, 0.0)
    assert _against_suite(inst, fake)["beyond_proven_bound"] is True


def test_certify_outputs_are_checked_before_any_work_and_never_overwrite_each_other(tmp_path, capsys, monkeypatch):
    """Reproduction (issue 16, item 5): ``certify --output d.json --markdown d.json`` exited 0 with the
    dossier replaced by markdown, and a bad ``--markdown`` path was refused only after the dossier was
    written. Both outputs are now checked, against the answer and each other, before anything is verified."""
    import os

    answer = tmp_path / "cap.json"
    answer.write_bytes(D6.read_bytes())
    out = tmp_path / "d.json"
    monkeypatch.setattr(dossier, "build", lambda *a, **k: (_ for _ in ()).throw(AssertionError("work started")))
    assert cli.main(["certify", str(answer), "--output", str(out), "--markdown", str(out)]) == 2
    assert "same file" in capsys.readouterr().err and not out.exists()
    assert cli.main(["certify", str(answer), "--output", str(out), "--markdown", str(tmp_path / "no" / "d.md")]) == 2
    assert not out.exists()
    (tmp_path / "link.md").symlink_to(answer)
    assert cli.main(["certify", str(answer), "--output", str(out), "--markdown", str(tmp_path / "link.md")]) == 2
    os.mkfifo(tmp_path / "fifo")
    assert cli.main(["certify", str(answer), "--output", str(tmp_path / "fifo")]) == 2
    assert answer.read_bytes() == D6.read_bytes() and not out.exists()


def test_sigint_to_certify_stops_every_process_and_exits_130(tmp_path):
    """Reproduction (issue 16, item 6): as for ``verify``, SIGINT left ``certify`` and its verifiers running
    until the time limit. It exits 130 with no process left and no dossier written."""
    from tests.cli.test_cli import interrupt_while_verifying
    from tests.scoring.test_score_ray import _wait_gone

    out = tmp_path / "d.json"
    d12 = ROOT / "fixtures" / "constructions" / "capset" / "d12.json"
    done, started = interrupt_while_verifying(["certify", str(d12), "--output", str(out), "--time-limit", "3600"])
    assert done.returncode == 130 and "interrupted" in done.stderr, done.stderr
    assert not _wait_gone(started, within=5.0) and not out.exists()
