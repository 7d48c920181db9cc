"""Properties of the ``mols`` family: primary, second verifier, z3 oracle and the definition agree.

* generated small objects (hypothesis): isotopic copies of cyclic and field squares, with and without
  one perturbed entry: both verifiers, a plain statement of the definition and (for some) the z3 oracle
  give the same verdict, and each witness is a genuine violation confirmed by the other verifier;
* mutations of complete field sets (drop, duplicate, perturb, swap, relabel, permute rows / columns,
  transpose): breaking mutations are rejected with PROPERTY_VIOLATION, symmetries keep the verdict and k;
* the oracle: planted row, column and pair violations are found (sat), valid sets are unsat, bad input
  is refused;
* strict parsing, the bound (Bruck-Ryser, n = 6 and n = 10), the prompt, the constructions.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from endless_exam import fixtures
from endless_exam.certificates.errors import AnswerError, ParamsError
from endless_exam.certificates.schemas import mols as schema
from endless_exam.certificates.verdict import Status
from endless_exam.checker import prompts
from endless_exam.checker.suites import instances as suites
from endless_exam.checker.prompts import wording
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import load as _load_second
from endless_exam.crosscheck.oracle import mols as oracle
from tests.common import proplib
from tests.families.mols.test_mols_vectors import field_squares, gf2_squares, is_violation

primary = _load_primary("mols")
second = _load_second("mols")


def definition(squares: list, n: int) -> bool:
    """The definition, naively: every row and column a permutation, every pair of squares orthogonal."""
    full = list(range(n))
    for sq in squares:
        if any(sorted(row) != full for row in sq) or any(sorted(col) != full for col in zip(*sq)):
            return False
    for a in range(len(squares)):
        for b in range(a + 1, len(squares)):
            pairs = {(squares[a][r][c], squares[b][r][c]) for r in range(n) for c in range(n)}
            if len(pairs) != n * n:
                return False
    return True


def both(n: int, squares: list):
    return proplib.both(primary, second, {"n": n}, squares)


def assert_agree(n: int, squares: list) -> Status:
    p, s = both(n, squares)
    valid = definition(squares, n)
    for name, v in (("primary", p), ("second", s)):
        if valid:
            assert v.status is Status.ACCEPT and v.objective == len(squares), (name, v)
        else:
            assert v.status is Status.REJECT and v.reason == "PROPERTY_VIOLATION", (name, v)
            assert is_violation(squares, v.witness), (name, v.witness)
    return p.status


def isotope(squares: list, n: int, rng: random.Random) -> list:
    """The same row and column permutation for all squares, an own symbol permutation per square."""
    rows, cols = list(range(n)), list(range(n))
    rng.shuffle(rows)
    rng.shuffle(cols)
    out = []
    for sq in squares:
        sym = list(range(n))
        rng.shuffle(sym)
        out.append([[sym[sq[rows[r]][cols[c]]] for c in range(n)] for r in range(n)])
    return out


@st.composite
def small_sets(draw):
    q = draw(st.sampled_from([2, 3, 4, 5, 7, 8]))
    base = gf2_squares({2: 1, 4: 2, 8: 3}[q], {2: 3, 4: 7, 8: 11}[q]) if q in (2, 4, 8) else field_squares(q)
    k = draw(st.integers(1, q - 1))
    chosen = draw(st.permutations(list(range(q - 1))))[:k]
    rng = random.Random(draw(st.integers(0, 10 ** 6)))
    squares = isotope([base[i] for i in chosen], q, rng)
    mode = draw(st.sampled_from(["keep", "perturb", "swap", "copy", "cyclic"]))
    if mode == "perturb":
        s, r, c = (draw(st.integers(0, x - 1)) for x in (k, q, q))
        squares[s][r][c] = draw(st.integers(0, q - 1))
    elif mode == "swap":
        s, r, c1, c2 = (draw(st.integers(0, x - 1)) for x in (k, q, q, q))
        squares[s][r][c1], squares[s][r][c2] = squares[s][r][c2], squares[s][r][c1]
    elif mode == "copy" and k >= 2:
        squares[k - 1] = [list(row) for row in squares[0]]
    elif mode == "cyclic":
        squares.append([[(r + c) % q for c in range(q)] for r in range(q)])
        squares = squares[-(q - 1):]
    return q, squares


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_sets())
def test_generated_sets_agree_with_the_definition(case):
    n, squares = case
    assert_agree(n, squares)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_sets())
def test_oracle_agrees_with_both_verifiers(case):
    n, squares = case
    status = assert_agree(n, squares)
    verdict, w = oracle.decide(squares, n)
    assert verdict in ("sat", "unsat")
    assert (verdict == "unsat") == (status is Status.ACCEPT)
    if w is not None:
        assert is_violation(squares, w)
        for module in (primary, second):
            assert module.witness_holds({"n": n}, squares, w)[0]


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 6), st.integers(1, 3), st.randoms(use_true_random=False))
def test_random_arrays_agree_with_the_definition(n, k, rng):
    """Arbitrary arrays over 0..n-1 (mostly not Latin): all three checks agree."""
    k = min(k, n - 1)
    squares = [[[rng.randrange(n) for _ in range(n)] for _ in range(n)] for _ in range(k)]
    assert_agree(n, squares)


# ---- mutations of complete sets -------------------------------------------------------------------------

FIELD7, FIELD8 = field_squares(7), gf2_squares(3, 11)


@pytest.mark.parametrize("n, base", [(7, FIELD7), (8, FIELD8)])
def test_symmetries_keep_validity(n, base):
    rng = random.Random(n)
    for _ in range(5):
        p, s = both(n, isotope(base, n, rng))
        assert p.status is s.status is Status.ACCEPT and p.objective == n - 1
    transposed = [[list(col) for col in zip(*sq)] for sq in base]
    assert both(n, transposed)[0].objective == n - 1
    reordered = base[::-1]
    assert both(n, reordered)[0].objective == n - 1
    for drop in range(n - 1):
        p, s = both(n, base[:drop] + base[drop + 1:])
        assert p.status is Status.ACCEPT and p.objective == s.objective == n - 2


@pytest.mark.parametrize("n, base", [(7, FIELD7), (8, FIELD8)])
def test_every_one_entry_perturbation_breaks_the_set(n, base):
    """Exhaustive on square 0 and on the last square: any changed entry makes a row and a column repeat."""
    for s_idx in (0, n - 2):
        for r in range(n):
            for c in range(n):
                squares = [[list(row) for row in sq] for sq in base]
                squares[s_idx][r][c] = (squares[s_idx][r][c] + 1 + (r * c) % (n - 1)) % n
                p, s = both(n, squares)
                assert p.status is s.status is Status.REJECT and p.reason == "PROPERTY_VIOLATION"
                assert p.witness["indices"] == [s_idx] and "row" in p.witness and p.witness["row"] == r


@st.composite
def mutations(draw):
    n, base = draw(st.sampled_from([(7, FIELD7), (8, FIELD8)]))
    squares = [[list(row) for row in sq] for sq in base]
    kind = draw(st.sampled_from(["drop", "duplicate", "perturb", "swap", "relabel", "swap_squares"]))
    k = len(squares)
    if kind == "drop":
        del squares[draw(st.integers(0, k - 1))]
    elif kind == "duplicate":
        i = draw(st.integers(0, k - 1))
        squares[draw(st.integers(0, k - 1))] = [list(row) for row in squares[i]]
    elif kind == "perturb":
        s, r, c = (draw(st.integers(0, x - 1)) for x in (k, n, n))
        squares[s][r][c] = (squares[s][r][c] + draw(st.integers(1, n - 1))) % n
    elif kind == "swap":
        s, r, c1, c2 = (draw(st.integers(0, x - 1)) for x in (k, n, n, n))
        squares[s][r][c1], squares[s][r][c2] = squares[s][r][c2], squares[s][r][c1]
    elif kind == "relabel":
        s = draw(st.integers(0, k - 1))
        perm = draw(st.permutations(list(range(n))))
        squares[s] = [[perm[x] for x in row] for row in squares[s]]
    else:
        i, j = draw(st.integers(0, k - 1)), draw(st.integers(0, k - 1))
        squares[i], squares[j] = squares[j], squares[i]
    return n, kind, squares


@settings(max_examples=150, deadline=None)
@given(mutations())
def test_mutations_of_complete_sets(case):
    n, kind, squares = case
    status = assert_agree(n, squares)
    if kind in ("drop", "relabel", "swap_squares"):
        assert status is Status.ACCEPT


def test_only_one_pair_failing_at_the_end_of_a_large_set():
    squares = gf2_squares(6, 67)
    squares[62] = [list(row) for row in squares[61]]
    p, s = both(64, squares)
    assert p.witness["indices"] == s.witness["indices"] == [61, 62]


def test_the_first_failing_pair_is_named_by_both():
    """Several non-orthogonal pairs: both verifiers name the first in pair order (s, t), s < t, and each
    confirms the other's cells."""
    squares = field_squares(11)
    squares[9] = [list(row) for row in squares[3]]
    squares[7] = [list(row) for row in squares[5]]
    p, s = both(11, squares)
    assert p.witness["indices"] == s.witness["indices"] == [3, 9]
    squares = field_squares(11)
    squares[1] = [row[:] for row in squares[1]]
    squares[1][0], squares[1][1] = squares[1][1], squares[1][0]        # rows of one square swapped: Latin, not orthogonal
    p, s = both(11, squares)
    assert p.witness["indices"][0] == s.witness["indices"][0] == 0 and p.witness["indices"] == s.witness["indices"]


@pytest.mark.parametrize("q, count", [(307, 2), (101, 6)])
def test_orders_beyond_the_old_limit_agree(q, count):
    """Orders far above the old limit 100: valid, then with the last pair made equal."""
    squares = field_squares(q, count)
    p, _ = both(q, squares)
    assert p.status is Status.ACCEPT and p.objective == count
    squares[-1] = [list(row) for row in squares[-2]]
    p, s = both(q, squares)
    assert p.reason == "PROPERTY_VIOLATION" and p.witness["indices"] == s.witness["indices"] == [count - 2, count - 1]


def test_work_bounds_are_decided_from_the_counts():
    """k n^2 entries and C(k, 2) n^2 pair cells are bounded before any square is inspected."""
    for n, k in ((schema.MAX_N, 3), (250, 200), (2, 2)):
        with pytest.raises(AnswerError) as info:
            schema.parse(["x"] * k, {"n": n})
        assert info.value.reason == "SIZE_LIMIT", (n, k)
    for n, k in ((213, 211), (schema.MAX_N, 2), (schema.MAX_N, 1)):
        with pytest.raises(AnswerError) as info:
            schema.parse(["x"] * k, {"n": n})
        assert info.value.reason == "FORMAT_TYPE", (n, k)           # past the size checks: square 0 is junk
    assert 211 * 210 // 2 * 213 ** 2 <= schema.MAX_PAIR_CELLS < 200 * 199 // 2 * 250 ** 2
    assert 2 * schema.MAX_N ** 2 <= schema.MAX_ENTRIES < 3 * schema.MAX_N ** 2


@pytest.mark.slow
def test_the_largest_complete_set_under_the_work_bound():
    """The complete set of order 211 (210 squares, 9.8 * 10^8 pair cells): valid; with the last pair equal,
    both name it."""
    squares = field_squares(211)
    p, _ = both(211, squares)
    assert p.status is Status.ACCEPT and p.objective == 210
    squares[-1] = [list(row) for row in squares[-2]]
    p, s = both(211, squares)
    assert p.witness["indices"] == s.witness["indices"] == [208, 209]


@pytest.mark.slow
def test_one_square_of_the_largest_order():
    square = [[(r + c) % schema.MAX_N for c in range(schema.MAX_N)] for r in range(schema.MAX_N)]
    p, _ = both(schema.MAX_N, [square])
    assert p.status is Status.ACCEPT and p.objective == 1


# ---- the oracle ----------------------------------------------------------------------------------------

def test_oracle_finds_planted_violations():
    base = field_squares(5)
    row = [[list(r) for r in sq] for sq in base]
    row[2][1][0] = row[2][1][1]
    status, w = oracle.decide(row, 5)
    assert status == "sat" and "row" in w and is_violation(row, w)
    col = [[list(r) for r in sq] for sq in base]
    col[1][4] = list(col[1][0])                      # rows stay permutations, columns repeat
    status, w = oracle.decide(col[1:2], 5)
    assert status == "sat" and "column" in w and is_violation(col[1:2], w)
    pair = base[:3] + [base[0]]
    status, w = oracle.decide(pair, 5)
    assert status == "sat" and w["indices"] == [0, 3] and is_violation(pair, w)


def test_oracle_on_valid_sets():
    assert oracle.decide(field_squares(5), 5) == ("unsat", None)
    assert oracle.decide(gf2_squares(3, 11), 8) == ("unsat", None)
    assert oracle.decide([[[0, 1], [1, 0]]], 2) == ("unsat", None)


@pytest.mark.parametrize("bad", [([], 5), (field_squares(11)[:2], 11), ([[[0, 1], [1, 2]]], 2), ([[[0, True], [1, 0]]], 2),
                                 ([[[0, 1]]], 2), ("0110", 2), ([[[0]]], 1), (gf2_squares(4, 19)[:2], 16)])
def test_oracle_refuses_bad_input(bad):
    squares, n = bad
    with pytest.raises(ValueError):
        oracle.decide(squares, n)


def test_crosscheck_never_imports_checker_and_z3_is_lazy():
    proplib.assert_crosscheck_is_independent(
        "mols",
        "from endless_exam.crosscheck.oracle.mols import decide",
        "assert decide([[[0, 1], [1, 0]]], 2) == ('unsat', None)")


# ---- strict parsing --------------------------------------------------------------------------------------

@pytest.mark.parametrize("params", [{"n": 1}, {"n": 2704}, {"n": True}, {"n": 5.0}, {"n": "5"}, {}, {"n": 5, "k": 4},
                                    [5], None])
def test_params_are_strict(params):
    with pytest.raises(ParamsError):
        schema.validate_params(params)


def test_params_range_is_2_to_2703():
    assert schema.validate_params({"n": 2}) == {"n": 2}
    assert schema.validate_params({"n": 2703}) == {"n": 2703}


@pytest.mark.parametrize("answer, reason", [
    ([], "EMPTY"), ({}, "FORMAT_TYPE"), (None, "FORMAT_TYPE"), ("x", "FORMAT_TYPE"), ((1,), "FORMAT_TYPE"),
    ([[[0, 1, 2], [1, 2, 0], [2, 0, 1]]] * 3, "SIZE_LIMIT"), (["junk"] * 10 ** 5, "SIZE_LIMIT"),
    ([5], "FORMAT_TYPE"), ([[[0, 1, 2], [1, 2, 0]]], "FORMAT_SHAPE"), ([[[0, 1, 2], [1, 2], [2, 0, 1]]], "FORMAT_SHAPE"),
    ([[[0, 1, 2], (1, 2, 0), [2, 0, 1]]], "FORMAT_TYPE"), ([[[0, 1, 2], [1, 2, 0], [2, 0, 3]]], "RANGE"),
    ([[[0, 1, 2], [1, 2, 0], [2, 0, -1]]], "RANGE"), ([[[0, 1, 2], [1, 2, 0], [2, 0, False]]], "FORMAT_TYPE"),
    ([[[0, 1, 2], [1, 2, 0], [2, 0, 1.0]]], "FORMAT_TYPE"),
])
def test_parse_rejections(answer, reason):
    with pytest.raises(AnswerError) as info:
        schema.parse(answer, {"n": 3})
    assert info.value.reason == reason
    for module in (primary, second):
        v = module.check({"n": 3}, answer)
        assert v.status is Status.REJECT and v.reason == reason


def test_parse_diagnostics_name_the_first_bad_entry():
    with pytest.raises(AnswerError) as info:
        schema.parse([[[0, 1, 2], [1, 2, 0], [2, 0, 1]], [[0, 1, 2], [1, 9, True], [2, 0, 1]]], {"n": 3})
    assert info.value.reason == "RANGE" and info.value.witness == {"square": 1, "row": 1, "column": 1}


# ---- bound, prompt, constructions ------------------------------------------------------------------------

def test_bound_values():
    bound = primary.SPEC.bound
    expected = {2: 1, 3: 2, 4: 3, 5: 4, 6: 1, 7: 6, 8: 7, 9: 8, 10: 8, 11: 10, 12: 11, 13: 12, 14: 12, 15: 14, 16: 15,
                17: 16, 18: 17, 19: 18, 20: 19, 21: 19, 22: 20, 26: 25, 30: 28, 33: 31, 34: 33, 42: 40, 64: 63}
    for n, value in expected.items():
        assert bound({"n": n}) == (value, "bound"), n


def test_sum_of_two_squares_against_brute_force():
    for n in range(0, 300):
        brute = any(a * a + b * b == n for a in range(18) for b in range(18))
        assert primary.module.is_sum_of_two_squares(n) == brute, n


def test_prompt_states_every_limit():
    for n in (2, 10, 64):
        text = prompts.prompt("mols", {"n": n})
        assert text.startswith(f"Problem (MOLS, n={n}).")
        assert f"n - 1 = {n - 1}" in text and str(schema.MAX_N) in text and f"0..{n - 1}" in text
        assert f"{schema.MAX_ENTRIES:,}" in text and f"{schema.MAX_PAIR_CELLS:,}" in text
        assert "60 seconds" in text and "compact form" in text
    assert wording("mols").compact_forms({"n": 10}) == []


CONSTRUCTIONS = list(fixtures.list_json("constructions", "mols"))


@pytest.mark.parametrize("name, doc", CONSTRUCTIONS, ids=[c[0] for c in CONSTRUCTIONS])
def test_reference_constructions_are_accepted(name, doc):
    params = proplib.assert_reference_construction("mols", primary, second, doc)
    assert definition(doc["answer"], params["n"])
    assert doc["objective"] <= primary.SPEC.bound(params)[0]


def test_every_bench_instance_has_a_construction():
    covered = {d["params"]["n"] for _, d in CONSTRUCTIONS}
    assert {i.params["n"] for i in suites.all_instances() if i.family == "mols"} <= covered


@pytest.mark.slow
def test_construction_generator_reproduces_the_fixtures():
    """Regenerating gives the bundled squares exactly (a few CPU minutes: the searches)."""
    from endless_exam.checker.constructions import mols as build

    for name, doc in CONSTRUCTIONS:
        n = doc["params"]["n"]
        squares, method = build.build_target(n) if n in build.TARGETS else build.field_doc(n)
        assert squares == doc["answer"] and method == doc["method"], name
