"""Exact ratio of an objective to an instance's reference (docs/SPECIFICATION.md section 6)."""
from __future__ import annotations

from fractions import Fraction

from endless_exam.certificates.verdict import objective_to_float

from .aggregate import ratio as aggregate_ratio


def ratio(objective: int | Fraction | None, reference: int | Fraction | None, sense: str, valid: bool) -> Fraction | None:
    """a/h (max) or h/a (min) for a valid answer with a > 0; 0 otherwise; None without a reference
    (an instance that can be verified but not scored). The rule itself is ``aggregate.ratio``."""
    if reference is None:
        return None
    return aggregate_ratio(objective, reference, sense, valid)


def ratio_float(value: Fraction | None) -> float | None:
    """A float for display; None when there is no ratio or it is beyond the float range."""
    return objective_to_float(value)
