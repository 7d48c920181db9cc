"""The family contract: one registry of families, the parts of a family, and how a verifier is run.

Every family of the benchmark has one :class:`Family` entry here (key, title, sense, reporting group).
Its parts are found by the key, in one pattern (``docs/ADDING_A_FAMILY.md`` is the guide):

==============  =================================================  ==============================================
part            where                                              what it provides
==============  =================================================  ==============================================
schema          ``endless_exam.certificates.schemas.<key>``        ``validate_params``, ``parse``, ``LIMITS``,
                                                                   ``WITNESSES``, ``size``, ``item``
primary         ``endless_exam.checker.families.<key>``            ``SPEC``, ``LIBRARIES``, ``check``, ``confirm``
prompt          ``endless_exam.checker.prompts.<key>``             ``statement``, ``answer_format``,
                                                                   ``compact_forms``, ``limits``
second          ``endless_exam.crosscheck.families.<key>``         ``LIBRARIES``, ``check``, ``confirm``
                                                                   (and ``reparse`` for certificate forms)
oracle          ``endless_exam.crosscheck.oracle.<key>``           ``SIZE_RULE``, ``fits``, ``oracle``
vectors         ``fixtures/vectors/<key>.json``                    regression vectors
constructions   ``fixtures/constructions/<key>/*.json``            reference constructions
benchmark       ``tests/benchmarks/bench_<key>.py``                figures at the largest allowed inputs
==============  =================================================  ==============================================

A family is implemented when its schema module exists; the contract test (``tests/verify/test_contract.py``)
then requires every other part. Each module is checked against its typed protocol
(``certificates.protocols``) when it is loaded; a family that is unknown or not implemented is
``FamilyNotImplemented``, raised by loading and by nothing else. Only parsing is shared: a
:class:`Verifier` parses the answer with the schema (and, for a verifier that re-parses certificates,
its own ``reparse``), hands the typed object to the verifier's own ``check``, and checks that a
rejection's witness has the family's witness syntax; a witness of the other verifier is read with the
same syntax and its truth decided by ``confirm``.
This module imports nothing of ``checker`` or ``crosscheck`` until asked for one of their parts.
"""
from __future__ import annotations

import importlib
import importlib.util
import re
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType
from typing import Any

from .errors import AnswerError
from .protocols import Oracle, PrimaryVerifier, Schema, SecondVerifier, conform
from .reasons import WITNESS_REASONS
from .verdict import Status, Verdict, reject
from .witness import WitnessError, read

_PACKAGE = __name__.rsplit(".", 2)[0]          # "endless_exam"
_KEY = re.compile(r"[a-z][a-z_]*")
ROLES = {"primary": f"{_PACKAGE}.checker.families", "second": f"{_PACKAGE}.crosscheck.families"}
# WITNESS_REASONS (defined in .reasons, used here): the reasons whose rejections carry a witness that the
# other verifier re-checks


@dataclass(frozen=True)
class Family:
    key: str
    title: str
    sense: str          # "max" or "min"
    group: str          # family group used in reports

    @property
    def schema_name(self) -> str:
        return f"{_PACKAGE}.certificates.schemas.{self.key}"

    @property
    def oracle_name(self) -> str:
        return f"{_PACKAGE}.crosscheck.oracle.{self.key}"

    def module_name(self, role: str) -> str:
        return f"{ROLES[role]}.{self.key}"

    @property
    def implemented(self) -> bool:
        return _exists(self.schema_name)

    def schema(self) -> ModuleType:
        return self._load(self.schema_name, "schema", Schema)

    def oracle(self) -> ModuleType:
        return self._load(self.oracle_name, "formal oracle", Oracle)

    def verifier(self, role: str) -> "Verifier":
        module = self._load(self.module_name(role), f"{role} verifier", PROTOCOLS[role])
        return Verifier(self, module, self.schema())

    def _load(self, name: str, what: str, protocol: type) -> ModuleType:
        if not self.implemented or not _exists(name):
            raise FamilyNotImplemented(f"family {self.key!r} has no {what} yet (not implemented)")
        return _conforming(name, protocol)


class FamilyNotImplemented(LookupError):
    """The family key is not registered, or the family (or the part asked for) is not implemented.
    Raised only by loading; the worker maps it, and nothing else, to ``FAMILY_NOT_IMPLEMENTED``."""


PROTOCOLS: dict[str, type] = {"primary": PrimaryVerifier, "second": SecondVerifier}


@lru_cache(maxsize=None)
def _conforming(name: str, protocol: type) -> ModuleType:
    """The module ``name``, imported and checked against its protocol (once per process)."""
    return conform(importlib.import_module(name), protocol)


@lru_cache(maxsize=None)
def _exists(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


FAMILIES: dict[str, Family] = {f.key: f for f in (
    Family("capset", "Cap-Set", "max", "capset"),
    Family("kissing", "Kissing", "max", "spherical_code"),
    Family("kissing_theta", "Spherical-Code", "max", "spherical_code"),
    Family("heilbronn", "Heilbronn", "max", "heilbronn"),
    Family("heilbronn_shape", "Heilbronn-Triangle", "max", "heilbronn"),
    Family("labs", "Low-Autocorrelation", "max", "labs"),
    Family("corners", "Corner-Free", "max", "corners"),
    Family("matmul", "Matrix-Multiplication", "min", "matmul"),
    Family("degdiam", "Degree-Diameter", "max", "degdiam"),
    Family("lineq", "Linear-Equation-Free", "max", "lineq"),
    Family("apfree_q", "Progression-Free-Fq", "max", "apfree_q"),
    Family("mols", "MOLS", "max", "mols"),
    Family("schur", "Schur", "max", "schur"),
    Family("covering", "Covering", "min", "covering"),
    Family("shannon", "Odd-Cycle-Zero-Error-Code", "max", "shannon"),
    Family("trifference", "Ternary-Trifference-Code", "max", "trifference"),
    Family("kakeya", "Kakeya", "min", "kakeya"),
)}


def family(key: Any) -> Family:
    """The registered family ``key``; ``FamilyNotImplemented`` for an unknown key."""
    if not isinstance(key, str) or key not in FAMILIES:
        raise FamilyNotImplemented(f"no such family {key!r}")
    return FAMILIES[key]


def load(key: Any, role: str) -> "Verifier":
    """The ``role`` ("primary" or "second") verifier of family ``key``."""
    return family(key).verifier(role)


@dataclass(frozen=True)
class Verifier:
    """One verifier of one family, run through the contract (parsing shared, deciding its own).

    ``check(params, answer)`` and ``witness_holds(params, answer, witness)`` take validated parameters
    and the answer as submitted (after extraction). ``module`` is the family module itself (checked
    against its protocol when it was loaded); its helpers are reached there, never through this object.
    """
    family: Family
    module: ModuleType
    schema: ModuleType

    def __repr__(self) -> str:
        return f"<Verifier {self.module.__name__}>"

    @property
    def SPEC(self) -> Any:   # noqa: N802  (the primary module's declarative spec)
        spec = getattr(self.module, "SPEC", None)
        if spec is None:
            raise AttributeError(f"{self.module.__name__} has no SPEC (only a primary verifier declares one)")
        return spec

    @property
    def PRELOAD(self) -> tuple[str, ...]:   # noqa: N802  (libraries the family imports lazily)
        return getattr(self.module, "PRELOAD", ())

    def parse(self, params: dict, answer: Any) -> Any:
        """The typed answer: the shared schema's, then this verifier's own re-parse of a certificate."""
        parsed = self.schema.parse(answer, params)
        reparse = getattr(self.module, "reparse", None)
        return parsed if reparse is None else reparse(answer, params, parsed)

    def read_witness(self, parsed: Any, data: Any):
        return read(self.schema.WITNESSES, data, parsed, self.schema.size(parsed), self.schema.item)

    def check(self, params: dict, answer: Any) -> Verdict:
        """The verdict on ``answer``; a bad answer is a REJECT (never an exception)."""
        try:
            parsed = self.parse(params, answer)
        except AnswerError as exc:
            return reject(exc.reason, exc.message, exc.witness)
        verdict = self.module.check(parsed)
        if verdict.status is Status.REJECT and verdict.reason in WITNESS_REASONS:
            try:
                w = self.read_witness(parsed, verdict.witness)
            except WitnessError as exc:
                raise RuntimeError(f"{self.module.__name__} produced a witness that is not well formed: {exc}") from None
            if w.reason != verdict.reason:
                raise RuntimeError(f"{self.module.__name__} gave a {w.kind} witness for reason {verdict.reason}")
        return verdict

    def witness_holds(self, params: dict, answer: Any, witness: Any) -> tuple[bool, str]:
        """Is ``witness`` (found by the other verifier) a real counterexample in ``answer``?"""
        try:
            parsed = self.parse(params, answer)
        except AnswerError as exc:
            return False, f"the answer does not parse: {exc.message}"
        try:
            w = self.read_witness(parsed, witness)
        except WitnessError as exc:
            return False, f"malformed witness: {exc}"
        holds, message = self.module.confirm(parsed, w)
        return bool(holds), message
