"""The shape check that starts the second verifier's re-check of an indexed witness (not a family).

A DUPLICATE or PROPERTY_VIOLATION witness of the primary names positions of the parsed answer in
``indices``; what the positions must satisfy is each family's own plain-Python check.
"""
from __future__ import annotations

from typing import Any


def witness_indices(witness: Any, size: int) -> tuple[list[int] | None, str]:
    """The ``indices`` of a witness object if they are distinct positions of an answer of ``size`` items,
    else None and what is wrong with the witness."""
    if not isinstance(witness, dict):
        return None, "witness is not an object"
    idx = witness.get("indices")
    if type(idx) is not list or not all(type(t) is int for t in idx):
        return None, "witness has no integer index list"
    if any(t < 0 or t >= size for t in idx) or len(set(idx)) != len(idx):
        return None, "witness indices are not distinct indices of the answer"
    return idx, "indices checked"
