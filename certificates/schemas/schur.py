"""Answer schema of the ``schur`` family.

Instance parameters: ``{"k": K}`` with ``K`` a JSON integer, ``MIN_K`` = 1 <= K <= ``MAX_K`` = 20,000.
The verifiers' work does not depend on K (issue 21): only the colour classes that occur are examined,
each at a cost bounded by its own members (see the two verifiers), so at most N <= 200,000 classes
cost what one class would. The cap is a sanity cap for the objective bound floor(e k!) - 1, an
integer of about k log2(k / e) bits (77,000 digits and 0.24 s at k = 20,000, but 31 s at 200,000):
no answer has more than 200,000 colours, so every k >= 200,000 poses the same problem.

Accepted form (docs/SPECIFICATION.md 3.13): a JSON list of N colours, 1 <= N <= ``MAX_N`` = 200,000; entry i
(0-based) is the colour of the integer i + 1 and must be a JSON integer (``type(x) is int``: not
``true``, ``1.0`` or ``"1"``) in 0..K-1. There is no compact form: an object is not a list
(``FORMAT_TYPE``) and is never expanded. Checks, in this order, before anything else is allocated:
not a list -> ``FORMAT_TYPE``; empty -> ``EMPTY``; more than ``MAX_N`` entries -> ``SIZE_LIMIT`` (from
the length alone); the first entry that is not an integer -> ``FORMAT_TYPE``; the first integer
outside 0..K-1 -> ``RANGE``. Parse witnesses name the 0-based ``index`` and the coloured ``integer``
(index + 1).

The result is the tuple of colours; the colour of the integer x is ``colours[x - 1]``. Whether the
colouring has a monochromatic solution of x + y = z is decided by the verifiers, not here. The
objective is N = the length of the list.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import AnswerError, describe
from ..params import exact_keys, int_in
from ..witness import Fields, integer

MIN_K = 1
MAX_K = 20_000
MAX_N = 200_000
LIMITS = {"MAX_N": MAX_N, "MIN_K": MIN_K, "MAX_K": MAX_K}
WITNESSES = (
    # x + y = z with x <= y, all three of colour c
    Fields("monochromatic", "PROPERTY_VIOLATION", {"x": integer, "y": integer, "z": integer, "colour": integer}),
)


def validate_params(params: Any) -> dict:
    """``{"k": 1..20,000}``."""
    return {"k": int_in(exact_keys(params, {"k"}), "k", MIN_K, MAX_K)}


@dataclass(frozen=True)
class SchurAnswer:
    k: int
    colours: tuple[int, ...]   # colours[x - 1] is the colour of the integer x

    @property
    def n(self) -> int:
        return len(self.colours)

    def colour(self, x: int) -> int:
        """Colour of the integer x (1 <= x <= N)."""
        if type(x) is not int or not 1 <= x <= len(self.colours):
            raise IndexError(f"{x!r} is not one of the coloured integers 1..{len(self.colours)}")
        return self.colours[x - 1]


def parse(answer: Any, params: dict) -> SchurAnswer:
    k = params["k"]
    if type(answer) is not list:
        raise AnswerError("FORMAT_TYPE",
                          f"a Schur answer must be a JSON list of colours (no other form exists), got {describe(answer)}")
    n = len(answer)
    if n == 0:
        raise AnswerError("EMPTY", "the colouring is empty (it must colour 1..N for some N >= 1)")
    if n > MAX_N:
        raise AnswerError("SIZE_LIMIT", f"the colouring has {n:,} entries; at most {MAX_N:,} are accepted")
    for i, value in enumerate(answer):
        if type(value) is not int:
            raise AnswerError("FORMAT_TYPE",
                              f"the colour of {i + 1} (entry {i}) must be a JSON integer, got {describe(value)}",
                              {"index": i, "integer": i + 1})
        if not 0 <= value < k:
            raise AnswerError("RANGE",
                              f"the colour of {i + 1} (entry {i}) is {describe(value, 40)}; colours are 0..{k - 1}",
                              {"index": i, "integer": i + 1})
    return SchurAnswer(k, tuple(answer))


def size(parsed: SchurAnswer) -> int:
    return len(parsed.colours)


def item(parsed: SchurAnswer, i: int) -> int:
    return parsed.colours[i]
