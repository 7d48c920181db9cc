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


def must_reverify(row: dict) -> bool:
    """True iff ``row`` (a saved progress row) claims a record or the published frontier."""
    exact = row.get("ratio_exact")
    if not isinstance(exact, str):
        return False
    try:
        r = Fraction(exact)
    except (ValueError, ZeroDivisionError):
        return True                  # not a ratio at all: never trusted
    return r > 1 or (r >= 1 and row.get("reference_type") == "published")
