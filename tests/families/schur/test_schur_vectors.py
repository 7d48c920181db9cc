"""Wycheproof-style regression vectors of the ``schur`` family (``fixtures/vectors/schur.json``).

The standard tests (both verifiers in-process on every vector, witness cross-confirmation, tampered
witnesses, end-to-end runs through ``endless_exam.checker.verify.harness.verify``) come from ``tests/common/vectorlib.py``; here
are the family's ``generate`` recipes (see the ``schema`` of the vector file), its witness check (a
genuine monochromatic solution), its choice of end-to-end vectors and the reason codes the file must
cover.
"""
from __future__ import annotations

import json

from tests.common import vectorlib


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
    raise ValueError(f"unknown generate recipe {kind!r}")


VECTORS = vectorlib.VectorFile("schur", _generate)


def _is_solution(colours: list[int], w: dict) -> bool:
    x, y, z, c = w["x"], w["y"], w["z"], w["colour"]
    return (1 <= x <= y and x + y == z <= len(colours)
            and colours[x - 1] == colours[y - 1] == colours[z - 1] == c)


class TestSchurVectors(vectorlib.VectorTests):
    vectors = VECTORS
    not_applicable = {"SignOracle"}
    size_range = (60, 120)
    default_params = {"k": 3}
    tamper_answer = [1, 0, 1, 0]                     # only solution: 2 + 2 = 4 in colour 0
    tamper_good = [{"x": 2, "y": 2, "z": 4, "colour": 0}]
    tamper_bad = [{"x": 2, "y": 2, "z": 4, "colour": 1},        # wrong colour
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
                  None]
    end_to_end = VECTORS.pick(
        lambda v: v["result"] == "valid" and v.get("answer") is not None and VECTORS.params_of(v) == {"k": 4},
        lambda v: v["result"] == "valid" and "LargeInput" in v["flags"] and v["generate"]["kind"] == "tripling",
        vectorlib.expecting("PROPERTY_VIOLATION", literal=True),
        vectorlib.expecting("PROPERTY_VIOLATION", flag="LargeInput"),
        vectorlib.expecting("RANGE"),
        vectorlib.expecting("SIZE_LIMIT"),
        vectorlib.expecting("JSON_ENCODING"),
    )

    def check_witness(self, v, answer, params, verifier, w):
        assert isinstance(w, dict) and set(w) == {"x", "y", "z", "colour"}, f"{verifier}: no witness"
        assert _is_solution(answer, w), f"{verifier}: witness {w} is not a monochromatic solution"
