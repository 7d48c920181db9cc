"""Run both verifiers on one answer, each in its own process with wall-clock and memory limits.

Each verifier runs as ``python -m endless_exam.checker.worker`` (primary) or ``python -m endless_exam.crosscheck.worker``
(second), in a new session so that the whole process group can be killed, with ``RLIMIT_AS`` set to the
memory limit. A process that exceeds the wall clock is killed (TIMEOUT, ``TIME_LIMIT``); one that dies
(a signal, a library abort, no output) is an ERROR (``VERIFIER_CRASHED``), except that a MemoryError
inside, or death by SIGKILL that was not ours (the kernel's OOM killer), is a LIMIT (``MEMORY_LIMIT``).
The scorer never crashes because a verifier did.

Combination (ARCHITECTURE.md, "Two verifiers, one harness"):
* both ACCEPT with exactly equal objectives -> ACCEPT; unequal objectives -> DISAGREE;
* a REJECT whose reason has a witness (classes ``duplicate`` and ``property``) is re-checked by the
  OTHER verifier (``op: witness``); a witness the other verifier does not confirm -> DISAGREE;
* both REJECT with the same reason class (and confirmed witnesses) -> REJECT; different classes -> DISAGREE;
* REJECT against ACCEPT -> DISAGREE (reason ``independent_verifier_disagreement``);
* a REJECT against a TIMEOUT/LIMIT of the other -> REJECT (certified by the witness re-check when it has one);
* otherwise any ERROR -> ERROR, then TIMEOUT, then LIMIT.
"""
from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from endless_exam.certificates.reasons import reason_class
from endless_exam.certificates.verdict import Status, Verdict, objective_to_str

DEFAULT_TIME_LIMIT = 60.0
DEFAULT_MEMORY_LIMIT = 4 * 1024 ** 3
PRIMARY = "endless_exam.checker.worker"
SECOND = "endless_exam.crosscheck.worker"
_WITNESS_CLASSES = ("duplicate", "property")
_ROOT = str(Path(__file__).resolve().parent.parent)


_LIVE: set = set()
_LIVE_LOCK = threading.Lock()


def kill_all() -> int:
    """Kill every verifier process still running (used when a scoring run is interrupted)."""
    with _LIVE_LOCK:
        procs = list(_LIVE)
    for proc in procs:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    return len(procs)


@dataclass
class Combined:
    status: Status
    objective: Any
    reason: str | None
    message: str
    witness: Any
    primary: Verdict
    second: Verdict
    primary_seconds: float
    second_seconds: float
    witness_checks: list[dict] = field(default_factory=list)
    formal: str | None = None          # the z3 oracle's opinion when asked for (checker.formal)
    formal_message: str = ""

    @property
    def valid(self) -> bool:
        return self.status is Status.ACCEPT


# The limits are applied inside the child by this launcher, before the worker module is imported
# (no preexec_fn, which is unsafe with threads). Under an outer hard cap lower than the requested
# limit the outer cap stays in force.
_LAUNCH = """
import resource, runpy, sys
limit = int(sys.argv[1])
soft, hard = resource.getrlimit(resource.RLIMIT_AS)
if hard != resource.RLIM_INFINITY:
    limit = min(limit, hard)
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
module = sys.argv[2]
sys.argv = [module]
runpy.run_module(module, run_name="__main__", alter_sys=True)
"""


def _env() -> dict:
    env = dict(os.environ)
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS"):
        env[var] = "1"
    env["SYMPY_GROUND_TYPES"] = "python"
    env["PYTHONPATH"] = _ROOT + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def run_worker(module: str, header: dict, payload: bytes, time_limit: float,
               memory_limit: int) -> tuple[dict | None, Verdict | None, float]:
    """Run one worker; return (parsed result or None, failure verdict or None, wall seconds)."""
    if not (isinstance(time_limit, (int, float)) and math.isfinite(time_limit) and time_limit > 0):
        return None, Verdict(Status.ERROR, reason="INTERNAL_ERROR", message=f"invalid time limit {time_limit!r}"), 0.0
    if not (type(memory_limit) is int and memory_limit > 0):
        return None, Verdict(Status.ERROR, reason="INTERNAL_ERROR", message=f"invalid memory limit {memory_limit!r}"), 0.0
    data = json.dumps(header).encode("ascii") + b"\n" + payload
    started = time.perf_counter()
    try:
        proc = subprocess.Popen(
            [sys.executable, "-c", _LAUNCH, str(memory_limit), module], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True, env=_env(),
        )
    except (OSError, subprocess.SubprocessError, ValueError) as exc:
        return None, Verdict(Status.ERROR, reason="VERIFIER_CRASHED", message=f"cannot start {module}: {exc}"), 0.0
    timed_out = False
    with _LIVE_LOCK:
        _LIVE.add(proc)
    try:
        out, err = proc.communicate(data, timeout=time_limit)
    except subprocess.TimeoutExpired:
        timed_out = True
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, err = proc.communicate()
    finally:
        with _LIVE_LOCK:
            _LIVE.discard(proc)
    seconds = time.perf_counter() - started
    if timed_out:
        return None, Verdict(Status.TIMEOUT, reason="TIME_LIMIT",
                             message=f"{module} exceeded the {time_limit:g} s wall-clock limit"), seconds
    rc = proc.returncode
    tail = err.decode("utf-8", "replace").strip().splitlines()[-1:] if err else []
    if rc == -signal.SIGKILL:
        return None, Verdict(Status.LIMIT, reason="MEMORY_LIMIT",
                             message=f"{module} was killed (SIGKILL), most likely out of memory"), seconds
    if rc != 0:
        how = f"signal {signal.Signals(-rc).name}" if rc < 0 else f"exit status {rc}"
        if tail and "MemoryError" in tail[0]:
            return None, Verdict(Status.LIMIT, reason="MEMORY_LIMIT", message=f"{module} ran out of memory"), seconds
        return None, Verdict(Status.ERROR, reason="VERIFIER_CRASHED",
                             message=f"{module} died ({how}){': ' + tail[0] if tail else ''}"), seconds
    try:
        result = json.loads(out.decode("utf-8").strip().splitlines()[-1])
    except (ValueError, IndexError):
        return None, Verdict(Status.ERROR, reason="VERIFIER_CRASHED", message=f"{module} produced no result"), seconds
    if not isinstance(result, dict):
        return None, Verdict(Status.ERROR, reason="VERIFIER_CRASHED", message=f"{module} produced a malformed result"), seconds
    return result, None, seconds


def _verdict(module: str, header: dict, payload: bytes, time_limit: float, memory_limit: int) -> tuple[Verdict, float]:
    result, failure, seconds = run_worker(module, header, payload, time_limit, memory_limit)
    if failure is not None:
        return failure, seconds
    try:
        return Verdict.from_json(result["verdict"]), seconds
    except Exception as exc:  # anything a broken verifier prints is an ERROR, never a harness crash
        return Verdict(Status.ERROR, reason="VERIFIER_CRASHED", message=f"{module} returned a malformed verdict: {exc}"), seconds


def _brief(value: Any) -> str:
    text = objective_to_str(value) or "none"
    return text if len(text) <= 40 else f"{text[:18]}...{text[-18:]} ({len(text)} characters)"


def _needs_witness_check(v: Verdict) -> bool:
    return v.status is Status.REJECT and reason_class(v.reason) in _WITNESS_CLASSES


def _disagree(message: str, primary: Verdict, second: Verdict, ps: float, ss: float, checks: list) -> Combined:
    return Combined(Status.DISAGREE, None, "independent_verifier_disagreement", message, None,
                    primary, second, ps, ss, checks)


def verify(family: str, params: dict, payload: bytes, kind: str = "file", *,
           time_limit: float = DEFAULT_TIME_LIMIT, memory_limit: int = DEFAULT_MEMORY_LIMIT,
           formal: bool = False) -> Combined:
    """Verify one answer with both verifiers and combine their verdicts; with ``formal``, add the z3
    oracle's opinion (``checker.formal``)."""
    combined = _verify_pair(family, params, payload, kind, time_limit, memory_limit)
    if not formal:
        return combined
    from . import formal as formal_check

    header = {"family": family, "params": params, "kind": kind}
    return formal_check.attach(combined, header, payload, time_limit, memory_limit,
                               lambda h, p, t, m: run_worker(SECOND, h, p, t, m))


def _verify_pair(family: str, params: dict, payload: bytes, kind: str, time_limit: float,
                 memory_limit: int) -> Combined:
    header = {"op": "check", "family": family, "params": params, "kind": kind}
    results: dict[str, tuple[Verdict, float]] = {}

    def run(name: str, module: str) -> None:
        try:
            results[name] = _verdict(module, header, payload, time_limit, memory_limit)
        except Exception as exc:  # a harness bug must become an ERROR verdict, not a lost thread
            results[name] = (Verdict(Status.ERROR, reason="INTERNAL_ERROR",
                                     message=f"harness failure: {type(exc).__name__}: {exc}"), 0.0)

    threads = [threading.Thread(target=run, args=("primary", PRIMARY)),
               threading.Thread(target=run, args=("second", SECOND))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    (p, ps), (s, ss) = results["primary"], results["second"]

    checks: list[dict] = []
    jobs = [(name, own, other) for name, own, other in (("primary", p, SECOND), ("second", s, PRIMARY))
            if _needs_witness_check(own)]
    replies: dict[str, tuple] = {}

    def recheck(name: str, own: Verdict, other_module: str) -> None:
        wh = dict(header, op="witness", witness=own.witness)
        try:
            replies[name] = run_worker(other_module, wh, payload, time_limit, memory_limit)
        except Exception as exc:  # never lose a thread: an unanswered re-check is not a confirmation
            replies[name] = (None, Verdict(Status.ERROR, reason="INTERNAL_ERROR", message=str(exc)), 0.0)

    workers = [threading.Thread(target=recheck, args=job) for job in jobs]
    for t in workers:
        t.start()
    for t in workers:
        t.join()
    for name, _own, _other in jobs:
        res, failure, _ = replies[name]
        holds = bool(res and res.get("holds") is True)
        note = str(res.get("message")) if res else (failure.message if failure else "no result")
        checks.append({"witness_of": name, "checked_by": "second" if name == "primary" else "primary",
                       "holds": holds, "message": note})
    for check in checks:
        if not check["holds"]:
            return _disagree(f"the {check['witness_of']} verifier's witness was not confirmed by the other verifier: "
                             f"{check['message']}", p, s, ps, ss, checks)

    def combined(v: Verdict, status: Status | None = None) -> Combined:
        return Combined(status or v.status, v.objective, v.reason, v.message, v.witness, p, s, ps, ss, checks)

    if p.status is Status.ACCEPT and s.status is Status.ACCEPT:
        if p.objective == s.objective and type(p.objective) is type(s.objective):
            return combined(p)
        return _disagree(f"objectives differ: primary {_brief(p.objective)}, second {_brief(s.objective)}",
                         p, s, ps, ss, checks)
    if p.status is Status.REJECT and s.status is Status.REJECT:
        if reason_class(p.reason) == reason_class(s.reason):
            return combined(p)
        return _disagree(f"rejection reasons differ: primary {p.reason}, second {s.reason}", p, s, ps, ss, checks)
    if {p.status, s.status} == {Status.ACCEPT, Status.REJECT}:
        rej = p if p.status is Status.REJECT else s
        return _disagree(f"one verifier accepts, the other rejects ({rej.reason}: {rej.message})", p, s, ps, ss, checks)
    budget = (Status.TIMEOUT, Status.LIMIT)
    if p.status is Status.REJECT and s.status in budget:
        return combined(p)
    if s.status is Status.REJECT and p.status in budget:
        return combined(s)
    for status in (Status.ERROR, Status.TIMEOUT, Status.LIMIT):
        for v in (p, s):
            if v.status is status:
                return combined(v)
    return _disagree(f"unexpected verdict pair {p.status.value}/{s.status.value}", p, s, ps, ss, checks)
