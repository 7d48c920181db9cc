"""Worst admitted lineq inputs per verifier path (issue 31), for ``tests/benchmarks/worst_cases.py``.

The schema's bounds: at most 20,000 elements, (a + b) n <= 10^7 for the primary's polynomial product,
n up to the sparse-membership domain of issue 21. Per path the costliest admitted input (built as in
``bench_lineq``):
* the largest product factors: a = 500, b = 499, n = 10^4 (two factors of degree about 5 * 10^6) with the
  ternary digits up to 10^4 (D2; with 512 elements the primary's chooser takes the pair scan, so this
  does NOT reach the product path's top: measured 0.00 s, a case that forces the product on many
  elements is still to be built);
* n = 10^6, a = b = 1: the 4,096-element ternary set (A, valid: everything examined) and the same with
  the completion of its last two elements appended last (B);
* 20,000 random elements of 1..10^6 (C);
* the sparse domain: 20,000 elements in one class mod 6 at n = 2 * 10^9 (G, valid: 2e8 class pairs for
  the primary, 4e8 candidates for the second), its solution last (H), and n = 10^12 (I).
``python -m tests.benchmarks.worst_lineq [NAME-PREFIX ...]`` runs them in-process.
"""
from __future__ import annotations

import random
import sys


def cases() -> list[dict]:
    from tests.benchmarks import bench_lineq as b

    def tern():
        return b._ternary(12)

    def completed():
        t = tern()
        return t + [2 * t[-1] - t[-2]]

    out = [
        {"name": "D2 a=500 b=499 n=10^4 ternary", "params": {"a": 500, "b": 499, "n": 10_000}, "expect": "ACCEPT",
         "path": "(a + b) n = 10^7, the largest factors; the chooser takes the pair scan (512 elements)",
         "answer": lambda: [v for v in b._ternary(9) if v <= 10_000]},
        {"name": "A ternary 4096 in 1..10^6", "params": {"a": 1, "b": 1, "n": 10 ** 6}, "expect": "ACCEPT",
         "path": "valid at the largest dense n: everything examined", "answer": tern},
        {"name": "B A + completion last", "params": {"a": 1, "b": 1, "n": 10 ** 6}, "expect": "REJECT",
         "path": "the only solution found at the end of the second's scan", "answer": completed},
        {"name": "C 20,000 random in 1..10^6", "params": {"a": 1, "b": 1, "n": 10 ** 6}, "expect": "REJECT",
         "path": "the list limit", "answer": lambda: random.Random(7).sample(range(1, 1_000_001), 20_000)},
    ]
    for key, expect, path in (("G", "ACCEPT", "sparse domain, valid: every class pair (primary), every candidate (second)"),
                              ("H", "REJECT", "sparse domain, the solution last"),
                              ("I", "ACCEPT", "n = 10^12, valid")):
        def answer(key=key):
            return next(a for name, _, a in b.wide_cases() if name.startswith(key))
        params = {"G": {"a": 1, "b": 2, "n": 2 * 10 ** 9}, "H": {"a": 1, "b": 2, "n": 2 * 10 ** 9},
                  "I": {"a": 1, "b": 1, "n": 10 ** 12}}[key]
        out.append({"name": f"{key} (bench_lineq)", "params": params, "expect": expect, "path": path, "answer": answer})
    return out


if __name__ == "__main__":
    from tests.benchmarks import worst_cases      # the shared runner; an argument selects cases by name

    sys.exit(worst_cases.main(["lineq", *(["--case", sys.argv[1]] if len(sys.argv) > 1 else [])]))
