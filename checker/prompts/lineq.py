"""The prompt wording of the ``lineq`` family (assembled by ``endless_exam.checker.prompts``)."""
from __future__ import annotations

from endless_exam.certificates.schemas import lineq as schema
from endless_exam.certificates.forms import digits

from ._common import objective


def statement(p: dict) -> str:
    a, b, n = p["a"], p["b"], p["n"]
    return (f"Find a set A of integers from {{1, 2, ..., {n}}} that is as large as possible and contains no "
            f"solution of {a}*x + {b}*y = {a + b}*z with x, y, z in A other than the trivial ones x = y = z "
            f"(x, y, z need not be distinct otherwise; a solution with x = y forces z = x). "
            + objective("the number of elements", "maximise"))


def answer_format(p: dict) -> str:
    return f"a JSON list of distinct integers between 1 and {p['n']} (in any order; increasing order is customary)"


def compact_forms(p: dict) -> list[str]:
    return [("Compact form: X may instead be {\"digits\": SPEC} (exactly that key) where SPEC is a digit spec; "
             f"its integers that lie in 1..{p['n']} form the set (sorted, each once), which is checked as a list."),
            digits.GRAMMAR + (" Example: {\"digits\": {\"base\": 10, \"allowed\": [1, 2, 3], \"length\": 2, "
                              "\"sum_squares\": 10, \"offset\": 0}} stands for the integers 13 and 31 (the two-digit "
                              "numbers with digits in {1, 2, 3} whose digit squares add up to 10).")]


def limits(p: dict) -> list[str]:
    return [f"At most {schema.MAX_ELEMENTS:,} elements are accepted (in a list, or left from a digit spec after "
            f"keeping those in 1..{p['n']}).",
            *digits.limit_sentences(),
            f"Instances have 1 <= a, b <= {schema.MAX_COEF:,} and n <= {schema.MAX_N:,}."]
