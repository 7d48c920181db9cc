"""Worst admitted covering inputs per verifier path (issue 31), for ``tests.benchmarks.worst_cases``.

Domain (schema): 1 <= t <= k <= v <= 4e6, C(v, t) <= 1e8 t-subsets, at most 20,000 blocks and at most
2e8 block t-subsets. The costliest shapes are ``bench_covering``'s widened rows: C(v, t) near 1e8 with one
block (M, P), block t-subsets near 2e8 (N, R, T), k - t = 1 at the largest k (O, V), the largest v (U), and
the only uncovered subset last in both enumeration orders (Q, W).
"""
from __future__ import annotations

from tests.benchmarks import bench_covering as bc

EXPECT = {"M": "ACCEPT", "N": "ACCEPT", "O": "ACCEPT", "P": "ACCEPT", "Q": "REJECT", "R": "ACCEPT",
          "S": "REJECT", "T": "REJECT", "U": "ACCEPT", "V": "ACCEPT", "W": "REJECT"}
PATH = {"M": "C(v, t) = 7.8e7 t-subsets, one block", "N": "1.96e8 block t-subsets (work bound)",
        "O": "k - t = 1 at k = 20,000 (removed-point enumeration)", "P": "C(v, 2) = 9.8e7, one block",
        "Q": "1.96e8 block pairs, last pair open", "R": "1.94e8 block pairs (9,730 blocks)",
        "S": "C(v, 2) = 1e8 flags, two blocks", "T": "20,000 random blocks, 1.98e8 block triples",
        "U": "the largest v, t = 1", "V": "the largest k, k - t = 1", "W": "last subset open (lexicographic)"}


def cases() -> list[dict]:
    return [{"name": name, "path": PATH[name[0]], "params": params, "answer": make, "expect": EXPECT[name[0]]}
            for name, params, make in bc.widened_cases()]
