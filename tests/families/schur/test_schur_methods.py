"""The primary's prefix probes (``checker.families.schur.prefix_lengths``) and its FLINT squaring.

(a) ``prefix_lengths``: increasing, ends with N, every earlier prefix at most N/8 (the overhead bound);
(b) with tiny probe lengths (so that generated colourings cross several prefixes) the witness is the
    solution with the smallest z, as brute force finds it, and the second verifier confirms it;
(c) planted violations at z = L (inside the first prefix) and z = L + 1 (just beyond it) on a long
    valid colouring, with the real probe length;
(d) the issue-8 input (k = 8, the bundled colouring with a random tail to 200,000) is decided in the
    first prefix, without squaring any class of the full length.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from endless_exam.certificates.verdict import Status
from endless_exam.checker.families import load as _load_primary
primary = _load_primary("schur")
from endless_exam.crosscheck.families import load as _load_second
second = _load_second("schur")
from tests.common import proplib
from tests.benchmarks import bench_schur as bench
from tests.families.schur.test_schur_properties import all_solutions


@pytest.mark.parametrize("n", [1, 4095, 4096, 32767, 32768, 32769, 200_000, 262_144, 10 ** 7])
def test_prefix_lengths(n):
    lengths = primary.module.prefix_lengths(n)
    assert lengths[-1] == n and lengths == sorted(set(lengths))
    assert all(length * primary.module.PROBE_RATIO <= n for length in lengths[:-1])
    assert sum(lengths[:-1]) <= n / (primary.module.PROBE_RATIO - 1)
    if n >= 8 * 4096:
        assert lengths[0] == primary.module.PROBE_LENGTH


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 4).flatmap(lambda k: st.tuples(
    st.just(k), st.lists(st.integers(0, k - 1), min_size=1, max_size=120))), st.sampled_from([1, 2, 3]))
def test_smallest_z_across_prefixes(case, probe):
    k, colours = case
    old = primary.module.PROBE_LENGTH, primary.module.PROBE_RATIO
    primary.module.PROBE_LENGTH, primary.module.PROBE_RATIO = probe, 2
    try:
        found = primary.module.find_monochromatic(tuple(colours), k)
        v = primary.check({"k": k}, colours)
    finally:
        primary.module.PROBE_LENGTH, primary.module.PROBE_RATIO = old
    sols = all_solutions(colours)
    if not sols:
        assert found is None and v.status is Status.ACCEPT
        return
    x, y, z, c = found
    assert z == min(s[2] for s in sols) and x == min(s[0] for s in sols if s[2] == z)
    assert v.witness == {"x": x, "y": y, "z": z, "colour": c}
    assert second.witness_holds({"k": k}, colours, v.witness)[0]


def _valid_long(length: int) -> tuple[list[int], int]:
    return bench._tripling(length), 12


@pytest.mark.parametrize("z_offset", [0, 1])
def test_planted_at_the_probe_boundary(z_offset):
    length = primary.module.PROBE_LENGTH
    colours, k = _valid_long(8 * length + 100)
    assert primary.module.prefix_lengths(len(colours))[0] == length
    z = length + z_offset
    colours = list(colours)
    colours[z - 1] = colours[0]                     # 1 + (z - 1) = z, if z - 1 has the colour of 1 too
    colours[z - 2] = colours[0]
    sols = all_solutions_upto(colours, z)
    assert sols and min(s[2] for s in sols) == z            # the first solution is exactly at L or L + 1
    p, s = proplib.both(primary, second, {"k": k}, colours)
    assert p.reason == "PROPERTY_VIOLATION" and p.witness["z"] == min(t[2] for t in sols)


def all_solutions_upto(colours, zmax):
    """The solutions with z <= zmax (x <= y), by the definition."""
    return [(x, z - x, z) for z in range(2, zmax + 1) for x in range(1, z // 2 + 1)
            if colours[x - 1] == colours[z - x - 1] == colours[z - 1]]


def test_issue_input_is_decided_in_the_first_prefix(monkeypatch):
    colours, k = bench.case_e()
    sizes = []
    real = primary.module.pair_sum_counts
    monkeypatch.setattr(primary.module, "pair_sum_counts", lambda m: sizes.append(int(m[-1])) or real(m))
    v = primary.check({"k": k}, colours)
    assert v.reason == "PROPERTY_VIOLATION"
    assert max(sizes) <= primary.module.PROBE_LENGTH
    monkeypatch.undo()
    p, s = proplib.both(primary, second, {"k": k}, colours)
    assert p.witness == v.witness


def test_valid_long_colouring_squares_every_prefix():
    colours, k = _valid_long(40_000)
    assert primary.module.prefix_lengths(40_000) == [4096, 40_000]
    p, s = proplib.both(primary, second, {"k": k}, colours)
    assert p.status is Status.ACCEPT and p.objective == 40_000


def test_random_colourings_against_brute_force():
    rnd = random.Random(3)
    old = primary.module.PROBE_LENGTH
    primary.module.PROBE_LENGTH = 16
    try:
        for _ in range(30):
            k = rnd.randint(2, 5)
            n = rnd.randint(130, 400)
            colours = [rnd.randrange(k) for _ in range(n)]
            found = primary.module.find_monochromatic(tuple(colours), k)
            sols = all_solutions(colours)
            assert (found is None) == (not sols)
            if sols:
                assert found[2] == min(t[2] for t in sols)
    finally:
        primary.module.PROBE_LENGTH = old


# ---- many colours (issue 21): classes examined at the cost of their own members ------------------

@pytest.mark.parametrize("k", [1000, 20_000])
def test_many_colours_valid(k):
    colours = list(range(min(k, 5000)))                  # every integer its own colour: sum-free
    p, s = proplib.both(primary, second, {"k": k}, colours)
    assert p.status is Status.ACCEPT and p.objective == len(colours)


@pytest.mark.parametrize("tail,witness", [([499], (500, 500, 1000, 499)), ([0, 0], None)])
def test_many_colours_violation_last(tail, witness):
    """k = 1000: 1..N each in its own colour except the last entries; the only solution is the last z."""
    colours = list(range(1000 - len(tail))) + tail
    p, s = proplib.both(primary, second, {"k": 1000}, colours)
    assert p.reason == s.reason == "PROPERTY_VIOLATION"
    want = witness or (1, 999, 1000, 0)
    for v in (p, s):
        assert (v.witness["x"], v.witness["y"], v.witness["z"], v.witness["colour"]) == want


def test_small_and_large_classes_mixed_against_brute_force():
    """Classes of both kinds in one colouring (small classes paired, large ones squared / bitsets):
    both verifiers report the least solution of the definition (smallest z for the primary, smallest
    x for the second)."""
    rnd = random.Random(11)
    for _ in range(30):
        n = rnd.randrange(200, 1200)
        colours = [rnd.randrange(2) if rnd.random() < 0.7 else 2 + rnd.randrange(400) for _ in range(n)]
        sols = all_solutions(colours)
        p, s = proplib.both(primary, second, {"k": 402}, colours)
        if not sols:
            assert p.status is Status.ACCEPT
            continue
        assert p.witness["z"] == min(t[2] for t in sols)
        assert (s.witness["x"], s.witness["y"]) == min(t[:2] for t in sols)


def _sparse_classes(n: int = 30_000, last: int | None = None) -> tuple[list[int], int]:
    """The integer a gets colour (a - 1) mod 3000 (classes of 10 members spread over 1..n, sum-free
    unless 3000 divides a), the odd multiples of 3000 colour 2999 (odd + odd is even) and the even
    multiples 6000 i the colours 3000 + i; ``last`` recolours the integer n."""
    colours = [(a - 1) % 3000 for a in range(1, n + 1)]
    for a in range(3000, n + 1, 3000):
        colours[a - 1] = 2999 if (a // 3000) % 2 else 3000 + a // 6000
    if last is not None:
        colours[n - 1] = last
    return colours, 3000 + n // 6000 + 1


def test_sparse_classes_valid_and_with_one_late_solution():
    """Many small classes spread over 1..N (the pair-sum path of the primary, the set path of the
    second); then 30,000 recoloured into the class of the odd multiples of 3000: the solutions all
    have z = 30,000, the last integer."""
    colours, k = _sparse_classes()
    p, s = proplib.both(primary, second, {"k": k}, colours)
    assert p.status is Status.ACCEPT and p.objective == 30_000
    colours, k = _sparse_classes(last=2999)
    p, s = proplib.both(primary, second, {"k": k}, colours)
    assert p.witness == {"x": 3000, "y": 27_000, "z": 30_000, "colour": 2999}
    assert s.witness == {"x": 3000, "y": 27_000, "z": 30_000, "colour": 2999}
