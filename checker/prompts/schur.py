"""The prompt wording of the ``schur`` family (assembled by ``endless_exam.checker.prompts``)."""
from __future__ import annotations

from endless_exam.certificates.schemas import schur as schema

from ._common import defined_for, json_integers, literal_only, objective


def _colour_names(k: int) -> str:
    if k == 1:
        return "the single colour 0"
    if k == 2:
        return "one of the 2 colours 0 and 1"
    return f"one of the {k} colours 0, 1, ..., {k - 1}"


def statement(p: dict) -> str:
    k = p["k"]
    return (f"Choose a positive integer N and colour each of the integers 1, 2, ..., N with {_colour_names(k)} "
            f"so that no colour class contains a solution of x + y = z: there must "
            f"be no integers x <= y with x + y <= N such that x, y and x + y all have the same colour "
            f"(x = y is included, so x and 2x may not share a colour when 2x <= N). "
            + objective("N, the length of the coloured interval", "maximise"))


def answer_format(p: dict) -> str:
    return (f"a JSON list of N integers, each in 0..{p['k'] - 1}: the colours of 1, 2, ..., N in this order "
            f"(entry i, counting from 0, is the colour of the integer i + 1)")


def compact_forms(p: dict) -> list[str]:
    return []


def limits(p: dict) -> list[str]:
    return [f"The list must have 1 to {schema.MAX_N:,} entries (N <= {schema.MAX_N:,}).",
            json_integers(),
            literal_only(),
            defined_for(f"{schema.MIN_K} <= k <= {schema.MAX_K} colours")]
