"""Issue 31: the kakeya parameter bounds and the verifiers' paths follow one cost model.

* The primary's costliest path is the line count, (|K| n + q^n) per direction for every direction the
  candidate lines leave open: at most D q^n (n + 1) for D directions and |K| <= q^n. Every admitted
  (q, n) keeps that within 2^32 (F_2^14: 4.03e9), and the direction bound is what keeps F_2^15 (1.7e10)
  out: for q >= 3 the work bound q^(2n-1) <= 2^29 binds first.
* The second decides q = 2 by an autocorrelation (Walsh-Hadamard, O(n 2^n) whatever the number of
  directions); it agrees with its shifted-window path and the definition, and rejects where it must.
"""
from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from endless_exam.certificates.errors import ParamsError
from endless_exam.certificates.schemas import kakeya as schema
from endless_exam.certificates.verdict import Status
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import kakeya as second_mod
from endless_exam.crosscheck.families import load as _load_second

primary = _load_primary("kakeya")
second = _load_second("kakeya")
PRIMARY_BUDGET = 2 ** 32


def _admitted(q: int, n: int) -> bool:
    try:
        schema.validate_params({"q": q, "n": n})
        return True
    except ParamsError:
        return False


def test_every_admitted_instance_is_within_the_primary_count_budget():
    primes = [p for p in range(2, 1100) if schema.is_prime(p)]
    seen = 0
    for q in primes:
        for n in range(1, 21):
            if q ** n > schema.MAX_SPACE:
                break
            directions = (q ** n - 1) // (q - 1)
            cost = directions * q ** n * (n + 1)
            if _admitted(q, n):
                seen += 1
                assert cost <= PRIMARY_BUDGET, (q, n, cost)
            elif q == 2 and 2 ** (2 * n - 1) <= schema.MAX_WORK:
                assert cost > PRIMARY_BUDGET, (q, n)        # refused by the direction bound only: over budget
    assert _admitted(2, 14) and not _admitted(2, 15) and seen > 100
    assert _admitted(1048573, 1)


def test_walsh_hadamard_is_exact():
    rng = np.random.default_rng(3)
    for n in range(0, 8):
        f = rng.integers(-50, 50, size=1 << n).astype(np.int64)
        H = second_mod.walsh_hadamard(f)
        assert np.array_equal(second_mod.walsh_hadamard(H), f * (1 << n))
        want = [sum(int(f[a]) * (-1) ** bin(w & a).count("1") for a in range(1 << n)) for w in range(1 << n)]
        assert H.tolist() == want


def _first_missing_by_definition(points, n):
    members = set(points)
    for v in itertools.product((0, 1), repeat=n):
        if any(v) and not any(tuple(a ^ b for a, b in zip(p, v)) in members for p in points):
            return v
    return None


@pytest.mark.parametrize("seed", range(6))
def test_f2_autocorrelation_agrees_with_the_windows_and_the_definition(seed):
    rnd = random.Random(seed)
    for n in range(1, 8):
        space = list(itertools.product((0, 1), repeat=n))
        for _ in range(8):
            pts = tuple(rnd.sample(space, rnd.randint(1, len(space))))
            want = _first_missing_by_definition(pts, n)
            assert second_mod.f2_first_missing_direction(pts, n) == want
            assert second_mod.first_missing_direction(pts, 2, n) == want
            assert primary.module.first_uncovered(pts, 2, n) == want


def test_f2_path_rejects_and_accepts_through_check():
    """The split set of F_2^8 (31 points) is Kakeya; without the point (0,0,0,1, 0,0,0,0) the direction
    (0,0,0,1, 0,0,0,1) has no line; both verifiers agree and confirm each other."""
    pts = sorted({(0,) * 4 + b for b in itertools.product((0, 1), repeat=4)} |
                 {b + (0,) * 4 for b in itertools.product((0, 1), repeat=4)})
    params = {"q": 2, "n": 8}
    answer = [list(p) for p in pts]
    assert second.check(params, answer).status is primary.check(params, answer).status is Status.ACCEPT
    cut = [p for p in answer if p != [0, 0, 0, 1, 0, 0, 0, 0]]
    s, p = second.check(params, cut), primary.check(params, cut)
    assert s.witness == p.witness == {"direction": [0, 0, 0, 1, 0, 0, 0, 1]}
    assert primary.witness_holds(params, cut, s.witness)[0] and second.witness_holds(params, cut, p.witness)[0]
    assert not second.witness_holds(params, answer, {"direction": [0, 0, 0, 1, 0, 0, 0, 1]})[0]
