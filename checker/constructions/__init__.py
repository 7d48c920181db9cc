"""Deterministic generators for construction fixtures.

``python -m endless_exam.checker.constructions.<family>`` rewrites ``fixtures/constructions/<family>/``; the helpers
below are shared by the generators: the fixture document and its file format (one top-level key per
line, each value compact JSON on its line), and the ``--verify`` mode that re-checks written fixtures.

Each family's module also holds the family's documented baseline, ``baseline(params, log)`` and
``domain(params)``, for any parameters (``endless-exam instance --baseline``): ``baselines.py`` finds them by
key and holds each module to the ``Construction`` protocol of ``_baseline.py``, which also has the helpers the
baselines share.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any, Callable

FIXTURES = Path(__file__).resolve().parent.parent.parent / "fixtures" / "constructions"
KEYS = ("family", "params", "answer", "objective", "method", "generated_by")


class ConstructionError(RuntimeError):
    """A generator's own sanity check failed: nothing is written."""


def require(condition: bool, message: str) -> None:
    """A sanity check that survives ``python -O`` (unlike ``assert``)."""
    if not condition:
        raise ConstructionError(message)


def both_verifiers(family: str, params: dict, answer: Any):
    """Both verifiers' verdicts on ``answer`` (in this process) through the trust rule, ``combine``: a
    generator's "both accept with the same objective" is ``both_verifiers(...).valid``, and the objective is
    the combined one."""
    from endless_exam import crosscheck  # noqa: F401  (sets SYMPY_GROUND_TYPES before sympy is imported)
    from endless_exam.certificates.contract import load
    from endless_exam.checker.verify.combine import combine

    primary, second = load(family, "primary"), load(family, "second")
    return combine(primary.check(params, answer), second.check(params, answer))


def generated_by(family: str) -> str:
    return f"python -m endless_exam.checker.constructions.{family}"


def fixture_dir(family: str) -> Path:
    return FIXTURES / family


def document(family: str, params: dict, answer: Any, objective: int, method: str) -> dict:
    """A fixture document: its keys in the order of ``KEYS``."""
    return {"family": family, "params": params, "answer": answer, "objective": objective, "method": method,
            "generated_by": generated_by(family)}


def write_fixture(name: str, doc: dict) -> Path:
    """Write ``doc`` to ``fixtures/constructions/<family>/<name>`` and return the path."""
    out = fixture_dir(doc["family"])
    out.mkdir(parents=True, exist_ok=True)
    body = ",\n".join(f"  {json.dumps(key)}: {json.dumps(value, separators=(',', ':'))}" for key, value in doc.items())
    path = out / name
    path.write_text("{\n" + body + "\n}\n", encoding="utf-8")
    return path


def verify_fixtures(family: str, check: Callable[[dict], tuple[bool, str]]) -> int:
    """Re-check every fixture of ``family``: exactly the keys of ``KEYS``, the family, and ``check(doc)``,
    which returns (ok, what to print). One line per file; exit status 1 if any fails."""
    bad = 0
    for path in sorted(fixture_dir(family).glob("*.json"), key=lambda p: p.name):
        started = time.time()
        doc = json.loads(path.read_text(encoding="utf-8"))
        ok, what = check(doc)
        ok = set(doc) == set(KEYS) and doc["family"] == family and ok
        bad += not ok
        print(f"{path.name}: {what} {'OK' if ok else 'FAIL'} ({time.time() - started:.1f}s)")
    return 1 if bad else 0


def run_generator(argv: list[str] | None, write_all: Callable[[], None], verify_all: Callable[[], int]) -> int:
    """The command line of a generator with a ``--verify`` mode: re-check the fixtures, or rewrite them."""
    argv = sys.argv[1:] if argv is None else argv
    if "--verify" in argv:
        return verify_all()
    started = time.time()
    write_all()
    print(f"total {time.time() - started:.1f}s")
    return 0
