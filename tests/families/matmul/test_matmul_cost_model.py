"""Issue 31 for matmul: the admission bounds and the paths both verifiers choose use the same cost model
(asserted on work counts from the sizes, never on seconds), the primary's float64 slice products stay
exact at the largest entries the schema allows (REJECT on a difference of one), and the second's grouped
packed sums agree with a direct count (ACCEPT and REJECT)."""
from __future__ import annotations

import random

import pytest

from endless_exam.certificates.errors import AnswerError
from endless_exam.certificates.schemas import matmul as schema
from endless_exam.checker.families import matmul as primary_mod
from endless_exam.crosscheck.families import matmul as second_mod
from tests.benchmarks.bench_matmul import dense_padded


def _direct(parsed):
    """The first wrong entry (a, b, c, value, expected) by the definition, or None."""
    na, nb, nc = parsed.sizes
    for a in range(na):
        for b in range(nb):
            for c in range(nc):
                value = sum(u[a] * v[b] * w[c] for u, v, w in parsed.products)
                want = second_mod.tensor_entry(parsed.n, parsed.m, parsed.p, a, b, c)
                if value != want:
                    return a, b, c, value, want
    return None


def _random_scheme(rnd, n, m, p, r):
    scheme = dense_padded(n, m, p, r - (r - n * m * p) % 2, rnd.randrange(10 ** 6))
    if rnd.random() < 0.5:                                       # spoil one coefficient somewhere
        k = rnd.randrange(len(scheme))
        f = rnd.randrange(3)
        i = rnd.randrange(len(scheme[k][f]))
        scheme[k][f][i] = (scheme[k][f][i] + rnd.choice([1, -1, 2])) if abs(scheme[k][f][i]) < 3 else 0
    return scheme


@pytest.mark.parametrize("seed", range(25))
def test_dense_paths_match_the_definition(seed, monkeypatch):
    rnd = random.Random(seed)
    n, m, p = rnd.randrange(1, 4), rnd.randrange(1, 4), rnd.randrange(1, 4)
    scheme = _random_scheme(rnd, n, m, p, rnd.randrange(n * m * p, 4 * n * m * p + 1))
    parsed = schema.parse(scheme, {"n": n, "m": m, "p": p})
    expected = _direct(parsed)
    assert primary_mod.first_difference(parsed) == expected
    monkeypatch.setattr(primary_mod, "BLOCK_BYTES", 1)           # one slice per product
    assert primary_mod.first_difference(parsed) == expected
    assert second_mod.packed_first_difference(parsed) == expected
    monkeypatch.setattr(second_mod, "PACKED_BYTES", 1)           # one slice per group, one pass each
    assert second_mod.packed_first_difference(parsed) == expected


def test_float_slices_are_exact_at_the_largest_entries():
    """2,048 products of all 4s for <8,8,8>: every entry is 64 * 2,048 = 131,072; changing one w coefficient
    of the last product moves some entries by 16; the dense path reports exact values (REJECT)."""
    d = [[[4] * 64, [4] * 64, [4] * 64] for _ in range(2048)]
    parsed = schema.parse(d, {"n": 8, "m": 8, "p": 8})
    a, b, c, value, want = primary_mod.first_difference(parsed)
    assert (a, b, c, value) == (0, 0, 0, 131_072) and want == 1
    d[-1][2] = [4] * 63 + [3]
    parsed = schema.parse(d, {"n": 8, "m": 8, "p": 8})
    assert primary_mod.first_difference(parsed)[3] == 131_072
    assert 64 * schema.MAX_COEFFICIENT ** 0 * 4 * schema.MAX_NMP < primary_mod.EXACT_FLOAT   # 64 r < 2^53 at r = 4nmp


def _path_of_second(parsed, monkeypatch) -> str:
    used = []
    monkeypatch.setattr(second_mod, "sparse_first_difference", lambda *a, **k: used.append("sparse"))
    monkeypatch.setattr(second_mod, "packed_first_difference", lambda *a, **k: used.append("packed"))
    second_mod.first_difference(parsed)
    return used[0]


@pytest.mark.parametrize("shape", [(2, 2, 2, 7), (8, 8, 8, 2048), (11, 11, 11, 5323), (2, 2, 100, 400), (1, 1, 3, 12)])
def test_admission_and_path_share_the_cost_model(shape, monkeypatch):
    """Whatever path a verifier takes for an admitted scheme, that path's work is within its bound: sparse ->
    N + nmp <= MAX_SPARSE_TERMS; dense/packed -> r (nmp)^2 <= MAX_DENSE_WORK and (mp)(np) <= MAX_SLICE."""
    n, m, p, r = shape
    scheme = dense_padded(n, m, p, r, 1)
    parsed = schema.parse(scheme, {"n": n, "m": m, "p": p})
    primary_sparse = schema.sparse_fits(parsed)
    assert primary_sparse or schema.dense_fits(parsed)
    second = _path_of_second(parsed, monkeypatch)
    assert second == "packed" and schema.dense_fits(parsed) or second == "sparse" and schema.sparse_fits(parsed)
    na, nb, nc = parsed.sizes
    assert parsed.rank * na * nb * nc <= schema.MAX_DENSE_WORK or primary_sparse


def test_the_issue_31_input_is_admitted_and_its_neighbour_refused():
    """<11,11,11> with 5,323 dense products (9.4e9) is admitted (it was SIZE_LIMIT at 4e9); a dense
    <14,14,14> with r (nmp)^2 over 3.4e10 is refused from its sizes before any check."""
    assert 5323 * 1331 ** 2 <= schema.MAX_DENSE_WORK
    rnd = random.Random(1)
    dense = [[[rnd.choice([1, -1]) for _ in range(196)] for _ in range(3)] for _ in range(5000)]
    assert 5000 * 2744 ** 2 > schema.MAX_DENSE_WORK
    with pytest.raises(AnswerError) as err:
        schema.parse(dense, {"n": 14, "m": 14, "p": 14})
    assert err.value.reason == "SIZE_LIMIT"


def test_memory_of_the_dense_paths_is_bounded():
    """The primary multiplies blocks of at most BLOCK_BYTES (or one slice); the second's per-slice sums of
    one pass take at most PACKED_BYTES (or one slice's 9 sums)."""
    for n, m, p, r in ((11, 11, 11, 5323), (1, 1, 1357, 5428), (5, 6, 374, 270)):
        nb, nc = m * p, n * p
        block = max(1, primary_mod.BLOCK_BYTES // (8 * nb * max(r, nc)))
        assert block == 1 or block * 8 * nb * max(r, nc) <= primary_mod.BLOCK_BYTES
        width = second_mod.field_bits(r)
        group = max(1, min(n * m, second_mod.PACKED_BYTES // (9 * nb * nc * width // 8)))
        assert group == 1 or group * 9 * nb * nc * width // 8 <= second_mod.PACKED_BYTES
