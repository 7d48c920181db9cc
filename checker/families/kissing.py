"""Primary check of the ``kissing`` family (kissing configurations: pairwise angles of at least 60 degrees).

What is checked: the answer (shared schema ``endless_exam.certificates.schemas.kissing``) is a tuple of
pairwise distinct non-zero vectors -- integer vectors (list or orbit form), or for the quadratic
instance vectors with coordinates a + b sqrt(3) -- and no two of them u != v satisfy u.v > 0 and
4 (u.v)^2 > |u|^2 |v|^2. Why that is the 60-degree condition: cos(u, v) <= 1/2 iff u.v <= 0 or
(u.v > 0 and 4 (u.v)^2 <= |u|^2 |v|^2), squaring being an equivalence for positive sides. A repeated
vector is reported as ``DUPLICATE`` (it would also have cosine 1).

Algorithms and libraries (``_spherical``): numpy block scans over all pairs on validated integers
(float64 BLAS products, exact because every partial sum is an integer below 2^53, compared in int64),
the Z[sqrt(3)] signs by integer case analysis with exact 28-bit limb arithmetic in numpy; python-flint
``fmpz`` for the exact witness cosine (p + q sqrt(3))/r and the scalar re-check of witnesses.

The bound (``SPEC.bound``): the published upper bounds recorded for the project's suites (exact
kissing numbers 2, 6, 12, 24 for d = 1..4 and 240 for d = 8; Machado and de Oliveira Filho's SDP bounds
2064, 3174, 4853 for d = 13, 14, 15); None for the other dimensions, for which the project records no
value.

Libraries: numpy (the pair scans on validated integers, the Z[sqrt(3)] limb arithmetic), python-flint
(``fmpz``: the exact witness cosine and the scalar re-check of the other verifier's witnesses).
"""
from __future__ import annotations

from endless_exam.certificates.schemas._spherical import SphericalAnswer
from endless_exam.certificates.verdict import Verdict
from endless_exam.certificates.witness import Witness

from . import _spherical
from .spec import FamilySpec

LIBRARIES = _spherical.LIBRARIES

PUBLISHED_BOUNDS = {1: 2, 2: 6, 3: 12, 4: 24, 8: 240, 13: 2064, 14: 3174, 15: 4853}


def _bound(p: dict) -> tuple[int, str] | None:
    value = PUBLISHED_BOUNDS.get(p["d"])
    return None if value is None else (value, "bound")


SPEC = FamilySpec(key="kissing", bound=_bound)


def check(parsed: SphericalAnswer) -> Verdict:
    return _spherical.check(parsed, "pairwise angles of at least 60 degrees")


def confirm(parsed: SphericalAnswer, w: Witness) -> tuple[bool, str]:
    return _spherical.confirm(parsed, w)
