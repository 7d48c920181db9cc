"""The shared admission of trifference lists (issue 31): a structured core or the triple scan within its
cost model, or ``SIZE_LIMIT`` up front; both verifiers take the path the admission names, the core path
always decides, and neither verifier starts a scan the cost model did not admit."""
from __future__ import annotations

from endless_exam import crosscheck  # noqa: F401  (first: sets SYMPY_GROUND_TYPES=python before anything imports sympy)

import dataclasses
import random

import pytest

from endless_exam.certificates.errors import AnswerError
from endless_exam.certificates.schemas import _trifference_admission as admission
from endless_exam.certificates.schemas import trifference as schema
from endless_exam.checker.families import _affine, _triples
from endless_exam.checker.families import load as _load_primary
from endless_exam.checker.families import trifference as primary_mod
from endless_exam.crosscheck.families import _ternary
from endless_exam.crosscheck.families import _trifference_core as second_core
from endless_exam.crosscheck.families import load as _load_second
from endless_exam.crosscheck.families import trifference as second_mod
from tests.families.trifference.test_trifference_near_affine import _near
from tests.families.trifference.test_trifference_scans import _t, _violation_exists

primary = _load_primary("trifference")
second = _load_second("trifference")


def _params(n: int, m: int) -> dict:
    return {"n": n, "m": m, "representation": "certified"}


def _rand(rnd: random.Random, n: int) -> str:
    return "".join(rnd.choice("012") for _ in range(n))


def _code(rnd: random.Random, n: int, k: int) -> list[str]:
    """The 3^k words of a random translate of a random [n, k] code (rows redrawn until independent)."""
    while True:
        rows = [[rnd.randrange(3) for _ in range(n)] for _ in range(k)]
        shift = [rnd.randrange(3) for _ in range(n)]
        words = set()
        for c in range(3 ** k):
            coeffs = [(c // 3 ** j) % 3 for j in range(k)]
            words.add("".join(str((shift[i] + sum(a * r[i] for a, r in zip(coeffs, rows))) % 3) for i in range(n)))
        if len(words) == 3 ** k:
            return sorted(words)


def _decide_both(words: list[str], n: int, m: int):
    return [v.check(_params(n, m), words) for v in (primary, second)]


# ---- the cost model of the scan -------------------------------------------------------------------------

@pytest.mark.parametrize("useful", [0, 1, 64, 65, 128, 192, 512, 960, 961, 1024])
def test_the_largest_scanned_list_sits_exactly_at_the_budget(useful):
    top = admission.max_scan_words(useful)
    assert admission.scan_work(top, useful) <= admission.SCAN_BUDGET < admission.scan_work(top + 1, useful)


def test_the_prompt_and_specification_state_the_model_and_its_figures():
    from endless_exam.checker.prompts import trifference as prompt
    text = " ".join(prompt.limits(_params(1024, 3)))
    assert f"{admission.SCAN_BUDGET:,}" in text and f"{admission.CORE_TABLE:,}" in text
    assert f"at most {admission.max_scan_words(1024):,} words when u > 960" in text
    assert f"{admission.max_scan_words(64):,} when u <= 64" in text
    assert admission.max_scan_words(1024) == 807 and admission.max_scan_words(64) == 2033   # as the docs say


def test_an_unstructured_list_over_the_model_is_refused_up_front():
    rnd = random.Random(1)
    words = list(dict.fromkeys(_rand(rnd, 1024) for _ in range(admission.max_scan_words(1024) + 1)))
    with pytest.raises(AnswerError) as err:
        schema.parse(words, _params(1024, 3))
    assert err.value.reason == "SIZE_LIMIT"
    assert "C(808, 3) x ceil(1024 useful coordinates / 64)" in str(err.value)
    # one word fewer is admitted on the scan path
    parsed = schema.parse(words[:-1], _params(1024, 3))
    assert parsed.path == admission.SCAN and parsed.core == ()


def test_useful_coordinates_count_the_columns_with_all_three_symbols():
    words = ("0120", "1100", "2200", "0000")
    assert admission.useful_coordinates(words, 4) == 2
    assert admission.useful_coordinates(("000", "111"), 3) == 0


def test_a_list_with_a_duplicate_or_fewer_useful_coordinates_than_m_is_scanned_and_rejected():
    rnd = random.Random(2)
    words = list(dict.fromkeys("".join(rnd.choice("01") for _ in range(200)) + "012"[i % 3]
                               for i in range(3000)))[:2500]
    parsed = schema.parse(words, _params(201, 2))             # one useful coordinate < m = 2
    assert parsed.path == admission.SCAN
    for verdict in _decide_both(words, 201, 2):
        assert verdict.reason == "PROPERTY_VIOLATION"
    with pytest.raises(AnswerError) as err:                   # but m = 1 needs the full scan: refused
        schema.parse(words, _params(201, 1))
    assert err.value.reason == "SIZE_LIMIT"
    doubled = words[:2000] + [words[5]]
    assert schema.parse(doubled, _params(201, 1)).path == admission.SCAN
    for verdict in _decide_both(doubled, 201, 1):
        assert verdict.reason == "DUPLICATE"


# ---- the core --------------------------------------------------------------------------------------------

def test_structured_cores_need_rank_density_and_table_room():
    assert admission.structured(8, 6534, 6561)
    assert not admission.structured(0, 1, 3)                     # rank 0: no core path
    assert not admission.structured(8, 2 * 3 ** 7, 2 * 3 ** 7 + 1)   # exactly two thirds: not more
    assert admission.structured(8, 2 * 3 ** 7 + 1, 2 * 3 ** 7 + 1)
    assert not admission.structured(8, 6534, 6534 + 28)         # 28 extras x 3^16 over the table budget
    assert admission.structured(3, 20, 26)


@pytest.mark.parametrize("seed", range(12))
def test_every_verifier_refinds_the_named_core(seed):
    """The admission's core (origin, basis words) is found again by each verifier's own elimination from
    the same visit: the same rank and the same words inside."""
    rnd = random.Random(seed)
    k = rnd.choice([2, 3, 4])
    n = rnd.choice([9, 16, 30])
    words = _near(rnd, n, k, drop=rnd.choice([0, 1, 2]), extras=rnd.choice([0, 1, 2, 3]))
    if len(set(words)) != len(words):
        return
    core, _ = admission.find_core(tuple(words))
    if core is None:
        return
    found = admission.core_visit([admission._slices(w) for w in words], _order(core, len(words)))
    budget = admission.extra_budget(len(words))
    origin, chosen, inside = next(_affine.find_cores(_triples.digits_of(tuple(words), n), 8, budget, core))
    assert (origin, tuple(chosen)) == (core[0], core[1:]) and int(inside.sum()) == found[2]
    vecs = [_ternary.vec(w) for w in words]
    origin2, chosen2, inside2 = next(second_core.cores(vecs, 8, budget, core))
    assert (origin2, tuple(chosen2)) == (core[0], core[1:]) and sum(inside2) == found[2]


def _order(core: tuple[int, ...], total: int) -> list[int]:
    return list(core) + [t for t in range(total) if t not in set(core)]


def test_a_core_listed_after_its_extra_words_is_found_by_a_shuffle():
    rnd = random.Random(7)
    code = _code(rnd, 40, 4)
    extras = [w for w in (_rand(rnd, 40) for _ in range(60)) if w not in set(code)][:12]
    words = extras + code                                   # 12 words outside listed first (e = 31)
    first = admission.core_visit([admission._slices(w) for w in words], list(range(len(words))))
    assert first is None or not admission.structured(first[0], first[2], len(words))
    parsed = schema.parse(words, _params(40, 2))
    assert parsed.path == admission.CORE and parsed.core[0] >= len(extras)
    expected = not _violation_exists(words, 2)
    for verdict in _decide_both(words, 40, 2):
        assert verdict.valid == expected


@pytest.mark.parametrize("m", [1, 2, 3, 4, 6])
def test_the_core_path_decides_without_a_scan(m, monkeypatch):
    """Dense cores, valid and invalid, with words dropped and added: decided by the core (the scans are
    replaced by a trap), with the brute-force verdict, and a rejection names a real failing triple."""
    def trap(*args, **kwargs):
        raise AssertionError("the triple scan ran on a list admitted by its core")
    monkeypatch.setattr(_triples, "find_bad_triple", trap)
    monkeypatch.setattr(second_mod, "scan_triples", trap)
    monkeypatch.setattr(second_mod, "scan_direct", trap)
    seen = set()
    for seed in range(8):
        rnd = random.Random(100 * m + seed)
        n, k = rnd.choice([(12, 3), (20, 3), (16, 4)])
        words = _near(rnd, n, k, drop=rnd.choice([0, 1, 3]), extras=rnd.choice([0, 1, 2]))
        if len(set(words)) != len(words):
            continue
        parsed = schema.parse(words, _params(n, m))
        if parsed.path != admission.CORE:
            continue
        expected = not _violation_exists(words, m)
        seen.add(expected)
        for verdict in (primary_mod.check(parsed), second_mod.check(parsed)):
            assert verdict.valid == expected, (m, seed, verdict.reason, verdict.message)
            if not expected:
                x, y, z = (words[t] for t in verdict.witness["indices"])
                assert _t(x, y, z) < m
    assert seen, "no list took the core path"


def test_a_failing_dense_core_is_lifted_even_with_words_missing():
    """A rank-3 core that is not 2-trifferent (a weight-1 codeword) with 8 of its 27 words missing (fewer
    than 3^2): the failing triple is still among the listed words, so the core path rejects."""
    rows = ["100000000000", "011201120112", "012001200120"]
    code = sorted({"".join(str((a * int(r0[i]) + b * int(r1[i]) + c * int(r2[i])) % 3) for i in range(12))
                   for a in range(3) for b in range(3) for c in range(3)
                   for r0, r1, r2 in [rows]})
    words = code[:19]
    parsed = schema.parse(words, _params(12, 2))
    assert parsed.path == admission.CORE
    for verdict in (primary_mod.check(parsed), second_mod.check(parsed)):
        assert verdict.reason == "PROPERTY_VIOLATION"
        assert _t(*(words[t] for t in verdict.witness["indices"])) < 2


def test_neither_verifier_scans_a_list_the_model_refuses():
    """A parsed list forced onto the scan path over the budget (as if the admission had a bug) stops both
    verifiers with a self-check error before any scan starts."""
    rnd = random.Random(3)
    words = tuple(dict.fromkeys(_rand(rnd, 1024) for _ in range(admission.max_scan_words(1024) + 1)))
    forced = schema.WordList(1024, 3, words)
    assert forced.path == admission.SCAN
    with pytest.raises(RuntimeError, match="cost model"):
        primary_mod.check(forced)
    with pytest.raises(RuntimeError, match="cost model"):
        second_mod.check(forced)


def test_a_core_that_decides_nothing_is_a_self_check_failure():
    """Named core path on a list with no structured core (as if the admission had a bug): an internal
    error, never a scan or a verdict."""
    rnd = random.Random(4)
    words = tuple(dict.fromkeys(_rand(rnd, 200) for _ in range(40)))      # valid for m = 1: nothing to reject
    forced = dataclasses.replace(schema.parse(list(words), _params(200, 1)), path=admission.CORE, core=(0, 1, 2))
    with pytest.raises(RuntimeError, match="core"):
        primary_mod.check(forced)
    with pytest.raises(RuntimeError, match="core"):
        second_mod.check(forced)
