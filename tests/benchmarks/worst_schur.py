"""Worst admitted schur inputs per verifier path (issue 31), for ``tests.benchmarks.worst_cases``.

Domain (schema): 1 <= k <= 20,000, colourings of at most 200,000 integers; the verifiers' work depends on
the colour classes that occur (each bounded by its own members), not on k. The costliest shapes are those
of ``bench_schur``: valid colourings of the full length (every class scanned to the end) with few large
classes (A: 12 classes; C: one class of 100,000 odd numbers), many spread classes (B: 60; G: 19,998 at
k = 20,000), and the only violations at the very end (D, H).
"""
from __future__ import annotations

from tests.benchmarks import bench_schur as bs


def cases() -> list[dict]:
    out = []
    for name, path, build, expect in (
            ("A k=12 tripling, 200,000 (valid)", "few large classes, full scan", bs.case_a, "ACCEPT"),
            ("B k=64 60 spread classes, 200,000 (valid)", "many spread classes (the primary's worst k)", bs.case_b,
             "ACCEPT"),
            ("C k=18 2-adic valuation, 200,000 (valid)", "one class of 100,000 odd numbers", bs.case_c, "ACCEPT"),
            ("D k=12 only violations end at 200,000", "full scan, violation last", bs.case_d, "REJECT"),
            ("G k=20,000 19,998 sparse classes (valid)", "the top of k, pair-sum / set paths", bs.case_g, "ACCEPT"),
            ("H k=20,000 as G, violations end at 199,950", "the top of k, violation last", bs.case_h, "REJECT")):
        k = {"A": 12, "B": 64, "C": 18, "D": 12, "G": 20_000, "H": 20_000}[name[0]]
        out.append({"name": name, "path": path, "params": {"k": k},
                    "answer": (lambda build=build: build()[0]), "expect": expect})
    return out
