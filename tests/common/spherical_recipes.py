"""The ``generate`` recipes of the spherical-code vector files (kissing.json, kissing_theta.json); not a test module."""
from __future__ import annotations

import itertools
import json

from endless_exam import fixtures


def weight_vectors(d: int, weight: int, count: int) -> list[list[int]]:
    """The first ``count`` vectors of {0,+-1}^d with exactly ``weight`` non-zero entries: supports in
    lexicographic order, then sign patterns (+1 before -1, first coordinate most significant)."""
    out: list[list[int]] = []
    for support in itertools.combinations(range(d), weight):
        for signs in itertools.product((1, -1), repeat=weight):
            v = [0] * d
            for t, s in zip(support, signs):
                v[t] = s
            out.append(v)
            if len(out) == count:
                return out
    raise ValueError("not enough weight vectors")


def generate(recipe: dict) -> bytes:
    kind = recipe["kind"]
    if kind == "construction":
        answer = fixtures.read_json("constructions", recipe["family"], recipe["name"])["answer"]
        if isinstance(answer, dict):
            vectors = list(answer["quadratic_vectors"]["vectors"])
            extra = [[[x, 0] for x in v] for v in recipe.get("append", [])]
            if "append_copy_of" in recipe:
                extra.append(vectors[recipe["append_copy_of"]])
            return json.dumps({"quadratic_vectors": {"radicand": 3, "vectors": vectors + extra}}).encode()
        vectors = list(answer) + list(recipe.get("append", []))
        if "append_copy_of" in recipe:
            vectors.append(answer[recipe["append_copy_of"]])
        return json.dumps(vectors).encode()
    if kind == "repeat":
        return json.dumps([recipe["vector"]] * recipe["count"]).encode()
    if kind == "generators":
        return json.dumps({"orbit": [recipe["vector"]] * recipe["count"]}).encode()
    if kind == "quadratic_repeat":
        return json.dumps({"quadratic_vectors": {"radicand": 3, "vectors": [recipe["vector"]] * recipe["count"]}}).encode()
    if kind == "weight_vectors":
        vectors = weight_vectors(recipe["d"], recipe["weight"], recipe["count"]) + list(recipe.get("append", []))
        return json.dumps(vectors).encode()
    raise ValueError(f"unknown generate recipe {kind!r}")
