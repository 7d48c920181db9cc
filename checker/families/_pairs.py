"""Same-group pairs in growing chunks (a helper of the primary's pair scans, not a family).

The positions 0..N-1 of a sorted array fall into contiguous groups (rows of a grid, residue classes);
``later_in_group`` gives, for every position, how many positions after it lie in its group, and
``pair_chunks`` yields every unordered pair (i, j), i < j, of one group, in the order (i, then j),
in chunks whose sizes grow geometrically from ``first`` to ``most`` pairs. A scan that stops at the
first chunk with a hit therefore finds a hit among the first pairs after a few thousand pairs, while a
full scan still works in large vectorised steps; the order of the pairs, and so the first hit, does not
depend on the chunk sizes.
"""
from __future__ import annotations

from typing import Iterator

import numpy as np


def later_in_group(group: np.ndarray) -> np.ndarray:
    """For group labels that are contiguous (equal labels adjacent): per position, the number of later
    positions with the same label (int64)."""
    size = len(group)
    if size == 0:
        return np.zeros(0, dtype=np.int64)
    change = np.flatnonzero(group[1:] != group[:-1]) + 1
    starts = np.concatenate(([0], change)).astype(np.int64)
    sizes = np.diff(np.concatenate((starts, [size]))).astype(np.int64)
    row_of = np.repeat(np.arange(len(starts)), sizes)
    pos_in_row = np.arange(size, dtype=np.int64) - starts[row_of]
    return sizes[row_of] - 1 - pos_in_row


def pair_count(later: np.ndarray) -> int:
    """The number of unordered same-group pairs."""
    return int(later.sum())


def _pairs(later: np.ndarray, lo: int, hi: int) -> tuple[np.ndarray, np.ndarray]:
    """The pairs (i, j), i < j, of one group, for first members i in lo..hi-1."""
    idx = np.arange(lo, hi, dtype=np.int64)
    part = later[lo:hi]
    total = int(part.sum())
    first = np.repeat(idx, part)
    base = np.cumsum(part) - part
    step = np.arange(total, dtype=np.int64) - np.repeat(base, part)
    return first, first + 1 + step


def pair_chunks(later: np.ndarray, first: int, most: int) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """Every same-group pair (i, j), i < j, in the order (i, then j), in chunks of about ``first``,
    2 ``first``, 4 ``first``, ... pairs, at most ``most`` (a first member whose own pairs exceed the
    chunk makes a chunk alone). Empty chunks are not yielded."""
    cum = np.cumsum(later)
    size = len(later)
    chunk = max(1, min(first, most))
    lo = 0
    while lo < size:
        done = int(cum[lo - 1]) if lo else 0
        hi = int(np.searchsorted(cum, done + chunk, side="right"))
        hi = max(hi, lo + 1)
        chunk = min(2 * chunk, max(1, most))
        i, j = _pairs(later, lo, hi)
        lo = hi
        if len(i):
            yield i, j
