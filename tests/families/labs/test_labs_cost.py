"""Issue 31: the admission bound of ``labs`` (N <= MAX_N = 8,000,000) and the one path of each verifier,
held together on work counts and exactness bounds (never on seconds).

The primary multiplies two FLINT polynomials of N coefficients; the second multiplies two decimal numbers
of N * w digits (w the number of digits of N) unless the sequence has no -1, then cuts slots of w digits
and sums squares in int64 blocks of 2^16. Counted here: the operands each verifier builds (their number
of coefficients and digits), and at MAX_N the int64 bounds the second's exactness needs (a block sum
2^16 (N - 1)^2 below 2^63, every slot value below 10^w <= 10^18). The worst admitted inputs at
N = MAX_N are timed by ``tests/benchmarks/worst_labs.py``.
"""
from __future__ import annotations

import random

import flint
import pytest

from endless_exam.certificates.errors import ParamsError
from endless_exam.certificates.schemas import labs as schema
from endless_exam.checker.families import labs as primary_labs
from endless_exam.checker.families import load as load_primary
from endless_exam.crosscheck.families import labs as second_labs
from endless_exam.crosscheck.families import load as load_second

STATED_DIGITS = 5.6e7           # the second's decimal operands at MAX_N: 8e6 slots of 7 digits


class _CountingContext:
    def __init__(self, ctx) -> None:
        self.ctx, self.digits = ctx, []

    def multiply(self, x, y):
        self.digits.append((len(x.as_tuple().digits), len(y.as_tuple().digits)))
        return self.ctx.multiply(x, y)


class _CountingFlint:
    def __init__(self) -> None:
        self.lengths = []

    def __getattr__(self, name):
        return getattr(flint, name)

    def fmpz_poly(self, values):
        self.lengths.append(len(values))
        return flint.fmpz_poly(values)


@pytest.mark.parametrize("n", [2, 9, 10, 999, 1000, 4097])
def test_operands_are_the_stated_size(monkeypatch, n):
    seq = [random.Random(n).choice((1, -1)) for _ in range(n)]
    seq[0] = -1                                        # at least one -1: the second multiplies
    ctx = _CountingContext(second_labs._EXACT)
    monkeypatch.setattr(second_labs, "_EXACT", ctx)
    fl = _CountingFlint()
    monkeypatch.setattr(primary_labs, "flint", fl)
    p = load_primary("labs").check({"N": n}, seq)
    s = load_second("labs").check({"N": n}, seq)
    assert p.objective == s.objective
    w = len(str(n))
    assert fl.lengths == [n, n]
    # the decimal operands: at most N slots of w digits (leading zeros dropped), one product
    assert len(ctx.digits) == 1 and all(d <= n * w for d in ctx.digits[0])
    assert max(ctx.digits[0]) > (n - 1) * w          # the slot of b_0 (= 1) is the most significant


def test_second_skips_the_product_without_minus_one(monkeypatch):
    ctx = _CountingContext(second_labs._EXACT)
    monkeypatch.setattr(second_labs, "_EXACT", ctx)
    assert load_second("labs").check({"N": 50}, [1] * 50).objective == load_primary("labs").check({"N": 50}, [1] * 50).objective
    assert ctx.digits == []


def test_admission_bound_and_the_second_path_agree():
    n = schema.MAX_N
    w = len(str(n))
    assert n * w <= STATED_DIGITS
    assert second_labs._BLOCK * (n - 1) ** 2 < 2 ** 63          # the int64 block sums of C_k^2 are exact
    assert 10 ** w <= 10 ** 18                                 # a slot's value fits int64
    assert (n - 1) * 2 * w < 2 ** 62                           # the product's digits fit a decimal context
    with pytest.raises(ParamsError):
        schema.validate_params({"N": n + 1})
    assert schema.validate_params({"N": n}) == {"N": n}


def test_the_int64_bound_would_fail_past_its_stated_limit():
    """The docstring's limit N < 1.1 * 10^7 for the int64 block sums is real: just past it the bound fails,
    so MAX_N cannot grow past it without changing the second's summation."""
    assert second_labs._BLOCK * (11_900_000 - 1) ** 2 >= 2 ** 63
    assert schema.MAX_N < 11_000_000
