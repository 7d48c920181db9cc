"""Wycheproof-style regression vectors of the ``heilbronn_shape`` family (``fixtures/vectors/heilbronn_shape.json``).

The standard tests come from ``tests/common/vectorlib.py``; the ``generate`` recipes are those of the
``heilbronn`` vectors (``tests/families/heilbronn/test_heilbronn_vectors.py``). Witnesses: a duplicate, or one point
outside T (checked here against the definition with exact barycentric coordinates).
"""
from __future__ import annotations

from fractions import Fraction

from tests.common import vectorlib
from tests.families.heilbronn.test_heilbronn_vectors import generate_points

VECTORS = vectorlib.VectorFile("heilbronn_shape", generate_points)
T0 = [[0, 0], [10000, 0], [0, 10000]]


def in_triangle(p, triangle) -> bool:
    (x0, y0), (x1, y1), (x2, y2) = triangle
    d = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0)
    u = Fraction((p[0] - x0) * (y2 - y0) - (p[1] - y0) * (x2 - x0), d)
    v = Fraction((x1 - x0) * (p[1] - y0) - (y1 - y0) * (p[0] - x0), d)
    return u >= 0 and v >= 0 and u + v <= 1


class TestHeilbronnShapeVectors(vectorlib.VectorTests):
    vectors = VECTORS
    not_applicable = {"ExpansionBomb"}
    size_range = (45, 110)
    default_params = {"n": 4, "T": T0}
    tamper_answer = [[0, 0], [10000, 0], [5001, 5000], [0, 10000]]
    tamper_good = [{"points": [[5001, 5000]], "indices": [2]}]
    tamper_bad = [{"points": [[0, 0]], "indices": [0]},
                  {"points": [[10000, 0]], "indices": [1]},
                  {"points": [[5000, 5000]], "indices": [2]},
                  {"points": [[5001, 5000]], "indices": [4]},
                  {"point": [5001, 5000], "indices": [2, 3]},
                  {"points": [[5001, 5000], [0, 0]], "indices": [2, 0]},
                  None]
    end_to_end = VECTORS.pick(
        lambda v: v["result"] == "valid" and "answer" in v and v["expected_objective"] != "0",
        lambda v: v["result"] == "valid" and "LargeInput" in v["flags"],
        vectorlib.expecting("PROPERTY_VIOLATION", literal=True),
        vectorlib.expecting("PROPERTY_VIOLATION", flag="LargeInput"),
        vectorlib.expecting("DUPLICATE", literal=True),
        vectorlib.expecting("RANGE"),
    )

    def check_witness(self, v, answer, params, verifier, w):
        idx = vectorlib.indices_of(verifier, w)
        if v["expected_reason"] == "PROPERTY_VIOLATION":
            assert len(idx) == 1 and w["points"] == [answer[idx[0]]], w
            assert not in_triangle(answer[idx[0]], params["T"]), f"{verifier}: {w} is inside T"
        else:
            assert len(idx) == 2 and idx[0] != idx[1] and answer[idx[0]] == answer[idx[1]] == w["point"], w
