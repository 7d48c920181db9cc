"""Answer schema of the ``capset`` family.

Accepted forms (docs/SPECIFICATION.md 3.1): a JSON list of 1..20,000 strings of ``d`` characters over ``012``;
or ``{"product": [S1, S2, ...]}`` (exactly that key), expanded by ``forms.product`` with the 60,000
expansion limit checked before allocation and the 20,000 limit checked after expansion.
The result is the tuple of points in submission (or expansion) order; indices in witnesses refer to it.
Duplicates and lines are decided by the verifiers, not here.

Domain (issue 21: never narrower than the public release decides in its 60 s): d in 1..``MAX_D``
(10^7, a sanity cap: a line, three points, is 3 * 10^7 characters, inside the 32 MiB answer limit).
For d <= ``DENSE_MAX_D`` (40) both verifiers use base-3 keys of the points in 64 bits; beyond it they
sketch the points to 40 coordinates and confirm every candidate on the full points, and the pair scan
that remains is bounded by the number of points: at most ``WIDE_MAX_POINTS`` (12,544) for d > 40,
refused as ``SIZE_LIMIT`` before anything is allocated. The public release scans every pair, at a cost
per pair that grows with d, and times out on 12,544 points at d = 12 already, so it decides no larger
answer at d > 40 either. A product may expand to at most ``MAX_CELLS`` (2^25) characters in all, the
size of the largest literal answer.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import AnswerError, describe
from ..forms import product
from ..forms.digitstrings import check_string_list
from ..params import exact_keys, int_in
from ..witness import Indexed

MAX_POINTS = 20_000
DENSE_MAX_D = 40               # 3^40 < 2^64: base-3 keys of the points fit 64 bits up to here
MAX_D = 10_000_000
WIDE_MAX_POINTS = 12_544       # points accepted for d > DENSE_MAX_D
MAX_CELLS = 2 ** 25            # characters a product may expand to (points * d)
ALPHABET = "012"
# every limit the schema enforces; the prompt states each (tests/verify/test_contract.py)
LIMITS = {"MAX_POINTS": MAX_POINTS, "EXPANSION_LIMIT": product.EXPANSION_LIMIT, "MAX_D": MAX_D,
          "DENSE_MAX_D": DENSE_MAX_D, "WIDE_MAX_POINTS": WIDE_MAX_POINTS, "MAX_CELLS": MAX_CELLS}
WITNESSES = (
    Indexed("duplicate", "DUPLICATE", arity=2, echo="point", echo_one=True),   # {"point": p, "indices": [i, j]}
    Indexed("line", "PROPERTY_VIOLATION", arity=3, echo="points"),             # three points summing to 0
)


def validate_params(params: Any) -> dict:
    """``{"d": 1..10^7}``."""
    return {"d": int_in(exact_keys(params, {"d"}), "d", 1, MAX_D)}


def max_points(d: int) -> int:
    """The most points accepted in dimension d."""
    return MAX_POINTS if d <= DENSE_MAX_D else WIDE_MAX_POINTS


@dataclass(frozen=True)
class CapsetAnswer:
    d: int
    points: tuple[str, ...]


def parse(answer: Any, params: dict) -> CapsetAnswer:
    d = params["d"]
    if isinstance(answer, dict):
        if set(answer) != {"product"}:
            keys = sorted(answer)[:5]
            raise AnswerError("FORMAT_SHAPE", f"a cap-set object must have exactly the key 'product', got {keys}")
        factors = product.check_factors(answer["product"], d, ALPHABET)
        size = product.expansion_size(factors)
        limit = max_points(d)
        if size > limit:
            raise AnswerError("SIZE_LIMIT", f"product expands to {size:,} points; at most {limit:,} are accepted"
                              + ("" if limit == MAX_POINTS else f" for d > {DENSE_MAX_D}"))
        if size * d > MAX_CELLS:
            raise AnswerError("SIZE_LIMIT", f"product expands to {size:,} points of {d:,} characters "
                              f"({size * d:,} in all); at most {MAX_CELLS:,} characters are accepted")
        return CapsetAnswer(d, product.expand(factors))
    if isinstance(answer, list):
        limit = max_points(d)
        if len(answer) > limit and limit < MAX_POINTS:
            raise AnswerError("SIZE_LIMIT", f"the cap set has {len(answer):,} points; at most {limit:,} are "
                              f"accepted for d > {DENSE_MAX_D} (the pair scan's work bound)")
        return CapsetAnswer(d, check_string_list(answer, d, ALPHABET, MAX_POINTS, "the cap set"))
    raise AnswerError("FORMAT_TYPE", f"a cap-set answer must be a list of strings or a product object, got {describe(answer)}")


def size(parsed: CapsetAnswer) -> int:
    return len(parsed.points)


def item(parsed: CapsetAnswer, i: int) -> str:
    return parsed.points[i]
