"""The registry of the families' documented baselines: ``checker/constructions/<key>.py``, found by key.

Each family's generator module provides ``baseline(params, log)`` and ``domain(params)`` (what they
return, and the helpers they share, are in ``_baseline.py``); :func:`module` imports it and holds it to
the ``Construction`` protocol once per process, so a module without them, or with another signature, is
refused with a ``FamilyContractError`` naming it. Every method is a generator of
``checker/constructions/`` (docs/SPECIFICATION.md section 8, the paper's Appendix E); nothing here decides
validity: the caller verifies the answer with both verifiers.
"""
from __future__ import annotations

from types import ModuleType

from endless_exam.certificates.contract import FAMILIES

from ._baseline import Baseline, Log, OutsideDomain, conforming

__all__ = ["Baseline", "Log", "OutsideDomain", "baseline", "domain", "module"]


def module(family: str) -> ModuleType:
    """The constructions module of ``family`` (a registered key), checked against its protocol."""
    return conforming(f"{__package__}.{family}")


def domain(family: str, params: dict) -> str | None:
    """None if the baseline of ``family`` applies to the (schema-validated) ``params``, else why not."""
    if family not in FAMILIES:
        return f"no baseline for family {family!r}"
    return module(family).domain(params)


def baseline(family: str, params: dict, log: Log = lambda s: None) -> Baseline:
    why = domain(family, params)
    if why:
        raise OutsideDomain(why)
    return module(family).baseline(params, log)
