"""Worst admitted apfree_q inputs per verifier path (issue 31), for ``tests/benchmarks/worst_cases.py``.

The schema's bounds: at most 20,000 points while q^n <= 2^24 (tables, Fourier count or pair scans),
at most 12,544 beyond (both verifiers sketch and scan every pair). Per path the costliest admitted input
(built by ``bench_apfree_q``):
* the largest table, valid at the point cap: 20,000 points of {0,1}^15 in F_3^15 (D: every pair scanned);
* the primary's pair path: 20,000 random points of F_7^7 (C; the transform would be 7^8 cells);
* the Fourier path: 20,000 random points of F_5^7 (A);
* q = 7 at its largest table: {0,1,3}^8 in F_7^8 and the only progression last (E);
* the sketched path at its cap: 12,544 points of {0,1}^1000 in F_7^1000 (G, valid), the progression last
  (H), and {0,1}^2600 in F_5^2600 (J, near the 32 MiB answer limit).
``python -m tests.benchmarks.worst_apfree_q [NAME-PREFIX ...]`` runs them in-process.
"""
from __future__ import annotations

import sys


def cases() -> list[dict]:
    from tests.benchmarks import bench_apfree_q as b

    out = []
    for name, path, expect, build, q, n in (
            ("D 20,000 pts {0,1}^15 F_3^15", "largest table, valid at the point cap: every pair", "ACCEPT", b.case_d, 3, 15),
            ("C 20,000 random pts F_7^7", "primary's pair path (no transform)", "REJECT", b.case_c, 7, 7),
            ("A 20,000 random pts F_5^7", "primary's Fourier count", "REJECT", b.case_a, 5, 7),
            ("E 6,562 pts F_7^8, progression last", "the only progression in the last rows", "REJECT", b.case_e, 7, 8),
            ("G 12,544 pts {0,1}^1000 F_7^1000", "sketched path at its cap, valid", "ACCEPT", b.case_g, 7, 1000),
            ("H G with a progression last", "sketched path, found last", "REJECT", b.case_h, 7, 1000),
            ("J 12,544 pts {0,1}^2600 F_5^2600", "sketched path at the answer-size limit", "ACCEPT", b.case_j, 5, 2600)):
        out.append({"name": name, "path": path, "expect": expect, "params": {"q": q, "n": n},
                    "answer": (lambda build=build: build()[0])})
    return out


if __name__ == "__main__":
    from tests.benchmarks import worst_cases      # the shared runner; an argument selects cases by name

    sys.exit(worst_cases.main(["apfree_q", *(["--case", sys.argv[1]] if len(sys.argv) > 1 else [])]))
