"""The family contract (``certificates/contract.py``, ``docs/ADDING_A_FAMILY.md``), checked for every
implemented family at once:

* every part exists and has what the contract names (schema, primary, second, oracle, vectors,
  constructions, generator, benchmark, the answer paragraph of docs/formats.md);
* both verifiers accept every bundled construction with its recorded objective;
* the prompt states every limit constant of the schema;
* every rejection witness of the vectors round-trips through JSON, has the family's witness syntax and
  is re-confirmed by the other verifier;
* the z3 oracle agrees with both verifiers on the family's small vectors, and its counterexamples are
  confirmed by both verifiers;
* the library split: in a fresh isolated interpreter each verifier loads exactly its declared libraries;
  the second never flint, gmpy2 or galois (and runs sympy on python ground types), the primary never sympy.
"""
from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from endless_exam import fixtures
from endless_exam.certificates import witness as witness_mod
from endless_exam.certificates.contract import FAMILIES, WITNESS_REASONS, load
from endless_exam.certificates.errors import AnswerError
from endless_exam.certificates.verdict import Status, objective_from_str
from endless_exam.checker import prompts
from endless_exam.checker.suites import instances as suites
from tests.common import proplib

ROOT = Path(__file__).resolve().parents[2]
FORMATS = (ROOT / "docs" / "formats.md").read_text(encoding="utf-8")     # every family's answer paragraph
IMPLEMENTED = sorted(k for k, f in FAMILIES.items() if f.implemented)
ROLES = ("primary", "second")
OTHER = {"primary": "second", "second": "primary"}
FORBIDDEN = {"primary": {"sympy"}, "second": {"python-flint", "gmpy2", "galois"}}
# distributions a process may hold besides the declared ones: the project itself, setuptools' import
# hook (from a .pth file) and what a declared library imports by itself
INCIDENTAL = {"endless-exam-checker", "setuptools"}
PULLED_IN = {"sympy": {"mpmath"}}


def _vectors(key: str):
    """The family's ``VectorFile`` (its ``generate`` recipes live in ``tests/families/<key>/test_<key>_vectors.py``)."""
    return importlib.import_module(f"tests.families.{key}.test_{key}_vectors").VECTORS


def test_every_family_of_the_benchmark_is_registered_once():
    assert len(FAMILIES) == 17
    assert {"capset", "kakeya"} <= set(IMPLEMENTED)


@pytest.mark.parametrize("key", IMPLEMENTED)
def test_all_parts_exist(key):
    fam = FAMILIES[key]
    schema = fam.schema()
    for name in ("validate_params", "parse", "LIMITS", "WITNESSES", "size", "item"):
        assert hasattr(schema, name), f"schema of {key} lacks {name}"
    assert schema.LIMITS and all(type(v) is int for v in schema.LIMITS.values())
    witness_mod.check_kinds(schema.WITNESSES)
    assert {k.reason for k in schema.WITNESSES} <= set(WITNESS_REASONS)
    for role in ROLES:
        v = load(key, role)
        for name in ("LIBRARIES", "check", "confirm"):
            assert hasattr(v.module, name), f"{role} of {key} lacks {name}"
        doc = v.module.__doc__ or ""
        assert "Libraries:" in doc, f"the {role} docstring of {key} does not say which library does which part"
        for lib in v.module.LIBRARIES:
            assert lib in doc or lib.replace("python-", "") in doc, (role, key, lib)
    assert hasattr(load(key, "primary").module, "SPEC")
    if getattr(schema, "CERTIFICATE_FORMS", ()):
        assert hasattr(load(key, "second").module, "reparse"), f"{key} has certificates the second must re-parse"
    oracle = fam.oracle()
    for name in ("SIZE_RULE", "fits", "oracle", "decide"):
        assert hasattr(oracle, name), f"oracle of {key} lacks {name}"
    assert (ROOT / "fixtures" / "vectors" / f"{key}.json").is_file()
    assert list(fixtures.list_json("constructions", key)), f"{key} has no reference construction"
    assert (ROOT / "checker" / "constructions" / f"{key}.py").is_file()
    assert (ROOT / "tests" / "benchmarks" / f"bench_{key}.py").is_file()
    assert (ROOT / "tests" / "families" / key / f"test_{key}_vectors.py").is_file()
    assert f"**{key}**" in FORMATS


@pytest.mark.parametrize("key", IMPLEMENTED)
def test_both_verifiers_accept_every_bundled_construction(key):
    docs = list(fixtures.list_json("constructions", key))
    for name, doc in docs:
        assert doc["family"] == key, name
        assert doc["generated_by"] in proplib.generators(key), name
        for role in ROLES:
            v = load(key, role)
            params = v.schema.validate_params(doc["params"])
            verdict = v.check(params, doc["answer"])
            assert verdict.status is Status.ACCEPT, (name, role, verdict.message)
            # an exact rational objective is recorded as its text "p/q" (JSON has no rationals)
            recorded = doc["objective"]
            expected = objective_from_str(recorded) if isinstance(recorded, str) else recorded
            assert verdict.objective == expected, (name, role)


@pytest.mark.parametrize("key", IMPLEMENTED)
def test_the_prompt_states_every_limit_constant(key):
    schema = FAMILIES[key].schema()
    instances = [i for i in suites.all_instances() if i.family == key]
    assert instances, f"{key} has no suite instance"
    for inst in instances[:3]:
        text = prompts.prompt(key, inst.params)
        for name, value in schema.LIMITS.items():
            assert str(value) in text or f"{value:,}" in text, f"{inst.call_id}: the prompt omits {name} = {value}"


def _witness_vectors(key: str):
    vf = _vectors(key)
    return vf, [v for v in vf.tests if v["result"] == "invalid" and v["expected_reason"] in WITNESS_REASONS]


@pytest.mark.parametrize("key", IMPLEMENTED)
def test_witnesses_round_trip_and_are_confirmed_by_the_other_verifier(key):
    vf, cases = _witness_vectors(key)
    if not FAMILIES[key].schema().WITNESSES:      # e.g. labs: every well-formed answer is valid
        assert not cases, f"{key} declares no witness kind but has vectors expecting a witness"
        return
    assert cases, f"{key} has no vector with a witness"
    for vec in cases:
        params, answer = vf.params_of(vec), vf.answer(vec)
        for role in ROLES:
            mine, other = load(key, role), load(key, OTHER[role])
            verdict = mine.check(params, answer)
            assert verdict.reason == vec["expected_reason"], (vec["tcId"], role)
            again = json.loads(json.dumps(verdict.witness))
            parsed = mine.parse(params, answer)
            assert mine.read_witness(parsed, again) == mine.read_witness(parsed, verdict.witness)
            assert mine.read_witness(parsed, again).reason == verdict.reason
            holds, message = other.witness_holds(params, answer, again)
            assert holds, (vec["tcId"], role, message)


@pytest.mark.parametrize("key", IMPLEMENTED)
def test_a_malformed_witness_is_never_confirmed(key):
    vf, cases = _witness_vectors(key)
    if not FAMILIES[key].schema().WITNESSES:      # no witness kind: no witness whatsoever is confirmed
        vec = next(v for v in vf.tests if v["result"] == "valid")
        params, answer = vf.params_of(vec), vf.answer(vec)
        for role in ROLES:
            for bad in (None, [], "x", {}, {"indices": [0, 1]}, {"point": answer[0], "indices": [0, 1]}):
                holds, message = load(key, role).witness_holds(params, answer, bad)
                assert holds is False and message, (role, bad)
        return
    vec = cases[0]
    params, answer = vf.params_of(vec), vf.answer(vec)
    good = load(key, "primary").check(params, answer).witness
    for role in ROLES:
        v = load(key, role)
        for bad in (None, [], "x", {}, {**good, "extra": 1}, {k: None for k in good}):
            holds, message = v.witness_holds(params, answer, bad)
            assert holds is False and message, (role, bad)


# the oracle is run on at most this many small valid and this many small violating vectors per family
# (z3 is slow at its size limits)
ORACLE_SAMPLE = 6


@pytest.mark.parametrize("key", IMPLEMENTED)
def test_the_oracle_agrees_with_both_verifiers_on_small_vectors(key):
    fam = FAMILIES[key]
    oracle = fam.oracle()
    vf = _vectors(key)
    primary, second = load(key, "primary"), load(key, "second")
    decided = {"sat": 0, "unsat": 0}
    for vec in vf.tests:
        expected = "unsat" if vec["result"] == "valid" else "sat"
        if vec["result"] == "invalid" and vec["expected_reason"] != "PROPERTY_VIOLATION":
            continue
        if decided[expected] >= ORACLE_SAMPLE:
            continue
        params = vf.params_of(vec)
        try:
            answer = vf.answer(vec)
            parsed = primary.parse(params, answer)
        except AnswerError:
            continue
        if not oracle.fits(parsed):
            continue
        status, found = oracle.oracle(parsed, timeout_ms=60_000)
        assert status in ("sat", "unsat"), (vec["tcId"], status)
        decided[status] += 1
        assert status == expected, (vec["tcId"], status, vec["comment"])
        for v in (primary, second):
            assert v.check(params, answer).status is (Status.ACCEPT if expected == "unsat" else Status.REJECT)
            if found is not None:
                holds, message = v.witness_holds(params, answer, found)
                assert holds, (vec["tcId"], message)
    # a family without a PROPERTY_VIOLATION kind (labs, heilbronn: every well-formed, duplicate-free answer
    # is valid) has no violating vector for the oracle to find
    has_property = any(k.reason == "PROPERTY_VIOLATION" for k in fam.schema().WITNESSES)
    assert decided["unsat"] and (decided["sat"] or not has_property), \
        f"{key}: the oracle decided {decided} of its vectors"


_LIBRARIES = r"""
import json, sys
from importlib import metadata
role, key = sys.argv[1], sys.argv[2]
if role == "second":
    import endless_exam.crosscheck  # noqa: F401
from endless_exam import fixtures
from endless_exam.certificates.contract import load
v = load(key, role)
docs = sorted(fixtures.list_json("constructions", key), key=lambda item: len(json.dumps(item[1]["answer"])))
name, doc = docs[0]
params = v.schema.validate_params(doc["params"])
verdict = v.check(params, doc["answer"])
if verdict.status.value != "ACCEPT":
    raise SystemExit(f"{name}: {verdict.message}")
if getattr(v.module, "PRELOAD", ()):   # libraries imported lazily, for large answers: the largest one too
    name, doc = docs[-1]
    verdict = v.check(v.schema.validate_params(doc["params"]), doc["answer"])
    if verdict.status.value != "ACCEPT":
        raise SystemExit(f"{name}: {verdict.message}")
bad = json.loads(sys.argv[3])
if bad is not None:
    verdict = v.check(v.schema.validate_params(bad["params"]), bad["answer"])
    if verdict.status.value != "REJECT":
        raise SystemExit("the violating vector was not rejected")
dists = metadata.packages_distributions()
loaded = sorted({d for m in list(sys.modules) for d in dists.get(m.split(".")[0], [])})
ground = None
if "sympy" in sys.modules:
    import sympy.external.gmpy as g
    ground = g.GROUND_TYPES
print(json.dumps({"loaded": loaded, "ground_types": ground}))
"""


def _violating_literal(key: str) -> dict | None:
    vf = _vectors(key)
    for v in vf.tests:
        if v["expected_reason"] == "PROPERTY_VIOLATION" and "answer" in v:
            return {"params": vf.params_of(v), "answer": v["answer"]}
    return None


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("key", IMPLEMENTED)
def test_each_verifier_process_loads_exactly_its_declared_libraries(key, role):
    bad = json.dumps(_violating_literal(key))
    done = subprocess.run([sys.executable, "-I", "-c", _LIBRARIES, role, key, bad], capture_output=True,
                          text=True, timeout=300, cwd="/")
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    loaded = set(report["loaded"]) - INCIDENTAL
    declared = set(load(key, role).module.LIBRARIES)
    allowed = declared | {d for lib in declared for d in PULLED_IN.get(lib, ())}
    assert not loaded & FORBIDDEN[role], f"{role} of {key} loaded {sorted(loaded & FORBIDDEN[role])}"
    assert declared <= loaded, f"{role} of {key} declares {sorted(declared - loaded)} but never loaded them"
    assert loaded <= allowed, f"{role} of {key} loaded undeclared {sorted(loaded - allowed)}"
    if role == "second" and "sympy" in loaded:
        assert report["ground_types"] == "python"
