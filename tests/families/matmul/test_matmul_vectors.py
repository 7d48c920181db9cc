"""Wycheproof-style regression vectors of the ``matmul`` family (``fixtures/vectors/matmul.json``).

The standard tests (both verifiers in-process on every vector, witness cross-confirmation, tampered
witnesses, end-to-end runs through ``endless_exam.checker.verify.harness.verify``) come from ``tests/common/vectorlib.py``;
here are the family's ``generate`` recipes (see the ``schema`` of the vector file), its witness check
(the named tensor entry really differs, recomputed naively) and its choice of end-to-end vectors.
"""
from __future__ import annotations

import json

from tests.common import matmul_schemes as ms
from tests.common import vectorlib


# ---- the generate recipes -------------------------------------------------------------------------

def build(recipe: dict) -> list:
    kind = recipe["kind"]
    if kind == "naive":
        n, m, p = recipe["n"], recipe["m"], recipe["p"]
        scheme = ms.pad(ms.naive(n, m, p), recipe.get("pad", 0), recipe.get("seed", 0), n, m, p)
    elif kind == "strassen_power":
        scheme, dims = ms.STRASSEN, (2, 2, 2)
        for _ in range(recipe["levels"] - 1):
            scheme = ms.kron(scheme, dims, ms.STRASSEN, (2, 2, 2))
            dims = tuple(2 * x for x in dims)
        scheme = [[list(f) for f in prod] for prod in scheme]
    elif kind == "constant":
        n, m, p, value = recipe["n"], recipe["m"], recipe["p"], recipe["value"]
        scheme = [[[value] * (n * m), [value] * (m * p), [value] * (n * p)] for _ in range(recipe["r"])]
    else:
        raise ValueError(f"unknown generate recipe {kind!r}")
    for k, factor, index, value in recipe.get("set", []):
        scheme[k]["uvw".index(factor)][index] = value
    if recipe.get("transpose_c"):
        scheme = ms.transpose_c(scheme, recipe["n"], recipe["p"])
    return scheme


def _generate(recipe: dict) -> bytes:
    return json.dumps(build(recipe), separators=(",", ":")).encode("utf-8")


VECTORS = vectorlib.VectorFile("matmul", _generate)


class TestMatmulVectors(vectorlib.VectorTests):
    vectors = VECTORS
    not_applicable = {"SignOracle", "ExpansionBomb"}
    size_range = (50, 120)
    default_params = {"n": 2, "m": 2, "p": 2}
    tamper_answer = [[[1], [1], [1]], [[1], [1], [1]]]            # <1,1,1> with 2 A B: the entry is 2, not 1
    tamper_good = [{"entry": [0, 0, 0], "value": 2, "expected": 1}]
    tamper_bad = [{"entry": [0, 0, 0], "value": 1, "expected": 1},     # the stated value is wrong
                  {"entry": [0, 0, 0], "value": 2, "expected": 2},     # the stated tensor entry is wrong
                  {"entry": [0, 0, 1], "value": 2, "expected": 1},     # outside the tensor
                  {"entry": [0, 0], "value": 2, "expected": 1},
                  {"entry": [0, 0, -1], "value": 2, "expected": 1},
                  {"entry": [0, 0, True], "value": 2, "expected": 1},
                  {"entry": [0, 0, 0], "value": 2.0, "expected": 1},
                  {"entry": [0, 0, 0], "value": 2},
                  {"entry": [0, 0, 0], "value": 2, "expected": 1, "r": 2},
                  {"indices": [0, 1]},
                  None]
    end_to_end = VECTORS.pick(
        lambda v: v["result"] == "valid" and isinstance(v.get("answer"), list),
        lambda v: v["result"] == "valid" and "LargeInput" in v["flags"],
        vectorlib.expecting("PROPERTY_VIOLATION", literal=True),
        vectorlib.expecting("PROPERTY_VIOLATION", flag="LargeInput"),
        vectorlib.expecting("SIZE_LIMIT"),
        vectorlib.expecting("RANGE"),
        vectorlib.expecting("JSON_ENCODING"),
    )

    def check_witness(self, v, answer, params, verifier, w):
        assert isinstance(w, dict) and set(w) == {"entry", "value", "expected"}, f"{verifier}: no witness"
        a, b, c = w["entry"]
        n, m, p = params["n"], params["m"], params["p"]
        assert w["value"] == ms.scheme_entry(answer, a, b, c), f"{verifier}: wrong value in {w}"
        assert w["expected"] == ms.tensor_entry(n, m, p, a, b, c), f"{verifier}: wrong tensor entry in {w}"
        assert w["value"] != w["expected"], f"{verifier}: {w} is not a difference"


def test_recipes_build_what_they_say():
    assert ms.definition(build({"kind": "naive", "n": 2, "m": 3, "p": 2, "pad": 3}), 2, 3, 2) is None
    assert len(build({"kind": "strassen_power", "levels": 2})) == 49
    assert ms.definition(build({"kind": "strassen_power", "levels": 2}), 4, 4, 4) is None
    assert ms.definition(build({"kind": "naive", "n": 2, "m": 2, "p": 2, "transpose_c": True}), 2, 2, 2) is not None
