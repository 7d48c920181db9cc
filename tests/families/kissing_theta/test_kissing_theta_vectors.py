"""Wycheproof-style regression vectors of the ``kissing_theta`` family (``fixtures/vectors/kissing_theta.json``).

The standard tests come from ``tests/common/vectorlib.py``; the ``generate`` recipes are in
``tests/common/spherical_recipes.py``; the witness check is shared with the kissing vectors.
"""
from __future__ import annotations

from math import gcd

from tests.common import vectorlib
from tests.common.spherical_recipes import generate
from tests.families.kissing.test_kissing_vectors import check_spherical_witness

VECTORS = vectorlib.VectorFile("kissing_theta", generate)


class TestKissingThetaVectors(vectorlib.VectorTests):
    vectors = VECTORS
    not_applicable: set[str] = set()
    size_range = (30, 80)
    default_params = {"d": 4, "cos100": 36}
    slow_vectors = frozenset({19, 20})   # 20,000 vectors of dimension 16, valid and with the violation last
    tamper_answer = [[1, 1, 0, 0], [3, 3, 0, 0]]
    tamper_good = [{"vectors": [[1, 1, 0, 0], [3, 3, 0, 0]], "indices": [0, 1], "cosine_squared": [1, 0, 1]}]
    tamper_bad = [{"vectors": [[1, 1, 0, 0], [3, 3, 0, 0]], "indices": [0, 1], "cosine_squared": [9, 0, 9]},
                  {"vectors": [[1, 1, 0, 0], [3, 3, 0, 0]], "indices": [0, 1], "cosine_squared": [1, 1, 1]},
                  {"vectors": [[1, 1, 0, 0], [3, 3, 0, 0]], "indices": [1, 0], "cosine_squared": [1, 0, 1]},
                  {"vector": [1, 1, 0, 0], "indices": [0, 1]},
                  {"vectors": [[1, 1, 0, 0], [3, 3, 0, 0]], "indices": [0, 2], "cosine_squared": [1, 0, 1]}]
    end_to_end = VECTORS.pick(
        lambda v: v["result"] == "valid" and v["flags"][0] == "SignOracle",
        vectorlib.expecting("PROPERTY_VIOLATION", flag="LargeInput"),
        lambda v: v["result"] == "valid" and "LargeInput" in v["flags"],
        vectorlib.expecting("SIZE_LIMIT", flag="CompactForm"),
    )

    def check_witness(self, v, answer, params, verifier, w):
        c = params["cos100"]
        g = gcd(c, 100)
        check_spherical_witness(v, answer, params, verifier, w, c // g, 100 // g)
