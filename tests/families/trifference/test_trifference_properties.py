"""Property, exhaustive-agreement, mutation and formal-oracle tests of the ``trifference`` family.

(a) Exhaustive agreement (the paper's own validation of the certificate checks): every subset of
    F_3^1 and F_3^2 (m = 1, 2) and every generator matrix with k rows and n columns for
    (k, n) in {(1, 1..4), (2, 1..3)} (m = 1, 2, 3 up to n), each as ``linear_code``, as the legacy
    ``linear`` form and as the literal span, is decided by both verifiers and by brute force over all
    triples, with zero disagreements; the slow campaign adds every subset of at most 4 words of F_3^3,
    every 3-subset of F_3^4 and every matrix with (k, n) in {(2, 4), (3, 3)} (as linear_code; the other
    forms once per distinct code).
(b) Hypothesis: random lists and random codes (both verifiers, brute force, the z3 oracle); the
    hyperplane engine against a per-direction computation; the bit-sliced F_3 addition.
(c) Mutations of valid codes: dropping words keeps validity, duplicating is a DUPLICATE, perturbing one
    coordinate agrees with brute force, and permuting coordinates, relabelling the symbols of a
    coordinate, translating, reordering and scaling columns keep verdict and objective.
(d) rs_concat: small certificates are expanded in plain Python (GF(q) built from the field polynomial)
    and the expansion is checked by brute force against the certificate's verdict; irreducibility tests
    of both verifiers agree with a brute-force factor search on every monic polynomial of degree 1..6.
(e) The z3 oracle: planted violations are found, valid codes are unsat, limits are enforced.

Every DUPLICATE/PROPERTY_VIOLATION/CERTIFICATE_INVALID witness is re-checked by the other verifier
(``proplib.both``) and, where it is a list triple, against the definition.
"""
from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from endless_exam.certificates.verdict import Status
from endless_exam.checker.families import _gf3
from endless_exam.checker.families import load as _load_primary
from endless_exam.crosscheck.families import _ternary
from endless_exam.crosscheck.families import load as _load_second
from endless_exam.crosscheck.families import trifference as second_mod
from endless_exam.crosscheck.oracle import trifference as oracle_mod
from endless_exam.checker.families import trifference as primary_mod
from tests.common import proplib
from tests.common.rs_expand import expand_rs

primary = _load_primary("trifference")
second = _load_second("trifference")
TETRA = ["0000", "0112", "0221", "1011", "1120", "1202", "2022", "2101", "2210"]


def params(n: int, m: int) -> dict:
    return {"n": n, "m": m, "representation": "certified"}


def separated(x: str, y: str, z: str) -> int:
    return sum(1 for a, b, c in zip(x, y, z) if a != b and a != c and b != c)


def brute(words, m: int) -> bool:
    """The definition: every three distinct words are separated at >= m coordinates."""
    distinct = sorted(set(words))
    return all(separated(*t) >= m for t in itertools.combinations(distinct, 3))


def span(rows: list[str]) -> list[str]:
    n = len(rows[0])
    out = set()
    for coeffs in itertools.product(range(3), repeat=len(rows)):
        out.add("".join(str(sum(c * int(r[j]) for c, r in zip(coeffs, rows)) % 3) for j in range(n)))
    return sorted(out)


def both(n: int, m: int, answer):
    return proplib.both(primary, second, params(n, m), answer)


def expect(n: int, m: int, answer, words) -> None:
    """Both verifiers agree with brute force on ``answer`` whose words (a set) are ``words``."""
    p, _ = both(n, m, answer)
    if brute(words, m):
        assert p.status is Status.ACCEPT and p.objective == len(set(words)), (answer, m, p)
    else:
        assert p.status is Status.REJECT and p.reason == "PROPERTY_VIOLATION", (answer, m, p)
        w = p.witness
        if "indices" in w:
            assert separated(*w["words"]) < m


# ---- (a) exhaustive agreement -----------------------------------------------------------------------

def _all_subsets(n: int):
    space = ["".join(t) for t in itertools.product("012", repeat=n)]
    for size in range(1, len(space) + 1):
        yield from itertools.combinations(space, size)


@pytest.mark.parametrize("n", [1, 2])
def test_every_subset_of_small_spaces(n):
    for subset in _all_subsets(n):
        for m in range(1, n + 1):
            expect(n, m, list(subset), subset)


def _matrices(k: int, n: int):
    for entries in itertools.product("012", repeat=k * n):
        yield ["".join(entries[r * n:(r + 1) * n]) for r in range(k)]


def _check_matrix(rows: list[str]) -> None:
    n = len(rows[0])
    words = span(rows)
    for m in range(1, min(n, 3) + 1):
        expect(n, m, {"linear_code": rows}, words)
        expect(n, m, {"linear": rows}, words)
        expect(n, m, words, words)


@pytest.mark.parametrize("k, n", [(1, 1), (1, 2), (1, 3), (1, 4), (2, 1), (2, 2), (2, 3)])
def test_every_small_generator_matrix(k, n):
    for rows in _matrices(k, n):
        _check_matrix(rows)


@pytest.mark.slow
@pytest.mark.parametrize("k, n", [(2, 4), (3, 3)])
def test_every_generator_matrix_campaign(k, n):
    """Every matrix as a linear_code certificate; the list and legacy forms once per distinct code."""
    seen: set[tuple[str, ...]] = set()
    for rows in _matrices(k, n):
        words = span(rows)
        for m in range(1, min(n, 3) + 1):
            expect(n, m, {"linear_code": rows}, words)
        if tuple(words) not in seen:
            seen.add(tuple(words))
            for m in range(1, min(n, 3) + 1):
                expect(n, m, {"linear": rows}, words)
                expect(n, m, words, words)


@pytest.mark.slow
def test_every_small_subset_campaign():
    space3 = ["".join(t) for t in itertools.product("012", repeat=3)]
    for size in range(1, 5):
        for subset in itertools.combinations(space3, size):
            for m in (1, 2, 3):
                expect(3, m, list(subset), subset)
    space4 = ["".join(t) for t in itertools.product("012", repeat=4)]
    for subset in itertools.combinations(space4, 3):
        for m in (1, 2):
            expect(4, m, list(subset), subset)


# ---- (b) hypothesis: lists and codes -------------------------------------------------------------------

@st.composite
def word_lists(draw, max_n: int = 10, max_words: int = 30):
    n = draw(st.integers(1, max_n))
    rnd = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    kind = draw(st.sampled_from(["random", "subcode", "tetra_like"]))
    if kind == "random":
        words = list({"".join(rnd.choice("012") for _ in range(n)) for _ in range(rnd.randint(1, max_words))})
    elif kind == "subcode":
        rows = ["".join(rnd.choice("012") for _ in range(n)) for _ in range(rnd.randint(1, 3))]
        words = span(rows)
        words = rnd.sample(words, rnd.randint(1, len(words)))
    else:
        reps = max(1, n // 4)
        n = 4 * reps
        words = [w * reps for w in rnd.sample(TETRA, rnd.randint(1, 9))]
    m = draw(st.integers(1, min(n, 4)))
    return n, m, words


@settings(max_examples=150, deadline=None)
@given(word_lists())
def test_lists_agree_with_brute_force_and_oracle(case):
    n, m, words = case
    expect(n, m, words, words)
    status, hit = oracle_mod.decide_words(tuple(words), n, m)
    assert status == ("unsat" if brute(words, m) else "sat")
    if hit is not None:
        assert separated(*(words[t] for t in hit)) < m


@st.composite
def codes(draw, max_k: int = 4, max_n: int = 12):
    k = draw(st.integers(1, max_k))
    n = draw(st.integers(k, max_n))
    rnd = random.Random(draw(st.integers(0, 2 ** 32 - 1)))
    rows = ["".join(rnd.choice("012") for _ in range(n)) for _ in range(k)]
    if draw(st.booleans()):                 # repeat some columns (multiplicities matter for m >= 2)
        cols = list(zip(*rows))
        cols += [cols[rnd.randrange(n)] for _ in range(rnd.randint(1, n))]
        rows = ["".join(c[r] for c in cols) for r in range(k)]
        n = len(rows[0])
    m = draw(st.integers(1, min(3, n)))
    return n, m, rows


@settings(max_examples=120, deadline=None)
@given(codes())
def test_codes_agree_with_brute_force_and_oracle(case):
    n, m, rows = case
    words = span(rows)
    expect(n, m, {"linear_code": rows}, words)
    if len(rows) <= oracle_mod.MAX_ROWS and n <= oracle_mod.MAX_CODE_N:
        status, trio = oracle_mod.decide_code(rows, n, m)
        assert status == ("unsat" if brute(words, m) else "sat")


def _direction_fails(basis: list[list[int]], u: tuple[int, ...], m: int) -> bool:
    """The hyperplane condition for one direction, straight from the definition (k small)."""
    n = len(basis[0])
    z = _gf3.combine(list(u), basis)
    zeros = [j for j in range(n) if z[j] == 0]
    restricted = [[row[j] for j in zeros] for row in basis]
    k = len(basis)
    if _gf3.rank(restricted, len(zeros)) != k - 1:
        return True
    weights = []
    for x in itertools.product(range(3), repeat=k):
        word = _gf3.combine(list(x), restricted) if zeros else []
        if any(word):
            weights.append(sum(1 for c in word if c))
    return min(weights, default=m) < m


@settings(max_examples=60, deadline=None)
@given(codes(max_k=5, max_n=14))
def test_hyperplane_engine_matches_each_direction(case):
    n, m, rows = case
    k, basis = _gf3.rref([[int(c) for c in r] for r in rows], n)
    if k < 2:
        return
    failing = set(_gf3.HyperplaneEngine(basis, m).run())
    _, _, messages = _gf3.projective_messages(k)
    expected = {u for u in (tuple(int(x) for x in row) for row in messages) if _direction_fails(basis, u, m)}
    assert failing == expected


def test_bit_sliced_addition():
    for x in range(3):
        for y in range(3):
            a = ((x == 1) * 1, (x == 2) * 1)
            b = ((y == 1) * 1, (y == 2) * 1)
            s = _gf3.add(*a, *b)
            t = _ternary.plus(a, b)
            want = ((x + y) % 3 == 1) * 1, ((x + y) % 3 == 2) * 1
            assert tuple(s) == want == tuple(t)


def test_low_weight_combination_is_complete():
    """On all 2 x 4 and 3 x 3 matrices in echelon form: a combination of weight < m is found iff one exists."""
    for k, n in ((2, 4), (3, 3)):
        for rows in _matrices(k, n):
            r, reduced = _gf3.rref([[int(c) for c in row] for row in rows], n)
            if r == 0:
                continue
            words = [w for w in span(rows) if w != "0" * n]
            dmin = min(sum(c != "0" for c in w) for w in words)
            for m in (1, 2, 3):
                found = _gf3.low_weight_combination(reduced, m)
                assert (found is not None) == (dmin < m)
                if found is not None:
                    assert 0 < sum(1 for c in _gf3.combine(found, reduced) if c) < m


# ---- (c) mutations -----------------------------------------------------------------------------------

VALID_LISTS = [(4, 1, TETRA), (8, 2, [w + w for w in TETRA]), (12, 3, [w * 3 for w in TETRA]),
               (3, 3, ["000", "111", "222"])]


@st.composite
def valid_lists(draw):
    n, m, words = draw(st.sampled_from(VALID_LISTS))
    return n, m, list(words)


@settings(max_examples=40, deadline=None)
@given(valid_lists(), st.data())
def test_dropping_words_keeps_validity(case, data):
    n, m, words = case
    keep = data.draw(st.lists(st.sampled_from(range(len(words))), min_size=1, unique=True))
    p, _ = both(n, m, [words[i] for i in sorted(keep)])
    assert p.status is Status.ACCEPT and p.objective == len(keep)


@settings(max_examples=30, deadline=None)
@given(valid_lists(), st.data())
def test_duplicating_a_word_is_duplicate(case, data):
    n, m, words = case
    src = data.draw(st.integers(0, len(words) - 1))
    at = data.draw(st.integers(0, len(words)))
    mutated = words[:at] + [words[src]] + words[at:]
    p, s = both(n, m, mutated)
    assert p.reason == s.reason == "DUPLICATE"


@settings(max_examples=60, deadline=None)
@given(valid_lists(), st.data())
def test_perturbing_one_coordinate(case, data):
    n, m, words = case
    t = data.draw(st.integers(0, len(words) - 1))
    c = data.draw(st.integers(0, n - 1))
    new = data.draw(st.sampled_from([v for v in "012" if v != words[t][c]]))
    mutated = list(words)
    mutated[t] = words[t][:c] + new + words[t][c + 1:]
    p, _ = both(n, m, mutated)
    if len(set(mutated)) < len(mutated):
        assert p.reason == "DUPLICATE"
    elif brute(mutated, m):
        assert p.status is Status.ACCEPT
    else:
        assert p.reason == "PROPERTY_VIOLATION"


@settings(max_examples=60, deadline=None)
@given(word_lists(max_n=8, max_words=20), st.data())
def test_symmetries_keep_the_verdict(case, data):
    """Permuting coordinates, relabelling the symbols of each coordinate and reordering the list map
    separated triples to separated triples: verdict, reason and objective are invariant."""
    n, m, words = case
    perm = data.draw(st.permutations(range(n)))
    labels = [data.draw(st.permutations("012")) for _ in range(n)]
    image = ["".join(labels[j][int(w[perm[j]])] for j in range(n)) for w in words]
    image = data.draw(st.permutations(image))
    before, _ = both(n, m, words)
    after, _ = both(n, m, list(image))
    assert (before.status, before.reason, before.objective) == (after.status, after.reason, after.objective)


@settings(max_examples=40, deadline=None)
@given(codes(max_k=4, max_n=10), st.data())
def test_code_symmetries_keep_the_verdict(case, data):
    """Column permutations and scaling columns by 2 map the code to an equivalent one (linear_code)."""
    n, m, rows = case
    perm = data.draw(st.permutations(range(n)))
    scale = data.draw(st.lists(st.sampled_from([1, 2]), min_size=n, max_size=n))
    image = ["".join(str((int(r[perm[j]]) * scale[j]) % 3) for j in range(n)) for r in rows]
    before, _ = both(n, m, {"linear_code": rows})
    after, _ = both(n, m, {"linear_code": image})
    assert (before.status, before.reason, before.objective) == (after.status, after.reason, after.objective)


def test_translates_are_recognised_as_affine():
    for shift in ("1000", "2121", "0001"):
        moved = sorted("".join(str((int(a) + int(b)) % 3) for a, b in zip(w, shift)) for w in TETRA)
        assert primary_mod._affine_basis(tuple(moved), 4) is not None
        assert second_mod._affine(tuple(moved)) is not None
        p, _ = both(4, 1, moved)
        assert p.status is Status.ACCEPT and p.objective == 9
    # nine words that are not an affine plane
    odd = ["0000", "0001", "0010", "0100", "1000", "1111", "2222", "1212", "2121"]
    assert primary_mod._affine_basis(tuple(odd), 4) is None and second_mod._affine(tuple(odd)) is None


# ---- (d) rs_concat: expansion by brute force, irreducibility -------------------------------------------

@pytest.mark.parametrize("field", [[2, 2, 1], [1, 0, 1], [2, 1, 1]])
def test_rs_concat_expansion_agrees_with_the_certificate(field):
    """Over GF(9) with the tetracode inside: every accepted certificate expands to an m-trifferent code of
    q^K distinct words (brute force over all triples); N = 4, K = 2 is 1-trifferent but not 2-trifferent."""
    for big_n, big_k, m in ((4, 2, 1), (5, 2, 2), (3, 1, 3), (9, 2, 6), (2, 1, 2)):
        n = 4 * big_n
        answer = {"rs_concat": {"inner": TETRA, "inner_n": 4, "inner_m": 1, "field": field,
                                "length": big_n, "dimension": big_k}}
        p, _ = both(n, m, answer)
        assert p.status is Status.ACCEPT and p.objective == 9 ** big_k
        words = expand_rs(TETRA, field, big_n, big_k, n)
        assert len(set(words)) == len(words) == 9 ** big_k
        if len(words) <= 81:
            assert brute(words, m)
    words = expand_rs(TETRA, field, 4, 2, 16)
    assert brute(words, 1) and not brute(words, 2)
    p, _ = both(16, 2, {"rs_concat": {"inner": TETRA, "inner_n": 4, "inner_m": 1, "field": field,
                                      "length": 4, "dimension": 2}})
    assert p.reason == "RANGE"          # the inequality 1 * (4 - 6 + 3) >= 2 fails


def test_rs_concat_over_a_reducible_ring_is_refused():
    p, s = both(16, 1, {"rs_concat": {"inner": TETRA, "inner_n": 4, "inner_m": 1, "field": [2, 0, 1],
                                      "length": 4, "dimension": 2}})
    assert p.reason == s.reason == "CERTIFICATE_INVALID"
    assert p.witness["factor"] in ([1, 1], [2, 1]) and s.witness["factor"] in ([1, 1], [2, 1])


def _brute_irreducible(coeffs: tuple[int, ...]) -> bool:
    """Degree >= 1 and not a product of two monic polynomials of positive degree (all products tried)."""
    r = len(coeffs) - 1
    if r < 1 or coeffs[-1] == 0:
        return False
    for d in range(1, r):
        for a in itertools.product(range(3), repeat=d):
            for b in itertools.product(range(3), repeat=r - d):
                fa, fb = list(a) + [1], list(b) + [1]
                prod = [0] * (r + 1)
                for i, x in enumerate(fa):
                    for j, y in enumerate(fb):
                        prod[i + j] = (prod[i + j] + x * y) % 3
                if tuple((2 * c) % 3 for c in prod) == coeffs or tuple(prod) == coeffs:
                    return False
    return True


def test_irreducibility_agrees_on_all_small_polynomials():
    for r in range(1, 6):
        for low in itertools.product(range(3), repeat=r):
            coeffs = tuple(low) + (1,)
            want = _brute_irreducible(coeffs)
            assert primary_mod.irreducible(coeffs) is want, coeffs
            assert second_mod.irreducible_by_sympy(coeffs) is want, coeffs
            assert second_mod.irreducible_by_division(coeffs) is want, coeffs
    for r in (6,):
        for low in itertools.product(range(3), repeat=r):
            coeffs = tuple(low) + (1,)
            assert primary_mod.irreducible(coeffs) is second_mod.irreducible_by_sympy(coeffs) \
                is second_mod.irreducible_by_division(coeffs)


def test_constants_are_not_irreducible():
    """FLINT and sympy call constants irreducible; the project's definition requires degree >= 1."""
    for coeffs in ((1,), (2,), (0,), (0, 0), (1, 0), (2, 0, 0)):
        assert not primary_mod.irreducible(coeffs)
        assert not second_mod.irreducible_by_sympy(coeffs)
        assert not second_mod.irreducible_by_division(coeffs)
    assert primary_mod.irreducible((1, 1)) and primary_mod.irreducible((0, 1))       # degree 1


# ---- (e) the z3 oracle -------------------------------------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(valid_lists(), st.data())
def test_oracle_planted_violation(case, data):
    n, m, words = case
    assert oracle_mod.decide_words(tuple(words), n, m) == ("unsat", None)
    i, j = data.draw(st.lists(st.integers(0, len(words) - 1), min_size=2, max_size=2, unique=True))
    spoil = next(z for z in ("".join(a if b == "0" else c for a, b, c in zip(words[i], bits, words[j]))
                             for bits in ("".join(t) for t in itertools.product("01", repeat=n)))
                 if z not in words)
    at = data.draw(st.integers(0, len(words)))
    planted = words[:at] + [spoil] + words[at:]
    status, hit = oracle_mod.decide_words(tuple(planted), n, m)
    assert status == "sat" and separated(*(planted[t] for t in hit)) < m


def test_oracle_codes():
    assert oracle_mod.decide_code(["0112", "1011"], 4, 1) == ("unsat", None)
    status, trio = oracle_mod.decide_code(["0112", "1011", "0001"], 4, 1)
    assert status == "sat" and len(set(trio)) == 3 and separated(*trio) == 0
    status, trio = oracle_mod.decide_code(["0112", "1011"], 4, 2)
    assert status == "sat" and separated(*trio) < 2
    parsed = primary.parse(params(4, 1), {"linear_code": ["0112", "1011", "0001"]})
    status, w = oracle_mod.oracle(parsed)
    assert status == "sat"
    for verifier in (primary, second):
        assert verifier.witness_holds(params(4, 1), {"linear_code": ["0112", "1011", "0001"]}, w)[0]


def test_oracle_at_the_limits():
    # a valid 81-word code of length 24 (the tetracode concatenated over GF(9), padded), unsat at the limit
    words = expand_rs(TETRA, [2, 2, 1], 4, 2, 24)
    assert oracle_mod.decide_words(tuple(words), 24, 1) == ("unsat", None)
    rows = ["1000011112222", "0100012120112", "0010011221021", "0001010122201", "0000101112122"]
    rows = [r + "000" for r in rows]
    want = brute(span(rows), 1)
    assert oracle_mod.decide_code(rows, 16, 1)[0] == ("unsat" if want else "sat")
    with pytest.raises(ValueError):
        oracle_mod.decide_words(tuple(words) + ("0" * 24,), 24, 1)
    with pytest.raises(ValueError):
        oracle_mod.decide_words(("0" * 25,), 25, 1)
    with pytest.raises(ValueError):
        oracle_mod.decide_code(rows + ["0" * 16], 16, 1)
    with pytest.raises(ValueError):
        oracle_mod.decide_words(("0003",), 4, 1)
    with pytest.raises(ValueError):
        oracle_mod.decide_words(("0000",), 4, 0)
    assert not oracle_mod.fits(primary.parse(params(16, 1), {"rs_concat": {
        "inner": TETRA, "inner_n": 4, "inner_m": 1, "field": [2, 2, 1], "length": 4, "dimension": 2}}))


def test_oracle_unknown_is_reported(monkeypatch):
    import z3

    monkeypatch.setattr(z3.Solver, "check", lambda self, *a: z3.unknown)
    assert oracle_mod.decide_words(("0", "1", "2"), 1, 1) == ("unknown", None)


def test_oracle_restarts_after_an_unknown(monkeypatch):
    # z3's heavy tail: an attempt that gives up is asked again with a new seed (and a doubled budget)
    import z3

    real, calls = z3.Solver.check, []

    def flaky(self, *a):
        calls.append(1)
        return z3.unknown if len(calls) == 1 else real(self, *a)

    monkeypatch.setattr(z3.Solver, "check", flaky)
    words = ("00", "11", "22", "01")
    status, hit = oracle_mod.decide_words(words, 2, 2)
    assert status == "sat" and oracle_mod.separated(*(words[t] for t in hit)) < 2
    assert len(calls) == 2
    calls.clear()
    assert oracle_mod.decide_code(["0112", "1011"], 4, 1) == ("unsat", None)
    assert len(calls) == 2


def test_crosscheck_never_imports_checker_and_z3_is_lazy():
    proplib.assert_crosscheck_is_independent(
        "trifference",
        "from endless_exam.crosscheck.oracle.trifference import decide_words",
        "assert decide_words(('0', '1', '2'), 1, 1) == ('unsat', None)")

