"""Exact ratio of an objective to an instance's reference (BENCHMARK.md section 6)."""
from __future__ import annotations

from fractions import Fraction

from certificates.verdict import objective_to_float


def ratio(objective: int | Fraction | None, reference: int | Fraction | None, sense: str, valid: bool) -> Fraction | None:
    """a/h (max) or h/a (min) for a valid answer with a > 0; 0 otherwise; None without a reference."""
    if reference is None:
        return None
    if not valid or objective is None or objective <= 0:
        return Fraction(0)
    if sense == "max":
        return Fraction(objective) / Fraction(reference)
    if sense == "min":
        return Fraction(reference) / Fraction(objective)
    raise ValueError(f"unknown sense {sense!r}")


def ratio_float(value: Fraction | None) -> float | None:
    """A float for display; None when there is no ratio or it is beyond the float range."""
    return objective_to_float(value)
