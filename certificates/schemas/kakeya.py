"""Answer schema of the ``kakeya`` control family (Kakeya sets in F_q^n).

Parameters (strict): ``{"q": a prime, "n": an integer >= 1}`` with q^n <= ``MAX_SPACE`` = 2^20,
q^(2n-1) <= ``MAX_WORK`` = 2^29 and at most ``MAX_DIRECTIONS`` = 32,767 directions (q^n - 1)/(q - 1); an
instance with more than ``WIDE_DIRECTIONS`` = 16,383 directions (only F_2^15) accepts at most
``MAX_WIDE_POINTS`` = 2,048 points (``SIZE_LIMIT`` from the length). Why: the checks cost about (number of directions) x q^n
~ q^(2n-1) elementary operations (every direction is examined against every point or every cell of
F_q^n), and q^n <= 2^20 keeps the dense tables of F_q^n small. The work bound is where the costliest
answers measured stay a fraction of the 60 s limit (CPU seconds, primary / second, on a loaded
two-core machine): the parabola Kakeya sets (``checker/constructions/kakeya.py``, few points on
full lines, so the line counts run for most directions) of (17, 4): 2.9 / 4.4 s, (53, 3): 3.1 / 2.9 s,
(3, 9): 1.1 / 8.4 s, (811, 2): 5.0 / 2.2 s; of (13, 4), the old top: 0.4 / 1.2 s. The direction
bound binds only for q = 2 (for q >= 3 the work bound is the tighter one: F_3^9 has 9,841 directions,
F_5^6 3,906). Issue 31: the public release decides a 255-point Kakeya set of F_2^14 (16,383
directions, refused until then) in 4.3 s and 6.7 s, and its cost per direction grows with |K|, so small
sets of F_2^15 are within its reach too. The primary counts the lines of every direction that its
candidate lines leave open, |K| n + q^n per direction; for q = 2 each candidate base point a covers
the |K| - 1 directions b - a, so at most D - |K| + 1 of the D directions are counted, at most
(D - |K| + 1)(|K| n + 2^n) units: for F_2^14 at most 1.1e9 whatever |K| (the hyperplane x_0 = 0 with one
more point, 8,193 points, 4.5-5.1 s of CPU at load 5-6), for F_2^15 up to 4.6e9 (the same shape with
16,385 points took 24.4 s of CPU at load 5.9), hence the point bound there: at 2,048 points at most
2.0e9 (a set of 2,000 points measured 6.1 s at load 14). Until issue 31 the second also paid about a
millisecond per direction for q = 2 (a 383-point Kakeya set of F_2^15 took it 57 s); it now counts the
pairs of every direction at once (an autocorrelation by Walsh-Hadamard transforms, O(n 2^n)): 0.4-0.5 s
for the split sets of F_2^13, F_2^14 and F_2^15. Examples: (13, 3), (7, 4), (11, 4), (13, 4), (17, 4),
(2, 14) and (2, 15) are instances; (19, 4) is not (19^7 > 2^29), nor (2, 16) (2^31 > 2^29). Per q the
largest n is 15 for q = 2, 9 for q = 3, 6 for q = 5, 5 for q = 7, 4 for q = 11..17, 3 for q = 19..53, 2
for primes up to 811; n = 1 allows primes up to 2^20.

Accepted form (docs/SPECIFICATION.md 3.17): a JSON list of 1..q^n points, each a JSON list of exactly n JSON
integers in 0..q-1 (no booleans, floats or strings). More than q^n points cannot be distinct and are
refused with ``SIZE_LIMIT`` before any element is examined. There is no compact form. The result is
the tuple of points (tuples of ints) in submission order; witness indices refer to it. Duplicates and
the Kakeya property are decided by the verifiers.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import AnswerError, ParamsError, describe
from ..forms import intvectors
from ..params import exact_keys, int_in
from ..witness import Fields, Indexed, WitnessError

MAX_SPACE = 2 ** 20
MAX_WORK = 2 ** 29
MAX_DIRECTIONS = 32_767     # (2^15 - 1): F_2^15 is the largest instance; only q = 2 comes near it
WIDE_DIRECTIONS = 16_383    # beyond this many directions (F_2^15 only) ...
MAX_WIDE_POINTS = 2_048     # ... at most this many points are accepted
LIMITS = {"MAX_SPACE": MAX_SPACE, "MAX_WORK": MAX_WORK, "MAX_DIRECTIONS": MAX_DIRECTIONS,
          "WIDE_DIRECTIONS": WIDE_DIRECTIONS, "MAX_WIDE_POINTS": MAX_WIDE_POINTS}


def _direction(value: Any, parsed: "KakeyaAnswer") -> tuple[int, ...]:
    """Syntax of a direction: a non-zero list of n JSON integers in 0..q-1 (any scalar multiple)."""
    q, n = parsed.q, parsed.n
    if type(value) is not list or len(value) != n or not all(type(x) is int and 0 <= x < q for x in value):
        raise WitnessError(f"a direction is a list of {n} integers in 0..{q - 1}")
    if not any(value):
        raise WitnessError("the zero vector is not a direction")
    return tuple(value)


WITNESSES = (
    Indexed("duplicate", "DUPLICATE", arity=2, echo="point", echo_one=True),
    Fields("missing_direction", "PROPERTY_VIOLATION", {"direction": _direction}),   # no line in direction v
)


def is_prime(q: int) -> bool:
    """Deterministic trial division (q <= 2^20 here)."""
    if q < 2:
        return False
    if q % 2 == 0:
        return q == 2
    f = 3
    while f * f <= q:
        if q % f == 0:
            return False
        f += 2
    return True


def validate_params(params: Any) -> dict:
    """``{"q": prime, "n": >= 1}`` with q^n <= 2^20, q^(2n-1) <= 2^29 and at most 10,000 directions."""
    exact_keys(params, {"q", "n"})
    q = int_in(params, "q", 2, MAX_SPACE)
    if not is_prime(q):
        raise ParamsError(f"parameter 'q' = {q} must be a prime")
    n = int_in(params, "n", 1, 20)
    if q ** n > MAX_SPACE:
        raise ParamsError(f"q^n = {q}^{n} exceeds the limit {MAX_SPACE:,} (2^20)")
    if q ** (2 * n - 1) > MAX_WORK:
        raise ParamsError(f"q^(2n-1) = {q}^{2 * n - 1} exceeds the limit {MAX_WORK:,} (2^29)")
    if (q ** n - 1) // (q - 1) > MAX_DIRECTIONS:
        raise ParamsError(f"F_{q}^{n} has {(q ** n - 1) // (q - 1):,} directions; at most {MAX_DIRECTIONS:,} are allowed")
    return {"q": q, "n": n}


@dataclass(frozen=True)
class KakeyaAnswer:
    q: int
    n: int
    points: tuple[tuple[int, ...], ...]


def check_vector(value: Any, q: int, n: int, where: str) -> tuple[int, ...]:
    """A JSON list of exactly n JSON integers in 0..q-1."""
    if type(value) is not list:
        raise AnswerError("FORMAT_TYPE", f"{where} must be a JSON list of {n} integers, got {describe(value)}",
                          {"at": where})
    if len(value) != n:
        raise AnswerError("FORMAT_SHAPE", f"{where} has {len(value)} coordinates, expected {n}",
                          {"at": where, "length": len(value)})
    for c, x in enumerate(value):
        if type(x) is not int:
            raise AnswerError("FORMAT_TYPE", f"{where} coordinate {c} must be a JSON integer, got {describe(x)}",
                              {"at": where, "coordinate": c})
        if not 0 <= x < q:
            raise AnswerError("RANGE", f"{where} coordinate {c} = {x} is outside 0..{q - 1}",
                              {"at": where, "coordinate": c})
    return tuple(value)


def parse(answer: Any, params: dict) -> KakeyaAnswer:
    q, n = params["q"], params["n"]
    if type(answer) is not list:
        raise AnswerError("FORMAT_TYPE", "a Kakeya-set answer must be a JSON list of points (lists of "
                          f"{n} integers; there is no compact form), got {describe(answer)}")
    if not answer:
        raise AnswerError("EMPTY", "the Kakeya set is empty")
    limit = q ** n
    if len(answer) > limit:
        raise AnswerError("SIZE_LIMIT", f"the set has {len(answer):,} points; F_{q}^{n} has only {limit:,}, "
                          "so at most that many (distinct) points are accepted")
    if (limit - 1) // (q - 1) > WIDE_DIRECTIONS and len(answer) > MAX_WIDE_POINTS:
        raise AnswerError("SIZE_LIMIT", f"the set has {len(answer):,} points; with {(limit - 1) // (q - 1):,} "
                          f"directions (more than {WIDE_DIRECTIONS:,}) at most {MAX_WIDE_POINTS:,} points are accepted")
    if intvectors.well_formed(answer, n, 0, q - 1):
        return KakeyaAnswer(q, n, tuple(map(tuple, answer)))
    points = tuple(check_vector(v, q, n, f"point {i}") for i, v in enumerate(answer))    # names the first fault
    return KakeyaAnswer(q, n, points)


def size(parsed: KakeyaAnswer) -> int:
    return len(parsed.points)


def item(parsed: KakeyaAnswer, i: int) -> list[int]:
    return list(parsed.points[i])
