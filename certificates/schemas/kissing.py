"""Answer schema of the ``kissing`` family (docs/SPECIFICATION.md 3.2).

Parameters: ``{"d": 1..16}`` or ``{"d": 1..16, "representation": "quadratic"}`` (the bench-v1 instance
is d = 13). d <= 16 with entries in -1000..1000 keeps every integer dot product below 1.6e7 in
absolute value, so the verifiers' int64 arithmetic on 4 (u.v)^2 and |u|^2 |v|^2 cannot overflow.

Accepted forms (shared parser ``_spherical``): a JSON list of 1..20,000 non-zero vectors of d JSON
integers in -1000..1000; the ``orbit`` object (at most 60,000 generators; the de-duplicated union is
counted before expansion: more than 60,000 vectors is ``EXPANSION_LIMIT``, more than 20,000
``SIZE_LIMIT``); and, for the quadratic instance only, ``{"quadratic_vectors": {"radicand": 3,
"vectors": V}}``: 1..20,000 vectors of d pairs [a, b] of JSON integers in -1000..1000 meaning
a + b*sqrt(3). The zero vector is ``RANGE``. The property (pairwise angle at least 60 degrees: for
u != v, u.v > 0 and 4 (u.v)^2 > |u|^2 |v|^2 is a violation) and duplicates are decided by the verifiers.
"""
from __future__ import annotations

from typing import Any

from ..errors import ParamsError
from ..params import exact_keys, int_in
from . import _spherical
from ._spherical import MAX_D, MIN_D, SphericalAnswer, item, size  # noqa: F401  (contract: size, item)

REPRESENTATIONS = ("quadratic",)
LIMITS = {"MAX_VECTORS": _spherical.MAX_VECTORS, "EXPANSION_LIMIT": _spherical.EXPANSION_LIMIT,
          "MAX_GENERATORS": _spherical.MAX_GENERATORS, "MAX_ABS": _spherical.MAX_ABS, "MAX_D": MAX_D}
WITNESSES = _spherical.WITNESSES
CERTIFICATE_FORMS = ("quadratic_vectors",)


def validate_params(params: Any) -> dict:
    """``{"d": 1..16}`` or ``{"d": 1..16, "representation": "quadratic"}``."""
    exact_keys(params, {"d"}, {"representation"})
    d = int_in(params, "d", MIN_D, MAX_D)
    if "representation" not in params:
        return {"d": d}
    rep = params["representation"]
    if type(rep) is not str or rep not in REPRESENTATIONS:
        raise ParamsError(f"parameter 'representation' must be the string 'quadratic', got {rep!r}")
    return {"d": d, "representation": rep}


def is_quadratic(params: dict) -> bool:
    return params.get("representation") == "quadratic"


def parse(answer: Any, params: dict) -> SphericalAnswer:
    return _spherical.parse(answer, params["d"], 1, 2, is_quadratic(params))
