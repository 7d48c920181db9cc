"""Wycheproof-style regression vectors of the ``corners`` family (``fixtures/vectors/corners.json``).

The standard tests (both verifiers in-process on every vector, witness cross-confirmation, tampered
witnesses, end-to-end runs through ``endless_exam.checker.verify.harness.verify``) come from ``tests/common/vectorlib.py``; here
are the family's ``generate`` recipes (see the ``schema`` of the vector file), its witness check
against the definition, its choice of end-to-end vectors and a tampered-duplicate control.
"""
from __future__ import annotations

import json

import pytest

from endless_exam import fixtures
from endless_exam.certificates.schemas import corners as schema
from tests.common import vectorlib


# ---- the generate recipes -------------------------------------------------------------------------

def _generate(recipe: dict) -> bytes:
    kind = recipe["kind"]
    if kind == "construction":
        answer = fixtures.read_json("constructions", "corners", recipe["name"])["answer"]
        if recipe.get("append"):
            answer = list(answer) + [list(p) for p in recipe["append"]]
        return json.dumps(answer).encode()
    if kind == "row_major":
        n = recipe["n"]
        return json.dumps([[c % n, c // n] for c in range(recipe["count"])]).encode()
    if kind == "repeat_point":
        return json.dumps([recipe["point"]] * recipe["count"]).encode()
    if kind == "diff_list":
        start, stop = recipe["range"]
        return json.dumps({"diff_set": list(range(start, stop)) + list(recipe.get("extra", []))}).encode()
    if kind == "repeat_diff":
        return json.dumps({"diff_set": [recipe["value"]] * recipe["count"]}).encode()
    if kind == "product":                                 # issue 31: {1000 i} x {0..459}
        (x0, dx, nx), (y0, dy, ny) = recipe["xs"], recipe["ys"]
        points = [[x0 + i * dx, y0 + j * dy] for i in range(nx) for j in range(ny)]
        return json.dumps(points + [list(p) for p in recipe.get("append", [])]).encode()
    if kind == "digits_range":
        return json.dumps({"diff_set": vectorlib.digit_spec(recipe)}).encode()
    raise ValueError(f"unknown generate recipe {kind!r}")


VECTORS = vectorlib.VectorFile("corners", _generate)


class TestCornersVectors(vectorlib.VectorTests):
    vectors = VECTORS
    not_applicable = {"SignOracle"}
    slow_vectors = frozenset({102})      # 4,000,001 points of JSON, parsed by each verifier (about 18 s)
    tamper_answer = [[0, 0], [1, 0], [0, 1]]
    tamper_good = [{"corner": [0, 0, 1], "indices": [0, 1, 2]}]
    tamper_bad = [{"corner": [0, 0, 1], "indices": [0, 2, 1]},
                  {"corner": [0, 0, 0], "indices": [0, 1, 2]},
                  {"corner": [0, 0, 2], "indices": [0, 1, 2]},
                  {"corner": [0, 0, 1], "indices": [0, 1, 3]},
                  {"corner": [0, 0, 1], "indices": [0, 1, 1]},
                  {"corner": [0, 0, True], "indices": [0, 1, 2]},
                  {"point": [0, 0], "indices": [0, 1]},
                  {"indices": [0, 1, 2]},
                  None]
    end_to_end = VECTORS.pick(
        lambda v: v["result"] == "valid" and isinstance(v.get("answer"), list),
        lambda v: v["result"] == "valid" and isinstance(v.get("answer"), dict) and "diff_set" in v["answer"]
        and isinstance(v["answer"]["diff_set"], dict),
        vectorlib.expecting("PROPERTY_VIOLATION", flag="LargeInput"),
        vectorlib.expecting("DUPLICATE", flag="CompactForm"),
        vectorlib.expecting("EXPANSION_LIMIT"),
        vectorlib.expecting("JSON_ENCODING"),
    )

    def check_witness(self, v, answer, params, verifier, w):
        points = schema.parse(answer, params).points
        idx = vectorlib.indices_of(verifier, w)
        if v["expected_reason"] == "PROPERTY_VIOLATION":
            x, y, d = w["corner"]
            assert d != 0 and [points[t] for t in idx] == [(x, y), (x + d, y), (x, y + d)], f"{verifier}: {w}"
        else:
            assert len(idx) == 2 and idx[0] != idx[1] and points[idx[0]] == points[idx[1]], f"{verifier}: {w}"


@pytest.mark.parametrize("verifier", sorted(vectorlib.LOADERS))
def test_tampered_duplicate_witness_is_not_confirmed(verifier):
    VECTORS.assert_tampered_refused(
        verifier, [[1, 2], [1, 2]],
        good=[{"point": [1, 2], "indices": [0, 1]}],
        bad=[{"point": [True, 2], "indices": [0, 1]}, {"point": [2, 1], "indices": [0, 1]},
             {"point": [1, 2], "indices": [0, 0]}, {"point": [1, 2], "indices": [0]},
             {"point": [1, 2, 0], "indices": [0, 1]}, {"point": [1, 2]}])
