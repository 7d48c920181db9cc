"""Property, mutation and formal-oracle tests of the ``degdiam`` family.

(a) Generated small graphs (random edge sets, trees, cycles with chords, random Cayley forms): the
    primary (bit-parallel balls), the second (per-source BFS on sets and its numpy path), the plain
    definition and the z3 oracle agree; every witness is real and confirmed by the other verifier.
(b) Vertex transitivity: the second's single search from 0 on a Cayley form agrees with the full
    all-sources check on the expanded graph, and a Cayley form and its edge list get the same verdict.
(c) Mutations of valid graphs (Moore graphs, circulants, the bundled constructions): dropping or adding
    an edge gives the definition's verdict, repeating one is DUPLICATE, relabelling the vertices and
    reordering the edges keep verdict and objective, reversing an edge is RANGE.
(d) The z3 oracle: planted violations are found, valid graphs are unsat, limits are enforced.
(e) Parameters, the Moore bound, the prompt, independence of the second verifier.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from endless_exam import fixtures
from endless_exam.certificates import strictjson
from endless_exam.certificates.errors import AnswerError, ParamsError
from endless_exam.certificates.schemas import degdiam as schema
from endless_exam.certificates.verdict import Status
from endless_exam.checker import prompts
from endless_exam.checker.suites import instances as suites
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import load as _load_second
from endless_exam.crosscheck.families import degdiam as second_mod
from endless_exam.crosscheck.oracle import degdiam as oracle
from tests.common import degdiam_graphs as g
from tests.common import proplib
import numpy as np

primary = _load_primary("degdiam")
second = _load_second("degdiam")
CONSTRUCTIONS = [doc for _, doc in fixtures.list_json("constructions", "degdiam")]


def both(edges_or_form, d, k):
    return proplib.both(primary, second, {"d": d, "k": k}, edges_or_form)


def expected(edges, d, k):
    hit = g.violation(edges, d, k)
    if hit is None:
        return Status.ACCEPT, None
    return Status.REJECT, "DUPLICATE" if hit[0] == "duplicate" else "PROPERTY_VIOLATION"


def assert_real_witness(edges, d, k, w):
    vertices = max(v for _, v in edges) + 1
    adj = g.adjacency(edges, vertices)
    if "edge" in w:
        i, j = w["indices"]
        assert edges[i] == edges[j]
    elif "vertex" in w:
        assert len(adj[w["vertex"]]) == w["degree"] > d
    else:
        x, y = w["pair"]
        dist = g.distances(adj, x)[y]
        assert (dist is None and w.get("connected") is False) or (dist == w.get("distance") and dist > k)


# ---- (a) generated graphs ---------------------------------------------------------------------------

@st.composite
def small_graphs(draw):
    rnd = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    n = rnd.randint(2, 12)
    how = draw(st.sampled_from(["random", "tree", "cycle_chords", "dense"]))
    if how == "random":
        edges = [(u, v) for u in range(n) for v in range(u + 1, n) if rnd.random() < 0.3]
    elif how == "tree":
        edges = [(rnd.randrange(v), v) for v in range(1, n)]
    elif how == "cycle_chords":
        edges = [(i, (i + 1) % n) for i in range(n)] + [(rnd.randrange(n), rnd.randrange(n)) for _ in range(rnd.randint(0, 3))]
    else:
        edges = [(u, v) for u in range(n) for v in range(u + 1, n) if rnd.random() < 0.7]
    edges = g.norm(edges) or [[0, 1]]
    rnd.shuffle(edges)
    if draw(st.booleans()) and len(edges) > 1:
        edges.append(list(edges[rnd.randrange(len(edges))]))         # sometimes a repeated edge
    d = draw(st.integers(1, 6))
    k = draw(st.integers(1, 6))
    return edges, d, k


@settings(max_examples=60, deadline=None)
@given(small_graphs())
def test_generated_graphs_agree_with_the_definition(case):
    edges, d, k = case
    pv, sv = both(edges, d, k)
    status, reason = expected(edges, d, k)
    assert (pv.status, pv.reason) == (status, reason)
    if status is Status.ACCEPT:
        assert pv.objective == max(v for _, v in edges) + 1
    else:
        assert_real_witness(edges, d, k, pv.witness)
        assert_real_witness(edges, d, k, sv.witness)
    parsed = schema.parse(edges, {"d": d, "k": k})
    if reason != "DUPLICATE" and oracle.fits(parsed):
        answer, w = oracle.oracle(parsed)
        assert answer == ("unsat" if status is Status.ACCEPT else "sat")
        if w is not None:
            assert primary.witness_holds({"d": d, "k": k}, edges, w)[0]
            assert second.witness_holds({"d": d, "k": k}, edges, w)[0]


@settings(max_examples=30, deadline=None)
@given(small_graphs())
def test_second_python_and_numpy_paths_agree(case):
    edges, d, k = case
    if g.violation(edges, d, k) and g.violation(edges, d, k)[0] == "duplicate":
        return
    parsed = schema.parse(edges, {"d": d, "k": k})
    adj = second_mod._adjacency_lists(parsed)
    a = second_mod.first_short_ball(adj, parsed.vertices, k, force="python")
    b = second_mod.first_short_ball(adj, parsed.vertices, k, force="numpy")
    assert a == b
    old = second_mod.BATCH_SOURCES
    try:
        for batch in (1, 2, 3):                    # sources split over several batches, the last one short
            second_mod.BATCH_SOURCES = batch
            assert second_mod.first_short_ball(adj, parsed.vertices, k, force="numpy") == a
    finally:
        second_mod.BATCH_SOURCES = old


@pytest.mark.parametrize("batch", [1, 3, 256])
def test_second_batched_search_on_long_paths_and_cycles(batch, monkeypatch):
    """Graphs of large diameter (hundreds of levels) on the numpy path in batches: a cycle is accepted at
    k = its diameter and rejected one below with the first source (0) and its exact ball, a path
    likewise (first short ball at source 0, the far end missing)."""
    monkeypatch.setattr(second_mod, "BATCH_SOURCES", batch)
    for edges, V, diam in ((g.cycle(301), 301, 150), ([[i, i + 1] for i in range(199)], 200, 199)):
        parsed = schema.parse(edges, {"d": 2, "k": diam})
        adj = second_mod._adjacency_lists(parsed)
        assert second_mod.first_short_ball(adj, V, diam, force="numpy") == (None, None)
        x, ball = second_mod.first_short_ball(adj, V, diam - 1, force="numpy")
        assert x == 0 and ball == second_mod._levels(adj, 0, diam - 1)[0] and len(ball) == V - (2 if V == 301 else 1)
        sv = second.check({"d": 2, "k": diam - 1}, edges)
        assert sv.reason == "PROPERTY_VIOLATION" and sv.witness["pair"][0] == 0 and sv.witness["distance"] == diam


@st.composite
def cayley_forms(draw):
    rnd = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    moduli = [rnd.randint(2, 7) for _ in range(rnd.randint(1, 3))]
    if rnd.random() < 0.2:
        moduli.insert(rnd.randrange(len(moduli) + 1), 1)          # a trivial factor Z_1
    gens = []
    while len(gens) < rnd.randint(1, 3):
        gvec = [rnd.randrange(n) for n in moduli]
        if any(gvec):
            gens.append(gvec)
    return {"cayley": {"moduli": moduli, "generators": gens}}, draw(st.integers(1, 6)), draw(st.integers(1, 6))


@settings(max_examples=40, deadline=None)
@given(cayley_forms())
def test_cayley_single_search_matches_the_full_check_and_the_edge_list(case):
    form, d, k = case
    params = {"d": d, "k": k}
    pv, sv = both(form, d, k)
    parsed = schema.parse(form, params)
    full = second_mod.all_sources_check(parsed)
    assert (full.status, full.reason) == (sv.status, sv.reason)
    edges = g.cayley_edges(form["cayley"]["moduli"], form["cayley"]["generators"])
    vertices = parsed.vertices
    status, reason = expected(edges, d, k) if max(v for _, v in edges) + 1 == vertices else (Status.REJECT, "PROPERTY_VIOLATION")
    assert (pv.status, pv.reason) == (status, reason)
    if pv.status is Status.ACCEPT:
        assert pv.objective == vertices
        ev, _ = both(edges, d, k)
        assert ev.status is Status.ACCEPT and ev.objective == vertices
    else:
        w = sv.witness
        if "pair" in w:
            assert w["pair"][0] == 0                          # the single search starts at the identity
        assert primary.witness_holds(params, form, w)[0]


def test_vertex_transitivity_on_the_larger_cayley_fixtures():
    for doc in CONSTRUCTIONS:
        if isinstance(doc["answer"], dict):
            params = doc["params"]
            parsed = schema.parse(doc["answer"], params)
            if parsed.vertices <= 400:
                assert second_mod.all_sources_check(parsed).status is Status.ACCEPT


# ---- (c) mutations ----------------------------------------------------------------------------------

def bases():
    out = [(g.petersen(), 3, 2), (g.cycle(5), 2, 2), (g.cycle(7), 2, 3), (g.complete(5), 4, 1),
           (g.circulant(13, [1, 5]), 4, 2)]
    wide = g.circulant(40, [1, 9])
    out.append((wide, 4, g.diameter(wide)))
    for doc in CONSTRUCTIONS:
        if isinstance(doc["answer"], list) and len(doc["answer"]) <= 400:
            out.append((doc["answer"], doc["params"]["d"], doc["params"]["k"]))
    return out


BASES = bases()


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(range(len(BASES))), st.data())
def test_dropping_an_edge(b, data):
    edges, d, k = BASES[b]
    i = data.draw(st.integers(0, len(edges) - 1))
    mutated = edges[:i] + edges[i + 1:]
    if not mutated:
        return
    pv, _ = both(mutated, d, k)
    assert (pv.status, pv.reason) == expected(mutated, d, k)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(range(len(BASES))), st.data())
def test_adding_an_edge(b, data):
    edges, d, k = BASES[b]
    vertices = max(v for _, v in edges) + 1
    u = data.draw(st.integers(0, vertices - 1))
    v = data.draw(st.integers(0, vertices))
    if u == v:
        return
    new = sorted((u, v))
    mutated = edges + [new]
    pv, _ = both(mutated, d, k)
    assert (pv.status, pv.reason) == expected(mutated, d, k)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(range(len(BASES))), st.data())
def test_repeating_an_edge_is_a_duplicate(b, data):
    edges, d, k = BASES[b]
    i = data.draw(st.integers(0, len(edges) - 1))
    at = data.draw(st.integers(0, len(edges)))
    mutated = edges[:at] + [list(edges[i])] + edges[at:]
    pv, sv = both(mutated, d, k)
    assert pv.reason == sv.reason == "DUPLICATE"


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(range(len(BASES))), st.integers(0, 10 ** 6))
def test_relabelling_keeps_verdict_and_objective(b, seed):
    edges, d, k = BASES[b]
    pv, _ = both(g.relabel(edges, seed), d, k)
    assert pv.status is Status.ACCEPT and pv.objective == max(v for _, v in edges) + 1


def test_reversing_an_edge_is_range():
    pv, _ = both([[1, 0]] + g.petersen()[1:], 3, 2)
    assert pv.reason == "RANGE"


def test_isolated_vertex_and_component_witnesses():
    pv, sv = both([[1, 2], [2, 3]], 3, 3)
    assert pv.witness == {"pair": [0, 1], "connected": False} == sv.witness


# ---- (d) the oracle ---------------------------------------------------------------------------------

def test_oracle_small_facts():
    assert oracle.decide(g.petersen(), 10, 3, 2) == ("unsat", None)
    assert oracle.decide(g.petersen(), 10, 3, 1)[0] == "sat"
    assert oracle.decide(g.petersen(), 10, 2, 2)[1][0] == "degree"
    assert oracle.decide(g.cycle(6), 6, 2, 2)[1][:1] == ("distance",)
    status, hit = oracle.decide([[0, 1], [2, 3]], 4, 3, 5)
    assert status == "sat" and hit[3] is None
    assert oracle.decide([[0, 1]], 2, 1, 1) == ("unsat", None)
    with pytest.raises(ValueError):
        oracle.decide(g.cycle(65), 65, 2, 2)
    with pytest.raises(ValueError):
        oracle.decide(g.cycle(5), 5, 2, 13)
    with pytest.raises(ValueError):
        oracle.decide([[1, 0]], 2, 1, 1)
    assert oracle.cayley_edges((7,), ((1,),)) == [tuple(e) for e in g.cycle(7)]


@settings(max_examples=12, deadline=None)
@given(st.sampled_from([0, 1, 2, 3, 4]), st.data())
def test_oracle_planted_violation(b, data):
    edges, d, k = BASES[b]
    vertices = max(v for _, v in edges) + 1
    assert oracle.decide(edges, vertices, d, k) == ("unsat", None)
    if data.draw(st.booleans()):
        i = data.draw(st.integers(0, len(edges) - 1))
        mutated = edges[:i] + edges[i + 1:]
    else:
        u, v = data.draw(st.lists(st.integers(0, vertices - 1), min_size=2, max_size=2, unique=True))
        mutated = g.norm(edges + [[u, v]])
    status, hit = oracle.decide(g.norm(mutated), vertices, d, k)
    truth = g.violation(g.norm(mutated), d, k) if max(v for _, v in mutated) + 1 == vertices else ("distance",)
    assert status == ("unsat" if truth is None else "sat")


# ---- (e) parameters, bound, prompt, independence ----------------------------------------------------

def test_params_are_strict_and_bounded():
    assert schema.validate_params({"d": 20, "k": 500}) == {"d": 20, "k": 500}
    assert schema.validate_params({"d": 4, "k": 48}) == {"d": 4, "k": 48}
    assert schema.validate_params({"d": 1, "k": 1}) == {"d": 1, "k": 1}
    assert schema.validate_params({"d": 10_000, "k": 10_000}) == {"d": 10_000, "k": 10_000}
    for bad in ({"d": 10_001, "k": 2}, {"d": 0, "k": 2}, {"d": 3, "k": 10_001}, {"d": 3, "k": 0}, {"d": True, "k": 2},
                {"d": 3.0, "k": 2}, {"d": 3}, {"d": 3, "k": 2, "V": 10}, [3, 2]):
        with pytest.raises(ParamsError):
            schema.validate_params(bad)


def test_sizes_are_checked_before_elements():
    with pytest.raises(AnswerError) as info:
        schema.parse([None] * (schema.MAX_EDGES + 1), {"d": 3, "k": 2})
    assert info.value.reason == "SIZE_LIMIT"
    with pytest.raises(AnswerError) as info:
        schema.parse({"cayley": {"moduli": [4001, "x"], "generators": None}}, {"d": 3, "k": 2})
    assert info.value.reason == "SIZE_LIMIT"


def test_moore_bound():
    spec = primary.SPEC
    assert spec.bound({"d": 3, "k": 2}) == (10, "bound")
    assert spec.bound({"d": 2, "k": 5}) == (11, "bound")
    assert spec.bound({"d": 1, "k": 4}) == (2, "bound")
    assert spec.bound({"d": 7, "k": 2}) == (50, "bound")
    for d in range(1, 9):
        for k in range(1, 12):
            assert primary.module.moore_bound(d, k) == 1 + d * sum((d - 1) ** i for i in range(k))
    assert primary.module.moore_bound(10_000, 10_000) == 1 + 10_000 * ((9_999 ** 10_000 - 1) // 9_998)
    for inst in suites.all_instances():
        if inst.family == "degdiam":
            assert spec.bound(inst.params) == (inst.bound, inst.bound_kind)


def test_prompt_states_every_limit():
    for inst in [i for i in suites.all_instances() if i.family == "degdiam"]:
        text = prompts.prompt("degdiam", inst.params)
        for value in ("4,000", f"{schema.MAX_EDGES:,}", "12", f"{schema.MAX_D:,}", f"{schema.MAX_K:,}", "60 seconds",
                      f"{schema.MAX_PRIMARY_WORK:,}", "ceil(V / 8) * (V + 256)"):
            assert value in text, value
        assert '{"cayley"' in text and "0 <= u < v" in text


def test_second_verifier_is_independent():
    proplib.assert_crosscheck_is_independent(
        "degdiam",
        "from endless_exam.crosscheck.families import load",
        "v = load('degdiam').check({'d': 2, 'k': 2}, [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [0, 5]])",
        "assert v.reason == 'PROPERTY_VIOLATION', v",
        "assert 'flint' not in sys.modules and 'sympy' not in sys.modules and 'gmpy2' not in sys.modules",
    )


def test_reference_constructions_are_accepted_by_both():
    assert len(CONSTRUCTIONS) >= 7
    for doc in CONSTRUCTIONS:
        proplib.assert_reference_construction("degdiam", primary, second, doc)


# ---- long campaign (pytest -m slow) ------------------------------------------------------------------

@pytest.mark.slow
@settings(max_examples=1500, deadline=None)
@given(small_graphs())
def test_long_campaign_generated_graphs(case):
    test_generated_graphs_agree_with_the_definition.hypothesis.inner_test(case)


@pytest.mark.slow
@settings(max_examples=800, deadline=None)
@given(cayley_forms())
def test_long_campaign_cayley_forms(case):
    test_cayley_single_search_matches_the_full_check_and_the_edge_list.hypothesis.inner_test(case)


# ---- (f) the work bounds that replace the parameter bounds (issue 21) --------------------------------

def test_level_bound_from_the_minimum_degree():
    """L = min(k, floor(3V / (delta + 1)) + 2, V) is at least the levels the ball iteration needs: the
    diameter + 1 (one level to see nothing change) of every graph, checked on cycles, paths, circulants
    and random connected graphs."""
    rnd = random.Random(21)
    graphs = [g.cycle(n) for n in (5, 40, 301)] + [[[i, i + 1] for i in range(n - 1)] for n in (2, 9, 200)]
    graphs += [g.circulant(300, jumps) for jumps in ([1, 2], [1, 5, 17], list(range(1, 20)))]
    for _ in range(20):
        n = rnd.randrange(3, 80)
        edges = {(i, i + 1) for i in range(n - 1)} | {tuple(sorted(rnd.sample(range(n), 2))) for _ in range(rnd.randrange(n))}
        graphs.append([list(e) for e in sorted(edges)])
    for edges in graphs:
        V = max(v for _, v in edges) + 1
        deg = [0] * V
        for u, v in edges:
            deg[u] += 1
            deg[v] += 1
        diam = g.diameter(edges)
        assert diam is not None
        assert diam + 1 <= schema.levels(V, 10 ** 6, min(deg)) or diam + 1 > V
        assert diam <= 3 * V / (min(deg) + 1) + 1


def test_work_bounds_refuse_from_sizes():
    # 4,000-vertex circulant of degree 126: V (V + 2E) = 4,000 * 508,000 > 2e9 was the second's old
    # bound; its bit-row search covers it, so the answer is parsed (the primary's work is 2 dense levels)
    assert schema.parse(g.circulant(4000, list(range(1, 64))), {"d": 126, "k": 2}).vertices == 4000
    # the primary's bound: a dense core with a long path (minimum degree 1): L = k, 24 E V > 10^10
    core = g.circulant(2000, list(range(1, 56)))
    tail = [[1999 + i, 2000 + i] for i in range(2000)]
    with pytest.raises(AnswerError) as info:
        schema.parse(core + tail, {"d": 111, "k": 4000})
    assert info.value.reason == "SIZE_LIMIT" and "24 E V" in info.value.message
    # the same graph for a small k is decided (few levels)
    p, s = proplib.both(primary, second, {"d": 111, "k": 3}, core + tail)
    assert p.reason == s.reason == "PROPERTY_VIOLATION"
    # a Cayley form is bounded by the primary's work only (the second searches from the identity once)
    assert schema.work(4000, 4000 * 3999 // 2, 1, 3999) <= schema.MAX_PRIMARY_WORK
    full = {"cayley": {"moduli": [4000], "generators": [[j] for j in range(1, 2001)]}}
    assert schema.parse(full, {"d": 3999, "k": 1}).vertices == 4000


def test_sparse_and_dense_levels_agree():
    """The primary's ball iteration gives the same rows whether every level is done densely or
    sparsely, on graphs with many levels and with few."""
    mod = primary.module
    for edges in (g.cycle(130), g.circulant(200, [1, 7, 30]), [[i, i + 1] for i in range(99)] + [[0, j] for j in range(2, 30)]):
        V = max(v for _, v in edges) + 1
        indptr, indices = mod.csr(V, np.array(edges, dtype=np.int64))
        for k in (1, 3, 40, 200):
            old = mod.SPARSE_COST, mod.GATHER_COST, mod.SCATTER_SHARE
            try:
                mod.SPARSE_COST, mod.SCATTER_SHARE = 0, 0         # always sparse, sorted
                sparse, _ = mod.balls(V, indptr, indices, k)
                mod.SCATTER_SHARE = 10 ** 12                      # always sparse, scattered
                scattered, _ = mod.balls(V, indptr, indices, k)
                mod.SPARSE_COST, mod.GATHER_COST = 10 ** 12, 0    # always dense, gathered
                dense, _ = mod.balls(V, indptr, indices, k)
                mod.GATHER_COST = 10 ** 12                        # always dense, by tables
                tables, _ = mod.balls(V, indptr, indices, k)
            finally:
                mod.SPARSE_COST, mod.GATHER_COST, mod.SCATTER_SHARE = old
            assert np.array_equal(sparse, dense) and np.array_equal(sparse, scattered) and np.array_equal(sparse, tables)
            dist = [g.distances(g.adjacency(edges, V), x) for x in range(0, V, 17)]
            for x, row in zip(range(0, V, 17), dist):
                want = {y for y, t in enumerate(row) if t is not None and t <= k}
                got = {y for y in range(V) if int(sparse[x, y // 64]) >> (y % 64) & 1}
                assert got == want


# ---- (g) dense graphs: the second's bit-row search, the primary's table levels, the edge limit -------

def _bits_forced(monkeypatch, on: bool) -> None:
    monkeypatch.setattr(second_mod, "bits_are_cheaper", lambda parsed: on)


@st.composite
def dense_graphs(draw):
    """Random graphs on up to 150 vertices (so that the bit rows span several words), dense or sparse,
    sometimes with an isolated last vertex, with k around the diameter."""
    rnd = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    n = rnd.randint(2, 150)
    p = rnd.choice([0.02, 0.1, 0.5, 0.9, 1.0])
    edges = [[u, v] for u in range(n) for v in range(u + 1, n) if rnd.random() < p] or [[0, 1]]
    if rnd.random() < 0.2:
        edges.append([0, n])                              # vertex n hangs on 0 ...
        if rnd.random() < 0.5:
            edges = [e for e in edges if e != [0, n]] + [[n - 1, n + 1]]   # ... or n is isolated
    diam = g.diameter(edges)
    k = max(1, (diam or rnd.randint(1, 6)) + rnd.choice([-1, 0, 0, 1]))
    d = rnd.choice([n, max(1, n // 2), 3])
    return edges, d, k


@settings(max_examples=60, deadline=None)
@given(dense_graphs())
def test_second_bit_rows_agree_with_the_lists_and_the_definition(case):
    edges, d, k = case
    params = {"d": d, "k": k}
    parsed = schema.parse(edges, params)
    V = parsed.vertices
    adj = second_mod._adjacency_lists(parsed)
    A = second_mod.bit_rows(V, second_mod._pairs(parsed))
    assert [set(second_mod._set_bits(A[x:x + 1])[1].tolist()) for x in range(V)] == adj
    # the first short ball, on bit rows and on sets, and the definition
    assert second_mod.bit_first_short_ball(A, V, k) == second_mod.first_short_ball(adj, V, k, force="python")
    dist = [g.distances(g.adjacency(edges, V), x) for x in range(V)]
    far = [x for x in range(V) if any(t is None or t > k for t in dist[x])]
    x, ball = second_mod.bit_first_short_ball(A, V, k)
    assert x == (far[0] if far else None)
    if x is not None:
        assert ball == {y for y, t in enumerate(dist[x]) if t is not None and t <= k}
    for y in range(0, V, 7):
        assert second_mod.bit_distance(A, 0, y) == dist[0][y]
    # the whole check, each path forced, and the primary
    verdicts = []
    for on in (True, False):
        old = second_mod.bits_are_cheaper
        second_mod.bits_are_cheaper = lambda parsed, on=on: on
        try:
            verdicts.append(second.check(params, edges))
        finally:
            second_mod.bits_are_cheaper = old
    bits, lists = verdicts
    assert (bits.status, bits.reason, bits.witness) == (lists.status, lists.reason, lists.witness)
    status, reason = expected(edges, d, k)
    assert (bits.status, bits.reason) == (status, reason)
    if status is Status.REJECT:
        assert_real_witness(edges, d, k, bits.witness)
        assert primary.witness_holds(params, edges, bits.witness)[0]


def test_second_bit_rows_reject(monkeypatch):
    """The bit-row path must reject: a vertex of too high degree, a pair at distance k + 1 (diameter
    exactly k accepted), a disconnected graph (an isolated last vertex, two halves)."""
    _bits_forced(monkeypatch, True)
    star = [[0, j] for j in range(1, 80)] + [[1, 2]]
    assert second.check({"d": 78, "k": 2}, star).witness == {"vertex": 0, "degree": 79}
    assert second.check({"d": 79, "k": 2}, star).status is Status.ACCEPT
    ring = g.circulant(130, [1, 2])                       # diameter 33
    assert second.check({"d": 4, "k": 33}, ring).status is Status.ACCEPT
    assert second.check({"d": 4, "k": 32}, ring).witness == {"pair": [0, 65], "distance": 33}
    complete = g.complete(100)
    assert second.check({"d": 99, "k": 1}, complete).status is Status.ACCEPT
    lonely = complete + [[98, 101]]                       # vertex 100 on no edge
    assert second.check({"d": 100, "k": 5}, lonely).witness == {"pair": [0, 100], "connected": False}
    halves = g.complete(70) + [[u + 70, v + 70] for u, v in g.complete(70)]
    assert second.check({"d": 69, "k": 3}, halves).witness == {"pair": [0, 70], "connected": False}
    assert second.check({"d": 69, "k": 3}, halves + [[0, 1]]).reason == "DUPLICATE"


def test_second_confirms_on_bit_rows(monkeypatch):
    """Witnesses of long edge lists are re-checked on bit rows: real ones hold, wrong ones do not."""
    monkeypatch.setattr(second_mod, "CONFIRM_BITS_EDGES", 0)
    ring = g.circulant(130, [1, 2])
    params = {"d": 4, "k": 32}
    pv = primary.check(params, ring)
    assert pv.witness == {"pair": [0, 65], "distance": 33}
    assert second.witness_holds(params, ring, pv.witness)[0]
    for bad in ({"pair": [0, 65], "distance": 32}, {"pair": [0, 64], "distance": 33},
                {"pair": [0, 65], "connected": False}, {"vertex": 0, "degree": 4}, {"vertex": 0, "degree": 5}):
        assert not second.witness_holds(params, ring, bad)[0], bad
    lonely = g.complete(50) + [[48, 51]]
    assert second.witness_holds({"d": 49, "k": 2}, lonely, {"pair": [3, 50], "connected": False})[0]
    assert not second.witness_holds({"d": 49, "k": 2}, lonely, {"pair": [3, 51], "connected": False})[0]
    assert second.witness_holds({"d": 48, "k": 2}, lonely, {"vertex": 0, "degree": 49})[0]


def test_second_picks_bit_rows_for_dense_graphs_only():
    dense = schema.parse(g.circulant(4000, list(range(1, 64))), {"d": 126, "k": 2})
    assert second_mod.bits_are_cheaper(dense)
    sparse = schema.parse(g.cycle(4000), {"d": 2, "k": 2000})
    assert not second_mod.bits_are_cheaper(sparse)


def test_the_edge_limit_is_what_32_mib_can_hold():
    """MAX_EDGES pairs need at least 6 MAX_EDGES + 1 bytes ("[0,1]" and a comma each, and the brackets),
    which fits in 32 MiB; one more pair does not: the length refusal never refuses a list of pairs
    that could have been sent."""
    shortest = len("[0,1]")
    assert (shortest + 1) * schema.MAX_EDGES + 1 <= strictjson.MAX_BYTES < (shortest + 1) * (schema.MAX_EDGES + 1) + 1
    with pytest.raises(AnswerError) as info:
        schema.parse([0] * (schema.MAX_EDGES + 1), {"d": 3, "k": 2})
    assert info.value.reason == "SIZE_LIMIT" and "edges" in info.value.message
    with pytest.raises(AnswerError) as info:
        schema.parse([0] * schema.MAX_EDGES, {"d": 3, "k": 2})
    assert info.value.reason == "FORMAT_TYPE"                 # the length passed


def test_diameter_bound_covers_every_component_diameter():
    """diameter_bound (2 x the largest eccentricity of a component's first vertex) is at least the largest
    component diameter, on random graphs with several components and on paths rooted in their middle
    (where the eccentricity alone, 1 for 1 - 0 - 2, is below the diameter 2)."""
    assert schema.diameter_bound(3, ((0, 1), (0, 2))) == 2
    rng = random.Random(5)
    for _ in range(200):
        V = rng.randint(1, 40)
        edges = tuple(sorted({tuple(sorted(rng.sample(range(V), 2))) for _ in range(rng.randint(0, 2 * V))})) if V > 1 else ()
        adj = {x: set() for x in range(V)}
        for u, v in edges:
            adj[u].add(v)
            adj[v].add(u)
        widest = 0
        for x in range(V):                             # exact eccentricities inside components
            dist, frontier = {x: 0}, [x]
            while frontier:
                nxt = []
                for f in frontier:
                    for y in adj[f]:
                        if y not in dist:
                            dist[y] = dist[f] + 1
                            nxt.append(y)
                frontier = nxt
            widest = max(widest, max(dist.values()))
        assert widest <= schema.diameter_bound(V, edges) <= 2 * widest


def test_the_level_bound_is_tightened_by_a_search_before_refusing():
    """The circulant on 4,000 vertices with jumps 1..50 (diameter 40) is over the cheap bound at k = 2,000
    (L = 120 levels from the minimum degree) but runs at most 2 e + 1 <= 81 levels: admitted; the core
    with a 2,000-vertex path stays refused (its diameter is about 2,000)."""
    edges = g.circulant(4000, list(range(1, 51)))
    assert schema.work(4000, len(edges), 2000, 100) > schema.MAX_PRIMARY_WORK
    parsed = schema.parse(edges, {"d": 100, "k": 2000})
    assert parsed.vertices == 4000 and schema.diameter_bound(4000, parsed.edges) <= 80


def test_primary_work_bound_on_dense_graphs():
    """The dense level costs min(4 (V + 2E), ceil(V/8) (V + 256)) ceil(V/64) units: the complete graph on
    2,234 vertices (about the densest 32 MiB answer) may run 409 levels, 2,000,000 edges on 4,000
    vertices with minimum degree 1 (L = k) are refused exactly one level over the bound."""
    assert schema.dense_units(4000, 3_000_000) == 500 * 4256 * 63
    assert schema.dense_units(4000, 10_000) == 4 * 24_000 * 63
    assert schema.MAX_PRIMARY_WORK // schema.dense_units(2234, 2234 * 2233 // 2) == 409
    top = schema.MAX_PRIMARY_WORK // schema.dense_units(4000, 2_000_000)
    assert schema.work(4000, 2_000_000, top, 1) <= schema.MAX_PRIMARY_WORK < schema.work(4000, 2_000_000, top + 1, 1)
    assert schema.work(4000, 2_000_000, 2, 1) == 2 * 500 * 4256 * 63


@pytest.mark.slow
def test_the_edge_limit_with_real_pairs():
    """Exactly MAX_EDGES copies of [0, 1] parse (then DUPLICATE in both verifiers)."""
    answer = [[0, 1]] * schema.MAX_EDGES
    p, s = proplib.both(primary, second, {"d": 3, "k": 2}, answer)
    assert p.reason == s.reason == "DUPLICATE" and p.witness["indices"] == [0, 1]


@pytest.mark.slow
def test_dense_4000_vertex_graph_both_verifiers():
    """A random graph on 4,000 vertices with 1,000,000 edges (diameter 2) through both verifiers: valid
    at k = 2, and with the last vertex isolated disconnected (the witness pair (0, 3999))."""
    rng = np.random.default_rng(21)
    iu = np.triu_indices(4000, 1)
    keys = np.sort(rng.choice(len(iu[0]), size=1_000_000, replace=False))
    edges = np.stack([iu[0][keys], iu[1][keys]], 1).tolist()
    deg = np.bincount(np.array(edges).reshape(-1), minlength=4000)
    params = {"d": int(deg.max()), "k": 2}
    p, s = proplib.both(primary, second, params, edges)
    assert p.status is s.status is Status.ACCEPT and p.objective == 4000
    cut = [e for e in edges if e[1] != 3999] + [[3998, 3999]]
    p, s = proplib.both(primary, second, params, cut)
    assert p.reason == s.reason == "PROPERTY_VIOLATION"
