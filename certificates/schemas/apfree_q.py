"""Answer schema of the ``apfree_q`` family (progression-free sets in F_q^n).

Parameters (strict): ``{"q": 3 | 5 | 7, "n": 1..MAX_N}`` (10^7, a sanity cap: three points of 10^7
characters fit the 32 MiB answer limit). q is an odd prime whose digits 0..q-1 are single characters:
the family is F_q^n, so q stays a prime below 10 (the public release computes mod any q <= 10, which for
q = 9 is Z_9, not F_9, and for even q makes x + z = 2y without a unique midpoint); see
docs/SPECIFICATION.md 3.11. ``N_MAX`` = {3: 15, 5: 10, 7: 8} is the largest n with q^n <= 2^24: up to
there both verifiers keep dense tables indexed by F_q^n (a membership map of q^n entries; the primary's
Fourier transform uses q^(n+1) entries when it is enabled). Beyond it (issue 21) they sketch the points
by a random linear map and confirm every candidate on the full points, and the pair scan that remains
is bounded by the number of points: at most ``WIDE_MAX_POINTS`` (12,544), ``SIZE_LIMIT`` before
anything is allocated. The public release checks every ordered pair at a cost per pair that grows with
n, as its cap-set check does, which times out on 12,544 points of length 12 already.

Accepted form (docs/SPECIFICATION.md 3.11): a JSON list of 1..20,000 strings of exactly ``n`` characters over
the first q decimal digits ``0..q-1``. There is no compact form: a JSON object is the wrong type.
ASCII digits q..9 are ``RANGE``; any other character is ``FORMAT_TYPE``. The list is checked for its
length before any element is examined. The result is the tuple of points in submission order;
witness indices refer to it. Duplicates and progressions are decided by the verifiers, not here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import AnswerError, ParamsError, describe
from ..forms.digitstrings import check_string_list
from ..params import exact_keys, int_in
from ..witness import Indexed

MAX_POINTS = 20_000
PRIMES = (3, 5, 7)
TABLE_LIMIT = 2 ** 24
N_MAX = {3: 15, 5: 10, 7: 8}      # dense tables up to here (q^n <= 2^24)
MAX_N = 10_000_000
WIDE_MAX_POINTS = 12_544          # points accepted for n > N_MAX[q]
DIGITS = "0123456789"
LIMITS = {"MAX_POINTS": MAX_POINTS, **{f"N_MAX[{q}]": n for q, n in N_MAX.items()}, "MAX_N": MAX_N,
          "WIDE_MAX_POINTS": WIDE_MAX_POINTS}
WITNESSES = (
    Indexed("duplicate", "DUPLICATE", arity=2, echo="point", echo_one=True),
    # [x, y, z] with y the middle: x + z = 2 y
    Indexed("progression", "PROPERTY_VIOLATION", arity=3, echo="points"),
)


def validate_params(params: Any) -> dict:
    """``{"q": 3|5|7, "n": 1..10^7}``."""
    exact_keys(params, {"q", "n"})
    q = int_in(params, "q", 3, 7)
    if q not in PRIMES:
        raise ParamsError(f"parameter 'q' = {q} must be one of {list(PRIMES)} (an odd prime below 10)")
    n = int_in(params, "n", 1, MAX_N)
    return {"q": q, "n": n}


def max_points(q: int, n: int) -> int:
    """The most points accepted for F_q^n."""
    return MAX_POINTS if n <= N_MAX[q] else WIDE_MAX_POINTS


def alphabet(q: int) -> str:
    return DIGITS[:q]


@dataclass(frozen=True)
class ApfreeAnswer:
    q: int
    n: int
    points: tuple[str, ...]


def parse(answer: Any, params: dict) -> ApfreeAnswer:
    q, n = params["q"], params["n"]
    if type(answer) is not list:
        raise AnswerError("FORMAT_TYPE", "a progression-free-set answer must be a JSON list of digit strings "
                          f"(there is no compact form), got {describe(answer)}")
    limit = max_points(q, n)
    if len(answer) > limit and limit < MAX_POINTS:
        raise AnswerError("SIZE_LIMIT", f"the set has {len(answer):,} points; at most {limit:,} are accepted "
                          f"for n > {N_MAX[q]} (q^n > 2^24; the pair scan's work bound)")
    points = check_string_list(answer, n, alphabet(q), MAX_POINTS, "the set")
    return ApfreeAnswer(q, n, points)


def size(parsed: ApfreeAnswer) -> int:
    return len(parsed.points)


def item(parsed: ApfreeAnswer, i: int) -> str:
    return parsed.points[i]
