"""Family registry of the primary verifier.

Every benchmark family has an entry (key, title, sense, reporting group). A family is implemented
when this package has a module named after its key; that module holds the family's declarative
``SPEC`` (a ``endless_exam.checker.families.spec.FamilySpec``: prompt statement, answer formats, limits, bound
formula) and its primary check: ``check(params, answer) -> Verdict`` and
``witness_holds(params, answer, witness) -> (bool, str)`` (re-checking a witness found by the second
verifier). The answer and parameter schemas live in ``certificates.<key>``, the second check in
``endless_exam.crosscheck.families.<key>``.
"""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType


@dataclass(frozen=True)
class FamilyInfo:
    key: str
    title: str
    sense: str          # "max" or "min"
    group: str          # family group used in reports

    @property
    def implemented(self) -> bool:
        return _has_module(self.key)


@lru_cache(maxsize=None)
def _has_module(key: str) -> bool:
    return importlib.util.find_spec(f"{__name__}.{key}") is not None


FAMILIES: dict[str, FamilyInfo] = {f.key: f for f in (
    FamilyInfo("capset", "Cap-Set", "max", "capset"),
    FamilyInfo("kissing", "Kissing", "max", "spherical_code"),
    FamilyInfo("kissing_theta", "Spherical-Code", "max", "spherical_code"),
    FamilyInfo("heilbronn", "Heilbronn", "max", "heilbronn"),
    FamilyInfo("heilbronn_shape", "Heilbronn-Triangle", "max", "heilbronn"),
    FamilyInfo("labs", "Low-Autocorrelation", "max", "labs"),
    FamilyInfo("corners", "Corner-Free", "max", "corners"),
    FamilyInfo("matmul", "Matrix-Multiplication", "min", "matmul"),
    FamilyInfo("degdiam", "Degree-Diameter", "max", "degdiam"),
    FamilyInfo("lineq", "Linear-Equation-Free", "max", "lineq"),
    FamilyInfo("apfree_q", "Progression-Free-Fq", "max", "apfree_q"),
    FamilyInfo("mols", "MOLS", "max", "mols"),
    FamilyInfo("schur", "Schur", "max", "schur"),
    FamilyInfo("covering", "Covering", "min", "covering"),
    FamilyInfo("shannon", "Odd-Cycle-Zero-Error-Code", "max", "shannon"),
    FamilyInfo("trifference", "Ternary-Trifference-Code", "max", "trifference"),
    FamilyInfo("kakeya", "Kakeya", "min", "kakeya"),
)}


def info(key: str) -> FamilyInfo:
    return FAMILIES[key]


def load(key: str) -> ModuleType:
    entry = FAMILIES.get(key)
    if entry is None:
        raise NotImplementedError(f"no such family {key!r}")
    if not entry.implemented:
        raise NotImplementedError(f"family {key!r} is not implemented yet")
    return importlib.import_module(f"{__name__}.{key}")
