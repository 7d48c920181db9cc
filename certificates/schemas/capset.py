"""Answer schema of the ``capset`` family.

Accepted forms (docs/SPECIFICATION.md 3.1): a JSON list of 1..20,000 strings of ``d`` characters over ``012``;
or ``{"product": [S1, S2, ...]}`` (exactly that key), expanded by ``forms.product`` with the 60,000
expansion limit checked before allocation and the 20,000 limit checked after expansion.
The result is the tuple of points in submission (or expansion) order; indices in witnesses refer to it.
Duplicates and lines are decided by the verifiers, not here.
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
MAX_D = 40
ALPHABET = "012"
# every limit the schema enforces; the prompt states each (tests/test_contract.py)
LIMITS = {"MAX_POINTS": MAX_POINTS, "EXPANSION_LIMIT": product.EXPANSION_LIMIT}
WITNESSES = (
    Indexed("duplicate", "DUPLICATE", arity=2, echo="point", echo_one=True),   # {"point": p, "indices": [i, j]}
    Indexed("line", "PROPERTY_VIOLATION", arity=3, echo="points"),             # three points summing to 0
)


def validate_params(params: Any) -> dict:
    """``{"d": 1..40}``."""
    return {"d": int_in(exact_keys(params, {"d"}), "d", 1, MAX_D)}


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
        if size > MAX_POINTS:
            raise AnswerError("SIZE_LIMIT", f"product expands to {size:,} points; at most {MAX_POINTS:,} are accepted")
        return CapsetAnswer(d, product.expand(factors))
    if isinstance(answer, list):
        return CapsetAnswer(d, check_string_list(answer, d, ALPHABET, MAX_POINTS, "the cap set"))
    raise AnswerError("FORMAT_TYPE", f"a cap-set answer must be a list of strings or a product object, got {describe(answer)}")


def size(parsed: CapsetAnswer) -> int:
    return len(parsed.points)


def item(parsed: CapsetAnswer, i: int) -> str:
    return parsed.points[i]
