"""Family registry of the second verifier: family key -> module name in this package.

A module provides ``check(params, answer) -> Verdict`` and ``witness_holds(params, answer, witness)``.
"""
from __future__ import annotations

import importlib
from types import ModuleType

MODULES: dict[str, str] = {
    "capset": "capset",
}


def load(key: str) -> ModuleType:
    name = MODULES.get(key)
    if name is None:
        raise NotImplementedError(f"the second verifier has no check for family {key!r}")
    return importlib.import_module(f"{__name__}.{name}")
