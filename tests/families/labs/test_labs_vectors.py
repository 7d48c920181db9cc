"""Wycheproof-style regression vectors of the ``labs`` family (``fixtures/vectors/labs.json``).

The standard tests (both verifiers in-process on every vector, exact rational objectives, end-to-end
runs through ``endless_exam.checker.verify.harness.verify``) come from ``tests/common/vectorlib.py``; here are the family's
``generate`` recipes (see the ``schema`` of the vector file) and its choice of end-to-end vectors.
LABS has no witness kinds (every well-formed sequence is valid), so the tampered-witness control checks
that no witness at all is ever confirmed.
"""
from __future__ import annotations

import json
import random

from tests.common import vectorlib


def legendre(p: int) -> list[int]:
    return [1] + [1 if pow(i, (p - 1) // 2, p) == 1 else -1 for i in range(1, p)]


def _generate(recipe: dict) -> bytes:
    kind = recipe["kind"]
    if kind == "pm1":
        n, pattern = recipe["length"], recipe["pattern"]
        if pattern == "ones":
            seq: list = [1] * n
        elif pattern == "alternating":
            seq = [1 if i % 2 == 0 else -1 for i in range(n)]
        elif pattern == "random":
            rng = random.Random(recipe["seed"])
            seq = [rng.choice((1, -1)) for _ in range(n)]
        else:
            raise ValueError(f"unknown pm1 pattern {pattern!r}")
        for index, value in recipe.get("set", []):
            seq[index] = value
        return json.dumps(seq).encode("utf-8")
    if kind == "legendre":
        p, r = recipe["p"], recipe["rotation"]
        leg = legendre(p)
        seq = [leg[(i + r) % p] for i in range(recipe["length"])] + [1] * recipe["pad"]
        return json.dumps(seq).encode("utf-8")
    raise ValueError(f"unknown generate recipe {kind!r}")


VECTORS = vectorlib.VectorFile("labs", _generate)


class TestLabsVectors(vectorlib.VectorTests):
    vectors = VECTORS
    not_applicable = {"Duplicate"}
    size_range = (60, 100)
    default_params = {"N": 8}
    tamper_answer = [1, 1, 1, 1, 1, 1, 1, 1]
    tamper_good: list = []
    tamper_bad = [{"indices": [0, 1]}, {"point": 1, "indices": [0, 1]}, {"index": 0}, {}, None]
    end_to_end = VECTORS.pick(
        lambda v: v["result"] == "valid" and "answer" in v,
        lambda v: v["result"] == "valid" and v.get("params") == {"N": 280},
        lambda v: v["result"] == "valid" and "LargeInput" in v["flags"],
        vectorlib.expecting("RANGE", flag="LargeInput"),
        vectorlib.expecting("FORMAT_TYPE", literal=True),
        vectorlib.expecting("FORMAT_SHAPE", flag="SizeBomb"),
        vectorlib.expecting("JSON_ENCODING"),
    )

    def check_witness(self, v, answer, params, verifier, w):
        raise AssertionError(f"labs has no witness reasons, but vector {v['tcId']} expects {v['expected_reason']}")

    def test_tampered_witness_is_not_confirmed(self, verifier):
        """No witness kind exists: every witness, however formed, is refused by both verifiers."""
        self.vectors.assert_tampered_refused(verifier, self.tamper_answer, self.tamper_good, self.tamper_bad)
