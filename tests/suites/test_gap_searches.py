"""The searches of issue 19 item 5 on small cases: the voltage-lift hill climb (``_lift_search``) and the
covering shrink-and-repair loop produce answers both verifiers accept, their cost functions agree with a
plain breadth-first search / enumeration, and corrupted outputs are rejected by both verifiers."""
from __future__ import annotations

import random

from endless_exam.checker.constructions import _lift_search as lifts
from endless_exam.checker.constructions import covering as cov
from endless_exam.checker.constructions import degdiam as dd
from endless_exam.checker.families import load as load_primary
from endless_exam.crosscheck.families import load as load_second


def both(family: str, params: dict, answer) -> tuple:
    return load_primary(family).check(params, answer), load_second(family).check(params, answer)


def lift_edges(b: int, n: int, darts) -> list[list[int]]:
    adj = dd.lift_adjacency(b, n, darts)
    return [list(e) for e in sorted({(min(x, y), max(x, y)) for x in range(b * n) for y in adj[x]})]


def test_lift_cost_matches_breadth_first_search():
    rnd = random.Random(7)
    checked = zero = 0
    for _ in range(40):
        d, k, b, n = rnd.choice([(3, 3, 2, 8), (3, 4, 4, 6), (4, 3, 3, 9), (4, 2, 1, 13)])
        pairs = dd.random_base(b, d, rnd)
        darts = [(u, w, rnd.randrange(n) if u != w else rnd.randrange(1, n)) for u, w in pairs]
        if not lifts.simple_regular(b, n, d, darts):
            continue
        adj = dd.lift_adjacency(b, n, darts)
        missing = sum(b * n - dd.ball_size(lambda y: adj[y], u * n, k, b * n) for u in range(b))
        assert lifts.cost(b, n, k, darts) == missing
        checked += 1
        zero += missing == 0
    assert checked >= 20 and 0 < zero < checked          # both outcomes (diameter <= k and > k) occur


def test_simple_regular_rejects_loops_and_parallel_edges():
    assert not lifts.simple_regular(1, 5, 2, [(0, 0, 0)])              # voltage-0 loop: a loop of the lift
    assert not lifts.simple_regular(2, 5, 2, [(0, 1, 1), (0, 1, 1)])   # parallel darts: a double edge
    assert lifts.simple_regular(2, 5, 2, [(0, 1, 1), (0, 1, 2)])       # the 10-cycle


def test_lift_climb_output_is_accepted_and_corruptions_rejected():
    d, k, b, n = 4, 2, 1, 13                              # a circulant of degree 4, diameter 2 (the maximum, 13)
    used, darts = lifts.climb(d, k, b, n, 20_000, 1, random_base=dd.random_base)
    assert darts is not None and lifts.cost(b, n, k, darts) == 0
    edges = lift_edges(b, n, darts)
    params = {"d": d, "k": k}
    p, s = both("degdiam", params, edges)
    assert p.valid and s.valid and p.objective == s.objective == b * n
    extra = next([0, y] for y in range(1, b * n) if [0, y] not in edges)   # vertex 0 gets degree d + 1
    p, s = both("degdiam", params, sorted(edges + [extra]))
    assert not p.valid and not s.valid
    bad = [list(x) for x in darts]
    for i in range(len(bad)):                             # a voltage changed so that the diameter exceeds k
        for a in range(n):
            trial = [tuple(x) for x in bad]
            trial[i] = (trial[i][0], trial[i][1], a)
            if lifts.simple_regular(b, n, d, trial) and lifts.cost(b, n, k, trial) > 0:
                p2, s2 = both("degdiam", params, lift_edges(b, n, trial))
                assert not p2.valid and not s2.valid
                return
    raise AssertionError("no corrupting voltage found")


def test_shrink_and_repair_reaches_the_fano_plane_and_a_dropped_block_is_rejected():
    s = cov.Search(7, 3, 2, 1)
    s.greedy()
    blocks, _ = cov.shrink_and_repair(s, 5_000, 60_000, 0.3, log=lambda m: None)
    assert len(blocks) == 7 and cov.is_covering(blocks, 7, 3, 2)
    params = {"v": 7, "k": 3, "t": 2}
    p, s2 = both("covering", params, blocks)
    assert p.valid and s2.valid and p.objective == s2.objective == 7
    p, s2 = both("covering", params, blocks[1:])
    assert not p.valid and not s2.valid
