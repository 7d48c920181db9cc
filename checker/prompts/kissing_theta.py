"""The prompt wording of the ``kissing_theta`` family (assembled by ``endless_exam.checker.prompts``)."""
from __future__ import annotations

import math

from endless_exam.certificates.schemas import kissing_theta as schema

from ._common import objective, orbit_form, spherical_format, spherical_limits


def angle_text(cos100: int) -> str:
    """arccos(cos100/100) in degrees with two decimals, for the prompt only (never used to decide).

    A double is enough: over the whole parameter domain it rounds to the same two decimals as a 64-bit
    ball evaluation (``tests/suites/test_prompts.py`` compares them)."""
    return f"{math.degrees(math.acos(cos100 / 100)):.2f}"


def statement(p: dict) -> str:
    d, c = p["d"], p["cos100"]
    return (f"Find as many non-zero vectors as possible in Z^{d} (integer coordinates) such that every two distinct "
            f"vectors u, v have cosine at most {c}/100, i.e. u.v <= ({c}/100) |u| |v| (pairwise angle at least "
            f"arccos({c}/100), about {angle_text(c)} degrees), decided exactly. Equal vectors are not allowed. "
            + objective("the number of vectors", "maximise"))


def answer_format(p: dict) -> str:
    return spherical_format(p["d"])


def compact_forms(p: dict) -> list[str]:
    return [orbit_form(p["d"])]


def limits(p: dict) -> list[str]:
    return spherical_limits(schema.LIMITS, "Every coordinate")
