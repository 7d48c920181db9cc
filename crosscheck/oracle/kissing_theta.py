"""z3 formal oracle of the ``kissing_theta`` family: do two vectors have cosine above c = cos100/100?

The encoding (``_spherical``): z3 chooses indices i < j and decides u.w > 0 and
10000 (u.w)^2 > cos100^2 |u|^2 |w|^2 (with c in lowest terms p/q: q^2 (u.w)^2 > p^2 |u|^2 |w|^2) from
the listed coordinates itself, in bit-vector arithmetic wide enough that nothing overflows. Equal
vectors count as a violation (cosine 1 > c); the verifiers call them DUPLICATE. Limits: at most 40
vectors and 320 coordinates in all; larger inputs raise ``ValueError``. A ``sat`` model is re-checked
in plain Python; ``unknown`` must be treated as an ERROR. z3 is imported lazily.
"""
from __future__ import annotations

from math import gcd

from ._spherical import DEFAULT_TIMEOUT_MS, SIZE_RULE, fits, oracle  # noqa: F401  (the contract's entry point)


def decide(vectors, d: int, cos100: int, *, timeout_ms: int = DEFAULT_TIMEOUT_MS):
    """``("sat", (i, j))`` for a pair with cosine above cos100/100, ``("unsat", None)`` or ``("unknown", None)``."""
    from . import _spherical

    if type(cos100) is not int or not 0 <= cos100 <= 99:
        raise ValueError(f"cos100 must be an integer in 0..99, got {cos100!r}")
    g = gcd(cos100, 100)
    return _spherical.decide_integer(vectors, d, cos100 // g, 100 // g, timeout_ms=timeout_ms)
