"""The public Python API (``import endless_exam``), used without the command line."""
from __future__ import annotations

import inspect
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import endless_exam
from endless_exam.checker import harness

ROOT = Path(__file__).resolve().parent.parent


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
