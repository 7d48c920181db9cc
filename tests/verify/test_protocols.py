"""Family modules are checked against their typed protocols when loaded, and "unknown family" is its
own exception, raised only by loading (``certificates.protocols``, ``certificates.contract``)."""
from __future__ import annotations

import types

import pytest

from endless_exam.certificates import contract
from endless_exam.certificates.contract import FAMILIES, FamilyNotImplemented, Verifier, load
from endless_exam.certificates.protocols import (FamilyContractError, Oracle, PrimaryVerifier, Schema,
                                                 SecondVerifier, conform, members)
from endless_exam.certificates.verdict import Status, accept
from endless_exam.certificates.worker import handle

IMPLEMENTED = sorted(k for k, f in FAMILIES.items() if f.implemented)


def _module(name: str, **attrs) -> types.ModuleType:
    m = types.ModuleType(name)
    for k, v in attrs.items():
        setattr(m, k, v)
    return m


def _second(**over):
    attrs = {"LIBRARIES": ("numpy",), "check": lambda parsed: accept(1), "confirm": lambda parsed, w: (False, "")}
    attrs.update(over)
    return _module("fake.second", **{k: v for k, v in attrs.items() if v is not None})


def test_the_protocols_name_the_contracts_members():
    assert members(Schema) == {"LIMITS": "limits", "WITNESSES": "tuple", "validate_params": "function",
                               "parse": "function", "size": "function", "item": "function"}
    assert members(PrimaryVerifier) == {"SPEC": "any", "LIBRARIES": "names", "check": "function", "confirm": "function"}
    assert members(SecondVerifier) == {"LIBRARIES": "names", "check": "function", "confirm": "function"}
    assert members(Oracle) == {"SIZE_RULE": "text", "fits": "function", "oracle": "function", "decide": "function"}


def test_a_conforming_module_passes_and_a_broken_one_is_refused_with_every_problem():
    good = _second()
    assert conform(good, SecondVerifier) is good
    with pytest.raises(FamilyContractError, match="confirm is missing"):
        conform(_second(confirm=None), SecondVerifier)
    with pytest.raises(FamilyContractError, match=r"LIBRARIES is not a tuple of names; check is not a function"):
        conform(_second(LIBRARIES=["numpy"], check=3), SecondVerifier)
    with pytest.raises(FamilyContractError, match="PRELOAD is not a tuple of names"):
        conform(_second(PRELOAD="sympy"), SecondVerifier)
    with pytest.raises(FamilyContractError, match="reparse is not a function"):
        conform(_second(reparse=1), SecondVerifier)
    with pytest.raises(FamilyContractError, match="SPEC is missing"):
        conform(_second(), PrimaryVerifier)


def test_a_broken_family_module_fails_when_it_is_loaded(monkeypatch):
    contract._conforming.cache_clear()
    broken = _second(confirm=None)
    real = contract.importlib.import_module
    monkeypatch.setattr(contract.importlib, "import_module",
                        lambda name: broken if name.endswith("crosscheck.families.capset") else real(name))
    try:
        with pytest.raises(FamilyContractError, match="crosscheck.families.capset|fake.second"):
            load("capset", "second")
    finally:
        contract._conforming.cache_clear()


@pytest.mark.parametrize("key", IMPLEMENTED)
def test_every_bundled_family_conforms(key):
    fam = FAMILIES[key]
    assert isinstance(load(key, "primary"), Verifier) and isinstance(load(key, "second"), Verifier)
    fam.schema(), fam.oracle()        # each raises FamilyContractError if it does not conform


def test_the_verifier_is_no_proxy():
    v = load("capset", "primary")
    assert v.SPEC is v.module.SPEC and v.PRELOAD == getattr(v.module, "PRELOAD", ())
    with pytest.raises(AttributeError):
        v.LIBRARIES                    # a module's own members are reached through v.module only
    with pytest.raises(AttributeError):
        load("capset", "second").SPEC
    with pytest.raises(Exception):
        v.module = None                # frozen


def test_an_unknown_family_is_its_own_exception():
    with pytest.raises(FamilyNotImplemented):
        load("nosuch", "primary")
    assert not issubclass(FamilyNotImplemented, NotImplementedError)


HEADER = {"op": "check", "family": "capset", "params": {"d": 2}, "kind": "json"}


def test_only_loading_reports_family_not_implemented():
    def unknown(key):
        raise FamilyNotImplemented(f"no such family {key!r}")

    v = handle(HEADER, b'["00"]', unknown)["verdict"]
    assert (v["status"], v["reason"]) == ("ERROR", "FAMILY_NOT_IMPLEMENTED")
    assert handle({**HEADER, "op": "witness"}, b'["00"]', unknown)["holds"] is False


def test_a_librarys_own_not_implemented_error_inside_a_check_is_an_internal_error():
    class Library:
        def check(self, params, answer):
            raise NotImplementedError("this matrix type has no rank over GF(3)")   # e.g. inside sympy

        def witness_holds(self, params, answer, witness):
            raise NotImplementedError("not for this field")

    v = handle(HEADER, b'["00"]', lambda key: Library())["verdict"]
    assert (v["status"], v["reason"]) == ("ERROR", "INTERNAL_ERROR") and "NotImplementedError" in v["message"]
    reply = handle({**HEADER, "op": "witness", "witness": None}, b'["00"]', lambda key: Library())
    assert reply["holds"] is False and "NotImplementedError" in reply["message"]
    ok = handle(HEADER, b'["00", "01"]', lambda key: load(key, "primary"))["verdict"]
    assert ok["status"] == Status.ACCEPT.value       # the same request with the real family module
