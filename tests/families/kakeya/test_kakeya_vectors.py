"""Wycheproof-style regression vectors of the ``kakeya`` control family (``fixtures/vectors/kakeya.json``).

The standard tests (both verifiers in-process on every vector, witness cross-confirmation, tampered
witnesses, end-to-end runs through ``endless_exam.checker.verify.harness.verify``) come from ``tests/common/vectorlib.py``; here
are the family's ``generate`` recipes (see the ``schema`` of the vector file), its witness check (a
DUPLICATE witness names two equal points, a PROPERTY_VIOLATION witness a direction without a full
line, re-checked in plain Python) and its choice of end-to-end vectors.
"""
from __future__ import annotations

import itertools
import json

from endless_exam import fixtures
from tests.common import vectorlib


# ---- generate recipes ---------------------------------------------------------------------------------

def _transversal_last(q: int, n: int) -> set[tuple[int, ...]]:
    v = (1,) + (q - 1,) * (n - 1)
    out = set()
    for b in itertools.product(range(q), repeat=n - 1):
        g = sum(x * x for x in b) % q
        out.add(tuple((c + g * vc) % q for c, vc in zip((0,) + b, v)))
    return out


def _generate(recipe: dict) -> bytes:
    kind = recipe["kind"]
    if kind == "space":
        q, n = recipe["q"], recipe["n"]
        drop = _transversal_last(q, n) if recipe.get("drop") == "transversal_last" else set()
        if recipe.get("drop") not in (None, "transversal_last"):
            raise ValueError(f"unknown drop rule {recipe['drop']!r}")
        pts = [list(p) for p in itertools.product(range(q), repeat=n) if p not in drop]
        return json.dumps(pts + list(recipe.get("append", []))).encode()
    if kind == "construction":
        pts = list(fixtures.read_json("constructions", "kakeya", recipe["file"])["answer"])
        if "drop_index" in recipe:
            del pts[recipe["drop_index"]]
        return json.dumps(pts + list(recipe.get("append", []))).encode()
    if kind == "repeat_vector":
        return json.dumps([recipe["vector"]] * recipe["count"]).encode()
    raise ValueError(f"unknown generate recipe {kind!r}")


VECTORS = vectorlib.VectorFile("kakeya", _generate)


def no_line(points: list[list[int]], v: list[int], q: int) -> bool:
    """Plain Python: no line {a + t v} of F_q^n lies in the set (only lines through points of the set can)."""
    members = {tuple(p) for p in points}
    return not any(all(tuple((a[c] + t * v[c]) % q for c in range(len(v))) in members for t in range(q))
                   for a in members)


class TestKakeyaVectors(vectorlib.VectorTests):
    vectors = VECTORS
    not_applicable = {"SignOracle", "CompactForm"}
    tamper_answer = [[0, 0], [0, 1], [0, 2]]
    tamper_good = [{"direction": [1, 0]},
                   {"direction": [2, 0]}]           # a scalar multiple
    tamper_bad = [{"direction": [0, 1]}, {"direction": [0, 2]}, {"direction": [0, 0]}, {"direction": [1, 3]},
                  {"direction": [1, True]}, {"direction": [1]}, {"direction": "10"}, {"direction": [1, 0], "extra": 1},
                  {"point": [0, 0], "indices": [0, 1]}, {"point": [0, 0], "indices": [0, 0]}, [1, 0], None]
    end_to_end = VECTORS.pick(
        lambda v: v["result"] == "valid" and isinstance(v.get("answer"), list),
        lambda v: v["result"] == "valid" and "construction" in json.dumps(v.get("generate")),
        vectorlib.expecting("PROPERTY_VIOLATION", flag="LargeInput"),
        vectorlib.expecting("DUPLICATE", flag="LargeInput"),
        vectorlib.expecting("RANGE"),
        vectorlib.expecting("SIZE_LIMIT"),
    )

    def check_witness(self, v, answer, params, verifier, w):
        if v["expected_reason"] == "PROPERTY_VIOLATION":
            assert set(w) == {"direction"} and any(w["direction"]), (verifier, w)
            assert no_line(answer, w["direction"], params["q"]), (verifier, w)
        else:
            i, j = vectorlib.indices_of(verifier, w)
            assert i != j and answer[i] == answer[j] == w["point"], (verifier, w)
