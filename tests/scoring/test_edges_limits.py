"""Issue 29, cases 3, 5, 6 and 7: bounded numbers, validated suites, no zero made from outside, and no score
that is "n/a" with exit 0.

Tests never assert on time: an over-long number is refused by its digit count (checked before any
conversion), which the tests show by the refusal itself.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from fractions import Fraction
from pathlib import Path

import pytest

from endless_exam.certificates.verdict import MAX_EXACT_DIGITS, exact_from_text, objective_from_str, objective_to_str
from endless_exam.checker import cli
from endless_exam.checker.suites import instances as suites

ROOT = Path(__file__).resolve().parents[2]
EXE = Path(sys.executable).parent / "endless-exam"
SUITE = ROOT / "fixtures" / "suites" / "kakeya.json"


# ---- case 5: exact numbers with a digit limit, never through decimal ------------------------------------------

def test_a_million_digit_objective_is_refused_by_its_length():
    with pytest.raises(ValueError, match="digits, over the limit"):
        objective_from_str("7" * 1_000_000)
    with pytest.raises(ValueError, match="digits, over the limit"):
        objective_from_str("1/" + "3" * (MAX_EXACT_DIGITS + 1))


def test_numbers_at_the_limit_round_trip_exactly():
    big = 10 ** MAX_EXACT_DIGITS - 1          # MAX_EXACT_DIGITS nines
    assert objective_from_str(objective_to_str(big)) == big
    frac = Fraction(3 ** 20000 + 1, 7 ** 11000)
    assert objective_from_str(objective_to_str(frac)) == frac
    assert objective_from_str("-42") == -42 and objective_from_str("6/4") == Fraction(3, 2)


@pytest.mark.parametrize("text", ["1e9999999999", "1e3", " 5", "5 ", "1_000", "+5", "--5", "5/-3", "", "-",
                                  "0x10", "١٢", "1.5", "inf", "nan"])
def test_only_plain_exact_text_is_a_number(text):
    with pytest.raises((ValueError, ZeroDivisionError)):
        objective_from_str(text)


def test_decimals_where_allowed_are_exact():
    assert exact_from_text("12.32", decimal=True) == Fraction(1232, 100)
    assert exact_from_text("-0.5", decimal=True) == Fraction(-1, 2)
    for bad in ("12.", ".5", "1.2.3", "1e2"):
        with pytest.raises(ValueError):
            exact_from_text(bad, decimal=True)


def test_report_refuses_a_scores_row_with_a_million_digit_objective(tmp_path, capsys):
    """Case 5 at the command: the row reader (also progress rows) refuses the number with a clipped message."""

    answers = tmp_path / "answers.jsonl"
    answers.write_text("".join(json.dumps({"call_id": i.call_id, "finish_reason": "length"}) + "\n"
                               for i in suites.load("kakeya")))
    out = tmp_path / "scores.json"
    assert cli.main(["score", str(answers), "--suite", "kakeya", "--output", str(out)]) == 0
    doc = json.loads(out.read_text())
    doc["calls_scored"][0]["objective"] = "9" * 1_000_000
    out.write_text(json.dumps(doc))
    capsys.readouterr()
    assert cli.main(["report", str(out)]) == 2
    err = capsys.readouterr().err
    assert "digits" in err and len(err) < 5000         # named, and clipped (a 400 KB message before)


# ---- case 6: hostile suite files ------------------------------------------------------------------------------

def _suite_with(tmp_path: Path, **fields) -> str:
    doc = json.loads(SUITE.read_text())
    doc["instances"][0].update(fields)
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(doc))
    return str(path)


@pytest.mark.parametrize("fields, words", [
    ({"reference": "1e9999999999"}, "not an exact number"),
    ({"reference": "1e1000000"}, "not an exact number"),
    ({"reference": "0"}, "must be positive"),
    ({"reference": "-7"}, "must be positive"),
    ({"reference": True}, "must be an exact number as a string"),
    ({"reference": 703.0}, "must be an exact number as a string"),
    ({"reference": "9" * (MAX_EXACT_DIGITS + 1)}, "not an exact number"),
    ({"reference_type": "folklore"}, "unknown reference_type"),
    ({"bound": "0"}, "must be positive"),
])
def test_a_hostile_suite_is_a_usage_error_when_it_loads(tmp_path, capsys, fields, words):
    """Case 6: each of these hung, was an internal error after verifying every call, or loaded (true as 1)."""
    path = _suite_with(tmp_path, **fields)
    with pytest.raises(suites.SuiteDataError, match=words):
        suites.load_file(path)
    for argv in (["instances", "--suite", path], ["export", "--suite", path, "--output", str(tmp_path / "p.jsonl")],
                 ["score", "-", "--suite", path, "--output", str(tmp_path / "s.json")]):
        with pytest.raises(SystemExit) as exc:      # argparse's usage error: exit 2, nothing run
            cli.build_parser().parse_args(argv)
        assert exc.value.code == 2
        assert words.split()[0] in capsys.readouterr().err
    assert not (tmp_path / "p.jsonl").exists() and not (tmp_path / "s.json").exists()


def test_a_fifo_suite_is_refused_without_opening_it_for_a_blocking_read(tmp_path, capsys):
    fifo = tmp_path / "suite.json"
    os.mkfifo(fifo)
    assert cli.main(["instances", "--suite", str(fifo)]) == 2
    assert "not a regular file" in capsys.readouterr().err


def test_a_valid_suite_file_still_loads(tmp_path):
    path = _suite_with(tmp_path, bound="12.32")
    assert suites.load_file(path)[0].bound == Fraction(1232, 100)


# ---- case 7: nothing scored is an error ------------------------------------------------------------------------

def test_score_where_every_call_is_an_infrastructure_failure_exits_2(tmp_path, capsys):
    """Case 7: ``--allow-partial`` with every call failed for infrastructure reasons printed n/a, exit 0."""
    from endless_exam.checker.scoring.answers import INFRASTRUCTURE

    reason = sorted(INFRASTRUCTURE)[0]
    answers = tmp_path / "answers.jsonl"
    answers.write_text("".join(json.dumps({"call_id": i.call_id, "error": reason, "answer": []}) + "\n"
                               for i in suites.load("kakeya")[:2]))
    out = tmp_path / "scores.json"
    code = cli.main(["score", str(answers), "--suite", "kakeya", "--output", str(out), "--allow-partial"])
    captured = capsys.readouterr()
    assert code == 2, captured.err
    assert "no call was scored" in captured.err
    assert out.exists()           # the per-call results are kept


def test_score_of_a_suite_with_two_calls_on_one_instance_is_never_n_a_with_exit_0(tmp_path, capsys):
    """Case 7, the other way: a suite file where two calls name one instance."""
    doc = json.loads(SUITE.read_text())
    first = doc["instances"][0]
    twin = dict(first, seed=first["seed"] + 100, call_id=suites.call_id(first["tier"], first["family"],
                                                                        first["seed"] + 100))
    doc["instances"] = [first, twin]
    path = tmp_path / "twins.json"
    path.write_text(json.dumps(doc))
    answers = tmp_path / "answers.jsonl"
    answers.write_text("".join(json.dumps({"call_id": c["call_id"], "finish_reason": "length"}) + "\n"
                               for c in doc["instances"]))
    code = cli.main(["score", str(answers), "--suite", str(path), "--output", str(tmp_path / "s.json")])
    out = capsys.readouterr()
    assert code == 2, out
    assert "n/a" not in out.out or code == 2


# ---- case 3: no verdict from outside interference --------------------------------------------------------------

def _limited(as_bytes: int | None = None, cpu: int | None = None):
    def apply():
        import resource
        if as_bytes is not None:
            resource.setrlimit(resource.RLIMIT_AS, (as_bytes, as_bytes))
        if cpu is not None:
            resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))
    return apply


@pytest.mark.parametrize("command", ["verify", "score", "certify"])
def test_an_outer_memory_limit_tighter_than_asked_is_refused_up_front(tmp_path, command):
    """Case 3: under ``ulimit -v 600000`` a valid answer became LIMIT and a zero, which a resume reused."""
    answer = tmp_path / "a.json"
    answer.write_text('["0000"]')
    argv = {"verify": ["verify", "--family", "capset", "--params", '{"d": 4}', str(answer)],
            "score": ["score", str(answer), "--suite", "kakeya", "--output", str(tmp_path / "s.json")],
            "certify": ["certify", str(answer), "--family", "capset", "--params", '{"d": 4}',
                        "--output", str(tmp_path / "d.json")]}[command]
    proc = subprocess.run([str(EXE), *argv], capture_output=True, text=True, timeout=300,
                          preexec_fn=_limited(as_bytes=3 * 1024 ** 3))
    assert proc.returncode == 2
    assert "outer memory limit" in proc.stderr
    assert not (tmp_path / "s.json").exists() and not (tmp_path / "d.json").exists()


def test_an_outer_cpu_limit_tighter_than_asked_is_refused_and_a_looser_one_runs(tmp_path):
    answer = tmp_path / "a.json"
    answer.write_text('["0000", "1111", "2222"]')
    argv = [str(EXE), "verify", "--family", "capset", "--params", '{"d": 4}', str(answer)]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=300, preexec_fn=_limited(cpu=20))
    assert proc.returncode == 2 and "outer CPU-time limit" in proc.stderr
    proc = subprocess.run([*argv, "--time-limit", "10"], capture_output=True, text=True, timeout=300,
                          preexec_fn=_limited(cpu=60))
    assert proc.returncode == 1, proc.stderr        # the answer's own verdict (REJECT), under a looser limit


def test_the_harness_answers_error_never_limit_under_a_tighter_outer_limit(tmp_path):
    """Variant: a library caller (harness.verify, not the command line) gets ERROR (missing), never LIMIT."""
    code = ("import json\n"
            "from endless_exam.checker.verify import harness\n"
            "r = harness.verify('capset', {'d': 4}, b'[\"0000\"]', 'file', time_limit=5, memory_limit=4 << 30)\n"
            "print(json.dumps([r.status.value, r.primary.status.value, r.primary.message]))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          preexec_fn=_limited(as_bytes=3 * 1024 ** 3))
    status, primary, message = json.loads(proc.stdout.strip().splitlines()[-1])
    assert status == "ERROR" and primary == "ERROR" and "outer memory limit" in message


def _helper(name: str):
    from endless_exam.checker.verify import harness

    return harness.Worker(f"tests.helpers.{name}", (str(ROOT),))


@pytest.fixture
def _stop_helper_zygotes():
    from endless_exam.checker.verify import harness

    yield
    harness.shutdown(keep=lambda w: not w.sys_path)


def _start_stopped_worker(tmp_path, monkeypatch, time_limit: float):
    """Run the ``stopped_worker`` helper through ``harness.run_worker`` in a thread (it sleeps 1 s, then
    answers); returns the thread, the worker's pid once it has written it, and the dict that receives
    ``run_worker``'s result under "out"."""
    from endless_exam.checker.verify import harness

    pidfile = tmp_path / "pid"
    monkeypatch.setenv("EE_TEST_PIDFILE", str(pidfile))
    monkeypatch.setenv("EE_TEST_SLEEP", "1.0")
    header = {"op": "check", "family": "capset", "params": {"d": 3}, "kind": "file"}
    result: dict = {}
    t = threading.Thread(target=lambda: result.update(
        out=harness.run_worker(_helper("stopped_worker"), header, b"[]", time_limit, 1 << 30)))
    t.start()
    for _ in range(600):
        if pidfile.exists():
            break
        time.sleep(0.1)
    return t, int(pidfile.read_text().split()[0]), result


def test_a_verifier_stopped_past_its_time_limit_gets_its_time_back(tmp_path, monkeypatch, _stop_helper_zygotes):
    """Case 3: SIGSTOP of a verifier held longer than the time limit made a TIMEOUT. The stopped time is
    given back: the verifier, continued, finishes and its own result stands."""
    t, pid, result = _start_stopped_worker(tmp_path, monkeypatch, 3.0)
    os.kill(pid, signal.SIGSTOP)
    time.sleep(6.0)                       # twice the time limit, stopped
    os.kill(pid, signal.SIGCONT)
    t.join(120)
    parsed, failure, _seconds = result["out"]
    assert failure is None, failure
    assert parsed == {"done": True}


def test_a_verifier_stopped_for_too_long_is_an_error_never_a_timeout(tmp_path, monkeypatch, _stop_helper_zygotes):
    from endless_exam.certificates.verdict import Status
    from endless_exam.checker.verify import harness

    monkeypatch.setattr(harness, "MAX_STOPPED_S", 2.0)
    t, pid, result = _start_stopped_worker(tmp_path, monkeypatch, 30.0)
    os.kill(pid, signal.SIGSTOP)
    t.join(120)
    try:
        os.kill(pid, signal.SIGCONT)
    except ProcessLookupError:
        pass
    _parsed, failure, _seconds = result["out"]
    assert failure is not None and failure.status is Status.ERROR, failure
    assert "stopped" in failure.message


def test_a_scorer_stopped_with_ctrl_z_past_the_time_limit_keeps_the_verifiers_result(tmp_path):
    """Case 3 (Ctrl-Z): the command and its verifier are stopped together for longer than the time limit
    (the terminal stops the whole job) and continued together: the harness, stopped too, never saw the
    verifier in state T, so it is its own late wake-up that gives the time back; the verifier's result stands,
    never a TIMEOUT."""
    pidfile = tmp_path / "pid"
    code = ("import json, sys\n"
            f"sys.path.insert(0, {str(ROOT)!r})\n"
            "from endless_exam.checker.verify import harness\n"
            "w = harness.Worker('tests.helpers.stopped_worker', (sys.path[0],))\n"
            "h = {'op': 'check', 'family': 'capset', 'params': {'d': 3}, 'kind': 'file'}\n"
            "parsed, failure, seconds = harness.run_worker(w, h, b'[]', 3.0, 1 << 30)\n"
            "print(json.dumps([parsed, None if failure is None else failure.status.value]))\n")
    env = {**os.environ, "EE_TEST_PIDFILE": str(pidfile), "EE_TEST_SLEEP": "1.0"}
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, env=env)
    try:
        for _ in range(1200):
            if pidfile.exists():
                break
            time.sleep(0.1)
        assert pidfile.exists()
        worker = int(pidfile.read_text().split()[0])
        os.kill(proc.pid, signal.SIGSTOP)       # Ctrl-Z: the command ...
        os.kill(worker, signal.SIGSTOP)         # ... and its verifier
        time.sleep(6.0)                         # twice the time limit
        os.kill(worker, signal.SIGCONT)         # fg
        os.kill(proc.pid, signal.SIGCONT)
        out, _ = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            proc.kill()
    parsed, failure = json.loads(out.strip().splitlines()[-1])
    assert failure is None and parsed == {"done": True}
