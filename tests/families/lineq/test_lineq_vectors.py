"""Wycheproof-style regression vectors of the ``lineq`` family (``fixtures/vectors/lineq.json``).

The standard tests (both verifiers in-process on every vector, witness cross-confirmation, tampered
witnesses, end-to-end runs through ``endless_exam.checker.verify.harness.verify``) come from ``tests/common/vectorlib.py``; here
are the family's ``generate`` recipes (see the ``schema`` of the vector file), its witness check
against the definition, its choice of end-to-end vectors and tampered-duplicate controls.
"""
from __future__ import annotations

import json

import pytest

from endless_exam import fixtures
from endless_exam.certificates.schemas import lineq as schema
from tests.common import vectorlib


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
        return json.dumps({"digits": vectorlib.digit_spec(recipe)}).encode()
    raise ValueError(f"unknown generate recipe {kind!r}")


VECTORS = vectorlib.VectorFile("lineq", _generate)


class TestLineqVectors(vectorlib.VectorTests):
    vectors = VECTORS
    not_applicable = {"SignOracle"}
    tamper_answer = [1, 4, 6]
    tamper_good = [{"solution": [1, 6, 4], "indices": [0, 2, 1]}]
    tamper_bad = [{"solution": [6, 1, 4], "indices": [2, 0, 1]},      # 2*6 + 3*1 = 15 != 20
                  {"solution": [1, 6, 4], "indices": [0, 1, 2]},
                  {"solution": [1, 6, 4], "indices": [0, 2, 3]},
                  {"solution": [1, 1, 1], "indices": [0, 0, 0]},
                  {"value": 1, "indices": [0, 1]},
                  {"indices": [0, 2, 1]},
                  {"solution": [1, 6, 4], "indices": [0, 2, True]},
                  None]
    end_to_end = VECTORS.pick(
        lambda v: v["result"] == "valid" and isinstance(v.get("answer"), list),
        lambda v: v["result"] == "valid" and isinstance(v.get("answer"), dict) and "digits" in v["answer"],
        vectorlib.expecting("PROPERTY_VIOLATION", flag="LargeInput"),
        vectorlib.expecting("DUPLICATE", flag="SizeBomb"),
        vectorlib.expecting("EXPANSION_LIMIT"),
        vectorlib.expecting("JSON_ENCODING"),
    )

    def check_witness(self, v, answer, params, verifier, w):
        elements = schema.parse(answer, params).elements
        a, b = params["a"], params["b"]
        idx = vectorlib.indices_of(verifier, w)
        if v["expected_reason"] == "PROPERTY_VIOLATION":
            x, y, z = w["solution"]
            assert [elements[t] for t in idx] == [x, y, z], f"{verifier}: {w}"
            assert a * x + b * y == (a + b) * z and x != y, f"{verifier}: {w}"
        else:
            assert len(idx) == 2 and idx[0] != idx[1] and elements[idx[0]] == elements[idx[1]], f"{verifier}: {w}"


@pytest.mark.parametrize("verifier", sorted(vectorlib.LOADERS))
def test_tampered_duplicate_witness_is_not_confirmed(verifier):
    VECTORS.assert_tampered_refused(
        verifier, [7, 7],
        good=[{"value": 7, "indices": [0, 1]}],
        bad=[{"value": 7.0, "indices": [0, 1]}, {"value": 8, "indices": [0, 1]}, {"value": 7, "indices": [0, 0]},
             {"value": 7, "indices": [1]}, {"value": 7, "indices": [0, 2]}, {"value": 7}])
    VECTORS.assert_tampered_refused(
        verifier, [1, 2, 3],
        good=[{"solution": [1, 3, 2], "indices": [0, 2, 1]}],
        bad=[{"solution": [True, 3, 2], "indices": [0, 2, 1]}])
