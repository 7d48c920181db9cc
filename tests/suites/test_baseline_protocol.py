"""The baseline registry (``checker/constructions/baselines.py``): every family's ``baseline``/``domain`` live in
its constructions module, which is held to the ``Construction`` protocol when loaded; a module without them or
with another signature is refused."""
from __future__ import annotations

import inspect
import sys
import types

import pytest

from endless_exam.certificates.contract import FAMILIES
from endless_exam.certificates.protocols import FamilyContractError
from endless_exam.checker.constructions import _baseline, baselines


def fake(name: str = "fake_constructions", **members) -> types.ModuleType:
    module = types.ModuleType(name)
    for key, value in members.items():
        setattr(module, key, value)
    return module


def good_baseline(params, log):
    return _baseline.Baseline([], "nothing", {})


def good_domain(params):
    return None


def test_every_family_has_a_conforming_constructions_module():
    for key in FAMILIES:
        module = baselines.module(key)
        assert module.__name__ == f"endless_exam.checker.constructions.{key}"
        assert _baseline.check_construction(module) is module
        assert list(inspect.signature(module.baseline).parameters) == ["params", "log"], key
        assert list(inspect.signature(module.domain).parameters) == ["params"], key


def test_a_well_formed_module_is_accepted():
    module = fake(baseline=good_baseline, domain=good_domain)
    assert _baseline.check_construction(module) is module


def test_a_module_without_baseline_is_refused():
    with pytest.raises(FamilyContractError, match=r"fake_constructions is not a Construction: baseline is missing"):
        _baseline.check_construction(fake(domain=good_domain))


def test_a_module_without_domain_is_refused():
    with pytest.raises(FamilyContractError, match="domain is missing"):
        _baseline.check_construction(fake(baseline=good_baseline))


def test_a_baseline_that_is_not_a_function_is_refused():
    with pytest.raises(FamilyContractError, match="baseline is not a function"):
        _baseline.check_construction(fake(baseline=42, domain=good_domain))


@pytest.mark.parametrize("members, what", [
    ({"baseline": lambda params: None, "domain": good_domain}, r"baseline must take \(params, log\), not \(params\)"),
    ({"baseline": lambda family, params, log: None, "domain": good_domain}, "baseline must take"),
    ({"baseline": lambda params, *, log: None, "domain": good_domain}, "baseline must take"),
    ({"baseline": good_baseline, "domain": lambda params, log: None}, r"domain must take \(params\)"),
    ({"baseline": good_baseline, "domain": lambda *args: None}, "domain must take"),
])
def test_a_wrong_signature_is_refused(members, what):
    with pytest.raises(FamilyContractError, match=what):
        _baseline.check_construction(fake(**members))


def test_loading_goes_through_the_protocol(monkeypatch):
    """``conforming`` (what the registry uses) refuses a broken module at import, naming it."""
    name = "endless_exam.checker.constructions._no_such_family_for_test"
    monkeypatch.setitem(sys.modules, name, fake(name, domain=good_domain))
    with pytest.raises(FamilyContractError, match=f"{name} is not a Construction: baseline is missing"):
        _baseline.conforming.__wrapped__(name)


def test_an_unknown_family_has_no_baseline():
    assert baselines.domain("no_such_family", {}) == "no baseline for family 'no_such_family'"
    with pytest.raises(baselines.OutsideDomain, match="no baseline for family"):
        baselines.baseline("no_such_family", {})


def test_the_registry_calls_the_family_module(monkeypatch):
    """``baselines.baseline`` checks the module's domain first and then runs the module's own function."""
    calls = []
    module = baselines.module("schur")
    monkeypatch.setattr(module, "domain", lambda params: "too large" if params["k"] > 3 else None)
    monkeypatch.setattr(module, "baseline", lambda params, log: calls.append(params) or _baseline.Baseline([1], "m"))
    with pytest.raises(baselines.OutsideDomain, match="too large"):
        baselines.baseline("schur", {"k": 4})
    assert calls == []
    assert baselines.baseline("schur", {"k": 2}).answer == [1] and calls == [{"k": 2}]


@pytest.mark.parametrize("q, n", [(2, 2), (3, 2), (5, 2), (7, 2), (2, 3), (3, 3)])
def test_the_kakeya_baseline_with_fewer_directions_than_a_kick(q, n):
    """q^(n-1) < KICK directions: the local search re-draws all of them (it raised 'Sample larger than
    population'); the result is a Kakeya set both verifiers accept."""
    from endless_exam.certificates.params import validate
    from endless_exam.checker.constructions import both_verifiers

    params = validate("kakeya", {"q": q, "n": n})
    result = baselines.baseline("kakeya", params, lambda message: None)
    res = both_verifiers("kakeya", params, result.answer)
    assert res.valid and res.objective == len(result.answer)
