"""Worst admitted capset inputs per verifier path (issue 31), for ``tests/benchmarks/worst_cases.py``.

The schema's bounds: at most ``MAX_POINTS`` = 20,000 points for d <= 40 (base-3 keys), at most
``WIDE_MAX_POINTS`` = 12,544 for d > 40 (both verifiers sketch and scan every pair), d <= 10^7, a product
form <= 2^25 characters. Per path the costliest admitted input (built by ``bench_capset``):
* dense keys, pair scan to the end: 20,000 points of F_3^13 whose only line is the last three points (B);
* dense keys, valid at the point cap: 20,000 points of a cap in F_3^14 (C);
* wide (sketched) path at its cap: 12,544 points of {0,1}^1000 (E, valid), the only line last (F), and
  {0,1}^2600 (H, about 32.7 MB, near the answer limit);
* the largest d: 10^7 with three points forming a line (G).
``python -m tests.benchmarks.worst_capset [NAME-PREFIX ...]`` runs them in-process.
"""
from __future__ import annotations

import sys



def cases() -> list[dict]:
    from tests.benchmarks import bench_capset as b

    out = []
    for name, path, expect, build, d in (
            ("B 20,000 pts F_3^13, only line last", "dense keys: the second's pair scan to the end", "REJECT", b.case_b, 13),
            ("C 20,000-pt cap F_3^14", "dense keys at the point cap, valid: every pair", "ACCEPT", b.case_c, 14),
            ("E 12,544 pts {0,1}^1000", "wide path at its cap (sketches, every pair), valid", "ACCEPT", b.case_e, 1000),
            ("F E with the only line last", "wide path, the line found last", "REJECT", b.case_f, 1000),
            ("H 12,544 pts {0,1}^2600", "wide path at the 32 MiB answer limit", "ACCEPT", b.case_h, 2600),
            ("G d = 10^7, 3 points", "the largest d", "REJECT", b.case_g, 10 ** 7)):
        out.append({"name": name, "path": path, "expect": expect, "params": {"d": d},
                    "answer": (lambda build=build: build()[0])})
    return out


if __name__ == "__main__":
    from tests.benchmarks import worst_cases      # the shared runner; an argument selects cases by name

    sys.exit(worst_cases.main(["capset", *(["--case", sys.argv[1]] if len(sys.argv) > 1 else [])]))
