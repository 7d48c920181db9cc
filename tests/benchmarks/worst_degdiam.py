"""Worst admitted degdiam inputs per verifier path (issue 31), for ``tests/benchmarks/worst_cases.py``.

``cases()`` lists, for each path, the costliest input the schema admits (its bounds at their edge) and
the adversarial shapes of issue 31: the pendant vertex (admitted through the search per component, the
second's bit rows priced with that L), complete Cayley graphs over many small moduli, the Cayley search
that never fills (the index-2 subgroup: every element of a component expanded), the primary's dense and
sparse bounds at their edge (bench_degdiam U and L), the second's list-search top (bench_degdiam M) and
the densest graphs (bench_degdiam P). ``python -m tests.benchmarks.worst_degdiam [NAME-PREFIX ...]`` runs
them in-process.
"""
from __future__ import annotations

import itertools
import sys

import numpy as np

from tests.common import degdiam_graphs as g

TWELVE = [2, 2, 2, 2, 2, 5, 5, 5, 1, 1, 1, 1]


def random_graph(V: int, E: int, seed: int) -> list[list[int]]:
    rng = np.random.default_rng(seed)
    iu = np.triu_indices(V, 1)
    keys = np.sort(rng.choice(len(iu[0]), size=E, replace=False))
    return np.stack([iu[0][keys], iu[1][keys]], 1).tolist()


def pendant(E: int) -> list[list[int]]:
    """Issue 31 case 1: a random graph on 0..3998 with E edges and the pendant edge [0, 3999]."""
    return random_graph(3999, E, 31) + [[0, 3999]]


def complete_cayley(moduli: list[int], first_digit_zero: bool = False) -> dict:
    elements = [list(e) for e in itertools.product(*[range(m) for m in moduli]) if any(e)]
    if first_digit_zero:
        elements = [e for e in elements if e[0] == 0]
    return {"cayley": {"moduli": moduli, "generators": elements}}


def wide_tail(n: int, layers: int, width: int) -> list[list[int]]:
    lay = [[n + i + j * layers for j in range(width)] for i in range(layers)]
    tail = [[n - 1, x] for x in lay[0]] + [sorted((a, b)) for i in range(layers - 1) for a in lay[i] for b in lay[i + 1]]
    return g.complete(n) + tail


def _dense_p() -> tuple[list[list[int]], int]:
    p = random_graph(4000, 2_000_000, 21)
    return p, int(np.bincount(np.array(p).reshape(-1)).max())


def cases() -> list[dict]:
    return [
        {"name": "pendant 580k (issue 31 case 1)", "params": {"d": 10_000, "k": 4000}, "expect": "ACCEPT",
         "path": "second: bit rows priced with the admitted L = 2e + 1 (the min-degree bound gives 4,000 levels)",
         "answer": lambda: pendant(579_999)},
        {"name": "pendant 2M", "params": {"d": 10_000, "k": 4000}, "expect": "ACCEPT",
         "path": "second: bit rows at the densest edge count (the pendant vertex at distance 3: bottom-up third levels)",
         "answer": lambda: pendant(2_000_000)},
        {"name": "cayley K4000 12 moduli (issue 31 case 2)", "params": {"d": 3999, "k": 2}, "expect": "ACCEPT",
         "path": "second: Cayley search from the identity, stops once full; primary: V x 3,999 neighbour table",
         "answer": lambda: complete_cayley(TWELVE)},
        {"name": "cayley K4000 [4000]", "params": {"d": 3999, "k": 2}, "expect": "ACCEPT",
         "path": "as above, one modulus", "answer": lambda: complete_cayley([4000])},
        {"name": "cayley index-2 subgroup 12 moduli", "params": {"d": 3999, "k": 3}, "expect": "REJECT",
         "path": "second: the search never fills (2,000 x 1,999 pairs, twice with the distance search)",
         "answer": lambda: complete_cayley(TWELVE, first_digit_zero=True)},
        {"name": "U K2000 + tail width 6, k=74", "params": {"d": 2005, "k": 74}, "expect": "REJECT",
         "path": "primary: every level dense, at its work bound", "answer": lambda: wide_tail(2000, 333, 6)},
        {"name": "L core 2000 deg 100 + path 2000, k=4000", "params": {"d": 101, "k": 4000}, "expect": "ACCEPT",
         "path": "primary: sparse levels at 24 E V just under its bound",
         "answer": lambda: g.circulant(2000, list(range(1, 51))) + [[1999 + i, 2000 + i] for i in range(2000)]},
        {"name": "M circulant 4000 jumps 1..60, k=2000", "params": {"d": 120, "k": 2000}, "expect": "ACCEPT",
         "path": "second: adjacency-list search near its top; admitted by the search per component",
         "answer": lambda: g.circulant(4000, list(range(1, 61)))},
        {"name": "P random 4000, 2,000,000 edges, k=2", "params": {"d": 4000, "k": 2}, "expect": "ACCEPT",
         "path": "densest answers: primary table levels, second bit rows", "answer": lambda: _dense_p()[0]},
    ]


if __name__ == "__main__":
    from tests.benchmarks import worst_cases      # the shared runner; an argument selects cases by name

    sys.exit(worst_cases.main(["degdiam", *(["--case", sys.argv[1]] if len(sys.argv) > 1 else [])]))
