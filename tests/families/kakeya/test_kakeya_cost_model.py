"""Issue 31: the kakeya parameter bounds and the verifiers' paths follow one cost model.

* The primary's costliest path is the line count, (|K| n + q^n) per direction for every direction the
  candidate lines leave open: at most D q^n (n + 1) for D directions and |K| <= q^n, and for q = 2 at
  most D - |K| + 1 directions are counted (a candidate base point covers |K| - 1 directions). Every
  admitted (q, n) keeps that within 2^32; F_2^15 does only with its point bound (2,048 points: 2.0e9;
  4.6e9 without it); for q >= 3 the work bound q^(2n-1) <= 2^29 binds before the direction bound.
* The second decides q = 2 by an autocorrelation (Walsh-Hadamard, O(n 2^n) whatever the number of
  directions); it agrees with its shifted-window path and the definition, and rejects where it must.
"""
from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from endless_exam.certificates.errors import AnswerError, ParamsError
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


def _primary_worst(q: int, n: int, most_points: int) -> int:
    """Units of the primary's line counts at most: D directions, |K| n + q^n per counted direction; for
    q = 2 the candidate lines through one base point a cover the |K| - 1 directions b - a, so at most
    D - |K| + 1 directions are counted (maximised over |K| <= most_points)."""
    D, space = (q ** n - 1) // (q - 1), q ** n
    if q != 2:
        return D * space * (n + 1)
    return max((D - m + 1) * (m * n + space) for m in range(1, most_points + 1, max(1, most_points // 4096)))


def test_every_admitted_instance_is_within_the_primary_count_budget():
    primes = [p for p in range(2, 1100) if schema.is_prime(p)]
    seen = 0
    for q in primes:
        for n in range(1, 21):
            if q ** n > schema.MAX_SPACE:
                break
            if not _admitted(q, n):
                continue
            seen += 1
            directions = (q ** n - 1) // (q - 1)
            cap = q ** n if directions <= schema.WIDE_DIRECTIONS else schema.MAX_WIDE_POINTS
            assert _primary_worst(q, n, cap) <= PRIMARY_BUDGET, (q, n)
    assert _admitted(2, 15) and not _admitted(2, 16) and seen > 100 and _admitted(1048573, 1)
    # without the point bound F_2^15 would reach 4.6e9 (the hyperplane plus one point, 16,385 points)
    assert _primary_worst(2, 15, 2 ** 15) > PRIMARY_BUDGET


def test_the_point_bound_of_f2_15_refuses_from_the_length():
    pts = [[(x >> (14 - c)) & 1 for c in range(15)] for x in range(schema.MAX_WIDE_POINTS + 1)]
    with pytest.raises(AnswerError) as info:
        schema.parse(pts, {"q": 2, "n": 15})
    assert info.value.reason == "SIZE_LIMIT" and "2,048" in info.value.message
    assert len(schema.parse(pts[:-1], {"q": 2, "n": 15}).points) == schema.MAX_WIDE_POINTS
    assert len(schema.parse([p[1:] for p in pts], {"q": 2, "n": 14}).points) == schema.MAX_WIDE_POINTS + 1   # F_2^14: none


def test_primary_counts_at_most_the_directions_the_candidates_leave(monkeypatch):
    """q = 2: every direction counted is one that no candidate line covered: at most D - |K| + 1."""
    counted = [0]
    covered = primary.module.covered

    def counting(arr, q, dirs, pivot):
        counted[0] += len(dirs)
        return covered(arr, q, dirs, pivot)

    monkeypatch.setattr(primary.module, "covered", counting)
    rnd = random.Random(4)
    for n, m in ((10, 60), (11, 300), (12, 900)):
        pts = sorted({tuple(rnd.randrange(2) for _ in range(n)) for _ in range(m)})
        counted[0] = 0
        primary.module.first_uncovered(tuple(pts), 2, n, candidates=True)
        assert counted[0] <= (2 ** n - 1) - len(pts) + 1


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
