"""Wycheproof-style regression vectors of the ``trifference`` family (``fixtures/vectors/trifference.json``).

The standard tests come from ``tests/common/vectorlib.py``; here are the family's ``generate`` recipes (see the
``schema`` text of the vector file), its witness check and its end-to-end selection.
"""
from __future__ import annotations

import base64
import itertools
import json
import random

import numpy as np

from tests.common import vectorlib


# ---- the generate recipes -------------------------------------------------------------------------

def random_words(n: int, count: int, seed: int) -> list[str]:
    """``count`` distinct words of length n, drawn with random.Random(seed) (in drawing order)."""
    rnd = random.Random(seed)
    seen: dict[str, None] = {}
    while len(seen) < count:
        seen.setdefault("".join(rnd.choice("012") for _ in range(n)), None)
    return list(seen)


def random_rows(n: int, k: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    return ["".join(rnd.choice("012") for _ in range(n)) for _ in range(k)]


def span(rows: list[str]) -> list[str]:
    """All F_3 combinations of the rows, sorted."""
    n = len(rows[0])
    vecs = [[int(c) for c in r] for r in rows]
    out = set()
    for coeffs in itertools.product(range(3), repeat=len(rows)):
        out.add("".join(str(sum(c * v[j] for c, v in zip(coeffs, vecs)) % 3) for j in range(n)))
    return sorted(out)


def spoiler(x: str, y: str, avoid: set[str]) -> str:
    """A word z with z_i in {x_i, y_i} everywhere (so x, y, z are never separated), not in ``avoid``."""
    for bits in itertools.product((0, 1), repeat=len(x)):
        z = "".join(a if b == 0 else c for a, b, c in zip(x, bits, y))
        if z not in avoid:
            return z
    raise ValueError("no spoiler word")


def _generate(recipe: dict) -> bytes:
    kind = recipe["kind"]
    if kind == "repeat_string":
        return json.dumps([recipe["string"]] * recipe["count"]).encode()
    if kind == "random_words":
        words = random_words(recipe["n"], recipe["count"], recipe["seed"])
        if recipe.get("spoil"):                     # append a word that ruins the first two
            words.append(spoiler(words[0], words[1], set(words)))
        return json.dumps(words).encode()
    if kind == "counting":                          # the first `count` words of length n in lexicographic order
        words = ["".join(t) for t in itertools.islice(itertools.product("012", repeat=recipe["n"]), recipe["count"])]
        return json.dumps(words).encode()
    if kind == "span":
        words = span(recipe["rows"])
        words += recipe.get("append", [])
        return json.dumps(words).encode()
    if kind == "span_of_random":                    # the span of random rows as a literal list (+ extra words)
        rows = random_rows(recipe["n"], recipe["k"], recipe["seed"])
        words = span(rows)
        have, extra = set(words), recipe.get("extra", 0)
        for w in random_words(recipe["n"], 10 * extra + 10, recipe["seed"] + 1):
            if extra == 0:
                break
            if w not in have:
                words.append(w)
                have.add(w)
                extra -= 1
        return json.dumps(words).encode()
    if kind == "span_edit":                         # sorted(span(rows) - drop + add), then listed in `order`
        words = sorted((set(span(recipe["rows"])) - set(recipe.get("drop", []))) | set(recipe.get("add", [])))
        if "order" in recipe:
            order = np.frombuffer(base64.b64decode(recipe["order"]), dtype="<u2")
            words = [words[int(i)] for i in order]
        return json.dumps(words).encode()
    if kind == "random_code":
        rows = random_rows(recipe["n"], recipe["k"], recipe["seed"])
        return json.dumps({recipe.get("form", "linear_code"): rows}).encode()
    if kind == "identity_code":                     # the first `k` unit rows of length n
        n, k = recipe["n"], recipe["k"]
        rows = ["".join("1" if j == i else "0" for j in range(n)) for i in range(k)]
        return json.dumps({"linear_code": rows}).encode()
    if kind == "rs_random_inner":                   # rs_concat whose inner code is a random linear_code
        body = dict(recipe["rs_concat"])
        body["inner"] = {"linear_code": random_rows(body["inner_n"], recipe["k"], recipe["seed"])}
        return json.dumps({"rs_concat": body}).encode()
    if kind == "near_affine":                       # a translated random [n, k] code, `replace` words swapped
        return json.dumps(near_affine(recipe["n"], recipe["k"], recipe["replace"], recipe["seed"])).encode()
    raise ValueError(f"unknown generate recipe {kind!r}")


def near_affine(n: int, k: int, replace: int, seed: int) -> list[str]:
    """The 3^k words of a random rank-k code of length n (k rows drawn with random.Random(seed), checked
    independent) translated by a random word, shuffled; the first ``replace`` of them then swapped for
    random words outside the code, and the list shuffled again (issue 31, case 3)."""
    rnd = random.Random(seed)
    while True:
        rows = np.array([[rnd.randrange(3) for _ in range(n)] for _ in range(k)], np.int64)
        idx = np.arange(3 ** k)
        messages = np.stack([(idx // 3 ** p) % 3 for p in range(k)], axis=1)
        shift = np.array([rnd.randrange(3) for _ in range(n)], np.int64)
        code = ["".join(map(str, r)) for r in ((messages @ rows + shift) % 3).tolist()]
        if len(set(code)) == 3 ** k:
            break
    return swap_random_words(code, replace, n, rnd)


def swap_random_words(words: list[str], replace: int, n: int, rnd: random.Random, draw=None) -> list[str]:
    """``words`` shuffled, the first ``replace`` of them swapped for random words of length n not yet in the
    list (or for ``draw(word)``, a word drawn from the one it replaces), and shuffled again (the near-affine
    lists of issue 31)."""
    rnd.shuffle(words)
    have = set(words)
    for t in range(replace):
        while True:
            w = "".join(rnd.choice("012") for _ in range(n)) if draw is None else draw(words[t])
            if w not in have:
                break
        have.add(w)
        words[t] = w
    rnd.shuffle(words)
    return words


VECTORS = vectorlib.VectorFile("trifference", _generate)


def _separated(x: str, y: str, z: str) -> int:
    return sum(1 for a, b, c in zip(x, y, z) if a != b and a != c and b != c)


def _rank(rows: list[str]) -> int:
    m = [[int(c) for c in r] for r in rows]
    rank = 0
    for col in range(len(m[0]) if m else 0):
        piv = next((r for r in range(rank, len(m)) if m[r][col]), None)
        if piv is None:
            continue
        m[rank], m[piv] = m[piv], m[rank]
        inv = m[rank][col]                      # 1 and 2 are their own inverses mod 3
        m[rank] = [(x * inv) % 3 for x in m[rank]]
        for r in range(len(m)):
            if r != rank and m[r][col]:
                f = m[r][col]
                m[r] = [(a - f * b) % 3 for a, b in zip(m[r], m[rank])]
        rank += 1
    return rank


class TestTrifferenceVectors(vectorlib.VectorTests):
    vectors = VECTORS
    not_applicable = {"SignOracle"}
    size_range = (80, 140)
    default_params = {"n": 4, "m": 1, "representation": "certified"}
    tamper_answer = {"linear_code": ["0112", "1011", "0001"]}
    tamper_good = [{"direction": "0111", "words": ["0110", "0001"]}]
    tamper_bad = [{"direction": "0111", "words": ["0110", "0002"]},      # a + b != z
                  {"direction": "0000", "words": ["0110", "0220"]},      # 0, a, -a: separated at 2 coordinates
                  {"direction": "1111", "words": ["1110", "0001"]},      # 1110 is not a codeword
                  {"direction": "0111", "words": ["0110", "0110"]},      # a = b
                  {"direction": "0111"},
                  {"words": ["0110", "0001"], "indices": [0, 1, 2]},
                  None]
    end_to_end = VECTORS.pick(
        lambda v: v["result"] == "valid" and isinstance(v.get("answer"), list),
        lambda v: v["result"] == "valid" and isinstance(v.get("answer"), dict) and "linear_code" in v["answer"],
        lambda v: v["result"] == "valid" and isinstance(v.get("answer"), dict) and "rs_concat" in v["answer"],
        vectorlib.expecting("PROPERTY_VIOLATION", literal=True),
        lambda v: v["expected_reason"] == "PROPERTY_VIOLATION" and isinstance(v.get("answer"), dict)
        and "linear_code" in v["answer"],
        vectorlib.expecting("DUPLICATE", literal=True),
        vectorlib.expecting("CERTIFICATE_INVALID", literal=True),
        vectorlib.expecting("JSON_ENCODING"),
        vectorlib.expecting("SIZE_LIMIT", flag="SizeBomb"),
    )

    def check_witness(self, v, answer, params, verifier, w):
        genuine(answer, params["m"], w, verifier)


def _unwrap(answer):
    return answer["answer"] if isinstance(answer, dict) and set(answer) == {"answer"} else answer


def _divides(factor: list[int], poly: list[int]) -> bool:
    rem, d = list(poly), len(factor) - 1
    for top in range(len(rem) - 1, d - 1, -1):
        c = rem[top] % 3
        for j in range(d + 1):
            rem[top - d + j] = (rem[top - d + j] - c * factor[j]) % 3
    return not any(rem[:d])


def _size(code) -> int:
    if isinstance(code, list):
        return len(set(code))
    if "linear" in code:
        return len(span(code["linear"]))
    return 3 ** _rank(code["linear_code"])


def genuine(answer, m: int, w, verifier: str) -> None:
    """Assert (in plain Python, from the definition) that ``w`` is a real counterexample in ``answer``."""
    answer = _unwrap(answer)
    assert isinstance(w, dict), f"{verifier}: no witness"
    if "word" in w:                                      # a duplicate
        i, j = w["indices"]
        assert i != j, (verifier, w)
        if isinstance(answer, list):
            assert w["word"] == answer[i] == answer[j], (verifier, w)
        return
    if "indices" in w:                                   # three positions of a list
        x, y, z = w["words"]
        assert len({x, y, z}) == 3 and _separated(x, y, z) < m, (verifier, w)
        return
    if "direction" in w:
        rows = answer["linear_code"]
        z, (a, b) = w["direction"], w["words"]
        for word in (z, a, b):
            assert _rank(rows + [word]) == _rank(rows), (verifier, word, "not a codeword")
        assert "".join(str((int(p) + int(q)) % 3) for p, q in zip(a, b)) == z
        zero = "0" * len(a)
        assert len({zero, a, b}) == 3 and _separated(zero, a, b) < m, (verifier, w)
        return
    body = answer["rs_concat"]
    if "factor" in w:
        f = w["factor"]
        assert 2 <= len(f) < len(body["field"]) and f[-1] == 1 and _divides(f, body["field"]), (verifier, w)
    elif "inner" in w:
        genuine(body["inner"], body["inner_m"], w["inner"], verifier)
    else:
        size = _size(body["inner"])
        assert size == w["inner_words"] != 3 ** (len(body["field"]) - 1), (verifier, w)
