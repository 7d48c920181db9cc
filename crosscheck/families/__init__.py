"""The second verifier's families: the module ``endless_exam.crosscheck.families.<key>`` checks family ``key``.

The registry and the contract are shared with the primary (``endless_exam.certificates.contract``);
nothing here imports ``endless_exam.checker``.
"""
from __future__ import annotations

from types import ModuleType

from endless_exam.certificates.contract import Verifier, family
from endless_exam.certificates.contract import load as _load


def load(key: str) -> Verifier:
    """The second verifier of family ``key`` (``contract.FamilyNotImplemented`` if there is none)."""
    return _load(key, "second")


def load_oracle(key: str) -> ModuleType:
    """The formal (z3) oracle of family ``key``."""
    return family(key).oracle()
