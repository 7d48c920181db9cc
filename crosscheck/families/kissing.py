"""Second check of the ``kissing`` family (independent of ``endless_exam.checker.families.kissing``).

Checked: the vectors (shared schema ``endless_exam.certificates.schemas.kissing``; a ``quadratic_vectors``
certificate is re-read by ``reparse`` in this verifier's own code) are pairwise distinct and no pair
u != v has u.v > 0 and 4 (u.v)^2 > |u|^2 |v|^2 (an angle below 60 degrees). Path: an independent
numpy algorithm on int64 (norm-class thresholds from Python's exact ``math.isqrt`` for integer vectors;
for Z[sqrt(3)] the sign identity sign(x + y sqrt 3) = sign(x|x| + 3y|y|), a rational enclosure of
sqrt(3) and exact 128-bit comparisons), plain Python integers for witnesses; see ``_spherical``.
The z3 statement of the definition is ``endless_exam.crosscheck.oracle.kissing``.

Libraries: numpy (pair scans on int64), Python integers (``math.isqrt``, ``math.gcd``).
"""
from __future__ import annotations

from typing import Any

from endless_exam.certificates.verdict import Verdict
from endless_exam.certificates.witness import Witness

from . import _spherical

LIBRARIES = _spherical.LIBRARIES


def reparse(answer: Any, params: dict, parsed: Any) -> _spherical.Vectors:
    return _spherical.reparse_quadratic(answer, parsed)


def check(vec: _spherical.Vectors) -> Verdict:
    return _spherical.check(vec, "every pair at least 60 degrees apart")


def confirm(vec: _spherical.Vectors, w: Witness) -> tuple[bool, str]:
    return _spherical.confirm(vec, w)
