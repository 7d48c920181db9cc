"""Wycheproof-style regression vectors of the ``lineq`` family (``fixtures/vectors/lineq.json``).

Every vector is run through BOTH verifiers in-process (``certificates.worker.handle`` with each
verifier's family loader, exactly what the worker processes do) and must give the expected status,
reason code and exact objective. A DUPLICATE or PROPERTY_VIOLATION witness of each verifier must be
confirmed by the OTHER verifier's ``witness_holds`` (through the worker's ``witness`` op) and is
re-checked here against the definition. A few vectors also run end to end through
``checker.harness.verify`` (two subprocesses + witness re-checks).

The ``generate`` recipes of the vector file (see its ``schema``) are implemented here.
"""
from __future__ import annotations

import crosscheck  # noqa: F401  (first: sets SYMPY_GROUND_TYPES=python before anything imports sympy)

import functools
import json
from typing import Any

import pytest

import checker.families as primary_families
import crosscheck.families as second_families
import fixtures
from certificates.reasons import REASONS, reason_class
from certificates.verdict import Status, Verdict
from certificates.worker import handle
from checker import harness

DATA = fixtures.read_json("vectors", "lineq.json")
TESTS: list[dict] = DATA["tests"]
BY_ID = {v["tcId"]: v for v in TESTS}
LOADERS = {"primary": primary_families.load, "second": second_families.load}
OTHER = {"primary": "second", "second": "primary"}
PAYLOAD_KEYS = ("answer", "raw", "raw_hex", "generate")
WITNESS_CLASSES = ("duplicate", "property")


# ---- the generate recipes -------------------------------------------------------------------------

def _generate(recipe: dict) -> bytes:
    kind = recipe["kind"]
    if kind == "construction":
        answer = fixtures.read_json("constructions", "lineq", recipe["name"])["answer"]
        if recipe.get("append"):
            answer = list(answer) + list(recipe["append"])
        return json.dumps(answer).encode()
    if kind == "range":
        return json.dumps(list(range(recipe["start"], recipe["stop"]))).encode()
    if kind == "repeat_int":
        return json.dumps([recipe["value"]] * recipe["count"]).encode()
    if kind == "digits_range":
        spec = {"base": recipe["base"], "allowed": list(range(recipe["count"])), "length": recipe["length"],
                "offset": recipe["offset"]}
        return json.dumps({"digits": spec}).encode()
    if kind == "raw_concat":
        return "".join(text * times for text, times in recipe["parts"]).encode()
    raise ValueError(f"unknown generate recipe {kind!r}")


@functools.lru_cache(maxsize=None)
def payload(tc_id: int) -> bytes:
    v = BY_ID[tc_id]
    if "answer" in v:
        return json.dumps(v["answer"], ensure_ascii=False).encode("utf-8")
    if "raw" in v:
        return v["raw"].encode("utf-8")
    if "raw_hex" in v:
        return bytes.fromhex(v["raw_hex"])
    return _generate(v["generate"])


def params_of(v: dict) -> dict:
    return v.get("params", DATA["params"])


def run_check(verifier: str, v: dict) -> Verdict:
    header = {"op": "check", "family": DATA["family"], "params": params_of(v), "kind": "file"}
    return Verdict.from_json(handle(header, payload(v["tcId"]), LOADERS[verifier])["verdict"])


def run_witness(verifier: str, v: dict, witness: Any) -> dict:
    header = {"op": "witness", "family": DATA["family"], "params": params_of(v), "kind": "file", "witness": witness}
    return handle(header, payload(v["tcId"]), LOADERS[verifier])


def _id(v: dict) -> str:
    return f"tc{v['tcId']}-{v['flags'][0]}"


# ---- the file itself ------------------------------------------------------------------------------

def test_header_and_ids():
    assert DATA["family"] == "lineq"
    assert isinstance(DATA["params"], dict) and isinstance(DATA["schema"], str) and DATA["schema"]
    assert DATA["numberOfTests"] == len(TESTS)
    ids = [v["tcId"] for v in TESTS]
    assert ids == list(range(1, len(TESTS) + 1)), "tcIds must be 1..N in order"


def test_every_flag_is_explained_and_used():
    used = {f for v in TESTS for f in v["flags"]}
    notes = DATA["notes"]
    assert used == set(notes), f"flags without a note: {used - set(notes)}; notes never used: {set(notes) - used}"
    required = {"TypeConfusion", "NonFinite", "OutOfRange", "Duplicate", "InstanceSubstitution", "DegenerateObject",
                "NearMiss", "Overflow", "SizeBomb", "MalformedEncoding", "ExpansionBomb"}
    assert required <= used
    assert set(DATA["flagsNotApplicable"]) == {"SignOracle"}


@pytest.mark.parametrize("v", TESTS, ids=_id)
def test_vector_is_well_formed(v):
    assert isinstance(v["comment"], str) and v["comment"]
    assert isinstance(v["flags"], list) and v["flags"] and all(isinstance(f, str) for f in v["flags"])
    assert sum(key in v for key in PAYLOAD_KEYS) == 1, "exactly one of answer/raw/raw_hex/generate"
    assert v["result"] in ("valid", "invalid")
    if v["result"] == "valid":
        assert v["expected_reason"] is None
        assert type(v["expected_objective"]) is int and v["expected_objective"] >= 1
    else:
        assert v["expected_reason"] in REASONS
        assert "expected_objective" not in v
    allowed = {"tcId", "comment", "flags", "params", "result", "expected_reason", "expected_objective", *PAYLOAD_KEYS}
    assert set(v) <= allowed, f"unknown vector keys {set(v) - allowed}"


# ---- both verifiers, in-process -----------------------------------------------------------------------

def _elements_of(answer_bytes: bytes, params: dict):
    from certificates import lineq as schema
    from certificates.extract import answer_from_bytes
    return schema.parse(answer_from_bytes(answer_bytes), params).elements


@pytest.mark.parametrize("v", TESTS, ids=_id)
def test_vector_both_verifiers(v):
    verdicts = {name: run_check(name, v) for name in LOADERS}
    for name, verdict in verdicts.items():
        where = f"{name} verifier on tcId {v['tcId']} ({v['comment']}): {verdict.status} {verdict.reason} {verdict.message}"
        if v["result"] == "valid":
            assert verdict.status is Status.ACCEPT, where
            assert type(verdict.objective) is int and verdict.objective == v["expected_objective"], where
        else:
            assert verdict.status is Status.REJECT, where
            assert verdict.reason == v["expected_reason"], where
            assert verdict.objective is None, where
    if v["result"] == "invalid" and reason_class(v["expected_reason"]) in WITNESS_CLASSES:
        elements = _elements_of(payload(v["tcId"]), params_of(v))
        a, b = params_of(v)["a"], params_of(v)["b"]
        for name, verdict in verdicts.items():
            w = verdict.witness
            assert isinstance(w, dict) and isinstance(w.get("indices"), list), f"{name}: no witness"
            idx = w["indices"]
            if v["expected_reason"] == "PROPERTY_VIOLATION":
                x, y, z = w["solution"]
                assert [elements[t] for t in idx] == [x, y, z], f"{name}: {w}"
                assert a * x + b * y == (a + b) * z and x != y, f"{name}: {w}"
            else:
                assert len(idx) == 2 and idx[0] != idx[1] and elements[idx[0]] == elements[idx[1]], f"{name}: {w}"
            confirmed = run_witness(OTHER[name], v, w)
            assert confirmed["holds"] is True, f"{name}'s witness {w} not confirmed by {OTHER[name]}: {confirmed['message']}"


@pytest.mark.parametrize("checker_name", sorted(LOADERS))
def test_tampered_witness_is_not_confirmed(checker_name):
    """Negative control: witness_holds is not vacuous."""
    v = next(t for t in TESTS if t.get("answer") == [1, 4, 6])
    good = {"solution": [1, 6, 4], "indices": [0, 2, 1]}
    assert run_witness(checker_name, v, good)["holds"] is True
    for bad in ({"solution": [6, 1, 4], "indices": [2, 0, 1]},      # 2*6 + 3*1 = 15 != 20
                {"solution": [1, 6, 4], "indices": [0, 1, 2]},
                {"solution": [1, 6, 4], "indices": [0, 2, 3]},
                {"solution": [1, 1, 1], "indices": [0, 0, 0]},
                {"value": 1, "indices": [0, 1]},
                {"indices": [0, 2, 1]},
                {"solution": [1, 6, 4], "indices": [0, 2, True]},
                None):
        assert run_witness(checker_name, v, bad)["holds"] is False, bad


# ---- end to end through the harness (subprocesses) ---------------------------------------------------

def _pick(pred) -> int:
    return next(v["tcId"] for v in TESTS if pred(v))


E2E = sorted({
    _pick(lambda v: v["result"] == "valid" and isinstance(v.get("answer"), list)),
    _pick(lambda v: v["result"] == "valid" and isinstance(v.get("answer"), dict) and "digits" in v["answer"]),
    _pick(lambda v: v["expected_reason"] == "PROPERTY_VIOLATION" and "LargeInput" in v["flags"]),
    _pick(lambda v: v["expected_reason"] == "DUPLICATE" and "SizeBomb" in v["flags"]),
    _pick(lambda v: v["expected_reason"] == "EXPANSION_LIMIT"),
    _pick(lambda v: v["expected_reason"] == "JSON_ENCODING"),
})


@pytest.mark.parametrize("tc_id", E2E, ids=lambda t: f"tc{t}")
def test_vector_end_to_end(tc_id):
    v = BY_ID[tc_id]
    combined = harness.verify(DATA["family"], params_of(v), payload(tc_id), time_limit=120.0)
    where = f"tcId {tc_id} ({v['comment']}): {combined.status} {combined.reason} {combined.message}"
    if v["result"] == "valid":
        assert combined.status is Status.ACCEPT, where
        assert combined.objective == v["expected_objective"], where
    else:
        assert combined.status is Status.REJECT, where
        assert combined.primary.reason == combined.second.reason == v["expected_reason"], where
    if reason_class(v["expected_reason"]) in WITNESS_CLASSES:
        assert len(combined.witness_checks) == 2 and all(c["holds"] for c in combined.witness_checks), where
    else:
        assert combined.witness_checks == [], where


@pytest.mark.parametrize("checker_name", sorted(LOADERS))
def test_tampered_duplicate_witness_is_not_confirmed(checker_name):
    v = next(t for t in TESTS if t.get("answer") == [7, 7])
    assert run_witness(checker_name, v, {"value": 7, "indices": [0, 1]})["holds"] is True
    for bad in ({"value": 7.0, "indices": [0, 1]}, {"value": 8, "indices": [0, 1]}, {"value": 7, "indices": [0, 0]},
                {"value": 7, "indices": [1]}, {"value": 7, "indices": [0, 2]}, {"value": 7}):
        assert run_witness(checker_name, v, bad)["holds"] is False, bad
    w = next(t for t in TESTS if t.get("answer") == [1, 2, 3])
    assert run_witness(checker_name, w, {"solution": [1, 3, 2], "indices": [0, 2, 1]})["holds"] is True
    assert run_witness(checker_name, w, {"solution": [True, 3, 2], "indices": [0, 2, 1]})["holds"] is False
