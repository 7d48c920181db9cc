"""Family registry of the second verifier: the module ``endless_exam.crosscheck.families.<key>`` checks family ``key``.

A module provides ``check(params, answer) -> Verdict`` and ``witness_holds(params, answer, witness)``.
"""
from __future__ import annotations

import importlib
import importlib.util
import re
from types import ModuleType

_KEY = re.compile(r"[a-z][a-z_]*")


def available(key: str) -> bool:
    return bool(_KEY.fullmatch(key)) and importlib.util.find_spec(f"{__name__}.{key}") is not None


def load(key: str) -> ModuleType:
    if not available(key):
        raise NotImplementedError(f"the second verifier has no check for family {key!r}")
    return importlib.import_module(f"{__name__}.{key}")
