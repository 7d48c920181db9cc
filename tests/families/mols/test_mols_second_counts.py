"""The second mols verifier's orthogonality test by value counts per gathered row, in chunks of later
squares (issue 31: the per-row sort took 31-36 s of CPU at the pair-cell bound): with any chunk size it
names the same first non-orthogonal pair as a direct set-of-pairs check (REJECT) and accepts orthogonal
sets (ACCEPT)."""
from __future__ import annotations

import random

import pytest

from endless_exam.certificates.schemas import mols as schema
from endless_exam.crosscheck.families import mols as second_mod


def _cyclic(q: int, k: int) -> list:
    return [[[(a * i + j) % q for j in range(q)] for i in range(q)] for a in range(1, k + 1)]


def _first_bad_pair(squares, n):
    for s in range(len(squares)):
        for t in range(s + 1, len(squares)):
            pairs = {(squares[s][r][c], squares[t][r][c]) for r in range(n) for c in range(n)}
            if len(pairs) != n * n:
                return s, t
    return None


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("chunk", [1, 50, 1 << 22])
def test_counts_in_chunks_match_a_direct_check(seed, chunk, monkeypatch):
    monkeypatch.setattr(second_mod, "CHUNK_CELLS", chunk)
    rnd = random.Random(seed)
    q = rnd.choice([5, 7, 11])
    k = rnd.randrange(2, q)
    squares = _cyclic(q, k)
    if seed % 3:                                   # replace a later square by a row-permuted copy of another
        s, t = sorted(rnd.sample(range(k), 2))
        perm = list(range(q))
        rnd.shuffle(perm)
        squares[t] = [list(squares[s][perm[r]]) for r in range(q)]
    parsed = schema.parse(squares, {"n": q})
    w = second_mod._first_non_orthogonal(parsed)
    expected = _first_bad_pair(squares, q)
    if expected is None:
        assert w is None
    else:
        assert w is not None and tuple(w["indices"]) == expected
        (r1, c1), (r2, c2) = w["cells"]
        a, b = w["indices"]
        assert (squares[a][r1][c1], squares[b][r1][c1]) == (squares[a][r2][c2], squares[b][r2][c2]) == tuple(w["pair"])
        assert (r1, c1) != (r2, c2)
