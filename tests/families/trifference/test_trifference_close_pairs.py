"""The close-pair first look of both trifference verifiers (issue 31: a list whose last word nearly repeats an
earlier one was rejected by the public release in 0.06 s and by ours after the whole cubic scan's setup).
``_triples.close_pair_violation`` (primary, BLAS products of one-hot matrices) and
``_trifference_scan.near_pair_violation`` (second, bit sets and the sum identity) only ever report a real
failing triple; None decides nothing. Compared here with brute force: they must find a planted near-duplicate
(REJECT), report only genuine triples, and stay silent on valid lists."""
from __future__ import annotations

from endless_exam import crosscheck  # noqa: F401  (first: sets SYMPY_GROUND_TYPES=python before anything imports sympy)

import random

import numpy as np
import pytest

from endless_exam.checker.families import _triples
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import _trifference_scan
from endless_exam.crosscheck.families import load as _load_second
from tests.families.trifference.test_trifference_scans import _t, _violation_exists

primary = _load_primary("trifference")
second = _load_second("trifference")


def _words(rnd, n, count):
    out: dict[str, None] = {}
    while len(out) < count:
        out.setdefault("".join(rnd.choice("012") for _ in range(n)), None)
    return list(out)


def _digits(words):
    return np.array([[int(c) for c in w] for w in words], np.uint8)


@pytest.mark.parametrize("seed", range(30))
def test_both_looks_report_only_real_triples_and_find_planted_ones(seed):
    rnd = random.Random(seed)
    n = rnd.choice([8, 12, 20, 40])
    words = _words(rnd, n, rnd.randrange(5, 40))
    m = rnd.randrange(1, 5)
    if seed % 2:                                    # plant a near-duplicate of an earlier word at the end
        x = words[rnd.randrange(len(words) - 1)]
        w = list(x)
        i = rnd.randrange(n)
        w[i] = str((int(w[i]) + 1) % 3)
        w = "".join(w)
        if w not in words:
            words[-1] = w
    exists = _violation_exists(words, m)
    for name, got in (("primary", _triples.close_pair_violation(_digits(words), m)),
                      ("second", _trifference_scan.near_pair_violation(tuple(words), n, m))):
        if got is not None:
            a, b, c = (words[t] for t in got)
            assert len({a, b, c}) == 3 and _t(a, b, c) < m, (name, seed)
        else:
            assert not exists or not (seed % 2 and m > 1), (name, seed, m)   # a planted pair at distance 1 fails for m >= 2
        if not exists:
            assert got is None


def test_the_issue_31_list_is_rejected_at_the_first_look():
    """500 random words of length 128 with the last one differing from an earlier word in one coordinate,
    m = 1 (the shape of ``bench_trifference.spoiled``): both looks find a failing triple."""
    rnd = random.Random(5)
    words = _words(rnd, 128, 500)
    x = words[-3]
    words[-1] = x[:-1] + str((int(x[-1]) + 1) % 3)
    got1 = _triples.close_pair_violation(_digits(words), 1)
    got2 = _trifference_scan.near_pair_violation(tuple(words), 128, 1)
    for got in (got1, got2):
        assert got is not None
        a, b, c = (words[t] for t in got)
        assert len({a, b, c}) == 3 and _t(a, b, c) < 1
    for v in (primary, second):
        r = v.check({"n": 128, "m": 1}, words)
        assert r.reason == "PROPERTY_VIOLATION"


def test_the_looks_stay_within_their_work_bound():
    """Above N^2 n = CLOSE_WORK neither look runs (the cubic scan alone decides)."""
    rnd = random.Random(3)
    n = 64
    count = int((_triples.CLOSE_WORK / n) ** 0.5) + 1
    assert count * count * n > _triples.CLOSE_WORK
    words = ["".join(rnd.choice("012") for _ in range(n)) for _ in range(3)] * 1
    big = np.zeros((count, n), np.uint8)
    assert _triples.close_pair_violation(big, 1) is None
    assert _trifference_scan.near_pair_violation(tuple(["0" * n] * count), n, 1) is None
    assert _trifference_scan.CLOSE_WORK == _triples.CLOSE_WORK
    del words
