"""Wycheproof-style regression vectors of the ``shannon`` family (``fixtures/vectors/shannon.json``).

The standard tests come from ``tests/common/vectorlib.py``; here are the family's ``generate`` recipes (see the
``schema`` text of the vector file), its witness check and its end-to-end selection.
"""
from __future__ import annotations

import itertools
import json

from endless_exam import fixtures
from tests.common import vectorlib


def _expand(factors: list[list[str]]) -> list[str]:
    return ["".join(t) for t in itertools.product(*factors)]


def _generate(recipe: dict) -> bytes:
    kind = recipe["kind"]
    if kind == "construction":               # a bundled construction's answer, optionally spoiled
        answer = fixtures.read_json("constructions", "shannon", recipe["file"])["answer"]
        if "replace_last" in recipe:
            answer = answer[:-1] + [recipe["replace_last"]]
        if "append" in recipe:
            answer = answer + recipe["append"]
        return json.dumps(answer).encode()
    if kind == "product_list":               # the expansion of literal factors as a list (last word replaced?)
        words = _expand(recipe["factors"])
        if "replace_last" in recipe:
            words = words[:-1] + [recipe["replace_last"]]
        return json.dumps(words).encode()
    if kind == "repeat_string":
        return json.dumps([recipe["string"]] * recipe["count"]).encode()
    if kind == "counting":                   # the first `count` words of length d over 0..q-1
        words = ["".join(t) for t in itertools.islice(itertools.product("0123456789"[:recipe["q"]], repeat=recipe["d"]),
                                                      recipe["count"])]
        return json.dumps(words).encode()
    if kind == "counting_factor":            # {"factors": [one factor of the first `count` words]}
        words = ["".join(t) for t in itertools.islice(itertools.product("0123456789"[:recipe["q"]], repeat=recipe["d"]),
                                                      recipe["count"])]
        return json.dumps({"factors": [{"words": words}]}).encode()
    if kind == "factor_blocks":              # {"factors": [...]} with `count` copies of one expanded factor
        words = _expand(recipe["factor"])
        if recipe.get("spoil_last"):
            words = words[:-1] + [words[0][:-1] + str((int(words[0][-1]) + 1) % recipe["q"])]
        items = [{"words": words} for _ in range(recipe["count"])]
        return json.dumps({"factors": items}).encode()
    raise ValueError(f"unknown generate recipe {kind!r}")


VECTORS = vectorlib.VectorFile("shannon", _generate)


def _confusable(x: str, y: str, q: int) -> bool:
    return x != y and all(min((int(a) - int(b)) % q, (int(b) - int(a)) % q) <= 1 for a, b in zip(x, y))


class TestShannonVectors(vectorlib.VectorTests):
    vectors = VECTORS
    not_applicable = {"SignOracle"}
    size_range = (70, 140)
    default_params = {"q": 5, "d": 2}
    tamper_answer = {"factors": [{"words": ["00", "12", "24", "31", "43"]}, {"words": ["0", "1"]}]}
    tamper_good = [{"factor": 1, "pair": [0, 1]}]
    tamper_bad = [{"factor": 0, "pair": [0, 1]},          # 00 and 12 are not confusable
                  {"factor": 1, "pair": [0, 0]},
                  {"factor": 1, "pair": [0, 2]},          # no third word
                  {"factor": 2, "pair": [0, 1]},          # no such factor
                  {"factor": 1, "positions": [0, 1]},     # not a duplicate
                  {"words": ["0", "1"], "indices": [0, 1]},
                  {"factor": 1},
                  None]
    end_to_end = VECTORS.pick(
        lambda v: v["result"] == "valid" and isinstance(v.get("answer"), list),
        lambda v: v["result"] == "valid" and isinstance(v.get("answer"), dict) and "factors" in v["answer"],
        vectorlib.expecting("PROPERTY_VIOLATION", literal=True),
        lambda v: v["expected_reason"] == "PROPERTY_VIOLATION" and isinstance(v.get("answer"), dict)
        and "factors" in v["answer"],
        vectorlib.expecting("DUPLICATE", literal=True),
        vectorlib.expecting("JSON_ENCODING"),
        vectorlib.expecting("EXPANSION_LIMIT"),
        vectorlib.expecting("SIZE_LIMIT", flag="SizeBomb"),
    )

    def check_witness(self, v, answer, params, verifier, w):
        q = params["q"]
        assert isinstance(w, dict), f"{verifier}: no witness"
        if isinstance(answer, dict) and set(answer) == {"answer"}:
            answer = answer["answer"]
        if "factor" in w:
            words = answer["factors"][w["factor"]]["words"]
            i, j = w["positions"] if "positions" in w else w["pair"]
            assert i != j
            if "positions" in w:
                assert words[i] == words[j], (verifier, w)
            else:
                assert _confusable(words[i], words[j], q), (verifier, w)
            return
        i, j = w["indices"]
        if "word" in w:
            assert i != j and w["word"] in (answer[i] if isinstance(answer, list) else w["word"]), (verifier, w)
        else:
            assert _confusable(*w["words"], q), (verifier, w)
