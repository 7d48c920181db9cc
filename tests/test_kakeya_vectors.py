"""Wycheproof-style regression vectors of the ``kakeya`` control family (``fixtures/vectors/kakeya.json``).

Every vector runs through BOTH verifiers in-process (``certificates.worker.handle`` with each verifier's
family loader) and must give the expected status, reason code and exact objective. A DUPLICATE
witness must name two equal points and a PROPERTY_VIOLATION witness a direction without a full line
(re-checked here in plain Python), and each must be confirmed by the OTHER verifier's
``witness_holds``. A few vectors run end to end through ``checker.harness.verify``.
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

DATA = fixtures.read_json("vectors", "kakeya.json")
TESTS: list[dict] = DATA["tests"]
BY_ID = {v["tcId"]: v for v in TESTS}
LOADERS = {"primary": primary_families.load, "second": second_families.load}
OTHER = {"primary": "second", "second": "primary"}
PAYLOAD_KEYS = ("answer", "raw", "raw_hex", "generate")
WITNESS_CLASSES = ("duplicate", "property")
REQUIRED_FLAGS = {"TypeConfusion", "NonFinite", "OutOfRange", "Duplicate", "InstanceSubstitution", "DegenerateObject",
                  "NearMiss", "Overflow", "SizeBomb", "MalformedEncoding", "ExpansionBomb"}


# ---- generate recipes ---------------------------------------------------------------------------------

def _transversal_last(q: int, n: int) -> set[tuple[int, ...]]:
    v = (1,) + (q - 1,) * (n - 1)
    out = set()
    for b in itertools.product(range(q), repeat=n - 1):
        g = sum(x * x for x in b) % q
        out.add(tuple((c + g * vc) % q for c, vc in zip((0,) + b, v)))
    return out


def _generate(recipe: dict) -> bytes:
    kind = recipe["kind"]
    if kind == "space":
        q, n = recipe["q"], recipe["n"]
        drop = _transversal_last(q, n) if recipe.get("drop") == "transversal_last" else set()
        if recipe.get("drop") not in (None, "transversal_last"):
            raise ValueError(f"unknown drop rule {recipe['drop']!r}")
        pts = [list(p) for p in itertools.product(range(q), repeat=n) if p not in drop]
        return json.dumps(pts + list(recipe.get("append", []))).encode()
    if kind == "construction":
        pts = list(fixtures.read_json("constructions", "kakeya", recipe["file"])["answer"])
        if "drop_index" in recipe:
            del pts[recipe["drop_index"]]
        return json.dumps(pts + list(recipe.get("append", []))).encode()
    if kind == "repeat_vector":
        return json.dumps([recipe["vector"]] * recipe["count"]).encode()
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
    header = {"op": "check", "family": "kakeya", "params": params_of(v), "kind": "file"}
    return Verdict.from_json(handle(header, payload(v["tcId"]), LOADERS[verifier])["verdict"])


def run_witness(verifier: str, v: dict, witness: Any) -> dict:
    header = {"op": "witness", "family": "kakeya", "params": params_of(v), "kind": "file", "witness": witness}
    return handle(header, payload(v["tcId"]), LOADERS[verifier])


def no_line(points: list[list[int]], v: list[int], q: int) -> bool:
    """Plain Python: no line {a + t v} of F_q^n lies in the set (only lines through points of the set can)."""
    members = {tuple(p) for p in points}
    return not any(all(tuple((a[c] + t * v[c]) % q for c in range(len(v))) in members for t in range(q))
                   for a in members)


def _id(v: dict) -> str:
    return f"tc{v['tcId']}-{v['flags'][0]}"


# ---- the file --------------------------------------------------------------------------------------------

def test_header_and_ids():
    assert DATA["family"] == "kakeya"
    assert DATA["numberOfTests"] == len(TESTS)
    assert [v["tcId"] for v in TESTS] == list(range(1, len(TESTS) + 1))


def test_every_flag_is_explained_used_and_required_flags_covered():
    used = {f for v in TESTS for f in v["flags"]}
    assert used == set(DATA["notes"]), (used ^ set(DATA["notes"]))
    assert REQUIRED_FLAGS <= used, REQUIRED_FLAGS - used
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
            if v["expected_reason"] == "PROPERTY_VIOLATION":
                assert set(w) == {"direction"} and any(w["direction"]) and no_line(points, w["direction"], q), (name, w)
            else:
                i, j = w["indices"]
                assert i != j and points[i] == points[j] == w["point"], (name, w)
            confirmed = run_witness(OTHER[name], v, w)
            assert confirmed["holds"] is True, f"{name}'s witness {w} not confirmed: {confirmed['message']}"


@pytest.mark.parametrize("name", sorted(LOADERS))
def test_tampered_witness_is_not_confirmed(name):
    v = next(t for t in TESTS if t.get("answer") == [[0, 0], [0, 1], [0, 2]])
    assert run_witness(name, v, {"direction": [1, 0]})["holds"] is True
    assert run_witness(name, v, {"direction": [2, 0]})["holds"] is True           # a scalar multiple
    for bad in ({"direction": [0, 1]}, {"direction": [0, 2]}, {"direction": [0, 0]}, {"direction": [1, 3]},
                {"direction": [1, True]}, {"direction": [1]}, {"direction": "10"}, {"direction": [1, 0], "extra": 1},
                {"point": [0, 0], "indices": [0, 1]}, {"point": [0, 0], "indices": [0, 0]}, [1, 0], None):
        assert run_witness(name, v, bad)["holds"] is False, bad


# ---- end to end -------------------------------------------------------------------------------------------

def _pick(pred) -> int:
    return next(v["tcId"] for v in TESTS if pred(v))


E2E = sorted({
    _pick(lambda v: v["result"] == "valid" and isinstance(v.get("answer"), list)),
    _pick(lambda v: v["result"] == "valid" and "construction" in json.dumps(v.get("generate"))),
    _pick(lambda v: v["expected_reason"] == "PROPERTY_VIOLATION" and "LargeInput" in v["flags"]),
    _pick(lambda v: v["expected_reason"] == "DUPLICATE" and "LargeInput" in v["flags"]),
    _pick(lambda v: v["expected_reason"] == "RANGE"),
    _pick(lambda v: v["expected_reason"] == "SIZE_LIMIT"),
})


@pytest.mark.parametrize("tc_id", E2E, ids=lambda t: f"tc{t}")
def test_vector_end_to_end(tc_id):
    v = BY_ID[tc_id]
    combined = harness.verify("kakeya", params_of(v), payload(tc_id), time_limit=120.0)
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
