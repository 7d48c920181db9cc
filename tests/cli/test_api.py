"""The public Python API (``import endless_exam``), used without the command line."""
from __future__ import annotations

import inspect
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import endless_exam
from endless_exam.checker.verify import harness

ROOT = Path(__file__).resolve().parents[2]


def test_all_names_resolve_and_are_documented():
    for name in endless_exam.__all__:
        value = getattr(endless_exam, name)
        if callable(value) and not isinstance(value, type):
            assert inspect.getdoc(value), name
    from endless_exam.checker import __version__

    assert endless_exam.__version__ == __version__
    with pytest.raises(AttributeError):
        endless_exam.no_such_name  # noqa: B018


def test_defaults_are_the_harness_defaults(monkeypatch, tmp_path):
    """None (the signature's default) means the one default budget, which the harness also uses."""
    seen = []
    monkeypatch.setattr(harness, "verify", lambda *a, **kw: seen.append(kw))
    path = tmp_path / "a.json"
    path.write_text('["0000"]')
    for fn, answer in ((endless_exam.verify, ["0000"]), (endless_exam.verify_file, str(path))):
        sig = inspect.signature(fn)
        assert sig.parameters["time_limit"].default is None and sig.parameters["memory_limit"].default is None
        fn("capset", {"d": 4}, answer)
        fn("capset", {"d": 4}, answer, time_limit=1.5, memory_limit=2 ** 30)
    defaults = {"time_limit": harness.DEFAULT_TIME_LIMIT, "memory_limit": harness.DEFAULT_MEMORY_LIMIT, "formal": False}
    given = {"time_limit": 1.5, "memory_limit": 2 ** 30, "formal": False}
    assert seen == [defaults, given, defaults, given]


def test_verify_accepts_rejects_and_refuses_bad_usage(tmp_path):
    ok = endless_exam.verify("capset", {"d": 4}, ["0000", "0001", "0010"])
    assert ok.status is endless_exam.Status.ACCEPT and ok.objective == 3 and ok.valid
    assert isinstance(ok, endless_exam.Result)
    bad = endless_exam.verify("capset", {"d": 4}, ["0000", "1111", "2222"])
    assert bad.status is endless_exam.Status.REJECT and bad.reason == "PROPERTY_VIOLATION" and bad.witness
    assert endless_exam.verify("capset", {"d": 4}, [True]).reason == "FORMAT_TYPE"
    with pytest.raises(ValueError):
        endless_exam.verify("capset", {"d": 0}, ["0"])
    with pytest.raises(ValueError):
        endless_exam.verify("nosuch", {}, [])
    with pytest.raises(ValueError):
        endless_exam.verify("capset", {"d": 4}, [float("nan")])
    f = tmp_path / "a.txt"
    f.write_text('Here:\n```json\n["0000", "0001"]\n```\n')
    assert endless_exam.verify_file("capset", {"d": 4}, str(f)).objective == 2


def test_suites_instances_and_prompts():
    bench = endless_exam.load_suite("bench-v1")
    assert len(bench) == 69 and isinstance(bench[0], endless_exam.Instance)
    inst = endless_exam.find_instance("a3-capset-11")
    assert inst.params == {"d": 9} and inst in bench
    assert "F_3^9" in endless_exam.prompt("capset", {"d": 9})
    with pytest.raises(ValueError):
        endless_exam.load_suite("nosuch")
    with pytest.raises(ValueError):
        endless_exam.find_instance("nosuch")
    assert isinstance(endless_exam.find_instance("a3-schur-0").reference, (int, Fraction))


def test_importing_the_package_loads_nothing_else_and_python_m_runs_the_cli():
    code = "import sys, endless_exam; print(sorted(m for m in sys.modules if m.startswith('endless_exam')))"
    out = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, cwd="/", timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "['endless_exam']", out.stdout + out.stderr
    done = subprocess.run([sys.executable, "-I", "-m", "endless_exam", "--version"], capture_output=True, text=True,
                          cwd="/", timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("endless-exam ")


def test_py_typed_is_shipped():
    assert (ROOT / "checker" / "public" / "py.typed").is_file()


_SETTINGS = r"""
import decimal, gc, json, os, signal, sys, warnings

def settings():
    handlers = {}
    for sig in signal.valid_signals():
        try:
            handlers[int(sig)] = repr(signal.getsignal(sig))
        except (OSError, ValueError):
            pass
    return {"int_max_str_digits": sys.get_int_max_str_digits(), "recursion": sys.getrecursionlimit(),
            "switch": sys.getswitchinterval(), "flags": repr(sys.flags), "gc": [gc.isenabled(), gc.get_threshold()],
            "frozen": gc.get_freeze_count(), "warnings": repr(warnings.filters), "decimal": repr(decimal.getcontext()),
            "environ": dict(os.environ), "cwd": os.getcwd(), "path": list(sys.path), "signals": handlers,
            "umask": _umask()}

def _umask():
    mask = os.umask(0o22)
    os.umask(mask)
    return mask

# numpy, which prompt() loads with the primary's family modules, adds warning filters of its own when it
# is first imported; loaded first, they are part of the caller's settings before anything of ours runs
import numpy  # noqa: F401
before = settings()
import endless_exam
after_import = settings()
ok = endless_exam.verify("capset", {"d": 4}, ["0000", "0001", "0010"])
bad = endless_exam.verify("capset", {"d": 4}, ["0000", "1111", "2222"])
inst = endless_exam.find_instance("a3-capset-11")
endless_exam.prompt("capset", inst.params)
endless_exam.load_suite("size-series")
after_use = settings()
print(json.dumps({"status": [ok.status.value, bad.status.value], "before": before, "after_import": after_import,
                  "after_use": after_use}))
"""


def test_the_api_changes_no_interpreter_setting_of_its_caller(tmp_path):
    """``import endless_exam`` and using its API (verify, which starts both verifiers; find_instance,
    prompt, load_suite) leave the caller's interpreter as it was: the integer-digit limit and any other
    setting are changed only inside the verifier processes. Checked in a fresh interpreter."""
    import json

    proc = subprocess.run([sys.executable, "-c", _SETTINGS], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout)
    assert out["status"] == ["ACCEPT", "REJECT"]
    assert out["before"]["int_max_str_digits"] == 4300
    assert out["after_import"] == out["before"]
    assert out["after_use"] == out["before"]


def test_huge_objectives_convert_exactly_without_the_interpreter_setting():
    """Outside a verifier process the digit limit stays in force: exact objectives beyond it still convert."""
    from endless_exam.certificates.verdict import objective_from_str, objective_to_str

    assert sys.get_int_max_str_digits() != 0      # the test process keeps its limit
    value = -(10 ** 6000 - 1) // 7
    text = objective_to_str(value)
    assert text[0] == "-" and len(text) == 6001 and objective_from_str(text) == value
    frac = Fraction(3 ** 9000 + 1, 2 ** 20000)
    assert objective_from_str(objective_to_str(frac)) == frac
    with pytest.raises(ValueError):
        objective_from_str("1" * 5000 + "x")
