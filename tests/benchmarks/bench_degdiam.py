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
The d and k domains 1..10,000 with the work bounds (issue 21): J: the path with the star at k = 3,999
(every level run: the primary's sparse levels); K: the circulant with jumps 1..50 (d = 100, 200,000
edges) at k = 2,000 (valid); L: the primary's costliest kind of input, a 2,000-vertex circulant core
of degree 100 with a 2,000-vertex path (102,000 edges, minimum degree 1, so L = k = 4,000 and
24 E V = 9.8e9, just under the bound), valid at k = 4,000; M: the second's costliest, the circulant
with jumps 1..60 (d = 120, 240,000 edges, V (V + 2E) = 1.94e9, just under its bound) at k = 2,000;
N: L at k = 2,000 (its diameter is about 2,020: the far pairs join the end of the path to the core);
O: C_4000 with k = 1,999 (every antipodal pair too far). K and M are over the cheap level bound at
k = 2,000 (the dense levels weigh 4 units a word since the dense graphs of issue 21) and admitted by
the schema's search per component (their diameters, 40 and 34, bound the levels).
Dense graphs (issue 21; the answers up to 32 MiB, written compactly for the harness): P: a random
graph on 4,000 vertices with 2,000,000 edges (diameter 2) at d = its maximum degree, k = 2 (valid);
Q: the same with vertex 3,998 isolated (disconnected); R: the complete graph on 2,234 vertices
(2,494,261 edges, 25 MB) at k = 1 (valid); S: two random halves of 2,000 vertices (p = 1/2) joined by a
perfect matching (diameter 3), valid at k = 3, and T at k = 2 (a pair at distance 3); U: the primary's
costliest dense kind, K_2000 with a tail of 333 layers of 6 vertices (2,010,958 edges, minimum degree
6, so L = k) at k = 74, the largest k its bound admits (every level dense; far pairs).
Issue 31: V: a random graph with 579,999 edges on 0..3998 and the pendant edge [0, 3999] at k = 4,000
(admitted through the search per component; the second prices its bit rows with that level bound);
W: the Cayley form of K_4000 over the moduli [2,2,2,2,2,5,5,5,1,1,1,1] (every non-zero element a
generator), X: the same over [4000] (the second's search from the identity stops once full).
``python -m tests.benchmarks.bench_degdiam P Q`` runs only the named cases.
Targets on a two-core machine: primary under 3 s, second under 30 s (the limit is 60 s per verifier);
for the dense cases both under 15 s of CPU.
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
    for k in range(1, limit):
        if primary_mod.first_far_pair(V, indptr, indices, k) is None:
            return k
    raise SystemExit("diameter above the search limit")


def late_case() -> tuple[list[list[int]], int]:
    base = g.circulant(3998, JUMPS[:-1] + [80])
    a = 1501                                             # its antipodes (distance ~ diameter) are near 3500
    base = [e for e in base if e != [a, a + 1]]          # keep the degree of a at 20
    edges = base + [[a, 3998], [3998, 3999]]
    return edges, diameter(edges, 4000) - 1


def random_dense(V: int, E: int, seed: int, offset: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    iu = np.triu_indices(V, 1)
    keys = np.sort(rng.choice(len(iu[0]), size=E, replace=False))
    return np.stack([iu[0][keys], iu[1][keys]], 1) + offset


def max_degree(edges: list[list[int]]) -> int:
    return int(np.bincount(np.array(edges, dtype=np.int64).reshape(-1)).max())


def wide_tail(n: int, layers: int, width: int) -> list[list[int]]:
    """K_n and a tail of ``layers`` layers of ``width`` vertices (layer i: n + i + j layers), each
    layer joined completely to the next, the first to vertex n - 1."""
    lay = [[n + i + j * layers for j in range(width)] for i in range(layers)]
    tail = [[n - 1, x] for x in lay[0]] + [sorted((a, b)) for i in range(layers - 1) for a in lay[i] for b in lay[i + 1]]
    return g.complete(n) + tail


def dense_rows(wanted) -> list:
    rows = []
    if wanted("P") or wanted("Q"):
        p = random_dense(4000, 2_000_000, 21).tolist()
        d = max_degree(p)
        if wanted("P"):
            rows.append(measure("degdiam", primary, second, f"P random 4000, 2,000,000 edges, d={d}, k=2 (valid)",
                                {"d": d, "k": 2}, p, compact=True))
        if wanted("Q"):
            q = [e for e in p if 3998 not in e]
            rows.append(measure("degdiam", primary, second, "Q as P, vertex 3998 isolated (disconnected)",
                                {"d": d, "k": 2}, q, compact=True))
    if wanted("R"):
        rows.append(measure("degdiam", primary, second, "R K_2234, 2,494,261 edges, d=2233, k=1 (valid)",
                            {"d": 2233, "k": 1}, g.complete(2234), compact=True))
    if wanted("S") or wanted("T"):
        halves = np.concatenate([random_dense(2000, 999_500, 3), random_dense(2000, 999_500, 4, 2000),
                                 np.stack([np.arange(2000), np.arange(2000, 4000)], 1)]).tolist()
        d = max_degree(halves)
        if wanted("S"):
            rows.append(measure("degdiam", primary, second, f"S two halves + matching, d={d}, k=3 (valid)",
                                {"d": d, "k": 3}, halves, compact=True))
        if wanted("T"):
            rows.append(measure("degdiam", primary, second, "T as S, k=2 (a pair at distance 3)",
                                {"d": d, "k": 2}, halves, compact=True))
    if wanted("U"):
        rows.append(measure("degdiam", primary, second, "U K_2000 + tail of width 6, k=74 (at the primary's bound)",
                            {"d": 2005, "k": 74}, wide_tail(2000, 333, 6), compact=True))
    # issue 31 (worst_degdiam.py builds them): V the pendant graph of case 1, W/X the complete Cayley forms of case 2
    from tests.benchmarks import worst_degdiam as worst
    if wanted("V"):
        rows.append(measure("degdiam", primary, second, "V random 579,999 edges + pendant [0, 3999], k=4000 (issue 31)",
                            {"d": 10_000, "k": 4000}, worst.pendant(579_999), compact=True))
    if wanted("W"):
        rows.append(measure("degdiam", primary, second, "W Cayley K_4000 over 12 moduli, k=2 (issue 31)",
                            {"d": 3999, "k": 2}, worst.complete_cayley(worst.TWELVE), compact=True))
    if wanted("X"):
        rows.append(measure("degdiam", primary, second, "X Cayley K_4000 over [4000], k=2 (issue 31)",
                            {"d": 3999, "k": 2}, worst.complete_cayley([4000]), compact=True))
    return rows


def main() -> int:
    only = set(sys.argv[1:])
    if only:
        rows = dense_rows(lambda name: name in only)
        print_table(rows, size_label="edges")
        return 0
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
    # the d and k domains 1..10,000 with the work bounds (issue 21)
    rows.append(measure("degdiam", primary, second, "J path + degree-20 star, k=3999 (valid)", {"d": 20, "k": 3999},
                        path_star))
    rows.append(measure("degdiam", primary, second, "K circulant 4000 jumps 1..50, d=100, k=2000 (valid)",
                        {"d": 100, "k": 2000}, g.circulant(4000, list(range(1, 51)))))
    core_path = g.circulant(2000, list(range(1, 51))) + [[1999 + i, 2000 + i] for i in range(2000)]
    rows.append(measure("degdiam", primary, second, "L core 2000 deg 100 + path 2000, k=4000 (valid, primary top)",
                        {"d": 101, "k": 4000}, core_path))
    rows.append(measure("degdiam", primary, second, "M circulant 4000 jumps 1..60, d=120, k=2000 (valid)",
                        {"d": 120, "k": 2000}, g.circulant(4000, list(range(1, 61)))))
    rows.append(measure("degdiam", primary, second, "N as L, k=2000 (far pairs at the path's end)",
                        {"d": 101, "k": 2000}, core_path))
    rows.append(measure("degdiam", primary, second, "O C_4000, k=1999 (antipodes too far)", {"d": 2, "k": 1999},
                        g.circulant(4000, [1])))
    rows.extend(dense_rows(lambda name: True))
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
