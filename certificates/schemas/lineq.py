"""Answer schema of the ``lineq`` family.

Params ``{"a", "b", "n"}``: strict integers with 1 <= a, b <= ``MAX_COEF`` (10^6) and
1 <= n <= ``MAX_N`` (10^12). These are sanity caps, not cost bounds (issue 21: the public release takes any
a, b, n and decides a small set at any n): every value a x + b y stays below 2 * 10^18 < 2^63, so both
verifiers compute in int64, and their cost depends on the answer (at most 20,000 elements, at most
|A|^2 candidate pairs), not on n -- both switch from dense tables over 1..n to sparse membership when n
is large (see their module docstrings).

Accepted forms (docs/SPECIFICATION.md 3.10):
* a JSON list of 1..``MAX_ELEMENTS`` (20,000) strict JSON integers in 1..n (order does not matter);
* ``{"digits": SPEC}`` (exactly that key): the digit spec's elements (``endless_exam.certificates.forms.digits``,
  its own limits: 60,000 elements, 480,000 nodes) that lie in 1..n, sorted and de-duplicated; none
  left -> ``EMPTY``; more than ``MAX_ELEMENTS`` left -> ``SIZE_LIMIT``.
The result is the tuple of elements in submission (or expansion) order; witness indices refer to it.
Duplicates and solutions are decided by the verifiers, not here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import AnswerError, describe
from ..forms import digits
from ..params import exact_keys, int_in
from ..witness import Indexed

MAX_COEF = 1_000_000
MAX_N = 10 ** 12
MAX_ELEMENTS = 20_000
LIMITS = {"MAX_ELEMENTS": MAX_ELEMENTS, "MAX_COEF": MAX_COEF, "MAX_N": MAX_N,
          "digits.ELEMENT_LIMIT": digits.ELEMENT_LIMIT, "digits.NODE_LIMIT": digits.NODE_LIMIT}
WITNESSES = (
    Indexed("duplicate", "DUPLICATE", arity=2, echo="value", echo_one=True),
    # [x, y, z] = the indexed elements, a x + b y = (a + b) z, not x = y = z
    Indexed("solution", "PROPERTY_VIOLATION", arity=3, echo="solution"),
)


def validate_params(params: Any) -> dict:
    """``{"a": 1..10^6, "b": 1..10^6, "n": 1..10^12}``."""
    p = exact_keys(params, {"a", "b", "n"})
    a = int_in(p, "a", 1, MAX_COEF)
    b = int_in(p, "b", 1, MAX_COEF)
    n = int_in(p, "n", 1, MAX_N)
    return {"a": a, "b": b, "n": n}


@dataclass(frozen=True)
class LineqAnswer:
    a: int
    b: int
    n: int
    elements: tuple[int, ...]


def _check_list(value: list, n: int) -> tuple[int, ...]:
    if not value:
        raise AnswerError("EMPTY", "the set is empty")
    if len(value) > MAX_ELEMENTS:
        raise AnswerError("SIZE_LIMIT", f"the set has {len(value):,} elements; at most {MAX_ELEMENTS:,} are accepted")
    if set(map(type, value)) == {int} and min(value) >= 1 and max(value) <= n:     # fast path (C-level loops)
        return tuple(value)
    for i, x in enumerate(value):                                                # names the first fault
        if type(x) is not int:
            raise AnswerError("FORMAT_TYPE", f"element {i} must be a JSON integer, got {describe(x)}", {"at": i})
        if not 1 <= x <= n:
            raise AnswerError("RANGE", f"element {i} = {x} is outside 1..{n}", {"at": i})
    return tuple(value)


def parse(answer: Any, params: dict) -> LineqAnswer:
    a, b, n = params["a"], params["b"], params["n"]
    if type(answer) is dict:
        if set(answer) != {"digits"}:
            keys = sorted(answer)[:5]
            raise AnswerError("FORMAT_SHAPE", f"a lineq object must have exactly the key 'digits', got {keys}")
        spec = digits.check_spec(answer["digits"], "the digits spec")
        elements = digits.expand(spec, 1, n)
        if not elements:
            raise AnswerError("EMPTY", f"the digits spec has no element in 1..{n}")
        if len(elements) > MAX_ELEMENTS:
            raise AnswerError("SIZE_LIMIT", f"the digits spec has {len(elements):,} elements in 1..{n}; "
                              f"at most {MAX_ELEMENTS:,} are accepted")
        return LineqAnswer(a, b, n, elements)
    if type(answer) is list:
        return LineqAnswer(a, b, n, _check_list(answer, n))
    raise AnswerError("FORMAT_TYPE", f"a lineq answer must be a list of integers or a digits object, "
                      f"got {describe(answer)}")


def size(parsed: LineqAnswer) -> int:
    return len(parsed.elements)


def item(parsed: LineqAnswer, i: int) -> int:
    return parsed.elements[i]
