"""Wycheproof-style regression vectors of the ``apfree_q`` family (``fixtures/vectors/apfree_q.json``).

The standard tests (both verifiers in-process on every vector, witness cross-confirmation, tampered
witnesses, end-to-end runs through ``endless_exam.checker.verify.harness.verify``) come from ``tests/common/vectorlib.py``; here
are the family's ``generate`` recipes (see the ``schema`` of the vector file), its witness check (a
real duplicate or progression of the answer), its choice of end-to-end vectors, and a brute-force
reading of the definition (all triples) that must decide the small literal answers the same way.
"""
from __future__ import annotations

import itertools
import json

import pytest

from endless_exam import fixtures
from tests.common import vectorlib


# ---- generate recipes ---------------------------------------------------------------------------------

def _counting(q: int, width: int, count: int) -> list[str]:
    if count > q ** width:
        raise ValueError("counting recipe asks for more strings than exist")
    return ["".join(t) for t in itertools.islice(itertools.product("0123456789"[:q], repeat=width), count)]


def _generate(recipe: dict) -> bytes:
    kind = recipe["kind"]
    if kind == "repeat_string":
        return json.dumps([recipe["string"]] * recipe["count"]).encode()
    if kind == "counting":
        return json.dumps(_counting(recipe["q"], recipe["width"], recipe["count"])).encode()
    if kind == "points":
        pts = itertools.product(*recipe["factors"])
        if "limit" in recipe:
            pts = itertools.islice(pts, recipe["limit"])
        out = ["".join(t) for t in pts] + list(recipe.get("append", []))
        return json.dumps(out).encode()
    if kind == "construction":
        doc = fixtures.read_json("constructions", "apfree_q", recipe["file"])
        return json.dumps(doc["answer"] + list(recipe.get("append", []))).encode()
    raise ValueError(f"unknown generate recipe {kind!r}")


VECTORS = vectorlib.VectorFile("apfree_q", _generate)


def is_progression(x: str, y: str, z: str, q: int) -> bool:
    return len({x, y, z}) == 3 and all((int(a) + int(c) - 2 * int(b)) % q == 0 for a, b, c in zip(x, y, z))


def brute(points: list[str], q: int) -> str | None:
    """Reason by the definition over all ordered triples (small literal answers only)."""
    if len(set(points)) != len(points):
        return "DUPLICATE"
    if any(is_progression(x, y, z, q) for x, y, z in itertools.permutations(points, 3)):
        return "PROPERTY_VIOLATION"
    return None


class TestApfreeQVectors(vectorlib.VectorTests):
    vectors = VECTORS
    not_applicable = {"SignOracle", "CompactForm"}
    tamper_answer = ["000", "100", "200"]
    tamper_good = [{"points": ["000", "100", "200"], "indices": [0, 1, 2]}]
    tamper_bad = [{"points": ["000", "200", "100"], "indices": [0, 2, 1]},        # 200 is not the middle
                  {"points": ["000", "100", "200"], "indices": [0, 1, 1]},
                  {"points": ["000", "100", "200"], "indices": [0, 1, 3]},
                  {"points": ["000", "100"], "indices": [0, 1]},
                  {"point": "000", "indices": [0, 1]},
                  {"points": ["000", "100", "200"], "indices": [0, 1, True]},
                  {"indices": [0, 1, 2]}, [0, 1, 2], None]
    end_to_end = VECTORS.pick(
        lambda v: v["result"] == "valid" and isinstance(v.get("answer"), list),
        lambda v: (v["result"] == "valid" and "LargeInput" in v["flags"]
                   and "construction" in json.dumps(v.get("generate"))),
        vectorlib.expecting("PROPERTY_VIOLATION", literal=True),
        vectorlib.expecting("PROPERTY_VIOLATION", flag="LargeInput"),
        vectorlib.expecting("DUPLICATE", flag="LargeInput"),
        vectorlib.expecting("JSON_ENCODING"),
        vectorlib.expecting("SIZE_LIMIT"),
    )

    def check_witness(self, v, answer, params, verifier, w):
        if v["expected_reason"] == "PROPERTY_VIOLATION":
            i, j, k = vectorlib.indices_of(verifier, w)
            assert i < k and is_progression(answer[i], answer[j], answer[k], params["q"]), (verifier, w)
            assert w["points"] == [answer[i], answer[j], answer[k]]
        else:
            i, j = vectorlib.indices_of(verifier, w)
            assert i != j and answer[i] == answer[j] == w["point"], (verifier, w)


LITERAL = [v for v in VECTORS.tests if isinstance(v.get("answer"), list) and len(v["answer"]) <= 60
           and all(isinstance(p, str) and len(p) == VECTORS.params_of(v)["n"]
                   and set(p) <= set("0123456789"[:VECTORS.params_of(v)["q"]]) for p in v["answer"])
           and v["answer"]]


@pytest.mark.parametrize("v", LITERAL, ids=vectorlib.vector_id)
def test_literal_vectors_agree_with_brute_force(v):
    expected = None if v["result"] == "valid" else v["expected_reason"]
    assert brute(v["answer"], VECTORS.params_of(v)["q"]) == expected
