"""Why a saved progress header is not this run's: the fields that differ, named for the user."""
from __future__ import annotations

from typing import Any

_WHAT = {"answers_sha256": "the answers (their SHA-256)", "track": "the track", "suite": "the suite",
         "checker": "the checker version", "code": "the installed checker code (its fingerprint)",
         "time_limit": "the time limit", "memory_limit": "the memory limit", "formal": "the formal check",
         "subset": "the subset of calls (--only / --limit)", "progress_format": "the progress file format"}


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 24 else text[:20] + "...'"


def header_difference(saved: Any, current: dict) -> str:
    """A phrase naming what differs between a saved header and this run's, e.g. "the installed checker
    code (its fingerprint) differs: saved '3f2a...', now 'c81b...'"."""
    if not isinstance(saved, dict):
        return "its first line is not a progress header"
    fields = [k for k in (*current, *(k for k in saved if k not in current)) if saved.get(k) != current.get(k)]
    parts = [f"{_WHAT.get(k, repr(k))} differs: saved {_short(saved.get(k))}, now {_short(current.get(k))}"
             for k in fields[:3]]
    if len(fields) > 3:
        parts.append(f"and {len(fields) - 3} more field(s)")
    return "; ".join(parts) or "the header differs"
