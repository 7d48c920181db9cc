"""Family registry of the primary verifier.

Every benchmark family has an entry (key, title, sense, reporting group); ``module`` names the module
in this package that holds its declarative spec and primary check, or is ``None`` while the family
is not implemented yet. A family module provides ``check(params, answer) -> Verdict`` and
``witness_holds(params, answer, witness) -> (bool, str)`` (re-checking a witness found by the second
verifier).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class FamilyInfo:
    key: str
    title: str
    sense: str          # "max" or "min"
    group: str          # family group used in reports
    module: str | None  # implementation module, None = not implemented yet

    @property
    def implemented(self) -> bool:
        return self.module is not None


FAMILIES: dict[str, FamilyInfo] = {f.key: f for f in (
    FamilyInfo("capset", "Cap-Set", "max", "capset", "capset"),
    FamilyInfo("kissing", "Kissing", "max", "spherical_code", None),
    FamilyInfo("kissing_theta", "Spherical-Code", "max", "spherical_code", None),
    FamilyInfo("heilbronn", "Heilbronn", "max", "heilbronn", None),
    FamilyInfo("heilbronn_shape", "Heilbronn-Triangle", "max", "heilbronn", None),
    FamilyInfo("labs", "Low-Autocorrelation", "max", "labs", None),
    FamilyInfo("corners", "Corner-Free", "max", "corners", None),
    FamilyInfo("matmul", "Matrix-Multiplication", "min", "matmul", None),
    FamilyInfo("degdiam", "Degree-Diameter", "max", "degdiam", None),
    FamilyInfo("lineq", "Linear-Equation-Free", "max", "lineq", None),
    FamilyInfo("apfree_q", "Progression-Free-Fq", "max", "apfree_q", None),
    FamilyInfo("mols", "MOLS", "max", "mols", None),
    FamilyInfo("schur", "Schur", "max", "schur", None),
    FamilyInfo("covering", "Covering", "min", "covering", None),
    FamilyInfo("shannon", "Odd-Cycle-Zero-Error-Code", "max", "shannon", None),
    FamilyInfo("trifference", "Ternary-Trifference-Code", "max", "trifference", None),
    FamilyInfo("kakeya", "Kakeya", "min", "kakeya", None),
)}


def info(key: str) -> FamilyInfo:
    return FAMILIES[key]


def load(key: str) -> ModuleType:
    entry = FAMILIES[key]
    if entry.module is None:
        raise NotImplementedError(f"family {key!r} is not implemented yet")
    return importlib.import_module(f"{__name__}.{entry.module}")
