"""Property, mutation and formal-oracle tests of the ``labs`` family.

(a) On generated +-1 sequences (N = 2..64) the primary (numpy correlation), the second (bit-encoded
    disagreement counts), the second's literal double sum, a brute-force statement of the definition in
    this file and the z3 oracle's energy agree exactly, and F = N^2 / (2E).
(b) Symmetries keep the objective: reversal, negation, negating every second entry (on generated
    sequences and on the bundled constructions); mutations change it consistently: flipping one entry
    (both verifiers agree with the brute force), swapping two entries; mutations that break the format
    are rejected with the expected reason by both: an entry replaced by 0, 2, true, 1.0 or "1"
    (``RANGE`` / ``FORMAT_TYPE``), an entry dropped or duplicated (``FORMAT_SHAPE``).
(c) The reference constructions are accepted by both verifiers with their recorded objective; the
    baselines reproduce the bench-v1 references exactly and the improved ones beat them.
(d) The z3 oracle: planted non-+-1 entries are found at their position, +-1 sequences are unsat, the
    energy is the unique value the definition allows, limits are enforced, ``unknown`` is reported.
(e) Parameters are strict and bounded (N = 2..100,000).
"""
from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from endless_exam import fixtures
from endless_exam.certificates.errors import AnswerError, ParamsError
from endless_exam.certificates.params import validate
from endless_exam.certificates.schemas import labs as schema
from endless_exam.certificates.verdict import Status
from endless_exam.checker.suites import instances as suites
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import load as _load_second
from endless_exam.crosscheck.families import labs as second_module
from endless_exam.crosscheck.oracle import labs as oracle_mod
from tests.common import proplib

primary = _load_primary("labs")
second = _load_second("labs")
CONSTRUCTIONS = dict(fixtures.list_json("constructions", "labs"))


def brute_energy(seq) -> int:
    n = len(seq)
    return sum(sum(seq[i] * seq[i + k] for i in range(n - k)) ** 2 for k in range(1, n))


def merit(seq) -> Fraction:
    return Fraction(len(seq) ** 2, 2 * brute_energy(seq))


def both(seq):
    return proplib.both(primary, second, {"N": len(seq)}, list(seq))


sequences = st.lists(st.sampled_from([1, -1]), min_size=2, max_size=64)


@settings(max_examples=80, deadline=None)
@given(sequences)
def test_energy_agrees_with_the_definition(seq):
    p, s = both(seq)
    assert p.status is Status.ACCEPT and p.objective == merit(seq)
    assert isinstance(p.objective, Fraction) and isinstance(s.objective, Fraction)
    assert second_module.literal_energy(tuple(seq)) == second_module.energy(tuple(seq)) == brute_energy(seq)
    assert second_module.popcount_energy(tuple(seq)) == primary.module.energy(tuple(seq)) == brute_energy(seq)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from([1, -1]), min_size=2, max_size=oracle_mod.MAX_N))
def test_oracle_energy_agrees(seq):
    parsed = schema.parse(list(seq), {"N": len(seq)})
    assert oracle_mod.energy(parsed) == brute_energy(seq)
    assert oracle_mod.merit_factor(parsed) == primary.check({"N": len(seq)}, list(seq)).objective
    assert oracle_mod.oracle(parsed) == ("unsat", None)


@settings(max_examples=60, deadline=None)
@given(sequences)
def test_symmetries_keep_the_objective(seq):
    want = merit(seq)
    for image in (seq[::-1], [-x for x in seq], [x if i % 2 == 0 else -x for i, x in enumerate(seq)]):
        p, _ = both(image)
        assert p.objective == want


@settings(max_examples=60, deadline=None)
@given(sequences, st.data())
def test_flipping_and_swapping_entries(seq, data):
    i = data.draw(st.integers(0, len(seq) - 1))
    flipped = list(seq)
    flipped[i] = -flipped[i]
    p, _ = both(flipped)
    assert p.objective == merit(flipped)
    j = data.draw(st.integers(0, len(seq) - 1))
    swapped = list(seq)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    p, _ = both(swapped)
    assert p.objective == merit(swapped)


BAD_ENTRIES = [(0, "RANGE"), (2, "RANGE"), (-2, "RANGE"), (10 ** 30, "RANGE"), (True, "FORMAT_TYPE"),
               (False, "FORMAT_TYPE"), (1.0, "FORMAT_TYPE"), (-1.0, "FORMAT_TYPE"), ("1", "FORMAT_TYPE"),
               (None, "FORMAT_TYPE"), ([1], "FORMAT_TYPE")]


@settings(max_examples=60, deadline=None)
@given(sequences, st.data())
def test_format_breaking_mutations_are_rejected(seq, data):
    i = data.draw(st.integers(0, len(seq) - 1))
    value, reason = data.draw(st.sampled_from(BAD_ENTRIES))
    bad = list(seq)
    bad[i] = value
    p, s = both(bad)
    assert p.status is Status.REJECT and p.reason == reason and p.witness == {"index": i}
    n = len(seq)
    for wrong in (seq[:-1], list(seq) + [seq[i]], list(seq[:i]) + [seq[i]] + list(seq[i:])):
        v = primary.check({"N": n}, list(wrong))
        w = second.check({"N": n}, list(wrong))
        expected = "EMPTY" if not wrong else "FORMAT_SHAPE"
        assert v.reason == w.reason == expected


@pytest.mark.parametrize("name", sorted(CONSTRUCTIONS))
def test_reference_constructions(name):
    doc = CONSTRUCTIONS[name]
    params = proplib.assert_reference_construction("labs", primary, second, doc)
    inst = next(i for i in suites.all_instances() if i.family == "labs" and i.params == params)
    objective = Fraction(doc["objective"])
    if name.endswith("_legendre.json") or name.startswith(("a1-", "a2-")):    # the baseline (a1/a2: Legendre too)
        assert objective == inst.reference          # the baseline reproduces the reference exactly
    else:
        assert objective > inst.reference
    # symmetry-preserving changes keep the verdict and objective on the constructions too
    seq = doc["answer"]
    for image in (seq[::-1], [-x for x in seq]):
        assert primary.check(params, image).objective == second.check(params, image).objective == objective


def test_every_bench_instance_has_a_construction_reaching_its_reference():
    covered = {}
    for doc in CONSTRUCTIONS.values():
        key = doc["params"]["N"]
        covered[key] = max(covered.get(key, Fraction(0)), Fraction(doc["objective"]))
    for inst in suites.load("bench-v1"):
        if inst.family == "labs":
            assert covered[inst.params["N"]] >= inst.reference, inst.call_id


def test_small_known_values():
    barker13 = [1, 1, 1, 1, 1, -1, -1, 1, 1, -1, 1, -1, 1]
    assert both(barker13)[0].objective == Fraction(169, 12)
    assert both([1, 1])[0].objective == 2
    assert both([1] * 10)[0].objective == Fraction(100, 2 * sum(j * j for j in range(1, 10)))


@pytest.mark.parametrize("size", [20_000, 250_000, pytest.param(schema.MAX_N, marks=pytest.mark.slow)])
def test_large_instances_agree(size):
    rng = random.Random(5)
    seq = [rng.choice((1, -1)) for _ in range(size)]
    p, s = both(seq)
    assert p.objective == s.objective
    assert second_module.energy(tuple(seq)) == primary.module.energy(tuple(seq))


@pytest.mark.parametrize("size", [1_000, 300_000, pytest.param(schema.MAX_N, marks=pytest.mark.slow)])
def test_extreme_energies_at_large_n(size):
    """All -1 and alternating signs have |C_k| = N - k, E = sum j^2 (about N^3 / 3, beyond int64 at the top
    of the domain); both verifiers give exactly that."""
    want = Fraction(size * size, 2 * sum(j * j for j in range(1, size)))
    for seq in ([-1] * size, [1 if i % 2 == 0 else -1 for i in range(size)]):
        p, s = both(seq)
        assert p.objective == s.objective == want


def test_at_the_top_of_the_domain_length_is_decided_first():
    """N = 8,000,000: one entry too many is FORMAT_SHAPE from the length alone; a bad entry last is RANGE."""
    n = schema.MAX_N
    with pytest.raises(AnswerError) as e:
        schema.parse([1] * (n + 1), {"N": n})
    assert e.value.reason == "FORMAT_SHAPE"
    seq = [1] * n
    seq[-1] = 0
    with pytest.raises(AnswerError) as e:
        schema.parse(seq, {"N": n})
    assert e.value.reason == "RANGE" and e.value.witness == {"index": n - 1}


# ---- the oracle ----------------------------------------------------------------------------------------

def test_oracle_planted_violation():
    rng = random.Random(3)
    for _ in range(10):
        n = rng.randint(1, oracle_mod.MAX_N)
        seq = [rng.choice((1, -1)) for _ in range(n)]
        t = rng.randrange(n)
        seq[t] = rng.choice((0, 2, -3, 10 ** 20))
        assert oracle_mod.decide(seq) == ("sat", (t,))
        seq[t] = 1
        assert oracle_mod.decide(seq) == ("unsat", None)


def test_oracle_limits():
    with pytest.raises(ValueError):
        oracle_mod.decide([1] * (oracle_mod.MAX_N + 1))
    with pytest.raises(ValueError):
        oracle_mod.decide([])
    with pytest.raises(ValueError):
        oracle_mod.decide([1, 1.0])
    with pytest.raises(ValueError):
        oracle_mod.decide_energy([1, 0])
    with pytest.raises(ValueError):
        oracle_mod.decide("11")
    assert oracle_mod.decide([1] * oracle_mod.MAX_N) == ("unsat", None)
    assert oracle_mod.fits(schema.parse([1] * oracle_mod.MAX_N, {"N": oracle_mod.MAX_N}))
    assert not oracle_mod.fits(schema.parse([1] * 65, {"N": 65}))


def test_oracle_unknown_is_reported(monkeypatch):
    import z3

    monkeypatch.setattr(z3.Solver, "check", lambda self, *a: z3.unknown)
    assert oracle_mod.decide([1, 0]) == ("unknown", None)
    assert oracle_mod.decide_energy([1, 1]) == ("unknown", None)


def test_crosscheck_never_imports_checker_and_z3_is_lazy():
    proplib.assert_crosscheck_is_independent(
        "labs",
        "from endless_exam.crosscheck.oracle.labs import decide",
        "assert decide([1, 0, -1]) == ('sat', (1,))")


def test_second_loads_no_flint():
    import subprocess
    import sys

    code = ("import sys\nfrom endless_exam.crosscheck.families import load\n"
            "v = load('labs').check({'N': 4}, [1, 1, 1, -1])\n"
            "bad = [m for m in ('flint', 'gmpy2', 'galois', 'sympy') if m in sys.modules]\n"
            "assert not bad, bad\nprint(v.objective)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "4", done.stderr


# ---- parameters ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("params", [{"N": 1}, {"N": 0}, {"N": -5}, {"N": schema.MAX_N + 1}, {"N": True},
                                    {"N": 4.0}, {"N": "4"}, {}, {"N": 4, "d": 1}, [4], None])
def test_bad_params_are_refused(params):
    with pytest.raises(ParamsError):
        validate("labs", params)


def test_params_at_the_bounds():
    assert validate("labs", {"N": 2}) == {"N": 2}
    assert validate("labs", {"N": schema.MAX_N}) == {"N": schema.MAX_N}
    assert primary.SPEC.bound({"N": 280}) == (Fraction(308, 25), "conjecture")
