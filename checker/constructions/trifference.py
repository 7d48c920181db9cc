"""Deterministic reference constructions of trifferent codes (``python -m endless_exam.checker.constructions.trifference``).

Methods (no randomness anywhere):

1. **The inner [9, 3] code.** A linear code over F_3 is 1-trifferent iff it is *minimal*, i.e. (the
   hyperplane criterion, see ``checker.families.trifference``) the multiset of its columns, as points of
   PG(k-1, 3), meets every hyperplane in a set that spans it. For k = 3 the hyperplanes are the 13
   lines of PG(2, 3), each with 4 points, and "spans" means "contains two distinct points". Taking all
   13 points except a 4-arc A (four points, no three collinear) leaves every line with at least
   4 - 2 = 2 points, so the 9 remaining points are the columns of a 1-trifferent [9, 3] code of 27 words.
   (There is no such [8, 3] code: its 5 missing points would form a 5-arc, and arcs of PG(2, q), q odd,
   have at most q + 1 = 4 points.) A is the lexicographically first 4-arc of the points written with
   first non-zero coordinate 1, in lexicographic order; the columns keep that order.
2. **The field.** GF(27) = F_3[t]/(f) with f the first monic cubic, in lexicographic order of
   (c_0, c_1, c_2), without a root in F_3 (a cubic without roots is irreducible): f = t^3 + 2t^2 + 1.
3. **Reed-Solomon concatenation** (docs/SPECIFICATION.md 3.16, the paper's baseline): for length n, N = min(27,
   floor(n / 9)) evaluation points and the largest K with N - 3K + 3 >= 1, i.e. K = floor((N + 2) / 3);
   q^K = 27^K words: 27^3, 27^4, 27^6, 27^7 for n = 64, 96, 144, 192.
4. **A rank-10 linear code of length 64** (better than the baseline at n = 64: 3^10 = 59,049 words against
   27^3): a seeded local search over generator matrices. Start: a 10 x 64 matrix with entries drawn by
   random.Random(1117); a step redraws one column (position and entries from random.Random(5)) and is
   kept when the number of directions failing the hyperplane criterion (counted by the primary's
   ``HyperplaneEngine``) does not increase; it stops at 0 failures (441 steps, about 35 s of CPU) or
   after ``SEARCH_STEPS`` steps. Its validity is then decided by both verifiers like any answer. (The
   same search for rank 11 did not reach 0 failures within a few CPU-minutes.)
5. **The tetracode** {(a, b, a + b, a + 2b)} for n = 4 (a linear_code certificate): 9 words, the maximum
   T(4) = 9.

Objectives are computed by the primary verifier (``endless_exam.checker.families.trifference``), not
claimed; ``--verify`` re-checks every fixture with both verifiers and checks the inner code (and codes
of rank <= 4) by brute force over all triples and the field polynomial by its roots.

The family's documented baseline (``endless-exam instance trifference --baseline``; registry
``baselines.py``): ``baseline(params, log)`` and ``domain(params)`` at the end of this module, the
Reed-Solomon concatenation for the certified representation where it applies, else the three constant words.
"""
from __future__ import annotations

import itertools
import random
import sys

from . import both_verifiers, document, require, run_generator, verify_fixtures, write_fixture
from ._baseline import Baseline, Log

BENCH_LENGTHS = (64, 96, 144, 192)


def projective_points(k: int) -> list[tuple[int, ...]]:
    return [p for p in itertools.product(range(3), repeat=k) if any(p) and next(c for c in p if c) == 1]


def _det3(a, b, c) -> int:
    return (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
            + a[2] * (b[0] * c[1] - b[1] * c[0])) % 3


def inner_code() -> tuple[list[str], tuple[tuple[int, ...], ...]]:
    """(generator rows of the [9, 3] code, the 4-arc left out)."""
    points = projective_points(3)
    arc = next(a for a in itertools.combinations(points, 4)
               if all(_det3(*t) for t in itertools.combinations(a, 3)))
    columns = [p for p in points if p not in arc]
    require(len(columns) == 9, "PG(2,3) minus a 4-arc must have 9 points")
    rows = ["".join(str(col[r]) for col in columns) for r in range(3)]
    return rows, arc


def cubic_field() -> list[int]:
    for low in itertools.product(range(3), repeat=3):
        coeffs = list(low) + [1]
        if all(sum(c * x ** i for i, c in enumerate(coeffs)) % 3 for x in range(3)):
            return coeffs
    raise RuntimeError("no irreducible cubic over F_3")


def _span(rows: list[str]) -> list[str]:
    n = len(rows[0])
    return sorted({"".join(str(sum(c * int(r[j]) for c, r in zip(coeffs, rows)) % 3) for j in range(n))
                   for coeffs in itertools.product(range(3), repeat=len(rows))})


def _trifferent(words: list[str], m: int = 1) -> bool:
    return all(sum(1 for a, b, c in zip(*t) if a != b and a != c and b != c) >= m
               for t in itertools.combinations(words, 3))


SEARCH_STEPS = 3000


def local_search_code(n: int = 64, k: int = 10, start_seed: int = 1117, move_seed: int = 5) -> list[str]:
    """The seeded local search of method 4 (deterministic: no clock, only seeds and step counts)."""
    from endless_exam.checker.families import _gf3

    rnd = random.Random(start_seed)
    matrix = [[rnd.randrange(3) for _ in range(n)] for _ in range(k)]

    def failures() -> int:
        rank, basis = _gf3.rref(matrix, n)
        return 10 ** 9 if rank < k else len(_gf3.HyperplaneEngine(basis, 1).run())

    moves = random.Random(move_seed)
    current = failures()
    for _ in range(SEARCH_STEPS):
        if current == 0:
            break
        j = moves.randrange(n)
        old = [matrix[i][j] for i in range(k)]
        for i in range(k):
            matrix[i][j] = moves.randrange(3)
        trial = failures()
        if trial <= current:
            current = trial
        else:
            for i in range(k):
                matrix[i][j] = old[i]
    require(current == 0, f"the local search ended with {current} failing directions")
    return ["".join(map(str, row)) for row in matrix]


def _objective(params: dict, answer) -> int:
    from endless_exam.checker.families import load

    verdict = load("trifference").check(params, answer)
    require(verdict.valid, f"the primary verifier rejects the construction: {verdict.message}")
    return verdict.objective


def build() -> dict[str, dict]:
    rows, arc = inner_code()
    words = _span(rows)
    require(len(words) == 27 and _trifferent(words), "the inner [9,3] code must be 1-trifferent with 27 words")
    field = cubic_field()
    docs = {}
    for n in BENCH_LENGTHS:
        big_n = min(27, n // 9)
        big_k = (big_n + 2) // 3
        params = {"n": n, "m": 1, "representation": "certified"}
        answer = {"rs_concat": {"inner": {"linear_code": rows}, "inner_n": 9, "inner_m": 1, "field": field,
                                "length": big_n, "dimension": big_k}}
        method = (f"Reed-Solomon concatenation (the paper's baseline): outer RS code over GF(27) = F_3[t]/({_poly(field)}) "
                  f"(the first monic cubic without a root in F_3) of length N = {big_n} = min(27, floor({n}/9)) and "
                  f"dimension K = {big_k} = floor((N+2)/3), the largest K with 1*(N - 3K + 3) >= 1; inner code the "
                  f"1-trifferent [9,3] code whose columns are the points of PG(2,3) outside the 4-arc "
                  f"{[list(p) for p in arc]} (every line keeps >= 2 points, so every hyperplane is spanned); "
                  f"27^{big_k} words, zero padding to n = {n}.")
        docs[f"n{n}_rs27.json"] = document("trifference", params, answer, _objective(params, answer), method)
    rows64 = local_search_code()
    params = {"n": 64, "m": 1, "representation": "certified"}
    answer = {"linear_code": rows64}
    docs["n64_linear10.json"] = document(
        "trifference", params, answer, _objective(params, answer),
        "A rank-10 linear code of length 64 found by the generator's seeded local search (method 4 of "
        "checker/constructions/trifference.py: start matrix from random.Random(1117), column moves from "
        "random.Random(5), a move kept when the number of directions failing the hyperplane criterion does not "
        "increase, stopped at 0): 3^10 words, 3 times the RS baseline 27^3 at n = 64.")
    tetra = {"linear_code": ["0112", "1011"]}
    params = {"n": 4, "m": 1, "representation": "certified"}
    docs["n4_tetracode.json"] = document("trifference", params, tetra, _objective(params, tetra),
                                         "The tetracode {(a, b, a+b, a+2b)} as a linear_code certificate (rows (0,1,1,2) "
                                         "and (1,0,1,1)): 9 words, the maximum T(4) = 9 for n = 4.")
    return docs


def _poly(coeffs: list[int]) -> str:
    terms = []
    for i in range(len(coeffs) - 1, -1, -1):
        c = coeffs[i]
        if c:
            mono = "" if i == 0 else ("t" if i == 1 else f"t^{i}")
            terms.append((str(c) if c != 1 or i == 0 else "") + mono)
    return " + ".join(terms)


def write_all() -> None:
    for name, doc in build().items():
        path = write_fixture(name, doc)
        print(f"{path.name}: n={doc['params']['n']} objective={doc['objective']}")


def _verify(doc: dict) -> tuple[bool, str]:
    from endless_exam import crosscheck  # noqa: F401  (sets SYMPY_GROUND_TYPES before sympy is imported)
    from endless_exam.certificates.contract import load

    params = doc["params"]
    res = both_verifiers("trifference", load("trifference", "primary").schema.validate_params(params), doc["answer"])
    ok = res.valid and res.objective == doc["objective"]
    answer = doc["answer"]
    if "rs_concat" in answer:
        body = answer["rs_concat"]
        inner = _span(body["inner"]["linear_code"])
        field = body["field"]
        ok &= len(inner) == 3 ** (len(field) - 1) and _trifferent(inner, body["inner_m"])
        ok &= all(sum(c * x ** i for i, c in enumerate(field)) % 3 for x in range(3)) and len(field) == 4
    elif len(answer["linear_code"]) <= 4:                 # brute force over all triples only for small codes
        ok &= _trifferent(_span(answer["linear_code"]), params["m"])
    return ok, f"n={params['n']} objective={doc['objective']}"


def verify_all() -> int:
    return verify_fixtures("trifference", _verify)


# ---- the documented baseline and its domain (the registry is baselines.py) ------------------------------

def baseline(params: dict, log: Log) -> Baseline:
    n, m = params["n"], params["m"]
    certified = params.get("representation") == "certified"
    big_n = min(27, n // 9)
    big_k = (big_n - m + 3) // 3 if big_n >= m else 0
    if certified and big_k >= 1:
        rows, _arc = inner_code()
        field = cubic_field()
        answer = {"rs_concat": {"inner": {"linear_code": rows}, "inner_n": 9, "inner_m": 1, "field": field,
                                "length": big_n, "dimension": big_k}}
        return Baseline(answer, f"Reed-Solomon concatenation (the paper's baseline): outer RS code over GF(27) of "
                                f"length N = {big_n} = min(27, floor({n}/9)) and dimension K = {big_k}, the largest K "
                                f"with N - 3K + 3 >= {m}; inner code the 1-trifferent [9,3] code of "
                                f"checker/constructions/trifference.py; 27^{big_k} words, zero padding to n = {n}.",
                        {"length": big_n, "dimension": big_k})
    words = ["0" * n, "1" * n, "2" * n]
    return Baseline(words, f"The three constant words: every coordinate separates them, so they are "
                           f"{m}-trifferent for any m <= n (the RS concatenation needs "
                           f"{'n >= 9 and m <= min(27, n/9)' if certified else 'the certified representation'}).", {})


def domain(params: dict) -> str | None:
    return None


def main(argv=None) -> int:
    return run_generator(argv, write_all, verify_all)


if __name__ == "__main__":
    sys.exit(main())
