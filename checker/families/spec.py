"""The declarative part of a primary family: its bound formula.

Each implemented family module defines ``SPEC = FamilySpec(key, bound)``. The prompt's wording is not
here: it is in ``endless_exam.checker.prompts.<key>``, beside the assembler, so that printing a prompt
loads no verifier.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable


@dataclass(frozen=True)
class FamilySpec:
    key: str
    # The proven (or trivial) bound for the parameters and its kind, or None when the project has no
    # formula; used for gap closed on instances outside the suites.
    bound: Callable[[dict], tuple[int | Fraction, str] | None] = lambda params: None
