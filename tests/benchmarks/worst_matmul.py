"""Worst admitted matmul inputs per verifier path (issue 31), for ``tests.benchmarks.worst_cases``.

Domain (schema): nmp <= 2e7, r <= 4nmp, and the answer's own work: N + nmp <= 2e7 (sparse paths) or
r (nmp)^2 <= ``MAX_DENSE_WORK`` with (mp)(np) <= 2^22 (dense paths: the primary's float64 slice products,
the second's packed big-integer slices). Shapes: the dense top (<11,11,11> with 5,323 and 5,324 products,
the issue's refused input; <12,12,12> and <13,13,13> near the dense bound), a wrong entry in the last
slice, the sparse top, and <6,6,6> with 864 dense terms (issue 31 upstream-faster).
"""
from __future__ import annotations

from endless_exam.certificates.schemas import matmul as schema
from tests.benchmarks.bench_matmul import dense_padded
from tests.common import matmul_schemes as ms


def _last_wrong(n: int, r: int, seed: int) -> list:
    """A dense padded scheme whose last cancelling pair acts on A's last entry only, one coefficient of the
    last product changed: the only wrong entries are in the last slice."""
    s = [[list(f) for f in prod] for prod in dense_padded(n, n, n, r, seed)]
    na = n * n
    s[-2][0] = [0] * (na - 1) + [1]
    s[-1][0] = [0] * (na - 1) + [1]
    s[-1][2][-1] = 0 if s[-1][2][-1] != 0 else 1
    return s


def _largest_r(n: int) -> int:
    """The most products of <n,n,n> within the dense bound (even, so naive plus cancelling pairs fit)."""
    nmp = n ** 3
    r = min(4 * nmp, schema.MAX_DENSE_WORK // nmp ** 2)
    return r - (r - nmp) % 2


def cases() -> list[dict]:
    out = []

    def add(name, path, params, answer, expect):
        out.append({"name": name, "path": path, "params": params, "answer": answer, "expect": expect})

    add("<6,6,6> 864 dense terms (issue 31 upstream-faster)", "dense slices / packed slices",
        {"n": 6, "m": 6, "p": 6}, lambda: dense_padded(6, 6, 6, 864, 5), "ACCEPT")
    add("<11,11,11> 5,323 dense products (issue 31, was SIZE_LIMIT)", "dense slices / packed slices",
        {"n": 11, "m": 11, "p": 11}, lambda: dense_padded(11, 11, 11, 5323, 5), "ACCEPT")
    add("<11,11,11> 5,323 products, wrong entry in the last slice", "dense slices / packed slices",
        {"n": 11, "m": 11, "p": 11}, lambda: _last_wrong(11, 5323, 6), "REJECT")
    for n in (12, 13):
        r = _largest_r(n)
        add(f"<{n},{n},{n}> {r:,} dense products (r (nmp)^2 = {r * n ** 6:.3g})", "dense top",
            {"n": n, "m": n, "p": n}, lambda n=n, r=r: dense_padded(n, n, n, r, 7), "ACCEPT")
    add("<2,2,100> naive", "sparse", {"n": 2, "m": 2, "p": 100}, lambda: ms.naive(2, 2, 100), "ACCEPT")
    u, v, w = [1] * 19 + [0] * 981, ([1] + [0] * 999) * 1000, [1] * 1000
    add("<1,1000,1000> one product, N + nmp = 2e7", "sparse top", {"n": 1, "m": 1000, "p": 1000},
        lambda: [[u, v, w]], "REJECT")
    return out
