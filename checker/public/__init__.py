"""endless_exam: the exact, dual-verified checker of the Endless Exam benchmark, as a Python API.

This folder (``checker/public/`` in the repository) is installed as the top-level package ``endless_exam``;
everything else lives in its private subpackages (``endless_exam.checker``, ``.certificates``,
``.crosscheck``, ``.fixtures``), whose names and signatures may change. The public API is what
``__all__`` lists::

    import endless_exam

    result = endless_exam.verify("capset", {"d": 4}, ["0000", "0001", "0010"])
    result.status            # Status.ACCEPT
    result.objective         # 3 (exact: int or Fraction)
    endless_exam.load_suite("bench-v1")[0].call_id

``verify`` runs both verifiers, each in its own isolated process with the time and memory limits, exactly
as ``endless-exam verify`` does. ``python -m endless_exam`` runs the command line.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:   # the names below are loaded lazily (see __getattr__)
    from endless_exam.certificates.contract import FAMILIES, Family
    from endless_exam.certificates.verdict import Objective, Status, Verdict
    from endless_exam.checker.verify.combine import Combined as Result
    from endless_exam.checker.suites.instances import SUITES, Instance

__all__ = ["__version__", "FAMILIES", "Family", "Instance", "Objective", "Result", "SUITES", "Status", "Verdict",
           "find_instance", "load_suite", "prompt", "verify", "verify_file"]

# Importing this package imports nothing else: the second verifier's processes import
# ``endless_exam.crosscheck`` (and so this package) and must never load ``endless_exam.checker``.
_LAZY = {
    "FAMILIES": ("endless_exam.certificates.contract", "FAMILIES"),
    "Family": ("endless_exam.certificates.contract", "Family"),
    "Objective": ("endless_exam.certificates.verdict", "Objective"),
    "Status": ("endless_exam.certificates.verdict", "Status"),
    "Verdict": ("endless_exam.certificates.verdict", "Verdict"),
    "Result": ("endless_exam.checker.verify.combine", "Combined"),
    "Instance": ("endless_exam.checker.suites.instances", "Instance"),
    "SUITES": ("endless_exam.checker.suites.instances", "SUITES"),
    "__version__": ("endless_exam.checker", "__version__"),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        module, attr = _LAZY[name]
        value = getattr(importlib.import_module(module), attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'endless_exam' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


def _budget(time_limit: float | None, memory_limit: int | None) -> dict:
    """The limits for the harness, the default budget where None (loaded here: importing the package loads
    nothing)."""
    from endless_exam.certificates.budget import DEFAULT_MEMORY_LIMIT, DEFAULT_TIME_LIMIT

    return {"time_limit": DEFAULT_TIME_LIMIT if time_limit is None else time_limit,
            "memory_limit": DEFAULT_MEMORY_LIMIT if memory_limit is None else memory_limit}


def verify(family: str, params: dict, answer: Any, *, time_limit: float | None = None,
           memory_limit: int | None = None, formal: bool = False) -> Result:
    """Verify ``answer`` (a JSON-compatible value: what a submitter puts in ``{"answer": ...}``) for the
    instance ``family``/``params`` with both verifiers; ``formal`` adds the z3 oracle's opinion.
    ``time_limit`` (seconds) and ``memory_limit`` (bytes) are per verifier; None means the default budget
    (``endless_exam.certificates.budget``: 60 s, 4 GiB).

    Raises ``ValueError`` for an unknown or unimplemented family or invalid parameters (a usage error,
    not a verdict); a bad answer is a ``Result`` with status REJECT, never an exception."""
    from endless_exam.checker.verify import harness

    params = _validated(family, params)
    try:
        payload = json.dumps({"answer": answer}, ensure_ascii=False, allow_nan=False).encode("utf-8")
    except (TypeError, ValueError) as exc:
        raise ValueError(f"the answer is not a JSON value: {exc}") from None
    return harness.verify(family, params, payload, "file", formal=formal, **_budget(time_limit, memory_limit))


def verify_file(family: str, params: dict, path: str, *, time_limit: float | None = None,
                memory_limit: int | None = None, formal: bool = False) -> Result:
    """Verify an answer file (a bare answer, ``{"answer": ...}`` or raw model text), read as bytes; the
    limits as for ``verify``."""
    from endless_exam.certificates.strictjson import MAX_BYTES
    from endless_exam.checker.verify import harness

    params = _validated(family, params)
    with open(path, "rb") as fh:
        payload = fh.read(MAX_BYTES + 1)   # the verifiers refuse anything over the limit
    return harness.verify(family, params, payload, "file", formal=formal, **_budget(time_limit, memory_limit))


def load_suite(name: str = "bench-v1") -> tuple[Instance, ...]:
    """The instances of a suite (``SUITES``: bench-v1, size-series, kakeya), in order."""
    from endless_exam.checker.suites import instances as suites

    if name not in suites.SUITES:
        raise ValueError(f"unknown suite {name!r}; known: {', '.join(suites.SUITES)}")
    return suites.load(name)


def find_instance(key: str) -> Instance:
    """An instance by call id or instance id (``ValueError`` if there is none)."""
    from endless_exam.checker.suites import instances as suites

    try:
        return suites.find(key)
    except KeyError as exc:
        raise ValueError(str(exc.args[0])) from None


def prompt(family: str, params: dict, track: str = "tool-free") -> str:
    """The prompt of an instance, as the benchmark states it."""
    from endless_exam.checker import prompts

    return prompts.prompt(family, _validated(family, params), track=track)


def _validated(family: str, params: dict) -> dict:
    from endless_exam.certificates.errors import ParamsError
    from endless_exam.certificates.params import validate

    try:
        return validate(family, params)
    except ParamsError as exc:
        raise ValueError(str(exc)) from None
