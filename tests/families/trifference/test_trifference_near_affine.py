"""Near-affine trifference lists (an affine core plus a few extra words, issue 20): both verifiers' core-and-
extras decisions against brute force, ACCEPT and REJECT, and the edge-case shapes at a small size."""
from __future__ import annotations

from endless_exam import crosscheck  # noqa: F401  (first: sets SYMPY_GROUND_TYPES=python before anything imports sympy)

import itertools
import random

import numpy as np
import pytest

from endless_exam.checker.families import _affine
from endless_exam.checker.families import load as _load_primary
from endless_exam.checker.families import trifference as primary_mod
from endless_exam.crosscheck.families import _ternary
from endless_exam.crosscheck.families import _trifference_core as second_core
from endless_exam.crosscheck.families import load as _load_second
from endless_exam.crosscheck.families import trifference as second_mod
from tests.families.trifference.test_trifference_scans import _t, _violation_exists

primary = _load_primary("trifference")
second = _load_second("trifference")


def _brute(words, m: int) -> bool:
    return not _violation_exists(words, m)


def _span(rows: list[str]) -> list[str]:
    out = set()
    for cs in itertools.product(range(3), repeat=len(rows)):
        out.add("".join(str(sum(c * int(r[j]) for c, r in zip(cs, rows)) % 3) for j in range(len(rows[0]))))
    return sorted(out)


def _shift(words: list[str], x: str) -> list[str]:
    return ["".join(str((int(a) + int(b)) % 3) for a, b in zip(w, x)) for w in words]


def _rand(rnd: random.Random, n: int) -> str:
    return "".join(rnd.choice("012") for _ in range(n))


def _decide(words: list[str], n: int, m: int) -> None:
    """Both verifiers agree with brute force; a rejection names a real failing triple."""
    expected = _brute(words, m)
    params = {"n": n, "m": m}
    for name, v in (("primary", primary), ("second", second)):
        r = v.check(params, words)
        assert r.valid == expected, (name, m, r.reason, r.message)
        if not expected:
            assert r.reason == "PROPERTY_VIOLATION", (name, r.reason)
            x, y, z = (words[t] for t in r.witness["indices"])
            assert len({x, y, z}) == 3 and _t(x, y, z) < m, (name, r.witness)


def _near(rnd: random.Random, n: int, k: int, extras: int, drop: int) -> list[str]:
    """A random translate of a random [n, k] code with ``drop`` of its words removed and ``extras`` random
    words outside it added, in shuffled order."""
    code = _shift(_span([_rand(rnd, n) for _ in range(k)]), _rand(rnd, n))
    have = set(code)
    rnd.shuffle(code)
    out = code[drop:]
    while len(out) < len(code) - drop + extras:
        w = _rand(rnd, n)
        if w not in have:
            have.add(w)
            out.append(w)
    rnd.shuffle(out)
    return out


@pytest.mark.parametrize("m", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("seed", range(5))
def test_near_affine_lists_agree_with_brute_force(m, seed):
    rnd = random.Random(100 * m + seed)
    n, k = rnd.choice([(12, 3), (16, 3), (20, 4), (9, 2)])
    words = _near(rnd, n, k, extras=rnd.choice([1, 2, 3]), drop=rnd.choice([0, 1, 4]))
    if len(set(words)) == len(words):
        _decide(words, n, m)


def test_the_core_and_extras_path_decides_both_ways():
    """A valid code plus one extra word: decided by the core (no full scan), valid for m = 1 and rejected
    for an m above the code's own strength, in both verifiers."""
    rnd = random.Random(5)
    n = 60
    code = _span([_rand(rnd, n) for _ in range(3)])
    extra = next(w for w in (_rand(rnd, n) for _ in range(100)) if w not in code)
    words = [extra] + code[1:]                  # the zero word replaced, and listed first (a bad origin)
    seen = set()
    for m in (1, 2, 3, 4, 6, 12, 20):
        expected = _brute(words, m)
        seen.add(expected)
        for mod in (primary_mod, second_mod):
            decided, triple = mod._near_affine(tuple(words), n, m)
            if expected:
                assert decided and triple is None, (mod.__name__, m)
            elif decided:
                assert triple is not None and _t(*(words[t] for t in triple)) < m, (mod.__name__, m)
        _decide(words, n, m)
    assert seen == {True, False}


def test_an_extra_word_that_spoils_two_core_words_is_found():
    rnd = random.Random(8)
    n = 30
    code = _span([_rand(rnd, n) for _ in range(3)])
    x, y = code[4], code[9]
    spoiler = "".join(a if i % 2 else b for i, (a, b) in enumerate(zip(x, y)))   # never separated from x, y
    assert spoiler not in code and _t(x, y, spoiler) == 0
    words = code + [spoiler]
    for mod in (primary_mod, second_mod):
        decided, triple = mod._near_affine(tuple(words), n, 1)
        assert decided and triple is not None and len(words) - 1 in triple
    _decide(words, n, 1)


def test_a_failing_core_is_lifted_to_a_listed_triple():
    """The core itself is not 2-trifferent (a weight-1 codeword): the failing triple is inside the list."""
    rows = ["100000000000", "011201120112", "012001200120"]
    code = _span(rows)
    words = code + ["222222222221"]
    assert not _brute(code, 2)
    for mod in (primary_mod, second_mod):
        decided, triple = mod._near_affine(tuple(words), 12, 2)
        assert decided and triple is not None and _t(*(words[t] for t in triple)) < 2
    _decide(words, 12, 2)


def test_a_subset_avoiding_the_core_failures_falls_back_to_the_scan():
    """Two words of a 9-word code are dropped, with the core's rank unchanged; whatever path decides, the
    verdict is the brute-force one."""
    rnd = random.Random(2)
    for trial in range(20):
        n = 8
        code = _span([_rand(rnd, n) for _ in range(2)])
        if len(code) < 9:
            continue
        words = code[:4] + code[6:] + [_rand(rnd, n)]
        if len(set(words)) == len(words):
            for m in (1, 2, 3):
                _decide(words, n, m)


def test_core_searches_return_real_cores():
    rnd = random.Random(3)
    words = _near(rnd, 18, 3, extras=2, drop=0)
    digits = np.array([[int(c) for c in w] for w in words], np.uint8)
    found = list(_affine.find_cores(digits, 12, 4))
    vecs = [_ternary.vec(w) for w in words]
    found2 = list(second_core.cores(vecs, 10, 4))
    assert found and found2
    for origin, basis, inside in found:
        span = set(_shift(_span([_shift([words[t]], "".join(str((-int(c)) % 3) for c in words[origin]))[0]
                                 for t in basis]), words[origin]))
        assert [w in span for w in words] == list(inside)
    for origin, basis, inside in found2:
        span = set(_shift(_span([_shift([words[t]], "".join(str((-int(c)) % 3) for c in words[origin]))[0]
                                 for t in basis]), words[origin]))
        assert [w in span for w in words] == list(inside)


def test_extra_word_scans_against_brute_force():
    """Both extra-word counts on random lists where every word is an 'extra': exactly the brute force."""
    rnd = random.Random(4)
    for trial in range(30):
        n = rnd.choice([5, 9, 70, 130])
        m = rnd.choice([1, 2, 3, 5])
        words = list(dict.fromkeys(_rand(rnd, n) for _ in range(rnd.choice([4, 9, 15]))))
        expected = _brute(words, m)
        digits = np.array([[int(c) for c in w] for w in words], np.uint8)
        got = _affine.extra_violation(digits, np.arange(len(words)), m)
        got2 = second_core.extra_violation(words, [False] * len(words), m)
        for g in (got, got2):
            assert (g is None) == expected, (n, m, g)
            if g is not None:
                assert len(set(g)) == 3 and _t(*(words[t] for t in g)) < m


def test_the_rank_bound_skips_the_core_search_only_when_no_core_exists():
    """``_core_possible`` (the primary's rank bound R + 1 + e on the first words) is True whenever a core is
    found, False on long unstructured lists, which then go to the full scan and are still decided both ways."""
    rnd = random.Random(11)
    for trial in range(8):
        words = _near(rnd, 40, rnd.choice([2, 3, 4]), extras=rnd.choice([1, 2, 3]), drop=rnd.choice([0, 3]))
        digits = np.array([[int(c) for c in w] for w in words], np.uint8)
        budget = primary_mod._extra_budget(len(words))
        if list(_affine.find_cores(digits, 12, budget)):
            assert primary_mod._core_possible(digits, 12, budget)
    words = list(dict.fromkeys(_rand(rnd, 100) for _ in range(70)))
    digits = np.array([[int(c) for c in w] for w in words], np.uint8)
    assert not primary_mod._core_possible(digits, 12, primary_mod._extra_budget(len(words)))
    assert primary_mod._near_affine(tuple(words), 100, 1) == (False, None)
    _decide(words, 100, 1)                          # valid: accepted by the scan
    x, y = words[3], words[50]
    spoiler = "".join(a if i % 3 else b for i, (a, b) in enumerate(zip(x, y)))
    assert spoiler not in words and _t(x, y, spoiler) == 0
    _decide(words + [spoiler], 100, 1)              # rejected by the scan, with a real triple
