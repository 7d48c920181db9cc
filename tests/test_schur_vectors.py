"""Wycheproof-style regression vectors of the ``schur`` family (``fixtures/vectors/schur.json``).

Every vector is run through BOTH verifiers in-process (``certificates.worker.handle`` with each
verifier's family loader, exactly what the worker processes do) and must give the expected status,
reason code and exact objective. A PROPERTY_VIOLATION witness of each verifier must be a genuine
monochromatic solution and must be confirmed by the OTHER verifier's ``witness_holds`` (through the
worker's ``witness`` op). A few vectors also run end to end through ``checker.harness.verify``.

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

DATA = fixtures.read_json("vectors", "schur.json")
TESTS: list[dict] = DATA["tests"]
BY_ID = {v["tcId"]: v for v in TESTS}
LOADERS = {"primary": primary_families.load, "second": second_families.load}
OTHER = {"primary": "second", "second": "primary"}
PAYLOAD_KEYS = ("answer", "raw", "raw_hex", "generate")
WITNESS_CLASSES = ("duplicate", "property")
ALL_FLAGS = {"TypeConfusion", "NonFinite", "OutOfRange", "Duplicate", "InstanceSubstitution", "DegenerateObject",
             "NearMiss", "Overflow", "SizeBomb", "MalformedEncoding", "ExpansionBomb"}


# ---- the generate recipes -------------------------------------------------------------------------

def _tripling(base: list[int], times: int) -> list[int]:
    c = list(base)
    for _ in range(times):
        fresh = max(c) + 1
        c = c + [fresh] * (len(c) + 1) + c
    return c


def _valuation(x: int) -> int:
    return (x & -x).bit_length() - 1


def _apply_set(colours: list[int], steps: list) -> list[int]:
    for x, how, value in steps:
        if how == "colour":
            colours[x - 1] = value
        elif how == "colour_of":
            colours[x - 1] = colours[value - 1]
        else:
            raise ValueError(f"unknown set step {how!r}")
    return colours


def _generate(recipe: dict) -> bytes:
    kind = recipe["kind"]
    if kind == "cycle":
        values = recipe["values"]
        return json.dumps([values[i % len(values)] for i in range(recipe["count"])]).encode("utf-8")
    if kind == "tripling":
        colours = _tripling(recipe["base"], recipe["times"])
        if len(colours) < recipe["length"]:
            raise ValueError("tripling recipe is shorter than the requested length")
        colours = colours[:recipe["length"]]
        s = recipe.get("split")
        if s:
            colours = [s * c + (x % s) for x, c in enumerate(colours, start=1)]
        return json.dumps(_apply_set(colours, recipe.get("set", []))).encode("utf-8")
    if kind == "valuation":
        colours = [_valuation(x) for x in range(1, recipe["length"] + 1)]
        return json.dumps(_apply_set(colours, recipe.get("set", []))).encode("utf-8")
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


def _colours(v: dict) -> list[int]:
    data = json.loads(payload(v["tcId"]))
    return data["answer"] if isinstance(data, dict) else data


def _is_solution(colours: list[int], w: dict) -> bool:
    x, y, z, c = w["x"], w["y"], w["z"], w["colour"]
    return (1 <= x <= y and x + y == z <= len(colours)
            and colours[x - 1] == colours[y - 1] == colours[z - 1] == c)


def _id(v: dict) -> str:
    return f"tc{v['tcId']}-{v['flags'][0]}"


# ---- the file itself ------------------------------------------------------------------------------

def test_header_and_ids():
    assert DATA["family"] == "schur"
    assert DATA["params"] == {"k": 3}
    assert isinstance(DATA["schema"], str) and DATA["schema"]
    assert DATA["numberOfTests"] == len(TESTS)
    ids = [v["tcId"] for v in TESTS]
    assert ids == list(range(1, len(TESTS) + 1)), "tcIds must be 1..N in order"
    assert 60 <= len(TESTS) <= 120


def test_every_flag_is_explained_and_used():
    used = {f for v in TESTS for f in v["flags"]}
    notes = DATA["notes"]
    assert used == set(notes), f"flags without a note: {used - set(notes)}; notes never used: {set(notes) - used}"
    assert all(isinstance(text, str) and len(text) > 20 for text in notes.values())
    not_applicable = DATA["flagsNotApplicable"]
    assert ALL_FLAGS <= used | set(not_applicable)
    assert not (used & set(not_applicable))


def test_both_results_and_all_reason_classes_occur():
    assert {v["result"] for v in TESTS} == {"valid", "invalid"}
    reasons = {v["expected_reason"] for v in TESTS}
    for code in ("FORMAT_TYPE", "FORMAT_SHAPE", "RANGE", "EMPTY", "SIZE_LIMIT", "PROPERTY_VIOLATION", "NO_ANSWER",
                 "JSON_NONFINITE", "JSON_NUMBER", "JSON_DEPTH", "JSON_ENCODING", "JSON_DUPLICATE_KEY"):
        assert code in reasons, code


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
        colours = _colours(v)
        for name, verdict in verdicts.items():
            w = verdict.witness
            assert isinstance(w, dict) and set(w) == {"x", "y", "z", "colour"}, f"{name}: no witness"
            assert _is_solution(colours, w), f"{name}: witness {w} is not a monochromatic solution"
            confirmed = run_witness(OTHER[name], v, w)
            assert confirmed["holds"] is True, f"{name}'s witness {w} not confirmed by {OTHER[name]}: {confirmed['message']}"


@pytest.mark.parametrize("checker_name", sorted(LOADERS))
def test_tampered_witness_is_not_confirmed(checker_name):
    """Negative control: witness_holds is not vacuous."""
    v = next(t for t in TESTS if t.get("answer") == [1, 0, 1, 0])     # only solution: 2 + 2 = 4 in colour 0
    assert run_witness(checker_name, v, {"x": 2, "y": 2, "z": 4, "colour": 0})["holds"] is True
    for bad in ({"x": 2, "y": 2, "z": 4, "colour": 1},        # wrong colour
                {"x": 1, "y": 3, "z": 4, "colour": 0},        # 1 and 3 have colour 1
                {"x": 1, "y": 2, "z": 3, "colour": 1},        # not monochromatic
                {"x": 2, "y": 2, "z": 5, "colour": 0},        # not a sum, out of range
                {"x": 0, "y": 4, "z": 4, "colour": 0},        # 0 is not coloured
                {"x": -2, "y": 6, "z": 4, "colour": 0},       # negative summand
                {"x": 2, "y": 2, "z": 4, "colour": 0, "n": 4},  # extra key
                {"x": 2.0, "y": 2, "z": 4, "colour": 0},      # float
                {"x": True, "y": 1, "z": 2, "colour": 1},     # bool
                {"x": 2, "y": 2, "z": 4},                     # missing colour
                [2, 2, 4, 0],
                None):
        assert run_witness(checker_name, v, bad)["holds"] is False, bad


# ---- end to end through the harness (subprocesses) ---------------------------------------------------

def _pick(pred) -> int:
    return next(v["tcId"] for v in TESTS if pred(v))


E2E = sorted({
    _pick(lambda v: v["result"] == "valid" and v.get("answer") is not None and params_of(v) == {"k": 4}),
    _pick(lambda v: v["result"] == "valid" and "LargeInput" in v["flags"] and v["generate"]["kind"] == "tripling"),
    _pick(lambda v: v["expected_reason"] == "PROPERTY_VIOLATION" and "answer" in v),
    _pick(lambda v: v["expected_reason"] == "PROPERTY_VIOLATION" and "LargeInput" in v["flags"]),
    _pick(lambda v: v["expected_reason"] == "RANGE"),
    _pick(lambda v: v["expected_reason"] == "SIZE_LIMIT"),
    _pick(lambda v: v["expected_reason"] == "JSON_ENCODING"),
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
