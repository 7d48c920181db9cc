"""Deterministic constructions of large sets free of a x + b y = (a + b) z (family ``lineq``).

Run ``python -m endless_exam.checker.constructions.lineq`` to regenerate ``fixtures/constructions/lineq/``
(about one to two minutes on two cores). Every set is re-checked by a plain pair scan before it is
written, and must reach the instance's reference size.

Notation: g = gcd(a, b), a' = a/g, b' = b/g, s = a' + b'. The non-trivial solutions are exactly the
triples x = z + b' t, y = z - a' t (t != 0) with x, y, z in the set (see
``endless_exam.crosscheck.families.lineq``), so a set is free iff it contains no such triple.

Methods (no method reads the clock; randomness comes only from ``random.Random(seed)``):

1. **Ternary digits** (a = b = 1). The integers 1 + sum d_i 3^i with digits d_i in {0, 1} are 3-AP
   free: if x + y = 2z, the digitwise sums x_i + y_i and 2 z_i are at most 2 < 3, so no carries occur
   and x_i + y_i = 2 z_i for every i, which forces x_i = y_i = z_i on {0, 1}. Written as the digit
   spec {"base": 3, "allowed": [0, 1], "length": L, "offset": 1}: the 1024-element set for n = 32000
   (L = 10) is stored in this compact form as ``a1b1n32000.json``.

2. **Greedy** in increasing order: an integer m in 1..n is added when no triple of the current set
   together with m is a solution. For a = b = 1 this is the Stanley sequence, i.e. method 1.

3. **Local search** from a start set, with a fixed seed and a fixed number of iterations. The search
   keeps, for every integer w outside the set, the number block[w] of pairs {u, v} of the set such that
   {u, v, w} is a solution triple (in any of the six role assignments; counts may be doubled when
   a' = b', which does not matter because only block[w] = 0 is tested). An iteration removes one or two
   random elements, then adds, in a random order, every integer whose block count is (still) 0; if the
   set became smaller the step is undone with probability 0.9. Every element added has block 0, so the
   set stays solution-free; the best set seen is kept.

For n = 32000 (a = b = 1) the local search does not improve the ternary set within minutes, and
blow-up products of smaller 3-AP-free sets (alpha + (2m - 1) beta) found by it stay below 1024, so the
fixture is the ternary set in its compact form.

The family's documented baseline (``endless-exam instance lineq --baseline``; registry ``baselines.py``):
``baseline(params, log)`` and ``domain(params)`` at the end of this module, the seeded greedy ``build_search``
(domain: n <= 1,000,000).
"""
from __future__ import annotations

import math
import sys
import time

import numpy as np

from . import _search, document, write_fixture
from ._baseline import Baseline, Log
from ._search import BlockedSet


class Search(BlockedSet):
    """A solution-free set inside 1..n with block counts for every integer outside it."""

    def __init__(self, a: int, b: int, n: int) -> None:
        super().__init__(n + 1)
        g = math.gcd(a, b)
        self.a, self.b, self.n = a // g, b // g, n
        self.s = self.a + self.b

    def thirds(self, e: int) -> np.ndarray:
        u = np.array([v for v in self.members if v != e], dtype=np.int64)
        a, b, s = self.a, self.b, self.s
        parts = []
        for num, den in ((a * e + b * u, s), (a * u + b * e, s), (s * u - a * e, b), (s * e - a * u, b),
                         (s * u - b * e, a), (s * e - b * u, a)):
            parts.append(num if den == 1 else num[num % den == 0] // den)
        w = np.concatenate(parts)
        return w[(w >= 1) & (w <= self.n)]

    def free(self) -> list[int]:
        cand = np.flatnonzero((self.block == 0) & ~self.member)
        return cand[cand >= 1].tolist()


def greedy(a: int, b: int, n: int) -> Search:
    st = Search(a, b, n)
    for m in range(1, n + 1):
        if st.block[m] == 0:
            st.add(m)
    return st


def local_search(st: Search, iterations: int, seed: int) -> list[int]:
    return _search.local_search(st, iterations, seed, undo=0.9)


def ternary(length: int) -> list[int]:
    out = [0]
    for i in range(length):
        out = out + [v + 3 ** i for v in out]
    return sorted(v + 1 for v in out)


def sanity_check(a: int, b: int, n: int, elements: list[int]) -> None:
    """Plain pair scan (x, y) -> z, independent of the search bookkeeping."""
    have = set(elements)
    if len(have) != len(elements) or not all(1 <= x <= n for x in elements):
        raise RuntimeError("construction has duplicates or values out of range")
    for x in elements:
        for y in elements:
            if x != y and (a * x + b * y) % (a + b) == 0 and (a * x + b * y) // (a + b) in have:
                raise RuntimeError(f"construction has the solution {x}, {y}")


# (a, b, n, reference, seeds (one restart each, the largest result is kept), iterations per restart)
SEARCHES = [
    (3, 4, 19044, 630, (1,), 20000),
    (2, 5, 18883, 609, (2,), 20000),
    (2, 3, 17965, 523, (3,), 20000),
    (3, 4, 13312, 512, (4,), 20000),
    (3, 4, 6248, 349, (5,), 20000),
    (1, 1, 300, 52, (0, 1, 2, 3, 4, 5), 20000),
    (1, 1, 2000, 165, (7, 8), 40000),
    (1, 1, 8000, 384, (9,), 40000),
]


def build_search(a: int, b: int, n: int, seeds: tuple[int, ...], iterations: int) -> tuple[list[int], str]:
    best: list[int] = []
    starts = []
    for seed in seeds:
        st = greedy(a, b, n)
        starts.append(len(st.members))
        found = local_search(st, iterations, seed)
        if len(found) > len(best):
            best = found
    method = (f"Greedy in increasing order ({starts[0]} elements), then local search (seeds {list(seeds)}, "
              f"{iterations} iterations each, largest result kept: remove 1-2 random elements, re-add every "
              "unblocked integer in random order, undo a shrinking step with probability 0.9; block counts of "
              "pairs keep the set solution-free); see checker/constructions/lineq.py, methods 2 and 3.")
    return best, method


def _write(name: str, params: dict, answer, objective: int, method: str) -> None:
    write_fixture(name, document("lineq", params, answer, objective, method))


# ---- the documented baseline and its domain (the registry is baselines.py) ------------------------------

LINEQ_MAX_N = 1_000_000      # lineq: the greedy search walks 1..n (the instance domain goes to 10^12)
LINEQ_ITERATIONS = 20_000
LINEQ_SEED = 1


def baseline(params: dict, log: Log) -> Baseline:
    a, b, n = params["a"], params["b"], params["n"]
    found, method = build_search(a, b, n, (LINEQ_SEED,), LINEQ_ITERATIONS)
    sanity_check(a, b, n, found)
    return Baseline(found, method, {"seeds": [LINEQ_SEED], "iterations": LINEQ_ITERATIONS})


def domain(params: dict) -> str | None:
    if params["n"] > LINEQ_MAX_N:
        return f"the lineq baseline (a greedy search over 1..n) needs n <= {LINEQ_MAX_N:,}"
    return None


def main(argv: list[str] | None = None) -> int:
    rows = []
    for a, b, n, ref, seeds, iterations in SEARCHES:
        t0 = time.perf_counter()
        best, method = build_search(a, b, n, seeds, iterations)
        sanity_check(a, b, n, best)
        if len(best) < ref:
            raise SystemExit(f"lineq ({a},{b},{n}): {len(best)} < reference {ref}")
        _write(f"a{a}b{b}n{n}.json", {"a": a, "b": b, "n": n}, best, len(best), method)
        rows.append((a, b, n, len(best), ref, time.perf_counter() - t0))
        print(f"lineq a={a} b={b} n={n}: {len(best)} (reference {ref})", flush=True)
    tern = ternary(10)
    sanity_check(1, 1, 32000, tern)
    _write("a1b1n32000.json", {"a": 1, "b": 1, "n": 32000},
           {"digits": {"base": 3, "allowed": [0, 1], "length": 10, "sum_squares": None, "offset": 1}},
           len(tern), "Ternary digit set 1 + sum d_i 3^i, d_i in {0, 1}, 10 digits (Salem-Spencer; equal to the "
           "greedy Stanley sequence), in the digit-spec compact form; see checker/constructions/lineq.py, "
           "method 1.")
    rows.append((1, 1, 32000, len(tern), 1024, 0.0))
    print("summary:")
    for a, b, n, size, ref, secs in rows:
        print(f"lineq a={a} b={b} n={n}: {size} (reference {ref}, ratio {size / ref:.4f}) in {secs:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
