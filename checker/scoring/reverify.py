"""Which saved verdicts a resumed ``score`` run never reuses: the ones that would be reported as news.

The progress file's hashes detect accidents and hand edits, not forgery: anyone who can write the file can
recompute them, and a forged row with a consistent objective was reported as a "RECORD CANDIDATE". So a
saved row that claims a record -- a ratio above 1, or a ratio of at least 1 against a published
reference (reaching the literature's frontier) -- is never taken from the file: the call is verified
again, from the answers file, by this run's verifiers, before anything is reported. Such rows are few
(a record is rare), so this costs little; every other row is reused as before.
"""
from __future__ import annotations

from fractions import Fraction


def claims_record(ratio: Fraction | int | None, reference_type: str | None) -> bool:
    """True iff an exact ``ratio`` is a record claim: above 1, or at least 1 on a published reference."""
    return ratio is not None and (ratio > 1 or (ratio >= 1 and reference_type == "published"))


def must_reverify(row: dict) -> bool:
    """True iff ``row`` (a saved progress row, as JSON) claims a record or the published frontier."""
    exact = row.get("ratio_exact")
    if not isinstance(exact, str):
        return False
    try:
        r = Fraction(exact)
    except (ValueError, ZeroDivisionError):
        return True                  # not a ratio at all: never trusted
    return claims_record(r, row.get("reference_type"))
