"""Wycheproof-style regression vectors of the ``kissing`` family (``fixtures/vectors/kissing.json``).

The standard tests come from ``tests/common/vectorlib.py``; the ``generate`` recipes are in
``tests/common/spherical_recipes.py``; here are the witness check and the choice of end-to-end vectors.
"""
from __future__ import annotations

from tests.common import vectorlib
from tests.common.spherical_recipes import generate

VECTORS = vectorlib.VectorFile("kissing", generate)


def pair_violates(u, v, p: int, q: int) -> bool:
    """The definition on JSON vectors (integer lists or lists of [a, b] pairs), Python integers."""
    def parts(x):
        return ([c[0] for c in x], [c[1] for c in x]) if x and isinstance(x[0], list) else (list(x), [0] * len(x))
    (ua, ub), (va, vb) = parts(u), parts(v)

    def dot(a1, b1, a2, b2):
        return (sum(s * t + 3 * m * k for s, t, m, k in zip(a1, a2, b1, b2)), sum(s * k + m * t for s, t, m, k in zip(a1, a2, b1, b2)))

    def sign(x, y):
        s = x * abs(x) + 3 * y * abs(y)
        return (s > 0) - (s < 0)

    def mul(s, t):
        return s[0] * t[0] + 3 * s[1] * t[1], s[0] * t[1] + s[1] * t[0]
    g = dot(ua, ub, va, vb)
    if sign(*g) <= 0:
        return False
    g2, nn = mul(g, g), mul(dot(ua, ub, ua, ub), dot(va, vb, va, vb))
    return sign(q * q * g2[0] - p * p * nn[0], q * q * g2[1] - p * p * nn[1]) > 0


def check_spherical_witness(v, answer, params, verifier, w, p, q):
    idx = vectorlib.indices_of(verifier, w)
    assert len(idx) == 2 and idx[0] != idx[1], w
    if v["expected_reason"] == "PROPERTY_VIOLATION":
        a, b = w["vectors"]
        assert pair_violates(a, b, p, q), f"{verifier}: witness {w} is not a violating pair"
        assert isinstance(w["cosine_squared"], list) and len(w["cosine_squared"]) == 3 and w["cosine_squared"][2] > 0
    else:
        assert "vector" in w, w


class TestKissingVectors(vectorlib.VectorTests):
    vectors = VECTORS
    not_applicable: set[str] = set()
    size_range = (80, 120)
    default_params = {"d": 3}
    tamper_answer = [[1, 0, 0], [1, 1, 0]]
    tamper_good = [{"vectors": [[1, 0, 0], [1, 1, 0]], "indices": [0, 1], "cosine_squared": [1, 0, 2]}]
    tamper_bad = [{"vectors": [[1, 0, 0], [1, 1, 0]], "indices": [0, 1], "cosine_squared": [2, 0, 4]},     # not lowest terms
                  {"vectors": [[1, 0, 0], [1, 1, 0]], "indices": [0, 1], "cosine_squared": [1, 0, 3]},     # wrong value
                  {"vectors": [[1, 1, 0], [1, 0, 0]], "indices": [0, 1], "cosine_squared": [1, 0, 2]},     # echo swapped
                  {"vectors": [[1, 0, 0], [1, 1, 0]], "indices": [0, 1], "cosine_squared": [1, 0, -2]},
                  {"vector": [1, 0, 0], "indices": [0, 1]},                                                # not equal
                  {"vectors": [[1, 0, 0], [1, 1, 0]], "indices": [0, 1]},
                  None]
    end_to_end = VECTORS.pick(
        lambda v: v["result"] == "valid" and isinstance(v.get("answer"), list),
        lambda v: v["result"] == "valid" and isinstance(v.get("answer"), dict) and "orbit" in v["answer"],
        lambda v: v["result"] == "valid" and "quadratic_vectors" in str(v.get("answer", "")),
        vectorlib.expecting("PROPERTY_VIOLATION", flag="SignOracle", literal=True),
        vectorlib.expecting("PROPERTY_VIOLATION", flag="LargeInput"),
        vectorlib.expecting("DUPLICATE", flag="LargeInput"),
        vectorlib.expecting("EXPANSION_LIMIT"),
        vectorlib.expecting("JSON_ENCODING"),
    )

    def check_witness(self, v, answer, params, verifier, w):
        check_spherical_witness(v, answer, params, verifier, w, 1, 2)
