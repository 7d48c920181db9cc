"""The harness contract (checker.verify.harness): process isolation with fault injection, the combination of the
two verdicts, and real end-to-end runs of both capset verifiers.

Fault-injection workers live in tests/helpers/ and are run by the real ``run_worker`` through the real
zygote path: the test names them with ``harness.Worker("tests.helpers.<name>", (ROOT,))``, an in-process
parameter (the harness reads no worker module or path from the environment or the command line).
A zygote keeps the environment it was started with, so the helper zygotes are stopped after each test.
"""
from __future__ import annotations

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

from endless_exam.certificates.schemas.capset import parse as parse_capset
from endless_exam.certificates.verdict import Status, Verdict
from endless_exam.checker.verify import harness

ROOT = Path(__file__).resolve().parents[2]
GIB = 1024 ** 3
HEADER = {"op": "check", "family": "capset", "params": {"d": 3}, "kind": "file"}
_D4 = json.loads((ROOT / "fixtures" / "constructions" / "capset" / "d4.json").read_text())
CAP4, CAP4_SIZE = _D4["answer"], _D4["objective"]  # the bundled d=4 cap (20 points, the maximum)
CAP4_POINTS = list(parse_capset(CAP4, {"d": 4}).points)
PRIMARY_LIBRARIES = {"endless-exam-checker", "numpy"}     # what the primary's capset needs, nothing more
FORBIDDEN_IN_SECOND = {"python-flint", "gmpy2", "galois"}


def helper(name: str) -> harness.Worker:
    return harness.Worker(f"tests.helpers.{name}", (str(ROOT),))


@pytest.fixture(autouse=True)
def _fresh_helper_zygotes():
    """Helper zygotes inherit the environment of their start: stop them after each test."""
    yield
    harness.shutdown(keep=lambda w: not w.sys_path)


def _dead(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            state = fh.read().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return True
    return state in ("Z", "X")


def _wait_until(predicate, seconds: float = 30.0) -> bool:
    """Poll (a liveness bound, not a timing assertion)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


def _read_pids(path: Path) -> list[int]:
    _wait_until(lambda: path.exists())
    return [int(x) for x in path.read_text().split()]


def _in_thread(fn, *args):
    box: dict = {}
    t = threading.Thread(target=lambda: box.setdefault("value", fn(*args)))
    t.start()
    return t, box


# =====================================================================================================
# run_worker: one process, its limits and its failures (through the zygote)
# =====================================================================================================

def test_sleepy_worker_times_out_and_its_process_group_is_killed(tmp_path, monkeypatch):
    pidfile = tmp_path / "grandchild.pid"
    monkeypatch.setenv("EE_TEST_PIDFILE", str(pidfile))
    # the worker sleeps forever: that run_worker returns at all shows it was killed, not waited for
    result, failure, _seconds = harness.run_worker(helper("sleepy_worker"), HEADER, b"[]", 2.0, GIB)
    assert result is None
    assert failure.status is Status.TIMEOUT and failure.reason == "TIME_LIMIT"
    assert "2 s" in failure.message
    # the grandchild was in the worker's process group and died with it
    _wait_until(lambda: pidfile.exists() and pidfile.read_text())
    pid = int(pidfile.read_text())
    assert _wait_until(lambda: _dead(pid)), "the worker's child survived the timeout kill"


def test_crashy_worker_is_error_verifier_crashed():
    result, failure, _ = harness.run_worker(helper("crashy_worker"), HEADER, b"[]", 20.0, GIB)
    assert result is None
    assert failure.status is Status.ERROR and failure.reason == "VERIFIER_CRASHED"
    assert "SIGABRT" in failure.message


def test_greedy_worker_is_limit_memory_limit():
    result, failure, _ = harness.run_worker(helper("greedy_worker"), HEADER, b"[]", 20.0, GIB)
    assert result is None
    assert failure.status is Status.LIMIT and failure.reason == "MEMORY_LIMIT"


def test_a_sigkill_the_harness_did_not_send_is_an_error_not_a_limit():
    """What the kernel's OOM killer (acting for other load) or an administrator does is infrastructure."""
    result, failure, _ = harness.run_worker(helper("killed_worker"), HEADER, b"[]", 20.0, GIB)
    assert result is None
    assert failure.status is Status.ERROR and failure.reason == "VERIFIER_CRASHED"
    assert "SIGKILL" in failure.message and "did not send" in failure.message


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM, signal.SIGXCPU])
def test_a_worker_killed_from_outside_is_an_error(tmp_path, monkeypatch, sig):
    """An external SIGXCPU too (issue 16, item 6: it was scored TIMEOUT and reused on resume): only the
    CPU time the harness's accounting shows can make a CPU-time death a TIMEOUT."""
    pidfile = tmp_path / "worker.pid"
    monkeypatch.setenv("EE_TEST_PIDFILE", str(pidfile))
    t, box = _in_thread(harness.run_worker, helper("pid_worker"), HEADER, b"[]", 60.0, GIB)
    pid, _zygote = _read_pids(pidfile)
    os.kill(pid, sig)
    t.join(60)
    assert not t.is_alive()
    result, failure, _ = box["value"]
    assert result is None
    assert failure.status is Status.ERROR and failure.reason == "VERIFIER_CRASHED"
    assert sig.name in failure.message


def test_the_cpu_time_rlimit_is_a_timeout(monkeypatch):
    """SIGXCPU comes from the CPU-time rlimit set for the process: the harness's own enforcement."""
    from endless_exam.certificates import isolation

    monkeypatch.setattr(isolation, "cpu_limit", lambda time_limit: 1)
    result, failure, _ = harness.run_worker(helper("cpu_worker"), HEADER, b"[]", 60.0, GIB)
    assert result is None
    assert failure.status is Status.TIMEOUT and failure.reason == "TIME_LIMIT"
    assert "CPU-time" in failure.message


@pytest.mark.parametrize("name", ["silent_worker", "garbage_worker", "raising_worker"])
def test_workers_without_a_result_are_errors(name):
    result, failure, _ = harness.run_worker(helper(name), HEADER, b"[]", 20.0, GIB)
    assert result is None
    assert failure.status is Status.ERROR and failure.reason == "VERIFIER_CRASHED"


def test_raising_worker_message_names_the_exception():
    _, failure, _ = harness.run_worker(helper("raising_worker"), HEADER, b"[]", 20.0, GIB)
    assert "RuntimeError" in failure.message and "exit status 1" in failure.message


def test_missing_worker_module_is_an_error():
    result, failure, _ = harness.run_worker(helper("no_such_worker"), HEADER, b"[]", 20.0, GIB)
    assert result is None and failure.status is Status.ERROR and failure.reason == "VERIFIER_CRASHED"
    assert "no_such_worker" in failure.message


def test_a_zygote_that_cannot_start_is_an_error_not_a_crash():
    """If preparing the verifier's process fails (here its preload raises), the verdict is ERROR."""
    result, failure, _ = harness.run_worker(helper("bad_preload_worker"), HEADER, b"[]", 20.0, GIB)
    assert result is None
    assert failure is not None and failure.status is Status.ERROR and failure.reason == "VERIFIER_CRASHED"
    assert "simulated failure" in failure.message


def test_worker_gets_header_payload_and_environment(tmp_path, monkeypatch):
    log = tmp_path / "log.jsonl"
    monkeypatch.setenv("EE_TEST_LOG_PRIMARY", str(log))
    monkeypatch.setenv("EE_TEST_SCRIPT_PRIMARY", json.dumps({"check": '{"ok": 1}'}))
    payload = b'{"answer": ["000"]}' + b" " * 300_000  # larger than a pipe buffer
    result, failure, _ = harness.run_worker(helper("scripted_primary"), HEADER, payload, 20.0, GIB)
    assert failure is None and result == {"ok": 1}
    seen = json.loads(log.read_text().splitlines()[0])
    assert seen["header"] == HEADER
    assert seen["payload"] == payload.decode()


def test_a_worker_may_be_named_by_its_module_alone():
    """run_worker keeps taking a module name (the installed verifiers); tests pass a Worker."""
    result, failure, _ = harness.run_worker(harness.PRIMARY, dict(HEADER, params={"d": 4}), b'["0000"]', 60.0, 4 * GIB)
    assert failure is None and result["verdict"]["status"] == "ACCEPT"
    with pytest.raises(TypeError):
        harness.run_worker(42, HEADER, b"[]", 20.0, GIB)  # type: ignore[arg-type]


def test_invalid_limits_are_errors_not_crashes():
    for t, m in ((float("nan"), GIB), (float("inf"), GIB), (0, GIB), (-1, GIB), (5.0, 0), (5.0, -1), (5.0, 1.5)):
        result, failure, _ = harness.run_worker(helper("silent_worker"), HEADER, b"[]", t, m)
        assert result is None and failure.status is Status.ERROR and failure.reason == "INTERNAL_ERROR"


# =====================================================================================================
# verify: the combination table (fake verdicts, no processes)
# =====================================================================================================

def A(objective) -> Verdict:
    return Verdict(Status.ACCEPT, objective=objective, message="fake accept")


def R(reason: str, witness=None) -> Verdict:
    return Verdict(Status.REJECT, reason=reason, message=f"fake {reason}", witness=witness)


T = Verdict(Status.TIMEOUT, reason="TIME_LIMIT", message="fake timeout")
L = Verdict(Status.LIMIT, reason="MEMORY_LIMIT", message="fake limit")
E = Verdict(Status.ERROR, reason="VERIFIER_CRASHED", message="fake crash")
LINE = {"points": ["000", "111", "222"], "indices": [0, 1, 2]}
LINE2 = {"points": ["000", "012", "021"], "indices": [0, 5, 7]}
DUP = {"point": "000", "indices": [0, 4]}


class Fake:
    """Stands in for _verdict (check requests) and run_worker (witness re-checks)."""

    def __init__(self, primary: Verdict, second: Verdict, holds: dict[str, object] | None = None):
        self.verdicts = {harness.PRIMARY: primary, harness.SECOND: second}
        self.holds = holds or {}          # module -> True / False / "timeout"
        self.check_calls: list[tuple[str, dict, bytes]] = []
        self.witness_calls: list[tuple[str, dict]] = []

    def verdict(self, module, header, payload, time_limit, memory_limit, warm=True):
        self.check_calls.append((module, header, payload))
        return self.verdicts[module], 0.125, {"fake-" + ("primary" if module == harness.PRIMARY else "second"): "1"}

    def run_worker(self, module, header, payload, time_limit, memory_limit, warm=True):
        assert header["op"] == "witness"
        self.witness_calls.append((module, header))
        holds = self.holds.get(module, True)
        if holds == "timeout":
            return None, T, time_limit
        return {"holds": holds, "message": "confirmed" if holds else "not confirmed"}, None, 0.01


@pytest.fixture
def fake(monkeypatch):
    def install(primary: Verdict, second: Verdict, holds=None) -> Fake:
        f = Fake(primary, second, holds)
        monkeypatch.setattr(harness, "_verdict", f.verdict)
        monkeypatch.setattr(harness, "run_worker", f.run_worker)
        return f
    return install


def combine(fake, p, s, holds=None):
    f = fake(p, s, holds)
    res = harness.verify("capset", {"d": 3}, b"[]", "file", time_limit=5.0, memory_limit=GIB)
    return res, f


def test_both_verifiers_are_asked_the_same_question(fake):
    res, f = combine(fake, A(9), A(9))
    modules = sorted(m for m, _, _ in f.check_calls)
    assert modules == sorted([harness.PRIMARY, harness.SECOND])
    for _, header, payload in f.check_calls:
        assert header == {"op": "check", "family": "capset", "params": {"d": 3}, "kind": "file"}
        assert payload == b"[]"
    assert res.primary == A(9) and res.second == A(9)


def test_accept_accept_equal_is_accept(fake):
    res, f = combine(fake, A(9), A(9))
    assert res.status is Status.ACCEPT and res.valid
    assert res.objective == 9 and res.reason is None
    assert f.witness_calls == []


def test_accept_accept_equal_fractions_is_accept(fake):
    res, _ = combine(fake, A(Fraction(1400, 251)), A(Fraction(2800, 502)))
    assert res.status is Status.ACCEPT and res.objective == Fraction(1400, 251)


@pytest.mark.parametrize("p, s", [(9, 8), (8, 9), (9, Fraction(17, 2)), (10 ** 300, 10 ** 300 + 1)])
def test_accept_accept_unequal_is_disagree(fake, p, s):
    res, _ = combine(fake, A(p), A(s))
    assert res.status is Status.DISAGREE and not res.valid
    assert res.reason == "independent_verifier_disagreement"
    assert res.objective is None


@pytest.mark.parametrize("p_first", [True, False])
@pytest.mark.parametrize("rej", [R("FORMAT_TYPE"), R("SIZE_LIMIT"), R("PROPERTY_VIOLATION", LINE), R("DUPLICATE", DUP)])
def test_accept_reject_is_disagree(fake, rej, p_first):
    p, s = (A(9), rej) if p_first else (rej, A(9))
    res, _ = combine(fake, p, s)
    assert res.status is Status.DISAGREE and not res.valid
    assert res.reason == "independent_verifier_disagreement"


def test_reject_reject_same_class_is_reject(fake):
    res, f = combine(fake, R("FORMAT_TYPE"), R("FORMAT_SHAPE"))
    assert res.status is Status.REJECT and res.reason == "FORMAT_TYPE"
    assert f.witness_calls == []
    res, _ = combine(fake, R("SIZE_LIMIT"), R("EXPANSION_LIMIT"))
    assert res.status is Status.REJECT and res.reason == "SIZE_LIMIT"


def test_reject_reject_different_class_is_disagree(fake):
    for p, s in [(R("FORMAT_TYPE"), R("SIZE_LIMIT")), (R("DUPLICATE", DUP), R("PROPERTY_VIOLATION", LINE)),
                 (R("RANGE"), R("PROPERTY_VIOLATION", LINE))]:
        res, _ = combine(fake, p, s)
        assert res.status is Status.DISAGREE and res.reason == "independent_verifier_disagreement"


def test_reject_reject_with_witnesses_are_cross_checked(fake):
    res, f = combine(fake, R("PROPERTY_VIOLATION", LINE), R("PROPERTY_VIOLATION", LINE2))
    assert res.status is Status.REJECT and res.reason == "PROPERTY_VIOLATION"
    assert res.witness == LINE
    # each witness goes to the OTHER verifier, with op "witness" and the witness itself
    sent = {(module, json.dumps(header["witness"], sort_keys=True)) for module, header in f.witness_calls}
    assert sent == {(harness.SECOND, json.dumps(LINE, sort_keys=True)),
                    (harness.PRIMARY, json.dumps(LINE2, sort_keys=True))}
    assert [(c["witness_of"], c["checked_by"], c["holds"]) for c in res.witness_checks] == [
        ("primary", "second", True), ("second", "primary", True)]


@pytest.mark.parametrize("unconfirmed", ["primary", "second"])
def test_unconfirmed_witness_is_disagree(fake, unconfirmed):
    # the primary's witness is re-checked by SECOND, the second's by PRIMARY
    checker_module = harness.SECOND if unconfirmed == "primary" else harness.PRIMARY
    res, _ = combine(fake, R("PROPERTY_VIOLATION", LINE), R("PROPERTY_VIOLATION", LINE2),
                     holds={checker_module: False})
    assert res.status is Status.DISAGREE and res.reason == "independent_verifier_disagreement"
    assert any(c["witness_of"] == unconfirmed and not c["holds"] for c in res.witness_checks)


def test_unconfirmed_duplicate_witness_is_disagree(fake):
    res, _ = combine(fake, R("DUPLICATE", DUP), R("DUPLICATE", DUP), holds={harness.SECOND: False})
    assert res.status is Status.DISAGREE


def test_witness_recheck_that_times_out_is_not_a_confirmation(fake):
    res, _ = combine(fake, R("PROPERTY_VIOLATION", LINE), R("PROPERTY_VIOLATION", LINE),
                     holds={harness.SECOND: "timeout"})
    assert res.status is Status.DISAGREE


@pytest.mark.parametrize("budget", [T, L])
@pytest.mark.parametrize("p_first", [True, False])
def test_reject_against_timeout_or_limit_is_reject(fake, budget, p_first):
    rej = R("FORMAT_SHAPE")
    p, s = (rej, budget) if p_first else (budget, rej)
    res, _ = combine(fake, p, s)
    assert res.status is Status.REJECT and res.reason == "FORMAT_SHAPE" and not res.valid


def test_reject_with_witness_against_timeout_needs_the_recheck(fake):
    res, f = combine(fake, R("PROPERTY_VIOLATION", LINE), T)
    assert res.status is Status.REJECT and res.witness == LINE
    assert [m for m, _ in f.witness_calls] == [harness.SECOND]
    res, _ = combine(fake, R("PROPERTY_VIOLATION", LINE), T, holds={harness.SECOND: False})
    assert res.status is Status.DISAGREE


@pytest.mark.parametrize("p, s, expected", [
    (A(9), T, Status.TIMEOUT), (T, A(9), Status.TIMEOUT),
    (A(9), L, Status.LIMIT), (L, A(9), Status.LIMIT),
    (T, T, Status.TIMEOUT), (T, L, Status.TIMEOUT), (L, T, Status.TIMEOUT), (L, L, Status.LIMIT),
    (E, T, Status.ERROR), (T, E, Status.ERROR), (E, L, Status.ERROR), (L, E, Status.ERROR),
    (E, A(9), Status.ERROR), (A(9), E, Status.ERROR), (E, E, Status.ERROR),
    (R("FORMAT_TYPE"), E, Status.ERROR), (E, R("FORMAT_TYPE"), Status.ERROR),
])
def test_budget_and_error_outcomes(fake, p, s, expected):
    res, _ = combine(fake, p, s)
    assert res.status is expected
    assert not res.valid
    assert res.objective is None  # a budget/error outcome never carries a score


def test_accept_timeout_never_scores(fake):
    res, _ = combine(fake, A(10 ** 6), T)
    assert res.status is Status.TIMEOUT and res.reason == "TIME_LIMIT" and res.objective is None


def test_combined_keeps_both_verdicts_times_and_libraries(fake):
    res, _ = combine(fake, A(9), T)
    assert res.primary == A(9) and res.second == T
    assert res.primary_seconds == res.second_seconds == 0.125
    assert res.primary_libraries == {"fake-primary": "1"} and res.second_libraries == {"fake-second": "1"}


# =====================================================================================================
# verify with scripted worker processes (the real run_worker, fake verifier output)
# =====================================================================================================

@pytest.fixture
def scripted(monkeypatch):
    monkeypatch.setattr(harness, "PRIMARY", helper("scripted_primary"))
    monkeypatch.setattr(harness, "SECOND", helper("scripted_second"))

    def install(primary: dict, second: dict) -> None:
        monkeypatch.setenv("EE_TEST_SCRIPT_PRIMARY", json.dumps(primary))
        monkeypatch.setenv("EE_TEST_SCRIPT_SECOND", json.dumps(second))
        harness.shutdown(keep=lambda w: not w.sys_path)   # new scripts: new zygotes with this environment
    return install


def _out(**verdict) -> str:
    return json.dumps({"verdict": verdict})


def run_scripted(time_limit=20.0):
    return harness.verify("capset", {"d": 3}, b"[]", "file", time_limit=time_limit, memory_limit=GIB)


def test_scripted_accept_accept(scripted):
    scripted({"check": _out(status="ACCEPT", objective="12")}, {"check": _out(status="ACCEPT", objective="12")})
    res = run_scripted()
    assert res.status is Status.ACCEPT and res.objective == 12


def test_scripted_objectives_differing_only_in_type_disagree(scripted):
    scripted({"check": _out(status="ACCEPT", objective="12")}, {"check": _out(status="ACCEPT", objective="25/2")})
    assert run_scripted().status is Status.DISAGREE


@pytest.mark.parametrize("bad", [
    "[]", "42", "null", '"verdict"', "{}", '{"verdict": []}', '{"verdict": {}}',
    _out(status="MAYBE", reason="EMPTY"),
    _out(status="ACCEPT"),
    _out(status="ACCEPT", objective="twelve"),
    _out(status="ACCEPT", objective=12),
    _out(status="ACCEPT", objective=True),
    _out(status="ACCEPT", objective="12", reason="EMPTY"),
    _out(status="REJECT", reason="NOT_A_CODE"),
    _out(status="REJECT"),
])
def test_malformed_verifier_output_is_error(scripted, bad):
    scripted({"check": bad}, {"check": _out(status="ACCEPT", objective="12")})
    res = run_scripted()
    assert res.status is Status.ERROR and res.primary.reason == "VERIFIER_CRASHED"


def test_huge_objectives_are_exact_and_a_mismatch_is_a_disagreement(scripted):
    """Exact objectives may have more digits than Python's int/str limit (e.g. q^K of a certificate)."""
    scripted({"check": _out(status="ACCEPT", objective="12")}, {"check": _out(status="ACCEPT", objective="1" * 5000)})
    res = run_scripted()
    assert res.status is Status.DISAGREE and "5000 characters" in res.message
    scripted({"check": _out(status="ACCEPT", objective="1" * 5000)}, {"check": _out(status="ACCEPT", objective="1" * 5000)})
    res = run_scripted()
    assert res.status is Status.ACCEPT and res.objective == (10 ** 5000 - 1) // 9


@pytest.mark.parametrize("bad", [
    _out(status="ACCEPT", objective="1/0"),       # Fraction("1/0") raises ZeroDivisionError
])
def test_malformed_objective_is_error_and_never_crashes_the_harness(scripted, bad):
    scripted({"check": _out(status="ACCEPT", objective="12")}, {"check": bad})
    res = run_scripted()
    assert res.status is Status.ERROR and res.second.reason == "VERIFIER_CRASHED"


@pytest.mark.parametrize("witness_reply", ["1", "[1]", '"yes"', '{"holds": "true"}', '{"holds": 1}', "{}"])
def test_malformed_witness_reply_is_not_a_confirmation(scripted, witness_reply):
    rej = _out(status="REJECT", reason="PROPERTY_VIOLATION", message="line", witness=LINE)
    scripted({"check": rej, "witness": '{"holds": true, "message": "ok"}'},
             {"check": rej, "witness": witness_reply})
    res = run_scripted()
    # the second's witness is re-checked by the (scripted) primary and vice versa; the second's reply is bad
    assert res.status is Status.DISAGREE
    assert res.reason == "independent_verifier_disagreement"


def test_scripted_witness_confirmed_both_ways(scripted):
    rej = _out(status="REJECT", reason="PROPERTY_VIOLATION", message="line", witness=LINE)
    ok = '{"holds": true, "message": "ok"}'
    scripted({"check": rej, "witness": ok}, {"check": rej, "witness": ok})
    res = run_scripted()
    assert res.status is Status.REJECT and res.witness == LINE and len(res.witness_checks) == 2


# =====================================================================================================
# end to end: the real capset verifiers
# =====================================================================================================

def real(answer_bytes: bytes, params=None, kind="file", time_limit=60.0):
    return harness.verify("capset", params or {"d": 4}, answer_bytes, kind, time_limit=time_limit)


def test_real_valid_cap():
    res = real(json.dumps({"answer": CAP4}).encode())
    assert res.status is Status.ACCEPT and res.objective == CAP4_SIZE and type(res.objective) is int
    assert res.primary.status is Status.ACCEPT and res.second.status is Status.ACCEPT
    assert res.primary.objective == res.second.objective == CAP4_SIZE
    assert res.witness_checks == []
    assert res.primary_seconds > 0 and res.second_seconds > 0


def test_real_line_is_rejected_with_a_certified_witness():
    answer = ["0000", "0120", "1111", "2222"]
    res = real(json.dumps(answer).encode())
    assert res.status is Status.REJECT and res.reason == "PROPERTY_VIOLATION"
    assert res.witness["indices"] == [0, 2, 3]
    assert res.witness["points"] == ["0000", "1111", "2222"]
    assert res.primary.reason == res.second.reason == "PROPERTY_VIOLATION"
    assert len(res.witness_checks) == 2 and all(c["holds"] for c in res.witness_checks)


def test_real_duplicate_is_rejected():
    res = real(json.dumps(["0000", "0001", "0000"]).encode())
    assert res.status is Status.REJECT and res.reason == "DUPLICATE"
    assert res.witness["indices"] == [0, 2]
    assert all(c["holds"] for c in res.witness_checks)


@pytest.mark.parametrize("payload", [b'["0000", "0001"', b'["0000",, "0001"]', b"{'answer': ['0000']}", b""])
def test_real_malformed_json_is_a_format_rejection(payload):
    res = real(payload)
    assert res.status is Status.REJECT
    assert res.reason in ("NO_ANSWER", "JSON_SYNTAX")
    assert res.primary.status is Status.REJECT and res.second.status is Status.REJECT


def test_real_model_text_and_json_kinds():
    text = "Here is my cap:\n```json\n" + json.dumps({"answer": CAP4}) + "\n```\n"
    assert real(text.encode(), kind="text").objective == CAP4_SIZE
    assert real(text.encode(), kind="file").objective == CAP4_SIZE
    assert real(json.dumps({"answer": CAP4}).encode(), kind="json").objective == CAP4_SIZE


def test_real_params_come_from_the_instance_not_the_answer():
    res = real(json.dumps(CAP4_POINTS).encode(), params={"d": 5})
    assert res.status is Status.REJECT and res.reason == "FORMAT_SHAPE"


def test_real_timeout_is_timeout_not_a_crash():
    res = real(json.dumps({"answer": CAP4}).encode(), time_limit=1e-6)  # less than a fork takes
    assert res.status is Status.TIMEOUT and res.reason == "TIME_LIMIT"
    assert res.primary.status is Status.TIMEOUT and res.second.status is Status.TIMEOUT
    assert not res.valid and res.objective is None


def test_real_workers_under_an_outer_hard_memory_cap_do_not_crash_the_harness():
    """A scorer run under a hard RLIMIT_AS below the default 4 GiB limit (e.g. a batch job) must not crash."""
    code = (
        "import json, resource\n"
        "resource.setrlimit(resource.RLIMIT_AS, (3 * 1024 ** 3, 3 * 1024 ** 3))\n"
        "from endless_exam.checker.verify import harness\n"
        f"res = harness.verify('capset', {{'d': 4}}, {json.dumps(json.dumps(CAP4))}.encode(), 'file', time_limit=60)\n"
        "print(res.status.value)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    assert proc.returncode == 0
    assert proc.stdout.strip() in ("ACCEPT", "ERROR")


@pytest.mark.parametrize("memory_limit", [10 ** 30, 50 * 1024 ** 2, 1])
def test_extreme_memory_limits_are_verdicts_not_crashes(memory_limit):
    """A limit above what the system allows is capped; a limit below what a process needs is a LIMIT (or a
    check that fits anyway), never an import ERROR or a harness crash."""
    res = harness.verify("capset", {"d": 4}, json.dumps(["0000", "0001"]).encode(), memory_limit=memory_limit)
    for v in (res.primary, res.second):
        assert v.status in (Status.ACCEPT, Status.LIMIT), v
    if memory_limit == 10 ** 30:
        assert res.status is Status.ACCEPT and res.objective == 2


# =====================================================================================================
# the zygotes: isolation, warm start, single thread, death and restart
# =====================================================================================================

TRIVIAL_HEADER = dict(HEADER, params={"d": 4})


@pytest.mark.parametrize("worker", [harness.PRIMARY, harness.SECOND])
def test_verifier_zygotes_are_isolated_and_single_threaded(worker):
    result, failure, _ = harness.run_worker(worker, TRIVIAL_HEADER, b'["0000"]', 60.0, 4 * GIB)
    assert failure is None and result["verdict"]["status"] == "ACCEPT"
    pid = harness.zygote_pid(worker)
    assert pid is not None
    cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    assert cmdline[1:4] == [b"-I", b"-m", harness.ZYGOTE.encode()]
    assert os.readlink(f"/proc/{pid}/cwd") == "/"
    assert len(os.listdir(f"/proc/{pid}/task")) == 1           # it forks: it must have one thread
    environ = dict(e.split(b"=", 1) for e in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0") if b"=" in e)
    assert not [k for k in environ if k.startswith(b"PYTHON")]
    assert environ[b"OPENBLAS_NUM_THREADS"] == b"1" and environ[b"OMP_NUM_THREADS"] == b"1"


def test_one_zygote_per_verifier_serves_many_requests():
    pids = set()
    for _ in range(3):
        harness.run_worker(harness.PRIMARY, TRIVIAL_HEADER, b'["0000"]', 60.0, 4 * GIB)
        pids.add(harness.zygote_pid(harness.PRIMARY))
    assert len(pids) == 1 and None not in pids


def test_a_zygote_that_died_between_requests_is_replaced():
    harness.run_worker(harness.PRIMARY, TRIVIAL_HEADER, b'["0000"]', 60.0, 4 * GIB)
    old = harness.zygote_pid(harness.PRIMARY)
    os.kill(old, signal.SIGKILL)
    assert _wait_until(lambda: _dead(old))
    result, failure, _ = harness.run_worker(harness.PRIMARY, TRIVIAL_HEADER, b'["0000"]', 60.0, 4 * GIB)
    assert failure is None and result["verdict"]["status"] == "ACCEPT"
    assert harness.zygote_pid(harness.PRIMARY) not in (None, old)


def test_a_zygote_killed_during_a_request_is_an_error_never_a_hang(tmp_path, monkeypatch):
    pidfile = tmp_path / "worker.pid"
    monkeypatch.setenv("EE_TEST_PIDFILE", str(pidfile))
    worker = helper("pid_worker")
    t, box = _in_thread(harness.run_worker, worker, HEADER, b"[]", 60.0, GIB)
    pid, zygote = _read_pids(pidfile)
    assert zygote == harness.zygote_pid(worker)
    os.kill(zygote, signal.SIGKILL)
    t.join(60)
    assert not t.is_alive()
    result, failure, _ = box["value"]
    assert result is None
    assert failure.status is Status.ERROR and failure.reason == "VERIFIER_CRASHED" and "zygote" in failure.message
    assert _wait_until(lambda: _dead(pid)), "the child outlived its zygote"   # its parent-death signal
    # the next request starts a new zygote
    pidfile.unlink()
    t, box = _in_thread(harness.run_worker, worker, HEADER, b"[]", 60.0, GIB)
    pid2, zygote2 = _read_pids(pidfile)
    assert zygote2 != zygote
    os.kill(pid2, signal.SIGKILL)
    t.join(60)
    assert box["value"][1].status is Status.ERROR


def test_fault_injection_verdicts_through_one_zygote_in_a_row(tmp_path, monkeypatch):
    """The same zygote keeps serving after timeouts, crashes and memory exhaustion of its children."""
    monkeypatch.setenv("EE_TEST_PIDFILE", str(tmp_path / "unused"))
    outcomes = [harness.run_worker(helper(name), HEADER, b"[]", limit, GIB)[1]
                for name, limit in (("sleepy_worker", 1.0), ("crashy_worker", 20.0), ("greedy_worker", 20.0),
                                    ("silent_worker", 20.0))]
    assert [(v.status, v.reason) for v in outcomes] == [
        (Status.TIMEOUT, "TIME_LIMIT"), (Status.ERROR, "VERIFIER_CRASHED"), (Status.LIMIT, "MEMORY_LIMIT"),
        (Status.ERROR, "VERIFIER_CRASHED")]


# =====================================================================================================
# libraries: what each verifier's process loaded
# =====================================================================================================

def test_real_verifiers_report_the_libraries_their_processes_loaded():
    from importlib.metadata import version

    res = real(json.dumps({"answer": CAP4}).encode())
    assert res.status is Status.ACCEPT
    assert PRIMARY_LIBRARIES <= set(res.primary_libraries)
    assert {"endless-exam-checker", "numpy"} <= set(res.second_libraries)
    assert not FORBIDDEN_IN_SECOND & set(res.second_libraries)
    assert "sympy" not in res.primary_libraries
    for libs in (res.primary_libraries, res.second_libraries):
        assert "setuptools" not in libs            # start-up hooks (.pth files) are not libraries
        for dist, ver in libs.items():
            assert ver == version(dist)


def test_a_verifier_process_loads_only_what_its_family_needs():
    """A capset check loads numpy and nothing else: the zygotes warm the family in front of them, not
    every family (so no sympy in the second, no python-flint in the primary). Fresh zygotes: a zygote
    that has served other families keeps their modules (that is what keeps score's zygotes warm)."""
    harness.shutdown()
    res = real(json.dumps({"answer": CAP4}).encode())
    assert res.status is Status.ACCEPT
    assert set(res.primary_libraries) == {"endless-exam-checker", "numpy"}
    assert set(res.second_libraries) == {"endless-exam-checker", "numpy"}


def test_a_warm_zygote_loads_a_new_family_when_its_first_request_comes():
    """The same zygote serves a capset request, then a kakeya one: it loads kakeya's libraries (sympy, in
    the second verifier) once, before forking, and the child reports them."""
    cap = dict(TRIVIAL_HEADER)
    result, failure, _ = harness.run_worker(harness.SECOND, cap, b'["0000"]', 60.0, 4 * GIB)
    assert failure is None and "sympy" not in result["libraries"]
    zygote = harness.zygote_pid(harness.SECOND)
    kakeya = {"op": "check", "family": "kakeya", "params": {"q": 3, "n": 2}, "kind": "file"}
    answer = b"[[0,0],[0,1],[0,2],[1,0],[1,2],[2,0],[2,2]]"
    result, failure, _ = harness.run_worker(harness.SECOND, kakeya, answer, 60.0, 4 * GIB)
    assert failure is None and result["verdict"]["status"] == "ACCEPT", result
    assert "sympy" in result["libraries"] and not FORBIDDEN_IN_SECOND & set(result["libraries"])
    assert harness.zygote_pid(harness.SECOND) == zygote       # the same warm zygote, not a new one


def test_a_family_that_cannot_be_loaded_is_a_verdict_of_its_own_request_not_a_dead_zygote():
    bad = {"op": "check", "family": "no_such_family", "params": {}, "kind": "file"}
    result, failure, _ = harness.run_worker(harness.PRIMARY, bad, b"[]", 60.0, 4 * GIB)
    assert failure is None and result["verdict"]["status"] == "ERROR", result
    result, failure, _ = harness.run_worker(harness.PRIMARY, dict(TRIVIAL_HEADER), b'["0000"]', 60.0, 4 * GIB)
    assert failure is None and result["verdict"]["status"] == "ACCEPT"


def test_a_zygote_that_dies_while_loading_a_family_is_an_error_and_is_replaced():
    worker = helper("warm_crash_worker")
    result, failure, _ = harness.run_worker(worker, HEADER, b"[]", 20.0, GIB)
    assert result is None and failure.status is Status.ERROR and failure.reason == "VERIFIER_CRASHED"
    assert "loading family 'capset'" in failure.message
    other = dict(HEADER, family="labs", params={"N": 4})
    result, failure, _ = harness.run_worker(worker, other, b"[]", 20.0, GIB)
    assert failure is None and result["verdict"]["status"] == "ACCEPT"     # a new zygote serves the others


def test_a_new_family_is_warmed_only_once_no_request_of_the_zygote_is_in_flight():
    """A capset request is running (1 s, limit 6 s) when a labs request asks the same zygote to load labs
    (8 s): the harness waits for the capset request to end before warming, so the capset answer is not
    timed out by a zygote that was busy importing instead of reporting its child's exit."""
    worker = helper("slow_warm_worker")
    assert harness.run_worker(worker, HEADER, b"[]", 60.0, GIB)[1] is None      # zygote up, capset warm
    t, box = _in_thread(harness.run_worker, worker, HEADER, b"[]", 6.0, GIB)
    time.sleep(0.3)                                     # the capset request is (very likely) in flight
    labs = dict(HEADER, family="labs", params={"N": 4})
    result, failure, _ = harness.run_worker(worker, labs, b"[]", 60.0, GIB)
    t.join(60)
    assert failure is None and result["verdict"]["status"] == "ACCEPT"
    capset_result, capset_failure, _ = box["value"]
    assert capset_failure is None and capset_result["verdict"]["status"] == "ACCEPT", capset_failure


def test_witness_replies_carry_libraries_too():
    header = dict(TRIVIAL_HEADER, op="witness", witness={"points": ["0000", "1111", "2222"], "indices": [0, 1, 2]})
    result, failure, _ = harness.run_worker(harness.SECOND, header, json.dumps(["0000", "1111", "2222"]).encode(),
                                            60.0, 4 * GIB)
    assert failure is None and result["holds"] is True
    assert "numpy" in result["libraries"] and not FORBIDDEN_IN_SECOND & set(result["libraries"])


def test_verify_json_prints_the_libraries_per_verifier(tmp_path, capsys):
    """``verify`` reports what each process loaded: numpy for a 112-point cap, and for a 20-point cap
    (decided in plain Python, and the CLI's one-answer verify warms no zygote) nothing but the project."""
    from endless_exam.checker import cli

    d6 = json.loads((ROOT / "fixtures" / "constructions" / "capset" / "d6.json").read_text())["answer"]
    harness.shutdown()                     # fresh zygotes: none warmed by an earlier test
    try:
        for params, cap, numpy_loaded in (({"d": 4}, CAP4, False), ({"d": 6}, d6, True)):
            answer = tmp_path / "cap.json"
            answer.write_text(json.dumps({"answer": cap}))
            code = cli.main(["verify", "--family", "capset", "--params", json.dumps(params), str(answer), "--json"])
            out = json.loads(capsys.readouterr().out)
            assert code == 0
            primary, second = set(out["primary"]["libraries"]), set(out["second"]["libraries"])
            assert primary <= PRIMARY_LIBRARIES and not FORBIDDEN_IN_SECOND & second
            assert "endless-exam-checker" in primary and "endless-exam-checker" in second
            assert ("numpy" in primary) is ("numpy" in second) is numpy_loaded, (params, primary, second)
    finally:
        harness.shutdown()


def test_a_second_verifier_process_that_loaded_a_primary_library_is_an_error():
    result, failure, _ = harness.run_worker(helper("impure_second"), TRIVIAL_HEADER, b'["0000"]', 60.0, 4 * GIB)
    assert failure is None
    assert result["verdict"]["status"] == "ERROR" and result["verdict"]["reason"] == "INTERNAL_ERROR"
    assert "flint" in result["verdict"]["message"]


# =====================================================================================================
# isolation from the caller: a planted directory
# =====================================================================================================

_PLANTED = ("import os, sys\n"
            "sys.stdout.write('{\"verdict\": {\"status\": \"ACCEPT\", \"objective\": \"999999\", \"message\": \"planted\"}}\\n')\n"
            "sys.stdout.flush()\n"
            "os._exit(0)\n")


def _plant(directory: Path, names: tuple[str, ...]) -> None:
    for rel in names:
        path = directory / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_PLANTED)


_LIBRARIES = ("numpy.py", "flint.py", "gmpy2.py")
_PACKAGES = ("checker/__init__.py", "checker/verify/__init__.py", "checker/verify/worker.py", "crosscheck/__init__.py", "crosscheck/worker.py",
             "certificates/__init__.py", "certificates/worker.py", "certificates/zygote.py",
             "endless_exam/__init__.py", "endless_exam/checker/__init__.py", "endless_exam/checker/verify/__init__.py", "endless_exam/checker/verify/worker.py",
             "endless_exam/certificates/__init__.py", "endless_exam/certificates/zygote.py")


def test_a_planted_directory_cannot_hijack_the_verifiers(tmp_path):
    """Run from a directory whose checker/worker.py, numpy.py, ... print ACCEPT, with PYTHONPATH naming another
    that holds a numpy.py doing the same (the CLI process itself does not import numpy; a PYTHONPATH that
    shadows the project's own package would hijack the caller, not only its verifiers): a bad answer is still
    rejected, because the verifier processes start isolated from the caller's directory and environment."""
    plant, libs = tmp_path / "plant", tmp_path / "libs"
    _plant(plant, _LIBRARIES + _PACKAGES)
    _plant(libs, _LIBRARIES)
    (plant / "bad.json").write_text(json.dumps(["000", "111", "222"]))   # a line: not a cap set
    cli = Path(sys.executable).parent / "endless-exam"
    env = dict(os.environ, PYTHONPATH=str(libs))
    proc = subprocess.run([str(cli), "verify", "--family", "capset", "--params", '{"d": 3}', "bad.json", "--json"],
                          cwd=plant, env=env, capture_output=True, text=True, timeout=300)
    assert "999999" not in proc.stdout and "planted" not in proc.stdout
    assert proc.returncode == 1, proc.stdout + proc.stderr
    out = json.loads(proc.stdout)
    assert out["status"] == "REJECT" and out["reason"] == "PROPERTY_VIOLATION"


# =====================================================================================================
# no orphans: killing verify or score kills every verifier process
# =====================================================================================================

_DRIVER = """
import sys
from endless_exam.checker import cli
from endless_exam.checker.verify import harness
root, command, path, out = sys.argv[1:5]
harness.PRIMARY = harness.Worker("tests.helpers.sleepy_worker", (root,))
harness.SECOND = harness.Worker("tests.helpers.sleepy_worker", (root,))
if command == "verify":
    sys.exit(cli.main(["verify", "--family", "capset", "--params", '{"d": 3}', path]))
sys.exit(cli.main(["score", path, "--output", out, "--allow-partial", "--jobs", "2"]))
"""


@pytest.mark.parametrize("command", ["verify", "score"])
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL])
def test_killing_verify_or_score_kills_every_verifier_process(tmp_path, command, sig):
    from endless_exam.checker.suites import instances as suites

    piddir = tmp_path / "pids"
    piddir.mkdir()
    if command == "verify":
        path = tmp_path / "answer.json"
        path.write_text('["000"]')
    else:
        calls = [i.call_id for i in suites.load("bench-v1") if i.family == "capset"][:2]
        path = tmp_path / "answers.jsonl"
        path.write_text("".join(json.dumps({"call_id": c, "answer": ["0"]}) + "\n" for c in calls))
    env = dict(os.environ, EE_TEST_PIDDIR=str(piddir))
    proc = subprocess.Popen([sys.executable, "-c", _DRIVER, str(ROOT), command, str(path), str(tmp_path / "scores.json")],
                            cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert _wait_until(lambda: len(list(piddir.glob("[0-9]*"))) >= 2, 120), "the sleepy workers did not start"
        pids: set[int] = set()
        for f in piddir.glob("[0-9]*"):
            pids.update(int(x) for x in f.read_text().split())   # worker, its zygote, its grandchild
        assert all(not _dead(p) for p in pids)
        os.kill(proc.pid, sig)
        proc.wait(60)
        assert _wait_until(lambda: all(_dead(p) for p in pids), 60), \
            f"survivors after {sig.name}: {[p for p in pids if not _dead(p)]}"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.filterwarnings("ignore:.*fork.*:DeprecationWarning")   # Python 3.12+: forking a threaded process
def test_a_forked_caller_gets_its_own_zygotes():
    harness.run_worker(harness.PRIMARY, TRIVIAL_HEADER, b'["0000"]', 60.0, 4 * GIB)
    mine = harness.zygote_pid(harness.PRIMARY)
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:   # the child: its own zygote, and the parent's left alone
        code = 1
        try:
            res = harness.verify("capset", {"d": 4}, b'["0000"]')
            theirs = harness.zygote_pid(harness.PRIMARY)
            os.write(w, json.dumps([res.status.value, theirs]).encode())
            harness.shutdown()
            code = 0
        finally:
            os._exit(code)
    os.close(w)
    with os.fdopen(r) as fh:
        status, theirs = json.loads(fh.read())
    os.waitpid(pid, 0)
    assert status == "ACCEPT" and theirs not in (None, mine)
    assert harness.zygote_pid(harness.PRIMARY) == mine
    result, failure, _ = harness.run_worker(harness.PRIMARY, TRIVIAL_HEADER, b'["0000"]', 60.0, 4 * GIB)
    assert failure is None and result["verdict"]["status"] == "ACCEPT"


# ---- bounded replies (issue 16, item 1) ---------------------------------------------------------------

_HOSTILE_CALLS = ("a3-capset-11", "a3-corners-0", "a3-kissing-0", "a3-kissing_theta-0", "a3-degdiam-0",
                  "a3-lineq-4", "a3-shannon-0", "t1-trifference-0")


@pytest.mark.parametrize("call_id", _HOSTILE_CALLS)
def test_a_verifier_reply_does_not_grow_with_the_key_it_quotes(call_id):
    """Reproduction: an answer object with a huge key was echoed in full in the rejection message (and
    escaped to several times its size), so a 32 MiB key made the reply exceed the harness's output limit
    and the call became an infrastructure ERROR. Every message is now clipped, the length stated."""
    from endless_exam.certificates.bounded import MESSAGE_MAX
    from endless_exam.checker.suites import instances as suites

    inst = {i.call_id: i for i in suites.load("bench-v1")}[call_id]
    sizes = {}
    for n in (1000, 1 << 20):
        payload = json.dumps({"é" * n: 1}, ensure_ascii=False).encode("utf-8")
        header = {"op": "check", "family": inst.family, "params": inst.params, "kind": "json"}
        for worker in (harness.PRIMARY, harness.SECOND):
            result, failure, _ = harness.run_worker(worker, header, payload, 60.0, 4 * GIB)
            assert failure is None, failure
            verdict = result["verdict"]
            assert verdict["status"] == "REJECT", verdict
            assert len(verdict["message"]) <= MESSAGE_MAX, len(verdict["message"])
            sizes[n, worker] = len(json.dumps(result))
    for worker in (harness.PRIMARY, harness.SECOND):
        assert sizes[1 << 20, worker] < sizes[1000, worker] + 2000     # not a function of the key's size


def test_clip_states_the_length_and_keeps_short_text():
    from endless_exam.certificates.bounded import MESSAGE_MAX, bounded_witness, clip

    assert clip("short") == "short"
    long = clip("x" * 10_000_000)
    assert len(long) <= MESSAGE_MAX and "10,000,000 characters" in long
    assert bounded_witness({"indices": [0, 1, 2]}) == {"indices": [0, 1, 2]}
    assert "omitted" in bounded_witness({"points": ["0" * 100] * 100})


def test_a_crash_message_quotes_the_verifier_not_a_runpy_warning():
    """Reproduction (issue 16, item 9): every verifier's stderr began with runpy's RuntimeWarning (the
    zygote had imported the module it runs as __main__), which became the quoted last line of a crash
    message that had nothing else to say."""
    result, failure, _ = harness.run_worker(helper("crashy_worker"), HEADER, b"[]", 20.0, GIB)
    assert result is None and failure.status is Status.ERROR
    assert "RuntimeWarning" not in failure.message and "runpy" not in failure.message, failure.message
