"""Reference constructions of the ``schur`` family (``fixtures/constructions/schur/``).

Every bundled colouring is accepted by both verifiers with its recorded objective (in-process, and
the largest also through the harness); the product steps of ``endless_exam.checker.constructions.schur`` are
re-derived from the bundled smaller colourings and must reproduce the bundled larger ones exactly;
the Abbott-Hanson product is checked on generated inputs; the small z3 searches are re-run.
"""
from __future__ import annotations

import json
import random

import pytest

from endless_exam import fixtures
from endless_exam.certificates.verdict import Status
from endless_exam.checker.verify import harness
from endless_exam.checker.constructions import schur as construct
from endless_exam.checker.suites.constructions_index import load_all
from endless_exam.checker.families import load as _load_primary
primary = _load_primary("schur")
from endless_exam.checker.suites.instances import load as load_suite
from endless_exam.crosscheck.families import load as _load_second
second = _load_second("schur")

CONSTRUCTIONS = {c.params["k"]: c for c in load_all("schur")}


def test_fixtures_exist_for_every_k_up_to_8():
    assert sorted(CONSTRUCTIONS) == list(range(1, 9))
    for k, c in CONSTRUCTIONS.items():
        doc = fixtures.read_json("constructions", "schur", f"k{k}.json")
        assert set(doc) == {"family", "params", "answer", "objective", "method", "generated_by"}
        assert doc["family"] == "schur" and doc["params"] == {"k": k}
        assert doc["generated_by"] == construct.GENERATED_BY and doc["method"]
        assert doc["objective"] == len(doc["answer"])


@pytest.mark.parametrize("k", range(1, 9))
def test_both_verifiers_accept_the_construction(k):
    c = CONSTRUCTIONS[k]
    for module in (primary, second):
        v = module.check({"k": k}, c.answer)
        assert v.status is Status.ACCEPT, (module.__name__, v.message)
        assert v.objective == c.objective == len(c.answer)
    assert construct.is_sum_free_colouring(c.answer, k)


def test_known_lengths_and_exact_small_values():
    lengths = {k: len(c.answer) for k, c in CONSTRUCTIONS.items()}
    assert lengths == {1: 1, 2: 4, 3: 13, 4: 44, 5: 135, 6: 406, 7: 1219, 8: 3960}
    for k in (1, 2, 3, 4):        # the exact Schur numbers: maximal, as the bound says
        assert lengths[k] == primary.module.schur_bound({"k": k})[0]
    five = CONSTRUCTIONS[5].answer
    assert five == five[::-1], "the k = 5 colouring is palindromic"


def test_largest_construction_through_the_harness():
    c = CONSTRUCTIONS[8]
    res = harness.verify("schur", {"k": 8}, json.dumps({"answer": c.answer}).encode(), "file")
    assert res.status is Status.ACCEPT and res.objective == 3960


def test_suite_instances_have_constructions():
    wanted = [i for suite in ("bench-v1", "size-series") for i in load_suite(suite) if i.family == "schur"]
    assert {i.params["k"] for i in wanted} == {5, 6, 7, 8}
    for inst in wanted:
        c = CONSTRUCTIONS[inst.params["k"]]
        assert c.instance_id == inst.instance_id
        assert 0 < c.objective <= inst.reference            # honest: below the published references


def test_products_are_reproduced_from_the_smaller_fixtures():
    ans = {k: c.answer for k, c in CONSTRUCTIONS.items()}
    assert ans[6] == construct.abbott_hanson(ans[1], 1, ans[5])
    assert ans[7] == construct.abbott_hanson(ans[1], 1, ans[6])      # ties with 2 + 5: the smaller a wins
    assert ans[8] == construct.abbott_hanson(ans[4], 4, ans[4])


def test_abbott_hanson_on_generated_inputs():
    rng = random.Random(11)
    pool = {k: [c.answer[:n] for n in range(1, len(c.answer) + 1)] for k, c in CONSTRUCTIONS.items() if k <= 3}
    for _ in range(60):
        a, b = rng.choice([1, 2, 3]), rng.choice([1, 2, 3])
        c1, c2 = rng.choice(pool[a]), rng.choice(pool[b])
        if rng.random() < 0.5:                     # relabelled inputs stay valid
            perm = list(range(a))
            rng.shuffle(perm)
            c1 = [perm[x] for x in c1]
        out = construct.abbott_hanson(c1, a, c2)
        assert len(out) == (2 * len(c1) + 1) * len(c2) + len(c1)
        assert construct.is_sum_free_colouring(out, a + b)
        assert primary.check({"k": a + b}, out).status is Status.ACCEPT
        assert second.check({"k": a + b}, out).status is Status.ACCEPT


def test_sanity_check_rejects_bad_colourings():
    assert not construct.is_sum_free_colouring([], 1)
    assert not construct.is_sum_free_colouring([0, 0], 1)
    assert not construct.is_sum_free_colouring([0, 2], 2)
    assert not construct.is_sum_free_colouring([0, True], 2)
    assert construct.is_sum_free_colouring([0, 1, 1, 0], 2)


def test_small_z3_searches_rerun():
    for k, n in construct.Z3_EXACT.items():
        colours = construct.z3_colouring(n, k)
        assert colours is not None and len(colours) == n and construct.is_sum_free_colouring(colours, k)
        if k <= 3:
            assert construct.z3_colouring(n + 1, k) is None    # n = S(k) is the maximum (k = 4 takes z3 ~10 s)
    assert construct.palindromic_unsat(137, 5)
