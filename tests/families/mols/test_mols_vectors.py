"""Wycheproof-style regression vectors of the ``mols`` family (``fixtures/vectors/mols.json``).

The standard tests (both verifiers in-process on every vector, witness cross-confirmation, tampered
witnesses, end-to-end runs through ``endless_exam.checker.verify.harness.verify``) come from ``tests/common/vectorlib.py``;
here are the family's ``generate`` recipes (see the ``schema`` of the vector file), its witness check (a
genuine repeated symbol or repeated pair, decided from the definition), the end-to-end choice and the
reason codes the file must cover.
"""
from __future__ import annotations

import json

from endless_exam import fixtures
from tests.common import vectorlib


# ---- the generate recipes -------------------------------------------------------------------------

def gf2_mul(a: int, b: int, m: int, poly: int) -> int:
    out = 0
    while b:
        if b & 1:
            out ^= a
        b >>= 1
        a <<= 1
        if a >> m & 1:
            a ^= poly
    return out


def field_squares(q: int, count: int | None = None) -> list:
    return [[[(a * r + c) % q for c in range(q)] for r in range(q)] for a in range(1, (count or q - 1) + 1)]


def gf2_squares(m: int, poly: int) -> list:
    q = 1 << m
    return [[[gf2_mul(a, r, m, poly) ^ c for c in range(q)] for r in range(q)] for a in range(1, q)]


def _edit(squares: list, recipe: dict) -> list:
    for s, r, c, value in recipe.get("set", []):
        squares[s][r][c] = value
    for src, dst in recipe.get("copy", []):
        squares[dst] = [list(row) for row in squares[src]]
    return squares


def _generate(recipe: dict) -> bytes:
    kind = recipe["kind"]
    if kind == "field":
        squares = field_squares(recipe["q"], recipe.get("count"))
    elif kind == "gf2":
        squares = gf2_squares(recipe["m"], recipe["poly"])
    elif kind == "fixture":
        squares = fixtures.read_json("constructions", "mols", f"n{recipe['n']}.json")["answer"]
    else:
        raise ValueError(f"unknown generate recipe {kind!r}")
    return json.dumps(_edit(squares, recipe), separators=(",", ":")).encode("utf-8")


VECTORS = vectorlib.VectorFile("mols", _generate)


def is_violation(squares: list, w: dict) -> bool:
    """The witness, decided from the definition."""
    idx = w["indices"]
    if "row" in w:
        (s,), r, (c1, c2), x = idx, w["row"], w["columns"], w["symbol"]
        return c1 != c2 and squares[s][r][c1] == squares[s][r][c2] == x
    if "column" in w:
        (s,), c, (r1, r2), x = idx, w["column"], w["rows"], w["symbol"]
        return r1 != r2 and squares[s][r1][c] == squares[s][r2][c] == x
    (s, t), ((r1, c1), (r2, c2)), (x, y) = idx, w["cells"], w["pair"]
    return (s != t and (r1, c1) != (r2, c2) and squares[s][r1][c1] == squares[s][r2][c2] == x
            and squares[t][r1][c1] == squares[t][r2][c2] == y)


L3 = [[0, 1, 2], [1, 2, 0], [2, 0, 1]]


class TestMolsVectors(vectorlib.VectorTests):
    vectors = VECTORS
    not_applicable = {"SignOracle"}
    size_range = (60, 120)
    default_params = {"n": 5}
    tamper_answer = [L3, L3]                          # two identical squares of order 3
    tamper_good = [{"indices": [0, 1], "cells": [[0, 0], [1, 2]], "pair": [0, 0]},
                   {"indices": [0, 1], "cells": [[2, 2], [0, 1]], "pair": [1, 1]}]
    tamper_bad = [{"indices": [0, 1], "cells": [[0, 0], [0, 0]], "pair": [0, 0]},      # one cell twice
                  {"indices": [0, 1], "cells": [[0, 0], [1, 2]], "pair": [0, 1]},      # wrong pair
                  {"indices": [0, 1], "cells": [[0, 0], [0, 1]], "pair": [0, 0]},      # different symbols
                  {"indices": [0, 0], "cells": [[0, 0], [1, 2]], "pair": [0, 0]},      # one square twice
                  {"indices": [0, 1], "cells": [[0, 0], [1, 3]], "pair": [0, 0]},      # column out of range
                  {"indices": [0, 2], "cells": [[0, 0], [1, 2]], "pair": [0, 0]},      # no square 2
                  {"indices": [0], "row": 0, "columns": [0, 1], "symbol": 0},         # rows are permutations
                  {"indices": [1], "column": 2, "rows": [0, 0], "symbol": 2},         # one cell twice
                  {"indices": [0], "row": 0, "columns": [0, 1], "symbol": 0, "n": 3},  # extra key
                  {"indices": [0, 1], "cells": [[0, 0], [1, 2.0]], "pair": [0, 0]},    # float
                  {"indices": [0, 1], "cells": [[0, 0], [1, True]], "pair": [0, 0]},   # bool
                  {"indices": [0, 1], "cells": [[0, 0], [1, 2]]},                      # missing pair
                  [0, 1], None]
    end_to_end = VECTORS.pick(
        lambda v: v["result"] == "valid" and "answer" in v and VECTORS.params_of(v) == {"n": 5},
        lambda v: v["result"] == "valid" and "LargeInput" in v["flags"] and VECTORS.params_of(v) == {"n": 64},
        vectorlib.expecting("PROPERTY_VIOLATION", flag="NotLatin", literal=True),
        vectorlib.expecting("PROPERTY_VIOLATION", flag="NotOrthogonal", literal=True),
        vectorlib.expecting("PROPERTY_VIOLATION", flag="LargeInput"),
        vectorlib.expecting("RANGE"),
        vectorlib.expecting("SIZE_LIMIT"),
        vectorlib.expecting("JSON_ENCODING"),
    )

    def check_witness(self, v, answer, params, verifier, w):
        assert isinstance(w, dict) and isinstance(w.get("indices"), list), f"{verifier}: no witness"
        assert is_violation(answer, w), f"{verifier}: witness {w} is not a violation"


def test_every_witness_kind_occurs():
    kinds = set()
    for v in VECTORS.tests:
        if v["expected_reason"] == "PROPERTY_VIOLATION" and "LargeInput" not in v["flags"]:
            verdict = VECTORS.run_check("primary", v)
            kinds.add(next(k for k in ("row", "column", "cells") if k in verdict.witness))
            verdict = VECTORS.run_check("second", v)
            kinds.add(next(k for k in ("row", "column", "cells") if k in verdict.witness))
    assert kinds == {"row", "column", "cells"}
