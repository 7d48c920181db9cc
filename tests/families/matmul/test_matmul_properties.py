"""Property, mutation and formal-oracle tests of the ``matmul`` family.

(a) Generated small schemes (random products, and valid schemes with random perturbations) for
    n, m, p <= 3: the primary (numpy int64 slices), the second (Kronecker packing on Python ints),
    the definition evaluated naively and, for small ones, the z3 oracle agree; every witness is a real
    differing tensor entry confirmed by the other verifier.
(b) Mutations of valid schemes (Strassen, naive, Strassen (x) Strassen, tensor products with naive
    schemes): dropping or duplicating a non-zero product breaks them; perturbing one coefficient gives
    the verdict of the definition; permuting the products, relabelling rows and columns (i, j, l
    permutations), moving signs between factors, adding cancelling pairs and the transpose symmetry
    <n,m,p> -> <p,m,n> keep validity with the expected objective.
(c) A correct scheme computes AB on random integer matrices; the transposed-C convention computes C^T
    and is rejected unless converted.
(d) The z3 oracle: planted violations are found, correct schemes are unsat, sizes are enforced.
(e) Parameters, limits, bound and prompt; the second verifier is independent of ``checker`` and of numpy.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from endless_exam import fixtures
from endless_exam.certificates.errors import AnswerError, ParamsError
from endless_exam.certificates.schemas import matmul as schema
from endless_exam.certificates.verdict import Status
from endless_exam.checker import prompts
from endless_exam.checker.suites import instances as suites
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import load as _load_second
from endless_exam.crosscheck.oracle import matmul as oracle
from tests.common import matmul_schemes as ms
from tests.common import proplib

primary = _load_primary("matmul")
second = _load_second("matmul")
STRASSEN = [[list(f) for f in prod] for prod in ms.STRASSEN]
STRASSEN2 = [[list(f) for f in prod] for prod in ms.kron(ms.STRASSEN, (2, 2, 2), ms.STRASSEN, (2, 2, 2))]


def params(n, m, p):
    return {"n": n, "m": m, "p": p}


def both(scheme, n, m, p):
    return proplib.both(primary, second, params(n, m, p), scheme)


def truth(scheme, n, m, p):
    return (Status.ACCEPT, None) if ms.definition(scheme, n, m, p) is None else (Status.REJECT, "PROPERTY_VIOLATION")


def assert_witness(scheme, n, m, p, verdict):
    w = verdict.witness
    a, b, c = w["entry"]
    assert w["value"] == ms.scheme_entry(scheme, a, b, c) != ms.tensor_entry(n, m, p, a, b, c) == w["expected"]


def valid_schemes():
    """(scheme, dims) pairs of valid schemes used as mutation bases."""
    out = [(STRASSEN, (2, 2, 2)), (ms.naive(2, 2, 2), (2, 2, 2)), (ms.naive(2, 3, 2), (2, 3, 2)),
           (ms.naive(1, 3, 2), (1, 3, 2)), (ms.naive(3, 1, 1), (3, 1, 1)),
           (ms.kron(ms.naive(1, 1, 2), (1, 1, 2), ms.STRASSEN, (2, 2, 2)), (2, 2, 4)),
           (ms.kron(ms.STRASSEN, (2, 2, 2), ms.naive(1, 2, 1), (1, 2, 1)), (2, 4, 2))]
    return [([[list(f) for f in prod] for prod in s], d) for s, d in out]


BASES = valid_schemes()


# ---- (a) generated schemes --------------------------------------------------------------------------

@st.composite
def small_schemes(draw):
    n, m, p = (draw(st.integers(1, 3)) for _ in range(3))
    rnd = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    how = draw(st.sampled_from(["random", "naive_perturbed", "naive"]))
    if how == "random":
        r = rnd.randint(1, min(6, 4 * n * m * p))
        scheme = [[[rnd.choice([-1, 0, 0, 1]) for _ in range(size)] for size in (n * m, m * p, n * p)] for _ in range(r)]
    else:
        scheme = ms.naive(n, m, p)
        rnd.shuffle(scheme)
        if how == "naive_perturbed":
            k = rnd.randrange(len(scheme))
            f = rnd.randrange(3)
            idx = rnd.randrange(len(scheme[k][f]))
            scheme[k][f][idx] = rnd.choice([x for x in range(-4, 5) if x != scheme[k][f][idx]])
    return scheme, (n, m, p)


@settings(max_examples=50, deadline=None)
@given(small_schemes())
def test_generated_schemes_agree_with_the_definition(case):
    scheme, (n, m, p) = case
    pv, _ = both(scheme, n, m, p)
    status, reason = truth(scheme, n, m, p)
    assert (pv.status, pv.reason) == (status, reason)
    if status is Status.ACCEPT:
        assert pv.objective == len(scheme)
    else:
        assert_witness(scheme, n, m, p, pv)
    parsed = schema.parse(scheme, params(n, m, p))
    if oracle.fits(parsed) and n * m * p <= 12:
        answer, w = oracle.oracle(parsed)
        assert answer == ("unsat" if status is Status.ACCEPT else "sat")
        if w is not None:
            assert primary.witness_holds(params(n, m, p), scheme, w)[0]
            assert second.witness_holds(params(n, m, p), scheme, w)[0]


def test_first_difference_of_both_verifiers_is_the_first_entry_in_order():
    scheme = ms.naive(2, 2, 2)
    scheme[3][2][2] = 1                                    # product 3 = A_1 B_3 now also lands in C_2
    hit = ms.definition(scheme, 2, 2, 2)
    assert primary.module.first_difference(schema.parse(scheme, params(2, 2, 2)))[:3] == hit
    assert second.module.first_difference(schema.parse(scheme, params(2, 2, 2)))[:3] == hit


@settings(max_examples=120, deadline=None)
@given(st.one_of(small_schemes(), st.sampled_from(BASES).map(lambda b: (b[0], b[1]))), st.integers(0, 2 ** 32 - 1))
def test_both_second_methods_name_the_first_wrong_entry(case, seed):
    """The second's sparse sum and its Kronecker packing against the definition, on generated schemes
    and on valid bases with and without one perturbed coefficient (ACCEPT and REJECT)."""
    from endless_exam.crosscheck.families import matmul as second_mod

    scheme, (n, m, p) = case
    rnd = random.Random(seed)
    if rnd.random() < 0.5:
        scheme = [[list(f) for f in prod] for prod in scheme]
        k, f = rnd.randrange(len(scheme)), rnd.randrange(3)
        idx = rnd.randrange(len(scheme[k][f]))
        scheme[k][f][idx] = rnd.choice([x for x in range(-4, 5) if x != scheme[k][f][idx]])
    parsed = schema.parse(scheme, params(n, m, p))
    hit = ms.definition(scheme, n, m, p)
    for method in ("sparse", "packed", None):
        found = second_mod.first_difference(parsed, method)
        if hit is None:
            assert found is None, method
        else:
            a, b, c = hit
            assert found == (a, b, c, ms.scheme_entry(scheme, a, b, c), ms.tensor_entry(n, m, p, a, b, c)), method


def test_second_chooses_the_packed_method_for_dense_schemes(monkeypatch):
    """<3,3,3>: four all-ones products cancelling in pairs (729 terms each) plus the naive 27 are above
    64 terms per product: the packed method decides (ACCEPT, then REJECT after one change)."""
    from endless_exam.crosscheck.families import matmul as second_mod

    dense = [[[1] * 9, [1] * 9, [s] * 9] for s in (1, -1, 1, -1)] + [[list(f) for f in prod] for prod in ms.naive(3, 3, 3)]
    parsed = schema.parse(dense, params(3, 3, 3))
    assert sum(len(a) * len(b) * len(c) for a, b, c in second_mod._supports(parsed)) > \
        second_mod.SPARSE_TERMS_PER_PRODUCT * len(dense)
    used = []
    monkeypatch.setattr(second_mod, "packed_first_difference",
                        lambda parsed, real=second_mod.packed_first_difference: used.append(1) or real(parsed))
    assert second_mod.first_difference(parsed) is None and used
    dense[0][2][3] = 0
    assert second_mod.first_difference(schema.parse(dense, params(3, 3, 3)))[:3] == ms.definition(dense, 3, 3, 3)


def test_matmul_fast_parse_path_falls_back_to_the_exact_fault():
    base = [[list(f) for f in prod] for prod in ms.naive(1, 1, 2)]
    assert schema.parse(base, params(1, 1, 2)).products == tuple(tuple(tuple(f) for f in prod) for prod in base)
    for where, value, reason in ((0, True, "FORMAT_TYPE"), (1, 5, "RANGE"), (2, 1.0, "FORMAT_TYPE"), (0, -5, "RANGE")):
        bad = [[list(f) for f in prod] for prod in base]
        bad[1][where][0] = value
        with pytest.raises(AnswerError) as err:
            schema.parse(bad, params(1, 1, 2))
        assert err.value.reason == reason and "product 1" in err.value.message


# ---- (b) mutations ----------------------------------------------------------------------------------

def test_bases_are_valid():
    for scheme, (n, m, p) in BASES + [(STRASSEN2, (4, 4, 4))]:
        pv, _ = both(scheme, n, m, p)
        assert pv.status is Status.ACCEPT and pv.objective == len(scheme), (n, m, p)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(range(len(BASES))), st.data())
def test_dropping_a_product_breaks_the_scheme(b, data):
    scheme, (n, m, p) = BASES[b]
    k = data.draw(st.integers(0, len(scheme) - 1))
    mutated = scheme[:k] + scheme[k + 1:]
    if not mutated:
        pytest.skip("a one-product scheme has nothing left")
    pv, _ = both(mutated, n, m, p)
    assert pv.status is Status.REJECT and pv.reason == "PROPERTY_VIOLATION"
    assert_witness(mutated, n, m, p, pv)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(range(len(BASES))), st.data())
def test_duplicating_a_product_breaks_the_scheme(b, data):
    scheme, (n, m, p) = BASES[b]
    k = data.draw(st.integers(0, len(scheme) - 1))
    at = data.draw(st.integers(0, len(scheme)))
    mutated = scheme[:at] + [scheme[k]] + scheme[at:]
    pv, _ = both(mutated, n, m, p)
    assert pv.status is Status.REJECT and pv.reason == "PROPERTY_VIOLATION"


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(range(len(BASES))), st.data())
def test_perturbing_one_coefficient(b, data):
    scheme, (n, m, p) = BASES[b]
    mutated = [[list(f) for f in prod] for prod in scheme]
    k = data.draw(st.integers(0, len(scheme) - 1))
    f = data.draw(st.integers(0, 2))
    idx = data.draw(st.integers(0, len(mutated[k][f]) - 1))
    mutated[k][f][idx] = data.draw(st.sampled_from([x for x in range(-4, 5) if x != mutated[k][f][idx]]))
    pv, _ = both(mutated, n, m, p)
    assert (pv.status, pv.reason) == truth(mutated, n, m, p)


def relabel(scheme, n, m, p, pi, pj, pl):
    """Rename rows/columns: A'[pi i][pj j] = A[i][j], B'[pj j][pl l] = B[j][l], C'[pi i][pl l] = C[i][l]."""
    out = []
    for u, v, w in scheme:
        u2, v2, w2 = [0] * (n * m), [0] * (m * p), [0] * (n * p)
        for i in range(n):
            for j in range(m):
                u2[pi[i] * m + pj[j]] = u[i * m + j]
        for j in range(m):
            for l in range(p):
                v2[pj[j] * p + pl[l]] = v[j * p + l]
        for i in range(n):
            for l in range(p):
                w2[pi[i] * p + pl[l]] = w[i * p + l]
        out.append([u2, v2, w2])
    return out


def transpose_scheme(scheme, n, m, p):
    """<n,m,p> -> <p,m,n>: C^T = B^T A^T, so (u, v, w) -> (v^T, u^T, w^T)."""
    out = []
    for u, v, w in scheme:
        vt = [v[j * p + l] for l in range(p) for j in range(m)]        # B^T is p x m: index l*m + j
        ut = [u[i * m + j] for j in range(m) for i in range(n)]        # A^T is m x n: index j*n + i
        wt = [w[i * p + l] for l in range(p) for i in range(n)]        # C^T is p x n: index l*n + i
        out.append([vt, ut, wt])
    return out


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(range(len(BASES))), st.data())
def test_symmetries_keep_validity(b, data):
    scheme, (n, m, p) = BASES[b]
    pi = data.draw(st.permutations(range(n)))
    pj = data.draw(st.permutations(range(m)))
    pl = data.draw(st.permutations(range(p)))
    image = relabel(scheme, n, m, p, pi, pj, pl)
    signs = data.draw(st.lists(st.sampled_from([(1, 1, 1), (-1, -1, 1), (-1, 1, -1), (1, -1, -1)]),
                               min_size=len(image), max_size=len(image)))
    image = [[[s * x for x in f] for s, f in zip(sg, prod)] for sg, prod in zip(signs, image)]
    image = data.draw(st.permutations(image))
    pv, _ = both(list(image), n, m, p)
    assert pv.status is Status.ACCEPT and pv.objective == len(scheme)
    t = transpose_scheme(scheme, n, m, p)
    pv, _ = both(t, p, m, n)
    assert pv.status is Status.ACCEPT and pv.objective == len(scheme)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(range(len(BASES))), st.integers(1, 5), st.integers(0, 10 ** 6))
def test_cancelling_pairs_keep_validity_and_count(b, pairs, seed):
    scheme, (n, m, p) = BASES[b]
    pairs = min(pairs, (4 * n * m * p - len(scheme)) // 2)
    padded = ms.pad(scheme, pairs, seed, n, m, p)
    pv, _ = both(padded, n, m, p)
    assert pv.status is Status.ACCEPT and pv.objective == len(scheme) + 2 * pairs


def test_a_relabelling_of_only_one_factor_breaks_strassen():
    # renaming the rows of A but not of C is not a symmetry
    image = [[relabel([prod], 2, 2, 2, [1, 0], [0, 1], [0, 1])[0][0], prod[1], prod[2]] for prod in STRASSEN]
    pv, _ = both(image, 2, 2, 2)
    assert pv.status is Status.REJECT and pv.reason == "PROPERTY_VIOLATION"


# ---- (c) evaluation on matrices and the index convention --------------------------------------------

def test_correct_schemes_compute_ab_on_random_matrices():
    rnd = random.Random(5)
    for scheme, (n, m, p) in BASES + [(STRASSEN2, (4, 4, 4))]:
        A = [[rnd.randint(-9, 9) for _ in range(m)] for _ in range(n)]
        B = [[rnd.randint(-9, 9) for _ in range(p)] for _ in range(m)]
        C = [[sum(A[i][j] * B[j][l] for j in range(m)) for l in range(p)] for i in range(n)]
        assert ms.apply_matrices(scheme, n, m, p, A, B) == C


def test_transposed_c_convention_computes_the_transpose_and_is_rejected_unless_converted():
    rnd = random.Random(6)
    for scheme, (n, m, p) in BASES:
        t = ms.transpose_c(scheme, n, p)
        A = [[rnd.randint(-9, 9) for _ in range(m)] for _ in range(n)]
        B = [[rnd.randint(-9, 9) for _ in range(p)] for _ in range(m)]
        C = [[sum(A[i][j] * B[j][l] for j in range(m)) for l in range(p)] for i in range(n)]
        # read in the family's convention, t's w puts C[i][l] at position l*n + i
        got = ms.apply_matrices(t, n, m, p, A, B)
        flat = [x for row in got for x in row]
        assert [[flat[l * n + i] for l in range(p)] for i in range(n)] == C
        if n > 1 and p > 1:                                  # otherwise l*n + i = i*p + l
            pv, _ = both(t, n, m, p)
            assert pv.status is Status.REJECT and pv.reason == "PROPERTY_VIOLATION"
        back = ms.transpose_c(t, p, n)
        pv, _ = both(back, n, m, p)
        assert pv.status is Status.ACCEPT


# ---- (d) the oracle ---------------------------------------------------------------------------------

def test_oracle_small_facts():
    assert oracle.decide(STRASSEN, 2, 2, 2) == ("unsat", None)
    assert oracle.decide(ms.naive(1, 1, 1), 1, 1, 1) == ("unsat", None)
    assert oracle.decide([[[1], [1], [-1]]], 1, 1, 1) == ("sat", (0, 0, 0, -1, 1))
    assert oracle.decide([[[1], [1], [1]]] * 2, 1, 1, 1) == ("sat", (0, 0, 0, 2, 1))
    assert oracle.decide(ms.naive(1, 3, 2), 1, 3, 2) == ("unsat", None)
    assert oracle.decide(ms.transpose_c(STRASSEN, 2, 2), 2, 2, 2)[0] == "sat"
    with pytest.raises(ValueError):
        oracle.decide(ms.naive(3, 3, 4), 3, 3, 4)              # n*m*p = 36 > 27
    with pytest.raises(ValueError):
        oracle.decide(ms.pad(ms.naive(1, 1, 1), 32), 1, 1, 1)  # 65 products
    with pytest.raises(ValueError):
        oracle.decide([[[5], [1], [1]]], 1, 1, 1)
    with pytest.raises(ValueError):
        oracle.decide([[[1, 0], [1], [1]]], 1, 1, 1)


@settings(max_examples=15, deadline=None)
@given(st.sampled_from([0, 1, 2, 3, 5]), st.data())
def test_oracle_planted_violation(b, data):
    scheme, (n, m, p) = BASES[b]
    mutated = [[list(f) for f in prod] for prod in scheme]
    k = data.draw(st.integers(0, len(scheme) - 1))
    f = data.draw(st.integers(0, 2))
    idx = data.draw(st.integers(0, len(mutated[k][f]) - 1))
    mutated[k][f][idx] += data.draw(st.sampled_from([-1, 1]))
    expected = ms.definition(mutated, n, m, p)
    answer, hit = oracle.decide(mutated, n, m, p)
    assert answer == ("unsat" if expected is None else "sat")
    if hit is not None:
        a, bb, c, value, want = hit
        assert value == ms.scheme_entry(mutated, a, bb, c) != want == ms.tensor_entry(n, m, p, a, bb, c)


def _give_up_first(monkeypatch, attempts_given_up: int) -> list:
    """``Solver.check`` answers ``unknown`` (z3 giving up) on the first ``attempts_given_up`` calls; the
    returned list grows by one per call."""
    import z3

    real, calls = z3.Solver.check, []

    def check(self, *args):
        calls.append(self)
        return z3.unknown if len(calls) <= attempts_given_up else real(self, *args)
    monkeypatch.setattr(z3.Solver, "check", check)
    return calls


def test_oracle_restarts_after_z3_gives_up(monkeypatch):
    """A restart still decides: a wrong scheme is found (its entry confirmed), a correct one is unsat."""
    calls = _give_up_first(monkeypatch, 2)
    status, hit = oracle.decide(ms.transpose_c(STRASSEN, 2, 2), 2, 2, 2)
    assert status == "sat" and len(calls) == 3 and len({id(s) for s in calls}) == 3   # a fresh solver each
    a, b, c, value, want = hit
    assert value == ms.scheme_entry(ms.transpose_c(STRASSEN, 2, 2), a, b, c) != want
    calls = _give_up_first(monkeypatch, 1)
    assert oracle.decide(STRASSEN, 2, 2, 2) == ("unsat", None) and len(calls) == 2


def test_oracle_reports_unknown_when_every_attempt_gives_up(monkeypatch):
    import z3

    monkeypatch.setattr(z3.Solver, "check", lambda self, *a: z3.unknown)
    assert oracle.decide([[[1], [1], [-1]]], 1, 1, 1) == ("unknown", None)
    assert oracle.decide(STRASSEN, 2, 2, 2, timeout_ms=1) == ("unknown", None)


def test_oracle_fits_rule():
    assert oracle.fits(schema.parse(STRASSEN, params(2, 2, 2)))
    assert not oracle.fits(schema.parse(STRASSEN2, params(4, 4, 4)))
    assert "27" in oracle.SIZE_RULE and "64" in oracle.SIZE_RULE


# ---- (e) parameters, limits, bound, prompt, independence -------------------------------------------

def test_params_are_strict_and_bounded():
    assert schema.validate_params({"n": 4, "m": 5, "p": 5}) == {"n": 4, "m": 5, "p": 5}
    assert schema.validate_params({"n": 8, "m": 8, "p": 8}) == {"n": 8, "m": 8, "p": 8}
    assert schema.validate_params({"n": 16, "m": 16, "p": 2}) == {"n": 16, "m": 16, "p": 2}
    assert schema.validate_params({"n": 1, "m": 16, "p": 1}) == {"n": 1, "m": 16, "p": 1}
    assert schema.validate_params({"n": 2, "m": 2, "p": 100}) == {"n": 2, "m": 2, "p": 100}
    assert schema.validate_params({"n": 1, "m": 1, "p": 20_000_000}) == {"n": 1, "m": 1, "p": 20_000_000}
    for bad in ({"n": 20_000_001, "m": 1, "p": 1}, {"n": 0, "m": 1, "p": 1}, {"n": 1000, "m": 1000, "p": 21},
                {"n": True, "m": 1, "p": 1}, {"n": 2.0, "m": 2, "p": 2},
                {"n": 2, "m": 2}, {"n": 2, "m": 2, "p": 2, "r": 7}, {"n": "2", "m": 2, "p": 2}, [2, 2, 2]):
        with pytest.raises(ParamsError):
            schema.validate_params(bad)


def test_size_limit_is_checked_from_the_length_alone():
    # 33 items that are not even products: SIZE_LIMIT, not FORMAT_TYPE
    with pytest.raises(AnswerError) as info:
        schema.parse([None] * 33, params(2, 2, 2))
    assert info.value.reason == "SIZE_LIMIT"
    with pytest.raises(AnswerError) as info:
        schema.parse([None] * 32, params(2, 2, 2))
    assert info.value.reason == "FORMAT_TYPE"


@pytest.mark.parametrize("dims", [(2, 2, 100), (1, 30, 1), (3, 1, 40), (100, 1, 2)])
def test_large_dimensions_naive_scheme(dims):
    """Issue 21: dimensions beyond the old 16 / nmp 512. The naive scheme is valid; one wrong
    coefficient in the last product is found (both verifiers' sparse paths), and the two paths of each
    verifier agree where both apply."""
    n, m, p = dims
    scheme = ms.naive(n, m, p)
    pv, sv = proplib.both(primary, second, params(n, m, p), scheme)
    assert pv.status is Status.ACCEPT and pv.objective == n * m * p
    bad = [[list(f) for f in prod] for prod in scheme]
    bad[-1][2][-1] = 2
    pv, sv = proplib.both(primary, second, params(n, m, p), bad)
    a, b, c = n * m - 1, m * p - 1, n * p - 1
    assert pv.witness == sv.witness == {"entry": [a, b, c], "value": 2, "expected": 1}
    parsed = schema.parse(bad, params(n, m, p))
    assert primary.module.first_difference(parsed) == primary.module.sparse_first_difference(parsed)
    assert second.module.first_difference(parsed, "sparse") == second.module.first_difference(parsed, "packed")


def test_sparse_and_dense_primary_agree_on_random_schemes():
    rnd = random.Random(21)
    for _ in range(60):
        n, m, p = rnd.randrange(1, 4), rnd.randrange(1, 4), rnd.randrange(1, 4)
        scheme = ms.naive(n, m, p)
        for _ in range(rnd.randrange(3)):
            k = rnd.randrange(len(scheme))
            f = rnd.randrange(3)
            scheme[k][f][rnd.randrange(len(scheme[k][f]))] = rnd.randrange(-4, 5)
        parsed = schema.parse(scheme, params(n, m, p))
        assert primary.module.first_difference(parsed) == primary.module.sparse_first_difference(parsed)


def test_work_bounds_refuse_from_sizes():
    # <1, 1, 5000>: v and w of length 5000; one dense product: N + nmp = 2.5e7 + 5000 > 2e7 and the
    # slice (mp)(np) = 2.5e7 > 2^22: SIZE_LIMIT before any check
    dense = [[[1], [1] * 5000, [1] * 5000]]
    with pytest.raises(AnswerError) as info:
        schema.parse(dense, params(1, 1, 5000))
    assert info.value.reason == "SIZE_LIMIT"
    # the same dimensions with a sparse product are decided (invalid: most of the tensor is missing)
    sparse = [[[1], [1] + [0] * 4999, [1] + [0] * 4999]]
    pv, sv = proplib.both(primary, second, params(1, 1, 5000), sparse)
    assert pv.reason == sv.reason == "PROPERTY_VIOLATION"
    assert pv.witness == sv.witness == {"entry": [0, 1, 1], "value": 0, "expected": 1}


def test_bound_formula():
    spec = primary.SPEC
    assert spec.bound({"n": 4, "m": 4, "p": 5}) == (20, "bound")
    assert spec.bound({"n": 5, "m": 5, "p": 5}) == (25, "bound")
    assert spec.bound({"n": 4, "m": 5, "p": 5}) == (25, "bound")
    assert spec.bound({"n": 1, "m": 1, "p": 1}) == (1, "bound")
    for inst in suites.all_instances():
        if inst.family == "matmul":
            assert spec.bound(inst.params) == (inst.bound, inst.bound_kind)


def test_prompt_states_every_limit():
    for cid in ("a3-matmul-0", "a3-matmul-4", "a3-matmul-6"):
        inst = suites.find(cid)
        text = prompts.prompt("matmul", inst.params)
        n, m, p = inst.params["n"], inst.params["m"], inst.params["p"]
        assert f"{4 * n * m * p}" in text and "-4..4" in text and "20,000,000" in text
        assert f"{schema.MAX_DENSE_WORK:,}" in text and f"{schema.MAX_SLICE:,}" in text
        assert "i*" in text and "row-major" in text and "60 seconds" in text
        assert str(inst.reference) not in text


def test_second_verifier_is_independent():
    proplib.assert_crosscheck_is_independent(
        "matmul",
        "from endless_exam.crosscheck.families import load",
        "v = load('matmul').check({'n': 2, 'm': 2, 'p': 2}, [[[1,0,0,1],[1,0,0,1],[1,0,0,1]]])",
        "assert v.reason == 'PROPERTY_VIOLATION', v",
        "assert 'numpy' not in sys.modules and 'flint' not in sys.modules and 'sympy' not in sys.modules",
    )


def test_reference_constructions_are_accepted_by_both():
    docs = list(fixtures.list_json("constructions", "matmul"))
    assert len(docs) >= 3
    for _name, doc in docs:
        proplib.assert_reference_construction("matmul", primary, second, doc)


# ---- long campaign (pytest -m slow) ------------------------------------------------------------------

@pytest.mark.slow
@settings(max_examples=1500, deadline=None)
@given(small_schemes())
def test_long_campaign_generated_schemes(case):
    test_generated_schemes_agree_with_the_definition.hypothesis.inner_test(case)
