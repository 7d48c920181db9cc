"""Reference constructions of zero-error codes for C_7 and C_9 (``python -m endless_exam.checker.constructions.shannon``).

Methods (deterministic; no search):

* **Bundled published codes for C_7** (``fixtures/data/shannon_c7_codes.json``): codes of 3, 10, 31, 107
  and 367 words in C_7^1..C_7^5. The 367-word code in C_7^5 is the construction of Polak and Schrijver
  (2019); the data comes from the Lean formalisation data of Buys, Polak and Zuiddam (Apache-2.0) as
  shipped by the public Endless Exam release (``bench/data/shannon_c7_base.json``). The project does not
  trust the file: both verifiers check every code (tests and ``--verify``).
* **The 81-word code in C_9^3**: {(i, j, 2i + 4j mod 9) : i, j in Z_9}. Why it is a code: two words
  with the same (i, j) are equal; if (i, j) != (i', j') are both within distance 1 (mod 9), write
  a = i - i', b = j - j' in {-1, 0, 1}, not both 0; the third coordinates differ by 2a + 4b, which for
  these 8 pairs is one of +-2, +-3, +-4 (mod 9), never 0 or +-1. So some coordinate is at cyclic
  distance >= 2.
* **{0, 2, 4, 6} in C_9**: four digits pairwise at distance >= 2.
* **Products** (a product of codes is a code: distinct product words differ inside one factor block),
  given as ``factors`` certificates so that nothing is expanded:
  (7, 24) = 107 * 367^4, (7, 40) = 367^8, (9, 48) = 81^16, (9, 64) = 81^21 * 4 -- the bench-v1 baselines
  (paper Appendix E).

Objectives are computed by the primary verifier, never claimed.

The family's documented baseline (``endless-exam instance shannon --baseline``; registry ``baselines.py``):
``baseline(params, log)`` and ``domain(params)`` at the end of this module, the largest product of the small
codes, written as a factors certificate.
"""
from __future__ import annotations

import sys

from . import both_verifiers, document, require, run_generator, verify_fixtures, write_fixture
from ._baseline import Baseline, Log, best_product


def c7_codes() -> dict[int, list[str]]:
    from endless_exam import fixtures

    data = fixtures.read_json("data", "shannon_c7_codes.json")
    return {int(d): list(words) for d, words in data["codes"].items()}


def c9_81() -> list[str]:
    return sorted(f"{i}{j}{(2 * i + 4 * j) % 9}" for i in range(9) for j in range(9))


C9_4 = ["0", "2", "4", "6"]
SOURCE = ("from fixtures/data/shannon_c7_codes.json (Polak-Schrijver 2019 for the 367-word code in C_7^5; data of "
          "the Lean formalisation of Buys, Polak and Zuiddam, Apache-2.0, as shipped by the public Endless Exam "
          "release)")


def _objective(params: dict, answer) -> int:
    from endless_exam.checker.families import load

    verdict = load("shannon").check(params, answer)
    require(verdict.valid, f"the primary verifier rejects the construction: {verdict.message}")
    return verdict.objective


def build() -> dict[str, dict]:
    c7 = c7_codes()
    c81 = c9_81()
    require(len(c7[4]) == 107 and len(c7[5]) == 367 and len(c81) == 81, "unexpected code sizes")
    plans = {
        "q7_d24.json": ({"q": 7, "d": 24}, [{"words": c7[4]}, {"words": c7[5], "power": 4}],
                        f"Product 107 * 367^4 of the 107-word code in C_7^4 and four copies of the 367-word code in "
                        f"C_7^5 (both {SOURCE}), as a factors certificate (never expanded)."),
        "q7_d40.json": ({"q": 7, "d": 40}, [{"words": c7[5], "power": 8}],
                        f"Product 367^8 of eight copies of the Polak-Schrijver 367-word code in C_7^5 ({SOURCE})."),
        "q9_d48.json": ({"q": 9, "d": 48}, [{"words": c81, "power": 16}],
                        "Product 81^16 of the 81-word code {(i, j, 2i + 4j mod 9)} in C_9^3 (see the generator's "
                        "docstring for why it is a code)."),
        "q9_d64.json": ({"q": 9, "d": 64}, [{"words": c81, "power": 21}, {"words": C9_4}],
                        "Product 81^21 * 4 of 21 copies of the 81-word code {(i, j, 2i + 4j mod 9)} in C_9^3 and the "
                        "4-word code {0, 2, 4, 6} in C_9."),
    }
    docs = {}
    for name, (params, factors, method) in plans.items():
        answer = {"factors": factors}
        docs[name] = document("shannon", params, answer, _objective(params, answer), method)
    for d in (4, 5):
        params = {"q": 7, "d": d}
        docs[f"q7_d{d}.json"] = document("shannon", params, c7[d], _objective(params, c7[d]),
                                         f"The {len(c7[d])}-word code in C_7^{d} listed literally, {SOURCE}.")
    docs["q9_d3.json"] = document("shannon", {"q": 9, "d": 3}, c81, _objective({"q": 9, "d": 3}, c81),
                                  "The 81-word code {(i, j, 2i + 4j mod 9)} in C_9^3 listed literally.")
    return docs


def write_all() -> None:
    for name, doc in build().items():
        path = write_fixture(name, doc)
        print(f"{path.name}: q={doc['params']['q']} d={doc['params']['d']} objective={doc['objective']}")


def _verify(doc: dict) -> tuple[bool, str]:
    from endless_exam import crosscheck  # noqa: F401  (sets SYMPY_GROUND_TYPES before sympy is imported)
    from endless_exam.certificates.contract import load

    res = both_verifiers("shannon", load("shannon", "primary").schema.validate_params(doc["params"]), doc["answer"])
    ok = res.valid and res.objective == doc["objective"]
    q = doc["params"]["q"]
    groups = [f["words"] for f in doc["answer"]["factors"]] if isinstance(doc["answer"], dict) else [doc["answer"]]
    for words in groups:                                  # the definition, pair by pair, in plain Python
        ok &= len(set(words)) == len(words)
        ok &= not any(all(min((int(a) - int(b)) % q, (int(b) - int(a)) % q) <= 1 for a, b in zip(x, y))
                      for t, x in enumerate(words) for y in words[t + 1:])
    return ok, f"q={q} d={doc['params']['d']} objective={doc['objective']}"


def verify_all() -> int:
    return verify_fixtures("shannon", _verify)


# ---- the documented baseline and its domain (the registry is baselines.py) ------------------------------

def _shannon_codes(q: int) -> dict[int, list[str]]:
    if q == 7:
        return c7_codes()
    if q == 9:
        return {1: list(C9_4), 3: c9_81()}
    return {1: ["0", "2"], 2: [f"{i}{2 * i % 5}" for i in range(5)]}


def baseline(params: dict, log: Log) -> Baseline:
    q, d = params["q"], params["d"]
    codes = _shannon_codes(q)
    size, parts = best_product({k: len(v) for k, v in codes.items()}, d)
    counts = {p: parts.count(p) for p in sorted(set(parts), reverse=True)}
    answer = {"factors": [{"words": codes[p], "power": c} for p, c in counts.items()]}
    text = " * ".join(f"{len(codes[p])}^{c}" for p, c in counts.items())
    return Baseline(answer, f"Product of small codes of C_{q}^r (a product of independent sets of strong powers is "
                            f"one): {text} over the lengths {', '.join(f'{p} x {c}' for p, c in counts.items())}, the "
                            f"largest product of the codes of checker/constructions/shannon.py (lengths "
                            f"{sorted(codes)}), as a factors certificate.", {"parts": {str(p): c for p, c in counts.items()}})


def domain(params: dict) -> str | None:
    return None


def main(argv=None) -> int:
    return run_generator(argv, write_all, verify_all)


if __name__ == "__main__":
    sys.exit(main())
