"""The prompt wording of the ``apfree_q`` family (assembled by ``endless_exam.checker.prompts``)."""
from __future__ import annotations

from endless_exam.certificates.schemas import apfree_q as schema

from ._common import objective


def statement(p: dict) -> str:
    q, n = p["q"], p["n"]
    return (f"Find a set of points of F_{q}^{n} (vectors of length {n} with entries 0..{q - 1}, arithmetic "
            f"mod {q}) that is as large as possible and contains no three distinct points x, y, z with "
            f"x + z = 2y in every coordinate mod {q} (no three-term arithmetic progression). "
            + objective("the number of points", "maximise"))


def answer_format(p: dict) -> str:
    return (f"a JSON list of distinct strings, each of exactly {p['n']} characters from the digits "
            f"0..{p['q'] - 1} (one string per point; the c-th character is the c-th coordinate)")


def compact_forms(p: dict) -> list[str]:
    return []


def limits(p: dict) -> list[str]:
    return [f"At most {schema.MAX_POINTS:,} points are accepted while q^n <= 2^24 (n <= {schema.N_MAX[3]} for "
            f"q = 3, {schema.N_MAX[5]} for q = 5, {schema.N_MAX[7]} for q = 7), and at most "
            f"{schema.WIDE_MAX_POINTS:,} for larger n; there is no compact form.",
            f"Instances have q in {{3, 5, 7}} and n <= {schema.MAX_N:,}."]
