"""The second covering verifier's two paths (``crosscheck/families/covering.py``): the walk and the
lexicographic ranks.

* each path forced (and the rank path with tiny ``CHUNK`` budgets, so blocks are chunked and single
  blocks split on their leading points) agrees with a brute-force statement of the definition
  (itertools) on generated instances, including t = 1, t = k, k - t = 1, k = v and repeated blocks, and its
  witness is the lexicographically first uncovered t-subset;
* answers whose only uncovered t-subset is the last, or the first, in lexicographic order;
* ``lex_rank`` / ``lex_unrank`` against the itertools order;
* the self-checks (rank range, binomial table, int64 room, the number of ranks, the re-ranked witness)
  each made to fail once;
* big instances of the widened domain (behind ``slow``).
"""
from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from endless_exam.certificates.schemas import covering as schema
from endless_exam.certificates.verdict import Status
from endless_exam.crosscheck.families import covering as cv
from endless_exam.crosscheck.families import load as _load_second

second = _load_second("covering")


def brute_first_uncovered(blocks, v: int, t: int):
    sets = [set(b) for b in blocks]
    for subset in itertools.combinations(range(v), t):
        if not any(set(subset) <= s for s in sets):
            return list(subset)
    return None


def sorted_blocks(blocks) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(sorted(b)) for b in blocks)


def decide(blocks, v: int, t: int, path: str, chunk: int | None = None):
    saved = cv.CHUNK
    try:
        if chunk is not None:
            cv.CHUNK = chunk
        return cv.first_uncovered(sorted_blocks(blocks), v, t, path=path)
    finally:
        cv.CHUNK = saved


def assert_all_paths(blocks, v: int, t: int, chunks=(None, 1, 5)):
    truth = brute_first_uncovered(blocks, v, t)
    assert decide(blocks, v, t, "walk") == truth
    for chunk in chunks:
        assert decide(blocks, v, t, "ranks", chunk) == truth, chunk
    return truth


@st.composite
def instances(draw):
    v = draw(st.integers(1, 10))
    k = draw(st.integers(1, v))
    t = draw(st.integers(1, k))
    rng = random.Random(draw(st.integers(0, 2 ** 32)))
    if draw(st.booleans()):                                # all k-subsets with some removed
        every = list(itertools.combinations(range(v), k))
        blocks = [b for b in every if rng.random() < 0.85] or every[:1]
        blocks = blocks[:300]
    else:
        blocks = [rng.sample(range(v), k) for _ in range(draw(st.integers(1, 14)))]
    if draw(st.booleans()):                                # repeated blocks
        blocks = blocks + [blocks[rng.randrange(len(blocks))] for _ in range(rng.randrange(1, 4))]
    rng.shuffle(blocks)
    return blocks, v, t, draw(st.sampled_from([None, 1, 2, 7, 64]))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(instances())
def test_both_paths_agree_with_the_definition(case):
    blocks, v, t, chunk = case
    truth = brute_first_uncovered(blocks, v, t)
    assert decide(blocks, v, t, "walk") == truth
    assert decide(blocks, v, t, "ranks", chunk) == truth


@pytest.mark.parametrize("v, k, t", [(1, 1, 1), (5, 5, 1), (9, 3, 1), (6, 4, 4), (9, 5, 5), (8, 8, 7), (9, 5, 4),
                                     (12, 11, 10), (7, 7, 7), (10, 10, 5), (11, 6, 3), (12, 7, 5), (13, 9, 6)])
def test_regimes_on_random_and_complete_answers(v, k, t):
    rng = random.Random(v * 100 + k * 10 + t)
    if k == v:
        assert assert_all_paths([list(range(v))], v, t) is None
    for count in (1, 3, 12, 40):
        assert_all_paths([rng.sample(range(v), k) for _ in range(count)], v, t)
    every = [list(b) for b in itertools.combinations(range(v), k)]
    assert assert_all_paths(every + every[:2], v, t) is None      # valid, with repeated blocks


@pytest.mark.parametrize("v, k, t", [(6, 3, 2), (7, 4, 3), (8, 5, 2), (8, 6, 5), (9, 5, 5), (7, 6, 1), (10, 4, 2),
                                     (9, 8, 7), (10, 9, 8), (8, 4, 4)])
def test_only_the_last_or_the_first_subset_uncovered(v, k, t):
    """Blocks: every k-subset that does not contain the target (for k < v each other t-subset is in such a
    block), so exactly the target is uncovered."""
    subsets = list(itertools.combinations(range(v), t))
    for target in (subsets[-1], subsets[0], subsets[len(subsets) // 2]):
        blocks = [list(b) for b in itertools.combinations(range(v), k) if not set(target) <= set(b)]
        assert assert_all_paths(blocks, v, t, chunks=(None, 1, 3, 50)) == list(target)


def test_large_k_minus_t_one_only_the_last_or_first_missing():
    """v = 60, k = 59, t = 58 (the removed-point regime with m = 1): a block misses one point x and covers
    the t-subsets missing a pair that contains x; leaving out the blocks of 0 and 1 uncovers exactly
    {2..59} (the last subset), leaving out those of 58 and 59 exactly {0..57} (the first)."""
    v, t = 60, 58                           # k = 59
    full = set(range(v))
    for gone, expected in (({0, 1}, list(range(2, 60))), ({58, 59}, list(range(58)))):
        blocks = [sorted(full - {x}) for x in range(v) if x not in gone]
        for chunk in (None, 1, 100):
            assert decide(blocks, v, t, "ranks", chunk) == expected
        assert decide(blocks, v, t, "walk") == expected
    assert decide([sorted(full - {x}) for x in range(v - 1)], v, t, "ranks") is None


def test_walk_and_ranks_agree_on_medium_instances():
    rng = random.Random(11)
    for v, k, t, count in ((20, 8, 3, 300), (24, 20, 17, 200), (40, 6, 2, 250), (18, 12, 6, 60), (15, 14, 13, 14)):
        blocks = [rng.sample(range(v), k) for _ in range(count)]
        walked = decide(blocks, v, t, "walk")
        for chunk in (None, 1000):
            assert decide(blocks, v, t, "ranks", chunk) == walked


def test_lex_rank_and_unrank_follow_the_itertools_order():
    for v in range(1, 10):
        for t in range(1, v + 1):
            for rank, subset in enumerate(itertools.combinations(range(v), t)):
                assert cv.lex_rank(subset, v, t) == rank
                assert cv.lex_unrank(rank, v, t) == list(subset)
    for v, t in ((4_000_000, 1), (14_142, 2), (29, 14), (20_000, 19_999), (4_000_000, 3_999_999)):   # complements
        total = math.comb(v, t)
        for rank in (0, 1, total // 3, total - 2, total - 1):
            assert cv.lex_rank(cv.lex_unrank(rank, v, t), v, t) == rank


def test_the_rank_path_marks_the_itertools_ranks():
    """Ranks the rank path makes for one block equal the itertools positions of the block's t-subsets."""
    v, t = 11, 4
    order = {s: r for r, s in enumerate(itertools.combinations(range(v), t))}
    block = (0, 2, 3, 5, 8, 9, 10)
    for k_block in (block, block[:5]):                      # direct (t <= k - t) and removed (k - t < t)
        made: list[int] = []
        chunk = np.array([k_block], dtype=np.int64)
        base, w, n = cv._weights(chunk, v, t, math.comb(v, t), cv._Binomials(v, t))
        cv._sequences(base, w, 0, 0, n, len(k_block), lambda a: made.extend(a.tolist()))
        assert sorted(made) == sorted(order[s] for s in itertools.combinations(k_block, t))


def test_path_choice():
    fano = sorted_blocks([[0, 1, 3], [1, 2, 4], [2, 3, 5], [3, 4, 6], [4, 5, 0], [5, 6, 1], [6, 0, 2]])
    assert cv.path_for(fano, 7, 2) == "walk"
    assert cv.path_for(((tuple(range(128)),)), 128, 125) == "ranks"        # 11 million prefixes
    many = tuple(tuple(range(i, i + 2)) for i in range(0, 20_000, 2)) * 2
    assert cv.path_for(many, 30_000, 1) == "ranks"                          # 6 * 10^8 incidence bits


def test_the_verifier_on_schema_instances():
    params = {"v": 12, "k": 6, "t": 3}
    every = [list(b) for b in itertools.combinations(range(12), 6)]
    verdict = second.check(params, every)
    assert verdict.status is Status.ACCEPT and verdict.objective == len(every)
    missing = (9, 10, 11)
    blocks = [b for b in every if not set(missing) <= set(b)]
    verdict = second.check(params, blocks)
    assert verdict.status is Status.REJECT and verdict.reason == "PROPERTY_VIOLATION"
    assert verdict.witness == {"subset": [9, 10, 11]}


# ---- every self-check can fail --------------------------------------------------------------------------

def test_marks_refuse_a_rank_out_of_range():
    for bad in (-1, 10):
        marks = cv._Marks(10)
        marks.add(np.array([0, bad, 3], dtype=np.int64))
        with pytest.raises(RuntimeError, match="outside"):
            marks.flush()
    with pytest.raises(RuntimeError, match="dtype"):
        cv._Marks(10).mark(np.array([1, 2], dtype=np.int32))
    marks = cv._Marks(10)
    marks.add(np.array([0, 9], dtype=np.int64))
    marks.flush()
    assert marks.count == 2 and np.count_nonzero(marks.seen) == 2


def test_binomials_refuse_an_entry_outside_the_table():
    binom = cv._Binomials(10, 2)
    assert binom(np.array([9, 5, 3]), np.array([2, 5, 4])).tolist() == [36, 1, 0]
    with pytest.raises(RuntimeError, match="outside the table"):
        binom(np.array([9]), np.array([3]))


def test_binomial_table_checks_its_rows(monkeypatch):
    class WrongMath:
        @staticmethod
        def comb(n, r):
            return math.comb(n, r) + 1
    monkeypatch.setattr(cv, "math", WrongMath)
    with pytest.raises(RuntimeError, match="binomial table"):
        cv._Binomials(10, 3)


def test_int64_room_is_checked(monkeypatch):
    monkeypatch.setattr(cv, "INT64_ROOM", 1_000)
    with pytest.raises(RuntimeError, match="int64"):
        cv.first_uncovered(((0, 1, 2, 3, 4),), 8, 4, path="ranks")


def test_the_number_of_ranks_is_checked(monkeypatch):
    real = cv._sequences

    def lossy(base, w, c0, lo, n, k, emit):
        real(base, w, c0, lo, n, k, lambda a: emit(a[1:]))
    monkeypatch.setattr(cv, "_sequences", lossy)
    with pytest.raises(RuntimeError, match="ranks made"):
        cv.first_uncovered(((0, 1, 2, 3),), 6, 2, path="ranks")


def test_the_witness_is_re_ranked(monkeypatch):
    monkeypatch.setattr(cv, "lex_unrank", lambda rank, v, t: list(range(t)))
    with pytest.raises(RuntimeError, match="disagree"):
        cv.first_uncovered(((0, 1, 2),), 6, 2, path="ranks")


def test_unrank_refuses_a_rank_out_of_range():
    for bad in (-1, math.comb(7, 3)):
        with pytest.raises(ValueError):
            cv.lex_unrank(bad, 7, 3)


def test_unknown_path_is_refused():
    with pytest.raises(ValueError):
        cv.first_uncovered(((0, 1),), 3, 2, path="guess")


def test_confirm_rejects_covered_or_degenerate_witnesses():
    parsed = schema.parse([[0, 1, 3], [1, 2, 4]], {"v": 7, "k": 3, "t": 2})
    assert cv.confirm(parsed, {"subset": [0, 2]})[0]
    assert not cv.confirm(parsed, {"subset": [1, 3]})[0]
    assert not cv.confirm(parsed, {"subset": [2, 2]})[0]


# ---- the widened domain (slow) --------------------------------------------------------------------------

@pytest.mark.slow
def test_big_whole_point_sets():
    for v, t, copies in ((29, 14, 1), (25, 11, 44), (20_000, 19_999, 1), (14_000, 2, 1)):
        verdict = second.check({"v": v, "k": v, "t": t}, [list(range(v))] * copies)
        assert verdict.status is Status.ACCEPT and verdict.objective == copies, (v, t)


@pytest.mark.slow
def test_big_invalid_answers():
    v = 14_000                         # the last pair {13998, 13999} is the only uncovered one
    blocks = [list(range(v - 1)), list(range(v - 2)) + [v - 1]]
    verdict = second.check({"v": v, "k": v - 1, "t": 2}, blocks)
    assert verdict.reason == "PROPERTY_VIOLATION" and verdict.witness == {"subset": [v - 2, v - 1]}
    v, t = 29, 14                      # one block without the point 20: the first subset with 20 is 0..12, 20
    verdict = second.check({"v": v, "k": 28, "t": t}, [[x for x in range(v) if x != 20]])
    assert verdict.witness == {"subset": list(range(13)) + [20]}
    v = 2_001                          # complements of single points, without those of 0 and 1
    full = set(range(v))
    blocks = [sorted(full - {x}) for x in range(2, v)]
    verdict = second.check({"v": v, "k": v - 1, "t": v - 2}, blocks)
    assert verdict.witness == {"subset": list(range(2, v))}
    v, t = 14_142, 2                   # C(v, 2) = 99,991,011 with two small blocks
    verdict = second.check({"v": v, "k": 100, "t": t}, [list(range(100)), list(range(50, 150))])
    assert verdict.witness == {"subset": [0, 100]}
