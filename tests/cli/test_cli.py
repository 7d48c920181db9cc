"""The ``endless-exam`` command line (checker.cli): output formats and the exit-code contract.

Exit codes: 0 accepted, 1 rejected, 2 error / usage / time or memory limit, 3 verifier disagreement.
Most runs call ``endless_exam.checker.cli.main`` in-process; a few run ``python -m endless_exam.checker.cli`` as a real subprocess.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from endless_exam.certificates.schemas.capset import parse as parse_capset
from endless_exam.certificates.verdict import Status, Verdict
from endless_exam.checker import __version__, cli
from endless_exam.checker.verify import harness
from endless_exam.checker.suites import instances as suites
from endless_exam.certificates.contract import FAMILIES

ROOT = Path(__file__).resolve().parents[2]
SPEC = Path("/work/shared/spec/bench-v1-instances.json")
CONSTRUCTIONS = ROOT / "fixtures" / "constructions" / "capset"


def _fixture(d: int) -> tuple[object, str]:
    """(answer, objective as the CLI prints it) of a bundled cap-set construction."""
    doc = json.loads((CONSTRUCTIONS / f"d{d}.json").read_text())
    return doc["answer"], str(doc["objective"])


CAP9, CAP9_SIZE = _fixture(9)    # a3-capset-11 (reference 1082)
CAP4, CAP4_SIZE = _fixture(4)
CAP4_POINTS = list(parse_capset(CAP4, {"d": 4}).points)
LINE9 = ["000000000", "012012012", "111111111", "222222222"]
# families registered but not implemented yet (the set shrinks as the project grows)
UNIMPLEMENTED = [key for key, info in FAMILIES.items() if not info.implemented]


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_subprocess(*argv: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "endless_exam.checker.cli", *argv], cwd=ROOT, env=env, input=stdin,
                          capture_output=True, timeout=180)


@pytest.fixture
def write(tmp_path):
    def write_answer(content, name="answer.json") -> str:
        path = tmp_path / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        elif isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            path.write_text(json.dumps(content), encoding="utf-8")
        return str(path)
    return write_answer


@pytest.fixture
def no_harness(monkeypatch):
    """Usage errors must be reported before any verifier runs."""
    def boom(*args, **kwargs):
        raise AssertionError("the harness must not run on a usage error")
    monkeypatch.setattr(harness, "verify", boom)


def fake_combined(status: Status, objective=None, reason=None) -> harness.Combined:
    p = Verdict(Status.ACCEPT, objective=9) if status is not Status.ERROR else Verdict(Status.ERROR, reason="INTERNAL_ERROR")
    s = Verdict(Status.REJECT, reason="PROPERTY_VIOLATION", witness={"indices": [0, 1, 2]})
    if status is Status.ACCEPT:
        s = p
    return harness.Combined(status, objective, reason, f"fake {status.value}", None, p, s, 0.5, 0.25, [])


# =====================================================================================================
# instances
# =====================================================================================================

def test_instances_json_lists_every_bench_v1_instance_with_recorded_ids(capsys):
    code, out, _ = run_cli(capsys, "instances", "--json")
    assert code == 0
    assert json.loads(out)["version"] == __version__
    rows = json.loads(out)["instances"]
    assert len(rows) == len(suites.all_instances())
    bench = [r for r in rows if r["suite"] == "bench-v1"]
    assert len(bench) == 69
    assert [r["call_id"] for r in bench] == [i.call_id for i in suites.load("bench-v1")]
    for r in bench:
        assert r["instance_id"] == suites.instance_id(r["family"], r["params"])
        assert isinstance(r["implemented"], bool)
        assert r["implemented"] is FAMILIES[r["family"]].implemented
    assert all(r["implemented"] for r in bench if r["family"] == "capset")
    if SPEC.is_file():
        spec = json.loads(SPEC.read_text())["instances"]
        assert [(r["call_id"], r["instance_id"]) for r in bench] == [(s["call_id"], s["instance_id"]) for s in spec]


def test_instances_suite_filter(capsys):
    code, out, _ = run_cli(capsys, "instances", "--suite", "bench-v1", "--json")
    assert code == 0
    rows = json.loads(out)["instances"]
    assert len(rows) == 69 and {r["suite"] for r in rows} == {"bench-v1"}
    assert len([r for r in rows if r["family"] == "labs"]) == 5
    assert [r["call_id"] for r in rows if not r["implemented"]] == [
        r["call_id"] for r in rows if r["family"] in UNIMPLEMENTED]


def test_instances_family_filter(capsys):
    code, out, _ = run_cli(capsys, "instances", "--family", "capset", "--json")
    assert code == 0
    rows = json.loads(out)["instances"]
    assert {r["family"] for r in rows} == {"capset"}
    assert {r["call_id"] for r in rows} >= {"a3-capset-0", "a3-capset-2", "a3-capset-11"}
    assert all(r["implemented"] for r in rows)
    code, out, _ = run_cli(capsys, "instances", "--family", "capset", "--suite", "bench-v1", "--json")
    assert [r["call_id"] for r in json.loads(out)["instances"]] == ["a3-capset-0", "a3-capset-2", "a3-capset-11"]


def test_instances_text_output(capsys):
    code, out, _ = run_cli(capsys, "instances", "--family", "capset")
    assert code == 0
    assert "a3-capset-11" in out and "capset-253c1b38c406" in out and "1082" in out
    assert "not implemented" not in out.split("\n\n")[0]
    code, out, _ = run_cli(capsys, "instances", "--suite", "bench-v1")
    assert code == 0
    for inst in suites.load("bench-v1"):
        line = next(line for line in out.splitlines() if line.startswith(inst.call_id + " "))
        assert ("not implemented" in line) is (not inst.implemented), line
    assert "69 instances" in out


def test_instances_unknown_family_or_suite(capsys):
    assert run_cli(capsys, "instances", "--family", "nosuch")[0] == 2
    assert run_cli(capsys, "instances", "--suite", "bench-v9")[0] == 2


def test_instances_subprocess():
    proc = run_subprocess("instances", "--suite", "bench-v1", "--json")
    assert proc.returncode == 0, proc.stderr
    rows = json.loads(proc.stdout)["instances"]
    assert len(rows) == 69
    assert {r["call_id"]: r["instance_id"] for r in rows}["a3-capset-11"] == "capset-253c1b38c406"
    assert sum(r["implemented"] for r in rows) == sum(i.implemented for i in suites.load("bench-v1"))
    assert sum(r["implemented"] for r in rows if r["family"] == "capset") == 3


# =====================================================================================================
# verify: real runs
# =====================================================================================================

VERIFY_KEYS = {"status", "valid", "objective", "objective_float", "reason", "message", "witness", "primary", "second",
               "reference", "ratio"}


def test_verify_instance_json_accept(capsys, write):
    path = write({"answer": CAP9})
    code, out, _ = run_cli(capsys, "verify", "--instance", "a3-capset-11", path, "--json")
    assert code == 0
    data = json.loads(out)  # exactly one JSON object
    assert isinstance(data, dict) and VERIFY_KEYS <= set(data)
    assert data["status"] == "ACCEPT" and data["valid"] is True
    assert data["objective"] == CAP9_SIZE and data["objective_float"] == float(CAP9_SIZE)
    assert data["reason"] is None and data["witness"] is None
    for name in ("primary", "second"):
        assert {"status", "objective", "reason", "seconds"} <= set(data[name])
        assert data[name]["status"] == "ACCEPT" and data[name]["objective"] == CAP9_SIZE
        assert data[name]["reason"] is None and data[name]["seconds"] >= 0
    assert data["reference"] == "1082"
    assert data["ratio"] == pytest.approx(int(CAP9_SIZE) / 1082)
    assert Fraction(data["ratio_exact"]) == Fraction(int(CAP9_SIZE), 1082)
    assert data["call_id"] == "a3-capset-11" and data["instance_id"] == "capset-253c1b38c406"


def test_verify_instance_by_instance_id(capsys, write):
    path = write({"answer": CAP9})
    code, out, _ = run_cli(capsys, "verify", "--instance", "capset-253c1b38c406", path, "--json")
    assert code == 0 and json.loads(out)["call_id"] == "a3-capset-11"


def test_verify_line_is_rejected_with_exit_1(capsys, write):
    code, out, _ = run_cli(capsys, "verify", "--instance", "a3-capset-11", write(LINE9), "--json")
    assert code == 1
    data = json.loads(out)
    assert data["status"] == "REJECT" and data["valid"] is False and data["reason"] == "PROPERTY_VIOLATION"
    assert data["objective"] is None and data["objective_float"] is None
    assert data["witness"]["indices"] == [0, 2, 3]
    assert data["ratio"] == 0.0
    assert data["primary"]["status"] == data["second"]["status"] == "REJECT"


def test_verify_human_readable_output(capsys, write):
    code, out, _ = run_cli(capsys, "verify", "--instance", "a3-capset-11", write({"answer": CAP9}))
    assert code == 0
    lines = out.splitlines()
    assert any(line.startswith("verdict") and "ACCEPT" in line and CAP9_SIZE in line for line in lines)
    assert any(line.startswith("primary") and "ACCEPT" in line for line in lines)
    assert any(line.startswith("second") and "ACCEPT" in line for line in lines)
    assert any(line.startswith("reference") and "1082" in line for line in lines)
    code, out, _ = run_cli(capsys, "verify", "--instance", "a3-capset-11", write(LINE9, "line.json"))
    assert code == 1
    assert "REJECT" in out and "PROPERTY_VIOLATION" in out and "witness" in out
    assert any(line.startswith("primary") and "REJECT" in line for line in out.splitlines())
    assert any(line.startswith("second") and "REJECT" in line for line in out.splitlines())
    assert "re-check" in out


@pytest.mark.parametrize("content", [
    CAP4,                                                                                  # bare
    {"answer": CAP4},                                                                      # wrapped
    "Sure! Here is a 20-point cap {found by search}:\n```json\n" + json.dumps({"answer": CAP4}) + "\n```\nDone.",
], ids=["bare", "wrapped", "model-text"])
def test_verify_answer_file_forms(capsys, write, content):
    code, out, _ = run_cli(capsys, "verify", "--family", "capset", "--params", '{"d": 4}', write(content), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["status"] == "ACCEPT" and data["objective"] == CAP4_SIZE
    assert data["call_id"] == "a1-capset-2" and data["ratio"] == 1  # d=4 is a draw of tier A1 (reference 20)


def test_verify_family_params_for_a_size_series_instance(capsys, write):
    cap8, cap8_size = _fixture(8)
    path = write({"answer": cap8})
    code, out, _ = run_cli(capsys, "verify", "--family", "capset", "--params", '{"d": 8}', path, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["objective"] == cap8_size and data["call_id"] == "s1-capset-1"
    assert data["reference"] == "512" and data["ratio"] == pytest.approx(int(cap8_size) / 512)


def test_verify_family_params_for_a_non_suite_instance(capsys, write):
    path = write([p + "0" for p in CAP4_POINTS])  # cap x {0} is a cap in F_3^5 (d = 5 is in no suite)
    code, out, _ = run_cli(capsys, "verify", "--family", "capset", "--params", '{"d": 5}', path, "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["status"] == "ACCEPT" and data["objective"] == CAP4_SIZE
    assert data["call_id"] is None and data["instance_id"] == suites.instance_id("capset", {"d": 5})
    code, out, _ = run_cli(capsys, "verify", "--family", "capset", "--params", '{"d": 5}', path)
    assert code == 0 and "verdict" in out and "reference" not in out


def test_verify_malformed_answer_is_rejected(capsys, write):
    code, out, _ = run_cli(capsys, "verify", "--instance", "a3-capset-11", write(b'["000000000", "0'), "--json")
    assert code == 1
    assert json.loads(out)["reason"] == "NO_ANSWER"      # a truncated bare list (a truncated object: JSON_SYNTAX)
    code, out, _ = run_cli(capsys, "verify", "--instance", "a3-capset-11", write(b'["\xff"]', "bad.json"), "--json")
    assert code == 1
    assert json.loads(out)["reason"] == "JSON_ENCODING"


def test_verify_answer_file_over_32_mib_is_size_limit(capsys, write):
    path = write(b"[" + b" " * (32 * 1024 * 1024) + b"]", "big.json")
    code, out, _ = run_cli(capsys, "verify", "--instance", "a3-capset-11", path, "--json")
    assert code == 1
    data = json.loads(out)
    assert data["reason"] == "SIZE_LIMIT"
    assert data["primary"]["reason"] == data["second"]["reason"] == "SIZE_LIMIT"


def test_verify_suite_instance_without_reference(capsys, write):
    path = write([p + "0" * 8 for p in CAP4_POINTS])
    code, out, _ = run_cli(capsys, "verify", "--instance", "s1-capset-3", path, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["params"] == {"d": 12} and data["objective"] == CAP4_SIZE
    assert data["reference"] is None and data["ratio"] is None
    code, out, _ = run_cli(capsys, "verify", "--instance", "s1-capset-3", path)
    assert code == 0 and "ratio" not in out


def test_verify_subprocess_json():
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "cap9.json"
        path.write_text(json.dumps({"answer": CAP9}))
        proc = run_subprocess("verify", "--instance", "a3-capset-11", str(path), "--json")
        assert proc.returncode == 0, proc.stderr
        data = json.loads(proc.stdout)
        assert data["status"] == "ACCEPT" and data["objective"] == CAP9_SIZE and data["reference"] == "1082"
        path.write_text(json.dumps(LINE9))
        proc = run_subprocess("verify", "--instance", "a3-capset-11", str(path))
        assert proc.returncode == 1, proc.stderr
        assert b"PROPERTY_VIOLATION" in proc.stdout


def test_verify_subprocess_stdin_and_usage_error():
    proc = run_subprocess("verify", "--family", "capset", "--params", '{"d": 4}', "-", "--json",
                          stdin=json.dumps({"answer": CAP4}).encode())
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["objective"] == CAP4_SIZE
    proc = run_subprocess("verify", "--instance", "a3-capset-999", "-", stdin=b"[]")
    assert proc.returncode == 2
    assert b"error" in proc.stderr and b"Traceback" not in proc.stderr


# =====================================================================================================
# verify: usage errors (exit 2, no verifier runs)
# =====================================================================================================

@pytest.mark.parametrize("argv", [
    ["--instance", "a3-capset-999"],
    ["--instance", "capset-000000000000"],
    ["--instance", "a3-capset-11", "--family", "capset", "--params", '{"d": 9}'],
    ["--instance", "a3-capset-11", "--family", "capset"],
    ["--instance", "a3-capset-11", "--params", '{"d": 9}'],
    ["--family", "capset"],                                   # no --params
    ["--params", '{"d": 9}'],                                 # no --family
    [],                                                       # neither
    ["--family", "nosuch", "--params", "{}"],
    ["--family", "capset", "--params", '{"d": 8'],            # not JSON
    ["--family", "capset", "--params", "NaN"],
    ["--family", "capset", "--params", '{"d": 8, "d": 9}'],   # duplicate key
    ["--family", "capset", "--params", '{"d": 0}'],
    ["--family", "capset", "--params", '{"d": -3}'],
    ["--family", "capset", "--params", '{"d": 10000001}'],
    ["--family", "capset", "--params", '{"d": true}'],
    ["--family", "capset", "--params", '{"d": 8.0}'],
    ["--family", "capset", "--params", '{"d": "8"}'],
    ["--family", "capset", "--params", "{}"],
    ["--family", "capset", "--params", '{"d": 8, "q": 3}'],
    ["--family", "capset", "--params", "[8]"],
    ["--family", "capset", "--params", "8"],
], ids=lambda a: " ".join(a) or "no-instance")
def test_verify_usage_errors_exit_2(capsys, write, no_harness, argv):
    path = write({"answer": CAP4})
    code, out, err = run_cli(capsys, "verify", *argv, path)
    assert code == 2
    assert "error" in err
    assert out == ""


@pytest.mark.skipif(not UNIMPLEMENTED, reason="every family is implemented")
def test_verify_unimplemented_family_exit_2(capsys, write, no_harness):
    path = write([])
    for family in UNIMPLEMENTED:
        insts = [i for i in suites.all_instances() if i.family == family]
        if insts:
            code, _, err = run_cli(capsys, "verify", "--instance", insts[0].call_id, path)
            assert code == 2 and "not implemented" in err, family
            code, _, err = run_cli(capsys, "verify", "--family", family, "--params", json.dumps(insts[0].params), path)
            assert code == 2 and "not implemented" in err, family


def test_verify_missing_file_exit_2(capsys, tmp_path, no_harness):
    code, _, err = run_cli(capsys, "verify", "--instance", "a3-capset-11", str(tmp_path / "nope.json"))
    assert code == 2 and "does not exist" in err
    code, _, err = run_cli(capsys, "verify", "--instance", "a3-capset-11", str(tmp_path))  # a directory
    assert code == 2 and "is a directory" in err and "does not exist" not in err


def test_argparse_errors_exit_2(capsys, no_harness):
    assert run_cli(capsys, "verify", "--instance", "a3-capset-11")[0] == 2       # no answer argument
    assert run_cli(capsys, "nosuchcommand")[0] == 2
    assert run_cli(capsys)[0] == 2
    assert run_cli(capsys, "verify", "--time-limit", "soon", "--instance", "a3-capset-11", "x")[0] == 2


@pytest.mark.parametrize("option, value, allowed", [
    ("--memory-limit", "nan", {2}),
    ("--memory-limit", "-1", {2}),       # must not silently mean "unlimited"
    ("--memory-limit", "inf", {0, 2}),   # either "no limit" or a usage error, never a crash
    ("--time-limit", "nan", {2}),
    ("--time-limit", "inf", {0, 2}),
], ids=["memory-nan", "memory-negative", "memory-inf", "time-nan", "time-inf"])
def test_verify_bad_limits_are_usage_errors_not_crashes(write, option, value, allowed):
    """An uncaught exception exits with status 1, which the contract reserves for 'rejected'."""
    proc = run_subprocess("verify", "--family", "capset", "--params", '{"d": 4}', option, value,
                          write({"answer": CAP4}))
    assert b"Traceback" not in proc.stderr, proc.stderr.decode()[-1500:]
    assert proc.returncode in allowed


# =====================================================================================================
# verify: exit codes for every combined status (harness faked)
# =====================================================================================================

@pytest.mark.parametrize("status, objective, reason, expected", [
    (Status.ACCEPT, 9, None, 0),
    (Status.REJECT, None, "PROPERTY_VIOLATION", 1),
    (Status.ERROR, None, "VERIFIER_CRASHED", 2),
    (Status.TIMEOUT, None, "TIME_LIMIT", 2),
    (Status.LIMIT, None, "MEMORY_LIMIT", 2),
    (Status.DISAGREE, None, "independent_verifier_disagreement", 3),
])
def test_exit_code_per_status(capsys, write, monkeypatch, status, objective, reason, expected):
    seen = {}

    def fake_verify(family, params, payload, kind="file", **kwargs):
        seen.update(family=family, params=params, payload=payload, kind=kind, **kwargs)
        return fake_combined(status, objective, reason)

    monkeypatch.setattr(harness, "verify", fake_verify)
    path = write({"answer": CAP9})
    code, out, _ = run_cli(capsys, "verify", "--instance", "a3-capset-11", path, "--json")
    assert code == expected
    data = json.loads(out)
    assert data["status"] == status.value and data["reason"] == reason
    assert data["valid"] is (status is Status.ACCEPT)
    assert seen["family"] == "capset" and seen["params"] == {"d": 9}
    assert seen["payload"] == Path(path).read_bytes()
    # the human-readable form gives the same exit code and both verifiers' lines
    code, out, _ = run_cli(capsys, "verify", "--instance", "a3-capset-11", path)
    assert code == expected
    assert status.value in out
    assert any(line.startswith("primary") for line in out.splitlines())
    assert any(line.startswith("second") for line in out.splitlines())


def test_disagreement_output(capsys, write, monkeypatch):
    monkeypatch.setattr(harness, "verify", lambda *a, **k: fake_combined(
        Status.DISAGREE, None, "independent_verifier_disagreement"))
    code, out, _ = run_cli(capsys, "verify", "--instance", "a3-capset-11", write(CAP9), "--json")
    assert code == 3
    data = json.loads(out)
    assert data["status"] == "DISAGREE" and data["valid"] is False and data["ratio"] == 0.0
    assert data["primary"]["status"] == "ACCEPT" and data["second"]["status"] == "REJECT"


def test_huge_exact_objective_is_printed_exactly(capsys, write, monkeypatch):
    """An exact objective beyond float range must not crash the JSON output (float() overflows)."""
    big = 10 ** 400
    monkeypatch.setattr(harness, "verify", lambda *a, **k: fake_combined(Status.ACCEPT, big, None))
    code, out, _ = run_cli(capsys, "verify", "--family", "capset", "--params", '{"d": 4}', write(CAP4), "--json")
    assert code == 0
    assert json.loads(out)["objective"] == str(big)


# =====================================================================================================
# audit
# =====================================================================================================

def test_audit_capset_json(capsys):
    code, out, _ = run_cli(capsys, "audit", "--family", "capset", "--json")
    assert code == 0
    data = json.loads(out)
    rows = data["rows"]
    files = sorted(p.name for p in CONSTRUCTIONS.glob("*.json"))
    assert sorted({r["construction"].split("/", 1)[1] for r in rows}) == files
    for r in rows:
        assert r["status"] == "ACCEPT", r
        assert r["verifiers"] == "ACCEPT/ACCEPT" and r["agreement"] == "agree"
        assert r["objective"] == str(r["claimed_objective"])
        assert r["family"] == "capset"
    by_call = {r["call_id"]: r for r in rows if r["call_id"]}
    assert {"a3-capset-0", "a3-capset-2", "a3-capset-11"} <= set(by_call)
    assert by_call["a3-capset-11"]["objective"] == CAP9_SIZE and by_call["a3-capset-11"]["reference"] == "1082"
    assert data["instances_without_construction"] == []


# =====================================================================================================
# limits are validated at the command line (issue 8, item 4)
# =====================================================================================================

@pytest.mark.parametrize("command", ["verify", "audit", "score"])
@pytest.mark.parametrize("option, value", [
    ("--memory-limit", "1e30"),     # reproduction: crashed the worker (OverflowError in setrlimit)
    ("--memory-limit", "0.05"),     # reproduction: every verifier failed to import numpy (an ERROR)
    ("--memory-limit", "0.49"), ("--memory-limit", "1025"), ("--memory-limit", "inf"), ("--memory-limit", "nan"),
    ("--memory-limit", "0"), ("--time-limit", "0.01"), ("--time-limit", "86401"), ("--time-limit", "inf"),
    ("--time-limit", "nan"), ("--time-limit", "-5"),
])
def test_limits_out_of_range_are_usage_errors(capsys, write, tmp_path, no_harness, command, option, value):
    path = write({"answer": CAP4})
    argv = {"verify": ["verify", "--family", "capset", "--params", '{"d": 4}', path],
            "audit": ["audit", "--family", "capset"],
            "score": ["score", write('{"call_id": "a3-capset-11", "answer": []}\n', "a.jsonl"),
                      "--output", str(tmp_path / "s.json"), "--allow-partial"]}[command]
    code, out, err = run_cli(capsys, *argv, option, value)
    assert code == 2 and out == ""
    unit = "GiB" if option == "--memory-limit" else "seconds"
    low, high = ("0.5", "1024") if option == "--memory-limit" else ("0.1", "86400")
    assert f"{option} must be between {low} and {high} {unit}" in err
    assert not (tmp_path / "s.json").exists()


@pytest.mark.parametrize("command", ["verify", "audit", "score"])
def test_help_states_the_accepted_limit_ranges(capsys, command):
    with pytest.raises(SystemExit):
        cli.build_parser().parse_args([command, "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "0.5 to 1024" in out and "0.1 to 86400" in out


@pytest.mark.parametrize("option, value", [("--memory-limit", "0.5"), ("--memory-limit", "1024"),
                                           ("--time-limit", "0.1"), ("--time-limit", "86400")])
def test_limits_at_the_ends_of_the_range_are_accepted(capsys, write, monkeypatch, option, value):
    seen = {}

    def fake_verify(family, params, payload, kind="file", **kwargs):
        seen.update(kwargs)
        return fake_combined(Status.ACCEPT, 4)

    monkeypatch.setattr(harness, "verify", fake_verify)
    code, _, err = run_cli(capsys, "verify", "--family", "capset", "--params", '{"d": 4}', write({"answer": CAP4}),
                           option, value)
    assert code == 0, err
    if option == "--memory-limit":
        assert seen["memory_limit"] == int(float(value) * 1024 ** 3)
    else:
        assert seen["time_limit"] == float(value)


def test_a_real_verifier_runs_at_the_smallest_memory_limit(write):
    proc = run_subprocess("verify", "--family", "capset", "--params", '{"d": 4}', "--memory-limit", "0.5",
                          write({"answer": CAP4}))
    assert proc.returncode == 0, proc.stdout.decode()[-800:]


@pytest.mark.parametrize("jobs", ["0", "65", "-1"])
def test_score_jobs_out_of_range_is_a_usage_error(capsys, write, tmp_path, no_harness, jobs):
    answers = write('{"call_id": "a3-capset-11", "answer": []}\n', "a.jsonl")
    code, _, err = run_cli(capsys, "score", answers, "--output", str(tmp_path / "s.json"), "--allow-partial",
                           "--jobs", jobs)
    assert code == 2 and "--jobs must be between 1 and 64" in err


def test_every_option_has_help_and_states_its_default():
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, p in sub.choices.items():
        for action in p._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            assert action.help, f"{name} {action.dest} has no help text"
            if action.option_strings and action.default not in (None, False) and not action.required:
                assert "default" in action.help, f"{name} {action.option_strings[0]} does not state its default"


def test_json_outputs_carry_the_version(capsys, tmp_path):
    f = tmp_path / "a.json"
    f.write_text('["0000"]')
    cli.main(["verify", "--family", "capset", "--params", '{"d": 4}', "--json", str(f)])
    assert json.loads(capsys.readouterr().out)["version"] == __version__
    cli.main(["audit", "--family", "schur", "--json"])
    assert json.loads(capsys.readouterr().out)["version"] == __version__


# ---- usage errors found before any work (issue 16, item 8) --------------------------------------------

EXAMPLE_ANSWERS = ROOT / "fixtures" / "examples" / "answers.jsonl"


@pytest.mark.parametrize("argv", [
    ["score", str(EXAMPLE_ANSWERS), "--output", "", "--allow-partial"],
    ["verify", str(CONSTRUCTIONS / "d4.json"), "--memory-limit=--"],
    ["verify", str(CONSTRUCTIONS / "d4.json"), "--time-limit=--"],
    ["score", str(EXAMPLE_ANSWERS), "--output", "OUT", "--allow-partial", "--time-limit=--"],
])
def test_bad_options_are_usage_errors_before_any_work(tmp_path, capsys, monkeypatch, argv):
    """Reproduction: ``score ... --output ""`` verified everything, then failed (and wrote
    ``./.progress.jsonl``); ``--memory-limit=--`` / ``--time-limit=--`` printed "internal error"."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(harness, "verify", lambda *a, **k: pytest.fail("verified before the usage error"))
    code = cli.main([str(tmp_path / "out.json") if a == "OUT" else a for a in argv])
    err = capsys.readouterr().err
    assert code == 2 and "internal error" not in err and "error" in err, err
    assert os.listdir(tmp_path) == []


def test_report_with_an_empty_output_is_a_usage_error(tmp_path, capsys):
    scores = tmp_path / "s.json"
    scores.write_text("{}")
    assert cli.main(["report", str(scores), "--output", ""]) == 2
    assert "internal error" not in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["verify", "-", "--family", "capset", "--params", '{"d": 4}'],
                                  ["score", "-", "--output", "s.json", "--allow-partial"],
                                  ["certify", "-", "--family", "capset", "--params", '{"d": 4}', "--output", "d.json"]])
def test_a_closed_standard_input_is_a_usage_error(tmp_path, argv):
    """Reproduction: ``score -`` / ``verify -`` / ``certify -`` with standard input closed printed
    "internal error" (``sys.stdin`` is None)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "endless_exam.checker.cli", *argv], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120, preexec_fn=lambda: os.close(0))
    assert proc.returncode == 2 and "closed" in proc.stderr and "internal error" not in proc.stderr, proc.stderr
    assert not (tmp_path / "s.json").exists() and not (tmp_path / "d.json").exists()


# ---- signals (issue 16, items 6 and 7) -----------------------------------------------------------------

from tests.scoring.test_score_ray import _descendants, _wait_gone  # noqa: E402  (process-tree helpers, /proc)


def interrupt_while_verifying(argv: list[str], sig=None, cwd=None) -> tuple[subprocess.CompletedProcess, set[int]]:
    """Start ``endless-exam ARGV``, wait until both verifiers' processes run (two zygotes and their
    children), send ``sig`` (SIGINT) and return the finished process and the processes it had started."""
    import signal as signal_mod
    import time as time_mod

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "endless_exam.checker.cli", *argv], cwd=cwd or ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    started: set[int] = set()
    deadline = time_mod.monotonic() + 120
    while time_mod.monotonic() < deadline and proc.poll() is None:
        started |= _descendants(proc.pid)
        if len(started) >= 4:
            break
        time_mod.sleep(0.05)
    assert len(started) >= 4, "the verifiers never started"
    proc.send_signal(sig or signal_mod.SIGINT)
    out, err = proc.communicate(timeout=60)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err), started


def test_sigint_to_verify_stops_every_process_and_exits_130():
    """Reproduction: SIGINT to ``verify`` printed "interrupted" but the command and its verifiers ran on
    until the time limit (up to 86,400 s), then exited 2. It now stops every verifier process at once and
    exits 130."""
    done, started = interrupt_while_verifying(["verify", str(CONSTRUCTIONS / "d12.json"), "--time-limit", "3600"])
    assert done.returncode == 130 and "interrupted" in done.stderr, done.stderr
    assert "ACCEPT" not in done.stdout
    lingering = _wait_gone(started, within=5.0)
    assert not lingering, f"processes left running: {lingering}"
