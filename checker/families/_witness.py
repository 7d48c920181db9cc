"""The shape check that starts the primary's re-check of an indexed witness (a helper, not a family).

A DUPLICATE or PROPERTY_VIOLATION witness of the second verifier names positions of the parsed answer
in ``indices``; what the positions must satisfy is each family's own check.
"""
from __future__ import annotations

from typing import Any


def witness_indices(witness: Any, size: int) -> tuple[list[int] | None, str]:
    """The ``indices`` of a witness if it is an object whose indices are distinct positions of an answer
    of ``size`` items, else None and the reason."""
    if not isinstance(witness, dict) or type(witness.get("indices")) is not list:
        return None, "witness has no index list"
    idx = witness["indices"]
    if not all(type(t) is int and 0 <= t < size for t in idx) or len(set(idx)) != len(idx):
        return None, "witness indices are not distinct indices of the answer"
    return idx, "indices checked"
