"""Wycheproof-style regression vectors of the ``capset`` family (``fixtures/vectors/capset.json``).

Every vector is run through BOTH verifiers in-process (``certificates.worker.handle`` with each
verifier's family loader, exactly what the worker processes do), and must give the expected status,
reason code and exact objective. A DUPLICATE or PROPERTY_VIOLATION witness of each verifier must be
confirmed by the OTHER verifier's ``witness_holds`` (through the worker's ``witness`` op). A few
vectors also run end to end through ``checker.harness.verify`` (two subprocesses + witness re-checks).

The ``generate`` recipes of the vector file (see its ``schema``) are implemented here.
"""
from __future__ import annotations

import crosscheck  # noqa: F401  (first: sets SYMPY_GROUND_TYPES=python before anything imports sympy)

import functools
import itertools
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

DATA = fixtures.read_json("vectors", "capset.json")
TESTS: list[dict] = DATA["tests"]
BY_ID = {v["tcId"]: v for v in TESTS}
LOADERS = {"primary": primary_families.load, "second": second_families.load}
OTHER = {"primary": "second", "second": "primary"}
PAYLOAD_KEYS = ("answer", "raw", "raw_hex", "generate")
WITNESS_CLASSES = ("duplicate", "property")


# ---- the generate recipes -------------------------------------------------------------------------

def _strings(width: int, count: int) -> list[str]:
    """The first ``count`` strings of ``width`` characters over 012 in lexicographic order, cycling."""
    out: list[str] = []
    while len(out) < count:
        for t in itertools.product("012", repeat=width):
            out.append("".join(t))
            if len(out) == count:
                break
    return out


def _generate(recipe: dict) -> bytes:
    kind = recipe["kind"]
    if kind == "repeat_string":
        return json.dumps([recipe["string"]] * recipe["count"]).encode("utf-8")
    if kind == "counting":
        if recipe["count"] > 3 ** recipe["width"]:
            raise ValueError("counting recipe asks for more strings than exist")
        return json.dumps(_strings(recipe["width"], recipe["count"])).encode("utf-8")
    if kind == "points":
        points = ["".join(t) for t in itertools.product(*recipe["factors"])]
        for s in recipe.get("drop", []):
            points.remove(s)  # ValueError if the recipe drops a point that is not there
        points.extend(recipe.get("append", []))
        return json.dumps(points).encode("utf-8")
    if kind == "product_counting":
        factors = [_strings(width, count) for width, count in recipe["factors"]]
        return json.dumps({"product": factors}).encode("utf-8")
    if kind == "raw_concat":
        return "".join(text * times for text, times in recipe["parts"]).encode("utf-8")
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


def _is_line(points: list[str]) -> bool:
    return (len(set(points)) == 3
            and all((int(a) + int(b) + int(c)) % 3 == 0 for a, b, c in zip(*points)))


def _id(v: dict) -> str:
    return f"tc{v['tcId']}-{v['flags'][0]}"


# ---- the file itself ------------------------------------------------------------------------------

def test_header_and_ids():
    assert DATA["family"] == "capset"
    assert isinstance(DATA["params"], dict) and isinstance(DATA["schema"], str) and DATA["schema"]
    assert DATA["numberOfTests"] == len(TESTS)
    ids = [v["tcId"] for v in TESTS]
    assert len(set(ids)) == len(ids), "tcIds must be unique"
    assert ids == list(range(1, len(TESTS) + 1)), "tcIds must be 1..N in order"
    assert 60 <= len(TESTS) <= 100


def test_every_flag_is_explained_and_used():
    used = {f for v in TESTS for f in v["flags"]}
    notes = DATA["notes"]
    assert used == set(notes), f"flags without a note: {used - set(notes)}; notes never used: {set(notes) - used}"
    assert all(isinstance(text, str) and len(text) > 20 for text in notes.values())


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

@pytest.mark.parametrize("v", TESTS, ids=_id)
def test_vector_both_verifiers(v):
    verdicts = {name: run_check(name, v) for name in LOADERS}
    for name, verdict in verdicts.items():
        where = f"{name} verifier on tcId {v['tcId']} ({v['comment']}): {verdict.message}"
        if v["result"] == "valid":
            assert verdict.status is Status.ACCEPT, where
            assert verdict.reason is None, where
            assert type(verdict.objective) is int and verdict.objective == v["expected_objective"], where
        else:
            assert verdict.status is Status.REJECT, where
            assert verdict.reason == v["expected_reason"], where
            assert verdict.objective is None, where
    if v["result"] == "invalid" and reason_class(v["expected_reason"]) in WITNESS_CLASSES:
        for name, verdict in verdicts.items():
            w = verdict.witness
            assert isinstance(w, dict) and isinstance(w.get("indices"), list), f"{name}: no witness"
            if v["expected_reason"] == "PROPERTY_VIOLATION":
                assert len(w["indices"]) == 3 and _is_line(w["points"]), f"{name}: witness {w} is not a line"
            else:
                assert len(w["indices"]) == 2 and w["indices"][0] != w["indices"][1], f"{name}: bad duplicate witness {w}"
            confirmed = run_witness(OTHER[name], v, w)
            assert confirmed["holds"] is True, f"{name}'s witness {w} not confirmed by {OTHER[name]}: {confirmed['message']}"


@pytest.mark.parametrize("checker_name", sorted(LOADERS))
def test_tampered_witness_is_not_confirmed(checker_name):
    """Negative control: witness_holds is not vacuous (a wrong index or a wrong point list is refused)."""
    v = next(t for t in TESTS if t.get("answer") == ["0000", "1111", "2222"])
    good = {"points": ["0000", "1111", "2222"], "indices": [0, 1, 2]}
    assert run_witness(checker_name, v, good)["holds"] is True
    for bad in ({"points": ["0000", "1111", "2222"], "indices": [0, 1, 1]},
                {"points": ["0000", "1111", "2222"], "indices": [0, 1, 3]},
                {"points": ["0000", "2222", "1111"], "indices": [0, 1, 2]},
                {"point": "0000", "indices": [0, 1]},
                {"indices": [0, 1, 2]},
                None):
        assert run_witness(checker_name, v, bad)["holds"] is False, bad


# ---- end to end through the harness (subprocesses) ---------------------------------------------------

def _pick(pred) -> int:
    return next(v["tcId"] for v in TESTS if pred(v))


E2E = sorted({
    _pick(lambda v: v["result"] == "valid" and isinstance(v.get("answer"), list)),
    _pick(lambda v: v["result"] == "valid" and isinstance(v.get("answer"), dict)),
    _pick(lambda v: v["expected_reason"] == "PROPERTY_VIOLATION" and "answer" in v),
    _pick(lambda v: v["expected_reason"] == "PROPERTY_VIOLATION" and "LargeInput" in v["flags"]),
    _pick(lambda v: v["expected_reason"] == "DUPLICATE" and "CompactForm" in v["flags"]),
    _pick(lambda v: v["expected_reason"] == "NO_ANSWER" and v["comment"].startswith("truncated JSON")),
    _pick(lambda v: v["expected_reason"] == "JSON_ENCODING"),
    _pick(lambda v: v["expected_reason"] == "EXPANSION_LIMIT"),
})


@pytest.mark.parametrize("tc_id", E2E, ids=lambda t: f"tc{t}")
def test_vector_end_to_end(tc_id):
    v = BY_ID[tc_id]
    combined = harness.verify(DATA["family"], params_of(v), payload(tc_id), time_limit=120.0)
    where = f"tcId {tc_id} ({v['comment']}): {combined.status} {combined.reason} {combined.message}"
    if v["result"] == "valid":
        assert combined.status is Status.ACCEPT, where
        assert type(combined.objective) is int and combined.objective == v["expected_objective"], where
    else:
        assert combined.status is Status.REJECT, where
        assert combined.reason == v["expected_reason"], where
        assert combined.primary.reason == combined.second.reason == v["expected_reason"], where
    if reason_class(v["expected_reason"]) in WITNESS_CLASSES:
        assert len(combined.witness_checks) == 2, where
        assert all(c["holds"] for c in combined.witness_checks), combined.witness_checks
    else:
        assert combined.witness_checks == [], where
