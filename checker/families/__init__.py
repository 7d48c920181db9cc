"""The primary verifier's families: the module ``endless_exam.checker.families.<key>`` checks family ``key``.

The registry and the contract a family module fulfils are in ``endless_exam.certificates.contract``
(shared with the second verifier); ``docs/ADDING_A_FAMILY.md`` is the guide.
"""
from __future__ import annotations

from endless_exam.certificates.contract import FAMILIES, Family, Verifier
from endless_exam.certificates.contract import load as _load

__all__ = ["FAMILIES", "Family", "Verifier", "load"]


def load(key: str) -> Verifier:
    """The primary verifier of family ``key`` (``contract.FamilyNotImplemented`` if there is none)."""
    return _load(key, "primary")
