"""Degree-diameter verifier benchmark (a script, not a test): ``python -m tests.benchmarks.bench_degdiam``.

Prints the wall-clock seconds of the primary and the second verifier, in-process and through the
real harness (own processes, limits, witness re-checks), at the largest allowed inputs:

* A: the circulant graph on 4,000 vertices with jumps 1..9 and 80: degree 20 (the largest allowed d),
  40,000 edges (the edge limit), diameter 27; checked with d = 20, k = 27 (valid).
* B: the same graph with k = 26: pairs at distance k + 1 = 27.
* C: the worst case for per-source searches: a circulant on 3,998 vertices with a pendant path
  a - 3998 - 3999 attached at a vertex a whose far vertices have the largest labels, checked with k
  one below the diameter: only pairs with vertex 3999 are too far, so a search that goes through the
  sources in order meets the first violation near the end.
* D: the same circulant as A as a Cayley form {"moduli": [4000], "generators": [[1], ..., [80]]}
  (valid), and E with k = 26.
* F: the largest bundled construction.
* G: the worst case of the k domain (issue 21): a path on 4,000 vertices with a star of degree 20 at
  vertex 0 (diameter 3,979), checked with d = 20, k = 500 (the largest k): the primary runs all 500
  levels with a neighbour table of width 20; H: the circulant on 4,000 vertices with jumps 1..10
  (degree 20, diameter 200), valid at k = 200 (every source needs 200 levels in the second); I: the
  circulant with jumps 1 and 84 (diameter 49), valid at k = 49, the public release's kind of input.
Targets on a two-core machine: primary under 3 s, second under 30 s (the limit is 60 s per verifier).
"""
from __future__ import annotations

import sys

import numpy as np

from endless_exam import fixtures
from endless_exam.checker.families import load as _load_primary
from endless_exam.checker.families import degdiam as primary_mod
from endless_exam.crosscheck.families import load as _load_second
from tests.common import degdiam_graphs as g
from tests.benchmarks.common import measure, print_table

primary = _load_primary("degdiam")
second = _load_second("degdiam")
JUMPS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 80]


def diameter(edges: list[list[int]], V: int, limit: int = 64) -> int:
    arr = np.array(edges, dtype=np.int64)
    indptr, indices = primary_mod.csr(V, arr)
    table = primary_mod.padded_table(V, indptr, indices, int(np.diff(indptr).max()))
    for k in range(1, limit):
        if primary_mod.first_far_pair(V, table, k) is None:
            return k
    raise SystemExit("diameter above the search limit")


def late_case() -> tuple[list[list[int]], int]:
    base = g.circulant(3998, JUMPS[:-1] + [80])
    a = 1501                                             # its antipodes (distance ~ diameter) are near 3500
    base = [e for e in base if e != [a, a + 1]]          # keep the degree of a at 20
    edges = base + [[a, 3998], [3998, 3999]]
    return edges, diameter(edges, 4000) - 1


def main() -> int:
    rows = []
    a = g.circulant(4000, JUMPS)
    diam = diameter(a, 4000)
    rows.append(measure("degdiam", primary, second, f"A circulant 4000, d=20, k={diam} (valid)", {"d": 20, "k": diam}, a))
    rows.append(measure("degdiam", primary, second, f"B same, k={diam - 1} (pair at k+1)", {"d": 20, "k": diam - 1}, a))
    c, kc = late_case()
    rows.append(measure("degdiam", primary, second, f"C pendant path, k={kc} (late violation)", {"d": 20, "k": kc}, c))
    form = {"cayley": {"moduli": [4000], "generators": [[j] for j in JUMPS]}}
    rows.append(measure("degdiam", primary, second, f"D Cayley Z_4000, k={diam} (valid)", {"d": 20, "k": diam}, form))
    rows.append(measure("degdiam", primary, second, f"E Cayley Z_4000, k={diam - 1}", {"d": 20, "k": diam - 1}, form))
    # the k domain (1..500, issue 21): large diameters at V = 4,000
    path_star = [[i, i + 1] for i in range(3999)] + [[0, j] for j in range(2, 21)]
    rows.append(measure("degdiam", primary, second, "G path + degree-20 star, k=500 (worst case of the k domain)",
                        {"d": 20, "k": 500}, path_star))
    thick = g.circulant(4000, list(range(1, 11)))
    rows.append(measure("degdiam", primary, second, "H circulant 4000 jumps 1..10, k=200 (valid)", {"d": 20, "k": 200}, thick))
    rows.append(measure("degdiam", primary, second, "I circulant 4000 jumps 1, 84, k=49 (valid)", {"d": 4, "k": 49},
                        g.circulant(4000, [1, 84])))
    docs = list(fixtures.list_json("constructions", "degdiam"))
    if docs:
        def order(doc):
            ans = doc["answer"]
            return max(v for _, v in ans) + 1 if isinstance(ans, list) else np.prod(ans["cayley"]["moduli"])
        name, doc = max(docs, key=lambda nd: order(nd[1]))
        rows.append(measure("degdiam", primary, second, f"F fixture {name}", doc["params"], doc["answer"]))
    print_table(rows, size_label="edges")
    return 0


if __name__ == "__main__":
    sys.exit(main())
