"""Random linear sketches for the primary's wide answers (capset, apfree_q; numpy; not a family).

``linear_sketch(digits, q, k)`` is digits M mod q for a uniformly random M in F_q^(n x k), drawn per call
from numpy's generator seeded by the operating system: an (N, k) int64 array. The map is F_q-linear, so
any linear relation among points (three points summing to 0, a midpoint) holds among their sketches too;
a family scans the sketches for candidates and confirms each on the full points, so the draw changes
only which chance matches cost a confirmation, never a verdict or a witness. Computed in blocks of
``BLOCK`` columns (every partial sum is at most (q - 1)^2 n < 2^63 for n <= 10^7 and q <= 7).
"""
from __future__ import annotations

import numpy as np

BLOCK = 1024                        # columns of the answer multiplied per step (bounds the temporaries)


def linear_sketch(digits: np.ndarray, q: int, k: int) -> np.ndarray:
    rng = np.random.default_rng()
    rows, n = digits.shape
    acc = np.zeros((rows, k), dtype=np.int64)
    for c0 in range(0, n, BLOCK):
        c1 = min(n, c0 + BLOCK)
        acc += digits[:, c0:c1].astype(np.int64) @ rng.integers(0, q, size=(c1 - c0, k), dtype=np.int64)
    return acc % q
