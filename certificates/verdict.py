"""The verdict model: one frozen, typed result per check, never a bare boolean."""
from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .reasons import REASONS


class Status(str, enum.Enum):
    ACCEPT = "ACCEPT"        # valid
    REJECT = "REJECT"        # invalid, including every stated size, range and expansion limit
    TIMEOUT = "TIMEOUT"      # the wall-clock budget was exhausted; scores zero
    LIMIT = "LIMIT"          # the memory budget was exhausted; scores zero
    ERROR = "ERROR"          # the verifier itself failed; infrastructure, never a score
    DISAGREE = "DISAGREE"    # the verifiers disagree (combined verdicts only); never a score


Objective = int | Fraction


def _int_str(value: int) -> str:
    try:
        return str(value)
    except ValueError:
        # more digits than the interpreter's int/str conversion limit (in force outside the verifier
        # processes, which lift it): exact objectives may be huge, and the caller's limit is not ours to
        # change. decimal converts exactly, with no such limit (about 1 ms at 6,000 digits).
        import decimal

        return str(decimal.Decimal(value))


#: the most decimal digits of one integer in an exact number read from a file (an objective, a reference, a
#: ratio's numerator or denominator). Every family's objective is far below it; a longer number is refused with a
#: clear error before any conversion (``int`` on 1 M digits is quadratic, and ``decimal`` ignored SIGINT for 106 s).
MAX_EXACT_DIGITS = 100_000

_CHUNK = 4000       # below the interpreter's int/str conversion limit (4300), whatever the caller set it to


def _str_int(text: str) -> int:
    """``text`` ("123", "-45") as an int, converted in chunks below the interpreter's conversion limit (at most
    MAX_EXACT_DIGITS digits, so at most 25 chunks: about 0.03 s at the limit; the digit limit, not the chunking,
    bounds the work):
    ValueError for anything else (a sign other than one leading '-', spaces, '_', non-ASCII digits)."""
    negative = text[:1] == "-"
    digits = text[1:] if negative else text
    if not digits or not (digits.isascii() and digits.isdigit()):
        raise ValueError(f"not an integer: {text[:40]!r}")
    if len(digits) > MAX_EXACT_DIGITS:
        raise ValueError(f"an exact number with {len(digits):,} digits, over the limit of {MAX_EXACT_DIGITS:,}")
    value = 0
    for start in range(0, len(digits), _CHUNK):
        chunk = digits[start:start + _CHUNK]
        value = value * 10 ** len(chunk) + int(chunk)
    return -value if negative else value


def exact_from_text(text: str, *, decimal: bool = False) -> Objective:
    """An exact number written as text: "n", "-n", "p/q" (q > 0) or, with ``decimal``, "12.32"; each
    integer at most MAX_EXACT_DIGITS digits. ValueError (or ZeroDivisionError for "p/0") otherwise; never
    an exponent ("1e9999999999" is refused, not computed)."""
    if not isinstance(text, str):
        raise ValueError(f"not an exact number: {type(text).__name__}")
    if "/" in text:
        num, den = text.split("/", 1)
        if den.startswith("-"):
            raise ValueError("a denominator is positive")
        value = Fraction(_str_int(num), _str_int(den))
    elif decimal and "." in text:
        whole, frac = text.split(".", 1)
        if not frac or not whole.lstrip("-"):
            raise ValueError(f"not a decimal: {text[:40]!r}")
        value = Fraction(_str_int(whole + frac), 10 ** len(frac)) if len(frac) <= MAX_EXACT_DIGITS else None
        if value is None:
            raise ValueError("too many decimals")
    else:
        return _str_int(text)
    return value.numerator if value.denominator == 1 else value


def objective_to_str(value: Objective | None) -> str | None:
    """Exact decimal text: "123" or "p/q" (any number of digits)."""
    if value is None:
        return None
    if isinstance(value, bool):
        raise TypeError("a boolean is not an objective")
    if isinstance(value, int):
        return _int_str(value)
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return _int_str(value.numerator)
        return f"{_int_str(value.numerator)}/{_int_str(value.denominator)}"
    raise TypeError(f"objective of unsupported type {type(value).__name__}")


def objective_from_str(text: str | None) -> Objective | None:
    if text is None:
        return None
    return exact_from_text(text)


def objective_to_float(value: Objective | None) -> float | None:
    """A float for display, or None when the value is beyond the float range (the exact text stays)."""
    if value is None:
        return None
    try:
        return float(value)
    except OverflowError:
        return None


@dataclass(frozen=True)
class Verdict:
    status: Status
    objective: Objective | None = None
    reason: str | None = None
    message: str = ""
    witness: Any = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.status, Status):
            raise TypeError("status must be a Status")
        if self.status is Status.ACCEPT:
            if self.reason is not None:
                raise ValueError("an ACCEPT carries no reason")
            if self.objective is None:
                raise ValueError("an ACCEPT needs an exact objective")
        else:
            if self.reason is None or self.reason not in REASONS:
                raise ValueError(f"a {self.status.value} needs a known reason code, got {self.reason!r}")
        if self.objective is not None and (isinstance(self.objective, bool)
                                           or not isinstance(self.objective, (int, Fraction))):
            raise TypeError("objective must be an int or a Fraction")

    @property
    def valid(self) -> bool:
        return self.status is Status.ACCEPT

    @property
    def objective_float(self) -> float | None:
        return objective_to_float(self.objective)

    def to_json(self) -> dict:
        return {
            "status": self.status.value,
            "objective": objective_to_str(self.objective),
            "objective_float": self.objective_float,
            "reason": self.reason,
            "message": self.message,
            "witness": self.witness,
            "seconds": self.seconds,
        }

    @classmethod
    def from_json(cls, data: dict) -> "Verdict":
        return cls(
            status=Status(data["status"]),
            objective=objective_from_str(data.get("objective")),
            reason=data.get("reason"),
            message=data.get("message", ""),
            witness=data.get("witness"),
            seconds=data.get("seconds"),
        )


def accept(objective: Objective, message: str = "valid") -> Verdict:
    return Verdict(Status.ACCEPT, objective=objective, message=message)


def reject(reason: str, message: str, witness: Any = None) -> Verdict:
    return Verdict(Status.REJECT, reason=reason, message=message, witness=witness)
