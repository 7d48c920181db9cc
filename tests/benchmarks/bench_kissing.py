"""Spherical-code verifier benchmark (a script, not a test): ``python -m tests.benchmarks.bench_kissing``
runs the cases of both families; ``python -m tests.benchmarks.bench_kissing_theta`` only those of
``kissing_theta`` (A, B, G, H1); ``python -m tests.benchmarks.bench_kissing kissing`` only ``kissing``'s.

Prints the wall-clock seconds of the primary and the second verifier, in-process and through the real
harness (own processes, limits, witness re-checks), at the largest allowed inputs of ``kissing`` and
``kissing_theta``:

* A: 20,000 weight-8 vectors of {0,+-1}^16, kissing_theta cos100 = 90 (valid: every pair is scanned).
* B: 19,998 of them followed by (1^16) and (1^15, 0): the only violating pair is the last pair.
* C: kissing d = 16, 20,000 vectors: BW16 (4320) followed by 15,680 weight-8 vectors (a violation
  appears once the scan reaches the appended rows' partners; 60 degrees admits at most 7,320 vectors in
  d = 16, so no 20,000-vector kissing answer is valid).
* D: kissing d = 16, BW16 alone (4320 vectors, valid, full scan).
* E: quadratic_vectors d = 13: Lambda13 (906) followed by 19,094 further Z[sqrt 3] vectors (20,000).
* F: quadratic_vectors d = 13: Lambda13 (906, valid, full scan in Z[sqrt 3]).
* F2: quadratic_vectors d = 16: BW16 scaled by 1 + sqrt 3 (4320, valid; every coordinate irrational, the
  largest valid Z[sqrt 3] input the project has: more than 2064 vectors in d = 13 cannot be valid, so a
  20,000-vector quadratic answer always fails within the first rows of the scan, as E shows).
* G: an orbit (permutations only) expanding to exactly 20,000 vectors (kissing_theta d = 16, cos100 = 99).
* H: an orbit that would expand to 16! 2^16 vectors, and one whose union of three disjoint orbits is
  62,720: refused before allocation (EXPANSION_LIMIT).
Targets on a two-core machine: primary under 3 s, second under 30 s (the limit is 60 s per verifier).
"""
from __future__ import annotations

import random
import sys

from endless_exam import fixtures
from endless_exam.certificates.forms import orbit
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import load as _load_second
from tests.common.spherical_recipes import weight_vectors
from tests.benchmarks.common import measure, print_table


def exactly_20000_orbit() -> dict:
    """Generators of distinct classes (permutations only) whose orbit sizes add up to exactly 20,000."""
    import itertools

    sizes = {}
    for k in range(1, 7):
        for values in itertools.combinations_with_replacement((1, 2, 3), k):
            g = tuple(sorted(values, reverse=True)) + (0,) * (16 - k)
            sizes[g] = orbit.orbit_size(g, False, True)
    best: dict[int, list] = {0: []}
    for g, s in sorted(sizes.items()):
        for total, chosen in list(best.items()):
            if total + s <= 20_000 and total + s not in best:
                best[total + s] = chosen + [g]
    gens = best[20_000]
    if orbit.union_size(gens, False, True)[0] != 20_000:
        raise SystemExit("orbit construction failed")
    return {"orbit": [list(g) for g in gens], "signs": False}


def quadratic_mix() -> dict:
    lam = fixtures.read_json("constructions", "kissing", "d13_quadratic.json")["answer"]["quadratic_vectors"]["vectors"]
    rng = random.Random(13)
    extra = set()
    while len(extra) < 20_000 - len(lam):
        extra.add(tuple((rng.randint(-1000, 1000), rng.randint(-1000, 1000)) for _ in range(13)))
    return {"quadratic_vectors": {"radicand": 3, "vectors": lam + [[list(c) for c in v] for v in sorted(extra)]}}


def main(families: tuple[str, ...] = ("kissing", "kissing_theta")) -> int:
    theta, kiss = ("kissing_theta", _load_primary("kissing_theta"), _load_second("kissing_theta")), \
        ("kissing", _load_primary("kissing"), _load_second("kissing"))
    bw = fixtures.read_json("constructions", "kissing", "d16.json")["answer"]
    lam = fixtures.read_json("constructions", "kissing", "d13_quadratic.json")["answer"]
    w8 = weight_vectors(16, 8, 20_000)
    bw_set = {tuple(v) for v in bw}
    filler = [v for v in w8 if tuple(v) not in bw_set][:20_000 - len(bw)]
    q13 = {"d": 13, "representation": "quadratic"}
    cases = [
        (theta, "A 20,000 vectors d=16 cos100=90 (valid)", {"d": 16, "cos100": 90}, w8),
        (theta, "B 20,000 vectors, only violation = last pair", {"d": 16, "cos100": 90},
         weight_vectors(16, 8, 19_998) + [[1] * 16, [1] * 15 + [0]]),
        (kiss, "C kissing d=16: BW16 + 15,680 vectors", {"d": 16}, bw + filler),
        (kiss, "D kissing d=16: BW16 (valid)", {"d": 16}, bw),
        (kiss, "E quadratic d=13: 20,000 vectors", q13, quadratic_mix()),
        (kiss, "F quadratic d=13: Lambda13 906 (valid)", q13, lam),
        (kiss, "F2 quadratic d=16: (1+sqrt3) BW16 (valid)", {"d": 16, "representation": "quadratic"},
         {"quadratic_vectors": {"radicand": 3, "vectors": [[[x, x] for x in v] for v in bw]}}),
        (theta, "G orbit expanding to exactly 20,000", {"d": 16, "cos100": 99}, exactly_20000_orbit()),
        (theta, "H1 orbit of 16! 2^16 (refused)", {"d": 16, "cos100": 99}, {"orbit": [list(range(1, 17))]}),
        (kiss, "H2 union of orbits 62,720 (refused)", {"d": 16},
         {"orbit": [[1, 1, 1, 1] + [0] * 12, [2, 2, 2, 2] + [0] * 12, [0] * 13 + [3, 3, 3]]}),
    ]
    rows = []
    for (family, prim, sec), name, params, answer in cases:
        if family not in families:
            continue
        rows.append(measure(family, prim, sec, name, params, answer))
    print_table(rows, size_label="vectors")
    return 0


if __name__ == "__main__":
    sys.exit(main(tuple(sys.argv[1:]) or ("kissing", "kissing_theta")))
