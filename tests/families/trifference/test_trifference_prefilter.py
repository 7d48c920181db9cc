"""The second verifier's numpy direction pre-filter for ``linear_code`` (issue 20): it only certifies directions
that pass the exact plain-Python check, and the verdict and witness are those of the unfiltered loop."""
from __future__ import annotations

from endless_exam import crosscheck  # noqa: F401  (first: sets SYMPY_GROUND_TYPES=python before anything imports sympy)

import random

import pytest

from endless_exam.crosscheck.families import _trifference_prefilter as prefilter
from endless_exam.crosscheck.families import trifference as second


def _exact(basis, n, m, u) -> bool:
    p = next(i for i, x in enumerate(u) if x)
    msg = (sum(1 << i for i, x in enumerate(u) if x == 1), sum(1 << i for i, x in enumerate(u) if x == 2))
    c = second._combination(msg, basis)
    return second._restriction_passes(basis, p, ((1 << n) - 1) & ~(c[0] | c[1]), m)


@pytest.mark.parametrize("seed", range(4))
def test_prefilter_only_certifies_passing_directions(seed, monkeypatch):
    rnd = random.Random(seed)
    verdicts = set()
    for trial in range(40):
        k = rnd.choice([2, 3, 4, 5, 6])
        n = rnd.choice([k + 1, 8, 12, 20, 40, 90])
        m = rnd.choice([1, 2, 3])
        rows = ["".join(rnd.choice("012") for _ in range(n)) for _ in range(k)]
        basis = second._basis(tuple(rows), n)
        if len(basis) < 2:
            continue
        dirs = prefilter.directions(len(basis))
        for row, ok in zip(dirs, prefilter.certified(basis, n, m, dirs)):
            if ok:
                assert _exact(basis, n, m, [int(x) for x in row]), (rows, m, row)
        monkeypatch.setattr(second, "PREFILTER_RANK", 99)
        plain = second._code_violation(basis, n, m)
        monkeypatch.setattr(second, "PREFILTER_RANK", 2)
        assert second._code_violation(basis, n, m) == plain
        verdicts.add(plain is None)
    assert verdicts == {True, False}


def test_prefilter_certifies_most_directions_of_a_random_code():
    rnd = random.Random(9)
    n = 200
    basis = second._basis(tuple("".join(rnd.choice("012") for _ in range(n)) for _ in range(7)), n)
    dirs = prefilter.directions(7)
    assert prefilter.certified(basis, n, 3, dirs).mean() > 0.9
