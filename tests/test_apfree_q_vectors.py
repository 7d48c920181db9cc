"""Wycheproof-style regression vectors of the ``apfree_q`` family (``fixtures/vectors/apfree_q.json``).

Every vector runs through BOTH verifiers in-process (``certificates.worker.handle`` with each verifier's
family loader, as the worker processes do) and must give the expected status, reason code and exact
objective. A DUPLICATE or PROPERTY_VIOLATION witness of each verifier must be a real duplicate or
progression and must be confirmed by the OTHER verifier's ``witness_holds`` (worker ``witness`` op).
Small literal answers are also decided by a brute-force reading of the definition (all triples).
A few vectors run end to end through ``checker.harness.verify`` (two subprocesses + witness re-checks).
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

DATA = fixtures.read_json("vectors", "apfree_q.json")
TESTS: list[dict] = DATA["tests"]
BY_ID = {v["tcId"]: v for v in TESTS}
LOADERS = {"primary": primary_families.load, "second": second_families.load}
OTHER = {"primary": "second", "second": "primary"}
PAYLOAD_KEYS = ("answer", "raw", "raw_hex", "generate")
WITNESS_CLASSES = ("duplicate", "property")
REQUIRED_FLAGS = {"TypeConfusion", "NonFinite", "OutOfRange", "Duplicate", "InstanceSubstitution", "DegenerateObject",
                  "NearMiss", "Overflow", "SizeBomb", "MalformedEncoding", "ExpansionBomb"}


# ---- generate recipes ---------------------------------------------------------------------------------

def _counting(q: int, width: int, count: int) -> list[str]:
    if count > q ** width:
        raise ValueError("counting recipe asks for more strings than exist")
    return ["".join(t) for t in itertools.islice(itertools.product("0123456789"[:q], repeat=width), count)]


def _generate(recipe: dict) -> bytes:
    kind = recipe["kind"]
    if kind == "repeat_string":
        return json.dumps([recipe["string"]] * recipe["count"]).encode()
    if kind == "counting":
        return json.dumps(_counting(recipe["q"], recipe["width"], recipe["count"])).encode()
    if kind == "points":
        pts = itertools.product(*recipe["factors"])
        if "limit" in recipe:
            pts = itertools.islice(pts, recipe["limit"])
        out = ["".join(t) for t in pts] + list(recipe.get("append", []))
        return json.dumps(out).encode()
    if kind == "construction":
        doc = fixtures.read_json("constructions", "apfree_q", recipe["file"])
        return json.dumps(doc["answer"] + list(recipe.get("append", []))).encode()
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
    header = {"op": "check", "family": "apfree_q", "params": params_of(v), "kind": "file"}
    return Verdict.from_json(handle(header, payload(v["tcId"]), LOADERS[verifier])["verdict"])


def run_witness(verifier: str, v: dict, witness: Any) -> dict:
    header = {"op": "witness", "family": "apfree_q", "params": params_of(v), "kind": "file", "witness": witness}
    return handle(header, payload(v["tcId"]), LOADERS[verifier])


def is_progression(x: str, y: str, z: str, q: int) -> bool:
    return len({x, y, z}) == 3 and all((int(a) + int(c) - 2 * int(b)) % q == 0 for a, b, c in zip(x, y, z))


def brute(points: list[str], q: int) -> str | None:
    """Reason by the definition over all ordered triples (small literal answers only)."""
    if len(set(points)) != len(points):
        return "DUPLICATE"
    if any(is_progression(x, y, z, q) for x, y, z in itertools.permutations(points, 3)):
        return "PROPERTY_VIOLATION"
    return None


def _id(v: dict) -> str:
    return f"tc{v['tcId']}-{v['flags'][0]}"


# ---- the file --------------------------------------------------------------------------------------------

def test_header_and_ids():
    assert DATA["family"] == "apfree_q"
    assert DATA["numberOfTests"] == len(TESTS)
    assert [v["tcId"] for v in TESTS] == list(range(1, len(TESTS) + 1))
    assert isinstance(DATA["schema"], str) and DATA["schema"]


def test_every_flag_is_explained_used_and_required_flags_covered():
    used = {f for v in TESTS for f in v["flags"]}
    assert used == set(DATA["notes"]), (used ^ set(DATA["notes"]))
    assert REQUIRED_FLAGS <= used | set(DATA["flagsNotApplicable"]), REQUIRED_FLAGS - used
    assert all(isinstance(t, str) and len(t) > 20 for t in DATA["notes"].values())


@pytest.mark.parametrize("v", TESTS, ids=_id)
def test_vector_is_well_formed(v):
    assert isinstance(v["comment"], str) and v["comment"]
    assert sum(key in v for key in PAYLOAD_KEYS) == 1
    assert v["result"] in ("valid", "invalid")
    if v["result"] == "valid":
        assert v["expected_reason"] is None and type(v["expected_objective"]) is int
    else:
        assert v["expected_reason"] in REASONS and "expected_objective" not in v
    allowed = {"tcId", "comment", "flags", "params", "result", "expected_reason", "expected_objective", *PAYLOAD_KEYS}
    assert set(v) <= allowed


# ---- both verifiers ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("v", TESTS, ids=_id)
def test_vector_both_verifiers(v):
    verdicts = {name: run_check(name, v) for name in LOADERS}
    for name, verdict in verdicts.items():
        where = f"{name} on tcId {v['tcId']} ({v['comment']}): {verdict.status} {verdict.reason} {verdict.message}"
        if v["result"] == "valid":
            assert verdict.status is Status.ACCEPT, where
            assert type(verdict.objective) is int and verdict.objective == v["expected_objective"], where
        else:
            assert verdict.status is Status.REJECT, where
            assert verdict.reason == v["expected_reason"], where
            assert verdict.objective is None, where
    if v["result"] == "invalid" and reason_class(v["expected_reason"]) in WITNESS_CLASSES:
        points = json.loads(payload(v["tcId"]))
        q = params_of(v)["q"]
        for name, verdict in verdicts.items():
            w = verdict.witness
            assert isinstance(w, dict) and isinstance(w.get("indices"), list), f"{name}: no witness"
            if v["expected_reason"] == "PROPERTY_VIOLATION":
                i, j, k = w["indices"]
                assert i < k and is_progression(points[i], points[j], points[k], q), (name, w)
                assert w["points"] == [points[i], points[j], points[k]]
            else:
                i, j = w["indices"]
                assert i != j and points[i] == points[j] == w["point"], (name, w)
            confirmed = run_witness(OTHER[name], v, w)
            assert confirmed["holds"] is True, f"{name}'s witness {w} not confirmed: {confirmed['message']}"


LITERAL = [v for v in TESTS if isinstance(v.get("answer"), list) and len(v["answer"]) <= 60
           and all(isinstance(p, str) and len(p) == params_of(v)["n"] and set(p) <= set("0123456789"[:params_of(v)["q"]])
                   for p in v["answer"]) and v["answer"]]


@pytest.mark.parametrize("v", LITERAL, ids=_id)
def test_literal_vectors_agree_with_brute_force(v):
    expected = None if v["result"] == "valid" else v["expected_reason"]
    assert brute(v["answer"], params_of(v)["q"]) == expected


@pytest.mark.parametrize("name", sorted(LOADERS))
def test_tampered_witness_is_not_confirmed(name):
    v = next(t for t in TESTS if t.get("answer") == ["000", "100", "200"])
    good = {"points": ["000", "100", "200"], "indices": [0, 1, 2]}
    assert run_witness(name, v, good)["holds"] is True
    for bad in ({"points": ["000", "200", "100"], "indices": [0, 2, 1]},        # 200 is not the middle
                {"points": ["000", "100", "200"], "indices": [0, 1, 1]},
                {"points": ["000", "100", "200"], "indices": [0, 1, 3]},
                {"points": ["000", "100"], "indices": [0, 1]},
                {"point": "000", "indices": [0, 1]},
                {"points": ["000", "100", "200"], "indices": [0, 1, True]},
                {"indices": [0, 1, 2]}, [0, 1, 2], None):
        assert run_witness(name, v, bad)["holds"] is False, bad


# ---- end to end through the harness ----------------------------------------------------------------------

def _pick(pred) -> int:
    return next(v["tcId"] for v in TESTS if pred(v))


E2E = sorted({
    _pick(lambda v: v["result"] == "valid" and isinstance(v.get("answer"), list)),
    _pick(lambda v: v["result"] == "valid" and "LargeInput" in v["flags"] and "construction" in json.dumps(v.get("generate"))),
    _pick(lambda v: v["expected_reason"] == "PROPERTY_VIOLATION" and "answer" in v),
    _pick(lambda v: v["expected_reason"] == "PROPERTY_VIOLATION" and "LargeInput" in v["flags"]),
    _pick(lambda v: v["expected_reason"] == "DUPLICATE" and "LargeInput" in v["flags"]),
    _pick(lambda v: v["expected_reason"] == "JSON_ENCODING"),
    _pick(lambda v: v["expected_reason"] == "SIZE_LIMIT"),
})


@pytest.mark.parametrize("tc_id", E2E, ids=lambda t: f"tc{t}")
def test_vector_end_to_end(tc_id):
    v = BY_ID[tc_id]
    combined = harness.verify("apfree_q", params_of(v), payload(tc_id), time_limit=120.0)
    where = f"tcId {tc_id}: {combined.status} {combined.reason} {combined.message}"
    if v["result"] == "valid":
        assert combined.status is Status.ACCEPT and combined.objective == v["expected_objective"], where
    else:
        assert combined.status is Status.REJECT and combined.reason == v["expected_reason"], where
        assert combined.primary.reason == combined.second.reason == v["expected_reason"], where
    if reason_class(v["expected_reason"]) in WITNESS_CLASSES:
        assert len(combined.witness_checks) == 2 and all(c["holds"] for c in combined.witness_checks), where
    else:
        assert combined.witness_checks == [], where
