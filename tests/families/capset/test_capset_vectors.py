"""Wycheproof-style regression vectors of the ``capset`` family (``fixtures/vectors/capset.json``).

The standard tests (both verifiers in-process on every vector, witness cross-confirmation, tampered
witnesses, end-to-end runs through ``endless_exam.checker.verify.harness.verify``) come from ``tests/common/vectorlib.py``; here
are the family's ``generate`` recipes (see the ``schema`` of the vector file), its witness check and
its choice of end-to-end vectors.
"""
from __future__ import annotations

import itertools
import json

from tests.common import vectorlib


# ---- the generate recipes -------------------------------------------------------------------------

def _strings(width: int, count: int) -> list[str]:
    """The first ``count`` strings of ``width`` characters over 012 in lexicographic order, cycling."""
    out: list[str] = []
    while len(out) < count:
        for t in itertools.product("012", repeat=width):
            out.append("".join(t))
            if len(out) == count:
                break
    return out


def _generate(recipe: dict) -> bytes:
    kind = recipe["kind"]
    if kind == "repeat_string":
        return json.dumps([recipe["string"]] * recipe["count"]).encode("utf-8")
    if kind == "counting":
        if recipe["count"] > 3 ** recipe["width"]:
            raise ValueError("counting recipe asks for more strings than exist")
        return json.dumps(_strings(recipe["width"], recipe["count"])).encode("utf-8")
    if kind == "points":
        points = ["".join(t) for t in itertools.product(*recipe["factors"])]
        for s in recipe.get("drop", []):
            points.remove(s)  # ValueError if the recipe drops a point that is not there
        points.extend(recipe.get("append", []))
        return json.dumps(points).encode("utf-8")
    if kind == "product_counting":
        factors = [_strings(width, count) for width, count in recipe["factors"]]
        return json.dumps({"product": factors}).encode("utf-8")
    raise ValueError(f"unknown generate recipe {kind!r}")


VECTORS = vectorlib.VectorFile("capset", _generate)


def _is_line(points: list[str]) -> bool:
    return (len(set(points)) == 3
            and all((int(a) + int(b) + int(c)) % 3 == 0 for a, b, c in zip(*points)))


class TestCapsetVectors(vectorlib.VectorTests):
    vectors = VECTORS
    not_applicable = {"SignOracle"}
    size_range = (60, 110)
    tamper_answer = ["0000", "1111", "2222"]
    tamper_good = [{"points": ["0000", "1111", "2222"], "indices": [0, 1, 2]}]
    tamper_bad = [{"points": ["0000", "1111", "2222"], "indices": [0, 1, 1]},
                  {"points": ["0000", "1111", "2222"], "indices": [0, 1, 3]},
                  {"points": ["0000", "2222", "1111"], "indices": [0, 1, 2]},
                  {"point": "0000", "indices": [0, 1]},
                  {"indices": [0, 1, 2]},
                  None]
    end_to_end = VECTORS.pick(
        lambda v: v["result"] == "valid" and isinstance(v.get("answer"), list),
        lambda v: v["result"] == "valid" and isinstance(v.get("answer"), dict),
        vectorlib.expecting("PROPERTY_VIOLATION", literal=True),
        vectorlib.expecting("PROPERTY_VIOLATION", flag="LargeInput"),
        vectorlib.expecting("DUPLICATE", flag="CompactForm"),
        lambda v: v["expected_reason"] == "NO_ANSWER" and v["comment"].startswith("truncated JSON"),
        vectorlib.expecting("JSON_ENCODING"),
        vectorlib.expecting("EXPANSION_LIMIT"),
    )

    def check_witness(self, v, answer, params, verifier, w):
        idx = vectorlib.indices_of(verifier, w)
        if v["expected_reason"] == "PROPERTY_VIOLATION":
            assert len(idx) == 3 and _is_line(w["points"]), f"{verifier}: witness {w} is not a line"
        else:
            assert len(idx) == 2 and idx[0] != idx[1], f"{verifier}: bad duplicate witness {w}"
