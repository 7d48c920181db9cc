"""Near-affine trifference lists decided from weight tables (issue 31, case 3): the triples through an
extra word of a core of rank <= 8 are read off the weights of the core L and of the coset g + L, in both
verifiers (the primary by difference and sum word, ``_affine.sum_violation``; the second row by row,
``_trifference_core._weight_rows``), for every m. Each is compared with a direct count (ACCEPT and
REJECT), the lists end to end with brute force at every m from 1 to n, and the cost model is held to
the path: an admitted core's extra words are decided by the table path within its stated work budget
(counted in table entries, never in seconds)."""
from __future__ import annotations

from endless_exam import crosscheck  # noqa: F401  (first: sets SYMPY_GROUND_TYPES=python before anything imports sympy)

import itertools
import random

import numpy as np
import pytest

from endless_exam.checker.families import _affine
from endless_exam.checker.families import load as _load_primary
from endless_exam.checker.families import trifference as primary_mod
from endless_exam.crosscheck.families import _trifference_core as second_core
from endless_exam.crosscheck.families import load as _load_second
from endless_exam.crosscheck.families import trifference as second_mod
from tests.families.trifference.test_trifference_scans import _t, _violation_exists
from tests.families.trifference.test_trifference_vectors import swap_random_words

primary = _load_primary("trifference")
second = _load_second("trifference")


def _sep(x, y, z) -> int:
    return int(((x != y) & (x != z) & (y != z)).sum())


def _independent(rnd: random.Random, n: int, k: int):
    """Random rows of length n drawn until independent (rank k), and their span by message."""
    while True:
        basis = [[rnd.randrange(3) for _ in range(n)] for _ in range(k)]
        span = _affine.span_words(basis, n)
        if len({r.tobytes() for r in span}) == 3 ** k:
            return basis, span


def _setup(rnd: random.Random, n: int, k: int, light: bool):
    """The span (by message) of a random rank-k basis, a random origin x0, an extra word e (with ``light``,
    one coordinate away from a core word: a light coset word) and which core words are listed (80%). Skips
    the case when e falls into the core."""
    _, span = _independent(rnd, n, k)
    x0 = np.array([rnd.randrange(3) for _ in range(n)], np.uint8)
    e = np.array([rnd.randrange(3) for _ in range(n)], np.uint8)
    if light:
        e = (x0 + span[rnd.randrange(len(span))]) % 3
        i = rnd.randrange(n)
        e[i] = (e[i] + 1) % 3
    if any(np.array_equal((x0 + w) % 3, e) for w in span):
        pytest.skip("the extra word fell into the core")
    listed = np.array([rnd.random() < 0.8 for _ in range(len(span))])
    return span, x0, e, listed


def _expected_pairs(span, x0, e, m, listed):
    """Every (alpha, beta) with both listed, alpha != beta, and t(e, x0 + alpha G, x0 + beta G) < m."""
    words = (span + x0) % 3
    out = set()
    for a, b in itertools.combinations(range(len(span)), 2):
        if listed[a] and listed[b] and not np.array_equal(words[a], e) and not np.array_equal(words[b], e) \
                and _sep(e, words[a], words[b]) < m:
            out.add((a, b))
    return out


@pytest.mark.parametrize("seed", range(40))
def test_primary_sum_violation_against_a_count(seed):
    rnd = random.Random(seed)
    n, k = rnd.choice([(6, 2), (9, 3), (12, 3), (10, 4)])
    span, x0, e, listed = _setup(rnd, n, k, light=seed % 4 == 0)
    code_w = _affine.coset_weights(span, np.zeros(n, np.uint8))
    coset_w = _affine.coset_weights(span, ((x0.astype(int) - e) % 3).astype(np.uint8))
    for m in range(1, n + 2):
        expected = _expected_pairs(span, x0, e, m, listed)
        work: list[int] = []
        got = _affine.sum_violation(code_w, coset_w, k, m, lambda a, b: listed[a] & listed[b], work)
        assert work[0] <= _affine.sum_work(k)
        if not expected:
            assert got is None, (seed, m)
        else:
            assert got is not None, (seed, m)            # must REJECT
            a, b = sorted(got)
            assert (a, b) in expected, (seed, m, got)


@pytest.mark.parametrize("seed", range(40))
def test_second_weight_rows_against_a_count(seed):
    rnd = random.Random(1000 + seed)
    n, k = rnd.choice([(6, 2), (9, 3), (12, 3), (10, 4)])
    span, x0, e, listed = _setup(rnd, n, k, light=seed % 4 == 0)
    g = (x0.astype(int) - e) % 3
    w_code = (span != 0).sum(axis=1).astype(np.int32)
    w_g = ((span + g) % 3 != 0).sum(axis=1).astype(np.int32)
    w_neg = ((span.astype(int) - g) % 3 != 0).sum(axis=1).astype(np.int32)
    for m in range(1, n + 2):
        expected = _expected_pairs(span, x0, e, m, listed)
        work: list[int] = []
        got = second_core._weight_rows(w_g, w_code, w_neg, listed, k, m, work)
        assert work[0] <= 3 ** (2 * k)
        if not expected:
            assert got is None, (seed, m)
        else:
            assert got is not None, (seed, m)            # must REJECT
            assert tuple(sorted(got)) in expected, (seed, m, got)


def _near_list(rnd: random.Random, n: int, k: int, extras: int, flips: int | None) -> list[str]:
    """A translated random [n, k] code with ``extras`` of its words replaced: by random words, or (``flips``)
    by the word itself with ``flips`` coordinates changed; shuffled."""
    _, span = _independent(rnd, n, k)
    shift = np.array([rnd.randrange(3) for _ in range(n)], np.uint8)
    words = ["".join(map(str, ((r + shift) % 3).tolist())) for r in span]
    if flips is None:
        return swap_random_words(words, extras, n, rnd)

    def flipped(word: str) -> str:
        w = list(word)
        for i in rnd.sample(range(n), flips):
            w[i] = str((int(w[i]) + rnd.randrange(1, 3)) % 3)
        return "".join(w)
    return swap_random_words(words, extras, n, rnd, flipped)


def _no_scan(*args, **kwargs):
    raise AssertionError("the bit-mask count of the extra words ran for a core of rank <= 8")


@pytest.mark.parametrize("seed", range(3))
def test_near_affine_lists_at_every_m(seed, monkeypatch):
    """Both verifiers equal brute force at every m from 1 to n + 1 on near-affine lists (a rank-4 core and
    3 extra words), through the weight tables (the bit-mask extra-word counts are disabled)."""
    monkeypatch.setattr(_affine, "extra_violation", _no_scan)
    monkeypatch.setattr(second_core, "extra_violation", _no_scan)
    rnd = random.Random(seed)
    n = 48
    words = _near_list(rnd, n, 4, 3, flips=None if seed % 2 else 2)
    outcomes = set()
    for m in range(1, n + 2):
        expected = not _violation_exists(words, m)
        outcomes.add(expected)
        for name, v in (("primary", primary), ("second", second)):
            r = v.check({"n": n, "m": m}, words)
            assert r.valid == expected, (name, seed, m, r.reason, r.message)
            if not expected:
                assert r.reason == "PROPERTY_VIOLATION"
                x, y, z = (words[t] for t in r.witness["indices"])
                assert len({x, y, z}) == 3 and _t(x, y, z) < m, (name, r.witness)
    assert outcomes == {True, False}


def test_a_planted_triple_through_two_extra_words_is_found(monkeypatch):
    """Extra words x and z with z_i in {x_i, y_i} for a core word y: x, y, z are separated nowhere, and only
    the count of the pairs through two extra words can see it (must REJECT)."""
    monkeypatch.setattr(_affine, "extra_violation", _no_scan)
    monkeypatch.setattr(second_core, "extra_violation", _no_scan)
    rnd = random.Random(7)
    n = 48
    words = _near_list(rnd, n, 4, 0, flips=None)
    core = set(words)
    x = "".join(rnd.choice("012") for _ in range(n))
    y = words[5]
    z = "".join(a if i % 3 else b for i, (a, b) in enumerate(zip(x, y)))
    assert x not in core and z not in core and len({x, y, z}) == 3
    words = words[:20] + [x] + words[20:60] + [z] + words[60:]
    assert _violation_exists(words, 1)
    for v in (primary, second):
        r = v.check({"n": n, "m": 1}, words)
        assert not r.valid and r.reason == "PROPERTY_VIOLATION"
        a, b, c = (words[t] for t in r.witness["indices"])
        assert len({a, b, c}) == 3 and _t(a, b, c) < 1


def test_cost_model_follows_the_path():
    """The table path is admitted exactly when its whole cost fits the budget, and at the largest admitted
    core (rank 8, the 27 extra words of 6,561) that cost is inside EXTRA_PAIRS; a rank-9 core or too many
    extra words are not admitted to it."""
    budget = primary_mod._extra_budget(6561)
    assert budget == 27
    assert primary_mod._weights_path(budget, primary_mod.PAIR_RANK)
    assert budget * _affine.sum_work(8) <= primary_mod.EXTRA_PAIRS
    assert not primary_mod._weights_path(1, primary_mod.PAIR_RANK + 1)
    too_many = primary_mod.EXTRA_PAIRS // _affine.sum_work(8) + 1
    assert not primary_mod._weights_path(too_many, 8)
    assert _affine.sum_work(8) == (3 ** 8 - 1) // 2 * 3 ** 8
    assert budget * 3 ** 16 <= second_mod.TABLE_ENTRIES < (budget + 1) * 3 ** 16


def test_issue_31_shape_is_decided_within_the_stated_table_work(monkeypatch):
    """A rank-6 core of length 200 with 27 random extra words at m = 40 (quick passes over 64 coordinates
    could never reach m there): the table path decides with at most sum_work(6) entries per extra word."""
    rnd = random.Random(31)
    n = 200
    words = _near_list(rnd, n, 6, 27, flips=None)
    calls: list[int] = []
    original = _affine.sum_violation

    def counted(code_w, coset_w, k, m, keep, work=None):
        out = original(code_w, coset_w, k, m, keep, calls)
        return out
    monkeypatch.setattr(_affine, "sum_violation", counted)
    monkeypatch.setattr(_affine, "extra_violation", _no_scan)
    r = primary.check({"n": n, "m": 40}, words)
    r2 = second.check({"n": n, "m": 40}, words)
    assert r.valid == r2.valid
    assert 1 <= len(calls) <= 28
    assert all(w <= _affine.sum_work(6) for w in calls)
