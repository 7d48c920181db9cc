"""Issue 31: the degdiam verifiers price their paths with the cost model the schema admits with.

* The schema records the level bound L it admitted an answer with (``parsed.levels``: the cheap bound
  from the minimum degree, or 2 e + 1 after the search per component); the second prices its bit-row
  search with that L, and every batch of that search runs at most L levels (counted, never timed).
* Over the whole admitted domain at V = 4,000, the second's chosen path (adjacency lists or bit rows)
  is estimated within ``SECOND_BUDGET_NS``.
* The Cayley search of the second expands every element at most once (at most V |S| pairs, counted),
  stops once everything is reached (K_4000: only the identity is expanded), and rejects where it must.
"""
from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from endless_exam.certificates.schemas import degdiam as schema
from endless_exam.certificates.verdict import Status
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import degdiam as second_mod
from endless_exam.crosscheck.families import load as _load_second
from tests.common import degdiam_graphs as g

primary = _load_primary("degdiam")
second = _load_second("degdiam")


def _count_levels(monkeypatch) -> list[int]:
    """Record the levels run by every batch of the bit-row search (calls of ``_expand`` inside
    ``bit_balls``; the one-source search for a witness's exact distance is not a batch)."""
    per_batch: list[int] = []
    inside = [False]
    expand, balls = second_mod._expand, second_mod.bit_balls

    def counting_expand(*args):
        if inside[0]:
            per_batch[-1] += 1
        return expand(*args)

    def counting_balls(*args):
        per_batch.append(0)
        inside[0] = True
        try:
            return balls(*args)
        finally:
            inside[0] = False

    monkeypatch.setattr(second_mod, "_expand", counting_expand)
    monkeypatch.setattr(second_mod, "bit_balls", counting_balls)
    return per_batch


def _pendant(core: int, p: float, seed: int) -> list[list[int]]:
    rnd = random.Random(seed)
    edges = [[u, v] for u in range(core) for v in range(u + 1, core) if rnd.random() < p]
    edges += [[u, u + 1] for u in range(core - 1) if [u, u + 1] not in edges]      # connected
    return sorted(edges) + [[0, core]]                                              # a pendant vertex


@pytest.mark.parametrize("seed", range(4))
def test_the_bit_rows_run_at_most_the_admitted_levels(monkeypatch, seed):
    """A dense core with a pendant vertex (minimum degree 1): the cheap bound gives L = k, the search per
    component 2 e + 1; with the work bound lowered so that only the second admits, parsed.levels is the
    tightened L and every batch of the second's bit-row search runs at most that many levels."""
    edges = _pendant(150, 0.3, seed)
    V, E, k = 151, len(edges), 150
    cheap = schema.levels(V, k, 1)
    tight = min(cheap, schema.diameter_bound(V, tuple(map(tuple, edges))) + 1)
    assert tight < cheap
    monkeypatch.setattr(schema, "MAX_PRIMARY_WORK", tight * schema.dense_units(V, E))
    parsed = schema.parse(edges, {"d": V, "k": k})
    assert parsed.levels == tight
    per_batch = _count_levels(monkeypatch)
    verdict = second_mod._all_sources_bits(parsed, "test")
    assert verdict.status is Status.ACCEPT and per_batch and max(per_batch) <= parsed.levels
    # an answer the cheap bound admits keeps the cheap L
    monkeypatch.setattr(schema, "MAX_PRIMARY_WORK", 10 ** 10)
    assert schema.parse(edges, {"d": V, "k": k}).levels == cheap


def test_the_bit_rows_reject_within_the_admitted_levels(monkeypatch):
    """The same graph with k one below its diameter: the bit-row search must reject, within L levels."""
    edges = _pendant(120, 0.3, 7)
    diam = g.diameter(edges)
    parsed = schema.parse(edges, {"d": 200, "k": diam - 1})
    per_batch = _count_levels(monkeypatch)
    verdict = second_mod._all_sources_bits(parsed, "test")
    assert verdict.reason == "PROPERTY_VIOLATION" and verdict.witness["distance"] == diam
    assert max(per_batch) <= parsed.levels


def test_issue31_case1_is_priced_by_the_eccentricity_bound():
    """The 580,000-edge graph with one pendant vertex (issue 31 case 1) is admitted with L = 2 e + 1 <= 9,
    and the second takes the bit rows, estimated within its budget (the list search is estimated at
    3e10 ns, the minimum-degree level bound would have priced the bit rows at 3.3e10)."""
    rng = np.random.default_rng(31)
    iu = np.triu_indices(3999, 1)
    keys = np.sort(rng.choice(len(iu[0]), size=579_999, replace=False))
    edges = np.stack([iu[0][keys], iu[1][keys]], 1).tolist() + [[0, 3999]]
    parsed = schema.parse(edges, {"d": 10_000, "k": 4000})
    assert parsed.vertices == 4000 and parsed.levels <= 9
    assert schema.work(4000, len(edges), 4000, 1) > schema.MAX_PRIMARY_WORK       # admitted only by the search
    assert second_mod.bits_are_cheaper(parsed)
    assert second_mod.bit_cost(4000, parsed.levels) <= second_mod.SECOND_BUDGET_NS < second_mod.list_cost(4000, len(edges))
    assert second_mod.bit_cost(4000, schema.levels(4000, 4000, 1)) > second_mod.SECOND_BUDGET_NS


def test_every_admitted_edge_list_is_within_the_second_budget():
    """At V = 4,000, for every number of edges E and every level bound L the schema can admit with
    (L * dense_units <= MAX_PRIMARY_WORK or 24 E V <= MAX_PRIMARY_WORK), the cheaper of the second's
    two paths is estimated within SECOND_BUDGET_NS; the largest estimate is printed by the assertion."""
    V = 4000
    worst = 0
    for E in sorted({int(x) for x in np.geomspace(V // 2, schema.MAX_EDGES, 400)} | {104_166, 104_167, 125_000}):
        sparse_ok = 2 * schema.SPARSE_UNITS * E * V <= schema.MAX_PRIMARY_WORK
        top = V if sparse_ok else min(V, schema.MAX_PRIMARY_WORK // schema.dense_units(V, E))
        if top < 1:
            continue
        for L in {1, 2, top // 2, top} - {0}:
            cost = min(second_mod.list_cost(V, E), second_mod.bit_cost(V, L))
            worst = max(worst, cost)
            assert cost <= second_mod.SECOND_BUDGET_NS, (E, L, cost)
    assert worst > second_mod.SECOND_BUDGET_NS // 4          # the sweep reaches the expensive end


# ---- the second's Cayley search -----------------------------------------------------------------------

def _complete_form(moduli, keep=lambda e: True) -> dict:
    elements = [list(e) for e in itertools.product(*[range(m) for m in moduli]) if any(e) and keep(e)]
    return {"cayley": {"moduli": list(moduli), "generators": elements}}


def test_cayley_search_of_a_complete_graph_expands_only_the_identity():
    form = _complete_form([2, 2, 2, 2, 2, 5, 5, 5, 1, 1, 1, 1])
    parsed = schema.parse(form, {"d": 3999, "k": 2})
    group = second_mod.CayleyGroup(parsed.moduli, parsed.generators)
    dist = group.search(0, parsed.k)
    assert (dist >= 0).all() and dist.max() == 1 and group.expanded == 3999
    assert second.check({"d": 3999, "k": 2}, form).objective == 4000
    assert second.check({"d": 3998, "k": 2}, form).witness == {"vertex": 0, "degree": 3999}


def test_cayley_search_expands_every_element_at_most_once():
    """Random Cayley graphs of small groups: the search agrees with the all-sources path on the expanded
    graph, and expands at most V |S| (element, generator) pairs."""
    rnd = random.Random(31)
    for _ in range(60):
        moduli = [rnd.choice([1, 2, 3, 4, 5, 6]) for _ in range(rnd.randint(1, 4))]
        elements = list(itertools.product(*[range(m) for m in moduli]))
        gens = [list(rnd.choice(elements)) for _ in range(rnd.randint(1, 4))]
        form = {"cayley": {"moduli": moduli, "generators": gens}}
        params = {"d": 50, "k": rnd.randint(1, 5)}
        parsed = schema.parse(form, params)
        group = second_mod.CayleyGroup(parsed.moduli, parsed.generators)
        group.search(0, None)
        assert group.expanded <= parsed.vertices * len(group.connection)
        fast, full = second.check(params, form), second_mod.all_sources_check(parsed)
        assert (fast.status, fast.reason) == (full.status, full.reason)
        if fast.status is Status.REJECT and "pair" in fast.witness:
            assert primary.witness_holds(params, form, fast.witness)[0]


def test_cayley_search_rejects():
    """A disconnected Cayley graph (the index-2 subgroup of the 12-moduli group: K_2000 twice), a far
    pair (C_20 at k = 9: the antipode 10), and the exact distances the confirmation reads off the search."""
    half = _complete_form([2, 2, 2, 2, 2, 5, 5, 5, 1, 1, 1, 1], keep=lambda e: e[0] == 0)
    v = second.check({"d": 3999, "k": 3}, half)
    assert v.reason == "PROPERTY_VIOLATION" and v.witness == {"pair": [0, 2000], "connected": False}
    assert primary.witness_holds({"d": 3999, "k": 3}, half, v.witness)[0]
    cycle = {"cayley": {"moduli": [20], "generators": [[1]]}}
    assert second.check({"d": 2, "k": 9}, cycle).witness == {"pair": [0, 10], "distance": 10}
    assert second.check({"d": 2, "k": 10}, cycle).status is Status.ACCEPT
    assert second.witness_holds({"d": 2, "k": 9}, cycle, {"pair": [3, 13], "distance": 10})[0]
    assert not second.witness_holds({"d": 2, "k": 9}, cycle, {"pair": [3, 12], "distance": 10})[0]
    assert not second.witness_holds({"d": 2, "k": 9}, cycle, {"pair": [3, 13], "connected": False})[0]


@pytest.mark.parametrize("seed", range(8))
def test_bottom_up_levels_give_the_same_balls(monkeypatch, seed):
    """The bit-row search with and without the bottom-up levels gives the same balls for every k, on
    random graphs with pendant vertices and isolated vertices (where the bottom-up rule triggers), and
    the balls are those of the definition."""
    rnd = random.Random(seed)
    n = rnd.randint(20, 140)
    p = rnd.choice([0.05, 0.2, 0.5, 0.9])
    edges = [[u, v] for u in range(n) for v in range(u + 1, n) if rnd.random() < p] or [[0, 1]]
    edges += [[rnd.randrange(n), n]]                    # a pendant vertex n
    if rnd.random() < 0.5:
        edges += [[0, n + 2]]                           # and n + 1 isolated
    V = max(v for _, v in edges) + 1
    A = second_mod.bit_rows(V, np.array(edges, dtype=np.int64))
    dist = [g.distances(g.adjacency(edges, V), x) for x in range(V)]
    sources = np.arange(V, dtype=np.int64)
    for k in (1, 2, 3, 5, V):
        monkeypatch.setattr(second_mod, "BOTTOM_UP", True)
        up = second_mod.bit_balls(A, V, sources, k)
        monkeypatch.setattr(second_mod, "BOTTOM_UP", False)
        down = second_mod.bit_balls(A, V, sources, k)
        assert np.array_equal(up, down)
        for x in range(0, V, 3):
            got = set(second_mod._set_bits(up[x:x + 1])[1].tolist())
            assert got == {y for y, t in enumerate(dist[x]) if t is not None and t <= k}


def test_bottom_up_levels_are_taken_around_a_pendant_vertex(monkeypatch):
    """A dense random graph with a pendant vertex: the third level of most sources misses only a few
    vertices, so the bottom-up rule is taken, and the verdict is the list search's."""
    calls = [0]
    gather = second_mod._gather_up

    def counting(*args):
        calls[0] += 1
        return gather(*args)

    monkeypatch.setattr(second_mod, "_gather_up", counting)
    edges = _pendant(100, 0.5, 1)
    parsed = schema.parse(edges, {"d": 100, "k": 3})
    bits = second_mod._all_sources_bits(parsed, "test")
    assert calls[0] > 0
    lists = second_mod.first_short_ball(second_mod._adjacency_lists(parsed), parsed.vertices, 3, force="python")
    assert (bits.status is Status.ACCEPT) == (lists == (None, None))
    short = schema.parse(edges, {"d": 100, "k": 2})
    assert second_mod._all_sources_bits(short, "test").reason == "PROPERTY_VIOLATION"
