"""The prompt wording of the ``kissing`` family (assembled by ``endless_exam.checker.prompts``)."""
from __future__ import annotations

from endless_exam.certificates.schemas import kissing as schema

from ._common import objective, orbit_form, spherical_format, spherical_limits


def statement(p: dict) -> str:
    d = p["d"]
    where = (f"R^{d} whose coordinates are integers or exact numbers a + b*sqrt(3)" if schema.is_quadratic(p)
             else f"Z^{d} (integer coordinates)")
    return (f"Find as many non-zero vectors as possible in {where} such that every two distinct vectors u, v "
            f"make an angle of at least 60 degrees, i.e. u.v <= |u| |v| / 2 (a kissing configuration). "
            "Equal vectors are not allowed. " + objective("the number of vectors", "maximise"))


def answer_format(p: dict) -> str:
    return spherical_format(p["d"])


def compact_forms(p: dict) -> list[str]:
    forms = [orbit_form(p["d"])]
    if schema.is_quadratic(p):
        forms.append(("Exact form: X may instead be {\"quadratic_vectors\": {\"radicand\": 3, \"vectors\": V}} "
                      f"(exactly these keys) where each vector of V is a list of {p['d']} pairs [a, b] of integers in "
                      "-1000..1000 meaning the coordinate a + b*sqrt(3) (use [a, 0] for an integer); all comparisons "
                      "are exact; decimals and symbolic strings are not accepted."))
    return forms


def limits(p: dict) -> list[str]:
    return spherical_limits(schema.LIMITS, "Every coordinate (and each part a, b of a quadratic coordinate)")
