"""The first repeated item of an answer, the one duplicate witness every primary family reports.

"First" means: the pair (i, j), i < j, whose second position j is the smallest index of the answer that
repeats an earlier item, with i the first occurrence of that item. A family encodes its items as keys
(equal items, equal keys; distinct items, distinct keys: that encoding stays in the family module) and
asks ``first_duplicate``; families whose items are strings ask ``first_repeat``.

Why ``first_duplicate`` finds that pair: in a stable sort of the keys, equal keys stand in increasing
position order, so each index j that repeats an earlier key stands right after the previous occurrence of
its key. The smallest such j is the second occurrence of its key (a third occurrence would have the
second before it), so its neighbour in the sorted order is the first occurrence.

Libraries: numpy, imported by ``first_duplicate`` when it is called (an unstable sort to rule out
duplicates quickly, a stable argsort only when there are).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Hashable, Sequence

if TYPE_CHECKING:
    import numpy as np


def first_duplicate(keys: np.ndarray, sorted_keys: np.ndarray | None = None) -> tuple[int, int] | None:
    """(first occurrence, earliest repeat) of equal ``keys``, or None when all keys differ. ``sorted_keys``
    is ``np.sort(keys)`` if the caller has it already."""
    import numpy as np
    if len(keys) < 2:
        return None
    sk = np.sort(keys) if sorted_keys is None else sorted_keys
    if not bool((sk[1:] == sk[:-1]).any()):
        return None
    order = np.argsort(keys, kind="stable")
    stable = keys[order]
    same = np.nonzero(stable[1:] == stable[:-1])[0]
    seconds = order[same + 1]
    t = int(np.argmin(seconds))
    return int(order[same[t]]), int(seconds[t])


def first_repeat(items: Sequence[Hashable]) -> tuple[int, int] | None:
    """The same pair for hashable items, by one pass with a dict of the positions seen."""
    seen: dict = {}
    for j, item in enumerate(items):
        if item in seen:
            return seen[item], j
        seen[item] = j
    return None


def confirm_duplicate(items: Sequence, indices: Sequence[int], what: str = "points") -> tuple[bool, str]:
    """The primary's check of a duplicate witness: are the two indexed items equal?"""
    i, j = indices
    ok = items[i] == items[j]
    return ok, "duplicate confirmed" if ok else f"the two indexed {what} differ"
