"""The declarative part of a family: what the prompt says and what the bound formula is.

Each implemented family module defines ``SPEC = FamilySpec(...)``. The prompt builder
(``endless_exam.checker.prompts``) assembles a prompt only from these fields, so every accepted form and every
limit that a family enforces must be listed here (the tests compare prompts against the schemas'
limit constants).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable


@dataclass(frozen=True)
class FamilySpec:
    key: str
    # One paragraph stating the problem for the given parameters (what to construct, the property,
    # the objective and its direction).
    statement: Callable[[dict], str]
    # What X is in the reply {"answer": X}, for the plain form.
    answer_format: Callable[[dict], str]
    # Every other accepted form (compact forms, certificates), one sentence or short paragraph each.
    compact_forms: Callable[[dict], list[str]]
    # Every limit the checker enforces for this family, one sentence each.
    limits: Callable[[dict], list[str]]
    # The proven (or trivial) bound for the parameters and its kind, or None when the project has no
    # formula; used for gap closed on instances outside the suites.
    bound: Callable[[dict], tuple[int | Fraction, str] | None] = lambda params: None
