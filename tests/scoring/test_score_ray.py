"""``score --backend ray`` (checker.scoring.score_ray): a distributed run is a local run, call by call.

A local Ray instance (``ray.init(num_cpus=2)``, started once for this module and shut down at the end,
with a check that none of its processes, nor any zygote its workers started, is left behind) runs real
verifications of a small answers set (the README's example answers plus a witness rejection, a format
rejection, a strictness rejection and an infrastructure record) and the results are compared with a
local run: per call verdict, objective, reason and both verifiers' verdicts; scores.json equal apart
from timing fields; the progress header equal. Resume works across backends in both directions, also for
a run with several samples per call. A Ray
task whose worker dies or raises is an infrastructure ERROR row (missing, redone on resume), a worker
with other checker code stops the run, an interrupt cancels the tasks in flight. Skipped, with the
reason, when ray is not installed; the error a user then gets is tested without ray.
"""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from endless_exam.checker import cli
from endless_exam.checker.scoring import score
from endless_exam.checker.scoring import score_ray
from endless_exam.checker.suites import instances as suites

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "fixtures" / "examples" / "answers.jsonl"
BENCH = suites.load("bench-v1")
EXTRA = [
    '{"call_id": "a3-capset-0", "answer": ["0000000000", "1111111111", "2222222222"]}',   # a line: witness
    '{"call_id": "a3-labs-4", "answer": [1, 1]}',                                          # FORMAT_SHAPE
    '{"call_id": "a3-mols-1", "answer": [NaN]}',                                           # JSON_NONFINITE
    '{"call_id": "a3-heilbronn-1", "error": "rate_limit"}',                                # infrastructure
]


def _answers(tmp_path: Path) -> str:
    path = tmp_path / "answers.jsonl"
    path.write_text(EXAMPLES.read_text() + "".join(line + "\n" for line in EXTRA))
    return str(path)


def _score(answers: str, output: Path, backend: str, **kwargs) -> dict:
    logs: list[str] = []
    doc = score.run(answers, str(output), BENCH, suite="bench-v1", allow_partial=True, backend=backend,
                    log=logs.append, **kwargs)
    doc["_log"] = logs
    return doc


def _untimed(value):
    if isinstance(value, dict):
        return {k: _untimed(v) for k, v in value.items() if k not in ("seconds", "_log")}
    if isinstance(value, list):
        return [_untimed(v) for v in value]
    return value


def _calls(doc: dict) -> dict:
    return {r["call_id"]: (r["status"], r["outcome"], r["objective"], r["reason"], r["ratio_exact"],
                           tuple((r[n]["status"], r[n]["objective"], r[n]["reason"]) for n in ("primary", "second")
                                 if n in r), tuple(c["holds"] for c in r.get("witness_checks", [])))
            for r in doc["calls_scored"]}


def _progress(output: Path) -> tuple[dict, list[dict]]:
    lines = Path(f"{output}.progress.jsonl").read_text().splitlines()
    return json.loads(lines[0]), [json.loads(line) for line in lines[1:]]


def _cut_progress(output: Path, keep: int) -> int:
    """Leave the header and the first ``keep`` rows, as a run stopped after them would; return how many of
    those a resumed run may reuse (missing rows are always redone, and so are record claims)."""
    from endless_exam.checker.scoring.reverify import must_reverify

    path = Path(f"{output}.progress.jsonl")
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:1 + keep]))
    rows = [json.loads(line) for line in lines[1:1 + keep]]
    return sum(r["outcome"] in ("scored", "zero") and not must_reverify(r) for r in rows)


# ---- without ray ------------------------------------------------------------------------------------

def test_without_ray_the_backend_is_a_clear_usage_error(tmp_path, capsys, monkeypatch):
    real = score_ray.importlib.util.find_spec
    monkeypatch.setattr(score_ray.importlib.util, "find_spec", lambda name, *a: None if name == "ray" else real(name, *a))
    out = tmp_path / "s.json"
    code = cli.main(["score", _answers(tmp_path), "--output", str(out), "--allow-partial", "--backend", "ray"])
    _, err = capsys.readouterr()
    assert code == 2
    assert err.strip() == ("endless-exam: error: the ray backend needs the ray package, which is not installed: "
                           "pip install 'endless-exam-checker[ray]' (or use --backend local)")
    assert not out.exists() and not Path(f"{out}.progress.jsonl").exists()


@pytest.mark.parametrize("argv, message", [
    (["--ray-address", "auto"], "--ray-address needs --backend ray"),
    (["--backend", "ray", "--jobs", "0"], "--jobs must be between 1 and 4096 with --backend ray, got 0"),
    (["--backend", "ray", "--jobs", "4097"], "--jobs must be between 1 and 4096 with --backend ray, got 4097"),
    (["--jobs", "65"], "--jobs must be between 1 and 64, got 65"),
])
def test_backend_usage_errors(tmp_path, capsys, argv, message):
    out = tmp_path / "s.json"
    code = cli.main(["score", _answers(tmp_path), "--output", str(out), "--allow-partial", *argv])
    _, err = capsys.readouterr()
    assert code == 2 and err.strip() == f"endless-exam: error: {message}"
    assert not out.exists()


def test_an_unknown_backend_is_refused(tmp_path):
    with pytest.raises(ValueError, match="unknown backend"):
        _score(_answers(tmp_path), tmp_path / "s.json", "dask")


# ---- a local Ray instance --------------------------------------------------------------------------------

def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


def _descendants(root: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as fh:
                    ppid = int(fh.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    found, todo = set(), [root]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _wait_gone(pids: set[int], within: float = 60.0) -> set[int]:
    """The pids still alive after waiting up to ``within`` seconds for them to end (a bound, not a timing)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline and any(_alive(p) for p in pids):
        time.sleep(0.1)
    return {p for p in pids if _alive(p)}


@pytest.fixture(scope="module")
def ray_cluster():
    ray = pytest.importorskip("ray", reason="ray is not installed (pip install '.[test,ray]'): the ray backend "
                                            "tests need it")
    if ray.is_initialized():
        pytest.skip("this process is already connected to a Ray instance")
    ray.init(num_cpus=2, include_dashboard=False)
    try:
        yield ray
    finally:
        # every process of the instance (raylet, workers, the zygotes and verifiers they started) must end
        node = ray._private.worker._global_node
        roots = {info.process.pid for infos in node.all_processes.values() for info in infos if info.process}
        tree = set(roots)
        for pid in roots:
            tree |= _descendants(pid)
        ray.shutdown()
        assert not _wait_gone(tree), "Ray processes were left behind"


def test_a_distributed_run_equals_a_local_run_call_by_call(tmp_path, ray_cluster):
    answers = _answers(tmp_path)
    local = _score(answers, tmp_path / "local.json", "local", jobs=2)
    distributed = _score(answers, tmp_path / "ray.json", "ray")
    assert _calls(distributed) == _calls(local)
    calls = _calls(local)
    assert calls["a3-capset-11"][:3] == ("ACCEPT", "scored", "1010")
    assert calls["a3-capset-0"][:4] == ("REJECT", "scored", None, "PROPERTY_VIOLATION")
    assert calls["a3-capset-0"][6] and all(calls["a3-capset-0"][6])       # the witness was re-checked, on the worker
    assert calls["a3-labs-4"][3] == "FORMAT_SHAPE" and calls["a3-mols-1"][3] == "JSON_NONFINITE"
    assert calls["a3-heilbronn-1"][:2] == ("MISSING", "missing")
    assert calls["a3-corners-0"][:2] == ("ZERO", "zero")
    # scores.json: equal apart from timing fields (what was written, not just what was returned)
    written = {name: json.loads((tmp_path / f"{name}.json").read_text()) for name in ("local", "ray")}
    assert _untimed(written["ray"]) == _untimed(written["local"])
    assert _untimed(distributed) == _untimed(local)
    # the progress files: the same header, the same rows (apart from timing and so integrity)
    (lh, lrows), (rh, rrows) = _progress(tmp_path / "local.json"), _progress(tmp_path / "ray.json")
    assert lh == rh
    strip = lambda rows: sorted((json.dumps(_untimed({k: v for k, v in r.items() if k != "integrity"}), sort_keys=True)
                                 for r in rows))
    assert strip(rrows) == strip(lrows)


@pytest.mark.parametrize("first, then", [("local", "ray"), ("ray", "local")])
def test_a_run_resumes_across_backends(tmp_path, ray_cluster, first, then):
    answers = _answers(tmp_path)
    out = tmp_path / "s.json"
    fresh = _score(answers, tmp_path / "fresh.json", "local")
    _score(answers, out, first)
    reusable = _cut_progress(out, 4)
    out.unlink()
    resumed = _score(answers, out, then)
    total = len(EXAMPLES.read_text().splitlines()) + len(EXTRA)
    assert f"resuming: {reusable} finished calls reused, {total - reusable} left" in resumed["_log"]
    assert _untimed(resumed) == _untimed(fresh)
    assert len(_progress(out)[1]) == total


SAMPLES = [     # more samples of the example calls: the key is (call_id, sample) on every backend
    '{"call_id": "a3-capset-11", "sample": 1, "answer": ["000000000", "111111111", "222222222"]}',   # a line: witness
    '{"call_id": "a3-schur-1", "sample": 1, "answer": [NaN]}',                                        # JSON_NONFINITE
    '{"call_id": "a3-schur-1", "sample": 2, "error": "rate_limit"}',                                  # infrastructure
]


def test_samples_run_on_ray_as_they_do_locally_and_resume_across_backends(tmp_path, ray_cluster):
    path = tmp_path / "answers.jsonl"
    path.write_text(EXAMPLES.read_text() + "".join(line + "\n" for line in SAMPLES))
    local = _score(str(path), tmp_path / "local.json", "local", jobs=2)
    distributed = _score(str(path), tmp_path / "ray.json", "ray")
    assert _untimed(distributed) == _untimed(local)
    status = {(r["call_id"], r.get("sample", 0)): (r["status"], r["reason"]) for r in distributed["calls_scored"]}
    assert status[("a3-capset-11", 0)] == ("ACCEPT", None)
    assert status[("a3-capset-11", 1)] == ("REJECT", "PROPERTY_VIOLATION")
    assert status[("a3-schur-1", 1)] == ("REJECT", "JSON_NONFINITE") and status[("a3-schur-1", 2)][0] == "MISSING"
    assert distributed["samples"] == len(status) == 8 and distributed["run"]["progress_format"] == 3
    reusable = _cut_progress(tmp_path / "ray.json", 3)      # stopped on the cluster, finished here
    (tmp_path / "ray.json").unlink()
    resumed = _score(str(path), tmp_path / "ray.json", "local")
    if reusable:
        assert f"resuming: {reusable} finished answers (call samples) reused, {8 - reusable} left" in resumed["_log"]
    assert _untimed(resumed) == _untimed(local)


def _with_task(monkeypatch, make_task) -> None:
    """Run the session's tasks through ``make_task(real_task)`` (a Ray remote function) instead."""
    enter = score_ray.Session.__enter__

    def patched(self):
        enter(self)
        self.task = make_task(self.ray)
        return self

    monkeypatch.setattr(score_ray.Session, "__enter__", patched)


def test_a_lost_worker_is_an_infrastructure_error_never_a_verdict(tmp_path, ray_cluster, monkeypatch):
    pids_file = tmp_path / "zygotes"

    def make_task(ray):
        def task(family, params, payload, kind, time_limit, memory_limit, formal):
            from endless_exam.checker.verify import harness as h
            from endless_exam.checker.scoring import score_ray as sr

            reply = sr.verify_task(family, params, payload, kind, time_limit, memory_limit, formal)
            if family == "capset":     # dies after its zygotes were started: they must die with it
                with open(pids_file, "a") as fh:
                    fh.write(f"{h.zygote_pid(h.PRIMARY)} {h.zygote_pid(h.SECOND)}\n")
                os._exit(1)
            if family == "schur":
                raise RuntimeError("a failure inside the task")
            return reply
        return ray.remote(num_cpus=1, max_retries=0)(task)

    _with_task(monkeypatch, make_task)
    answers = _answers(tmp_path)
    doc = _score(answers, tmp_path / "s.json", "ray")
    rows = {r["call_id"]: r for r in doc["calls_scored"]}
    for cid in ("a3-capset-11", "a3-capset-0", "a3-schur-1"):
        row = rows[cid]
        assert (row["status"], row["outcome"], row["reason"]) == ("ERROR", "missing", "verification_process_failed")
        assert row["message"].startswith("ray task failed: ") and row["objective"] is None and row["ratio"] is None
        assert {"call_id": cid, "reason": "verification_process_failed", "ratio": None} in doc["infrastructure_failures"]
    assert "WorkerCrashedError" in rows["a3-capset-11"]["message"]
    assert "a failure inside the task" in rows["a3-schur-1"]["message"]
    assert rows["a3-lineq-4"]["status"] == "ACCEPT"
    zygotes = {int(p) for p in pids_file.read_text().split() if p != "None"}
    assert zygotes and not _wait_gone(zygotes), "a dead worker's zygotes outlived it"
    # resumed (with the real task), the failed calls are verified again and everything else is reused
    monkeypatch.undo()
    missing = sum(r["outcome"] == "missing" for r in doc["calls_scored"])      # the 3 lost and a rate_limit
    assert missing == 4
    claims = 1          # a3-apfree_q-6 beats its published reference: a record claim is verified again
    resumed = _score(answers, tmp_path / "s.json", "ray")
    assert f"resuming: {9 - missing - claims} finished calls reused, {missing + claims} left" in resumed["_log"]
    assert _calls(resumed) == _calls(_score(answers, tmp_path / "fresh.json", "local"))


def test_a_worker_with_other_checker_code_stops_the_run(tmp_path, ray_cluster, monkeypatch):
    def make_task(ray):
        def task(*args):
            from endless_exam.checker.scoring import score_ray as sr

            reply = sr.verify_task(*args)
            reply["code"] = "0" * 64
            return reply
        return ray.remote(num_cpus=1, max_retries=0)(task)

    _with_task(monkeypatch, make_task)
    with pytest.raises(score.ScoreError, match=r"a Ray worker runs other checker code .*install the same "
                                               r"endless-exam-checker on every node; \d+ finished calls are saved"):
        _score(_answers(tmp_path), tmp_path / "s.json", "ray")
    _, rows = _progress(tmp_path / "s.json")
    assert all("primary" not in r for r in rows)      # nothing verified by the other code was recorded
    assert not (tmp_path / "s.json").exists()


def test_an_interrupt_cancels_the_tasks_in_flight_and_keeps_finished_calls(tmp_path, ray_cluster, monkeypatch):
    import ray

    real_wait, waits = ray.wait, []

    def wait(*args, **kwargs):
        waits.append(1)
        if len(waits) == 2:
            raise KeyboardInterrupt
        return real_wait(*args, **kwargs)

    monkeypatch.setattr(ray, "wait", wait)
    answers = _answers(tmp_path)
    with pytest.raises(score.ScoreError, match=r"interrupted: \d+ of 9 calls are saved in .*run the same command "
                                               "again to resume"):
        _score(answers, tmp_path / "s.json", "ray", jobs=1)
    monkeypatch.undo()
    _, rows = _progress(tmp_path / "s.json")
    assert 1 <= len(rows) < 9
    resumed = _score(answers, tmp_path / "s.json", "ray")
    assert _calls(resumed) == _calls(_score(answers, tmp_path / "fresh.json", "local"))


def test_the_cluster_gets_the_runs_limits(tmp_path, ray_cluster, monkeypatch):
    """The worker's harness runs with the run's time and memory limits (and the formal switch)."""
    seen = tmp_path / "limits"

    def make_task(ray):
        def task(family, params, payload, kind, time_limit, memory_limit, formal):
            from endless_exam.checker.scoring import score_ray as sr

            with open(seen, "a") as fh:
                fh.write(json.dumps([family, time_limit, memory_limit, formal]) + "\n")
            return sr.verify_task(family, params, payload, kind, time_limit, memory_limit, formal)
        return ray.remote(num_cpus=1, max_retries=0)(task)

    _with_task(monkeypatch, make_task)
    answers = tmp_path / "a.jsonl"
    answers.write_text('{"call_id": "a3-lineq-4", "answer": [1, 2, 3, 4, 5]}\n')
    doc = _score(str(answers), tmp_path / "r.json", "ray", time_limit=7.5, memory_limit=3 << 30, formal=True)
    assert json.loads(seen.read_text()) == ["lineq", 7.5, 3 << 30, True]
    row = doc["calls_scored"][0]
    assert row["status"] == "ACCEPT" and row["formal"] == "agree"
    assert doc["run"]["time_limit"] == 7.5 and doc["run"]["memory_limit"] == 3 << 30


def test_an_unreachable_address_is_refused_before_ray_init():
    import socket

    with socket.socket() as s:          # a port that nothing listens on (closed again at once)
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    for address in (f"127.0.0.1:{port}", f"ray://127.0.0.1:{port}", f"[127.0.0.1]:{port}"):
        why = score_ray._unreachable(address)
        assert why is not None and why.startswith(f"cannot reach a Ray cluster at {address}: "), why
    for address in (None, "", "auto", "local", "localhost", "http://x:1"):      # left to ray.init
        assert score_ray._unreachable(address) is None
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(1)
        assert score_ray._unreachable(f"127.0.0.1:{s.getsockname()[1]}") is None


def _driver_after_its_first_row(tmp_path: Path):
    """A ``score --backend ray --ray-address local`` driver (a new local instance, owned by the driver) on the
    example answers plus two slow cap sets, once its first row is saved: (process, the processes it had
    started, scores path, progress path)."""
    import subprocess
    import sys

    lines = EXAMPLES.read_text().splitlines()
    for d, cid in ((10, "a3-capset-0"), (11, "a3-capset-2")):      # two answers that take seconds each
        lines.append(json.dumps({"call_id": cid, "answer": json.loads(
            (ROOT / "fixtures" / "constructions" / "capset" / f"d{d}.json").read_text())["answer"]}))
    answers = tmp_path / "answers.jsonl"
    answers.write_text("\n".join(lines) + "\n")
    out = tmp_path / "s.json"
    progress = Path(f"{out}.progress.jsonl")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "endless_exam.checker.cli", "score", str(answers), "--output",
                             str(out), "--allow-partial", "--backend", "ray", "--ray-address", "local", "--jobs", "1"],
                            cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    started: set[int] = set()
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and proc.poll() is None:
        started |= _descendants(proc.pid)
        if progress.exists() and len(progress.read_text().splitlines()) >= 2:
            break
        time.sleep(0.1)
    started |= _descendants(proc.pid)
    assert proc.poll() is None and len(started) > 3, proc.communicate()[1]
    return proc, started, out, progress


@pytest.mark.slow
def test_sigterm_to_a_ray_driver_saves_stops_its_instance_and_exits_143(tmp_path):
    """Reproduction (issue 16, item 7): SIGTERM to a ``--backend ray`` driver exited 1 (the "rejected" code)
    with no summary: ``ray.init`` had replaced the SIGTERM handler by ``sys.exit``. The driver takes the
    signal back: it saves what it finished, says so, stops the Ray instance it started and exits 143."""
    pytest.importorskip("ray")
    import signal

    proc, started, out, progress = _driver_after_its_first_row(tmp_path)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 143, err
    assert "interrupted:" in err and "run the same command again to resume" in err
    assert not _wait_gone(started), "processes of the run were left behind"
    assert len(progress.read_text().splitlines()) >= 2 and not out.exists()


@pytest.mark.slow
def test_after_a_sigkill_of_the_driver_the_ray_instance_it_started_is_stopped(tmp_path):
    """Reproduction (issue 16, item 7): after SIGKILL of a driver that had started a local Ray instance,
    Ray's agents lingered 35-95 s (62 s measured). A sentinel process (checker.scoring.ray_reaper) kills what the
    driver started as soon as the driver is gone."""
    pytest.importorskip("ray")
    proc, started, _out, _progress = _driver_after_its_first_row(tmp_path)
    proc.kill()
    proc.communicate()
    assert not _wait_gone(started, within=20.0), "Ray processes outlived their driver"
