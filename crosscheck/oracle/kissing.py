"""z3 formal oracle of the ``kissing`` family: are two of the vectors less than 60 degrees apart?

The encoding (``_spherical``): z3 chooses indices i < j and decides u.w > 0 and 4 (u.w)^2 > |u|^2 |w|^2
from the listed coordinates itself -- bit-vector arithmetic wide enough that nothing overflows for
integer vectors, and real arithmetic with r * r = 3, r > 0 for coordinates a + b sqrt 3. Equal
vectors count as a violation (cosine 1); the verifiers call them DUPLICATE. Limits: at most 40
integer vectors (24 in Q(sqrt 3)) and 320 coordinates in all; larger inputs raise ``ValueError``.
A ``sat`` model is re-checked in plain Python; ``unknown`` must be treated as an ERROR. z3 is
imported lazily.
"""
from __future__ import annotations

from ._spherical import DEFAULT_TIMEOUT_MS, SIZE_RULE, fits, oracle  # noqa: F401  (the contract's entry point)


def decide(vectors, d: int, surds=None, *, timeout_ms: int = DEFAULT_TIMEOUT_MS):
    """``("sat", (i, j))`` for a pair at an angle below 60 degrees, ``("unsat", None)`` or ``("unknown", None)``."""
    from . import _spherical

    if surds is None:
        return _spherical.decide_integer(vectors, d, 1, 2, timeout_ms=timeout_ms)
    return _spherical.decide_quadratic(vectors, surds, d, 1, 2, timeout_ms=timeout_ms)
