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
from tests.test_schur_properties import all_solutions


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
