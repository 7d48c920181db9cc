"""The duplicate verdict of the second verifier's point families (capset, apfree_q, corners, kakeya).

Not a family module (leading underscore). ``duplicate(items, shown)`` walks the answer once with a dict
of the positions seen: the first index j whose item occurred before at i gives the REJECT
``DUPLICATE`` with witness ``{"point": shown(item), "indices": [i, j]}``, the same pair as the primary's
``first_repeat`` / ``first_duplicate`` (the smallest repeating index and its first occurrence), found by
different code. Items must be hashable; plain Python only.
"""
from __future__ import annotations

from typing import Any, Callable, Hashable, Sequence

from endless_exam.certificates.verdict import Verdict, reject


def duplicate(items: Sequence[Hashable], shown: Callable[[Any], Any] = lambda item: item) -> Verdict | None:
    """The DUPLICATE rejection of the first repeated item, or None when all items differ."""
    seen: dict = {}
    for j, item in enumerate(items):
        if item in seen:
            point = shown(item)
            return reject("DUPLICATE", f"point {point} occurs at indices {seen[item]} and {j}",
                          {"point": point, "indices": [seen[item], j]})
        seen[item] = j
    return None
