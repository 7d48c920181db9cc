"""Answer schema of the ``kissing_theta`` family (docs/SPECIFICATION.md 3.3).

Parameters: ``{"d": 2..16, "cos100": 0..99}``: the cosine bound is c = cos100/100, kept exactly as the
reduced fraction. c < 1 keeps the problem finite (c = 1 would allow repeated vectors) and c >= 0 is
what the violation rule u.v > 0 and 10000 (u.v)^2 > cos100^2 |u|^2 |v|^2 expresses (for a negative
bound it would be wrong); d >= 2 because the cap-packing bound integrates sin^(d-2). With entries in
-1000..1000 and d <= 16, 10000 (u.v)^2 <= 2.56e18 < 2^63: the verifiers' int64 arithmetic is exact.

Accepted forms (shared parser ``_spherical``): a JSON list of 1..20,000 non-zero vectors of d JSON
integers in -1000..1000, or the ``orbit`` object (at most 60,000 generators; more than 60,000 expanded
vectors is ``EXPANSION_LIMIT``, more than 20,000 ``SIZE_LIMIT``, counted before expansion). There is no
quadratic form here.
"""
from __future__ import annotations

from math import gcd
from typing import Any

from ..params import exact_keys, int_in
from . import _spherical
from ._spherical import MAX_D, SphericalAnswer, item, size  # noqa: F401  (contract: size, item)

MIN_D = 2
MIN_COS100 = 0
MAX_COS100 = 99
LIMITS = {"MAX_VECTORS": _spherical.MAX_VECTORS, "EXPANSION_LIMIT": _spherical.EXPANSION_LIMIT,
          "MAX_GENERATORS": _spherical.MAX_GENERATORS, "MAX_ABS": _spherical.MAX_ABS, "MAX_D": MAX_D}
WITNESSES = _spherical.WITNESSES


def validate_params(params: Any) -> dict:
    """``{"d": 2..16, "cos100": 0..99}``."""
    exact_keys(params, {"d", "cos100"})
    return {"d": int_in(params, "d", MIN_D, MAX_D), "cos100": int_in(params, "cos100", MIN_COS100, MAX_COS100)}


def cosine_bound(params: dict) -> tuple[int, int]:
    """c = cos100/100 as a reduced fraction (num, den)."""
    g = gcd(params["cos100"], 100)
    return params["cos100"] // g, 100 // g


def parse(answer: Any, params: dict) -> SphericalAnswer:
    num, den = cosine_bound(params)
    return _spherical.parse(answer, params["d"], num, den, False)
