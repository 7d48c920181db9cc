"""A pytest plugin (not a test) that records every z3 oracle call the tests make, for ``z3_tails.py``.

    Z3_TRACE=/tmp/trace.pkl .venv/bin/python -m pytest -p tests.scripts.z3_trace tests/families/capset/test_capset_properties.py

Every ``decide``-like entry point of ``crosscheck/oracle/`` (and every ``Solver.check`` /
``Optimize.check``) is wrapped before the test modules are imported; each call appends one record
``{"test", "fn", "args", "kwargs", "seconds", "status"}`` (``fn`` is ``module.function``; ``args`` are the
plain-data arguments, kept so that ``z3_tails.py replay`` can call the same input again). The records are
pickled to ``$Z3_TRACE`` at the end of the session, and a summary (calls, median, maximum, unknowns per
entry point) is printed.
"""
from __future__ import annotations

import functools
import importlib
import os
import pickle
import statistics
import time

# entry points whose inputs are plain data (kissing / kissing_theta go through _spherical)
ENTRY_POINTS = {
    "apfree_q": ("decide",), "capset": ("decide",), "corners": ("decide",), "covering": ("decide",),
    "degdiam": ("decide",), "kakeya": ("decide",), "labs": ("decide", "decide_energy"),
    "lineq": ("decide",), "matmul": ("decide",), "mols": ("decide",), "schur": ("decide",),
    "shannon": ("decide",), "_spherical": ("decide_integer", "decide_quadratic"),
    "_planar": ("smallest_double_area", "find_duplicate", "find_outside"),
    "trifference": ("decide_words", "decide_code"),
}

RECORDS: list[dict] = []
CHECKS: list[tuple[str, float, str]] = []
_CURRENT = {"test": None}


def _wrap(module_name: str, fn_name: str, fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        started = time.perf_counter()
        status = "raised"
        try:
            out = fn(*args, **kwargs)
            status = out[0] if isinstance(out, tuple) and out and isinstance(out[0], str) else "value"
            return out
        finally:
            RECORDS.append({"test": _CURRENT["test"], "fn": f"{module_name}.{fn_name}", "args": args,
                            "kwargs": kwargs, "seconds": time.perf_counter() - started, "status": status})
    wrapper.__wrapped_by_z3_trace__ = True
    return wrapper


def _wrap_check(cls):
    original = cls.check

    @functools.wraps(original)
    def check(self, *args):
        started = time.perf_counter()
        result = original(self, *args)
        CHECKS.append((cls.__name__, time.perf_counter() - started, str(result)))
        return result
    cls.check = check


def pytest_configure(config):
    import z3

    _wrap_check(z3.Solver)
    _wrap_check(z3.Optimize)
    for module, names in ENTRY_POINTS.items():
        mod = importlib.import_module(f"endless_exam.crosscheck.oracle.{module}")
        for name in names:
            setattr(mod, name, _wrap(module, name, getattr(mod, name)))


def pytest_runtest_setup(item):
    _CURRENT["test"] = item.nodeid


def summary(records) -> list[str]:
    by_fn: dict[str, list[dict]] = {}
    for r in records:
        by_fn.setdefault(r["fn"], []).append(r)
    lines = [f"{'entry point':40} {'calls':>6} {'median s':>9} {'max s':>8} unknown  (max at)"]
    for fn, rs in sorted(by_fn.items()):
        secs = [r["seconds"] for r in rs]
        worst = max(rs, key=lambda r: r["seconds"])
        unknown = sum(r["status"] == "unknown" for r in rs)
        lines.append(f"{fn:40} {len(rs):6d} {statistics.median(secs):9.4f} {max(secs):8.3f} {unknown:7d}  "
                     f"({worst['test']})")
    return lines


def pytest_sessionfinish(session):
    path = os.environ.get("Z3_TRACE")
    if path:
        keep = []
        for r in RECORDS:
            try:
                pickle.dumps(r["args"])
                keep.append(r)
            except Exception:                     # noqa: BLE001 (an unpicklable argument is not replayed)
                keep.append({**r, "args": None, "kwargs": None})
        with open(path, "wb") as fh:
            pickle.dump({"records": keep, "checks": CHECKS}, fh)


def pytest_terminal_summary(terminalreporter):
    terminalreporter.write_line("z3 oracle calls made by these tests:")
    for line in summary(RECORDS):
        terminalreporter.write_line(line)
    unknown_checks = sum(1 for _, _, res in CHECKS if res == "unknown")
    slow = sorted(CHECKS, key=lambda c: -c[1])[:3]
    terminalreporter.write_line(f"z3 checks: {len(CHECKS)}, unknown: {unknown_checks}, slowest: "
                                + ", ".join(f"{name} {s:.2f}s {res}" for name, s, res in slow))
