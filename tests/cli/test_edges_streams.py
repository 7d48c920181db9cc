"""Issue 29, cases 2 and 4: exit codes that cannot lie, and results written whatever the standard streams.

A closed standard output (the reader of a pipe gone, or a stream closed at start) used to turn a failing
``audit --witnesses`` or ``certify --check`` into exit 0 (``BrokenPipeError`` mapped to success), and a
``score`` with a closed standard error (``2>&1 | head``) verified every call, never wrote scores.json and
exited 1. Now the streams are guarded (checker/files/streams.py): the command runs to its end, writes its
results and exits with its own code.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from endless_exam.checker.suites import instances as suites

EXE = Path(sys.executable).parent / "endless-exam"


def _run_into_a_closed_pipe(argv: list[str], *, stderr_too: bool = False, cwd=None,
                            unbuffered: bool = False) -> subprocess.CompletedProcess:
    """Run with standard output (and with ``stderr_too`` standard error) a pipe whose reader is gone. The
    streams are buffered, as in a user's shell, unless ``unbuffered`` (``PYTHONUNBUFFERED``, which a test
    runner's environment may set: with it, output still buffered at the end never met the closed pipe, and
    exit status 120 went unseen)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run([str(EXE), *argv], stdout=write, stderr=write if stderr_too else subprocess.PIPE,
                              stdin=subprocess.DEVNULL, timeout=600, cwd=cwd, env=env)
    finally:
        os.close(write)


def _failing_witness_dir(tmp_path: Path) -> Path:
    directory = tmp_path / "witnesses"
    directory.mkdir()
    record = {"instance_id": "x", "family": "capset", "params": {"d": 4}, "reference": "20",
              "reference_type": "construction", "witness": "missing.json", "sha256": "0" * 64}
    (directory / "index.json").write_text(json.dumps({"version": "1", "records": [record] * 30}))
    return directory


def test_a_failing_witness_audit_into_a_closed_pipe_exits_1(tmp_path):
    """Case 2: ``audit --witnesses`` with a failing witness and a closed stdout exited 0."""
    proc = _run_into_a_closed_pipe(["audit", "--witnesses", str(_failing_witness_dir(tmp_path))])
    assert proc.returncode == 1, proc.stderr
    assert b"Traceback" not in proc.stderr


def test_a_failing_witness_audit_with_both_streams_closed_at_start_exits_1(tmp_path):
    """Variant: standard output and error closed at start (``>&- 2>&-``), and --json."""
    directory = _failing_witness_dir(tmp_path)
    proc = subprocess.run(["bash", "-c", f"'{EXE}' audit --json --witnesses '{directory}' >&- 2>&-"],
                          capture_output=True, timeout=600)
    assert proc.returncode == 1


@pytest.mark.parametrize("unbuffered", [False, True])
def test_a_failing_dossier_check_into_a_closed_pipe_exits_1(tmp_path, unbuffered):
    """Case 2: ``certify --check`` that finds differences, stdout a closed pipe: exit 1, never 0 (nor 120,
    the interpreter's status when its final flush fails)."""
    answer = tmp_path / "cap.json"
    answer.write_text('["0000", "1111", "2222"]')
    dossier = tmp_path / "dossier.json"
    dossier.write_text(json.dumps({"kind": "endless-exam-dossier", "family": "capset", "params": {"d": 4},
                                   "status": "ACCEPT", "objective": "3"}))
    proc = _run_into_a_closed_pipe(["certify", str(answer), "--check", str(dossier)], stderr_too=True,
                                   unbuffered=unbuffered)
    assert proc.returncode == 1


def _length_answers(tmp_path: Path, suite: str) -> Path:
    answers = tmp_path / "answers.jsonl"
    answers.write_text("".join(json.dumps({"call_id": i.call_id, "finish_reason": "length"}) + "\n"
                               for i in suites.load(suite)))
    return answers


def test_score_with_a_closed_standard_error_still_writes_scores(tmp_path):
    """Case 4: ``score ... 2>&1 | head``: scores.json is written and the exit code is the run's own."""
    answers = _length_answers(tmp_path, "kakeya")
    out = tmp_path / "scores.json"
    proc = _run_into_a_closed_pipe(["score", str(answers), "--suite", "kakeya", "--output", str(out)],
                                   stderr_too=True)
    assert out.exists()
    doc = json.loads(out.read_text())
    assert doc["complete"] is True and doc["score"] == 0.0
    assert proc.returncode == 0


def test_score_with_pipefail_and_head_keeps_its_exit_code(tmp_path):
    """Variant: the shell form of the report, ``set -o pipefail; score ... 2>&1 | head -1``, on a run that
    must fail (an incomplete run without --allow-partial exits 2): never 0, whenever head leaves."""
    answers = _length_answers(tmp_path, "kakeya")
    lines = answers.read_text().splitlines()
    answers.write_text("\n".join(lines[:-1]) + "\n")        # one call unanswered
    out = tmp_path / "scores.json"
    for _ in range(3):
        proc = subprocess.run(["bash", "-o", "pipefail", "-c",
                               f"'{EXE}' score '{answers}' --suite kakeya --output '{out}' 2>&1 | head -1"],
                              capture_output=True, timeout=600)
        assert proc.returncode == 2


def test_in_process_streams_are_restored(capsys):
    """``cli.main`` puts guarded streams in front of stdout/stderr only while a command runs."""
    from endless_exam.checker import cli

    before = (sys.stdout, sys.stderr)
    assert cli.main(["instances", "--suite", "kakeya"]) == 0
    assert (sys.stdout, sys.stderr) == before
    assert "k1-kakeya-0" in capsys.readouterr().out


def test_the_guard_drops_a_broken_pipe_and_remembers_it():
    from endless_exam.checker.files.streams import Guarded

    class Broken:
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self):
            raise BrokenPipeError(32, "Broken pipe")

    g = Guarded(Broken(), "stdout")
    assert g.write("x") == 1 and g.broken
    g.flush()
    closed = Guarded(None, "stdout")
    assert closed.broken and closed.write("abc") == 3

    class Full:
        def write(self, text):
            raise OSError(28, "No space left on device")

    with pytest.raises(OSError):      # only a lost reader is swallowed, never another write error
        Guarded(Full(), "stdout").write("x")
