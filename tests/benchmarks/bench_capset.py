"""Cap-set verifier benchmark (a script, not a test): ``python -m tests.benchmarks.bench_capset``.

Prints the wall-clock seconds of the primary and the second verifier, each run through the real
harness (own process, limits, witness re-checks) and in-process, on the largest allowed inputs:

* A: 20,000 distinct points in F_3^12: the bundled 12,544-point product cap followed by 7,456 further
  points, with a line planted among the last three points. (Any 20,000 points of F_3^12 contain
  lines far earlier than the planted one: a line-free prefix of 19,997 points would be a cap larger
  than any this project can construct, so the pair scan of the second verifier stops early here.)
* B: the same size in F_3^13 with the worst case for the pair scan: the only line of the set is
  formed by the last three points (a 19,997-point subset of the product cap 112 x 112 x 2 with the
  partners of the planted point removed, then a planted line at the end).
* C: 20,000 points of a cap in F_3^14 (valid; primary on its pair path for d > 13, full scan).
* D: the largest valid construction in the fixtures (12,544 points, F_3^12; full scans).
* E (issue 21): 12,544 distinct points of {0,1}^1000 ⊂ F_3^1000 (valid; the top of d > 40: both
  verifiers sketch to F_3^40 and scan every pair);
* F: E's first 12,543 points plus the third point of the last two (the only line, found last);
* G: d = 10^7 (the largest d): two points and the third point of their line, last;
* H: 12,544 points of {0,1}^2600 (valid; about 32.7 MB of JSON, near the 32 MiB answer limit).
Targets on a two-core machine: primary under 3 s, second under 30 s (the limit is 60 s per verifier);
for E-H at most about 20 s CPU each. ``python -m tests.benchmarks.bench_capset E F`` runs some cases only.
"""
from __future__ import annotations

import itertools
import random
import sys

from endless_exam import fixtures
from endless_exam.certificates.schemas import capset as schema
from endless_exam.checker.families import load as _load_primary
primary = _load_primary("capset")
from endless_exam.crosscheck.families import load as _load_second
second = _load_second("capset")
from tests.benchmarks.common import binary_points, measure, print_table


def _neg_sum(x: str, y: str) -> str:
    return "".join(str((-(int(a) + int(b))) % 3) for a, b in zip(x, y))


def _fixture_points(d: int) -> list[str]:
    doc = fixtures.read_json("constructions", "capset", f"d{d}.json")
    return list(schema.parse(doc["answer"], {"d": d}).points)


def case_a() -> tuple[list[str], int]:
    rng = random.Random(12)
    cap = _fixture_points(12)
    have = set(cap)
    extra: list[str] = []
    while len(cap) + len(extra) < 19_999:
        p = "".join(rng.choice("012") for _ in range(12))
        if p not in have:
            have.add(p)
            extra.append(p)
    x, y = extra[-2], extra[-1]
    z = _neg_sum(x, y)
    if z in have:
        raise SystemExit("unlucky seed: planted point already present")
    return cap + extra + [z], 12


def case_b() -> tuple[list[str], int]:
    cap6 = _fixture_points(6)
    cap = ["".join(t) for t in itertools.product(cap6, cap6, ["0", "1"])]    # 25,088-point cap in F_3^13
    rng = random.Random(13)
    rng.shuffle(cap)
    x, y = cap[-1], cap[-2]
    z = _neg_sum(x, y)
    members = set(cap)
    removed = set()
    for c in cap[:-2]:                      # remove one point of every other pair completing a line with z
        if c in removed:
            continue
        partner = _neg_sum(z, c)
        if partner in members and partner not in removed and partner not in (x, y) and partner != c:
            removed.add(c)
    body = [c for c in cap[:-2] if c not in removed][:19_997]
    return body + [y, x, z], 13


def case_c() -> tuple[list[str], int]:
    cap6 = _fixture_points(6)
    pts = ["".join(t) for t in itertools.product(cap6, cap6, ["00", "01", "10", "11"])]
    random.Random(14).shuffle(pts)
    return pts[:20_000], 14


def case_d() -> tuple[list[str], int]:
    return _fixture_points(12), 12


def _neg_sum_fast(x: str, y: str) -> str:
    import numpy as np
    a = np.frombuffer(x.encode(), dtype=np.uint8) - 48
    b = np.frombuffer(y.encode(), dtype=np.uint8) - 48
    return ((6 - a - b) % 3 + 48).astype(np.uint8).tobytes().decode("ascii")


def case_e() -> tuple[list[str], int]:
    return binary_points(12_544, 1000, 21), 1000


def case_f() -> tuple[list[str], int]:
    pts = binary_points(12_544, 1000, 21)[:12_543]
    return pts[:-1] + [pts[-1], _neg_sum_fast(pts[-2], pts[-1])], 1000


def case_g() -> tuple[list[str], int]:
    pts = binary_points(2, 10 ** 7, 22)
    return pts + [_neg_sum_fast(pts[0], pts[1])], 10 ** 7


def case_h() -> tuple[list[str], int]:
    return binary_points(12_544, 2600, 23), 2600


CASES = (("A 20,000 pts F_3^12, planted line at end", case_a),
         ("B 20,000 pts F_3^13, only line = last three", case_b),
         ("C 20,000-pt cap F_3^14 (valid)", case_c),
         ("D largest fixture 12,544 pts F_3^12 (valid)", case_d),
         ("E 12,544 pts {0,1}^1000 (valid)", case_e),
         ("F E with the only line last", case_f),
         ("G d = 10^7, 3 points, line", case_g),
         ("H 12,544 pts {0,1}^2600 (valid)", case_h))


def main() -> int:
    rows = []
    wanted = set(sys.argv[1:])
    for name, build in CASES:
        if wanted and name.split()[0] not in wanted:
            continue
        points, d = build()
        rows.append(measure("capset", primary, second, name, {"d": d}, points))
    print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
