"""Wycheproof-style regression vectors of the ``covering`` family (``fixtures/vectors/covering.json``).

The standard tests (both verifiers in-process on every vector, witness cross-confirmation, tampered
witnesses, end-to-end runs through ``endless_exam.checker.verify.harness.verify``) come from ``tests/common/vectorlib.py``;
here are the family's ``generate`` recipes (see the ``schema`` of the vector file), its witness check (a
genuine uncovered t-subset), the end-to-end choice and the reason codes the file must cover.
"""
from __future__ import annotations

import json

from endless_exam import fixtures
from tests.common import vectorlib


def cyclic(v: int, base: list[int], count: int) -> list[list[int]]:
    return [[(x + i) % v for x in base] for i in range(count)]


def _generate(recipe: dict) -> bytes:
    kind = recipe["kind"]
    if kind == "cyclic":
        blocks = cyclic(recipe["v"], recipe["base"], recipe["count"])
    elif kind == "fixture":
        blocks = fixtures.read_json("constructions", "covering", f"{recipe['name']}.json")["answer"]
        drop = {i % len(blocks) for i in recipe.get("drop", [])}
        blocks = [b for i, b in enumerate(blocks) if i not in drop]
        if "repeat_to" in recipe:
            blocks = [blocks[i % len(blocks)] for i in range(recipe["repeat_to"])]
    else:
        raise ValueError(f"unknown generate recipe {kind!r}")
    return json.dumps(blocks, separators=(",", ":")).encode("utf-8")


VECTORS = vectorlib.VectorFile("covering", _generate)


def is_uncovered(blocks: list, params: dict, w: dict) -> bool:
    subset = w["subset"]
    return (len(subset) == params["t"] == len(set(subset)) and all(0 <= x < params["v"] for x in subset)
            and not any(set(subset) <= set(b) for b in blocks))


FANO = [[0, 1, 3], [1, 2, 4], [2, 3, 5], [3, 4, 6], [4, 5, 0], [5, 6, 1], [6, 0, 2]]


class TestCoveringVectors(vectorlib.VectorTests):
    vectors = VECTORS
    not_applicable = {"SignOracle"}
    size_range = (60, 120)
    default_params = {"v": 7, "k": 3, "t": 2}
    tamper_answer = FANO[:-1]                         # uncovered pairs: {0, 2}, {0, 6}, {2, 6}
    tamper_good = [{"subset": [0, 2]}, {"subset": [2, 0]}, {"subset": [6, 2]}]
    tamper_bad = [{"subset": [0, 1]},                 # covered by block 0
                  {"subset": [0, 0]},                 # not distinct
                  {"subset": [0, 7]},                 # out of range
                  {"subset": [0, 2, 6]},              # wrong size
                  {"subset": [0]},
                  {"subset": [0, 2.0]},
                  {"subset": [0, True]},
                  {"subset": "02"},
                  {"subset": [0, 2], "block": 1},     # extra key
                  {"points": [0, 2]},
                  [0, 2], None]
    end_to_end = VECTORS.pick(
        lambda v: v["result"] == "valid" and "answer" in v and VECTORS.params_of(v) == {"v": 7, "k": 3, "t": 2},
        lambda v: v["result"] == "valid" and "LargeInput" in v["flags"] and "repeat_to" in v.get("generate", {}),
        vectorlib.expecting("PROPERTY_VIOLATION", literal=True),
        vectorlib.expecting("PROPERTY_VIOLATION", flag="LargeInput"),
        vectorlib.expecting("RANGE"),
        vectorlib.expecting("SIZE_LIMIT"),
        vectorlib.expecting("JSON_ENCODING"),
    )

    def check_witness(self, v, answer, params, verifier, w):
        assert isinstance(w, dict) and set(w) == {"subset"}, f"{verifier}: no witness"
        assert is_uncovered(answer, params, w), f"{verifier}: witness {w} is covered"
