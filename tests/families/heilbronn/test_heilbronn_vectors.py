"""Wycheproof-style regression vectors of the ``heilbronn`` family (``fixtures/vectors/heilbronn.json``).

The standard tests (both verifiers in-process on every vector with exact rational objectives, witness
cross-confirmation, tampered witnesses, end-to-end runs through ``endless_exam.checker.verify.harness.verify``)
come from ``tests/common/vectorlib.py``; here are the ``generate`` recipes shared with ``heilbronn_shape`` (see
the ``schema`` of the vector file), the witness check and the choice of end-to-end vectors.
"""
from __future__ import annotations

import json

from tests.common import vectorlib


def generate_points(recipe: dict) -> bytes:
    kind = recipe["kind"]
    if kind == "parabola":
        # Erdos: (x, x^2 mod p) for x < count, p prime, has no three collinear points; scaled by an integer
        p, scale = recipe["p"], recipe["scale"]
        points: list = [[scale * x, scale * (x * x % p)] for x in range(recipe["count"])]
        for index, value in recipe.get("set", []):
            points[index] = value
        points.extend(recipe.get("append", []))
        return json.dumps(points).encode("utf-8")
    if kind == "repeat":
        return json.dumps([recipe["point"]] * recipe["count"]).encode("utf-8")
    raise ValueError(f"unknown generate recipe {kind!r}")


VECTORS = vectorlib.VectorFile("heilbronn", generate_points)


class TestHeilbronnVectors(vectorlib.VectorTests):
    vectors = VECTORS
    not_applicable = {"ExpansionBomb"}
    size_range = (60, 110)
    default_params = {"n": 4}
    tamper_answer = [[0, 0], [0, 0], [1, 2], [3, 1]]
    tamper_good = [{"point": [0, 0], "indices": [0, 1]}, {"point": [0, 0], "indices": [1, 0]}]
    tamper_bad = [{"point": [0, 0], "indices": [0, 2]},
                  {"point": [1, 2], "indices": [0, 1]},
                  {"point": [0, 0], "indices": [0, 0]},
                  {"point": [0, 0], "indices": [0, 4]},
                  {"points": [[0, 0]], "indices": [0]},
                  {"indices": [0, 1]},
                  None]
    end_to_end = VECTORS.pick(
        lambda v: v["result"] == "valid" and "answer" in v and v["expected_objective"] != "0",
        lambda v: v["result"] == "valid" and v["expected_objective"] == "0",
        lambda v: v["result"] == "valid" and "LargeInput" in v["flags"],
        vectorlib.expecting("DUPLICATE", literal=True),
        vectorlib.expecting("DUPLICATE", flag="LargeInput"),
        vectorlib.expecting("RANGE"),
        vectorlib.expecting("JSON_ENCODING"),
    )

    def check_witness(self, v, answer, params, verifier, w):
        idx = vectorlib.indices_of(verifier, w)
        assert v["expected_reason"] == "DUPLICATE"
        assert len(idx) == 2 and idx[0] != idx[1] and answer[idx[0]] == answer[idx[1]] == w["point"], w
